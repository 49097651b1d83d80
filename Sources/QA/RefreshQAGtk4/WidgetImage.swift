import CGtk4
import RefreshDrawing
import RefreshGtk4

/// A GTK 4 widget as its window shows it, rendered by that window's own GSK renderer at the
/// widget's device scale: what `refresh-gtk4-frames` and `refresh-demo-gtk4 record` save.
@MainActor
package enum WidgetImage {
    /// Writes `widget` as a PNG of its size times its scale factor; false when it has no window
    /// or the file cannot be written.
    package static func writePNG(_ widget: UnsafeMutablePointer<GtkWidget>, to path: String) -> Bool {
        let scale = Double(gtk_widget_get_scale_factor(widget))
        let width = Double(gtk_widget_get_width(widget)), height = Double(gtk_widget_get_height(widget))
        guard width > 0, height > 0, let renderer = renderer(of: widget) else { return false }
        let paintable = gtk_widget_paintable_new(widget)
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()
        gtk_snapshot_scale(snapshot, Float(scale), Float(scale))
        gdk_paintable_snapshot(paintable, snapshot, width, height)
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return false }
        defer { gsk_render_node_unref(node) }
        var viewport = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0),
                                       size: graphene_size_t(width: Float(width * scale), height: Float(height * scale)))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        return gdk_texture_save_to_png(texture, path) != 0
    }

    /// The type of the renderer `widget`'s window draws with, e.g. "GskGLRenderer".
    package static func rendererName(_ widget: UnsafeMutablePointer<GtkWidget>) -> String {
        guard let renderer = renderer(of: widget) else { return "none" }
        return String(cString: g_type_name_from_instance(UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self)))
    }

    private static func renderer(of widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer? {
        gtk_widget_get_native(widget).flatMap { gtk_native_get_renderer($0) }
    }
}

/// The headless renderer's text in a live GTK 4 window (`PainterText.headlessFont`, 96 dpi,
/// unhinted, grey antialiasing, whole-pixel glyph positions), so that a saved frame compares with
/// `snapshot` on every GTK 4 (docs/gtk4-notes.md, "Text in the QA tools' frames").
@MainActor
package enum HeadlessText {
    /// Sets GTK's font and resolution for every widget of the process (the rows around the gap).
    package static func pinSettings() {
        guard let settings = gtk_settings_get_default() else { return }
        let object = UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self)
        var font = GValue()
        g_value_init(&font, g_type_from_name("gchararray"))
        g_value_set_string(&font, PainterText.headlessFont)
        g_object_set_property(object, "gtk-font-name", &font)
        g_value_unset(&font)
        var dpi = GValue()
        g_value_init(&dpi, g_type_from_name("gint"))
        g_value_set_int(&dpi, 96 * 1024)
        g_object_set_property(object, "gtk-xft-dpi", &dpi)
        g_value_unset(&dpi)
    }

    /// Lays the bin's header and footer text out in the headless renderer's own Pango context.
    /// A widget's context cannot be pinned to it on GTK 4.16 and later: GTK sets its font
    /// options and glyph rounding from the font-rendering settings on every style change.
    package static func apply(to bin: RefreshBin) {
        let context = PainterText.headlessPangoContext()
        bin.textContext = context
        g_object_unref(UnsafeMutableRawPointer(context))
    }
}
