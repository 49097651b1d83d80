import RefreshQA
import RefreshCore
import RefreshGtk
import Testing

/// `Palette.derived`: light or dark from the theme's colours, and every colour readable.
@Suite struct PaletteTests {
    struct Theme: CustomTestStringConvertible, Sendable {
        let name: String
        let foreground: RGBA
        let background: RGBA?
        let selection: RGBA?
        var highContrast = false
        var testDescription: String { name }
    }

    static let adwaita = Theme(name: "Adwaita", foreground: RGBA(46, 52, 54), background: RGBA(255, 255, 255),
                               selection: RGBA(53, 132, 228))
    static let adwaitaDark = Theme(name: "Adwaita-dark", foreground: RGBA(238, 238, 236),
                                   background: RGBA(45, 45, 45), selection: RGBA(21, 83, 158))
    static let highContrast = Theme(name: "HighContrast", foreground: RGBA(0, 0, 0),
                                    background: RGBA(255, 255, 255), selection: RGBA(0, 0, 0), highContrast: true)
    static let highContrastInverse = Theme(name: "HighContrastInverse", foreground: RGBA(255, 255, 255),
                                           background: RGBA(0, 0, 0), selection: RGBA(255, 255, 255), highContrast: true)
    static let themes: [Theme] = [
        adwaita, adwaitaDark, highContrast, highContrastInverse,
        Theme(name: "grey, no selection", foreground: RGBA(20, 20, 20), background: RGBA(222, 226, 229),
              selection: nil),
        Theme(name: "unreadable selection", foreground: RGBA(0, 0, 0), background: RGBA(255, 255, 255),
              selection: RGBA(250, 250, 250)),
        Theme(name: "mid-grey dark", foreground: RGBA(230, 230, 230), background: RGBA(74, 80, 86),
              selection: RGBA(80, 90, 100)),
        Theme(name: "no background", foreground: RGBA(240, 240, 240), background: nil, selection: nil),
    ]

    func derive(_ theme: Theme) -> Palette {
        Palette.derived(foreground: theme.foreground, background: theme.background, selection: theme.selection,
                        highContrast: theme.highContrast)
    }

    func contrast(_ a: RGBA, _ b: RGBA) -> Double { a.contrast(with: b) }

    /// docs/behaviour.md#jike-header: the article's colours are the defaults wherever they read well.
    @Test func adwaitaKeepsTheSeedColours() {
        let palette = derive(Self.adwaita)
        #expect(palette.track == Palette.light.track)
        #expect(palette.accent == Palette.light.accent)
        #expect(palette.error == Palette.light.error)
        #expect(palette.text == RGBA(46, 52, 54, alpha: Palette.light.text.a))
        #expect(palette.bar == Palette.light.bar)
    }

    /// Adwaita's views are black on white, like HighContrast: only the theme name tells them apart.
    @Test func adwaitaViewTextIsNotHighContrast() {
        let palette = Palette.derived(foreground: RGBA(0, 0, 0), background: RGBA(255, 255, 255),
                                      selection: RGBA(53, 132, 228))
        #expect(palette.track == Palette.light.track)
        #expect(palette.text == RGBA(0, 0, 0, alpha: Palette.light.text.a))
    }

    /// Adwaita-dark's selection blue is too dark on its background: the dark default stays.
    @Test func adwaitaDarkIsDarkWithTheDefaultDarkAccent() {
        let palette = derive(Self.adwaitaDark)
        #expect(palette.track == Palette.dark.track)
        #expect(palette.accent == Palette.dark.accent)
        // The plain bar is the theme's own accent, white text on it.
        #expect(palette.bar == RGBA(21, 83, 158) && palette.barText == .white)
    }

    /// docs/behaviour.md#plain-header: the plain bar is the theme's accent colour, whichever the
    /// user picked (libadwaita 1.6+'s nine accents, light and dark views), with white text where
    /// it reads at 3:1 or better, else the better of black and white; a selection colour that
    /// would not show as a bar leaves the default blue.
    @Test(arguments: [RGBA(53, 132, 228), RGBA(33, 144, 164), RGBA(58, 148, 74), RGBA(200, 136, 0), RGBA(237, 91, 0),
                      RGBA(230, 45, 66), RGBA(213, 97, 153), RGBA(145, 65, 172), RGBA(111, 131, 150)])
    func thePlainBarIsTheThemesAccent(_ accent: RGBA) {
        for (foreground, background) in [(RGBA(0, 0, 0, alpha: 0.8), RGBA(255, 255, 255)), (RGBA(255, 255, 255), RGBA(30, 30, 30))] {
            let palette = Palette.derived(foreground: foreground, background: background, selection: accent)
            #expect(palette.bar == accent)
            #expect(contrast(palette.barText, palette.bar) >= 3, "text on \(accent)")
            if contrast(.white, accent) >= 3 { #expect(palette.barText == .white, "GNOME writes white on \(accent)") }
        }
        let invisible = Palette.derived(foreground: RGBA(0, 0, 0), background: RGBA(255, 255, 255), selection: RGBA(250, 250, 250))
        #expect(invisible.bar == Palette.light.bar && invisible.barText == .white)
        let highContrast = derive(Self.highContrast)
        #expect(highContrast.bar == RGBA(0, 0, 0) && highContrast.barText == .white)
    }

    @Test(arguments: themes)
    func everyColourIsReadable(_ theme: Theme) {
        let palette = derive(theme)
        let bg = theme.background ?? (theme.foreground.r > 0.5 ? RGBA(45, 45, 45) : RGBA(255, 255, 255))
        #expect(contrast(palette.accent, bg) >= 3, "accent")
        #expect(contrast(palette.error, bg) >= 3, "error")
        #expect(contrast(palette.track, bg) >= 1.2, "track")
        #expect(contrast(palette.text.withAlpha(1), bg) >= 4.5, "text")
        #expect(contrast(palette.barText, palette.bar) >= 3, "bar")
    }

    @Test(arguments: [highContrast, highContrastInverse])
    func highContrastGetsOpaqueTextAndAClearTrack(_ theme: Theme) {
        let palette = derive(theme)
        #expect(palette.text.a == 1)
        #expect(contrast(palette.track, theme.background!) >= 2)
        #expect(contrast(palette.accent, palette.track) >= 2, "the fill must stand out on the empty J")
    }
}
