import CGtk
import CGtkShim
import RefreshCore
import RefreshDrawing
import RefreshMainLoop
import RefreshWidgetCore

/// GTK 3's front end of the widget core: it captures input (scroll, keys, presses, focus) for
/// the core's `RefreshDriver` and carries its answers into a `ScrollHost` (our virtual list in
/// `RefreshView`, an app's own GtkScrolledWindow in `RefreshBin`). docs/architecture.md, "Hosts"
/// and "The widget core".
///
/// Lifetime: the host's root widget owns the controller, as a GTK container owns its children.
/// Keeping only the widget is enough; when it is destroyed every handler, tick callback and
/// gesture the controller added is removed, the handlers are released, and every later call is
/// a no-op.
@MainActor
public class RefreshController {
    package let host: any ScrollHost
    /// The widget to pack into a container (floating until packed).
    public var widget: UnsafeMutablePointer<GtkWidget> { host.widgets.root }

    /// The header: a built-in look (`.jike`, the default, `.classic`, `.plain`) or one the app
    /// draws (docs/behaviour.md, "App-drawn headers"), held open at its `heldHeight` while
    /// refreshing, with the timings of its `timings`. Settable at any time (a held header moves
    /// to the new height).
    public var header: any RefreshHeaderStyle = JikeHeader() {
        didSet {
            let appDrawn = appDrawnHeader
            decorations.appDrawnHeader = appDrawn
            update { $0.setHeldHeight(appDrawn?.heldHeight, at: $1) }
            store(header.timings)
            host.queueDraw()
        }
    }
    /// The built-in style the engine follows: `header`'s timings (the GObject's `header-style`).
    package var headerStyle: HeaderStyle { engine.style }
    /// `header` when the app draws it, nil for the built-in looks.
    package var appDrawnHeader: (any RefreshHeaderStyle)? { header is any BuiltInHeaderStyle ? nil : header }
    /// An app-drawn footer, drawn instead of the built-in bar (same place and height). Nil: built-in.
    public var appDrawnFooter: RefreshFooterStyle? {
        didSet {
            decorations.appDrawnFooter = appDrawnFooter
            host.queueDraw()
        }
    }
    /// The name `appDrawnFooter` had before: "app-drawn" is the one name of a look the app draws.
    @available(*, deprecated, renamed: "appDrawnFooter")
    public var customFooterStyle: RefreshFooterStyle? {
        get { appDrawnFooter }
        set { appDrawnFooter = newValue }
    }
    /// Load-more when the footer comes into view (`.auto`), on a push past the bottom (`.pull`), or
    /// never, with no footer at all (`.none`; docs/behaviour.md#footer-and-load-more).
    public var footerMode: FooterMode {
        get { engine.footerMode }
        set { store(newValue) }
    }

    /// Called once per refresh, when the header has settled open (begun mid-list: after 0.25 s).
    /// Call `endRefreshing` when done.
    public var onRefresh: (() -> Void)? {
        get { driver.onRefresh }
        set { driver.onRefresh = newValue }
    }
    /// Called once per load-more. Call `endLoading` when done.
    public var onLoadMore: (() -> Void)? {
        get { driver.onLoadMore }
        set { driver.onLoadMore = newValue }
    }
    /// A refresh was asked for (F5, `beginRefreshing`, an AT) while a load runs: it begins as soon
    /// as the load ends (docs/behaviour.md#refresh-lifecycle, "One at a time").
    public var onRefreshQueued: (() -> Void)? {
        get { driver.onRefreshQueued }
        set { driver.onRefreshQueued = newValue }
    }
    /// Every header state change, with the pull in logical px (for tracing and accessibility).
    public var onHeaderPhase: ((HeaderPhase, Double) -> Void)? {
        get { driver.onHeaderPhase }
        set { driver.onHeaderPhase = newValue }
    }
    /// Every footer state change.
    public var onFooterPhase: ((FooterPhase) -> Void)? {
        get { driver.onFooterPhase }
        set { driver.onFooterPhase = newValue }
    }
    /// Once, after the first frame was drawn.
    public var onFirstFrame: (() -> Void)?

    /// The header's state: idle, pulling, armed, refreshing, finishing or failed.
    public var headerPhase: HeaderPhase { engine.header }
    /// The footer's state: idle, armed, loading, no more data or failed.
    public var footerPhase: FooterPhase { engine.footer }
    /// The displayed pull and push, in logical px.
    public var pull: Double { engine.pull }
    /// How far the list is pushed up past its bottom (load-more), in logical px.
    public var push: Double { engine.push }
    /// True once the widget was destroyed: every call is a no-op from then on.
    public var isDestroyed: Bool { driver.isDestroyed }
    /// The host's real row count.
    public var rowCount: Int { isDestroyed ? 0 : host.rowCount }

    /// The engine's view of everything (read-only), for tests and diagnostics.
    package var state: RefreshEngine { engine }
    /// The engine's time base, in seconds. Nil: GLib's monotonic clock, and the frame clock's
    /// frame time on ticks. Tests inject a clock (and call `tick()`) so that nothing waits in
    /// real time; the demo scales it for slow motion.
    package var clock: (@MainActor () -> Double)? {
        get { driver.clock }
        set {
            driver.clock = newValue
            accessibilityBridge?.clock = { [weak self] in self?.now() ?? RefreshDriver.monotonic() }
        }
    }

    /// The widget core: the engine and everything decided around it (RefreshWidgetCore).
    let driver: RefreshDriver
    private var engine: RefreshEngine { driver.engine }
    /// Rows the user activates and selects (our list's `RefreshView`); nil on a wrapped host.
    package weak var rowInteraction: (any RowInteraction)?
    /// The first frame was drawn.
    package private(set) var hasDrawnFirstFrame = false
    /// Every handler connected for this widget (subclasses add theirs), disconnected at teardown.
    var connections: [SignalConnection] = []
    private var frameTick: TickCallback?
    private var dragGesture: OpaquePointer?
    private var pressGesture: OpaquePointer?
    private let decorations: Decorations
    /// ATK: name, status, busy state, actions and footer, plus the rows on our list
    /// (Widget/Accessibility.swift). On a bin the host's own accessible stays its child.
    let accessibilityBridge: AccessibilityBridge?
    /// Tab moved the keyboard focus from the rows to the footer.
    private(set) var footerFocused = false
    /// Where the footer's focus stop is.
    private let focusStop: FooterFocusStop

    /// Where the footer's focus stop is (docs/behaviour.md#keyboard-and-accessibility); the engine's
    /// `tab` decides when it is one, on both.
    enum FooterFocusStop {
        /// Our list's area, whose "focus" vfunc we answer: its focus is the rows' or the footer's.
        case inArea(UnsafeMutablePointer<GtkWidget>)
        /// A bin (refresh_bin.c's focus vfunc asks `binTab`): the bin itself is the focus widget
        /// only while the footer is; the rows are its child's.
        case bin(UnsafeMutablePointer<GtkWidget>)

        var widget: UnsafeMutablePointer<GtkWidget> {
            switch self {
            case .inArea(let widget), .bin(let widget): widget
            }
        }
    }

    init(host: any ScrollHost, accessibility: AccessibilityBridge?, focusStop: FooterFocusStop, ownerKey: String) {
        L10n.bindLibraryDomain()
        self.host = host
        self.accessibilityBridge = accessibility
        self.focusStop = focusStop
        decorations = Decorations(widget: host.widgets.style)
        driver = RefreshDriver(engine: RefreshEngine(viewportHeight: host.viewportHeight, rowsHeight: host.rowsHeight,
                                                     now: RefreshDriver.monotonic(),
                                                     footerRoomOutsideHost: host.widgets.footerRoomOutsideRange))
        host.footerRoom = driver.engine.footerRoom
        driver.host = self
        connectInput()
        connectAccessibility()
        connectHost()
        connectSettings()
        GSignal.connect(host.widgets.root, "destroy") { [weak self] in self?.tearDown() }
            .keep(in: &connections)
        GObjectOwnership.attach(self, to: host.widgets.root, key: ownerKey)
    }

    /// Backstop: the widget normally tears the controller down when it is destroyed, before it
    /// releases it; a controller released any other way still removes what it added.
    isolated deinit {
        tearDown()
    }

    // MARK: - Public API (docs/behaviour.md#refresh-lifecycle)

    /// Refreshes as if the user had pulled: at the top the header opens; scrolled, the refresh runs
    /// in place and its rows go in above the view (docs/behaviour.md#refresh-lifecycle).
    /// No-op while refreshing; queued while loading.
    public func beginRefreshing() {
        driver.beginRefreshing()
    }

    /// Ends the refresh. `insertedAtTop` rows were prepended by the app (0 on failure).
    /// No-op when not refreshing.
    public func endRefreshing(ok: Bool, insertedAtTop: Int = 0) {
        driver.endRefreshing(ok: ok, insertedAtTop: insertedAtTop)
    }

    /// Ends the load; `added` rows were appended by the app (0 on failure), `exhausted`: there is
    /// no more to load. No-op when not loading. On a wrapped list pass the count: until the list
    /// has laid those rows out, a gesture at its end loads nothing more
    /// (docs/behaviour.md#footer-and-load-more).
    public func endLoading(ok: Bool, added: Int = 0, exhausted: Bool = false) {
        driver.endLoading(ok: ok, added: added, exhausted: exhausted)
    }

    /// Starts a load-more, or retries a failed one, as a click on the footer does; with the end of
    /// the rows in view the footer eases fully into view (docs/behaviour.md#footer-and-load-more).
    public func loadMore() {
        driver.loadMore()
    }

    /// The row count changed outside a refresh or load (rows appended or removed at the end).
    public func reloadData() {
        guard !isDestroyed else { return }
        driver.reloadRows()
    }

    // MARK: - Engine plumbing

    /// The engine's time now.
    private func now() -> Double { driver.now() }

    /// With an injected clock: lets the engine see the clock's time (what a frame tick does).
    package func tick() {
        update { $0.tick(at: $1) }
    }

    // MARK: - What a GObject host mirrors (RefreshBin: PtrRefreshBin's properties and signals)

    /// Where the Swift API's `header` (its timings) and `footerMode` go: into the engine. A bin's
    /// GObject holds them first and applies them from there (RefreshBin), as on GTK 4
    /// (docs/gobject-api.md).
    func store(_ style: HeaderStyle) { driver.objectSettings(style: style) }
    func store(_ footerMode: FooterMode) { driver.objectSettings(footerMode: footerMode) }
    /// The engine reported a header or footer state, asked for a refresh or a load; called after
    /// the Swift handlers.
    func didReport(_ event: EngineEvent) {}
    /// The GObject has a handler connected to its `refresh` or `load-more` signal.
    func gobjectAnswers(loadMore: Bool) -> Bool { false }

    /// The engine's last successful refresh, on the wall clock (Unix seconds), or nil.
    var lastUpdatedWallClock: Double? {
        get { driver.lastUpdatedWallClock }
        set { driver.lastUpdatedWallClock = newValue }
    }

    /// Runs one engine call (RefreshDriver.update).
    private func update(_ body: (inout RefreshEngine, Double) -> Void) {
        driver.update(body)
    }

    // MARK: - Wiring

    private func connectHost() {
        host.attach(HostHooks(
            offsetChanged: { [weak self] value in
                guard let self, !self.driver.isWritingOffset else { return }
                self.update { $0.externalScroll(to: value, at: $1) }
            },
            viewportChanged: { [weak self] height in
                self?.update { $0.resize(viewportHeight: height, at: $1) }
            },
            rowsHeightChanged: { [weak self] height, above in
                self?.update { $0.setRowsHeight(height, insertedAbove: above, at: $1) }
            },
            draw: { [weak self] cr, width, height, viewportTop, parts in
                self?.drawDecorations(cr, width: width, height: height, viewportTop: viewportTop, parts: parts)
            },
            firstFrame: { [weak self] in
                self?.hasDrawnFirstFrame = true
                self?.onFirstFrame?()
            },
            styleChanged: { [weak self] in
                self?.decorations.invalidate()
                self?.host.queueDraw()
            }
        ))
    }

    private func connectInput() {
        let input = host.widgets
        for (index, widget) in input.scrollWidgets.enumerated() {
            GSignal.connectEvent(widget, "scroll-event") { [weak self] event in
                // A later widget is an ancestor of the first: it takes only the events over
                // itself (a bin's gaps), never one the first already saw and let through.
                if index > 0, gtk_get_event_widget(event) != widget { return false }
                return self?.handleScroll(event) ?? false
            }.keep(in: &connections)
        }
        for (widget, listKeys) in input.keyWidgets {
            GSignal.connectEvent(widget, "key-press-event") { [weak self] event in
                guard let self else { return false }
                return self.handleKey(event, on: listKeys ? self.host.keyHost : .plainView)
            }.keep(in: &connections)
        }

        // Mouse and touch presses: the engine's `PressGesture` decides what each one is; here it
        // is only translated and its decisions carried out.
        // HACK (docs/gtk3-notes.md, "Gestures are referenced weakly"): GTK keeps only a weak
        // pointer to a widget's gestures, so we hold the reference and drop it on destroy.
        let target = input.gestureWidget
        let drag: OpaquePointer = gtk_gesture_drag_new(target)!
        gtk_gesture_single_set_button(drag, 1)
        gtk_gesture_single_set_touch_only(drag, 0)
        gtk_event_controller_set_propagation_phase(drag, input.gesturePhase)
        dragGesture = drag
        GSignal.connectDoubles(drag, "drag-begin") { [weak self] _, _ in
            guard let self else { return }
            self.update { $0.pressDown(at: $1) }
            self.host.pressChanged(self.engine.press.phase)
        }.keep(in: &connections)
        GSignal.connectDoubles(drag, "drag-update") { [weak self] _, offsetY in
            guard let self else { return }
            let device = self.pressDevice(drag, mouseSelects: input.mouseSelects)
            var decision = PressGesture.Decision.wait
            self.update { decision = $0.pressMoved(offsetY: offsetY, device: device, at: $1) }
            self.carryOut(decision, drag: drag, phase: input.gesturePhase)
        }.keep(in: &connections)
        GSignal.connectDoubles(drag, "drag-end") { [weak self] _, _ in
            self?.update { $0.pressUp(at: $1) }
        }.keep(in: &connections)
        GSignal.connectPointer(drag, "cancel") { [weak self] _ in
            self?.update { $0.pressUp(at: $1) }
        }.keep(in: &connections)

        // A click: the footer loads more or retries, a row is activated (docs/behaviour.md,
        // "Rows" and #footer-and-load-more); the engine says which, if either.
        let press: OpaquePointer = gtk_gesture_multi_press_new(target)!
        gtk_gesture_single_set_button(press, 1)
        pressGesture = press
        GSignal.connectPress(press, "released") { [weak self] count, _, y in
            guard let self, count == 1 else { return }
            if case .inArea(let area) = self.focusStop {
                gtk_widget_grab_focus(area)
                self.setFooterFocused(false)
            }
            let viewportY = y - self.gestureViewportTop
            switch self.engine.click(atViewportY: viewportY) {
            case .footer: self.activateFooter()
            case .content: self.rowInteraction?.click(atViewportY: viewportY)
            case .nothing: break
            }
        }.keep(in: &connections)

        // HACK (docs/gtk3-notes.md, "Kinetic scrolling off"): GtkScrolledWindow's kinetic
        // scrolling runs its own touch drag, pan and swipe gestures in the capture phase, with a
        // rubber-band overshoot of its own; they would claim every touch sequence before our drag
        // gesture and fight the pull. Off, it leaves touch to us (the engine flings on release).
        gtk_scrolled_window_set_kinetic_scrolling(gcast(input.scrolledWindow), 0)
    }

    /// The device behind the drag gesture's current sequence.
    private func pressDevice(_ drag: OpaquePointer, mouseSelects: Bool) -> PressGesture.Device {
        let sequence = gtk_gesture_single_get_current_sequence(drag)
        let type = gtk_gesture_get_last_event(drag, sequence).map { $0.pointee.type } ?? GDK_NOTHING
        let touch = type == GDK_TOUCH_BEGIN || type == GDK_TOUCH_UPDATE || type == GDK_TOUCH_END
        return touch ? .touch : .mouse(hostSelects: mouseSelects)
    }

    /// Carries out the engine's decision on the press's event sequence. Claiming it stops the
    /// host's own gestures (text selection, rubber-band selection) for this press; a gesture in
    /// the bubble phase (our list) has nothing below it to stop.
    private func carryOut(_ decision: PressGesture.Decision, drag: OpaquePointer, phase: GtkPropagationPhase) {
        switch decision {
        case .claim:
            if phase == GTK_PHASE_CAPTURE { _ = gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED) }
            host.pressChanged(engine.press.phase)
        case .reject:
            _ = gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_DENIED)
        case .wait, .follow:
            break
        }
    }

    /// Follows `gtk-enable-animations`: off makes every settle and timeline jump to its end.
    private func connectSettings() {
        guard let settings = gtk_settings_get_default() else { return }
        readAnimationSetting(settings)
        GSignal.connectNotify(settings, property: "gtk-enable-animations") { [weak self] in
            self?.readAnimationSetting(settings)
        }.keep(in: &connections)
    }

    private func readAnimationSetting(_ settings: UnsafeMutablePointer<GtkSettings>) {
        let enabled = ptr_settings_get_boolean(settings, "gtk-enable-animations") != 0
        update { $0.setAnimationsEnabled(enabled, at: $1) }
    }

    private func handleScroll(_ event: UnsafeMutablePointer<GdkEvent>) -> Bool {
        guard let step = ScrollTranslation.translate(event, pageSize: engine.viewportHeight) else { return false }
        var consumed = false
        update {
            if step.delta != 0 {
                consumed = $0.scroll(delta: step.delta, source: step.source, at: $1) == .consumed
            }
            if step.isStop {
                // The stop still reaches the scrolled window (it ends its kinetic scrolling)
                // unless the engine owns the gesture.
                let stop = $0.scrollStop(at: $1)
                consumed = consumed || stop == .consumed
            }
        }
        return consumed
    }

    /// A key pressed on a widget where it reaches `keyHost`; what it does is the core's table
    /// (`KeyTable.action(for:on:)`), carried out here.
    private func handleKey(_ event: UnsafeMutablePointer<GdkEvent>, on keyHost: KeyHost) -> Bool {
        guard let key = KeyTable.intent(keyval: event.pointee.key.keyval, state: event.pointee.key.state) else {
            return false
        }
        let action = KeyTable.action(for: key, on: keyHost)
        switch engine.route(key, hostMovesCursor: action == .native, footerFocused: footerFocused) {
        case .host(let key):
            if case .scroll(let command) = key { host.hostHandlesKey(command) }
            return false
        case .refresh:
            beginRefreshing()
        case .scroll(let command):
            if let target = host.easedScrollTarget(command, from: engine.scrollBase) {
                update { $0.command(command, target: target, at: $1) }
            } else {
                update { $0.command(command, at: $1) }
            }
        case .line(let step):
            if rowInteraction?.moveSelection(by: step) == true { break }
            let target = engine.offset + Double(step) * host.lineHeight
            update { $0.externalScroll(to: target, at: $1) }
        case .activate(let rowFirst, let footer):
            if rowFirst, rowInteraction?.activateSelection() == true { break }
            guard footer else { return false }
            activateFooter()
        }
        return true
    }

    // MARK: - Rows (the `RowInteraction` role; a foreign host's rows are its own)

    /// Scrolls the least that shows content y `top ..< bottom` whole (eased like a key scroll).
    func scrollToShow(top: Double, bottom: Double) {
        update { $0.reveal(top: top, bottom: bottom, at: $1) }
    }

    /// Accessibility and redraw after a row state change.
    func rowStateChanged() {
        syncAccessibility()
    }

    /// Viewport y of the gesture widget's y (our list: the same; a bin: below its chrome).
    private var gestureViewportTop = 0.0

    private func activateFooter() {
        update { _ = $0.loadMore(at: $1) }
    }

    private func drawDecorations(_ cr: OpaquePointer, width: Double, height: Double, viewportTop: Double,
                                 parts: DecorationParts) {
        guard !isDestroyed else { return }
        var header = headerVisualForDrawing()
        var footer = engine.footerVisual
        if parts.contains(.footer) {
            // Footer clicks are hit-tested in the coordinates the footer is drawn in.
            gestureViewportTop = viewportTop
        } else {
            footer.isShown = false
        }
        if !parts.contains(.header) { header.contentTop = 0 }
        let focused = footerFocused && gtk_widget_has_focus(focusStop.widget) != 0
        decorations.draw(header: header, footer: footer, footerFocused: focused,
                         cr: cr, width: width, height: height, viewportTop: viewportTop)
    }

    /// The header as of now: "Last updated: …" counts from the engine's last update time to the
    /// draw (the engine's clock only moves on input and ticks).
    func headerVisualForDrawing() -> HeaderVisual {
        engine.headerVisual(drawnAt: now())
    }

    // MARK: - Keyboard focus and accessibility

    private func connectAccessibility() {
        guard let accessibility = accessibilityBridge else { return }
        accessibility.onAction = { [weak self] action in
            guard let self else { return }
            switch action {
            case "refresh": self.beginRefreshing()
            case "load-more", "retry": self.loadMore()
            default: self.rowInteraction?.accessibleAction(action)
            }
        }
        let stop = focusStop.widget
        GSignal.connectNotify(stop, property: "has-focus") { [weak self] in
            guard let self, !self.isDestroyed else { return }
            self.accessibilityBridge?.focusChanged()
            if case .bin = self.focusStop { self.binFocusChanged() } else if self.footerFocused { self.host.queueDraw() }
        }.keep(in: &connections)
        guard case .inArea(let area) = focusStop else { return }
        let focus: PtrFocusMove = { _, direction, hasFocus, data in
            let bits = Int(bitPattern: data)
            return MainActor.assumeIsolated {
                guard let view = WeakBox.target(UnsafeMutableRawPointer(bitPattern: bits), as: RefreshController.self)
                else {
                    return -1
                }
                return view.moveFocus(direction, entering: hasFocus == 0)
            }
        }
        ptr_scrollable_area_set_focus_callback(area, focus, WeakBox(self).retainedPointer(), WeakBox.destroyNotify)
    }

    /// Tab and Shift+Tab (the area's "focus" vfunc): the rows, then the footer when it is on screen
    /// and offers load more or retry, then out. 1: focus stays in the area, 0: it leaves, -1: GTK's way.
    private func moveFocus(_ direction: GtkDirectionType, entering: Bool) -> Int32 {
        guard !isDestroyed, direction == GTK_DIR_TAB_FORWARD || direction == GTK_DIR_TAB_BACKWARD else { return -1 }
        let current: FocusStop? = entering ? nil : footerFocused ? .footer : .rows
        guard let next = engine.tab(from: current, forward: direction == GTK_DIR_TAB_FORWARD) else { return 0 }
        setFooterFocused(next == .footer)
        return 1
    }

    /// Tab or Shift+Tab on a bin, from `from`: the next stop (the engine's `tab`).
    func binTab(from: PtrBinFocus, forward: Bool) -> PtrBinFocus {
        guard !isDestroyed else { return PTR_BIN_FOCUS_NONE }
        let current: FocusStop? = from == PTR_BIN_FOCUS_FOOTER ? .footer : from == PTR_BIN_FOCUS_ROWS ? .rows : nil
        switch engine.tab(from: current, forward: forward) {
        case .footer?: return PTR_BIN_FOCUS_FOOTER
        case .rows?: return PTR_BIN_FOCUS_ROWS
        case nil: return PTR_BIN_FOCUS_OUT
        }
    }

    /// A bin gained or lost the focus: it is the footer's while the footer holds it; given the focus
    /// any other way (an AT's grab), it passes it on to the rows.
    private func binFocusChanged() {
        let bin = focusStop.widget
        let focused = gtk_widget_has_focus(bin) != 0
        if focused, !engine.footerHoldsFocus { focusBinRows() }
        setFooterFocused(focused && engine.footerHoldsFocus)
    }

    /// The bin's rows take the focus from the bin's footer (the child's first focus stop).
    private func focusBinRows() {
        guard case .bin(let bin) = focusStop, gtk_widget_has_focus(bin) != 0, let child = gtk_bin_get_child(gcast(bin))
        else { return }
        _ = gtk_widget_child_focus(child, GTK_DIR_TAB_FORWARD)
    }

    private func setFooterFocused(_ focused: Bool) {
        guard focused != footerFocused else { return }
        footerFocused = focused
        host.queueDraw()
        syncAccessibility()
    }

    func syncAccessibility() {
        guard !isDestroyed, let accessibility = accessibilityBridge else { return }
        if footerFocused, !engine.footerHoldsFocus {
            // The focus stop went away (rows arrived below it, or it scrolled out): back to the rows.
            footerFocused = false
            host.queueDraw()
            focusBinRows()
        }
        accessibility.sync(engine: engine, host: host, footerFocused: footerFocused,
                           footerActionable: engine.footerActionable)
    }

    /// The root widget is being destroyed: stop everything that could call back.
    private func tearDown() {
        guard !isDestroyed else { return }
        driver.tearDown()
        frameTick?.remove()
        frameTick = nil
        if case .inArea(let area) = focusStop { ptr_scrollable_area_set_focus_callback(area, nil, nil, nil) }
        accessibilityBridge?.tearDown()
        host.detach()
        for connection in connections { connection.disconnect() }
        connections.removeAll()
        if let dragGesture { g_object_unref(dragGesture.gpointer) }
        if let pressGesture { g_object_unref(pressGesture.gpointer) }
        dragGesture = nil
        pressGesture = nil
        onFirstFrame = nil
        decorations.appDrawnHeader = nil
        decorations.appDrawnFooter = nil
        rowInteraction?.detach()
    }
}

extension SignalConnection {
    /// Keeps the connection for disconnecting at teardown.
    @discardableResult
    func keep(in list: inout [SignalConnection]) -> SignalConnection {
        list.append(self)
        return self
    }
}

// MARK: - The widget core's host (RefreshWidgetCore's DriverHost)

extension RefreshController: DriverHost {
    package var hostOffset: Double? { host.offset }

    package func place(_ placement: HostPlacement) {
        host.footerRoom = placement.footerRoom
        if let offset = placement.offset { host.offset = offset }
        // Moved content moves the header's gap (drawn by the host's root) as well.
        guard placement.redraw || placement.displacement != host.displacement else { return }
        host.displacement = placement.displacement
        host.queueDraw()
    }

    package func accessible(_ update: AccessibleUpdate) {
        switch update {
        case .sync: syncAccessibility()
        case let .refreshEnding(ok, newRows): accessibilityBridge?.refreshEnded(ok: ok, newRows: newRows)
        }
    }

    /// Keeps a frame-clock tick running exactly while the engine animates or waits on time.
    package func setTicking(_ needed: Bool) {
        guard !isDestroyed, needed, frameTick?.isActive != true else { return }
        frameTick = TickCallback(host.widgets.style) { [weak self] frameTime in
            // The frame time is the moment the frame will be shown.
            self?.driver.tick(frameTime: Double(frameTime) / 1_000_000) ?? false
        }
    }

    /// A host that lays rows out later reports their height when it knows it; after any change,
    /// the rows' height is the host's.
    package func rowsChanged(_ change: RowsChange) -> Double? {
        let height = host.rowsChanged(change)
        return change == .reloaded ? host.rowsHeight : height
    }

    package func report(_ event: EngineEvent) {
        if case .header(.idle, _) = event { host.headerDidSettle() }
        didReport(event)
    }

    package func objectAnswers(loadMore: Bool) -> Bool { gobjectAnswers(loadMore: loadMore) }
}
