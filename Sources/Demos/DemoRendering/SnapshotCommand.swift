import RefreshQA
import RefreshDrawing
import CPangoCairo
import ArgumentParser
import DemoOptionValues
import RefreshCore

#if canImport(Glibc)
import Glibc
#endif

/// The light or dark palette of headless images.
package enum SnapshotTheme: String, CaseIterable, Sendable {
    case light, dark

    package var palette: Palette { self == .light ? .light : .dark }
}

/// Which part of the sequence `snapshot --phase` names (docs/behaviour.md#header-states, #jike-header, #refresh-lifecycle).
package enum SnapshotPhase: String, CaseIterable, Sendable {
    case pull, refresh, end, failed
}

/// What `refresh-demo snapshot` was asked for, validated.
package struct SnapshotOptions: Equatable, Sendable {
    package var style: HeaderStyle
    /// `--style arc`: the demo's app-drawn header, over `style`'s (plain) timings.
    package var appHeader: DemoHeader?
    package var moment: HeaderMoment
    package var theme: SnapshotTheme
    package var scale: Double
    package var width: Double
    package var background: RGBA?
    package var out: String

    /// Scale factors accepted (device px per logical px).
    package static let scaleRange = 1.0...8.0
    /// At most 4000 × 8 = 32000 device px: inside Cairo's 32767.
    package static let widthRange = 1.0...4000.0
    /// Seconds into a refresh: long enough for any spin, short of absurd.
    package static let refreshTimeRange = 0.0...3600.0
    package static let endTimeRange = 0.0...Tuning.endDuration

    /// The whole validation, pure apart from checking that `out` can be written: the command
    /// line's raw strings in, options or the first error out (one line naming the option).
    package static func validated(
        style: String, phase: String, progress: String? = nil, time: String? = nil, theme: String = "light",
        scale: String = "1", width: String? = nil, background: String? = nil, out: String
    ) throws(RenderOptionError) -> SnapshotOptions {
        let demoHeader = try RenderOptionParsing.choice(style, option: "--style", DemoHeader.self)
        let style = demoHeader.timings
        let phase = try RenderOptionParsing.choice(phase, option: "--phase", SnapshotPhase.self)
        let moment: HeaderMoment
        switch phase {
        case .pull:
            try RenderOptionParsing.forbid(time, option: "--time", phase: phase)
            let s = try RenderOptionParsing.number(
                RenderOptionParsing.require(progress, option: "--progress", phase: phase),
                option: "--progress", in: 0...1)
            moment = .pull(progress: s)
        case .refresh, .end:
            try RenderOptionParsing.forbid(progress, option: "--progress", phase: phase)
            let range = phase == .refresh ? refreshTimeRange : endTimeRange
            let t = try RenderOptionParsing.number(
                RenderOptionParsing.require(time, option: "--time", phase: phase), option: "--time", in: range)
            moment = phase == .refresh ? .refresh(seconds: t) : .end(seconds: t)
        case .failed:
            try RenderOptionParsing.forbid(progress, option: "--progress", phase: phase)
            try RenderOptionParsing.forbid(time, option: "--time", phase: phase)
            moment = .failed
        }
        let parsedTheme = try RenderOptionParsing.choice(theme, option: "--theme", SnapshotTheme.self)
        let parsedScale = try RenderOptionParsing.number(scale, option: "--scale", in: scaleRange)
        var parsedWidth = Snapshot.defaultWidth
        if let width {
            guard style != .jike else {
                throw RenderOptionError("--width applies to --style classic, plain and arc only (a jike image is the 45×45 box)")
            }
            parsedWidth = try RenderOptionParsing.number(width, option: "--width", in: widthRange)
        }
        return SnapshotOptions(
            style: style, appHeader: demoHeader == .arc ? .arc : nil, moment: moment, theme: parsedTheme,
            scale: parsedScale, width: parsedWidth,
            background: try background.map { text throws(RenderOptionError) in
                try RenderOptionParsing.color(text, option: "--background")
            },
            out: try RenderOptionParsing.outputPath(out, option: "--out"))
    }

    /// Renders the image.
    package func render() -> ImageSurface {
        if let custom = appHeader?.makeAppDrawnStyle() {
            return Snapshot.header(HeaderScene.visual(moment, style: style, heldHeight: custom.heldHeight), style: custom,
                                   width: width, scale: scale, palette: theme.palette, background: background)
        }
        return Snapshot.header(HeaderScene.visual(moment, style: style), width: width, scale: scale,
                               palette: theme.palette, background: background)
    }
}

/// `refresh-demo snapshot`: one instant of the header as a PNG, without a display.
package struct SnapshotCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Render the header at one instant to a PNG, without a display.",
        discussion: """
            The header is driven through the same engine and drawn by the same painter as in the \
            window. jike: the 45×45 box of the J (45·K × 45·K pixels). classic and plain: the \
            panel, width × held height. Transparent unless --background is given.
            """)

    // Strings, validated by `SnapshotOptions.validated`, so that every bad value gets the same
    // kind of one-line message. `.unconditional` so that "-1" is read as a (bad) value.
    @Option(parsing: .unconditional, help: "Header style: jike, classic, plain or arc (the demo's app-drawn header).")
    var style: String
    @Option(parsing: .unconditional, help: "pull (with --progress), refresh or end (with --time), or failed.")
    var phase: String
    @Option(parsing: .unconditional, help: "With --phase pull: s = pull/70, 0…1.")
    var progress: String?
    @Option(parsing: .unconditional, help: """
        With --phase refresh: seconds since the release (the 0.15 s morph, then the spin), 0…3600. \
        With --phase end: seconds into the end animation, 0…0.5.
        """)
    var time: String?
    @Option(parsing: .unconditional, help: "light or dark.")
    var theme = "light"
    @Option(parsing: .unconditional, help: "Device pixels per logical pixel, 1…8 (1.5 is fine).")
    var scale = "1"
    @Option(parsing: .unconditional, help: "Viewport width in logical px for classic and plain, 1…4000 (default 360).")
    var width: String?
    @Option(parsing: .unconditional, help: "Background colour, e.g. '#ffffff' or 'white' (default: transparent).")
    var background: String?
    @Option(parsing: .unconditional, help: "The PNG file to write.")
    var out: String

    package init() {}

    package func options() throws(RenderOptionError) -> SnapshotOptions {
        try SnapshotOptions.validated(style: style, phase: phase, progress: progress, time: time, theme: theme,
                                      scale: scale, width: width, background: background, out: out)
    }

    package func validate() throws {
        do { _ = try options() } catch { throw ValidationError(error.description) }
    }

    package func run() throws {
        let options = try options()
        do {
            try options.render().writePNG(to: options.out)
        } catch {
            throw ValidationError("--out: \(error.description)")
        }
    }
}

/// A rejected command-line value of `snapshot` or `filmstrip`; `description` is one line.
package struct RenderOptionError: Error, Equatable, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// Strict parsing of `snapshot` and `filmstrip` option values, with messages in the form of
/// `DemoOptionError`'s ("invalid value 'x' for --opt: expected …").
package enum RenderOptionParsing {
    package static func invalid(_ value: String, _ option: String, expected: String) -> RenderOptionError {
        RenderOptionError(DemoOptionError(option: option, value: value, expected: expected).description)
    }

    package static func choice<T: RawRepresentable & CaseIterable>(
        _ text: String, option: String, _: T.Type
    ) throws(RenderOptionError) -> T where T.RawValue == String {
        do { return try OptionValue.choice(text, option: option, T.self) } catch { throw RenderOptionError(error.description) }
    }

    /// A plain decimal number in `range`: no NaN, infinity, hex or whitespace.
    package static func number(_ text: String, option: String, in range: ClosedRange<Double>) throws(RenderOptionError) -> Double {
        do { return try OptionValue.decimal(text, option: option, in: range) } catch { throw RenderOptionError(error.description) }
    }

    package static func require(_ text: String?, option: String, phase: SnapshotPhase) throws(RenderOptionError) -> String {
        guard let text else { throw RenderOptionError("\(option) is required with --phase \(phase.rawValue)") }
        return text
    }

    package static func forbid(_ text: String?, option: String, phase: SnapshotPhase) throws(RenderOptionError) {
        guard text == nil else { throw RenderOptionError("\(option) does not apply to --phase \(phase.rawValue)") }
    }

    /// A colour as GDK reads it: '#rgb', '#rrggbb', 'rgb(…)', 'rgba(…)' or a name like 'white'
    /// (`ColorText`: the same rules without a toolkit, so that both demos read it alike).
    package static func color(_ text: String, option: String) throws(RenderOptionError) -> RGBA {
        guard let color = ColorText.parse(text) else {
            throw invalid(text, option, expected: "a colour such as '#ffffff', 'white' or 'rgba(0,0,0,0.5)'")
        }
        return color
    }

    /// A file path that can be created or overwritten: checked before rendering, so that a bad
    /// path is a usage error rather than work thrown away.
    package static func outputPath(_ path: String, option: String) throws(RenderOptionError) -> String {
        guard !path.isEmpty else { throw invalid(path, option, expected: "a file path") }
        var info = stat()
        if stat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) != S_IFDIR else {
                throw RenderOptionError("\(option) '\(path)' is a directory")
            }
            guard access(path, W_OK) == 0 else { throw RenderOptionError("\(option) '\(path)' is not writable") }
            return path
        }
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let parent = directory.isEmpty ? "/" : directory
        guard stat(parent, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw RenderOptionError("\(option) '\(path)': no such directory '\(parent)'")
        }
        guard access(parent, W_OK) == 0 else {
            throw RenderOptionError("\(option) '\(path)': directory '\(parent)' is not writable")
        }
        return path
    }
}
