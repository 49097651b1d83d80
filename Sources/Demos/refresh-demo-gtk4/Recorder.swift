import ArgumentParser
import CGtk4
import CGtk4Shim
import DemoOptionValues
import DemoRendering
import Glibc
import RefreshCore
import RefreshDrawing
import RefreshGtk4
import RefreshQA
import RefreshQAGtk4

/// What `refresh-demo-gtk4 record` was asked for, validated.
struct Gtk4RecordOptions {
    var header: DemoHeader
    var list: ListKind
    /// GDK's integer window scale (GDK_SCALE): device px per logical px.
    var scale: Int
    var out: String
    /// Rows the refresh prepends when it ends (0: none).
    var prepend = 0
    /// Also writes each frame from the refresh's end drawn afresh.
    var fresh = false

    static let scaleRange = 1...3
    static let prependRange = 0...50

    static func validated(header: String, scale: String, out: String, list: String, prepend: String = "0",
                          fresh: Bool = false) throws(RenderOptionError) -> Gtk4RecordOptions
    {
        let demoHeader = try RenderOptionParsing.choice(header, option: "--header", DemoHeader.self)
        let kind = try RenderOptionParsing.choice(list, option: "--list", ListKind.self)
        guard OptionValue.isDigits(scale), let k = Int(scale), scaleRange.contains(k) else {
            throw RenderOptionParsing.invalid(scale, "--scale", expected: "a whole number from 1 to 3 (GDK_SCALE)")
        }
        guard OptionValue.isDigits(prepend), let rows = Int(prepend), prependRange.contains(rows) else {
            throw RenderOptionParsing.invalid(prepend, "--prepend", expected: "a whole number from 0 to 50")
        }
        return Gtk4RecordOptions(header: demoHeader, list: kind, scale: k, out: try RecordScript.directory(out),
                                 prepend: rows, fresh: fresh)
    }
}

/// `refresh-demo-gtk4 record`: refresh-demo's scripted cycle (`RecordScript`) on one of GTK 4's
/// lists in the GTK 4 bin, every frame the window drew written as a PNG with index.json and a
/// contact sheet, as refresh-demo writes them (docs/qa-tools.md).
struct Gtk4RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a refresh cycle in the real window, frame by frame, as PNGs.",
        discussion: """
            Needs a display (e.g. xvfb-run). refresh-demo's script on a GTK 4 list in the GTK 4 \
            bin: frame n is engine time n/60 s; the drag goes through the bin's press path (GTK 4 \
            cannot synthesize pointer events), pull 0→1 over 20 frames, hold, release, the refresh \
            ends 0.65 s later. Each frame is the bin rendered by the window's own renderer at its \
            scale; text is drawn with the headless font and options, so frames compare with `snapshot`.
            """)

    @Option(parsing: .unconditional, help: "The directory to write into (created if missing).")
    var out: String
    @Option(parsing: .unconditional, help: "Header style: jike, classic, plain or arc (the demo's app-drawn header).")
    var header = "jike"
    @Option(parsing: .unconditional, help: "Window scale factor (GDK_SCALE), 1…3.")
    var scale = "1"
    @Option(parsing: .unconditional, help: "List: listview, columnview, listbox or textview (300 rows).")
    var list = "listview"
    @Option(parsing: .unconditional, help: "Rows the refresh prepends when it ends, 0…50 (the collapse then brings them in).")
    var prepend = "0"
    @Flag(help: "Also write each frame from the refresh's end drawn afresh, every widget drawn again (NNNN-fresh.png).")
    var fresh = false

    func options() throws(RenderOptionError) -> Gtk4RecordOptions {
        try Gtk4RecordOptions.validated(header: header, scale: scale, out: out, list: list, prepend: prepend, fresh: fresh)
    }

    static var hasDisplay: Bool {
        ["DISPLAY", "WAYLAND_DISPLAY"].contains { (name: String) in getenv(name).map { $0.pointee != 0 } ?? false }
    }

    func validate() throws {
        guard Self.hasDisplay else {
            throw ValidationError("record needs a display: set DISPLAY (e.g. run under xvfb-run -a)")
        }
        do { _ = try options() } catch { throw ValidationError(error.description) }
    }

    func run() throws {
        let options = try options()
        setenv("GDK_SCALE", String(options.scale), 1)
        unsetenv("GDK_DPI_SCALE")
        guard gtk_init_check() != 0 else {
            throw ValidationError("record needs a display: cannot open it (e.g. run under xvfb-run -a)")
        }
        let result = MainActor.assumeIsolated { Gtk4Recorder(options: options).run() }
        switch result {
        case .success(let frames):
            Trace.write("recorded \(frames) frames into \(options.out)\n", to: 1)
        case .failure(let why):
            Trace.write("refresh-demo-gtk4 record: \(why.message)\n", to: 2)
            throw ExitCode(1)
        }
    }
}

struct RecordFailure: Error {
    let message: String
}

/// Plays the script on a live bin. The engine's clock is the frame counter; the window's frame
/// clock lays out and draws each step before it is saved.
@MainActor
final class Gtk4Recorder {
    let options: Gtk4RecordOptions
    private var frame = 0
    /// Frames the window's clock has run (its tick callback; main thread only).
    nonisolated(unsafe) static var windowFrames = 0

    init(options: Gtk4RecordOptions) { self.options = options }

    func run() -> Result<Int, RecordFailure> {
        HeadlessText.pinSettings()
        let list = makeList(options.list, rows: 300)
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), list.widget)
        // The overlay scrollbar shows while the list lays out and fades a second later: in a frame
        // or not depending on how fast the machine records. A column view's shows in the header's
        // gap (its header row stays put while its rows move), so no frame has it.
        QATools.setScrollbarsHidden(true, in: scrolled)
        let bin = RefreshBin(wrapping: scrolled)
        bin.header = options.header.makeAppDrawnStyle() ?? options.header.timings.makeStyle()
        bin.onRefresh = {}
        // Engine time continues from the monotonic time the bin started at, one frame per step.
        let base = Double(g_get_monotonic_time()) / 1_000_000 + 1
        bin.clock = { [unowned self] in base + Double(self.frame) / 60 }
        HeadlessText.apply(to: bin)
        // The script drives the bin itself, never through the pointer; the X pointer may still be
        // over the window (at scale 2 it covers the screen's centre), and a crossing from another
        // window on the display would hover a row in one frame and not the next. The recorded
        // list takes no pointer, so that every frame shows the rows without a hover.
        gtk_widget_set_can_target(bin.widget, 0)

        let window = gtk_window_new()!
        gtk_window_set_title(gcast(window), "Pull to refresh (GTK 4, record)")
        gtk_window_set_default_size(gcast(window), RecordScript.width, RecordScript.height)
        gtk_window_set_resizable(gcast(window), 0)
        gtk_window_set_child(gcast(window), bin.widget)
        _ = gtk_widget_add_tick_callback(window, { _, _, _ in
            Gtk4Recorder.windowFrames += 1
            return 1
        }, nil, nil)
        defer {
            gtk_window_destroy(gcast(window))
            while g_main_context_iteration(nil, 0) != 0 {}
        }
        gtk_window_present(gcast(window))
        // GTK's lists lay their rows out over a few frames: wait until they fill the viewport.
        guard waitFrames(until: {
            let engine = bin.state
            return engine.viewportHeight > 0 && engine.rowsHeight > engine.viewportHeight
        }) else { return .failure(RecordFailure(message: "the window never showed its rows")) }

        let band = RubberBand(dimension: bin.state.viewportHeight)
        let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled))
        var scrollValues: [String] = []
        var frames: [RecordedFrame] = []
        var paths: [(path: String, caption: String)] = []
        var quietFrames = 0
        for n in 0..<RecordScript.frameLimit {
            frame = n
            switch n {
            case RecordScript.pressFrame:
                bin.pressDown()
            case RecordScript.slopFrame:
                _ = bin.pressMoved(offsetY: Tuning.dragSlop, touch: false)
            case 2...(1 + RecordScript.pullFrames):
                // Whole px, as a mouse drag arrives (and as refresh-demo's record moves), so that
                // no pull lands on a half pixel by rounding error; index.json has the exact pull.
                let target = RecordScript.scriptedPull(step: n - 1)
                var offset = (Tuning.dragSlop + band.raw(displayed: target)).rounded()
                _ = bin.pressMoved(offsetY: offset, touch: false)
                // The last step makes sure it arms (the rubber band's inverse lands a hair short).
                for _ in 0..<5 where n - 1 == RecordScript.pullFrames && bin.headerPhase != .armed {
                    offset += 1
                    _ = bin.pressMoved(offsetY: offset, touch: false)
                }
            case RecordScript.releaseFrame:
                bin.pressUp()
            case RecordScript.endFrame:
                if options.prepend > 0 { list.prepend(options.prepend) }
                bin.endRefreshing(ok: true, insertedAtTop: options.prepend)
            default:
                break
            }
            bin.tick()
            // Two of the window's frames: the step's layout and its drawing are done.
            let target = Self.windowFrames + 2
            guard waitFrames(until: { Self.windowFrames >= target }) else {
                return .failure(RecordFailure(message: "frame \(n) was never drawn"))
            }
            let file = String.frameFile(n)
            guard WidgetImage.writePNG(bin.widget, to: options.out + "/" + file) else {
                return .failure(RecordFailure(message: "cannot write \(options.out)/\(file)"))
            }
            if options.fresh && n >= RecordScript.endFrame {
                Self.invalidateDrawing(bin.widget)
                // The widget's image is its last drawn frame: draw two more (engine time stands still).
                let drawn = Self.windowFrames + 2
                guard waitFrames(until: { Self.windowFrames >= drawn }) else {
                    return .failure(RecordFailure(message: "frame \(n) was never drawn afresh"))
                }
                let freshFile = String(file.dropLast(".png".count)) + "-fresh.png"
                guard WidgetImage.writePNG(bin.widget, to: options.out + "/" + freshFile) else {
                    return .failure(RecordFailure(message: "cannot write \(options.out)/\(freshFile)"))
                }
            }
            scrollValues.append("{\"frame\":\(n),\"value\":\(gtk_adjustment_get_value(adjustment))}")
            let engine = bin.state
            let animation = engine.headerAnimation
            frames.append(RecordedFrame(frame: n, time: Double(n) / 60, state: engine.header, pull: engine.pull,
                                        animation: animation.name, animationTime: animation.time, file: file))
            paths.append((options.out + "/" + file, "\(n) \(engine.header.rawValue)"))
            let still = n > RecordScript.endFrame && engine.header == .idle && !engine.needsTicks
            quietFrames = still ? quietFrames + 1 : 0
            if quietFrames >= 3 { break }
        }
        guard quietFrames >= 3 else { return .failure(RecordFailure(message: "the cycle never came to rest")) }

        let colours = bin.colours
        let width = Double(gtk_widget_get_width(bin.widget))
        let json = RecordIndex.json(frames, header: options.header.rawValue, list: options.list.rawValue,
                                    scale: options.scale, width: width, headerTop: headerTop(list, in: bin),
                                    palette: colours.palette, background: colours.background ?? RGBA(r: 1, g: 1, b: 1, a: 1))
        guard json.write(to: options.out + "/index.json") else {
            return .failure(RecordFailure(message: "cannot write \(options.out)/index.json: \(String(cString: strerror(errno)))"))
        }
        // The list's scroll value in each frame (its adjustment's, logical px).
        guard ("[" + scrollValues.joined(separator: ",\n") + "]\n").write(to: options.out + "/scroll.json") else {
            return .failure(RecordFailure(message: "cannot write \(options.out)/scroll.json: \(String(cString: strerror(errno)))"))
        }
        let k = Double(options.scale)
        do {
            try ContactSheet.render(frames: paths, crop: Rect(x: 0, y: 0, width: width * k, height: 110 * k),
                                    cellScale: 0.5 / k, columns: 10)
                .writePNG(to: options.out + "/contact-sheet.png")
        } catch {
            return .failure(RecordFailure(message: error.description))
        }
        return .success(frames.count)
    }

    /// Drops every cached drawing under `widget` (its render nodes): the window's next frame draws
    /// each widget again, as a fresh window would.
    private static func invalidateDrawing(_ widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_queue_draw(widget)
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            invalidateDrawing(current)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// Runs the main loop until `done` holds, at most 20 s.
    private func waitFrames(until done: () -> Bool) -> Bool {
        let deadline = g_get_monotonic_time() + 20_000_000
        while !done() {
            guard g_get_monotonic_time() < deadline else { return false }
            g_main_context_iteration(nil, 1)
        }
        return true
    }

    /// Where the header hangs from: below a column view's pinned header row, else the bin's top.
    private func headerTop(_ list: any DemoList, in bin: RefreshBin) -> Double {
        guard let header = list.columnHeader else { return 0 }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(header, bin.widget, &bounds) != 0 else { return 0 }
        return Double(bounds.origin.y + bounds.size.height)
    }
}
