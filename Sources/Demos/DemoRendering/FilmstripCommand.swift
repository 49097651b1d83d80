import RefreshQA
import RefreshDrawing
import ArgumentParser
import RefreshCore

/// What `refresh-demo filmstrip` was asked for, validated.
package struct FilmstripOptions: Equatable, Sendable {
    package var style: HeaderStyle
    /// `--style arc`: the demo's app-drawn header, over `style`'s (plain) timings.
    package var appHeader: DemoHeader?
    package var scale: Double
    package var out: String

    /// A smaller range than `snapshot`'s: the classic sheet at 4× is already ~3100×5600 px.
    package static let scaleRange = 1.0...4.0

    package static func validated(style: String, scale: String = "1", out: String) throws(RenderOptionError)
        -> FilmstripOptions
    {
        let demoHeader = try RenderOptionParsing.choice(style, option: "--style", DemoHeader.self)
        return FilmstripOptions(
            style: demoHeader.timings, appHeader: demoHeader == .arc ? .arc : nil,
            scale: try RenderOptionParsing.number(scale, option: "--scale", in: scaleRange),
            out: try RenderOptionParsing.outputPath(out, option: "--out"))
    }
}

/// `refresh-demo filmstrip`: a contact sheet of a header style's whole sequence, as a PNG.
package struct FilmstripCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "filmstrip",
        abstract: "Render a header style's whole sequence, light and dark, to one PNG.",
        discussion: """
            Pull 0→1, armed, morph, spin, end and failed, each cell captioned with its moment; \
            drawn headless through the same engine and painter as the window.
            """)

    @Option(parsing: .unconditional, help: "Header style: jike, classic, plain or arc (the demo's app-drawn header).")
    var style: String
    @Option(parsing: .unconditional, help: "Device pixels per logical pixel, 1…4.")
    var scale = "1"
    @Option(parsing: .unconditional, help: "The PNG file to write.")
    var out: String

    package init() {}

    package func options() throws(RenderOptionError) -> FilmstripOptions {
        try FilmstripOptions.validated(style: style, scale: scale, out: out)
    }

    package func validate() throws {
        do { _ = try options() } catch { throw ValidationError(error.description) }
    }

    package func run() throws {
        let options = try options()
        do {
            try Filmstrip.render(style: options.style, appHeader: options.appHeader?.makeAppDrawnStyle(),
                                 scale: options.scale).writePNG(to: options.out)
        } catch {
            throw ValidationError("--out: \(error.description)")
        }
    }
}
