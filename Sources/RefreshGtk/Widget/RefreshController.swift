import CGtk
import CGtkShim
import RefreshCore

/// The engine plumbing every pull-to-refresh widget shares: input capture → engine → frame
/// ticks → decorations → handlers, over a `ScrollHost` (our virtual list in `RefreshView`, an
/// app's own GtkScrolledWindow in `RefreshBin`). docs/architecture.md, "Hosts".
///
/// Lifetime: the host's root widget owns the controller, as a GTK container owns its children.
/// Keeping only the widget is enough; when it is destroyed every handler, tick callback and
/// gesture the controller added is removed, the handlers are released, and every later call is
/// a no-op.
@MainActor
public class RefreshController {
    package let host: any ScrollHost
    /// The widget to pack into a container (floating until packed).
    public var widget: UnsafeMutablePointer<GtkWidget> { host.rootWidget }

    /// The header's look; settable at any time (a held header keeps its place).
    public var headerStyle: HeaderStyle {
        get { engine.style }
        set {
            update { $0.setStyle(newValue, at: $1) }
            settingsDidChange()
        }
    }
    /// An app-drawn header (docs/behaviour.md, "App-drawn headers"): drawn instead of
    /// `headerStyle`'s look, held open at its `heldHeight` while refreshing; `headerStyle` still
    /// sets the timings. Nil: the built-in look.
    public var customHeaderStyle: RefreshHeaderStyle? {
        didSet {
            decorations.customHeader = customHeaderStyle
            let held = customHeaderStyle?.heldHeight
            update { $0.setHeldHeight(held, at: $1) }
            host.queueDraw()
        }
    }
    /// An app-drawn footer, drawn instead of the built-in bar (same place and height). Nil: built-in.
    public var customFooterStyle: RefreshFooterStyle? {
        didSet {
            decorations.customFooter = customFooterStyle
            host.queueDraw()
        }
    }
    /// Load-more when the footer comes into view (`.auto`), on a push past the bottom (`.pull`), or
    /// never, with no footer at all (`.none`; docs/behaviour.md#footer-and-load-more).
    public var footerMode: FooterMode {
        get { engine.footerMode }
        set {
            update { $0.setFooterMode(newValue, at: $1) }
            settingsDidChange()
        }
    }

    /// Called once per refresh, when the header has settled open. Call `endRefreshing` when done.
    public var onRefresh: (() -> Void)?
    /// Called once per load-more. Call `endLoading` when done.
    public var onLoadMore: (() -> Void)?
    /// A refresh was asked for (F5, `beginRefreshing`, an AT) while a load runs: it begins as soon
    /// as the load ends (docs/behaviour.md#refresh-lifecycle, "One at a time").
    public var onRefreshQueued: (() -> Void)?
    /// Every header state change, with the pull in logical px (for tracing and accessibility).
    public var onHeaderPhase: ((HeaderPhase, Double) -> Void)?
    /// Every footer state change.
    public var onFooterPhase: ((FooterPhase) -> Void)?
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
    public private(set) var isDestroyed = false
    /// The host's real row count.
    public var rowCount: Int { isDestroyed ? 0 : host.rowCount }

    /// The engine's view of everything (read-only), for tests and diagnostics.
    package var state: RefreshEngine { engine }
    /// The engine's time base, in seconds. Nil: GLib's monotonic clock, and the frame clock's
    /// frame time on ticks. Tests inject a clock (and call `tick()`) so that nothing waits in
    /// real time; the demo scales it for slow motion.
    package var clock: (@MainActor () -> Double)? {
        didSet { accessibilityBridge?.clock = { [weak self] in self?.now() ?? RefreshController.clock() } }
    }

    private var engine: RefreshEngine
    /// Every handler connected for this widget (subclasses add theirs), disconnected at teardown.
    var connections: [SignalConnection] = []
    /// The press under way stopped a fling or key scroll: its click activates nothing.
    private var pressStoppedMotion = false
    private var frameTick: TickCallback?
    private var dragGesture: OpaquePointer?
    private var pressGesture: OpaquePointer?
    /// The current drag was left to the host (a mouse drag mid-list on a foreign host).
    private var dragLeftToHost = false
    /// The current drag passed the slop and `decideDrag` ran.
    private var dragDecided = false
    /// True while we write the engine's offset into the host (its echo is not external).
    private var syncingOffset = false
    private var drawnDisplacement = 0.0
    private var drawnDecorations = false
    private let decorations: Decorations
    /// The async handlers (`refreshAction`, `loadMoreAction`) and their task: RefreshController+Async.swift.
    let asyncActions = AsyncActions()
    /// ATK: name, status, busy state, actions and footer, plus the rows on our list
    /// (Widget/Accessibility.swift). On a bin the host's own accessible stays its child.
    let accessibilityBridge: AccessibilityBridge?
    /// Tab moved the keyboard focus from the rows to the footer (a focus stop inside the area).
    private(set) var footerFocused = false
    /// The focusable area whose "focus" vfunc we answer (our list only).
    private let focusArea: UnsafeMutablePointer<GtkWidget>?

    init(host: any ScrollHost, accessibility: AccessibilityBridge?, focusArea: UnsafeMutablePointer<GtkWidget>?,
         ownerKey: String) {
        L10n.bindLibraryDomain()
        self.host = host
        self.accessibilityBridge = accessibility
        self.focusArea = focusArea
        decorations = Decorations(widget: host.styleWidget)
        engine = RefreshEngine(viewportHeight: host.viewportHeight, rowsHeight: host.rowsHeight,
                               now: RefreshController.clock())
        host.extraBottom = engine.footerInScrollRange ? Tuning.footerHeight : 0
        connectInput()
        connectAccessibility()
        connectHost()
        connectSettings()
        GSignal.connect(host.rootWidget, "destroy") { [weak self] in self?.tearDown() }
            .keep(in: &connections)
        GObjectOwnership.attach(self, to: host.rootWidget, key: ownerKey)
    }

    /// Backstop: the widget normally tears the controller down when it is destroyed, before it
    /// releases it; a controller released any other way still removes what it added.
    isolated deinit {
        tearDown()
    }

    // MARK: - Public API (docs/behaviour.md#refresh-lifecycle)

    /// Reveals the header and refreshes, as if the user had pulled. No-op while refreshing or loading.
    public func beginRefreshing() {
        update { _ = $0.beginRefreshing(at: $1) }
    }

    /// Ends the refresh. `insertedAtTop` rows were prepended by the app (0 on failure).
    /// No-op when not refreshing.
    public func endRefreshing(ok: Bool, insertedAtTop: Int = 0) {
        guard !isDestroyed else { return }
        let count = ok ? max(insertedAtTop, 0) : 0
        if engine.header == .refreshing {
            accessibilityBridge?.refreshEnded(ok: ok, newRows: insertedAtTop)
            if count > 0 { host.expectRowsInserted(atTop: count, engineOffset: engine.offset) }
        }
        // A host that lays rows out later reports their height when it knows it.
        let inserted = count > 0 ? host.heightOfRowsInserted(atTop: count) ?? 0 : 0
        update { _ = $0.endRefreshing(ok: ok, insertedHeight: inserted, at: $1) }
        reloadRowsIfNeeded()
    }

    /// Ends the load; `added` rows were appended by the app. No-op when not loading.
    public func endLoading(added: Int, exhausted: Bool, ok: Bool) {
        guard !isDestroyed else { return }
        let addedHeight = ok && added > 0 ? host.heightOfRowsAppended(added) ?? 0 : 0
        update { _ = $0.endLoading(ok: ok, exhausted: exhausted, addedHeight: addedHeight, at: $1) }
        reloadRowsIfNeeded()
    }

    /// Starts a load-more (or retries a failed one) as if the footer was clicked.
    public func loadMore() {
        update { _ = $0.loadMore(at: $1) }
    }

    /// The row count changed outside a refresh or load (rows appended or removed at the end).
    public func reloadData() {
        guard !isDestroyed else { return }
        host.reloadData()  // a list's row count follows its renderer's first
        update { $0.setRowsHeight(self.host.rowsHeight, at: $1) }
        reloadRowsIfNeeded()
    }

    // MARK: - Engine plumbing

    /// Seconds on GLib's monotonic clock, the frame clock's time base.
    static func clock() -> Double { Double(g_get_monotonic_time()) / 1_000_000 }

    /// The engine's time now.
    private func now() -> Double { clock?() ?? RefreshController.clock() }

    /// With an injected clock: lets the engine see the clock's time (what a frame tick does).
    package func tick() {
        update { $0.tick(at: $1) }
    }

    // MARK: - What a GObject host mirrors (RefreshBin: PtrRefreshBin's properties and signals)

    /// `headerStyle` or `footerMode` was set through the Swift API.
    func settingsDidChange() {}
    /// The engine reported a header or footer state, asked for a refresh or a load; called after
    /// the Swift handlers.
    func didReport(_ event: EngineEvent) {}
    /// The GObject has a handler connected to its `refresh` or `load-more` signal.
    func gobjectAnswers(loadMore: Bool) -> Bool { false }

    /// Something answers a refresh (load) request: an async action, a Swift handler or a
    /// GObject signal handler.
    private func hasHandler(loadMore: Bool) -> Bool {
        (loadMore ? asyncActions.loadMore != nil || onLoadMore != nil
                  : asyncActions.refresh != nil || onRefresh != nil) || gobjectAnswers(loadMore: loadMore)
    }

    /// The engine's last successful refresh, on the wall clock (Unix seconds), or nil.
    var lastUpdatedWallClock: Double? {
        get {
            guard let last = engine.lastUpdated else { return nil }
            return Double(g_get_real_time()) / 1_000_000 - (now() - last)
        }
        set {
            let value = newValue.map { now() - (Double(g_get_real_time()) / 1_000_000 - $0) }
            update { engine, _ in engine.setLastUpdated(value) }
        }
    }

    /// Runs one engine call, mirrors the result into GTK, then tells the app what happened.
    /// Handlers may call back into the view (e.g. `endRefreshing` from `onRefresh`): the engine
    /// call has finished by then, so that re-entry is an ordinary new update.
    private func update(at time: Double? = nil, _ body: (inout RefreshEngine, Double) -> Void) {
        guard !isDestroyed else { return }
        body(&engine, time ?? now())
        syncToGtk()
        dispatch(engine.takeEvents())
        scheduleTicks()
    }

    private func syncToGtk() {
        host.extraBottom = engine.footerInScrollRange ? Tuning.footerHeight : 0
        if abs(host.offset - engine.offset) > 0.001 {
            syncingOffset = true
            host.offset = engine.offset
            syncingOffset = false
        }
        let displacement = engine.displacement
        let decorations = engine.header != .idle || engine.pull > 0 || engine.footer == .loading
            || engine.push > 0 || engine.needsTicks
        if displacement != drawnDisplacement || decorations || drawnDecorations {
            drawnDisplacement = displacement
            host.displacement = displacement
            host.queueDraw()
        }
        drawnDecorations = decorations
        syncAccessibility()
    }

    private func dispatch(_ events: [EngineEvent]) {
        for event in events {
            guard !isDestroyed else { return }
            // Read before the handlers run (one may replace itself).
            let unanswered = event == .refreshRequested && !hasHandler(loadMore: false)
                || event == .loadRequested && !hasHandler(loadMore: true)
            switch event {
            case let .header(phase, pull):
                if phase == .idle, let folded = host.headerDidSettle() {
                    // The rows a refresh prepended above the ones on screen become scrollable:
                    // the range takes them in, and the offset moves past them (nothing on screen
                    // moves; docs/architecture.md, "Hosts").
                    update {
                        $0.setRowsHeight(self.host.rowsHeight, at: $1)
                        $0.externalScroll(to: folded, at: $1)
                    }
                }
                onHeaderPhase?(phase, pull)
            case let .footer(phase): onFooterPhase?(phase)
            case .refreshRequested: if !asyncActions.startRefresh(for: self) { onRefresh?() }
            case .loadRequested: if !asyncActions.startLoadMore(for: self) { onLoadMore?() }
            case .refreshQueued: onRefreshQueued?()
            }
            guard !isDestroyed else { return }
            didReport(event)
            if unanswered { endUnanswered(event) }
        }
    }

    /// Nothing answers the request: it ends at once rather than spin for ever (docs/behaviour.md,
    /// "Missing handlers"). A refresh succeeds with no new rows (the header closes); a load finds
    /// nothing more (the footer says so until the next refresh).
    private func endUnanswered(_ event: EngineEvent) {
        if event == .refreshRequested, engine.header == .refreshing {
            endRefreshing(ok: true)
        } else if event == .loadRequested, engine.footer == .loading {
            endLoading(added: 0, exhausted: true, ok: true)
        }
    }

    /// Keeps a frame-clock tick running exactly while the engine animates or waits on time.
    private func scheduleTicks() {
        guard !isDestroyed, engine.needsTicks, frameTick?.isActive != true else { return }
        frameTick = TickCallback(host.styleWidget) { [weak self] frameTime in
            guard let self, !self.isDestroyed else { return false }
            // The frame time is the moment the frame will be shown; an injected clock wins.
            self.update(at: self.clock == nil ? Double(frameTime) / 1_000_000 : nil) { $0.tick(at: $1) }
            return self.engine.needsTicks
        }
    }

    private func reloadRowsIfNeeded() {
        guard !isDestroyed else { return }
        host.reloadData()  // a list's row count follows its renderer's first
        if abs(engine.rowsHeight - host.rowsHeight) > 0.001 {
            // The app changed more rows than it reported: trust the host.
            update { $0.setRowsHeight(self.host.rowsHeight, at: $1) }
        }
        host.reloadData()
        syncToGtk()
    }

    // MARK: - Wiring

    private func connectHost() {
        host.attach(HostHooks(
            offsetChanged: { [weak self] value in
                guard let self, !self.syncingOffset else { return }
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
            firstFrame: { [weak self] in self?.onFirstFrame?() },
            styleChanged: { [weak self] in
                self?.decorations.invalidate()
                self?.host.queueDraw()
            }
        ))
    }

    private func connectInput() {
        let input = host.input
        for (index, widget) in input.scrollWidgets.enumerated() {
            GSignal.connectEvent(widget, "scroll-event") { [weak self] event in
                // A later widget is an ancestor of the first: it takes only the events over
                // itself (a bin's gaps), never one the first already saw and let through.
                if index > 0, gtk_get_event_widget(event) != widget { return false }
                return self?.handleScroll(event) ?? false
            }.keep(in: &connections)
        }
        for (widget, scrollKeys) in input.keyWidgets {
            GSignal.connectEvent(widget, "key-press-event") { [weak self] event in
                self?.handleKey(event, scrollKeys: scrollKeys) ?? false
            }.keep(in: &connections)
        }

        // Mouse and touch drags. HACK: GTK keeps only a weak pointer to a widget's gestures, so
        // we hold the reference and drop it on destroy.
        let target = input.gestureWidget
        let drag: OpaquePointer = gtk_gesture_drag_new(target)!
        gtk_gesture_single_set_button(drag, 1)
        gtk_gesture_single_set_touch_only(drag, 0)
        gtk_event_controller_set_propagation_phase(drag, input.gesturePhase)
        dragGesture = drag
        GSignal.connectDoubles(drag, "drag-begin") { [weak self] _, _ in
            guard let self else { return }
            self.dragLeftToHost = false
            self.dragDecided = false
            self.pressStoppedMotion = self.engine.isCoasting
            self.host.pressBegan()
            self.update { $0.dragBegin(at: $1) }
        }.keep(in: &connections)
        GSignal.connectDoubles(drag, "drag-update") { [weak self] _, offsetY in
            guard let self, !self.dragLeftToHost else { return }
            if !self.dragDecided, abs(offsetY) >= Tuning.dragSlop {
                self.dragDecided = true
                guard self.decideDrag(offsetY: offsetY) else { return }
            }
            self.update { $0.dragUpdate(offsetY: offsetY, at: $1) }
        }.keep(in: &connections)
        GSignal.connectDoubles(drag, "drag-end") { [weak self] _, _ in
            self?.update { $0.dragEnd(at: $1) }
        }.keep(in: &connections)
        GSignal.connectPointer(drag, "cancel") { [weak self] _ in
            self?.update { $0.dragEnd(at: $1) }
        }.keep(in: &connections)

        // A click on the footer loads more or retries (docs/behaviour.md#footer-and-load-more).
        let press: OpaquePointer = gtk_gesture_multi_press_new(target)!
        gtk_gesture_single_set_button(press, 1)
        pressGesture = press
        GSignal.connectPress(press, "released") { [weak self] count, x, y in
            guard let self, count == 1 else { return }
            if let focusArea = self.focusArea {
                gtk_widget_grab_focus(focusArea)
                self.setFooterFocused(false)
            }
            if self.footerContains(x: x, y: y) {
                self.activateFooter()
            } else if !self.dragDecided, !self.pressStoppedMotion, self.engine.pull == 0, self.engine.push == 0 {
                // A click, not a drag that became a scroll or pull, nor the tap that stopped a
                // fling (docs/behaviour.md, "Rows").
                self.rowClicked(viewportY: y - self.gestureViewportTop)
            }
        }.keep(in: &connections)

        // HACK: GtkScrolledWindow's kinetic scrolling runs its own touch drag, pan and swipe
        // gestures in the capture phase, with a rubber-band overshoot of its own; they would
        // claim every touch sequence before our drag gesture and fight the pull. Off, it leaves
        // touch to us (the engine flings on release). docs/architecture.md, "Hosts".
        gtk_scrolled_window_set_kinetic_scrolling(gcast(input.scrolledWindow), 0)
    }

    /// A drag moved past the slop: who gets it. Touch always scrolls and pulls (the scrolled
    /// window's own touch scrolling is off); a mouse drag on a host that selects with the mouse
    /// pulls only at an edge, otherwise it is the host's. Claiming stops the host's own gestures
    /// (text selection, rubber-band selection) for this drag.
    private func decideDrag(offsetY: Double) -> Bool {
        guard let drag = dragGesture else { return false }
        let sequence = gtk_gesture_single_get_current_sequence(drag)
        let event = gtk_gesture_get_last_event(drag, sequence)
        let type = event.map { $0.pointee.type } ?? GDK_NOTHING
        let touch = type == GDK_TOUCH_BEGIN || type == GDK_TOUCH_UPDATE || type == GDK_TOUCH_END
        let atTop = engine.offset <= 0.5 && offsetY > 0
        let atBottom = engine.offset + engine.viewportHeight >= engine.rowsHeight - 0.5 && offsetY < 0
        let input = host.input
        if touch || input.mouseDragsScroll || atTop || atBottom || engine.pull > 0 || engine.push > 0 {
            if input.gesturePhase == GTK_PHASE_CAPTURE {
                _ = gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED)
                // The press reached the host before the drag was ours: a pull or scroll selects
                // nothing (the host's row selection and cursor go back to what they were).
                host.pressBecameScroll()
            }
            return true
        }
        dragLeftToHost = true
        _ = gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_DENIED)
        update { $0.dragEnd(at: $1) }
        return false
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
                if !consumed, self.host.footerRoomIsVirtual, $0.footerInScrollRange {
                    // A foreign host's footer room is ours, past the end of its adjustment: the
                    // scrolled window cannot scroll into it, so the engine does.
                    let hostEnd = $0.rowsHeight - $0.viewportHeight
                    if step.delta > 0 && $0.offset >= hostEnd - 0.5 && $0.offset < $0.maxOffset
                        || step.delta < 0 && $0.offset > hostEnd + 0.5 {
                        $0.externalScroll(to: $0.offset + step.delta, at: $1)
                        consumed = true
                    }
                }
            }
            if step.isStop {
                // The stop still reaches the scrolled window (it ends its kinetic scrolling)
                // unless the engine owns the gesture.
                consumed = consumed || $0.pull > 0 || $0.push > 0
                $0.scrollStop(at: $1)
            }
        }
        return consumed
    }

    private func handleKey(_ event: UnsafeMutablePointer<GdkEvent>, scrollKeys: Bool) -> Bool {
        guard let action = KeyAction.from(keyval: event.pointee.key.keyval, state: event.pointee.key.state) else {
            return false
        }
        // Enter and Space on a footer that offers load more or a retry are the footer's on every
        // host, before a host that activates its cursor row with them (a tree view).
        let footerKey = action == .activate && footerIsReachable
        if !scrollKeys, action != .refresh, !footerKey {
            if case .scroll(let command) = action { host.hostWillHandle(command) }
            return false
        }
        switch action {
        case .refresh:
            beginRefreshing()
        case .scroll(let command):
            guard !host.scroll(command) else { break }
            if let target = host.pageTarget(command, from: engine.scrollBase) {
                update { $0.command(command, target: target, at: $1) }
            } else {
                update { $0.command(command, at: $1) }
            }
        case .lineUp, .lineDown:
            if moveSelection(by: action == .lineUp ? -1 : 1) { break }
            let target = engine.offset + (action == .lineUp ? -host.lineHeight : host.lineHeight)
            update { $0.externalScroll(to: target, at: $1) }
        case .activate:
            if !footerFocused, activateSelection() { break }
            guard footerIsReachable else { return false }
            activateFooter()
        }
        return true
    }

    // MARK: - Rows (RefreshView overrides; a foreign host's rows are its own)

    /// A click on the rows at viewport y.
    func rowClicked(viewportY: Double) {}
    /// Up or Down moved the selection (true), or there is none to move (false: the keys scroll).
    func moveSelection(by step: Int) -> Bool { false }
    /// Enter activated the selected row (true), or none is selected.
    func activateSelection() -> Bool { false }
    /// An AT ran an action the controller does not know ("activate-row:N"), or AtkSelection asked
    /// for a selection ("select-row:N", "select-none").
    func accessibleAction(_ id: String) {}

    /// Scrolls the least that shows content y `top ..< bottom` whole (eased like a key scroll).
    func scrollToShow(top: Double, bottom: Double) {
        let offset = engine.scrollBase, height = engine.viewportHeight
        let target = top < offset ? top : bottom > offset + height ? bottom - height : offset
        guard abs(target - offset) > 0.5 else { return }
        update { $0.command(target > offset ? .pageDown : .pageUp, target: target, at: $1) }
    }

    /// Accessibility and redraw after a row state change.
    func rowStateChanged() {
        syncAccessibility()
    }

    /// The footer is on screen and says "Load more" or "Couldn't load — click to retry".
    private var footerIsReachable: Bool {
        let footer = engine.footerVisual
        return footer.isShown && (footer.phase == .idle || footer.phase == .failed)
            && footer.top < engine.viewportHeight && footer.top + Tuning.footerHeight > 0
    }

    /// Viewport y of the gesture widget's y (our list: the same; a bin: below its chrome).
    private var gestureViewportTop = 0.0

    private func footerContains(x: Double, y: Double) -> Bool {
        let top = engine.footerVisual.top
        let viewportY = y - gestureViewportTop
        return footerIsReachable && viewportY >= top && viewportY < top + Tuning.footerHeight
    }

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
        let focused = footerFocused && focusArea.map { gtk_widget_has_focus($0) != 0 } == true
        decorations.draw(header: header, footer: footer, footerFocused: focused,
                         cr: cr, width: width, height: height, viewportTop: viewportTop)
    }

    /// The header as of now: "Last updated: …" counts from the engine's last update time to the
    /// draw (the engine's clock only moves on input and ticks).
    func headerVisualForDrawing() -> HeaderVisual {
        var visual = engine.headerVisual
        if let since = visual.sinceLastUpdate {
            visual.sinceLastUpdate = since + max(0, now() - engine.now)
        }
        return visual
    }

    // MARK: - Keyboard focus and accessibility

    private func connectAccessibility() {
        guard let accessibility = accessibilityBridge else { return }
        accessibility.onAction = { [weak self] action in
            guard let self else { return }
            switch action {
            case "refresh": self.beginRefreshing()
            case "load-more", "retry": self.loadMore()
            default: self.accessibleAction(action)
            }
        }
        // The focus stop on the footer is our list's (a bin is not focusable itself).
        guard let area = focusArea else { return }
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
        GSignal.connectNotify(area, property: "has-focus") { [weak self] in
            guard let self, !self.isDestroyed else { return }
            self.accessibilityBridge?.focusChanged()
            if self.footerFocused { self.host.queueDraw() }
        }.keep(in: &connections)
    }

    /// Tab and Shift+Tab (the area's "focus" vfunc): the rows, then the footer when it is on screen
    /// and offers load more or retry, then out. 1: focus stays in the area, 0: it leaves, -1: GTK's way.
    private func moveFocus(_ direction: GtkDirectionType, entering: Bool) -> Int32 {
        guard !isDestroyed, direction == GTK_DIR_TAB_FORWARD || direction == GTK_DIR_TAB_BACKWARD else { return -1 }
        let forward = direction == GTK_DIR_TAB_FORWARD
        if entering {
            setFooterFocused(!forward && footerIsReachable)
            return 1
        }
        if forward, !footerFocused, footerIsReachable {
            setFooterFocused(true)
            return 1
        }
        if !forward, footerFocused {
            setFooterFocused(false)
            return 1
        }
        return 0
    }

    private func setFooterFocused(_ focused: Bool) {
        guard focused != footerFocused else { return }
        footerFocused = focused
        host.queueDraw()
        syncAccessibility()
    }

    fileprivate func syncAccessibility() {
        guard !isDestroyed, let accessibility = accessibilityBridge else { return }
        if footerFocused {
            // The focus stop went away (rows arrived below it, or it scrolled out): back to the rows.
            let footer = engine.footerVisual
            let onScreen = footer.isShown && footer.top < engine.viewportHeight && footer.top + Tuning.footerHeight > 0
            if !onScreen || footer.phase == .noMoreData {
                footerFocused = false
                host.queueDraw()
            }
        }
        accessibility.sync(engine: engine, host: host, list: host as? ListView, footerFocused: footerFocused,
                           footerActionable: footerIsReachable)
    }

    /// The root widget is being destroyed: stop everything that could call back.
    private func tearDown() {
        guard !isDestroyed else { return }
        isDestroyed = true
        frameTick?.remove()
        frameTick = nil
        if let focusArea { ptr_scrollable_area_set_focus_callback(focusArea, nil, nil, nil) }
        accessibilityBridge?.tearDown()
        host.detach()
        for connection in connections { connection.disconnect() }
        connections.removeAll()
        if let dragGesture { g_object_unref(dragGesture.gpointer) }
        if let pressGesture { g_object_unref(pressGesture.gpointer) }
        dragGesture = nil
        pressGesture = nil
        asyncActions.tearDown()
        onRefresh = nil
        onLoadMore = nil
        onHeaderPhase = nil
        onFooterPhase = nil
        onFirstFrame = nil
        decorations.customHeader = nil
        decorations.customFooter = nil
        (self as? RefreshView)?.onActivate = nil
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
