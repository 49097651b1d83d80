import CGtk4
import CGtk4Shim
import RefreshCore
import RefreshDrawing

/// The GTK 4 theme's colours, made readable by RefreshDrawing's `Palette.derived` exactly as the
/// GTK 3 widget does it (Sources/GTK3/RefreshGtk/Drawing/ThemeColours.swift), so that both toolkits
/// draw a header the same way on the same colours.
package struct ThemeColours {
    package var palette: Palette
    /// The theme's view background, what the palette is made readable on (the gap itself shows
    /// the list's CSS background, which the bin renders).
    package var background: RGBA?

    /// Read from `widget` (the list inside the scrolled window: it has the "view" style class).
    /// GTK 4.8's theme and libadwaita 1.2 name the view background `view_bg_color` (libadwaita) or
    /// `theme_base_color` (both), the selection `accent_bg_color` (libadwaita) or
    /// `theme_selected_bg_color`.
    @MainActor
    init(_ widget: UnsafeMutablePointer<GtkWidget>) {
        func lookup(_ names: String...) -> RGBA? {
            for name in names {
                var color = GdkRGBA()
                if ptr4_theme_lookup_color(widget, name, &color) != 0 {
                    return RGBA(r: Double(color.red), g: Double(color.green), b: Double(color.blue),
                                a: Double(color.alpha))
                }
            }
            return nil
        }
        var fg = GdkRGBA()
        ptr4_theme_widget_color(widget, &fg)
        background = lookup("view_bg_color", "theme_base_color", "theme_bg_color")
        palette = Palette.derived(
            foreground: RGBA(r: Double(fg.red), g: Double(fg.green), b: Double(fg.blue), a: Double(fg.alpha)),
            background: background, selection: lookup("accent_bg_color", "theme_selected_bg_color"),
            highContrast: Self.isHighContrastTheme())
        // libadwaita names an accent and an error colour for drawing on a view (its `accent_color`
        // and `error_color`, which follow the app's and the system's style): an Adwaita app's
        // header takes them, where they read on the background (GTK's own theme names neither).
        let opaqueBackground = (background ?? .white).withAlpha(1)
        if let accent = lookup("accent_color"), accent.contrast(with: opaqueBackground) >= Palette.Contrast.graphics {
            palette.accent = accent
        }
        if let error = lookup("error_color"), error.contrast(with: opaqueBackground) >= Palette.Contrast.graphics {
            palette.error = error
        }
    }

    /// GTK's high-contrast themes: `GTK_THEME` when set (it overrides the setting), else the
    /// "gtk-theme-name" setting. Colours cannot tell: Adwaita's views are black on white too.
    @MainActor
    static func isHighContrastTheme() -> Bool {
        if let forced = g_getenv("GTK_THEME"), forced.pointee != 0 {
            return String(cString: forced).contains("HighContrast")
        }
        guard let settings = gtk_settings_get_default() else { return false }
        var value = GValue()
        // G_TYPE_STRING is a macro Swift does not import; its registered name is "gchararray".
        g_value_init(&value, g_type_from_name("gchararray"))
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self), "gtk-theme-name", &value)
        guard let name = g_value_get_string(&value) else { return false }
        return String(cString: name).contains("HighContrast")
    }
}
