import DemoRendering
import RefreshGtk
import RefreshQA
import ArgumentParser
import CGtk
import RefreshCore
import RefreshDrawing

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

    @OptionGroup var record: RecordArguments
    @Option(parsing: .unconditional, help: "List: virtual (ours), treeview, listbox or textview (GTK's, in a RefreshBin).")
    var list = "virtual"

    package init() {}

    package func options() throws(RenderOptionError) -> RecordOptions<ListKind> {
        try record.options(list: list)
    }

    package func validate() throws {
        try RecordArguments.validate { _ = try options() }
    }

    package func run() throws {
        let options = try options()
        options.setScaleEnvironment()
        let result = MainActor.assumeIsolated { () -> Result<Int, RecordError> in
            guard MainLoop.initializeGtk() else { return .failure(.noDisplay) }
            return Recorder.run(RecordWindow(options: options), options: options)
        }
        try options.report(result, program: "refresh-demo",
                           noDisplay: "record needs a display: cannot open DISPLAY (e.g. run under xvfb-run -a)")
    }
}

/// `record`'s window: the list under test built as the demo builds it, driven with synthesized
/// mouse input and drawn one frame at a time (`Recorder` plays the script).
@MainActor
final class RecordWindow: RecordHost {
    let options: RecordOptions<ListKind>
    var frame = 0
    private var drawn = -1
    private let window: UnsafeMutablePointer<GtkWidget>
    private let view: RefreshController
    private let foreignList: ForeignList?
    private let surface: HostSurface
    private var drawHandler: SignalConnection?
    /// The pointer's x and y in the header's coordinates, and where it went down.
    private let x = Double(RecordScript.width) / 2
    private var y = 0.0
    private var pressY = 0.0

    init(options: RecordOptions<ListKind>) {
        self.options = options
        Self.pinFonts()
        let rows = DemoRows(count: 300)
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_title(gcast(window), DemoL10n.windowTitle)
        gtk_window_set_default_size(gcast(window), RecordScript.width, RecordScript.height)
        gtk_window_set_resizable(gcast(window), 0)
        if options.list == .virtual {
            view = RefreshView(source: rows)
            foreignList = nil
        } else {
            let list = ForeignList(kind: options.list, rows: (0..<rows.rowCount).map { rows.row(at: $0) })
            view = RefreshBin(wrapping: list.scrolledWindow)
            foreignList = list
        }
        surface = HostSurface(view)
        view.header = options.header.makeAppDrawnStyle() ?? options.style.makeStyle()
        view.onRefresh = {}
    }

    var state: RefreshEngine { view.state }
    var isArmed: Bool { view.pull >= Tuning.triggerPull }

    func open() -> String? {
        // The engine's clock is the frame counter, continuing from the time the view started at.
        let base = view.state.now + 1
        view.clock = { [unowned self] in base + Double(self.frame) / 60 }
        gtk_container_add(gcast(window), view.widget)
        gtk_widget_show_all(window)
        gtk_widget_grab_focus(surface.inputWidget)
        fontOptions(surface.widget)
        // A foreign list lays its rows out in idles: wait until it fills the viewport.
        guard MainLoop.run(until: { [view, foreignList] in
            view.hasDrawnFirstFrame && view.state.viewportHeight > 0
                && (foreignList == nil || view.state.rowsHeight > view.state.viewportHeight)
        }, timeout: 20)
        else { return "the window never drew" }
        MainLoop.drain()
        drawHandler = GSignal.connectDraw(surface.widget) { [weak self] _ in
            if let self { self.drawn = self.frame }
            return false
        }
        // On the first row: below a tree view's column headers (the chrome above the viewport).
        pressY = max(0, surface.height - view.state.viewportHeight) + 40
        y = pressY
        return nil
    }

    func close() {
        drawHandler?.disconnect()
        gtk_widget_destroy(window)
        MainLoop.drain()
    }

    // The pointer, in the header's coordinates (the drawing widget's), delivered to the widget
    // under it: on a bin the child window moves with the pull, so each event is placed where
    // that point is now, as the display server would.
    private func motion() {
        let p = surface.inputPoint(x: x, y: y)
        EventSynthesis.motion(surface.inputWidget, x: p.x, y: p.y, state: EventSynthesis.button1Mask)
    }

    private func button(press: Bool) {
        let p = surface.inputPoint(x: x, y: y)
        EventSynthesis.button(surface.inputWidget, press: press, x: p.x, y: p.y)
    }

    func press() { button(press: true) }

    func moveSlop(_ offset: Double) {
        y = pressY + offset
        motion()
    }

    func drag(to offset: Double) {
        // GDK delivers the drag's offsets in whole px.
        y = (pressY + offset).rounded()
        motion()
    }

    func dragOnePixelFurther() {
        y += 1
        motion()
    }

    func release() { button(press: false) }

    func endRefresh() { view.endRefreshing(ok: true, insertedAtTop: 0) }

    func drawFrame(_ n: Int) -> String? {
        view.tick()
        gtk_widget_queue_draw(surface.widget)
        return MainLoop.run(until: { self.drawn == n }, timeout: 10) ? nil : "frame \(n) was never drawn"
    }

    func writeFrame(_ n: Int, file: String) -> String? {
        do {
            try surface.image().writePNG(to: options.out + "/" + file)
        } catch {
            return error.description
        }
        return nil
    }

    var width: Double { surface.width }
    var headerTop: Double { surface.headerTop }
    var deviceScale: Double { surface.scale }
    var palette: Palette { Palette.theme(gtk_widget_get_style_context(surface.widget)) }
    var background: RGBA { surface.backgroundColor() }

    func writeExtras() -> String? { nil }

    /// Text as the headless painters draw it (`PainterText`'s fixed font and options), so that
    /// frames compare with `snapshot`: DejaVu Sans 10 at 96 dpi.
    private static func pinFonts() {
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
