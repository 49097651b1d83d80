import CPangoCairo
import RefreshCore

/// Draws a `HeaderVisual` (docs/behaviour.md#jike-header, #classic-header, #plain-header) with Cairo: the live widget's draw overlay and the
/// headless snapshots both come through here, so a snapshot is exactly what the window shows.
///
/// Not thread-safe and not `Sendable` (it owns a PangoLayout): keep one per widget, on the
/// main thread, or one per headless render.
package final class HeaderPainter {
    /// The built-in styles, each an implementation of the public `RefreshHeaderStyle`.
    private let styles: [HeaderStyle: RefreshHeaderStyle] = [.jike: JikeHeader(), .classic: ClassicHeader(),
                                                             .plain: PlainHeader()]
    private let pangoContext: OpaquePointer
    private let isHeadless: Bool
    /// Wall-clock seconds since the Unix epoch, for "Last updated: …" (injectable for tests).
    package var clock: () -> Double = { Double(g_get_real_time()) / 1_000_000 }

    /// `pangoContext`: the widget's (`gtk_widget_get_pango_context`) so that the theme's font
    /// applies; nil for headless rendering with a fixed font (stable images).
    package init(pangoContext: OpaquePointer? = nil) {
        if let pangoContext {
            g_object_ref(UnsafeMutableRawPointer(pangoContext))
            self.pangoContext = pangoContext
        } else {
            self.pangoContext = PainterText.headlessPangoContext()
        }
        isHeadless = pangoContext == nil
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(pangoContext))
    }

    /// Draws `visual` in its built-in style (`visual.style`).
    package func draw(_ visual: HeaderVisual, cr: OpaquePointer, width: Double, palette: Palette) {
        draw(visual, style: styles[visual.style]!, cr: cr, width: width, palette: palette)
    }

    /// The frame `style` is given for `visual`.
    package func frame(_ visual: HeaderVisual, width: Double, palette: Palette, cr: OpaquePointer) -> HeaderFrame {
        HeaderFrame(visual: visual, width: width, palette: palette, scaleFactor: PixelGrid(cr).scale,
                    pangoContext: pangoContext, isHeadless: isHeadless, now: clock())
    }

    /// Draws `visual` with `style` into `cr`, whose user-space origin is the viewport's top left
    /// (logical px; the surface's device scale makes it crisp at any scale factor). Draws nothing
    /// when the header is out of sight, and never below the content top: the rows stay untouched.
    package func draw(_ visual: HeaderVisual, style: RefreshHeaderStyle, cr: OpaquePointer, width: Double,
                      palette: Palette) {
        guard visual.isVisible, width > 0 else { return }
        let grid = PixelGrid(cr)
        // The rows start on a device-pixel boundary; so does the clip.
        let contentTop = grid.snap(Point(0, visual.contentTop)).y
        let frame = frame(visual, width: width, palette: palette, cr: cr)
        // Headers hang above the content: clip there, but not at the viewport top, so that a
        // caller may translate a header that is partly scrolled out into an image (snapshots).
        var region = style.snapshotRegion(frame)
        region.y = region.y - visual.contentTop + contentTop
        let clipTop = min(grid.snap(region).y, 0)
        guard contentTop > clipTop else { return }
        cairo_save(cr)
        cairo_rectangle(cr, 0, clipTop, width, contentTop - clipTop)
        cairo_clip(cr)
        style.draw(frame, cr: cr)
        cairo_restore(cr)
    }

    /// Layout of the classic panel, in logical px.
    package typealias Classic = ClassicHeader.Layout

    /// The classic indicator's shapes around `center`.
    package static func indicator(_ indicator: ClassicIndicator, center: Point, palette: Palette) -> [Shape] {
        switch indicator {
        case .arrow(let turn):
            return Indicators.arrow(center: center, turn: turn, color: palette.text)
        case .spinner(let angle):
            return Indicators.spinner(center: center, radius: Classic.spinnerRadius, angle: angle, color: palette.accent)
        case .failure:
            return ResultMarks.failure(center: center, color: palette.error)
        case .done:
            return ResultMarks.done(center: center, color: palette.accent)
        }
    }

    // MARK: - Text

    /// The translated text of a header message.
    package static func text(for message: HeaderMessage) -> String {
        switch message {
        case .pullToRefresh: return L10n.pullDownToRefresh
        case .releaseToRefresh: return L10n.releaseToRefresh
        case .refreshing: return L10n.refreshing
        case .updated: return L10n.updated
        case .failed: return L10n.refreshFailed
        }
    }
}

/// The classic header's result marks, 20 px across like the arrow. RefreshCore's `Indicators`
/// has the arrow and the spinner only.
package enum ResultMarks {
    /// A ring with "!" (docs/behaviour.md#classic-header: a failed refresh shows an error mark).
    package static func failure(center c: Point, color: RGBA) -> [Shape] {
        let ring: [PathElement] = [.arc(center: c, radius: 9, from: 0, to: 2 * .pi, clockwise: true), .close]
        let bar: [PathElement] = [.move(Point(c.x, c.y - 4.5)), .line(Point(c.x, c.y + 1))]
        let dot: [PathElement] = [.arc(center: Point(c.x, c.y + 4.5), radius: 1.25, from: 0, to: 2 * .pi,
                                       clockwise: true), .close]
        return [.stroke(ring, width: 2, color: color, cap: .butt),
                .stroke(bar, width: 2.2, color: color, cap: .round),
                .fill(dot, color)]
    }

    /// A check mark: the refresh succeeded.
    package static func done(center c: Point, color: RGBA) -> [Shape] {
        let check: [PathElement] = [.move(Point(c.x - 7, c.y)), .line(Point(c.x - 2.5, c.y + 5)),
                                    .line(Point(c.x + 7.5, c.y - 6))]
        return [.stroke(check, width: 2.5, color: color, cap: .round)]
    }
}
