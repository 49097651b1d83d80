import DemoRendering
import RefreshGtk
import CGtk
import RefreshCore
import RefreshDrawing

/// The demo application: one window with a RefreshView over generated rows and a simulated,
/// slow, sometimes failing source. Everything runs on the GTK main loop (GLib sources only).
@MainActor
package final class DemoApp {
    package static let applicationID = "io.github.gtk_pull_to_refresh.Demo"

    package let options: DemoOptions
    package let rows: DemoRows
    package let feed: SimulatedFeed
    package let trace: Trace?
    package private(set) var view: RefreshView?
    /// `--list treeview|listbox|textview`: GTK's own list, wrapped (docs/architecture.md, "Hosts").
    package private(set) var bin: RefreshBin?
    package private(set) var foreignList: ForeignList?
    /// The header bar: its subtitle is the status line (the row last activated).
    private var headerBar: UnsafeMutablePointer<GtkWidget>?
    /// The stack in the header bar's refresh button that shows its icon or, while a refresh runs,
    /// a spinner (a refresh begun mid-list runs out of sight: docs/demo.md, "Keys").
    private var refreshButton: (stack: UnsafeMutablePointer<GtkWidget>, spinner: UnsafeMutablePointer<GtkWidget>)?
    /// Whichever shows the rows: the RefreshView or the RefreshBin.
    package var control: RefreshController? { view ?? bin }
    package private(set) var window: UnsafeMutablePointer<GtkWidget>?
    private var application: UnsafeMutablePointer<GtkApplication>?
    /// The live QA tools around the view or the bin (Sources/Demos/RefreshDemo/QA).
    package private(set) var qa: QATools?
    /// The engine's time base: slow motion, pause and step.
    package let clock: QAClock

    package init(options: DemoOptions, trace: Trace?) {
        self.options = options
        self.trace = trace
        // Reserve ids for every page load-more can add, so that ids stay positive.
        if options.rows > options.list.rowLimit {
            FileDescriptorSink.standardError.write(
                "refresh-demo: --list \(options.list.rawValue) holds at most \(options.list.rowLimit) rows; showing that many\n")
        }
        rows = DemoRows(count: min(options.rows, options.list.rowLimit), reserve: options.pages * options.pageSize)
        feed = SimulatedFeed(rows: rows, options: options)
        clock = QAClock(factor: options.slowMotion)
        // The simulated latency runs on the engine's clock: slow motion slows it too.
        feed.wait = { [clock] seconds, fire in clock.after(seconds, fire) }
    }

    /// Runs the application until its window closes; returns the exit status.
    package static func run(_ options: DemoOptions) -> Int32 {
        _ = Trace.processStart
        let app = DemoApp(options: options, trace: options.trace ? Trace.standardOutput() : nil)
        return app.run()
    }

    package func run() -> Int32 {
        // NON_UNIQUE: no single-instance negotiation, so no session bus is needed.
        let application = gtk_application_new(DemoApp.applicationID, G_APPLICATION_NON_UNIQUE)!
        self.application = application
        GSignal.connect(application, "activate") { [weak self] in self?.activate() }
        // Ctrl+C and SIGTERM close the window like Ctrl+Q.
        let signals = TerminationSignals { [weak self] in
            if let window = self?.window { gtk_widget_destroy(window) }
        }
        // Our own arguments were parsed already: GApplication gets none.
        let status = g_application_run(gcast(application), 0, nil)
        signals.remove()
        feed.cancel()
        trace?.quit()
        g_object_unref(application)
        self.application = nil
        return status
    }

    private func activate() {
        if let window {
            gtk_window_present(gcast(window))
            return
        }
        guard let application else { return }
        let window = gtk_application_window_new(application)!
        self.window = window
        gtk_window_set_title(gcast(window), DemoL10n.windowTitle)
        gtk_window_set_default_size(gcast(window), 420, 720)
        if options.maximized { gtk_window_maximize(gcast(window)) }
        gtk_window_set_default_icon_name(DemoApp.applicationID)
        gtk_window_set_titlebar(gcast(window), makeHeaderBar())

        let view: RefreshController = options.list == .virtual ? makeView() : makeBin()
        if let listView = view as? RefreshView { self.view = listView } else { bin = view as? RefreshBin }
        configure(view)
        // The live QA tools, over whichever list (its clock, overlay, reference outline).
        let qa = QATools(controller: view, clock: clock, trace: trace, overlay: options.overlay,
                         traceAnimations: options.traceAnimations)
        qa.wrapHeaderPhase()
        self.qa = qa
        gtk_container_add(gcast(window), qa.container)

        GSignal.connectEvent(window, "key-press-event") { [weak self] event in
            self?.handleShortcut(event) ?? false
        }
        qa.attach(to: window)
        if let trace { Self.traceScrollStops(trace) }
        GSignal.connect(window, "destroy") { [weak self] in
            // Closing at any moment: answers still pending must never reach the destroyed view.
            self?.feed.cancel()
            self?.view = nil
            self?.qa = nil
            self?.bin = nil
            self?.foreignList = nil
            self?.headerBar = nil
            self?.window = nil
        }
        traceWindow(window, list: view.widget)
        gtk_widget_show_all(window)
        // Keys (F5, Home, End, Page keys) go to the list rather than the header bar's button.
        _ = gtk_widget_child_focus(view.widget, GTK_DIR_TAB_FORWARD)
    }

    /// `window` trace lines: where the list is in the toplevel, its size, the scale, the window's
    /// state, whether it has the keyboard focus and whether the pointer is over it, each time one
    /// of them changes. A compositor maximizes or tiles the window after its first frame, and
    /// gives it the pointer only once it shows there: the Wayland harness waits for these before
    /// it touches the list (docs/wayland.md).
    private func traceWindow(_ window: UnsafeMutablePointer<GtkWidget>, list: UnsafeMutablePointer<GtkWidget>) {
        guard let trace else { return }
        var last: [TraceValue] = []
        // Where the pointer entered the window (window coordinates), nil while it is outside.
        var pointer: (x: Int, y: Int)?
        let emit: @MainActor () -> Void = {
            var x: gint = 0, y: gint = 0
            _ = gtk_widget_translate_coordinates(list, window, 0, 0, &x, &y)
            let state = gtk_widget_get_window(window).map { gdk_window_get_state($0).rawValue } ?? 0
            let name = state & GDK_WINDOW_STATE_FULLSCREEN.rawValue != 0 ? "fullscreen"
                : state & GDK_WINDOW_STATE_MAXIMIZED.rawValue != 0 ? "maximized"
                : state & GDK_WINDOW_STATE_TILED.rawValue != 0 ? "tiled" : "normal"
            let values: [TraceValue] = [.int(Int(x)), .int(Int(y)), .int(Int(gtk_widget_get_allocated_width(list))),
                                        .int(Int(gtk_widget_get_allocated_height(list))),
                                        .int(Int(gtk_widget_get_scale_factor(list))), .string(name),
                                        .bool(gtk_window_is_active(gcast(window)) != 0), .bool(pointer != nil),
                                        .int(pointer?.x ?? -1), .int(pointer?.y ?? -1)]
            guard values != last else { return }
            last = values
            trace.emit("window", ["x": values[0], "y": values[1], "width": values[2], "height": values[3],
                                  "scale": values[4], "state": values[5], "active": values[6],
                                  "pointer": values[7], "pointerX": values[8], "pointerY": values[9]])
        }
        GSignal.connectSizeAllocate(list) { _ in emit() }
        GSignal.connectNotify(list, property: "scale-factor") { emit() }
        GSignal.connectNotify(window, property: "is-active") { emit() }
        GSignal.connectEvent(window, "window-state-event") { _ in
            emit()
            return false
        }
        gtk_widget_add_events(window, gint(bitPattern: GDK_ENTER_NOTIFY_MASK.rawValue | GDK_LEAVE_NOTIFY_MASK.rawValue))
        for (signal, inside) in [("enter-notify-event", true), ("leave-notify-event", false)] {
            GSignal.connectEvent(window, signal) { event in
                // Crossings between the window's own child windows leave the pointer inside.
                let crossing = event.pointee.crossing
                if crossing.detail != GDK_NOTIFY_INFERIOR {
                    pointer = inside ? (Int(crossing.x.rounded()), Int(crossing.y.rounded())) : nil
                    emit()
                }
                return false
            }
        }
    }

    private func makeHeaderBar() -> UnsafeMutablePointer<GtkWidget> {
        let bar = gtk_header_bar_new()!
        headerBar = bar
        gtk_header_bar_set_title(gcast(bar), DemoL10n.windowTitle)
        gtk_header_bar_set_show_close_button(gcast(bar), 1)
        let refresh = gtk_button_new()!
        let stack = gtk_stack_new()!
        gtk_stack_add_named(gcast(stack), gtk_image_new_from_icon_name("view-refresh-symbolic", GTK_ICON_SIZE_BUTTON), "icon")
        let spinner = gtk_spinner_new()!
        gtk_stack_add_named(gcast(stack), spinner, "spinner")
        gtk_container_add(gcast(refresh), stack)
        gtk_widget_set_tooltip_text(refresh, L10n.refreshAction + " (F5)")
        // Clicking must leave the keyboard focus on the list.
        gtk_widget_set_focus_on_click(refresh, 0)
        GSignal.connect(refresh, "clicked") { [weak self] in self?.control?.beginRefreshing() }
        gtk_header_bar_pack_start(gcast(bar), refresh)
        refreshButton = (stack, spinner)
        return bar
    }

    /// While a refresh runs the button spins (left sensitive, so the spinner shows in full
    /// contrast; a click then is the control's documented no-op).
    private func showRefreshing(_ refreshing: Bool) {
        guard let (stack, spinner) = refreshButton else { return }
        if refreshing { gtk_spinner_start(gcast(spinner)) } else { gtk_spinner_stop(gcast(spinner)) }
        gtk_stack_set_visible_child_name(gcast(stack), refreshing ? "spinner" : "icon")
    }

    private func makeView() -> RefreshView {
        switch options.content {
        case .lines: RefreshView(source: rows)
        case .feed: RefreshView(rows: FeedRenderer(rows: rows, referenceTime: Double(g_get_real_time()) / 1_000_000))
        }
    }

    /// GTK's own list over the same rows, wrapped: the app-side code is these lines.
    private func makeBin() -> RefreshBin {
        let list = ForeignList(kind: options.list, rows: (0..<rows.rowCount).map { rows.row(at: $0) })
        foreignList = list
        return RefreshBin(wrapping: list.scrolledWindow)
    }

    /// Traces each scroll-stop (a touchpad's fingers lifting) as GDK hands it to GTK, before any
    /// widget sees it: WaylandScenarioTests times the release of a pull against it. GTK 3's
    /// GtkEventControllerScroll cannot watch in the capture phase: it takes every scroll it sees.
    private static func traceScrollStops(_ trace: Trace) {
        let handler: @convention(c) (UnsafeMutablePointer<GdkEvent>?, gpointer?) -> Void = { event, data in
            guard let event else { return }
            if gdk_event_get_event_type(event) == GDK_SCROLL, gdk_event_is_scroll_stop_event(event) != 0 {
                MainActor.assumeIsolated { Unmanaged<Trace>.fromOpaque(data!).takeUnretainedValue().emit("scroll-stop") }
            }
            gtk_main_do_event(event)
        }
        gdk_event_handler_set(handler, Unmanaged.passRetained(trace).toOpaque()) { data in
            Unmanaged<Trace>.fromOpaque(data!).release()
        }
    }

    private func configure(_ view: RefreshController) {
        // The status line (the header bar's subtitle) names the row last activated.
        let activated: @MainActor (Int) -> Void = { [weak self] row in
            guard let self else { return }
            self.trace?.activate(row: row)
            if let bar = self.headerBar { gtk_header_bar_set_subtitle(gcast(bar), DemoL10n.activatedRow(row + 1)) }
        }
        if let listView = view as? RefreshView {
            listView.onActivate = activated
        } else {
            foreignList?.onRowActivated(activated)
        }
        view.header = options.appHeader?.makeAppDrawnStyle() ?? options.header.makeStyle()
        view.footerMode = options.footer
        view.onFirstFrame = { [weak self] in
            guard let self else { return }
            self.trace?.ready(rows: self.control?.rowCount ?? self.rows.rowCount)
        }
        view.onHeaderPhase = { [weak self] phase, pull in
            self?.trace?.header(phase, pull: pull)
            self?.showRefreshing(phase == .refreshing)
        }
        view.onFooterPhase = { [weak self] phase in self?.trace?.footer(phase) }
        view.onRefresh = { [weak self] in self?.refresh() }
        view.onRefreshQueued = { [weak self] in self?.trace?.refreshQueued() }
        view.onLoadMore = { [weak self] in self?.loadMore() }
        if options.source == .async { useAsyncSource(on: view) }  // SimulatedFeed+Async.swift
    }

    /// A foreign list holds copies of the rows: the feed's answer goes into it too.
    func applyRefresh(_ result: SimulatedFeed.Result) {
        if result.ok { foreignList?.prepend((0..<result.added).map { rows.row(at: $0) }) }
    }

    func applyLoad(_ result: SimulatedFeed.Result) {
        guard result.ok else { return }
        let count = rows.rowCount
        foreignList?.append((count - result.added..<count).map { rows.row(at: $0) })
    }

    private func refresh() {
        trace?.begin("refresh")
        feed.refresh { [weak self] result in
            guard let self, let view = self.control else { return }
            self.applyRefresh(result)
            self.trace?.end("refresh", ok: result.ok, added: result.added, rows: view.rowCount)
            view.endRefreshing(ok: result.ok, insertedAtTop: result.added)
        }
    }

    private func loadMore() {
        trace?.begin("load")
        feed.loadMore { [weak self] result in
            guard let self, let view = self.control else { return }
            self.applyLoad(result)
            self.trace?.end("load", ok: result.ok, added: result.added, rows: view.rowCount)
            view.endLoading(ok: result.ok, added: result.added, exhausted: result.exhausted)
        }
    }

    /// Ctrl+Q and Ctrl+W close the window (and so quit). Everything else goes on to the list.
    private func handleShortcut(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        let modifiers = event.pointee.key.state & gtk_accelerator_get_default_mod_mask().rawValue
        guard modifiers == GDK_CONTROL_MASK.rawValue else { return false }
        switch gdk_keyval_to_lower(event.pointee.key.keyval) {
        case UInt32(GDK_KEY_q), UInt32(GDK_KEY_w):
            if let window { gtk_widget_destroy(window) }
            return true
        default:
            return false
        }
    }
}
