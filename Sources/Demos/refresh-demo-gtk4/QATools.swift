import CGtk4
import CGtk4Shim
import DemoRendering
import Glibc
import RefreshCore
import RefreshScenes
import RefreshDrawing
import RefreshGtk4
import RefreshQAGtk4

/// refresh-demo's live QA tools on the GTK 4 bin (docs/qa-tools.md, "Live QA tools"): slow
/// motion, pause and step (the bin's injected clock is a `QAClock`), the overlay, the J's
/// reference outline, the scrubber, saving frames and the `animation` trace lines. The bin goes
/// into a GtkOverlay (`container`) whose overlay child, a GtkDrawingArea that takes no input,
/// draws the tools over it. Nothing here changes how the bin draws: it sets its clock, reads its
/// engine and renders it.
@MainActor
final class QATools: QAKeyTarget {
    let bin: RefreshBin
    let clock: QAClock
    /// What the window packs instead of the bin.
    let container: UnsafeMutablePointer<GtkWidget>
    private let canvas: UnsafeMutablePointer<GtkWidget>
    private let list: any DemoList
    private let scrolled: UnsafeMutablePointer<GtkWidget>
    private let traceAnimations: Bool
    private(set) var showsOverlay = false
    private(set) var showsOutline = false
    private(set) var showsHelp = false
    private var frameStats = FrameStats()
    private var animations = AnimationReport()
    /// The header the outline was last drawn for.
    private var outlinedVisual: HeaderVisual?
    /// While the overlay shows: a tick on the canvas keeps frames coming, so that the graph
    /// measures real frame intervals.
    private var overlayTick: guint = 0
    /// A frame waiting to be saved once the window has drawn without its scrollbars.
    private var pendingSave: String?
    private var scrubber: Scrubber?
    private var handlers: [SignalConnection] = []

    init(bin: RefreshBin, list: any DemoList, scrolled: UnsafeMutablePointer<GtkWidget>, clock: QAClock,
         overlay: Bool, traceAnimations: Bool) {
        self.bin = bin
        self.list = list
        self.scrolled = scrolled
        self.clock = clock
        self.traceAnimations = traceAnimations
        container = gtk_overlay_new()
        gtk_overlay_set_child(OpaquePointer(container), bin.widget)
        canvas = gtk_drawing_area_new()
        // Every event goes through to the bin and the list below.
        gtk_widget_set_can_target(canvas, 0)
        gtk_overlay_add_overlay(OpaquePointer(container), canvas)
        let data = Unmanaged.passRetained(WeakTools(self)).toOpaque()
        gtk_drawing_area_set_draw_func(canvas.withMemoryRebound(to: GtkDrawingArea.self, capacity: 1) { $0 }, { _, cr, width, height, data in
            guard let cr else { return }
            MainActor.assumeIsolated {
                Unmanaged<WeakTools>.fromOpaque(data!).takeUnretainedValue().value?.draw(cr, width: Double(width), height: Double(height))
            }
        }, data, { data in Unmanaged<WeakTools>.fromOpaque(data!).release() })

        clock.continueFrom(engineTime: bin.state.now)
        bin.clock = { [unowned clock] in clock.now() }
        clock.onChange = { [weak self] in
            guard let self else { return }
            // The engine sees the new time now (a step shows at once), and the canvas follows.
            self.bin.tick()
            gtk_widget_queue_draw(self.bin.widget)
            self.observe()
            gtk_widget_queue_draw(self.canvas)
        }
        handlers.append(SignalConnection(canvas, "realize") { [weak self] in self?.connectFrameClock() })
        if overlay { setOverlay(true) }
    }

    // MARK: - Keys

    /// Handles a QA key (no Ctrl, Alt or Super); false for anything else, which goes on to the
    /// bin and the list.
    func handleKey(keyval: guint, state: GdkModifierType) -> Bool {
        let blocking = GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SUPER_MASK.rawValue
            | GDK_META_MASK.rawValue | GDK_HYPER_MASK.rawValue
        guard state.rawValue & blocking == 0, let key = QAKey(keyval: keyval, helpShown: showsHelp) else { return false }
        perform(key)
        return true
    }

    /// Takes `window`'s key presses before the focus widget and the bin see them (capture phase,
    /// as refresh-demo's toplevel handler), so that a list's own keys never swallow a QA key.
    func attach(to window: UnsafeMutablePointer<GtkWidget>) {
        let controller = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        let data = Unmanaged.passRetained(WeakTools(self)).toOpaque()
        let pressed: @convention(c) (gpointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = { _, keyval, _, state, data in
            MainActor.assumeIsolated {
                Unmanaged<WeakTools>.fromOpaque(data!).takeUnretainedValue().value?.handleKey(keyval: keyval, state: state) == true ? 1 : 0
            }
        }
        g_signal_connect_data(UnsafeMutableRawPointer(controller), "key-pressed", unsafeBitCast(pressed, to: GCallback.self), data,
                              { data, _ in Unmanaged<WeakTools>.fromOpaque(data!).release() }, GConnectFlags(rawValue: 0))
        gtk_widget_add_controller(window, controller)
    }

    func setOverlay(_ on: Bool) {
        showsOverlay = on
        if on {
            frameStats.reset()
            if overlayTick == 0 {
                let data = Unmanaged.passRetained(WeakTools(self)).toOpaque()
                overlayTick = gtk_widget_add_tick_callback(canvas, { widget, _, data in
                    MainActor.assumeIsolated {
                        gtk_widget_queue_draw(widget)
                        return Unmanaged<WeakTools>.fromOpaque(data!).takeUnretainedValue().value?.showsOverlay == true ? 1 : 0
                    }
                }, data, { data in Unmanaged<WeakTools>.fromOpaque(data!).release() })
            }
        } else if overlayTick != 0 {
            gtk_widget_remove_tick_callback(canvas, overlayTick)
            overlayTick = 0
        }
        gtk_widget_queue_draw(canvas)
    }

    func setOutline(_ on: Bool) {
        showsOutline = on
        gtk_widget_queue_draw(canvas)
    }

    func setHelp(_ on: Bool) {
        showsHelp = on
        gtk_widget_queue_draw(canvas)
    }

    // MARK: - Frames and the trace

    private func connectFrameClock() {
        guard let frameClock = gtk_widget_get_frame_clock(canvas) else { return }
        handlers.append(SignalConnection(frameClock, "after-paint") { [weak self] in self?.painted() })
    }

    private func painted() {
        if let frameClock = gtk_widget_get_frame_clock(canvas) {
            frameStats.frame(at: Double(gdk_frame_clock_get_frame_time(frameClock)) / 1_000_000)
        }
        observe()
        followHeader()
        if let path = pendingSave {
            pendingSave = nil
            writeFrame(to: path)
        }
    }

    /// The outline follows the header: the canvas's drawing is kept between frames, the bin's
    /// header moves under it.
    private func followHeader() {
        guard showsOutline else { return }
        let visual = bin.state.headerVisual
        guard visual != outlinedVisual else { return }
        gtk_widget_queue_draw(canvas)
    }

    /// Reports a change of the header's animation on the trace, as refresh-demo does:
    /// `{"event":"animation","name":…,"time":<s into it>,"engine":<engine s>}`.
    func observe() {
        guard let change = animations.change(bin.state), traceAnimations else { return }
        Trace.emit("animation", [("name", .string(change.name)), ("time", change.time.map { .double($0) } ?? .null),
                                 ("engine", .double(change.engine))])
    }

    // MARK: - Drawing

    /// Where the header hangs from in the bin: its top, or below a column view's header row.
    private var headerTop: Double {
        guard let header = list.columnHeader else { return 0 }
        var point = graphene_point_t()
        var bottom = graphene_point_t(x: 0, y: Float(gtk_widget_get_height(header)))
        guard gtk_widget_compute_point(header, bin.widget, &bottom, &point) != 0 else { return 0 }
        return Double(point.y)
    }

    private func draw(_ cr: OpaquePointer, width: Double, height: Double) {
        if showsOutline {
            let visual = bin.state.headerVisual
            outlinedVisual = visual
            cairo_save(cr)
            cairo_translate(cr, 0, headerTop)
            QAReadout.drawOutline(cr, visual: visual, width: width, scale: Double(gtk_widget_get_scale_factor(canvas)),
                                  appDrawn: appDrawnHeader)
            cairo_restore(cr)
        }
        let context = gtk_widget_get_pango_context(canvas)!
        if showsOverlay {
            OverlayPanel.draw(cr, context: context, lines: QAReadout.overlayLines(bin.state, rows: list.rowCount, clock: clock,
                                                                                  scrub: scrubber?.state.caption),
                              stats: frameStats, width: width, height: height)
        }
        if showsHelp { HelpPanel.keys.draw(cr, context: context, width: width, height: height) }
    }

    /// The bin's app-drawn header (the demo's arc), or nil for a built-in look.
    var appDrawnHeader: RefreshHeaderStyle? { bin.header is any BuiltInHeaderStyle ? nil : bin.header }

    // MARK: - Saving frames

    /// F: saves the bin as the window shows it — header, rows and footer, without the QA canvas
    /// and without the scrolled window's scrollbars — at its device scale, as
    /// `refresh-<style>-<state>-p<pull>.png` in `$PTR_QA_DIR` or the working directory. The frame
    /// is rendered once the window has drawn the scrollbars transparent (a widget's render node is
    /// only made when its window draws); the name is the instant of the key press.
    func saveFrame() {
        let header = QAReadout.headerName(style: bin.state.style, appDrawn: appDrawnHeader)
        let state = scrubber != nil ? "scrub" : bin.headerPhase.rawValue
        let name = QAReadout.frameFileName(header: header, state: state, pull: bin.state.headerVisual.pull)
        pendingSave = QAReadout.unusedPath(directory: QAReadout.saveDirectory, name: name)
        QATools.setScrollbarsHidden(true, in: scrolled)
        gtk_widget_queue_draw(bin.widget)
    }

    private func writeFrame(to path: String) {
        defer { QATools.setScrollbarsHidden(false, in: scrolled) }
        guard WidgetImage.writePNG(bin.widget, to: path) else {
            return Trace.write("refresh-demo-gtk4: cannot render the window into '\(path)'\n", to: 2)
        }
        Trace.emit("frame", [("path", .string(path))])
        Trace.write(QAL10n.qaSaved(path) + "\n", to: 2)
    }

    /// The scrollbars are in no saved or recorded frame (as in refresh-demo's): a CSS class makes
    /// them transparent while the frame is drawn. CSS opacity, not the widget's: GtkScrolledWindow
    /// fades its overlay scrollbars with the widget's own opacity.
    static func setScrollbarsHidden(_ hidden: Bool, in scrolled: UnsafeMutablePointer<GtkWidget>) {
        QATools.installHidingStyle()
        let window = OpaquePointer(scrolled)
        for scrollbar in [gtk_scrolled_window_get_vscrollbar(window), gtk_scrolled_window_get_hscrollbar(window)] {
            guard let scrollbar else { continue }
            if hidden {
                gtk_widget_add_css_class(scrollbar, QATools.hiddenClass)
            } else {
                gtk_widget_remove_css_class(scrollbar, QATools.hiddenClass)
            }
        }
    }

    private static let hiddenClass = "ptr-qa-hidden"
    private static var hidingStyleInstalled = false

    private static func installHidingStyle() {
        guard !hidingStyleInstalled, let display = gdk_display_get_default() else { return }
        hidingStyleInstalled = true
        let provider = gtk_css_provider_new()
        ptr4_theme_load_css(provider, ".\(hiddenClass) { opacity: 0; transition: none; }")
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }

    // MARK: - Scrubber

    /// While the scrubber is open: the bin's own engine, put back when it closes, and whether
    /// opening it paused the clock.
    private var unscrubbed: (engine: RefreshEngine, resume: Bool)?
    /// The list's app-drawn header, kept while the scrubber's menu shows a built-in style.
    private var appHeader: RefreshHeaderStyle?

    func saveFrameForKey() { saveFrame() }

    func toggleScrubber() {
        if let scrubber {
            scrubber.close()
        } else {
            openScrubber()
        }
    }

    /// T: the scrubber window. The clock pauses; each moment of the scale puts the bin itself
    /// into that moment of `HeaderScene` (as refresh-gtk4-frames does), so that the live painter
    /// draws it with the list's theme, fonts and scale; closing it puts the bin's own engine back.
    private func openScrubber() {
        unscrubbed = (bin.state, !clock.isPaused)
        clock.setPaused(true)
        if let header = appDrawnHeader { appHeader = header }
        let state = ScrubberState(style: bin.state.style, appDrawn: appDrawnHeader, kept: appHeader)
        let scrubber = Scrubber(state: state, parent: gtk_widget_get_root(container).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) })
        self.scrubber = scrubber
        state.onMoment = { [weak self] moment in self?.show(moment) }
        state.onHeader = { [weak self] id in self?.setHeader(id) }
        state.onClosed = { [weak self] in self?.scrubberClosed() }
        scrubber.show()
    }

    private func show(_ moment: HeaderMoment) {
        var engine = HeaderScene.engine(at: moment, style: bin.header.timings, heldHeight: appDrawnHeader?.heldHeight)
        // The scene's own events (its refresh request) are not the list's.
        _ = engine.takeEvents()
        bin.clock = { [now = engine.now] in now }
        bin.adopt(engine)
        gtk_widget_queue_draw(canvas)
    }

    /// The scrubber menu's choice: a built-in style, or the app-drawn header back.
    private func setHeader(_ id: String) {
        if let header = ScrubberState.header(for: id, appHeader: appHeader) { bin.header = header }
    }

    private func scrubberClosed() {
        scrubber = nil
        guard let unscrubbed else { return }
        self.unscrubbed = nil
        bin.clock = { [unowned clock] in clock.now() }
        bin.adopt(unscrubbed.engine)
        if unscrubbed.resume { clock.setPaused(false) }
        gtk_widget_queue_draw(canvas)
    }
}

/// A weak reference to the tools lent to C as user data.
final class WeakTools {
    weak var value: QATools?
    init(_ value: QATools) { self.value = value }
}
