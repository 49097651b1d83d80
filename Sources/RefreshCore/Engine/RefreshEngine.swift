/// The whole pull-to-refresh / load-more behaviour as one value type (SPEC §2, §3.3–3.5, §5, §6, §8).
///
/// The host feeds it input and time; it answers with the list offset, the displayed pull/push,
/// the header/footer states, what to draw (`headerVisual`, `footerVisual`) and events to act on
/// (`takeEvents()`). It owns no timer: every call carries the time (seconds, monotonic), and
/// everything due by then (a wheel's quiet-period release, a finished settle, the refresh action,
/// the failure hold) happens in `advance(to:)`, in time order, before the call is handled.
public struct RefreshEngine: Sendable {
    // MARK: Configuration

    public private(set) var style: HeaderStyle
    public private(set) var footerMode: FooterMode
    /// `gtk-enable-animations`: when false every settle and timeline jumps to its end value.
    public var animationsEnabled = true

    // MARK: Geometry the host reports

    public private(set) var viewportHeight: Double
    /// Height of all rows (the footer is not included).
    public private(set) var rowsHeight: Double
    /// The list's scroll offset, 0 … `maxOffset`. The host mirrors it into its adjustment.
    public private(set) var offset: Double = 0

    // MARK: State

    /// The latest time seen; every value is evaluated at it.
    public private(set) var now: Double
    private var top: EdgeMotion = .still(0)
    private var bottom: EdgeMotion = .still(0)
    private var gesture: Gesture?
    private var drag: DragTracker?
    private var session: RefreshSession?
    var refreshSession: RefreshSession? { session }
    /// The header state while no refresh session exists: idle, pulling or armed (hysteresis needs history).
    private var pullPhase: HeaderPhase = .idle
    public private(set) var footer: FooterPhase = .idle
    /// When the current load began (spinner phase).
    public private(set) var loadStarted: Double = 0
    /// Auto load-more fired for the current approach to the bottom (SPEC §5: exactly once).
    private var autoLoadLatched = false
    private var offsetMotion: Tween?
    /// Classic header arrow: 0 points down, 1 points up.
    private var arrow = Tween(from: 0, to: 0, start: 0, duration: 0)
    var arrowTurn: Double { arrow.value(at: now) }
    /// When the last refresh succeeded (for "Last updated").
    public private(set) var lastUpdated: Double?
    private var reportedHeader: HeaderPhase = .idle
    private var reportedFooter: FooterPhase = .idle
    private var events: [EngineEvent] = []

    public init(style: HeaderStyle = .jike, footerMode: FooterMode = .auto,
                viewportHeight: Double, rowsHeight: Double, now: Double = 0) {
        self.style = style
        self.footerMode = footerMode
        self.viewportHeight = max(viewportHeight, 0)
        self.rowsHeight = max(rowsHeight, 0)
        self.now = now
    }

    // MARK: - Derived values

    /// Displayed pull `p` at the top edge (SPEC §1).
    public var pull: Double { top.value(curve: topCurve, at: now) }
    /// Displayed push `q` at the bottom edge.
    public var push: Double { bottom.value(curve: bottomCurve, at: now) }
    /// How far the content is drawn shifted down from its scroll position (pull − push).
    public var displacement: Double { pull - push }

    public var header: HeaderPhase {
        switch session?.stage {
        case .revealing, .running: return .refreshing
        case .failed: return .failed
        case .finishing: return .finishing
        case nil: return pullPhase
        }
    }

    /// Rows shorter than the viewport: the footer stays out of sight and nothing loads (SPEC §5).
    public var isShortList: Bool { rowsHeight < viewportHeight }
    /// In auto mode the footer follows the last row inside the scroll range; in pull mode it is
    /// revealed by pushing past the bottom.
    public var footerInScrollRange: Bool { footerMode == .auto && !isShortList }
    public var contentHeight: Double { rowsHeight + (footerInScrollRange ? Tuning.footerHeight : 0) }
    public var maxOffset: Double { max(0, contentHeight - viewportHeight) }
    public var isGestureActive: Bool { gesture != nil }

    /// True while anything moves or waits on time: the host keeps a frame tick running.
    public var needsTicks: Bool {
        if gesture != nil || offsetMotion != nil { return true }
        // Spinners turn only with animations on; without them a refresh or load waits on time
        // only for its action, the failure hold or the end of its stage.
        if footer == .loading, animationsEnabled { return true }
        if let session {
            if animationsEnabled || session.actionDue != nil { return true }
            if case .running = session.stage {} else { return true }
        }
        if !arrow.isFinished(at: now) { return true }
        if case .settling = top { return true }
        if case .settling = bottom { return true }
        return false
    }

    private var heldHeight: Double { style.heldHeight }
    private var refreshRunning: Bool { session?.holdsHeader ?? false }
    private var canRefresh: Bool { footer != .loading && !refreshRunning }
    private var canLoad: Bool {
        !refreshRunning && footer != .loading && footer != .noMoreData && !isShortList
    }

    private var topCurve: EdgeCurve {
        EdgeCurve(base: refreshRunning ? heldHeight : 0, band: RubberBand(dimension: viewportHeight))
    }
    private var bottomCurve: EdgeCurve {
        let held = footerMode == .pull && footer == .loading
        return EdgeCurve(base: held ? Tuning.footerHeight : 0, band: RubberBand(dimension: viewportHeight))
    }

    private func duration(_ seconds: Double) -> Double { animationsEnabled ? seconds : 0 }

    // MARK: - Input

    /// A wheel notch or smooth scroll delta in px (positive = towards the bottom of the list).
    /// Mid-list the engine only notes the gesture and answers `.passThrough`.
    public mutating func scroll(delta: Double, source: ScrollSource, at t: Double) -> ScrollDisposition {
        advance(to: t)
        let kind: Gesture.Kind = source == .wheel ? .wheel : .touchpad
        beginGestureIfNeeded(kind, at: now)
        gesture?.lastInput = now
        let atTop = offset <= 0 && delta < 0
        let atBottom = offset >= maxOffset && delta > 0
        guard pull > 0 || push > 0 || atTop || atBottom else {
            emitChanges()
            return .passThrough
        }
        applyDelta(delta, allowOverscroll: true)
        emitChanges()
        return .consumed
    }

    /// The touchpad's scroll-stop event: the fingers left the pad.
    public mutating func scrollStop(at t: Double) {
        advance(to: t)
        if let kind = gesture?.kind, kind == .touchpad || kind == .wheel { release(at: now) }
        emitChanges()
    }

    /// A mouse or touch drag started (not yet a gesture: a click must not start one).
    public mutating func dragBegin(at t: Double) {
        advance(to: t)
        // A drag whose release never came ends here: it must not hold the content for ever.
        if gesture?.kind == .drag { release(at: now) }
        drag = DragTracker()
        emitChanges()
    }

    /// The drag moved; `offsetY` is the total movement since `dragBegin` (down = positive).
    public mutating func dragUpdate(offsetY: Double, at t: Double) {
        advance(to: t)
        guard var tracker = drag else { return }
        if !tracker.started {
            guard abs(offsetY) >= Tuning.dragSlop else { return }
            tracker.started = true
            // The slop is swallowed so the content does not jump by it.
            tracker.applied = offsetY
            beginGestureIfNeeded(.drag, at: now)
        }
        let step = offsetY - tracker.applied
        tracker.applied = offsetY
        tracker.record(offsetY, at: now)
        drag = tracker
        gesture?.lastInput = now
        applyDelta(-step, allowOverscroll: true)
        emitChanges()
    }

    /// The button or finger went up.
    public mutating func dragEnd(at t: Double) {
        advance(to: t)
        guard let tracker = drag else { return }
        drag = nil
        guard tracker.started, gesture?.kind == .drag else {
            emitChanges()
            return
        }
        release(at: now)
        let velocity = -tracker.velocity(at: now)
        if pull == 0, push == 0, abs(velocity) >= Tuning.flingMinVelocity, animationsEnabled {
            let distance = velocity * Tuning.flingTimeConstant
            let target = min(max(offset + distance, 0), maxOffset)
            // An ease-out cubic starts at 3·D/T: T = 3τ matches the release velocity.
            offsetMotion = Tween(from: offset, to: target, start: now,
                                 duration: 3 * Tuning.flingTimeConstant)
        }
        emitChanges()
    }

    /// Home / End / Page keys. Each press is a gesture of its own (it can fire auto load-more).
    public mutating func command(_ command: ScrollCommand, at t: Double) {
        advance(to: t)
        if gesture != nil { release(at: now) }
        if footer != .loading { autoLoadLatched = false }
        foldHeldOverscroll(movingDown: command == .end || command == .pageDown)
        let base = offsetMotion?.to ?? offset
        let page = max(viewportHeight * 0.9, 1)
        let target: Double
        switch command {
        case .home: target = 0
        case .end: target = maxOffset
        case .pageUp: target = base - page
        case .pageDown: target = base + page
        }
        moveOffset(to: min(max(target, 0), maxOffset), duration: duration(Tuning.keyScrollDuration))
        emitChanges()
    }

    /// A held header (or pull-mode footer) is part of the content: keys that scroll away from it
    /// scroll it away too, in the same ease-out as the rows, so they reach the real end.
    private mutating func foldHeldOverscroll(movingDown: Bool) {
        if movingDown, refreshRunning, !top.isTracking, pull > 0 {
            top = settle(top, curve: topCurve, to: 0, duration: duration(Tuning.keyScrollDuration))
        } else if !movingDown, footerMode == .pull, footer == .loading, !bottom.isTracking, push > 0 {
            bottom = settle(bottom, curve: bottomCurve, to: 0, duration: duration(Tuning.keyScrollDuration))
        }
    }

    /// The list was scrolled by someone else (scrollbar, the scrolled window's own wheel handling).
    public mutating func externalScroll(to value: Double, at t: Double) {
        advance(to: t)
        let target = min(max(value, 0), maxOffset)
        guard abs(target - offset) > 0.01 else { return }
        offsetMotion = nil
        if target > offset {
            // A held header scrolls away before the rows move (it is part of the content).
            applyDelta(target - offset, allowOverscroll: false)
        } else {
            offset = target
            evaluateAutoLoad(movingDown: false)
        }
        emitChanges()
    }

    /// The viewport was resized.
    public mutating func resize(viewportHeight height: Double, at t: Double) {
        advance(to: t)
        preservingDisplayedEdges { $0.viewportHeight = max(height, 0) }
        clampOffset()
        classifyPush()
        evaluateAutoLoad(movingDown: false)
        emitChanges()
    }

    /// Rows changed outside a refresh or load (e.g. the app edited its data). Rows inserted above
    /// the visible ones shift the offset so that what the user is looking at stays put.
    public mutating func setRowsHeight(_ height: Double, insertedAbove: Double = 0, at t: Double) {
        advance(to: t)
        applyRowsHeight(height, insertedAbove: insertedAbove)
        classifyPush()
        evaluateAutoLoad(movingDown: false)
        emitChanges()
    }

    /// Switches the header style at run time; a held header keeps its place until it settles.
    public mutating func setStyle(_ newStyle: HeaderStyle, at t: Double) {
        advance(to: t)
        preservingDisplayedEdges { $0.style = newStyle }
        if refreshRunning, !top.isTracking {
            top = settle(top, curve: topCurve, to: heldHeight, duration: duration(Tuning.springBackDuration))
        }
        emitChanges()
    }

    /// Switches auto/pull load-more at run time.
    public mutating func setFooterMode(_ mode: FooterMode, at t: Double) {
        advance(to: t)
        preservingDisplayedEdges {
            $0.footerMode = mode
            if $0.footer == .armed { $0.footer = .idle }
        }
        clampOffset()
        if !bottom.isTracking, push > 0, footer != .loading {
            bottom = settle(bottom, curve: bottomCurve, to: 0, duration: duration(Tuning.springBackDuration))
        }
        emitChanges()
    }

    /// Time passes: call on every frame while `needsTicks`.
    public mutating func tick(at t: Double) {
        advance(to: t)
        emitChanges()
    }

    // MARK: - Programmatic refresh and load (SPEC §3.5, §5, §6)

    /// Reveals the header and refreshes. Returns false (a no-op) while refreshing or loading.
    @discardableResult
    public mutating func beginRefreshing(at t: Double) -> Bool {
        advance(to: t)
        guard canRefresh else { return false }
        preservingDisplayedEdges {
            $0.session = RefreshSession(stage: .revealing(until: $0.now + $0.duration(Tuning.revealDuration)))
        }
        setPullPhase(.idle)
        top = settle(top, curve: topCurve, to: heldHeight, duration: duration(Tuning.revealDuration))
        // Report `refreshing` before the action that a zero-length reveal fires right away.
        emitChanges()
        if offset > 0 { moveOffset(to: 0, duration: duration(Tuning.revealDuration)) }
        advance(to: now)
        emitChanges()
        return true
    }

    /// Sets when the last successful refresh ended (engine time), e.g. restored from a previous
    /// run; nil: never. Only the classic header's "Last updated" line shows it.
    public mutating func setLastUpdated(_ time: Double?) {
        lastUpdated = time
    }

    /// Ends the refresh. `insertedHeight` px of rows were prepended (0 on failure). Returns false
    /// (a no-op) unless refreshing. Ending before the header settled cancels the refresh action.
    @discardableResult
    public mutating func endRefreshing(ok: Bool, insertedHeight: Double = 0, at t: Double) -> Bool {
        advance(to: t)
        guard header == .refreshing, var current = session else { return false }
        if ok {
            applyRowsHeight(rowsHeight + max(insertedHeight, 0), insertedAbove: max(insertedHeight, 0))
            lastUpdated = now
            if footer == .noMoreData || footer == .failed { footer = .idle }
            autoLoadLatched = false
        }
        current.actionDue = nil
        current.stage = ok ? .finishing(since: now, ok: true) : .failed(since: now)
        preservingDisplayedEdges { $0.session = current }
        if ok { startCollapse() }
        advance(to: now)
        emitChanges()
        return true
    }

    /// Load-more asked by the user directly (click or Enter on the footer). False when refused.
    @discardableResult
    public mutating func loadMore(at t: Double) -> Bool {
        advance(to: t)
        guard canLoad, footer == .idle || footer == .failed else { return false }
        startLoad()
        emitChanges()
        return true
    }

    /// Ends the load; `addedHeight` px of rows were appended. Returns false (a no-op) unless loading.
    @discardableResult
    public mutating func endLoading(ok: Bool, exhausted: Bool = false, addedHeight: Double = 0,
                                    at t: Double) -> Bool {
        advance(to: t)
        guard footer == .loading else { return false }
        let added = ok ? max(addedHeight, 0) : 0
        let heldPush = push
        preservingDisplayedEdges {
            $0.rowsHeight += added
            $0.footer = ok ? (exhausted ? .noMoreData : .idle) : .failed
        }
        if added > 0, heldPush > 0, !bottom.isTracking {
            // Pull mode: the new rows take the place of the held footer (or of its reveal still
            // under way); convert the push into scroll so nothing on screen moves.
            let moved = min(heldPush, maxOffset - offset)
            offset += moved
            if let motion = offsetMotion {
                // A key scroll or fling under way moves with it, or the next frame would undo it.
                offsetMotion = Tween(from: motion.from + moved, to: motion.to + moved, start: motion.start,
                                     duration: motion.duration, easing: motion.easing)
            }
            bottom = .still(max(heldPush - moved, 0))
        }
        if !bottom.isTracking, push > 0 {
            // Not held by a finger: the footer is no longer held open either (a reveal under way
            // would otherwise finish at the footer height and stay there).
            bottom = settle(bottom, curve: bottomCurve, to: 0, duration: duration(Tuning.springBackDuration))
        }
        advance(to: now)
        emitChanges()
        return true
    }

    /// Everything the engine has to say since the last call.
    public mutating func takeEvents() -> [EngineEvent] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }
}

// MARK: - Internals

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
        if let motion = offsetMotion {
            let before = offset
            offset = min(max(motion.value(at: now), 0), maxOffset)
            evaluateAutoLoad(movingDown: offset > before)
        }
    }

    private func nextDue() -> (Double, Due)? {
        var best: (Double, Due)?
        func consider(_ time: Double?, _ due: Due) {
            guard let time else { return }
            if best == nil || time < best!.0 { best = (time, due) }
        }
        if let gesture, gesture.kind == .wheel || gesture.kind == .touchpad {
            consider(gesture.lastInput + Tuning.releaseQuietPeriod, .releaseGesture)
        }
        if case .settling(let tween) = top { consider(tween.end, .topSettled) }
        if case .settling(let tween) = bottom { consider(tween.end, .bottomSettled) }
        consider(offsetMotion?.end, .offsetSettled)
        consider(session?.actionDue, .refreshAction)
        switch session?.stage {
        case .revealing(let until): consider(until, .refreshAction)
        case .failed(let since): consider(since + Tuning.failureHold, .failureOver)
        case .finishing(let since, _): consider(since + duration(Tuning.endDuration), .finishOver)
        default: break
        }
        return best
    }

    private mutating func perform(_ due: Due) {
        switch due {
        case .releaseGesture:
            release(at: now)
        case .topSettled:
            top = .still(top.value(curve: topCurve, at: now))
            settleLooseEdges()
        case .bottomSettled:
            bottom = .still(bottom.value(curve: bottomCurve, at: now))
            settleLooseEdges()
        case .offsetSettled:
            if let motion = offsetMotion {
                let before = offset
                offset = min(max(motion.to, 0), maxOffset)
                offsetMotion = nil
                evaluateAutoLoad(movingDown: offset > before)
            }
        case .refreshAction:
            guard var current = session else { return }
            if case .revealing = current.stage {
                // The reveal is over: from here on it is a released armed gesture (SPEC §3.5).
                current.stage = .running(morphStart: now)
            }
            current.actionDue = nil
            session = current
            events.append(.refreshRequested)
        case .failureOver:
            guard var current = session else { return }
            current.stage = .finishing(since: now, ok: false)
            preservingDisplayedEdges { $0.session = current }
            startCollapse()
        case .finishOver:
            preservingDisplayedEdges { $0.session = nil }
            setPullPhase(.idle)
            if top.isTracking { classifyPull() } else if pull > 0 {
                top = settle(top, curve: topCurve, to: 0, duration: duration(Tuning.springBackDuration))
            }
        }
        emitChanges()
    }

    /// The end animation: the content settles to 0 over the end duration (SPEC §3.4).
    private mutating func startCollapse() {
        guard !top.isTracking else { return }
        top = settle(top, curve: topCurve, to: 0, duration: duration(Tuning.endDuration))
    }

    private mutating func beginGestureIfNeeded(_ kind: Gesture.Kind, at t: Double) {
        if let gesture, gesture.kind == kind { return }
        if gesture != nil { release(at: t) }
        gesture = Gesture(kind: kind, lastInput: t)
        offsetMotion = nil
        // A new gesture is a new approach to the bottom (SPEC §5).
        if footer != .loading { autoLoadLatched = false }
    }

    /// The end of a gesture: arm → refresh/load, otherwise spring back to rest (SPEC §2, §3.3).
    private mutating func release(at t: Double) {
        gesture = nil
        drag = nil
        let p = pull, q = push
        let topHeld = top.isTracking, bottomHeld = bottom.isTracking
        if topHeld { top = .still(p) }
        if bottomHeld { bottom = .still(q) }
        // Top edge.
        if session == nil, pullPhase == .armed, canRefresh {
            session = RefreshSession(stage: .running(morphStart: t),
                                     actionDue: t + duration(Tuning.refreshSettleDuration))
            top = settle(top, curve: topCurve, to: heldHeight, duration: duration(Tuning.refreshSettleDuration))
            arrow = Tween(from: 0, to: 0, start: t, duration: 0)
        } else if topHeld, !(refreshRunning && p <= heldHeight) {
            // Inside a held header the position is a scroll position: it stays.
            top = settle(top, curve: topCurve, to: refreshRunning ? heldHeight : 0,
                         duration: duration(Tuning.springBackDuration))
        }
        setPullPhase(.idle)
        // Bottom edge.
        let footerHeld = footerMode == .pull && footer == .loading
        if footer == .armed {
            if canLoadIgnoringArm { startLoad() } else { footer = .idle }
        } else if bottomHeld, !(footerHeld && q <= Tuning.footerHeight) {
            bottom = settle(bottom, curve: bottomCurve, to: footerHeld ? Tuning.footerHeight : 0,
                            duration: duration(Tuning.springBackDuration))
        }
        settleLooseEdges()
        emitChanges()
    }

    private var canLoadIgnoringArm: Bool { !refreshRunning && !isShortList }

    private mutating func startLoad() {
        preservingDisplayedEdges {
            $0.footer = .loading
        }
        loadStarted = now
        autoLoadLatched = true
        emitChanges()
        events.append(.loadRequested)
        if footerMode == .pull, offset >= maxOffset - 0.5, !bottom.isTracking {
            bottom = settle(bottom, curve: bottomCurve, to: Tuning.footerHeight,
                            duration: duration(Tuning.springBackDuration))
        }
    }

    /// Splits a delta between the overscroll at each edge and the list offset. Reversal reduces
    /// the overscroll to 0 before the list scrolls again (SPEC §2).
    private mutating func applyDelta(_ delta: Double, allowOverscroll: Bool) {
        offsetMotion = nil
        if delta > 0 {
            var rest = shrinkTop(by: delta)
            let scrolled = min(rest, max(maxOffset - offset, 0))
            offset += scrolled
            rest -= scrolled
            if rest > 0, allowOverscroll { bottom = .tracking(raw: bottom.raw(curve: bottomCurve, at: now) + rest) }
        } else if delta < 0 {
            var rest = shrinkBottom(by: -delta)
            let scrolled = min(rest, offset)
            offset -= scrolled
            rest -= scrolled
            if rest > 0, allowOverscroll { top = .tracking(raw: top.raw(curve: topCurve, at: now) + rest) }
        }
        classifyPull()
        classifyPush()
        evaluateAutoLoad(movingDown: delta > 0)
        settleLooseEdges()
    }

    /// With no gesture holding it, an edge resting above its rest value springs back (SPEC §2, §8:
    /// no drift). Rest is 0, or anything up to the held header/footer while it is held (a scroll
    /// position inside it).
    private mutating func settleLooseEdges() {
        guard gesture == nil else { return }
        if case .still(let p) = top {
            let rest = refreshRunning ? min(p, heldHeight) : 0
            if p > rest + 1e-9 {
                top = settle(top, curve: topCurve, to: rest, duration: duration(Tuning.springBackDuration))
            }
        }
        if case .still(let q) = bottom {
            let rest = footerMode == .pull && footer == .loading ? min(q, Tuning.footerHeight) : 0
            if q > rest + 1e-9 {
                bottom = settle(bottom, curve: bottomCurve, to: rest, duration: duration(Tuning.springBackDuration))
            }
        }
    }

    private mutating func shrinkTop(by amount: Double) -> Double {
        let (edge, rest) = top.shrunk(by: amount, curve: topCurve, at: now, keepTracking: gesture != nil)
        top = edge
        return rest
    }

    private mutating func shrinkBottom(by amount: Double) -> Double {
        let (edge, rest) = bottom.shrunk(by: amount, curve: bottomCurve, at: now, keepTracking: gesture != nil)
        bottom = edge
        return rest
    }

    /// idle / pulling / armed while a gesture holds the top (SPEC §3.3, with hysteresis).
    private mutating func classifyPull() {
        guard session == nil else { return }
        let p = pull
        if p <= 0 || !top.isTracking {
            setPullPhase(.idle)
        } else if pullPhase == .armed, p >= Tuning.triggerPull - Tuning.armHysteresis {
            setPullPhase(.armed)
        } else if p >= Tuning.triggerPull, canRefresh {
            setPullPhase(.armed)
        } else {
            setPullPhase(.pulling)
        }
    }

    /// The one place the pull phase changes; the classic arrow turns with it (SPEC §4).
    private mutating func setPullPhase(_ phase: HeaderPhase) {
        let wasArmed = pullPhase == .armed
        pullPhase = phase
        guard wasArmed != (phase == .armed) else { return }
        let from = arrow.value(at: now)
        let to: Double = phase == .armed ? 1 : 0
        arrow = Tween(from: from, to: to, start: now, duration: duration(Tuning.arrowFlipDuration) * abs(to - from),
                      easing: .easeOut)
    }

    /// Pull-mode footer: armed at q ≥ footer height while a gesture holds the bottom (SPEC §5).
    private mutating func classifyPush() {
        guard footerMode == .pull, bottom.isTracking else { return }
        guard footer == .idle || footer == .armed || footer == .failed else { return }
        guard canLoadIgnoringArm else {
            // Refreshing, or the list became short: releasing could not load, so it is not armed.
            if footer == .armed { footer = .idle }
            return
        }
        let q = push
        if footer == .armed, q >= Tuning.footerHeight - Tuning.armHysteresis { return }
        if q >= Tuning.footerHeight {
            footer = .armed
        } else if footer == .armed {
            footer = .idle
        }
    }

    /// Auto mode: fire once when the footer comes into view while moving down (SPEC §5).
    private mutating func evaluateAutoLoad(movingDown: Bool) {
        guard footerMode == .auto, !isShortList else { return }
        let inZone = offset + viewportHeight >= rowsHeight - 0.5
        guard inZone else {
            // Leaving the zone is a new approach only outside a gesture (scrollbar, fling, keys):
            // within one gesture it fires again only after a new gesture (SPEC §5).
            if gesture == nil { autoLoadLatched = false }
            return
        }
        guard movingDown, !autoLoadLatched, footer == .idle || footer == .failed, canLoad else { return }
        startLoad()
    }

    private mutating func applyRowsHeight(_ height: Double, insertedAbove: Double) {
        preservingDisplayedEdges { $0.rowsHeight = max(height, 0) }
        if insertedAbove > 0, offset > 0 {
            offset += insertedAbove
            if let motion = offsetMotion {
                offsetMotion = Tween(from: motion.from + insertedAbove, to: motion.to + insertedAbove,
                                     start: motion.start, duration: motion.duration, easing: motion.easing)
            }
        }
        clampOffset()
    }

    /// After the scroll range changed: the offset stays inside it, and a key scroll or fling that
    /// is (or ends) past its new end continues from where the offset is, in the time it had left —
    /// otherwise it would leap on as soon as the range grew again (never a jump, SPEC §2).
    private mutating func clampOffset() {
        offset = min(offset, maxOffset)
        if let motion = offsetMotion, motion.to > maxOffset || motion.value(at: now) > maxOffset {
            offsetMotion = Tween(from: offset, to: min(motion.to, maxOffset), start: now,
                                 duration: max(motion.end - now, 0), easing: motion.easing)
        }
    }

    private mutating func moveOffset(to target: Double, duration: Double) {
        offsetMotion = Tween(from: offset, to: target, start: now, duration: duration)
        advance(to: now)
    }

    /// Runs `change`, then re-derives each tracking edge's raw excess so that what is displayed
    /// does not jump when a curve's base or dimension changes (never a jump, SPEC §2).
    private mutating func preservingDisplayedEdges(_ change: (inout RefreshEngine) -> Void) {
        let p = pull, q = push
        let topWasTracking = top.isTracking, bottomWasTracking = bottom.isTracking
        change(&self)
        if topWasTracking { top = .tracking(raw: topCurve.raw(displayed: p)) }
        if bottomWasTracking { bottom = .tracking(raw: bottomCurve.raw(displayed: q)) }
    }

    private func settle(_ edge: EdgeMotion, curve: EdgeCurve, to rest: Double, duration: Double) -> EdgeMotion {
        let from = edge.value(curve: curve, at: now)
        guard abs(from - rest) > 1e-9, duration > 0 else { return .still(rest) }
        return .settling(Tween(from: from, to: rest, start: now, duration: duration))
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
