import CGtk
import RefreshCore

/// Draws a `HeaderVisual` (docs/behaviour.md#jike-header, #classic-header, #plain-header) with Cairo: the live widget's draw overlay and the
/// headless snapshots both come through here, so a snapshot is exactly what the window shows.
///
/// Not thread-safe and not `Sendable` (it owns a PangoLayout): keep one per widget, on the
/// main thread, or one per headless render.
package final class HeaderPainter {
    private let text: PainterText
    /// Wall-clock seconds since the Unix epoch, for "Last updated: …" (injectable for tests).
    package var clock: () -> Double = { Double(g_get_real_time()) / 1_000_000 }

    /// `pangoContext`: the widget's (`gtk_widget_get_pango_context`) so that the theme's font
    /// applies; nil for headless rendering with a fixed font (stable images).
    package init(pangoContext: OpaquePointer? = nil) {
        text = PainterText(pangoContext: pangoContext)
    }

    /// Draws `visual` into `cr`, whose user-space origin is the viewport's top left (logical
    /// px; the surface's device scale makes it crisp at any scale factor). Draws nothing when
    /// the header is out of sight, and never below the content top: the rows stay untouched.
    package func draw(_ visual: HeaderVisual, cr: OpaquePointer, width: Double, palette: Palette) {
        guard visual.isVisible, width > 0 else { return }
        let grid = PixelGrid(cr)
        // The rows start on a device-pixel boundary; so do the clip and the panels.
        let contentTop = grid.snap(Point(0, visual.contentTop)).y
        let area: Rect
        switch visual.style {
        case .jike:
            let box = visual.jikeBox(viewportWidth: width)
            let origin = grid.snap(Point(box.x, box.y))
            area = Rect(x: origin.x, y: origin.y, width: box.width, height: box.height)
        case .classic, .plain:
            let height = visual.style.heldHeight
            area = Rect(x: 0, y: contentTop - height, width: width, height: height)
        }
        // Headers hang above the content: clip there, but not at the viewport top, so that a
        // caller may translate a header that is partly scrolled out into an image (snapshots).
        let clipTop = min(area.y, 0)
        guard contentTop > clipTop else { return }
        cairo_save(cr)
        cairo_rectangle(cr, 0, clipTop, width, contentTop - clipTop)
        cairo_clip(cr)
        switch visual.style {
        case .jike:
            CairoShapes.draw(JGlyph.shapes(visual.glyph, palette: palette), cr: cr,
                             origin: Point(area.x, area.y))
        case .classic:
            drawClassic(visual, panel: area, cr: cr, palette: palette)
        case .plain:
            drawPlain(visual, bar: area, cr: cr, palette: palette)
        }
        cairo_restore(cr)
    }

    // MARK: - Classic (docs/behaviour.md#classic-header)

    /// Layout of the classic panel, in logical px.
    package enum Classic {
        static let margin = 8.0
        /// The indicator's box (the arrow is 20 px tall, the spinner 18 px across).
        static let indicatorSize = 20.0
        static let indicatorGap = 12.0
        static let lineGap = 2.0
        static let spinnerRadius = 9.0
    }

    private func drawClassic(_ visual: HeaderVisual, panel: Rect, cr: OpaquePointer, palette: Palette) {
        let title = HeaderPainter.text(for: visual.message)
        let now = clock()
        let detail = L10n.lastUpdatedLine(lastUpdate: visual.sinceLastUpdate.map { now - $0 }, now: now)
        // Both lines stay centred in the viewport with the indicator left of the wider one;
        // on a narrow viewport they are ellipsized to leave the indicator its room on both sides.
        let maxWidth = panel.width - 2 * (Classic.margin + Classic.indicatorSize + Classic.indicatorGap)
        // One layout: measure the second line, then set and draw the first, then the second.
        let detailSize = text.set(detail, style: .detail, maxWidth: maxWidth)
        let mainSize = text.set(title, style: .title, maxWidth: maxWidth)
        let blockHeight = mainSize.height + Classic.lineGap + detailSize.height
        let blockTop = panel.midY - blockHeight / 2
        let centerX = panel.midX
        text.show(at: Point(centerX - mainSize.width / 2, blockTop), cr: cr, color: palette.text)
        text.set(detail, style: .detail, maxWidth: maxWidth)
        text.show(at: Point(centerX - detailSize.width / 2, blockTop + mainSize.height + Classic.lineGap),
                  cr: cr, color: palette.text)

        let blockWidth = max(mainSize.width, detailSize.width)
        let indicatorX = centerX - blockWidth / 2 - Classic.indicatorGap - Classic.indicatorSize / 2
        let center = PixelGrid(cr).snap(Point(indicatorX, panel.midY))
        CairoShapes.draw(HeaderPainter.indicator(visual.indicator, center: center, palette: palette), cr: cr)
    }

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

    // MARK: - Plain (docs/behaviour.md#plain-header)

    private func drawPlain(_ visual: HeaderVisual, bar: Rect, cr: OpaquePointer, palette: Palette) {
        let rect = PixelGrid(cr).snap(bar)
        // A failed refresh turns the bar into the error colour (docs/behaviour.md#plain-header: an error state), with
        // black or white text, whichever reads better on it.
        let failed = visual.message == .failed
        let fill = failed ? palette.error : palette.bar
        let ink = !failed ? palette.barText : fill.contrast(with: .white) >= fill.contrast(with: .black) ? .white : .black
        CairoShapes.setSource(cr, fill)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(cr)
        let size = text.set(HeaderPainter.text(for: visual.message), style: .body,
                            maxWidth: rect.width - 2 * Classic.margin)
        text.show(at: Point(rect.midX - size.width / 2, rect.midY - size.height / 2), cr: cr, color: ink)
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
        case .plainIdle: return L10n.plainIdle
        case .plainPulling: return L10n.plainPulling
        case .plainRefreshing: return L10n.plainRefreshing
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
