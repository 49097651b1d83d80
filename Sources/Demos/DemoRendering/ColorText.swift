import CPangoCairo
import RefreshCore

/// A colour written as text, read by the rules of GTK 3's `gdk_rgba_parse` (what refresh-demo
/// always took), without linking a toolkit: `rgb(r,g,b)` and `rgba(r,g,b,a)` with 0…255 or
/// percentage channels (clamped) and an alpha 0…1; otherwise what Pango's `pango_color_parse`
/// reads, opaque — `#rgb`, `#rrggbb`, their 12/16-bit forms and the X11 colour names such as
/// `white` (GTK 4 also reads `#rrggbbaa`; the demos do not).
package enum ColorText {
    package static func parse(_ text: String) -> RGBA? {
        guard !text.isEmpty else { return nil }
        if text.hasPrefix("rgba") { return functional(text.dropFirst(4), hasAlpha: true) }
        if text.hasPrefix("rgb") { return functional(text.dropFirst(3), hasAlpha: false) }
        var color = PangoColor()
        guard pango_color_parse(&color, text) != 0 else { return nil }
        return RGBA(r: Double(color.red) / 65535, g: Double(color.green) / 65535, b: Double(color.blue) / 65535, a: 1)
    }

    /// `(r, g, b)` or `(r, g, b, a)`, spaces allowed around every part, nothing after it.
    private static func functional(_ rest: Substring, hasAlpha: Bool) -> RGBA? {
        var scanner = Scanner(rest)
        guard scanner.take("(") else { return nil }
        var channels: [Double] = []
        for index in 0..<3 {
            guard let value = scanner.number() else { return nil }
            let channel = scanner.take("%") ? value / 100 : value / 255
            channels.append(min(max(channel, 0), 1))
            if index < 2 || hasAlpha { guard scanner.take(",") else { return nil } }
        }
        var alpha = 1.0
        if hasAlpha {
            guard let value = scanner.number() else { return nil }
            alpha = min(max(value, 0), 1)
        }
        guard scanner.take(")"), scanner.atEnd else { return nil }
        return RGBA(r: channels[0], g: channels[1], b: channels[2], a: alpha)
    }

    /// Reads the text left to right, skipping ASCII spaces before each token.
    private struct Scanner {
        var rest: Substring
        init(_ text: Substring) { rest = text }

        mutating func skipSpaces() { rest = rest.drop(while: { " \t\n\r\u{0B}\u{0C}".contains($0) }) }

        var atEnd: Bool {
            mutating get { skipSpaces(); return rest.isEmpty }
        }

        mutating func take(_ token: Character) -> Bool {
            skipSpaces()
            guard rest.first == token else { return false }
            rest = rest.dropFirst()
            return true
        }

        /// A number as `g_ascii_strtod` reads it (locale-independent), or nil if none starts here.
        mutating func number() -> Double? {
            skipSpaces()
            let text = String(rest)
            return text.withCString { start -> (Double, Int)? in
                var end: UnsafeMutablePointer<CChar>?
                let value = g_ascii_strtod(start, &end)
                guard let end, end != UnsafeMutablePointer(mutating: start) else { return nil }
                return (value, UnsafePointer(end) - start)
            }.map { value, length in
                rest = Substring(String(decoding: text.utf8.dropFirst(length), as: UTF8.self))
                return value
            }
        }
    }
}
