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

/// `refresh-demo-gtk4 record`: refresh-demo's scripted cycle (`RecordScript`) on one of GTK 4's
/// lists in the GTK 4 bin, every frame the window drew written as a PNG with index.json and a
/// contact sheet, as refresh-demo writes them (docs/qa-tools.md).
struct RecordCommand: ParsableCommand {
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

    @OptionGroup var record: RecordArguments
    @Option(parsing: .unconditional, help: "List: listview, columnview, listbox or textview (300 rows).")
    var list = "listview"
    @Option(parsing: .unconditional, help: "Rows the refresh prepends when it ends, 0…50 (the collapse then brings them in).")
    var prepend = "0"
    @Flag(help: "Also write each frame from the refresh's end drawn afresh, every widget drawn again (NNNN-fresh.png).")
    var fresh = false

    func options() throws(RenderOptionError) -> RecordOptions<ListKind> {
        try record.options(list: list, prepend: prepend, fresh: fresh)
    }

    func validate() throws {
        try RecordArguments.validate { _ = try options() }
    }

    func run() throws {
        let options = try options()
        options.setScaleEnvironment()
        let result = MainActor.assumeIsolated { () -> Result<Int, RecordError> in
            guard gtk_init_check() != 0 else { return .failure(.noDisplay) }
            return Recorder.run(RecordWindow(options: options), options: options)
        }
        try options.report(result, program: "refresh-demo-gtk4",
                           noDisplay: "record needs a display: cannot open it (e.g. run under xvfb-run -a)")
    }
}

/// `record`'s window: a GTK 4 list in the bin, driven through the bin's press path. The engine's
/// clock is the frame counter; the window's frame clock lays out and draws each step before it is
/// saved (`Recorder` plays the script).
@MainActor
final class RecordWindow: RecordHost {
    let options: RecordOptions<ListKind>
    var frame = 0
    /// Frames the window's clock has run (its tick callback; main thread only).
    nonisolated(unsafe) static var windowFrames = 0
    private let list: any DemoList
    private let scrolled: UnsafeMutablePointer<GtkWidget>
    private let bin: RefreshBin
    private let window: UnsafeMutablePointer<GtkWidget>
    /// The drag's last offset below the press.
    private var offset = 0.0
    /// The list's scroll value in each frame (its adjustment's, logical px).
    private var scrollValues: [String] = []

    init(options: RecordOptions<ListKind>) {
        self.options = options
        HeadlessText.pinSettings()
        list = makeList(options.list, rows: 300)
        scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), list.widget)
        // The overlay scrollbar shows while the list lays out and fades a second later: in a frame
        // or not depending on how fast the machine records. A column view's shows in the header's
        // gap (its header row stays put while its rows move), so no frame has it.
        QATools.setScrollbarsHidden(true, in: scrolled)
        bin = RefreshBin(wrapping: scrolled)
        bin.header = options.header.makeAppDrawnStyle() ?? options.header.timings.makeStyle()
        bin.onRefresh = {}
        window = gtk_window_new()!
    }

    var state: RefreshEngine { bin.state }
    var isArmed: Bool { bin.headerPhase == .armed }

    func open() -> String? {
        // Engine time continues from the monotonic time the bin started at, one frame per step.
        let base = Double(g_get_monotonic_time()) / 1_000_000 + 1
        bin.clock = { [unowned self] in base + Double(self.frame) / 60 }
        HeadlessText.apply(to: bin)
        // The script drives the bin itself, never through the pointer; the X pointer may still be
        // over the window (at scale 2 it covers the screen's centre), and a crossing from another
        // window on the display would hover a row in one frame and not the next. The recorded
        // list takes no pointer, so that every frame shows the rows without a hover.
        gtk_widget_set_can_target(bin.widget, 0)

        gtk_window_set_title(gcast(window), "Pull to refresh (GTK 4, record)")
        gtk_window_set_default_size(gcast(window), RecordScript.width, RecordScript.height)
        gtk_window_set_resizable(gcast(window), 0)
        gtk_window_set_child(gcast(window), bin.widget)
        _ = gtk_widget_add_tick_callback(window, { _, _, _ in
            RecordWindow.windowFrames += 1
            return 1
        }, nil, nil)
        gtk_window_present(gcast(window))
        // GTK's lists lay their rows out over a few frames: wait until they fill the viewport.
        guard waitFrames(until: { [bin] in
            let engine = bin.state
            return engine.viewportHeight > 0 && engine.rowsHeight > engine.viewportHeight
        }) else { return "the window never showed its rows" }
        return nil
    }

    func close() {
        gtk_window_destroy(gcast(window))
        while g_main_context_iteration(nil, 0) != 0 {}
    }

    func press() { bin.pressDown() }

    func moveSlop(_ offset: Double) {
        self.offset = offset
        _ = bin.pressMoved(offsetY: offset, touch: false)
    }

    func drag(to offset: Double) {
        // Whole px, as a mouse drag arrives (and as refresh-demo's record moves), so that no pull
        // lands on a half pixel by rounding error.
        self.offset = offset.rounded()
        _ = bin.pressMoved(offsetY: self.offset, touch: false)
    }

    func dragOnePixelFurther() {
        offset += 1
        _ = bin.pressMoved(offsetY: offset, touch: false)
    }

    func release() { bin.pressUp() }

    func endRefresh() {
        if options.prepend > 0 { list.prepend(options.prepend) }
        bin.endRefreshing(ok: true, insertedAtTop: options.prepend)
    }

    func drawFrame(_ n: Int) -> String? {
        bin.tick()
        // Two of the window's frames: the step's layout and its drawing are done.
        let target = Self.windowFrames + 2
        return waitFrames(until: { Self.windowFrames >= target }) ? nil : "frame \(n) was never drawn"
    }

    func writeFrame(_ n: Int, file: String) -> String? {
        guard WidgetImage.writePNG(bin.widget, to: options.out + "/" + file) else {
            return "cannot write \(options.out)/\(file)"
        }
        if options.fresh && n >= RecordScript.endFrame {
            Self.invalidateDrawing(bin.widget)
            // The widget's image is its last drawn frame: draw two more (engine time stands still).
            let drawn = Self.windowFrames + 2
            guard waitFrames(until: { Self.windowFrames >= drawn }) else { return "frame \(n) was never drawn afresh" }
            let freshFile = String(file.dropLast(".png".count)) + "-fresh.png"
            guard WidgetImage.writePNG(bin.widget, to: options.out + "/" + freshFile) else {
                return "cannot write \(options.out)/\(freshFile)"
            }
        }
        let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled))
        scrollValues.append("{\"frame\":\(n),\"value\":\(gtk_adjustment_get_value(adjustment))}")
        return nil
    }

    var width: Double { Double(gtk_widget_get_width(bin.widget)) }
    var deviceScale: Double { Double(options.scale) }
    var palette: Palette { bin.colours.palette }
    var background: RGBA { bin.colours.background ?? RGBA(r: 1, g: 1, b: 1, a: 1) }

    /// scroll.json: the list's scroll value in each frame.
    func writeExtras() -> String? {
        guard ("[" + scrollValues.joined(separator: ",\n") + "]\n").write(to: options.out + "/scroll.json") else {
            return "cannot write \(options.out)/scroll.json: \(String(cString: strerror(errno)))"
        }
        return nil
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
    var headerTop: Double {
        guard let header = list.columnHeader else { return 0 }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(header, bin.widget, &bounds) != 0 else { return 0 }
        return Double(bounds.origin.y + bounds.size.height)
    }
}
