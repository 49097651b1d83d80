import DemoRendering
import RefreshGtk
import RefreshQA
import ArgumentParser
import CGtk
import RefreshCore
import RefreshDrawing

#if canImport(Glibc)
import Glibc
#endif

/// What `refresh-demo record` was asked for, validated.
package struct RecordOptions: Equatable, Sendable {
    /// The header recorded: a built-in style or the demo's app-drawn arc.
    package var header: DemoHeader
    /// The built-in style whose timings the header follows.
    package var style: HeaderStyle { header.timings }
    /// The list recorded: ours, or GTK's own in a RefreshBin.
    package var list: ListKind = .virtual
    /// GDK's integer window scale (GDK_SCALE): device px per logical px.
    package var scale: Int
    package var out: String

    package static let scaleRange = 1...3

    package static func validated(header: String = "jike", scale: String = "1", out: String,
                                  list: String = "virtual") throws(RenderOptionError) -> RecordOptions
    {
        let demoHeader = try RenderOptionParsing.choice(header, option: "--header", DemoHeader.self)
        let kind = try RenderOptionParsing.choice(list, option: "--list", ListKind.self)
        guard !scale.isEmpty, scale.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let k = Int(scale),
              scaleRange.contains(k)
        else {
            throw RenderOptionParsing.invalid(scale, "--scale", expected: "a whole number from 1 to 3 (GDK_SCALE)")
        }
        return RecordOptions(header: demoHeader, list: kind, scale: k, out: try RecordScript.directory(out))
    }
}

/// `refresh-demo record`: plays a scripted pull → armed → release → refresh → end cycle through
/// the real window (synthesized mouse input, the engine on a frame clock of exactly 1/60 s per
/// frame) and writes every frame it drew as `frame-NNNN.png` (the list as `HostSurface` renders
/// it — our list's own drawing, or the realized bin around GTK's list — at the window's device
/// scale), `index.json` (time, state, pull, animation and its time per frame) and
/// `contact-sheet.png`. Needs a display.
package struct RecordCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record a refresh cycle in the real window, frame by frame, as PNGs.",
        discussion: """
            Needs a display (e.g. xvfb-run). Any list: --list treeview, listbox or textview \
            records GTK's own list in a RefreshBin, the drag delivered to it as the display server \
            would. Frame n is engine time n/60 s: drag from the top to pull 0→1 over 20 frames \
            (the 21st arms), hold 24 frames, release (frame 46), the refresh ends 0.65 s after \
            the release (as `snapshot --phase end` assumes), then the end animation and the \
            settle. Text is drawn with the headless font and options (DejaVu Sans 10, grey \
            antialiasing, no hinting), so frames compare with `snapshot`.
            """)

    @Option(parsing: .unconditional, help: "The directory to write into (created if missing).")
    var out: String
    @Option(parsing: .unconditional, help: "Header style: jike, classic, plain or arc (the demo's app-drawn header).")
    var header = "jike"
    @Option(parsing: .unconditional, help: "Window scale factor (GDK_SCALE), 1…3.")
    var scale = "1"
    @Option(parsing: .unconditional, help: "List: virtual (ours), treeview, listbox or textview (GTK's, in a RefreshBin).")
    var list = "virtual"

    package init() {}

    package func options() throws(RenderOptionError) -> RecordOptions {
        try RecordOptions.validated(header: header, scale: scale, out: out, list: list)
    }

    package func validate() throws {
        guard MainLoop.hasDisplay else {
            throw ValidationError("record needs a display: set DISPLAY (e.g. run under xvfb-run -a)")
        }
        do { _ = try options() } catch { throw ValidationError(error.description) }
    }

    package func run() throws {
        let options = try options()
        setenv("GDK_SCALE", String(options.scale), 1)
        unsetenv("GDK_DPI_SCALE")
        let result = MainActor.assumeIsolated { () -> Result<Int, RecordError> in
            guard MainLoop.initializeGtk() else { return .failure(.noDisplay) }
            return Recorder(options: options).run()
        }
        switch result {
        case .success(let frames):
            FileDescriptorSink.standardOutput.write("recorded \(frames) frames into \(options.out)\n")
        case .failure(.noDisplay):
            throw ValidationError("record needs a display: cannot open DISPLAY (e.g. run under xvfb-run -a)")
        case .failure(.failed(let why)):
            FileDescriptorSink.standardError.write("refresh-demo record: \(why)\n")
            throw ExitCode(1)
        }
    }
}

package enum RecordError: Error {
    case noDisplay
    case failed(String)
}

/// The scripted cycle (see `RecordCommand`). The engine's clock is the frame counter.
@MainActor
package final class Recorder {
    let options: RecordOptions
    private var frame = 0
    private var drawn = -1

    package init(options: RecordOptions) { self.options = options }

    /// The list under test, built as the demo builds it: our RefreshView, or GTK's list wrapped.
    private func makeController(rows: DemoRows) -> (RefreshController, ForeignList?) {
        guard options.list != .virtual else { return (RefreshView(source: rows), nil) }
        let list = ForeignList(kind: options.list, rows: (0..<rows.rowCount).map { rows.row(at: $0) })
        return (RefreshBin(wrapping: list.scrolledWindow), list)
    }

    package func run() -> Result<Int, RecordError> {
        pinFonts()
        let rows = DemoRows(count: 300)
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        defer { gtk_widget_destroy(window); MainLoop.drain() }
        gtk_window_set_title(gcast(window), DemoL10n.windowTitle)
        gtk_window_set_default_size(gcast(window), RecordScript.width, RecordScript.height)
        gtk_window_set_resizable(gcast(window), 0)
        let (view, foreignList) = makeController(rows: rows)
        let surface = HostSurface(view)
        view.header = options.header.makeAppDrawnStyle() ?? options.style.makeStyle()
        view.onRefresh = {}
        // The engine's clock is the frame counter, continuing from the time the view started at.
        let base = view.state.now + 1
        view.clock = { [unowned self] in base + Double(self.frame) / 60 }
        gtk_container_add(gcast(window), view.widget)
        gtk_widget_show_all(window)
        let drawing = surface.widget, target = surface.inputWidget
        gtk_widget_grab_focus(target)
        fontOptions(drawing)
        // A foreign list lays its rows out in idles: wait until it fills the viewport.
        guard MainLoop.run(until: {
            view.hasDrawnFirstFrame && view.state.viewportHeight > 0
                && (foreignList == nil || view.state.rowsHeight > view.state.viewportHeight)
        }, timeout: 20)
        else { return .failure(.failed("the window never drew")) }
        MainLoop.drain()
        let drawHandler = GSignal.connectDraw(drawing) { [weak self] _ in
            if let self { self.drawn = self.frame }
            return false
        }
        defer { drawHandler.disconnect() }

        // The pointer, in the header's coordinates (the drawing widget's), delivered to the
        // widget under it: on a bin the child window moves with the pull, so each event is
        // placed where that point is now, as the display server would.
        func motion(_ x: Double, _ y: Double) {
            let p = surface.inputPoint(x: x, y: y)
            EventSynthesis.motion(target, x: p.x, y: p.y, state: EventSynthesis.button1Mask)
        }
        func button(press: Bool, _ x: Double, _ y: Double) {
            let p = surface.inputPoint(x: x, y: y)
            EventSynthesis.button(target, press: press, x: p.x, y: p.y)
        }
        let x = Double(RecordScript.width) / 2
        // On the first row: below a tree view's column headers (the chrome above the viewport).
        let pressY = max(0, surface.height - view.state.viewportHeight) + 40
        let band = RubberBand(dimension: view.state.viewportHeight)
        var y = pressY
        var frames: [RecordedFrame] = []
        var paths: [(path: String, caption: String)] = []
        var quietFrames = 0
        for n in 0..<RecordScript.frameLimit {
            frame = n
            switch n {
            case RecordScript.pressFrame:
                button(press: true, x, pressY)
            case RecordScript.slopFrame:
                y = pressY + Tuning.dragSlop
                motion(x, y)
            case 2...(1 + RecordScript.pullFrames):
                // GDK delivers the drag's offsets in whole px, so the pull is the nearest one
                // can reach (index.json has the exact value); the last step makes sure it arms.
                let target = RecordScript.scriptedPull(step: n - 1)
                y = (pressY + Tuning.dragSlop + band.raw(displayed: target)).rounded()
                motion(x, y)
                for _ in 0..<5 where n - 1 == RecordScript.pullFrames && view.pull < Tuning.triggerPull {
                    y += 1
                    motion(x, y)
                }
            case RecordScript.releaseFrame:
                button(press: false, x, y)
            case RecordScript.endFrame:
                view.endRefreshing(ok: true, insertedAtTop: 0)
            default:
                break
            }
            view.tick()
            gtk_widget_queue_draw(drawing)
            guard MainLoop.run(until: { self.drawn == n }, timeout: 10) else {
                return .failure(.failed("frame \(n) was never drawn"))
            }
            let file = String.frameFile(n)
            let image = surface.image()
            do {
                try image.writePNG(to: options.out + "/" + file)
            } catch {
                return .failure(.failed(error.description))
            }
            let engine = view.state
            let animation = engine.headerAnimation
            frames.append(RecordedFrame(frame: n, time: Double(n) / 60, state: engine.header, pull: engine.pull,
                                        animation: animation.name, animationTime: animation.time, file: file))
            paths.append((options.out + "/" + file, "\(n) \(engine.header.rawValue)"))
            let still = n > RecordScript.endFrame && engine.header == .idle && !engine.needsTicks
            quietFrames = still ? quietFrames + 1 : 0
            if quietFrames >= 3 { break }
        }
        guard quietFrames >= 3 else { return .failure(.failed("the cycle never came to rest")) }
        do {
            let palette = Palette.theme(gtk_widget_get_style_context(drawing))
            let json = RecordIndex.json(frames, header: options.header.rawValue, list: options.list.rawValue,
                                        scale: options.scale, width: surface.width, headerTop: surface.headerTop,
                                        palette: palette, background: surface.backgroundColor())
            guard json.write(to: options.out + "/index.json") else {
                return .failure(.failed("cannot write \(options.out)/index.json: \(String(cString: strerror(errno)))"))
            }
            let k = surface.scale
            try ContactSheet.render(frames: paths, crop: Rect(x: 0, y: 0, width: surface.width * k, height: 110 * k),
                                    cellScale: 0.5 / k, columns: 10)
                .writePNG(to: options.out + "/contact-sheet.png")
        } catch {
            return .failure(.failed(error.description))
        }
        return .success(frames.count)
    }

    /// Text as the headless painters draw it (`PainterText`'s fixed font and options), so that
    /// frames compare with `snapshot`: DejaVu Sans 10 at 96 dpi.
    private func pinFonts() {
        guard let settings = gtk_settings_get_default() else { return }
        var font = GValue()
        g_value_init(&font, g_type_from_name("gchararray"))
        g_value_set_string(&font, PainterText.headlessFont)
        g_object_set_property(gcast(settings, to: GObject.self), "gtk-font-name", &font)
        g_value_unset(&font)
        var dpi = GValue()
        g_value_init(&dpi, g_type_from_name("gint"))
        g_value_set_int(&dpi, 96 * 1024)
        g_object_set_property(gcast(settings, to: GObject.self), "gtk-xft-dpi", &dpi)
        g_value_unset(&dpi)
    }

    private func fontOptions(_ widget: UnsafeMutablePointer<GtkWidget>) {
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        gtk_widget_set_font_options(widget, options)
        cairo_font_options_destroy(options)
    }
}
