import CGtk
import RefreshCore
import RefreshDrawing

/// The header and footer over the rows, through the shared painters (the same ones headless
/// snapshots use, so a snapshot is what the window shows). Painters and palette are rebuilt
/// when the theme, font or scale changes.
@MainActor
final class Decorations {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private let painters = DecorationPainters()
    private var palette: Palette?
    /// The app's own header and footer looks (RefreshController.header when app-drawn / appDrawnFooter).
    var appDrawnHeader: RefreshHeaderStyle? {
        get { painters.appDrawnHeader }
        set { painters.appDrawnHeader = newValue }
    }
    var appDrawnFooter: RefreshFooterStyle? {
        get { painters.appDrawnFooter }
        set { painters.appDrawnFooter = newValue }
    }

    init(widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
    }

    /// The theme, font or scale changed: take fresh text layouts on the next draw (the colours
    /// are read on every draw).
    func invalidate() {
        painters.reset()
    }

    /// `viewportTop`: the y in `cr` of the viewport's top, where the footer's position is measured
    /// from (0 for our list; a wrapped scrolled window's chrome, e.g. column headers, above it).
    /// The header hangs from the top of `cr`.
    func draw(header visual: HeaderVisual, footer footerVisual: FooterVisual, footerFocused: Bool,
              cr: OpaquePointer, width: Double, height: Double, viewportTop: Double = 0) {
        let style = gtk_widget_get_style_context(widget)!
        // HACK (docs/gtk3-notes.md, "Theme colours and changes"): read on every draw, not only
        // after "style-updated": GTK 3 emits it for no widget whose own style stayed the same when
        // an app's CSS provider redefines a named colour such as the selection's.
        let palette = Palette.theme(style)
        if palette != self.palette {
            if self.palette != nil { painters.reset() }
            self.palette = palette
        }
        let widget = widget
        if visual.isVisible {
            painters.drawHeader(visual, cr: cr, width: width, palette: palette,
                                pangoContext: gtk_widget_get_pango_context(widget))
        }
        if footerVisual.isShown, viewportTop + footerVisual.top < height,
           viewportTop + footerVisual.top + Tuning.footerHeight > 0 {
            if viewportTop != 0 {
                cairo_save(cr)
                cairo_translate(cr, 0, viewportTop)
            }
            painters.drawFooter(footerVisual, cr: cr, width: width, palette: palette, focused: footerFocused,
                                pangoContext: gtk_widget_get_pango_context(widget)) { ring in
                gtk_render_focus(style, cr, ring.x, ring.y, ring.width, ring.height)
            }
            if viewportTop != 0 { cairo_restore(cr) }
        }
    }
}
