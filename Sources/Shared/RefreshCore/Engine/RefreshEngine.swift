/// The whole pull-to-refresh / load-more behaviour as one value type (docs/behaviour.md).
///
/// The host feeds it input and time; it answers with the list offset, the displayed pull/push,
/// the header/footer states, what to draw (`headerVisual`, `footerVisual`) and events to act on
/// (`takeEvents()`). It owns no timer: every call carries the time (seconds, monotonic), and
/// everything due by then (a wheel's quiet-period release, a finished settle, the refresh action,
/// the failure hold) happens in `advance(to:)`, in time order, before the call is handled.
///
/// Structure: every public mutating call is one `Input` through `handle(_:at:)`, which advances
/// time, dispatches and records the state changes as events. The scroll physics (offset, fling,
/// edges, settles) is `ScrollPhysics`; the header is one `HeaderState` written by `setHeader`; the
/// footer is a `FooterMachine` driven through `footerEvent`.
public struct RefreshEngine: Sendable {
    // MARK: Configuration

    public private(set) var style: HeaderStyle
    /// An app-drawn header's held height `H`, in place of `style.heldHeight` (nil: the style's).
    public private(set) var heldHeightOverride: Double?
    public private(set) var footerMode: FooterMode
    /// The host's scroll range ends at the last row: the auto-mode footer's room after it is
    /// scrolled by the engine, not by the host (a wrapped GtkScrolledWindow; docs/architecture.md,
    /// "Hosts"). False: the host's range includes it (our list).
    public let footerRoomOutsideHost: Bool
    /// `gtk-enable-animations`: when false every settle and timeline that starts jumps to its end
    /// value. Change it with `setAnimationsEnabled(_:at:)`.
    public private(set) var animationsEnabled = true

    // MARK: Geometry the host reports

    public private(set) var viewportHeight: Double
    /// Height of all rows (the footer is not included).
    public private(set) var rowsHeight: Double
    /// The list's scroll offset, 0 … `maxOffset`. The host mirrors it into its adjustment.
    public var offset: Double { physics.offset }

    // MARK: State

    /// The latest time seen; every value is evaluated at it.
    public private(set) var now: Double
    private var physics = ScrollPhysics()
    private var gesture: Gesture?
    /// A touchpad here has ended a gesture with a scroll-stop (GTK on Wayland): its gestures now
    /// wait for their stop, however long the fingers rest (docs/behaviour.md#input-model).
    private var touchpadSendsStops = false
    private var drag: DragTracker?
    /// The press under way, or the last one: a click, the engine's drag or the host's
    /// (docs/behaviour.md#input-model).
    public private(set) var press = PressGesture()
    private(set) var headerState: HeaderState = .idle
    private var footerMachine = FooterMachine()
    public var footer: FooterPhase { footerMachine.phase }
    /// When the current load began (the footer spinner's time zero); 0 while no load runs.
    public var loadStarted: Double { footerMachine.loadStarted }
    /// Classic header arrow: 0 points down, 1 points up.
    private var arrow = Tween(from: 0, to: 0, start: 0, duration: 0)
    var arrowTurn: Double { arrow.value(at: now) }
    /// When the last refresh succeeded (for "Last updated").
    public private(set) var lastUpdated: Double?
    /// A refresh asked for while a load runs: it begins as soon as the load ends
    /// (docs/behaviour.md#refresh-lifecycle, "One at a time"). Part of the footer's loading state.
    public var refreshQueued: Bool { footerMachine.refreshQueued }
    private var reportedHeader: HeaderPhase = .idle
    private var reportedFooter: FooterPhase = .idle
    private var events: [EngineEvent] = []

    public init(style: HeaderStyle = .jike, footerMode: FooterMode = .auto,
                viewportHeight: Double, rowsHeight: Double, now: Double = 0, footerRoomOutsideHost: Bool = false) {
        self.style = style
        self.footerMode = footerMode
        self.footerRoomOutsideHost = footerRoomOutsideHost
        self.viewportHeight = max(viewportHeight, 0)
        self.rowsHeight = max(rowsHeight, 0)
        self.now = now
    }

    // MARK: - Derived values

    /// Displayed pull `p` at the top edge (docs/behaviour.md#words).
    public var pull: Double { physics.pull(limits, at: now) }
    /// Displayed push `q` at the bottom edge.
    public var push: Double { physics.push(limits, at: now) }
    /// How far the content is drawn shifted down from its scroll position (pull − push).
    public var displacement: Double { pull - push }

    public var header: HeaderPhase { headerState.phase }

    /// Rows shorter than the viewport: the footer stays out of sight and nothing loads (docs/behaviour.md#footer-and-load-more).
    public var isShortList: Bool { rowsHeight < viewportHeight }
    /// The footer exists: a mode other than `.none`, on a list that is not short. Without it
    /// nothing loads — auto, pull, keys, click, an AT or `loadMore` (docs/behaviour.md#footer-and-load-more).
    public var hasFooter: Bool { footerMode != .none && !isShortList }
    /// In auto mode the footer follows the last row inside the scroll range; in pull mode it is
    /// revealed by pushing past the bottom.
    public var footerInScrollRange: Bool { footerMode == .auto && !isShortList }
    /// The footer's room after the last row, inside the scroll range (auto mode), in logical px.
    public var footerRoom: Double { footerInScrollRange ? Tuning.footerHeight : 0 }
    public var contentHeight: Double { rowsHeight + footerRoom }
    public var maxOffset: Double { max(0, contentHeight - viewportHeight) }
    public var isGestureActive: Bool { gesture != nil }
    /// A pull or a push is shown: the content is out of its place.
    public var isOverscrolled: Bool { pull > 0 || push > 0 }

    /// The footer is at least partly in the viewport.
    public var footerOnScreen: Bool {
        let footer = footerVisual
        return footer.isShown && footer.top < viewportHeight && footer.top + Tuning.footerHeight > 0
    }
    /// The footer is on screen and offers load more or a retry: Enter, Space, a click and an AT
    /// run it, and Tab stops on it (docs/behaviour.md#footer-and-load-more).
    public var footerActionable: Bool { footerOnScreen && (footer == .idle || footer == .failed) }
    /// The footer keeps the keyboard focus Tab gave it: on screen and not "No more items" (a
    /// load under way keeps it).
    public var footerHoldsFocus: Bool { footerOnScreen && footer != .noMoreData }

    /// The header or footer may change on screen from one update to the next: the host redraws
    /// them on every update while this holds (and once more after).
    public var decorationsAnimate: Bool {
        header != .idle || footer == .loading || isOverscrolled || needsTicks
    }

    /// True while anything moves or waits on time: the host keeps a frame tick running.
    public var needsTicks: Bool {
        if gesture != nil || physics.motion != nil { return true }
        // Spinners turn only with animations on; without them a refresh or load waits on time
        // only for its action, the failure hold or the end of its stage.
        if footer == .loading, animationsEnabled { return true }
        switch headerState {
        case .idle, .pulling, .armed: break
        case .revealing, .failed, .finishing: return true
        case .running(_, let actionDue): if animationsEnabled || actionDue != nil { return true }
        }
        if !arrow.isFinished(at: now) { return true }
        return physics.isTopSettling || physics.isBottomSettling
    }

    /// `H`: the app-drawn header's when there is one (docs/behaviour.md, "App-drawn headers").
    public var heldHeight: Double { heldHeightOverride ?? style.heldHeight }
    private var refreshRunning: Bool { headerState.holdsHeader }
    private var footerHeld: Bool { footerMode == .pull && footer == .loading }
    private var canRefresh: Bool { footer != .loading && !refreshRunning }
    private var canLoad: Bool {
        !refreshRunning && footer != .loading && footer != .noMoreData && hasFooter
    }
    private var canLoadIgnoringArm: Bool { !refreshRunning && hasFooter }

    /// The scroll range and each edge's overscroll map right now: the first H (or footer height)
    /// px of a held header (footer) are free, a scroll position; beyond, the rubber band.
    var limits: ScrollLimits {
        let band = RubberBand(dimension: viewportHeight)
        return ScrollLimits(maxOffset: maxOffset,
                            top: EdgeCurve(base: refreshRunning ? heldHeight : 0, band: band),
                            bottom: EdgeCurve(base: footerHeld ? Tuning.footerHeight : 0, band: band))
    }

    private func duration(_ seconds: Double) -> Double { animationsEnabled ? seconds : 0 }

    // MARK: - Public calls: each one is an `Input` through `handle(_:at:)`

    /// A wheel notch or smooth scroll delta in px (positive = towards the bottom of the list).
    /// Mid-list the engine only notes the gesture and answers `.passThrough`. A delta that reaches
    /// past an edge, or meets overscroll, is the engine's (`.consumed`): it moves `offset` itself.
    public mutating func scroll(delta: Double, source: ScrollSource, at t: Double) -> ScrollDisposition {
        handle(.scroll(delta: delta, source: source), at: t).disposition
    }

    /// The touchpad's scroll-stop event: the fingers left the pad. `.consumed` while a pull or push
    /// is shown (the engine's gesture); otherwise the host sees it too (it ends its own scrolling).
    @discardableResult
    public mutating func scrollStop(at t: Double) -> ScrollDisposition { handle(.scrollStop, at: t).disposition }

    /// The primary button or a finger went down (not yet a gesture: a click must not start one).
    public mutating func pressDown(at t: Double) { handle(.pressDown, at: t) }

    /// The press moved; `offsetY` is its total movement since `pressDown` (down = positive).
    /// Past the slop it becomes the engine's drag (the content follows it) or the host's own
    /// (`PressGesture`); the answer says what the host does with the press's event sequence.
    @discardableResult
    public mutating func pressMoved(offsetY: Double, device: PressGesture.Device, at t: Double) -> PressGesture.Decision {
        handle(.pressMoved(offsetY: offsetY, device: device), at: t).decision
    }

    /// The button or finger went up, or the host cancelled the press.
    public mutating func pressUp(at t: Double) { handle(.pressUp, at: t) }

    /// A touch drag started: `pressDown`.
    public mutating func dragBegin(at t: Double) { pressDown(at: t) }

    /// The touch drag moved `offsetY` since `dragBegin`: `pressMoved` with a finger, always the engine's.
    public mutating func dragUpdate(offsetY: Double, at t: Double) { pressMoved(offsetY: offsetY, device: .touch, at: t) }

    /// The finger went up: `pressUp`.
    public mutating func dragEnd(at t: Double) { pressUp(at: t) }

    /// What a click (a press released within the slop) at viewport y lands on: the footer while it
    /// is actionable, else the content — unless the press stopped a fling or key scroll, or a pull
    /// or push is shown, when it does nothing (docs/behaviour.md, "Rows").
    public func click(atViewportY y: Double) -> ClickTarget {
        let top = footerVisual.top
        if footerActionable, y >= top, y < top + Tuning.footerHeight { return .footer }
        return press.isClick && !isOverscrolled ? .content : .nothing
    }

    /// What a key does. `hostMovesCursor`: the host moves a cursor of its own with this movement
    /// key (KeyTable's `.native`: a wrapped GtkTreeView's arrows): it stays the host's. Enter and
    /// Space are the footer's on every host while it is actionable (a tree view's cursor row is
    /// not activated), else the selected row's or the host's; F5 and Ctrl+R are always ours.
    /// `footerFocused`: Tab moved the focus to the footer, so Enter is the footer's, not a row's.
    public func route(_ key: KeyIntent, hostMovesCursor: Bool, footerFocused: Bool) -> KeyRoute {
        switch key {
        case .refresh: return .refresh
        case .activate where footerActionable: return .activate(rowFirst: !footerFocused, footer: true)
        case _ where hostMovesCursor: return .host(key)
        case .scroll(let command): return .scroll(command)
        case .lineUp: return .line(-1)
        case .lineDown: return .line(1)
        case .activate: return .activate(rowFirst: !footerFocused, footer: false)
        }
    }

    /// Where Tab (`forward`) or Shift+Tab moves the keyboard focus inside the list from `current`
    /// (nil: it is entering from outside): the rows, then the footer while it is actionable; nil:
    /// out of the list (docs/behaviour.md#keyboard-and-accessibility).
    public func tab(from current: FocusStop?, forward: Bool) -> FocusStop? {
        guard let current else { return !forward && footerActionable ? .footer : .rows }
        if forward, current == .rows, footerActionable { return .footer }
        if !forward, current == .footer { return .rows }
        return nil
    }

    /// Where a pointer at viewport y hovers the content: y itself, or nil while a pull or push is
    /// shown (no row is hovered while the rows move under a resting pointer).
    public func hover(atViewportY y: Double?) -> Double? {
        isOverscrolled ? nil : y
    }

    /// Home / End / Page keys. Each press is a gesture of its own (it can fire auto load-more).
    public mutating func command(_ command: ScrollCommand, at t: Double) { handle(.command(command, target: nil), at: t) }

    /// Page Up or Down to `target`, an offset the host computed from its rows (exact paging with
    /// variable heights: docs/behaviour.md, "Variable row heights"); same ease as `command`.
    public mutating func command(_ command: ScrollCommand, target: Double, at t: Double) {
        handle(.command(command, target: target), at: t)
    }

    /// Scrolls the least that shows content y `top ..< bottom` whole (a row the keyboard selected),
    /// eased like a key scroll; nothing when it is shown already.
    public mutating func reveal(top: Double, bottom: Double, at t: Double) { handle(.reveal(top: top, bottom: bottom), at: t) }

    /// Where key scrolling continues from: the target of a key scroll or fling under way, else the
    /// offset (a second Page Down while the first eases pages on from where the first ends).
    public var scrollBase: Double { physics.motion?.to ?? offset }

    /// A fling or key scroll is under way (a press that stops it is not a click on a row).
    public var isCoasting: Bool { physics.motion != nil }

    /// The list was scrolled by someone else (scrollbar, the scrolled window's own wheel handling).
    public mutating func externalScroll(to value: Double, at t: Double) { handle(.externalScroll(to: value), at: t) }

    /// The viewport was resized.
    public mutating func resize(viewportHeight height: Double, at t: Double) {
        handle(.resize(viewportHeight: height), at: t)
    }

    /// Rows changed outside a refresh or load (e.g. the app edited its data). Rows inserted above
    /// the visible ones shift the offset so that what the user is looking at stays put.
    public mutating func setRowsHeight(_ height: Double, insertedAbove: Double = 0, at t: Double) {
        handle(.setRows(height: height, insertedAbove: insertedAbove), at: t)
    }

    /// Switches the header style at run time; a held header keeps its place until it settles.
    public mutating func setStyle(_ newStyle: HeaderStyle, at t: Double) { handle(.setStyle(newStyle), at: t) }

    /// An app-drawn header's held height (nil: back to `style.heldHeight`); like a style switch,
    /// a held header moves to the new height.
    public mutating func setHeldHeight(_ height: Double?, at t: Double) {
        handle(.setHeldHeight(height.map { max(0, $0.isFinite ? $0 : 0) }), at: t)
    }

    /// Switches auto / pull / no footer at run time. A load under way when the footer goes away
    /// still ends with `endLoading`.
    public mutating func setFooterMode(_ mode: FooterMode, at t: Double) { handle(.setFooterMode(mode), at: t) }

    /// Follows `gtk-enable-animations`. Time first advances to `t` under the old setting; then
    /// transitions that start from here on use the new one. Anything already under way (a settle,
    /// a fling or key scroll, the reveal, the refresh settle, the end animation, the arrow turn)
    /// keeps the deadline it was given: switching animations off never makes it end early or late.
    public mutating func setAnimationsEnabled(_ enabled: Bool, at t: Double) {
        handle(.setAnimationsEnabled(enabled), at: t)
    }

    /// Time passes: call on every frame while `needsTicks`.
    public mutating func tick(at t: Double) { handle(.tick, at: t) }

    /// Refreshes: at the top the header opens; scrolled, in place (nothing on screen moves). While a load runs the refresh is queued: it begins when the
    /// load ends (`refreshQueued`, reported once as `EngineEvent.refreshQueued`). Returns false (a
    /// no-op) while a refresh holds the header, true when it began or was queued.
    @discardableResult
    public mutating func beginRefreshing(at t: Double) -> Bool { handle(.beginRefreshing, at: t).accepted }

    /// Sets when the last successful refresh ended (engine time), e.g. restored from a previous
    /// run; nil: never. Only the classic header's "Last updated" line shows it.
    public mutating func setLastUpdated(_ time: Double?) {
        lastUpdated = time
    }

    /// Ends the refresh. `insertedHeight` px of rows were prepended (0 on failure). Returns false
    /// (a no-op) unless refreshing. Ending before the header settled cancels the refresh action.
    @discardableResult
    public mutating func endRefreshing(ok: Bool, insertedHeight: Double = 0, at t: Double) -> Bool {
        handle(.endRefreshing(ok: ok, insertedHeight: insertedHeight), at: t).accepted
    }

    /// An explicit load-more: a click or Enter on the footer, an AT's action, the app's call. In
    /// auto mode with the rows' end in view and nothing moving the list, the footer then eases
    /// fully into view. False when refused (a refresh or load runs, no more data, no footer).
    @discardableResult
    public mutating func loadMore(at t: Double) -> Bool { handle(.loadMore, at: t).accepted }

    /// Ends the load; `addedHeight` px of rows were appended, or nil: rows were appended whose
    /// height the host reports when it lays them out (`setRowsHeight`). Until it does, with the
    /// list still at its end, the footer loads nothing by itself: a gesture that began at the end
    /// before the rows were laid out does not load again over them. Returns false (a no-op)
    /// unless loading.
    ///
    /// ```swift
    /// engine.endLoading(ok: true, addedHeight: 20 * 44, at: now)   // our list: heights known
    /// engine.endLoading(ok: true, addedHeight: nil, at: now)       // a wrapped list lays them out later
    /// ```
    @discardableResult
    public mutating func endLoading(ok: Bool, addedHeight: Double? = 0, exhausted: Bool = false,
                                    at t: Double) -> Bool {
        handle(.endLoading(ok: ok, addedHeight: addedHeight, exhausted: exhausted), at: t).accepted
    }

    /// The host can no longer show the list (its window went away, the list was taken out of it):
    /// a refresh or load under way ends at once, reported idle, with no end animation and no
    /// "Last updated"; a gesture under way is dropped and the content rests in its place. The
    /// app's later `endRefreshing` / `endLoading` are no-ops (docs/behaviour.md, "Refresh
    /// lifecycle").
    public mutating func abandon(at t: Double) { handle(.abandon, at: t) }

    /// Everything the engine has to say since the last call.
    public mutating func takeEvents() -> [EngineEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }
}

// MARK: - The entry point

extension RefreshEngine {
    /// Everything a host can ask of the engine.
    private enum Input {
        case scroll(delta: Double, source: ScrollSource)
        case scrollStop
        case pressDown
        case pressMoved(offsetY: Double, device: PressGesture.Device)
        case pressUp
        case command(ScrollCommand, target: Double?)
        case reveal(top: Double, bottom: Double)
        case externalScroll(to: Double)
        case resize(viewportHeight: Double)
        case setRows(height: Double, insertedAbove: Double)
        case setStyle(HeaderStyle)
        case setHeldHeight(Double?)
        case setFooterMode(FooterMode)
        case setAnimationsEnabled(Bool)
        case tick
        case beginRefreshing
        case endRefreshing(ok: Bool, insertedHeight: Double)
        case loadMore
        case endLoading(ok: Bool, addedHeight: Double?, exhausted: Bool)
        case abandon
    }

    /// What a call answers.
    private enum Reply {
        case none
        case scroll(ScrollDisposition)
        case accepted(Bool)
        case press(PressGesture.Decision)

        var decision: PressGesture.Decision {
            if case .press(let d) = self { return d }
            return .wait
        }

        var disposition: ScrollDisposition {
            if case .scroll(let d) = self { return d }
            return .passThrough
        }

        var accepted: Bool {
            if case .accepted(let ok) = self { return ok }
            return false
        }
    }

    /// The one way in: time advances to `t` (everything due happens first, in order), the input is
    /// handled, and the state changes are recorded as events. Handlers may return early: the
    /// recording happens here, after them, whatever they did.
    @discardableResult
    private mutating func handle(_ input: Input, at t: Double) -> Reply {
        advance(to: t)
        let reply = dispatch(input)
        emitChanges()
        return reply
    }

    private mutating func dispatch(_ input: Input) -> Reply {
        switch input {
        case .scroll(let delta, let source): return .scroll(onScroll(delta: delta, source: source))
        case .scrollStop: return .scroll(onScrollStop())
        case .pressDown: onPressDown()
        case .pressMoved(let y, let device): return .press(onPressMoved(offsetY: y, device: device))
        case .pressUp: onPressUp()
        case .command(let command, let target): onCommand(command, target: target)
        case .reveal(let top, let bottom): onReveal(top: top, bottom: bottom)
        case .externalScroll(let value): onExternalScroll(to: value)
        case .resize(let height): onResize(height)
        case .setRows(let height, let above): onSetRows(height, insertedAbove: above)
        case .setStyle(let style): onSetStyle(style)
        case .setHeldHeight(let height): onSetHeldHeight(height)
        case .setFooterMode(let mode): onSetFooterMode(mode)
        case .setAnimationsEnabled(let enabled): animationsEnabled = enabled
        case .tick: break
        case .beginRefreshing: return .accepted(onBeginRefreshing())
        case .endRefreshing(let ok, let inserted): return .accepted(onEndRefreshing(ok: ok, inserted: inserted))
        case .loadMore:
            let started = footerEvent(.clicked(canLoad: canLoad))
            if started { revealLoadingFooter() }
            return .accepted(started)
        case .endLoading(let ok, let added, let exhausted):
            return .accepted(onEndLoading(ok: ok, added: added, exhausted: exhausted))
        case .abandon: onAbandon()
        }
        return .none
    }
}

// MARK: - Handlers

extension RefreshEngine {
    private mutating func onScroll(delta: Double, source: ScrollSource) -> ScrollDisposition {
        if let target = physics.keyScrollTarget, gesture == nil, (target - offset) * delta > 0 {
            // A key scroll (End, Page) under way and a wheel or touchpad going the same way: the
            // scroll goes on to its target, moved on by the delta; stopping it would lose the key's
            // target (docs/behaviour.md#keyboard-and-accessibility).
            physics.retarget(to: min(max(target + delta, 0), maxOffset), at: now)
            return .consumed
        }
        let kind: Gesture.Kind = source == .wheel ? .wheel : .touchpad
        beginGestureIfNeeded(kind)
        gesture?.lastInput = now
        // A delta that reaches past an edge is the engine's: it scrolls to the edge and the rest
        // becomes overscroll. Handing it to the list would lose the part beyond the edge, and a
        // path back would not come back to where it began.
        let pastTop = delta < 0 && offset + delta < 0
        let pastBottom = delta > 0 && offset + delta > maxOffset
        guard pull > 0 || push > 0 || pastTop || pastBottom else {
            guard scrollsFooterRoom(delta) else { return .passThrough }
            onExternalScroll(to: offset + delta)
            return .consumed
        }
        moveByGesture(delta)
        return .consumed
    }

    /// The footer's room lies outside the host's range and `delta` scrolls into it or inside it:
    /// the host cannot scroll there, so the engine does.
    private func scrollsFooterRoom(_ delta: Double) -> Bool {
        guard footerRoomOutsideHost, footerInScrollRange else { return false }
        let hostEnd = rowsHeight - viewportHeight
        return delta > 0 && offset >= hostEnd - 0.5 && offset < maxOffset
            || delta < 0 && offset > hostEnd + 0.5
    }

    private mutating func onScrollStop() -> ScrollDisposition {
        let disposition: ScrollDisposition = isOverscrolled ? .consumed : .passThrough
        if gesture?.kind == .touchpad { touchpadSendsStops = true }
        if let kind = gesture?.kind, kind == .touchpad || kind == .wheel { release() }
        return disposition
    }

    private mutating func onPressDown() {
        // A press that stops a fling or key scroll is no click; it stops it at once, where the
        // content is under the finger, not when it starts to move (docs/behaviour.md#input-model).
        _ = press.handle(.down(coasting: isCoasting))
        physics.stopMotion()
        // A drag whose release never came ends here: it must not hold the content for ever.
        if gesture?.kind == .drag { release() }
        drag = nil
    }

    private mutating func onPressMoved(offsetY: Double, device: PressGesture.Device) -> PressGesture.Decision {
        let edges = PressGesture.Edges(atTop: offset <= 0.5, atBottom: rowsEndInView,
                                       overscrolled: isOverscrolled)
        let decision = press.handle(.moved(offsetY: offsetY, device: device, edges: edges))
        switch decision {
        case .claim, .follow: onDragUpdate(offsetY: offsetY, claimed: decision == .claim)
        case .reject: drag = nil
        case .wait: break
        }
        return decision
    }

    private mutating func onPressUp() {
        _ = press.handle(.up)
        onDragEnd()
    }

    private mutating func onDragUpdate(offsetY: Double, claimed: Bool) {
        if claimed {
            // First: beginning the drag releases a wheel or touchpad gesture under way, which drops
            // any tracker.
            beginGestureIfNeeded(.drag)
            drag = DragTracker(startingAt: offsetY)
        }
        // Nil: released meanwhile (another input ended the gesture); the rest of the press is ignored.
        guard var tracker = drag else { return }
        let follows = tracker.follow(offsetY)
        tracker.record(offsetY, at: now)
        drag = tracker
        gesture?.lastInput = now
        // The content follows the finger: its travel down the list is the finger's movement up.
        moveByGesture(-follows - (gesture?.travel ?? 0))
    }

    private mutating func onDragEnd() {
        guard let tracker = drag else { return }
        drag = nil
        guard gesture?.kind == .drag else { return }
        release()
        let velocity = -tracker.velocity(at: now)
        if pull == 0, push == 0, abs(velocity) >= Tuning.flingMinVelocity, animationsEnabled {
            physics.fling(velocity: velocity, limits: limits, at: now)
        }
    }

    private mutating func onCommand(_ command: ScrollCommand, target explicit: Double?) {
        if gesture != nil { release() }
        footerEvent(.newApproach)
        foldHeldOverscroll(movingDown: command == .end || command == .pageDown)
        let base = physics.motion?.to ?? offset
        let page = max(viewportHeight * Tuning.pageFraction, 1)
        let target: Double
        switch command {
        case .home: target = 0
        case .end: target = maxOffset
        case .pageUp: target = explicit ?? base - page
        case .pageDown: target = explicit ?? base + page
        }
        moveOffset(to: min(max(target, 0), maxOffset), duration: duration(Tuning.keyScrollDuration))
    }

    /// An explicit load with the end of the rows in view eases the whole footer in, as End does;
    /// mid-list, under a gesture or while a key scroll or fling moves the list, nothing moves
    /// (docs/behaviour.md#footer-and-load-more). A pull-mode footer is outside the scroll range:
    /// its rows' end in view is already the end.
    private mutating func revealLoadingFooter() {
        guard gesture == nil, physics.motion == nil, rowsEndInView, offset < maxOffset - 0.5 else { return }
        moveOffset(to: maxOffset, duration: duration(Tuning.keyScrollDuration))
    }

    private mutating func onReveal(top: Double, bottom: Double) {
        let base = scrollBase
        let target = top < base ? top : bottom > base + viewportHeight ? bottom - viewportHeight : base
        guard abs(target - base) > 0.5 else { return }
        onCommand(target > base ? .pageDown : .pageUp, target: target)
    }

    /// A held header (or pull-mode footer) is part of the content: keys that scroll away from it
    /// scroll it away too, in the same ease-out as the rows, so they reach the real end.
    private mutating func foldHeldOverscroll(movingDown: Bool) {
        if movingDown, refreshRunning, !physics.isTopHeld, pull > 0 {
            physics.settleTop(to: 0, duration: duration(Tuning.keyScrollDuration), limits: limits, at: now)
        } else if !movingDown, footerHeld, !physics.isBottomHeld, push > 0 {
            physics.settleBottom(to: 0, duration: duration(Tuning.keyScrollDuration), limits: limits, at: now)
        }
    }

    private mutating func onExternalScroll(to value: Double) {
        let target = min(max(value, 0), maxOffset)
        guard abs(target - offset) > 0.01 else { return }
        let down = target > offset
        physics.scrollContent(to: target, holding: gesture != nil, limits: limits, at: now)
        if down { afterMove(movingDown: true) } else { evaluateAutoLoad(movingDown: false) }
    }

    private mutating func onResize(_ height: Double) {
        changeLimits { $0.viewportHeight = max(height, 0) }
        physics.clamp(limits, at: now)
        classifyPush()
        evaluateAutoLoad(movingDown: false)
    }

    private mutating func onSetRows(_ height: Double, insertedAbove: Double) {
        let changed = abs(height - rowsHeight) > 0.001
        applyRowsHeight(height, insertedAbove: insertedAbove)
        if changed { footerEvent(.rowsChanged) }
        classifyPush()
    }

    private mutating func onSetStyle(_ newStyle: HeaderStyle) {
        changeLimits { $0.style = newStyle }
        if refreshRunning, !physics.isTopHeld {
            physics.settleTop(to: heldHeight, duration: duration(Tuning.springBackDuration), limits: limits, at: now)
        }
    }

    private mutating func onSetHeldHeight(_ height: Double?) {
        changeLimits { $0.heldHeightOverride = height }
        if refreshRunning, !physics.isTopHeld {
            physics.settleTop(to: heldHeight, duration: duration(Tuning.springBackDuration), limits: limits, at: now)
        }
    }

    private mutating func onSetFooterMode(_ mode: FooterMode) {
        changeLimits { $0.footerMode = mode }
        footerEvent(.modeChanged)
        physics.clamp(limits, at: now)
        // A footer held open by a pull-mode load is no longer held in auto mode: it springs back.
        if !physics.isBottomHeld, push > 0, !footerHeld {
            physics.settleBottom(to: 0, duration: duration(Tuning.springBackDuration), limits: limits, at: now)
        }
    }

    private mutating func onBeginRefreshing() -> Bool {
        if footer == .loading, !refreshRunning {
            // Asked for during a load (F5, the app, an AT): not dropped, started when the load ends.
            if !refreshQueued {
                footerEvent(.refreshAsked)
                emit(.refreshQueued)
            }
            return true
        }
        guard canRefresh else { return false }
        transition(.begin(reveal: duration(Tuning.revealDuration)))
        // At the top the header opens above the first row. Scrolled (F5 mid-list, an AT), the
        // refresh runs where the user reads: nothing on screen moves, the header waits above the
        // first row, and the rows it brings go in above the view
        // (docs/behaviour.md#refresh-lifecycle).
        if offset <= 0 {
            physics.settleTop(to: heldHeight, duration: duration(Tuning.revealDuration), limits: limits, at: now)
        }
        // A zero-length reveal fires the action now (its event follows the `refreshing` report).
        advance(to: now)
        return true
    }

    private mutating func onEndRefreshing(ok: Bool, inserted: Double) -> Bool {
        guard header == .refreshing else { return false }
        if ok {
            applyRowsHeight(rowsHeight + max(inserted, 0), insertedAbove: max(inserted, 0))
            lastUpdated = now
            footerEvent(.refreshSucceeded(inZone: rowsEndInView))
        }
        transition(.ended(ok: ok, collapse: duration(Tuning.endDuration)))
        if ok { startCollapse() }
        advance(to: now)
        return true
    }

    private mutating func onAbandon() {
        gesture = nil
        drag = nil
        physics.stopMotion()
        physics.letGo(limits, at: now)
        transition(.abandoned)
        footerEvent(.abandoned)
        // Nothing is held open now: the content rests in its place, at once.
        physics.settleTop(to: 0, duration: 0, limits: limits, at: now)
        physics.settleBottom(to: 0, duration: 0, limits: limits, at: now)
        advance(to: now)
    }

    private mutating func onEndLoading(ok: Bool, added addedHeight: Double?, exhausted: Bool) -> Bool {
        guard footer == .loading else { return false }
        let added = ok ? max(addedHeight ?? 0, 0) : 0
        // Rows the host lays out later: out of the zone already, they have arrived.
        let rowsPending = ok && !exhausted && addedHeight == nil && rowsEndInView
        let heldPush = push
        // The load's end ends its state, and with it the queued refresh: read it first.
        let queued = refreshQueued
        changeLimits { $0.rowsHeight += added }
        footerEvent(.loadEnded(ok: ok, exhausted: exhausted, rowsPending: rowsPending))
        if added > 0, heldPush > 0, !physics.isBottomHeld {
            // Pull mode: the new rows take the place of the held footer (or of its reveal still
            // under way); convert the push into scroll so nothing on screen moves. A key scroll or
            // fling under way moves with it, or the next frame would undo it.
            let moved = min(heldPush, maxOffset - offset)
            physics.shift(by: moved)
            physics.setBottom(heldPush - moved)
        }
        if !physics.isBottomHeld, push > 0 {
            // Not held by a finger: the footer is no longer held open either (a reveal under way
            // would otherwise finish at the footer height and stay there).
            physics.settleBottom(to: 0, duration: duration(Tuning.springBackDuration), limits: limits, at: now)
        }
        advance(to: now)
        if queued {
            // Whatever the load brought (rows, the end of the data, a failure), the refresh reloads
            // the first page: still wanted.
            emitChanges()
            _ = onBeginRefreshing()
        }
        return true
    }
}

// MARK: - Time

extension RefreshEngine {
    /// A pending time-based transition.
    private enum Due {
        case releaseGesture, topSettled, bottomSettled, offsetSettled, refreshAction, failureOver, finishOver
    }

    /// Runs every transition due by `t`, earliest first, each at its own instant.
    mutating func advance(to t: Double) {
        let target = max(now, t)
        while let (time, due) = nextDue(), time <= target {
            now = max(now, time)
            perform(due)
        }
        now = target
        if physics.motion != nil {
            let moved = physics.followMotion(limits: limits, at: now)
            evaluateAutoLoad(movingDown: moved > 0)
        }
    }

    private func nextDue() -> (Double, Due)? {
        var best: (Double, Due)?
        func consider(_ time: Double?, _ due: Due) {
            guard let time else { return }
            if best == nil || time < best!.0 { best = (time, due) }
        }
        switch gesture?.kind {
        case .wheel?:
            consider(gesture!.lastInput + Tuning.releaseQuietPeriod, .releaseGesture)
        case .touchpad?:
            let wait = touchpadSendsStops ? Tuning.lostScrollStopPeriod : Tuning.releaseQuietPeriod
            consider(gesture!.lastInput + wait, .releaseGesture)
        case .drag?, nil:
            break
        }
        consider(physics.topSettleEnd, .topSettled)
        consider(physics.bottomSettleEnd, .bottomSettled)
        consider(physics.motionEnd, .offsetSettled)
        switch headerState {
        case .revealing(let until): consider(until, .refreshAction)
        case .running(_, let actionDue): consider(actionDue, .refreshAction)
        case .failed(let since, _): consider(since + Tuning.failureHold, .failureOver)
        case .finishing(_, let until, _, _): consider(until, .finishOver)
        case .idle, .pulling, .armed: break
        }
        return best
    }

    private mutating func perform(_ due: Due) {
        switch due {
        case .releaseGesture:
            release()
        case .topSettled:
            physics.restTop(limits, at: now)
            settleLooseEdges()
        case .bottomSettled:
            physics.restBottom(limits, at: now)
            settleLooseEdges()
        case .offsetSettled:
            let moved = physics.finishMotion(limits: limits)
            evaluateAutoLoad(movingDown: moved > 0)
        case .refreshAction:
            // The reveal is over: from here on it is a released armed gesture (docs/behaviour.md#refresh-lifecycle).
            guard transition(.actionDue) else { return }
            emit(.refreshRequested)
        case .failureOver:
            transition(.failureOver(collapse: duration(Tuning.endDuration)))
            startCollapse()
        case .finishOver:
            transition(.finishOver)
            if physics.isTopHeld {
                classifyPull()
            } else if pull > 0 {
                physics.settleTop(to: 0, duration: duration(Tuning.springBackDuration), limits: limits, at: now)
            }
        }
        emitChanges()
    }
}

// MARK: - Gestures and moves

extension RefreshEngine {
    private mutating func beginGestureIfNeeded(_ kind: Gesture.Kind) {
        if let gesture, gesture.kind == kind { return }
        if gesture != nil { release() }
        gesture = Gesture(kind: kind, lastInput: now)
        physics.beginStroke()
        // A new gesture is a new approach to the bottom (docs/behaviour.md#footer-and-load-more).
        footerEvent(.newApproach)
    }

    /// The gesture moves the content `delta` raw px down the list (negative: up).
    private mutating func moveByGesture(_ delta: Double) {
        guard var current = gesture else { return }
        let old = current.travel
        current.travel = old + delta
        gesture = current
        physics.track(from: old, to: current.travel, limits: limits, at: now)
        afterMove(movingDown: delta > 0)
    }

    /// After the content moved: the states follow, auto load-more may fire, loose edges settle.
    private mutating func afterMove(movingDown: Bool) {
        classifyPull()
        classifyPush()
        evaluateAutoLoad(movingDown: movingDown)
        settleLooseEdges()
    }

    /// The end of a gesture: arm → refresh/load, otherwise spring back to rest (docs/behaviour.md#input-model, #header-states).
    private mutating func release() {
        // A wheel has no end event: its pull decays gently, for a slow wheel's next notch to
        // continue from (docs/behaviour.md#a-slow-wheel).
        let (back, easing) = gesture?.kind == .wheel ? (Tuning.wheelDecayDuration, Easing.easeInOut)
            : (Tuning.springBackDuration, Easing.easeOut)
        gesture = nil
        drag = nil
        let p = pull, q = push
        let topHeld = physics.isTopHeld, bottomHeld = physics.isBottomHeld
        physics.letGo(limits, at: now)
        // Top edge: an armed pull becomes the refresh, which settles the header at H.
        let refreshing = headerState.isRefresh
        transition(.released(canRefresh: canRefresh, settle: duration(Tuning.refreshSettleDuration)))
        if headerState.isRefresh, !refreshing {
            physics.settleTop(to: heldHeight, duration: duration(Tuning.refreshSettleDuration), limits: limits, at: now)
        } else {
            if topHeld, !(refreshRunning && p <= heldHeight) {
                // Inside a held header the position is a scroll position: it stays.
                physics.settleTop(to: refreshRunning ? heldHeight : 0, duration: duration(back), easing: easing,
                                  limits: limits, at: now)
            }
        }
        // Bottom edge.
        let wasArmed = footer == .armed
        footerEvent(.released(canLoad: canLoadIgnoringArm))
        if !wasArmed, bottomHeld, !(footerHeld && q <= Tuning.footerHeight) {
            physics.settleBottom(to: footerHeld ? Tuning.footerHeight : 0, duration: duration(back), easing: easing,
                                 limits: limits, at: now)
        }
        settleLooseEdges()
    }

    /// With no gesture holding it, an edge resting above its rest value springs back (docs/behaviour.md#input-model, #invariants:
    /// no drift). Rest is 0, or anything up to the held header/footer while it is held (a scroll
    /// position inside it).
    private mutating func settleLooseEdges() {
        guard gesture == nil else { return }
        let held = refreshRunning ? heldHeight : 0
        let footer = footerHeld ? Tuning.footerHeight : 0
        physics.settleLoose(topRest: { min($0, held) }, bottomRest: { min($0, footer) },
                            duration: duration(Tuning.springBackDuration), limits: limits, at: now)
    }

    /// The end animation: the content settles to 0 over the end duration (docs/behaviour.md#refresh-lifecycle).
    private mutating func startCollapse() {
        guard !physics.isTopHeld else { return }
        guard case .finishing(let since, let until, _, _) = headerState else { return }
        physics.settleTop(to: 0, duration: until - since, limits: limits, at: now)
    }

    private mutating func moveOffset(to target: Double, duration: Double) {
        physics.moveOffset(to: target, duration: duration, at: now)
        advance(to: now)
    }

    private mutating func applyRowsHeight(_ height: Double, insertedAbove: Double) {
        // A key scroll or fling bound for the end (End) follows the end as rows measured on the
        // way change the content's height: it reaches the true last row (docs/behaviour.md,
        // "Variable row heights").
        let boundForEnd = physics.motion.map { $0.to >= maxOffset - 0.5 } ?? false
        changeLimits { $0.rowsHeight = max(height, 0) }
        // Negative: row estimates above the viewport were corrected down (docs/behaviour.md,
        // "Variable row heights"); the content moves, the picture does not.
        if insertedAbove != 0, offset > 0 { physics.shift(by: max(insertedAbove, -offset)) }
        physics.clamp(limits, at: now)
        if boundForEnd { physics.retarget(to: maxOffset, at: now) }
    }

    /// Runs `change` on the configuration, keeping what each held edge displays (never a jump).
    private mutating func changeLimits(_ change: (inout RefreshEngine) -> Void) {
        let old = limits
        change(&self)
        physics.keepDisplayed(from: old, to: limits, at: now)
    }
}

// MARK: - Header and footer transitions

extension RefreshEngine {
    /// The one place the header state changes. The held header's curve follows it (what is on
    /// screen does not jump), and the classic arrow turns with armed (docs/behaviour.md, Classic header).
    private mutating func setHeader(_ new: HeaderState) {
        let old = headerState
        guard new != old else { return }
        changeLimits { $0.headerState = new }
        if new.isRefresh, !old.isRefresh {
            // The spinner takes the arrow's place: it is down again for the next pull.
            arrow = Tween(from: 0, to: 0, start: now, duration: 0)
        } else if (old == .armed) != (new == .armed) {
            let from = arrow.value(at: now)
            let to: Double = new == .armed ? 1 : 0
            arrow = Tween(from: from, to: to, start: now, duration: duration(Tuning.arrowFlipDuration) * abs(to - from),
                          easing: .easeOut)
        }
    }

    /// idle / pulling / armed while a gesture holds the top (docs/behaviour.md#header-states, with hysteresis).
    private mutating func classifyPull() {
        transition(.pulled(pull, held: physics.isTopHeld, canRefresh: canRefresh))
    }

    /// Feeds `input` to the header's transition function (`HeaderState.next`); false when it
    /// meant nothing in the current state.
    @discardableResult
    private mutating func transition(_ input: HeaderState.Input) -> Bool {
        guard let new = headerState.next(input, at: now) else { return false }
        setHeader(new)
        return true
    }

    /// Pull-mode footer: armed at q ≥ footer height while a gesture holds the bottom (docs/behaviour.md#footer-and-load-more).
    private mutating func classifyPush() {
        guard footerMode == .pull, physics.isBottomHeld else { return }
        footerEvent(.push(push, canLoad: canLoadIgnoringArm))
    }

    /// The end of the rows is in view: the auto footer's zone, and the bottom edge a press pushes.
    private var rowsEndInView: Bool { offset + viewportHeight >= rowsHeight - 0.5 }

    /// Auto mode: fire once when the footer comes into view while moving down (docs/behaviour.md#footer-and-load-more).
    private mutating func evaluateAutoLoad(movingDown: Bool) {
        guard footerMode == .auto, !isShortList else { return }
        footerEvent(.autoZone(inZone: rowsEndInView, movingDown: movingDown,
                              inGesture: gesture != nil, canLoad: canLoad))
    }

    /// Every footer change goes through here: the machine decides, the held footer's curve follows
    /// (nothing on screen jumps), and a load that starts is requested once. Returns true if it started.
    @discardableResult
    private mutating func footerEvent(_ input: FooterMachine.Input) -> Bool {
        var machine = footerMachine
        let started = machine.handle(input, at: now)
        guard machine != footerMachine else { return false }
        changeLimits { $0.footerMachine = machine }
        guard started else { return false }
        emit(.loadRequested)
        if footerMode == .pull, offset >= maxOffset - 0.5, !physics.isBottomHeld {
            physics.settleBottom(to: Tuning.footerHeight, duration: duration(Tuning.springBackDuration),
                                 limits: limits, at: now)
        }
        return true
    }

    /// Records an action event, after the state changes that led to it.
    private mutating func emit(_ event: EngineEvent) {
        emitChanges()
        events.append(event)
    }

    /// Records state changes as events, once each.
    private mutating func emitChanges() {
        let h = header
        if h != reportedHeader {
            reportedHeader = h
            events.append(.header(h, pull: pull))
        }
        if footer != reportedFooter {
            reportedFooter = footer
            events.append(.footer(footer))
        }
    }
}
