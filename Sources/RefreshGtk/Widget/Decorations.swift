import CGtk
import RefreshCore
import RefreshDrawing

/// The header and footer over the rows, through the shared painters (the same ones headless
/// snapshots use, so a snapshot is what the window shows). Painters and palette are rebuilt
/// when the theme, font or scale changes.
@MainActor
final class Decorations {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private var header: HeaderPainter?
    private var footer: FooterPainter?
    private var palette: Palette?
    /// The app's own header and footer looks (RefreshController.header when app-drawn / customFooterStyle).
    var customHeader: RefreshHeaderStyle?
    var customFooter: RefreshFooterStyle?

    init(widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
    }

    /// The theme, font or scale changed: take fresh colours and text layouts on the next draw.
    func invalidate() {
        header = nil
        footer = nil
        palette = nil
    }

    /// `viewportTop`: the y in `cr` of the viewport's top, where the footer's position is measured
    /// from (0 for our list; a wrapped scrolled window's chrome, e.g. column headers, above it).
    /// The header hangs from the top of `cr`.
    func draw(header visual: HeaderVisual, footer footerVisual: FooterVisual, footerFocused: Bool,
              cr: OpaquePointer, width: Double, height: Double, viewportTop: Double = 0) {
        let style = gtk_widget_get_style_context(widget)!
        let palette = self.palette ?? Palette.theme(style)
        self.palette = palette
        if visual.isVisible {
            let painter = header ?? HeaderPainter(pangoContext: gtk_widget_get_pango_context(widget))
            header = painter
            if let customHeader {
                painter.draw(visual, style: customHeader, cr: cr, width: width, palette: palette)
            } else {
                painter.draw(visual, cr: cr, width: width, palette: palette)
            }
        }
        if footerVisual.isShown, viewportTop + footerVisual.top < height,
           viewportTop + footerVisual.top + Tuning.footerHeight > 0 {
            let painter = footer ?? FooterPainter(pangoContext: gtk_widget_get_pango_context(widget))
            footer = painter
            if viewportTop != 0 {
                cairo_save(cr)
                cairo_translate(cr, 0, viewportTop)
            }
            if let customFooter {
                painter.draw(footerVisual, style: customFooter, cr: cr, width: width, palette: palette,
                             focused: footerFocused)
            } else {
                painter.draw(footerVisual, cr: cr, width: width, palette: palette, focused: footerFocused) { ring in
                    gtk_render_focus(style, cr, ring.x, ring.y, ring.width, ring.height)
                }
            }
            if viewportTop != 0 { cairo_restore(cr) }
        }
    }
}
