import RefreshCore

#if canImport(Glibc)
import Glibc
#endif

// The palette a header, footer and row draw with, derived from a theme's colours. Pure: each
// toolkit reads its theme's colours (GTK 3: Sources/GTK3/RefreshGtk/Drawing/ThemeColours.swift; GTK 4:
// Sources/GTK4/RefreshGtk4/ThemeColours.swift) and hands them to `derived`.

extension Palette {
    /// Contrast ratios (WCAG 2) the derived palette guarantees against the background.
    package enum Contrast {
        /// Non-text parts that carry meaning (the fill, ring and spinner; the error mark).
        package static let graphics = 3.0
        /// The empty J must still be seen; in a high-contrast theme clearly so.
        package static let track = 1.2
        package static let highContrastTrack = 2.0
        /// White text on the plain bar: WCAG's large-text level, which GNOME's blue accent with
        /// white text (3.9:1) reaches.
        package static let barText = 3.0
        /// The plain bar against the view: a bar must be seen as one (else the default blue).
        package static let bar = 1.5
    }

    /// The palette for a theme with these colours (pure, for tests). Light or dark is decided
    /// by which of background and foreground is brighter: the light palette keeps the Jike-style article's
    /// colours, the dark one `Palette.dark`'s. Then each colour is made readable on `background`:
    /// the text is the theme's; the accent is the default when it reaches `Contrast.graphics`
    /// (and not high contrast), else the theme's selection colour if that does, else the text colour; the track and the error
    /// colour move towards the text colour until they contrast enough. A high-contrast theme
    /// gets opaque text and a track far from the background.
    package static func derived(foreground: RGBA, background: RGBA?, selection: RGBA?,
                               highContrast: Bool = false) -> Palette {
        let fg = foreground.withAlpha(1)
        // Without a background colour, assume the usual pairing: light text on dark and back.
        let bg = background.map { composite($0, over: fg.luminance > 0.5 ? .nearBlack : .white) }
            ?? (fg.luminance > 0.5 ? .nearBlack : .white)
        let isDark = bg.luminance < fg.luminance
        var palette = isDark ? Palette.dark : Palette.light

        palette.text = fg.withAlpha(highContrast ? 1 : palette.text.a)
        // docs/behaviour.md#jike-header: the article's colours are the defaults; the theme's selection colour stands in
        // only where they would not read (high contrast, unusual backgrounds).
        if highContrast || palette.accent.contrast(with: bg) < Contrast.graphics {
            if let selection, composite(selection, over: bg).contrast(with: bg) >= Contrast.graphics {
                palette.accent = selection.withAlpha(1)
            } else {
                palette.accent = fg
            }
        }
        // docs/behaviour.md#plain-header: the bar is the theme's accent (libadwaita's
        // accent_bg_color, a GTK 3 theme's selected background), its text white or black.
        if let accentBar = selection.map({ composite($0, over: bg) }), accentBar.contrast(with: bg) >= Contrast.bar {
            palette.bar = accentBar
        }
        palette.barText = barText(on: palette.bar, highContrast: highContrast)
        let trackContrast = highContrast ? Contrast.highContrastTrack : Contrast.track
        palette.track = readable(palette.track, on: bg, towards: fg, contrast: trackContrast)
        palette.error = readable(palette.error, on: bg, towards: fg, contrast: Contrast.graphics)
        return palette
    }

    /// The plain bar's text on `bar`: white, as GNOME writes on its accent colours, where it
    /// reaches `Contrast.barText` (and the theme is not high contrast); else black or white,
    /// whichever contrasts more.
    package static func barText(on bar: RGBA, highContrast: Bool) -> RGBA {
        let white = bar.contrast(with: .white), black = bar.contrast(with: .black)
        if !highContrast, white >= Contrast.barText { return .white }
        return white >= black ? .white : .black
    }

    /// `color` if it contrasts enough with `bg`, else the first mix towards `target` that does.
    private static func readable(_ color: RGBA, on bg: RGBA, towards target: RGBA, contrast: Double) -> RGBA {
        var result = color
        var t = 0.0
        while result.contrast(with: bg) < contrast, t < 1 {
            t = min(t + 0.05, 1)
            result = color.mixed(with: target, by: t)
        }
        return result
    }

    /// `color` drawn over the opaque `bg`.
    private static func composite(_ color: RGBA, over bg: RGBA) -> RGBA {
        color.withAlpha(1).mixed(with: bg, by: 1 - color.a)
    }
}

extension RGBA {
    package static let white = RGBA(r: 1, g: 1, b: 1)
    package static let black = RGBA(r: 0, g: 0, b: 0)
    /// Adwaita-dark's view background.
    package static let nearBlack = RGBA(45, 45, 45)

    /// WCAG 2 relative luminance (sRGB), ignoring alpha.
    package var luminance: Double {
        func linear(_ c: Double) -> Double {
            c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    /// WCAG 2 contrast ratio, 1…21.
    package func contrast(with other: RGBA) -> Double {
        let a = luminance, b = other.luminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    /// Linear mix in sRGB: `t` = 0 is self, 1 is `other`; opaque.
    package func mixed(with other: RGBA, by t: Double) -> RGBA {
        RGBA(r: r + (other.r - r) * t, g: g + (other.g - g) * t, b: b + (other.b - b) * t)
    }
}
