import CPangoCairo
import RefreshCore

/// Draws a `FooterVisual` (docs/behaviour.md#footer-and-load-more): the load-more bar after the last row. Shared by the live
/// widget and headless rendering, like `HeaderPainter`; not `Sendable` (it owns a PangoLayout).
package final class FooterPainter {
    private let text: PainterText

    package enum Layout {
        static let margin = 8.0
        static let spinnerRadius = 8.0
        static let spinnerGap = 8.0
        /// Space between the content (spinner and text) and the focus ring.
        static let focusPadding = Point(8, 4)
        static let focusRadius = 4.0
        /// GNOME's "dim-label" opacity, for "No more items".
        static let dimAlpha = 0.55
    }

    /// `pangoContext`: the widget's, or nil for headless rendering with a fixed font.
    package init(pangoContext: OpaquePointer? = nil) {
        text = PainterText(pangoContext: pangoContext)
    }

    /// Draws `visual` into `cr`, whose user-space origin is the viewport's top left. `focused`:
    /// the footer's load-more/retry has the keyboard focus — the ring is drawn by `focusRing`
    /// when the toolkit gives one (the theme's focus ring, `gtk_render_focus` on GTK 3), else as
    /// a 1 px dashed rounded rectangle (headless).
    package func draw(_ visual: FooterVisual, cr: OpaquePointer, width: Double, palette: Palette,
                      focused: Bool = false, focusRing: ((Rect) -> Void)? = nil) {
        guard visual.isShown, width > 0 else { return }
        let grid = PixelGrid(cr)
        let bar = grid.snap(visual.rect(viewportWidth: width))
        cairo_save(cr)
        cairo_rectangle(cr, bar.x, bar.y, bar.width, bar.height)
        cairo_clip(cr)

        let spinnerSpace = visual.spinnerAngle == nil ? 0 : 2 * Layout.spinnerRadius + Layout.spinnerGap
        let maxWidth = bar.width - 2 * (Layout.margin + Layout.focusPadding.x + spinnerSpace)
        let size = text.set(FooterPainter.text(for: visual.message), style: .body, maxWidth: maxWidth)
        // The text is centred like the classic header's; the spinner hangs to its left.
        let textLeft = bar.midX - size.width / 2
        let textTop = bar.midY - size.height / 2
        text.show(at: Point(textLeft, textTop), cr: cr, color: FooterPainter.textColor(visual.phase, palette))
        if let angle = visual.spinnerAngle {
            let center = grid.snap(Point(textLeft - Layout.spinnerGap - Layout.spinnerRadius, bar.midY))
            CairoShapes.draw(Indicators.spinner(center: center, radius: Layout.spinnerRadius, angle: angle,
                                                color: palette.accent), cr: cr)
        }
        if focused {
            let ring = grid.snap(Rect(x: textLeft - spinnerSpace - Layout.focusPadding.x,
                                      y: textTop - Layout.focusPadding.y,
                                      width: spinnerSpace + size.width + 2 * Layout.focusPadding.x,
                                      height: size.height + 2 * Layout.focusPadding.y))
            drawFocusRing(ring, cr: cr, grid: grid, color: palette.text, toolkit: focusRing)
        }
        cairo_restore(cr)
    }

    /// Draws `visual` with an app's footer style, clipped to the footer's bar.
    package func draw(_ visual: FooterVisual, style: RefreshFooterStyle, cr: OpaquePointer, width: Double,
                      palette: Palette, focused: Bool) {
        guard visual.isShown, width > 0 else { return }
        let frame = FooterFrame(visual: visual, width: width, palette: palette, scaleFactor: PixelGrid(cr).scale,
                                focused: focused, pangoContext: text.context)
        let bar = visual.rect(viewportWidth: width)
        cairo_save(cr)
        cairo_rectangle(cr, bar.x, bar.y, bar.width, bar.height)
        cairo_clip(cr)
        style.draw(frame, cr: cr)
        cairo_restore(cr)
    }

    private func drawFocusRing(_ ring: Rect, cr: OpaquePointer, grid: PixelGrid, color: RGBA,
                               toolkit: ((Rect) -> Void)?) {
        if let toolkit {
            toolkit(ring)
            return
        }
        let width = grid.lineWidth(1)
        grid.appendInsetRectangle(ring, lineWidth: width, radius: Layout.focusRadius)
        var dashes = [2.0, 2.0]
        cairo_set_dash(cr, &dashes, 2, 0)
        cairo_set_line_width(cr, width)
        CairoShapes.setSource(cr, color)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    package static func textColor(_ phase: FooterPhase, _ palette: Palette) -> RGBA {
        switch phase {
        case .failed: return palette.error
        case .noMoreData: return palette.text.withAlpha(palette.text.a * Layout.dimAlpha)
        case .idle, .armed, .loading: return palette.text
        }
    }

    /// The translated text of a footer message.
    package static func text(for message: FooterMessage) -> String {
        switch message {
        case .loadMore: return L10n.loadMore
        case .releaseToLoad: return L10n.releaseToLoadMore
        case .loading: return L10n.loading
        case .noMoreData: return L10n.noMoreItems
        case .failedRetry: return L10n.loadFailed
        }
    }
}
