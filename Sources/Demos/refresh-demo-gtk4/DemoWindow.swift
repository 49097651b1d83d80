import CGtk4
import CGtk4Shim
import DemoRendering
import Glibc
import RefreshCore
import RefreshDrawing
import RefreshGtk4

/// The demo's window: the list in a scrolled window in the GTK 4 bin, the simulated source
/// behind it, the trace, the live QA tools over the bin, and the quit keys.
@MainActor
final class DemoWindow {
    private let options: DemoOptions
    private let window: UnsafeMutablePointer<GtkWidget>
    private let list: any DemoList
    private let scrolled: UnsafeMutablePointer<GtkWidget>
    private let bin: RefreshBin
    private let feed: Feed
    private let qa: QATools
    private var running = true
    private var lastView: [Trace.Field] = []
    private var lastWindow: [Trace.Field] = []

    init(options: DemoOptions) {
        self.options = options
        let clock = QAClock(factor: options.slowMotion)
        feed = Feed(options: options, clock: clock)
        list = makeList(options.list, rows: options.rows)
        scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), list.widget)
        bin = RefreshBin(wrapping: scrolled)
        bin.header = options.header.makeAppDrawnStyle() ?? options.header.timings.makeStyle()
        bin.footerMode = options.footer
        qa = QATools(bin: bin, list: list, scrolled: scrolled, clock: clock, overlay: options.overlay,
                     traceAnimations: options.traceAnimations)
        window = gtk_window_new()!
        gtk_window_set_title(gtkWindow, "Pull to refresh (GTK 4, \(options.list.rawValue))")
        gtk_window_set_default_size(gtkWindow, 400, 600)
        if options.maximized { gtk_window_maximize(gtkWindow) }
        gtk_window_set_child(gtkWindow, qa.container)
        qa.attach(to: window)
        connect()
    }

    private var gtkWindow: UnsafeMutablePointer<GtkWindow> { window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { $0 } }

    /// Runs until Ctrl+Q, Ctrl+W or the close button; then the window goes and the trace ends with `quit`.
    func run() {
        gtk_window_present(gtkWindow)
        while running { g_main_context_iteration(nil, 1) }
        if readySource != 0 { g_source_remove(readySource) }
        feed.cancel()
        gtk_window_destroy(gtkWindow)
        while g_main_context_iteration(nil, 0) != 0 {}
    }

    private func quit() {
        guard running else { return }
        running = false
        // The rows go with the window after this line, and with them a GtkListBox's selection;
        // the bin, unrealized with it, ends a refresh under way (nothing to trace after "quit").
        list.onSelect = nil
        bin.onHeaderPhase = nil
        bin.onFooterPhase = nil
        Trace.emit("quit")
    }

    private func connect() {
        bin.onHeaderPhase = { [weak self] phase, pull in
            Trace.emit("header", [("state", .string(phase.rawValue)), ("pull", .px(pull))])
            self?.qa.observe()
        }
        bin.onFooterPhase = { phase in Trace.emit("footer", [("state", .string(phase.rawValue))]) }
        bin.onRefresh = { [weak self] in self?.refresh() }
        bin.onLoadMore = { [weak self] in self?.load() }
        bin.onRefreshQueued = { Trace.emit("refresh", [("phase", "queued")]) }
        list.onActivate = { row in Trace.emit("activate", [("row", .int(row))]) }
        list.onSelect = { [weak self] in self?.traceSelection() }

        let shortcuts = gtk_shortcut_controller_new()!
        for trigger in ["<Control>q", "<Control>w"] {
            let box = Unmanaged.passRetained(Callback { [weak self] in self?.quit() }).toOpaque()
            let action = gtk_callback_action_new({ _, _, data in
                MainActor.assumeIsolated { Unmanaged<Callback>.fromOpaque(data!).takeUnretainedValue().body() }
                return 1
            }, box, { data in Unmanaged<Callback>.fromOpaque(data!).release() })
            gtk_shortcut_controller_add_shortcut(shortcuts, gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), action))
        }
        gtk_widget_add_controller(window, shortcuts)

        if options.trace {
            // Each scroll-stop (a touchpad's fingers lifting) as the window receives it, before
            // the bin (capture phase): WaylandScenarioTests times the release of a pull against it.
            let watch = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
            gtk_event_controller_set_propagation_phase(watch, GTK_PHASE_CAPTURE)
            _ = SignalConnection(watch, "scroll-end") {
                guard let event = gtk_event_controller_get_current_event(watch), gdk_event_get_event_type(event) == GDK_SCROLL,
                      gdk_scroll_event_is_stop(event) != 0 else { return }
                Trace.emit("scroll-stop")
            }
            gtk_widget_add_controller(window, watch)
            // The pointer's enter and leave as they come: frames stop while nothing draws
            // (Wayland), so the per-frame poll alone can miss a pointer that came back after a
            // touch took it (docs/wayland.md).
            let crossing = gtk_event_controller_motion_new()!
            _ = SignalConnection(crossing, "enter", arguments: .twoDoubles) { [weak self] in self?.traceWindow() }
            _ = SignalConnection(crossing, "leave") { [weak self] in self?.traceWindow() }
            gtk_widget_add_controller(window, crossing)
            // Where Tab and Shift+Tab leave the keyboard focus: the footer, the rows, or outside the bin.
            _ = SignalConnection(window, "notify::focus-widget", arguments: .onePointer) { [weak self] in
                guard let self else { return }
                let stop = self.bin.focusedStop.map { $0 == .footer ? "footer" : "rows" } ?? "out"
                Trace.emit("focus", [("on", .string(stop))])
            }
        }

        let closeBox = Unmanaged.passRetained(Callback { [weak self] in self?.quit() }).toOpaque()
        let onClose: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
            MainActor.assumeIsolated { Unmanaged<Callback>.fromOpaque(data!).takeUnretainedValue().body() }
            return 0
        }
        g_signal_connect_data(window, "close-request", unsafeBitCast(onClose, to: GCallback.self), closeBox,
                              { data, _ in Unmanaged<Callback>.fromOpaque(data!).release() }, GConnectFlags(rawValue: 0))

        // Every frame: `ready` once the window has drawn and laid its list out (`scheduleReady`),
        // then, with --trace only, `view` lines when the list's place changes. Removed with the
        // window.
        let tickBox = Unmanaged.passRetained(FrameCallback { [weak self] in self?.frame() ?? false }).toOpaque()
        gtk_widget_add_tick_callback(window, { _, _, data in
            MainActor.assumeIsolated { Unmanaged<FrameCallback>.fromOpaque(data!).takeUnretainedValue().body() ? 1 : 0 }
        }, tickBox, { data in Unmanaged<FrameCallback>.fromOpaque(data!).release() })
    }

    private var frames = 0
    /// The idle that traces `ready`, until it ran (removed with the window otherwise).
    private var readySource: guint = 0

    /// One frame; false: no more frames needed (the window then ticks only when GTK needs it).
    private func frame() -> Bool {
        frames += 1
        if frames == 2 { scheduleReady() }
        guard frames >= 2 else { return true }
        guard options.trace else { return false }
        let view = viewFields()
        if view.map(\.1) != lastView.map(\.1) {
            lastView = view
            Trace.emit("view", view)
        }
        traceWindow()
        return true
    }

    /// A `window` line when the window's place or the pointer changed since the last one.
    private func traceWindow() {
        let place = windowFields()
        guard place.map(\.1) != lastWindow.map(\.1) else { return }
        lastWindow = place
        Trace.emit("window", place)
    }

    private func traceSelection() {
        guard let rows = list.selectedRows else { return }
        Trace.emit("select", [("selected", .ints(rows))])
    }

    /// Where the list is, as laid out for the last frame: the adjustment's value and the value that
    /// shows its end (upper − page size), the top of the rows' viewport in the bin (it moves down
    /// during a pull), and a column view's header row.
    private func viewFields() -> [Trace.Field] {
        let adjustment = gtk_scrolled_window_get_vadjustment(OpaquePointer(scrolled))
        var fields: [Trace.Field] = [("value", .px(gtk_adjustment_get_value(adjustment))),
                                     ("bottom", .px(gtk_adjustment_get_upper(adjustment)
                                         - gtk_adjustment_get_page_size(adjustment)))]
        fields.append(("rowsY", .px(y(of: list.rowsWidget ?? scrolled))))
        if let header = list.columnHeader { fields.append(("headerY", .px(y(of: header)))) }
        return fields
    }

    /// refresh-demo's `window` line (docs/demo.md): where the list (the bin) is in the toplevel, its
    /// size, the scale, the window's state, whether it has the keyboard focus and whether the
    /// pointer is over it. A compositor maximizes the window after its first frame and gives it
    /// the pointer only once it shows there: the Wayland harness waits for these (docs/wayland.md).
    private func windowFields() -> [Trace.Field] {
        var point = graphene_point_t()
        var origin = graphene_point_t()
        _ = gtk_widget_compute_point(bin.widget, window, &origin, &point)
        let state = gtk_native_get_surface(OpaquePointer(window)).map { gdk_toplevel_get_state($0).rawValue } ?? 0
        // The pointer over the window's surface, in the window's coordinates (polled each frame:
        // what the compositor last told the surface).
        var pointer: (x: Int, y: Int)?
        if let surface = gtk_native_get_surface(OpaquePointer(window)),
           let seat = gdk_display_get_default_seat(gdk_surface_get_display(surface)),
           let device = gdk_seat_get_pointer(seat) {
            var x = 0.0, y = 0.0, dx = 0.0, dy = 0.0
            if gdk_surface_get_device_position(surface, device, &x, &y, nil) != 0 {
                gtk_native_get_surface_transform(OpaquePointer(window), &dx, &dy)
                pointer = (Int((x - dx).rounded()), Int((y - dy).rounded()))
            }
        }
        let inside = pointer != nil
        let name = state & GDK_TOPLEVEL_STATE_FULLSCREEN.rawValue != 0 ? "fullscreen"
            : state & GDK_TOPLEVEL_STATE_MAXIMIZED.rawValue != 0 ? "maximized"
            : state & GDK_TOPLEVEL_STATE_TILED.rawValue != 0 ? "tiled" : "normal"
        return [("x", .int(Int(point.x.rounded()))), ("y", .int(Int(point.y.rounded()))),
                ("width", .int(Int(gtk_widget_get_width(bin.widget)))), ("height", .int(Int(gtk_widget_get_height(bin.widget)))),
                ("scale", .int(Int(gtk_widget_get_scale_factor(bin.widget)))), ("state", .string(name)),
                ("active", .bool(gtk_window_is_active(gtkWindow) != 0)), ("pointer", .bool(inside)),
                ("pointerX", .int(inside ? pointer?.x ?? -1 : -1)), ("pointerY", .int(inside ? pointer?.y ?? -1 : -1))]
    }

    private func y(of widget: UnsafeMutablePointer<GtkWidget>) -> Double {
        var point = graphene_point_t()
        var origin = graphene_point_t()
        guard gtk_widget_compute_point(widget, bin.widget, &origin, &point) != 0 else { return .nan }
        return Double(point.y)
    }

    private func refresh() {
        Trace.emit("refresh", [("phase", "begin")])
        feed.refresh(apply: { [weak self] count in self?.list.prepend(count) }) { [weak self] answer in
            guard let self else { return }
            bin.endRefreshing(ok: answer.ok, insertedAtTop: answer.added)
            end("refresh", answer)
        }
    }

    private func load() {
        Trace.emit("load", [("phase", "begin")])
        feed.load(apply: { [weak self] count in self?.list.append(count) }) { [weak self] answer in
            guard let self else { return }
            bin.endLoading(ok: answer.ok, added: answer.added, exhausted: answer.exhausted)
            end("load", answer)
        }
    }

    private func end(_ event: String, _ answer: Feed.Answer) {
        Trace.emit(event, [("phase", "end"), ("ok", .bool(answer.ok)), ("added", .int(answer.added)),
                           ("rows", .int(list.rowCount))])
    }
}

extension DemoWindow {
    /// `ready` comes after the second tick (after the first paint: input sent then reaches a mapped
    /// window, as refresh-demo's `ready`), from an idle below GTK's own idle work: a GtkTextView
    /// lays its lines out in idles after its first frame, its adjustment growing as it goes, and
    /// End or Page Down sent before that stopped at an end that then moved on (a retry key then
    /// met no footer, a Page Down reached the end and loaded: seen under load).
    fileprivate func scheduleReady() {
        let box = Unmanaged.passRetained(Callback { [weak self] in self?.becameReady() }).toOpaque()
        readySource = g_idle_add_full(G_PRIORITY_LOW, { data in
            MainActor.assumeIsolated { Unmanaged<Callback>.fromOpaque(data!).takeUnretainedValue().body() }
            return 0
        }, box, { data in Unmanaged<Callback>.fromOpaque(data!).release() })
    }

    private func becameReady() {
        readySource = 0
        // The selection the list starts with; `select` lines then follow its changes.
        traceSelection()
        Trace.emit("ready", [("rows", .int(list.rowCount))])
    }
}

final class Callback {
    let body: @MainActor () -> Void
    init(_ body: @escaping @MainActor () -> Void) { self.body = body }
}

/// A tick callback's body: true to be called again on the next frame.
final class FrameCallback {
    let body: @MainActor () -> Bool
    init(_ body: @escaping @MainActor () -> Bool) { self.body = body }
}
