import CGtk4
import RefreshCore
import RefreshDrawing

/// The header and footer in the gaps the bin opens, drawn by RefreshDrawing's painters: the same
/// code that draws them on GTK 3 and headless, so a GTK 4 header frame is the GTK 3 one.
@MainActor
final class Decorations {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private var header: HeaderPainter?
    private var footer: FooterPainter?
    /// The app's own looks (RefreshBin.header when app-drawn, RefreshBin.customFooterStyle).
    var appDrawnHeader: RefreshHeaderStyle?
    var appDrawnFooter: RefreshFooterStyle?

    init(widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
    }

    /// Draws the part of the header and footer inside `gap` (bin coordinates, where the viewport's
    /// top is at `viewportTop`) into `cr`, the bin's snapshot node, over the list's background (the
    /// bin renders it first). `colours` are the theme's now.
    ///
    /// HACK (docs/gtk4-notes.md#3-gtk_snapshot_append_cairo-for-the-header): the snapshot's
    /// cairo_t records at device scale 1 and is replayed at the real one, so drawing straight into
    /// it would snap edges and text to logical pixels. The painters draw into an image at the
    /// widget's scale instead (edges on device pixels, as on GTK 3 and headless), and the image is
    /// painted into the node 1:1 with the device pixels it replays onto.
    func draw(header visual: HeaderVisual, footer footerVisual: FooterVisual, footerFocused: Bool,
              into cr: OpaquePointer, gap: Rect, width: Double, viewportTop: Double, scale: Int,
              colours: ThemeColours) {
        let scale = Double(max(scale, 1))
        let pixelWidth = Int32((gap.width * scale).rounded(.up)), pixelHeight = Int32((gap.height * scale).rounded(.up))
        guard pixelWidth > 0, pixelHeight > 0,
              let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixelWidth, pixelHeight) else { return }
        defer { cairo_surface_destroy(image) }
        cairo_surface_set_device_scale(image, scale, scale)
        let imageCr = cairo_create(image)!
        cairo_translate(imageCr, -gap.x, -gap.y)
        let palette = colours.palette
        let context = gtk_widget_get_pango_context(widget)
        if visual.isVisible {
            let painter = header ?? HeaderPainter(pangoContext: context)
            header = painter
            if let appDrawnHeader {
                painter.draw(visual, style: appDrawnHeader, cr: imageCr, width: width, palette: palette)
            } else {
                painter.draw(visual, cr: imageCr, width: width, palette: palette)
            }
        }
        if footerVisual.isShown {
            let painter = footer ?? FooterPainter(pangoContext: context)
            footer = painter
            cairo_save(imageCr)
            cairo_translate(imageCr, 0, viewportTop)
            if let appDrawnFooter {
                painter.draw(footerVisual, style: appDrawnFooter, cr: imageCr, width: width, palette: palette,
                             focused: footerFocused)
            } else {
                let style = gtk_widget_get_style_context(widget)
                painter.draw(footerVisual, cr: imageCr, width: width, palette: palette, focused: footerFocused) { ring in
                    gtk_render_focus(style, imageCr, ring.x, ring.y, ring.width, ring.height)
                }
            }
            cairo_restore(imageCr)
        }
        cairo_destroy(imageCr)
        cairo_set_source_surface(cr, image, gap.x, gap.y)
        cairo_paint(cr)
    }
}
