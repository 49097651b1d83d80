import ArgumentParser
import DemoOptionValues
import RefreshCore
import RefreshDrawing
import RefreshQA

#if canImport(Glibc)
import Glibc
#endif

/// The `record` options both demos take, spelled and explained once; each demo's `record` adds
/// its `--list` (and refresh-demo-gtk4 its `--prepend` and `--fresh`) after them.
package struct RecordArguments: ParsableArguments {
    @Option(parsing: .unconditional, help: "The directory to write into (created if missing).")
    package var out: String
    @Option(parsing: .unconditional, help: "Header style: jike, classic, plain or arc (the demo's app-drawn header).")
    package var header = "jike"
    @Option(parsing: .unconditional, help: "Window scale factor (GDK_SCALE), 1…3.")
    package var scale = "1"

    package init() {}

    /// The values checked, with the demo's own `--list` (one of `List`'s) and extras.
    package func options<List>(list: String, prepend: String = "0", fresh: Bool = false)
        throws(RenderOptionError) -> RecordOptions<List>
    {
        try RecordOptions.validated(header: header, scale: scale, out: out, list: list, prepend: prepend, fresh: fresh)
    }

    /// `record`'s `validate()`: a display first (without one nothing else matters), then the values.
    package static func validate(_ options: () throws -> Void) throws {
        guard hasDisplay else {
            throw ValidationError("record needs a display: set DISPLAY (e.g. run under xvfb-run -a)")
        }
        do { try options() } catch { throw ValidationError(String(describing: error)) }
    }

    /// Whether a display is named in the environment (`DISPLAY` or `WAYLAND_DISPLAY`).
    package static var hasDisplay: Bool {
        ["DISPLAY", "WAYLAND_DISPLAY"].contains { (name: String) in getenv(name).map { $0.pointee != 0 } ?? false }
    }
}

/// What a demo's `record` was asked for, validated; `List` is the demo's list kinds.
package struct RecordOptions<List: RawRepresentable & CaseIterable & Equatable & Sendable>: Equatable, Sendable
where List.RawValue == String {
    /// The header recorded: a built-in style or the demo's app-drawn arc.
    package var header: DemoHeader
    /// The built-in style whose timings the header follows.
    package var style: HeaderStyle { header.timings }
    package var list: List
    /// GDK's integer window scale (GDK_SCALE): device px per logical px.
    package var scale: Int
    package var out: String
    /// Rows the refresh prepends when it ends (0: none; refresh-demo-gtk4's `--prepend`).
    package var prepend = 0
    /// Also writes each frame from the refresh's end drawn afresh (refresh-demo-gtk4's `--fresh`).
    package var fresh = false

    package static var scaleRange: ClosedRange<Int> { 1...3 }
    package static var prependRange: ClosedRange<Int> { 0...50 }

    package static func validated(header: String = "jike", scale: String = "1", out: String, list: String,
                                  prepend: String = "0", fresh: Bool = false) throws(RenderOptionError) -> Self
    {
        let demoHeader = try RenderOptionParsing.choice(header, option: "--header", DemoHeader.self)
        let kind = try RenderOptionParsing.choice(list, option: "--list", List.self)
        guard OptionValue.isDigits(scale), let k = Int(scale), scaleRange.contains(k) else {
            throw RenderOptionParsing.invalid(scale, "--scale", expected: "a whole number from 1 to 3 (GDK_SCALE)")
        }
        guard OptionValue.isDigits(prepend), let rows = Int(prepend), prependRange.contains(rows) else {
            throw RenderOptionParsing.invalid(prepend, "--prepend", expected: "a whole number from 0 to 50")
        }
        return Self(header: demoHeader, list: kind, scale: k, out: try RecordScript.directory(out), prepend: rows,
                    fresh: fresh)
    }

    /// GDK_SCALE for the window `record` opens (read when the toolkit starts), no text scaling.
    package func setScaleEnvironment() {
        setenv("GDK_SCALE", String(scale), 1)
        unsetenv("GDK_DPI_SCALE")
    }

    /// Ends `record`: the frame count on stdout, or why it failed on stderr with status 1.
    /// `noDisplay`: the message for a display that would not open.
    package func report(_ result: Result<Int, RecordError>, program: String, noDisplay: String) throws {
        switch result {
        case .success(let frames):
            FileDescriptorSink.standardOutput.write("recorded \(frames) frames into \(out)\n")
        case .failure(.noDisplay):
            throw ValidationError(noDisplay)
        case .failure(.failed(let why)):
            FileDescriptorSink.standardError.write("\(program) record: \(why)\n")
            throw ExitCode(1)
        }
    }
}

/// Why `record` recorded nothing.
package enum RecordError: Error, Equatable {
    /// The display named in the environment would not open.
    case noDisplay
    case failed(String)
}

/// A demo's window as `Recorder` drives it: the list under test, stepped and drawn one frame at a
/// time. The host's engine clock is `base + frame / 60`.
@MainActor
package protocol RecordHost: AnyObject {
    /// The frame being played; the engine's clock reads it.
    var frame: Int { get set }
    /// The list's engine now.
    var state: RefreshEngine { get }
    /// Whether the drag has pulled far enough to arm.
    var isArmed: Bool { get }
    /// Opens the window and waits until it shows the rows; why not, on failure.
    func open() -> String?
    /// Closes the window (after `open`, failed or not).
    func close()
    /// Presses on the first row.
    func press()
    /// Moves the press `offset` px down (the drag's slop).
    func moveSlop(_ offset: Double)
    /// Drags to `offset` px below the press, in whole px as the toolkit delivers a drag.
    func drag(to offset: Double)
    /// Drags one px further than the last move.
    func dragOnePixelFurther()
    func release()
    /// Ends the refresh (successfully).
    func endRefresh()
    /// Ticks the engine and waits until the window has drawn frame `n`; why not, on failure.
    func drawFrame(_ n: Int) -> String?
    /// Writes frame `n` as `file` into the output directory (and what else the demo records of
    /// it); why not, on failure.
    func writeFrame(_ n: Int, file: String) -> String?
    /// The list's width in logical px (index.json, the contact sheet).
    var width: Double { get }
    /// Where the header hangs from: 0, or below pinned column headers.
    var headerTop: Double { get }
    /// Device px per logical px of the written frames.
    var deviceScale: Double { get }
    /// The theme's palette the header was drawn with.
    var palette: Palette { get }
    /// What the header is drawn over.
    var background: RGBA { get }
    /// Writes what the demo records beside index.json; why not, on failure.
    func writeExtras() -> String?
}

/// `record`'s scripted cycle (`RecordScript`) played through a demo's window (`RecordHost`):
/// every frame it drew written as `frame-NNNN.png`, then `index.json` and `contact-sheet.png`.
@MainActor
package enum Recorder {
    /// The number of frames written, or why the recording failed.
    package static func run<List>(_ host: some RecordHost, options: RecordOptions<List>) -> Result<Int, RecordError> {
        defer { host.close() }
        if let why = host.open() { return .failure(.failed(why)) }
        let band = RubberBand(dimension: host.state.viewportHeight)
        var frames: [RecordedFrame] = []
        var paths: [(path: String, caption: String)] = []
        var quietFrames = 0
        for n in 0..<RecordScript.frameLimit {
            host.frame = n
            switch n {
            case RecordScript.pressFrame:
                host.press()
            case RecordScript.slopFrame:
                host.moveSlop(Tuning.dragSlop)
            case 2...(1 + RecordScript.pullFrames):
                // The host moves in whole px, so the pull is the nearest one can reach (index.json
                // has the exact value); the last step makes sure it arms (the rubber band's inverse
                // may land a hair short).
                host.drag(to: Tuning.dragSlop + band.raw(displayed: RecordScript.scriptedPull(step: n - 1)))
                for _ in 0..<5 where n - 1 == RecordScript.pullFrames && !host.isArmed {
                    host.dragOnePixelFurther()
                }
            case RecordScript.releaseFrame:
                host.release()
            case RecordScript.endFrame:
                host.endRefresh()
            default:
                break
            }
            if let why = host.drawFrame(n) { return .failure(.failed(why)) }
            let file = String.frameFile(n)
            if let why = host.writeFrame(n, file: file) { return .failure(.failed(why)) }
            let engine = host.state
            let animation = engine.headerAnimation
            frames.append(RecordedFrame(frame: n, time: Double(n) / 60, state: engine.header, pull: engine.pull,
                                        animation: animation.name, animationTime: animation.time, file: file))
            paths.append((options.out + "/" + file, "\(n) \(engine.header.rawValue)"))
            let still = n > RecordScript.endFrame && engine.header == .idle && !engine.needsTicks
            quietFrames = still ? quietFrames + 1 : 0
            if quietFrames >= 3 { break }
        }
        guard quietFrames >= 3 else { return .failure(.failed("the cycle never came to rest")) }
        let json = RecordIndex.json(frames, header: options.header.rawValue, list: options.list.rawValue,
                                    scale: options.scale, width: host.width, headerTop: host.headerTop,
                                    palette: host.palette, background: host.background)
        guard json.write(to: options.out + "/index.json") else {
            return .failure(.failed("cannot write \(options.out)/index.json: \(String(cString: strerror(errno)))"))
        }
        if let why = host.writeExtras() { return .failure(.failed(why)) }
        let k = host.deviceScale
        do {
            try ContactSheet.render(frames: paths, crop: Rect(x: 0, y: 0, width: host.width * k, height: 110 * k),
                                    cellScale: 0.5 / k, columns: 10)
                .writePNG(to: options.out + "/contact-sheet.png")
        } catch {
            return .failure(.failed(error.description))
        }
        return .success(frames.count)
    }
}
