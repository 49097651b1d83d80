import RefreshDemo
import RefreshTestSupport
import RefreshQA
import CGtk
import RefreshCore
import RefreshDrawing
import RefreshGtk
import Testing

/// The palette read from a real GtkStyleContext, and the painters with a widget's Pango
/// context. Needs a display (scripts/test.sh runs the tests under Xvfb); skipped without one.
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
@MainActor
struct LiveThemeTests {
    nonisolated static var forcedTheme: String { g_getenv("GTK_THEME").map { String(cString: $0) } ?? "" }

    /// A label styled like the list (class "view"), with `css` on top of the theme.
    func styledWidget(css: String?) throws -> UnsafeMutablePointer<GtkWidget> {
        try #require(MainLoop.initializeGtk())
        let widget = try #require(gtk_label_new("x"))
        let style = gtk_widget_get_style_context(widget)
        gtk_style_context_add_class(style, "view")
        if let css {
            let provider = try #require(gtk_css_provider_new())
            #expect(gtk_css_provider_load_from_data(provider, css, -1, nil) != 0)
            gtk_style_context_add_provider(style, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_USER))
            g_object_unref(provider)
        }
        return widget
    }

    func palette(css: String?) throws -> Palette {
        let widget = try styledWidget(css: css)
        defer { g_object_ref_sink(widget); gtk_widget_destroy(widget); g_object_unref(widget) }
        return Palette.theme(gtk_widget_get_style_context(widget))
    }

    @Test func darkThemeColoursGiveTheDarkPalette() throws {
        let palette = try palette(css: """
            @define-color theme_base_color #2d2d2d;
            @define-color theme_selected_bg_color #15539e;
            label { color: #eeeeec; }
            """)
        #expect(palette.track == Palette.dark.track)
        #expect(palette.accent == Palette.dark.accent)
        #expect(palette.text == RGBA(238, 238, 236, alpha: Palette.dark.text.a))
    }

    /// docs/behaviour.md#jike-header: the article's colours stay the defaults when the theme's selection would also read.
    @Test func lightThemeKeepsTheSeedAccent() throws {
        let palette = try palette(css: """
            @define-color theme_base_color #ffffff;
            @define-color theme_selected_bg_color #3584e4;
            label { color: #2e3436; }
            """)
        #expect(palette.track == Palette.light.track)
        #expect(palette.accent == Palette.light.accent)
    }

    /// Adwaita's views are black on white like HighContrast's; only the theme name makes a
    /// high-contrast palette (GTK_THEME or the gtk-theme-name setting, Adwaita here).
    @Test(.enabled(if: !LiveThemeTests.forcedTheme.contains("HighContrast"), "opt-in: GTK_THEME is a high-contrast theme"))
    func blackOnWhiteIsNotHighContrastByItself() throws {
        let palette = try palette(css: """
            @define-color theme_base_color #ffffff;
            @define-color theme_selected_bg_color #3584e4;
            label { color: #000000; }
            """)
        #expect(palette.track == Palette.light.track)
        #expect(palette.text == RGBA(0, 0, 0, alpha: Palette.light.text.a))
    }

    @Test func theDefaultThemeIsReadable() throws {
        let palette = try palette(css: nil)
        #expect(palette.accent.a == 1)
        #expect(palette.text.a > 0)
    }

    /// With the widget's Pango context (the theme's font) the painters draw text too.
    @Test func paintersDrawWithTheWidgetsFont() throws {
        let widget = try styledWidget(css: nil)
        defer { g_object_ref_sink(widget); gtk_widget_destroy(widget); g_object_unref(widget) }
        let context = gtk_widget_get_pango_context(widget)
        let header = Snapshot.header(HeaderScene.visual(.failed, style: .classic), scale: 1, palette: .light,
                                     painter: HeaderPainter(pangoContext: context))
        let footer = Snapshot.footer(FooterScene.visual(.noMoreData), scale: 1, palette: .light,
                                     painter: FooterPainter(pangoContext: context))
        #expect(header.pixels.filter { $0.a > 128 }.count > 100)
        #expect(footer.pixels.filter { $0.a > 64 }.count > 50)
    }
}
