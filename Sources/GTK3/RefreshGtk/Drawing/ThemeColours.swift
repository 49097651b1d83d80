import CGtk
import RefreshCore

#if canImport(Glibc)
import Glibc
#endif

extension Palette {
    /// The palette for the current GTK theme, read from `styleContext` (the list's, which has
    /// the "view" class): its text colour, its view background (`theme_base_color`, else
    /// `theme_bg_color`), its selection colour (`theme_selected_bg_color`) and whether it is a
    /// high-contrast theme. See `derived`. Call it again on "style-updated": theme and
    /// dark-mode switches change these colours.
    @MainActor
    package static func theme(_ styleContext: UnsafeMutablePointer<GtkStyleContext>) -> Palette {
        derived(foreground: foreground(styleContext), background: background(styleContext),
                selection: lookupColor(styleContext, "theme_selected_bg_color"),
                highContrast: isHighContrastTheme(styleContext))
    }

    /// A named colour of the theme (`@define-color`), if it defines it.
    @MainActor
    package static func lookupColor(_ styleContext: UnsafeMutablePointer<GtkStyleContext>, _ name: String) -> RGBA? {
        var color = GdkRGBA()
        guard gtk_style_context_lookup_color(styleContext, name, &color) != 0 else { return nil }
        return RGBA(r: color.red, g: color.green, b: color.blue, a: color.alpha)
    }

    /// The text colour of `styleContext` in its current state.
    @MainActor
    package static func foreground(_ styleContext: UnsafeMutablePointer<GtkStyleContext>) -> RGBA {
        var fg = GdkRGBA()
        gtk_style_context_get_color(styleContext, gtk_style_context_get_state(styleContext), &fg)
        return RGBA(r: fg.red, g: fg.green, b: fg.blue, a: fg.alpha)
    }

    /// The view background (`theme_base_color`, else `theme_bg_color`), if the theme names one.
    @MainActor
    package static func background(_ styleContext: UnsafeMutablePointer<GtkStyleContext>) -> RGBA? {
        lookupColor(styleContext, "theme_base_color") ?? lookupColor(styleContext, "theme_bg_color")
    }

    /// Whether the theme is one of GTK's high-contrast themes (HighContrast, HighContrastInverse,
    /// HighContrast:dark): `GTK_THEME` when set (it overrides the setting), else the screen's
    /// "gtk-theme-name". Colours cannot tell: Adwaita's views are black on white too.
    @MainActor
    package static func isHighContrastTheme(_ styleContext: UnsafeMutablePointer<GtkStyleContext>) -> Bool {
        if let forced = g_getenv("GTK_THEME"), forced.pointee != 0 {
            return String(cString: forced).contains("HighContrast")
        }
        guard let screen = gtk_style_context_get_screen(styleContext),
              let settings = gtk_settings_get_for_screen(screen) else { return false }
        var value = GValue()
        // G_TYPE_STRING is a macro Swift does not import; its registered name is "gchararray".
        g_value_init(&value, g_type_from_name("gchararray"))
        defer { g_value_unset(&value) }
        g_object_get_property(gcast(settings, to: GObject.self), "gtk-theme-name", &value)
        guard let name = g_value_get_string(&value) else { return false }
        return String(cString: name).contains("HighContrast")
    }
}
