/// The footer's state machine (docs/behaviour.md, Footer and load-more). `handle` is the one
/// transition function: every change of the phase and of the auto-load latch goes through it.
struct FooterMachine: Sendable, Equatable {
    /// The footer's state, `FooterPhase` with what a phase holds: a load, when it began and whether
    /// a refresh asked for during it waits for its end.
    private enum State: Sendable, Equatable {
        case idle                    // nothing pending
        case awaitingRows            // a load brought rows the host has not laid out yet: shown idle, loads nothing by itself
        case armed                   // pull mode: a gesture holds the bottom past the footer's height
        case loading(since: Double, refreshQueued: Bool) // the host is loading, since then; a refresh waits for it
        case noMoreData              // the last load said there is no more
        case failed                  // the last load failed: a click or the zone retries
    }

    /// Auto load-more's latch: it fires once per approach to the bottom.
    private enum Latch: Sendable, Equatable {
        case open               // the next move down into the zone loads
        case fired              // this approach loaded
        case left(at: Double)   // loaded, then moved up out of the zone: open once away `Tuning.zoneBounceWindow`
    }

    private var state = State.idle
    private var latch = Latch.open

    var phase: FooterPhase {
        switch state {
        case .idle, .awaitingRows: .idle
        case .armed: .armed
        case .loading: .loading
        case .noMoreData: .noMoreData
        case .failed: .failed
        }
    }

    /// When the current load began (the spinner's time zero); 0 while no load runs.
    var loadStarted: Double {
        if case .loading(let since, _) = state { return since }
        return 0
    }

    /// A refresh was asked for during the current load: it begins when the load ends.
    var refreshQueued: Bool {
        if case .loading(_, let queued) = state { return queued }
        return false
    }

    /// What happened, as far as the footer cares.
    enum Input: Sendable, Equatable {
        case newApproach                                  // a gesture or key press began: may fire again
        case autoZone(inZone: Bool, movingDown: Bool, inGesture: Bool, canLoad: Bool) // auto mode, after a move
        case push(Double, canLoad: Bool)                  // pull mode: a gesture holds the bottom at q
        case released(canLoad: Bool)                      // the gesture holding the bottom let go
        case clicked(canLoad: Bool)                       // click or Enter on the footer
        case loadEnded(ok: Bool, exhausted: Bool, rowsPending: Bool) // the host answered the load; rows to come or not
        case rowsChanged                                  // the host reported its rows' height changed
        case refreshSucceeded(inZone: Bool)               // the first page reloaded; the footer's zone in view or not
        case modeChanged                                  // auto ⇄ pull at run time
        case refreshAsked                                 // a refresh was asked for (kept if a load runs)
        case abandoned                                    // the host can no longer show the list: a load or arm ends
    }

    /// Applies `input` at time `t`. Returns true when a load starts (the engine requests it).
    mutating func handle(_ input: Input, at t: Double) -> Bool {
        switch input {
        case .newApproach:
            if phase != .loading { latch = .open }
        case .autoZone(let inZone, let movingDown, let inGesture, let canLoad):
            guard inZone else {
                // Rows that never arrive (the app counted rows it did not add) hold the footer
                // only while the list stays at its end.
                if state == .awaitingRows { state = .idle }
                // Leaving the zone is a new approach only outside a gesture (scrollbar, fling, keys):
                // within one gesture it fires again only after a new gesture.
                // A move up may come straight back (`Tuning.zoneBounceWindow`); a move down out of
                // the zone is past rows appended since: the next approach.
                if !inGesture, latch == .fired { latch = movingDown ? .open : .left(at: t) }
                return false
            }
            if case .left(let at) = latch {
                // Back at once: the same approach (a list putting a focused row in view that its
                // viewport then scrolls to from the end, docs/behaviour.md#footer-and-load-more).
                latch = t - at < Tuning.zoneBounceWindow ? .fired : .open
            }
            // The end of the list is where the loaded rows will be: a gesture that began before
            // they were laid out must not load again over them (docs/behaviour.md#footer-and-load-more).
            guard state != .awaitingRows, movingDown, latch == .open, phase == .idle || phase == .failed,
                  canLoad else { return false }
            return startLoad(at: t)
        case .push(let q, let canLoad):
            guard phase == .idle || phase == .armed || phase == .failed else { return false }
            // Refreshing, or the list became short: releasing could not load, so it is not armed.
            guard canLoad else {
                if phase == .armed { state = .idle }
                return false
            }
            if phase == .armed, q >= Tuning.footerHeight - Tuning.armHysteresis { return false }
            if q >= Tuning.footerHeight {
                state = .armed
            } else if phase == .armed {
                state = .idle
            }
        case .released(let canLoad):
            guard phase == .armed else { return false }
            if canLoad { return startLoad(at: t) }
            state = .idle
        case .clicked(let canLoad):
            guard canLoad, phase == .idle || phase == .failed else { return false }
            return startLoad(at: t)
        case .loadEnded(let ok, let exhausted, let rowsPending):
            guard phase == .loading else { return false }
            state = ok ? (exhausted ? .noMoreData : rowsPending ? .awaitingRows : .idle) : .failed
        case .rowsChanged:
            if state == .awaitingRows { state = .idle }
        case .refreshSucceeded(let inZone):
            // A refresh reloads the first page: it clears noMoreData (deliberate) and a failed load.
            if phase == .noMoreData || phase == .failed { state = .idle }
            // The next approach to the end may load again. One that ran with the end in view (in
            // place, at the bottom) leaves the latch until the list leaves the zone or a new
            // gesture begins: the offset growing by the rows it brought is no approach.
            if !inZone { latch = .open }
        case .modeChanged:
            if phase == .armed { state = .idle }
        case .refreshAsked:
            if case .loading(let since, false) = state { state = .loading(since: since, refreshQueued: true) }
        case .abandoned:
            // What the footer shows is gone with the list; the app's answer will be a no-op.
            // "No more items" and a failure stay true of the data.
            if phase == .loading || phase == .armed || state == .awaitingRows { state = .idle }
        }
        return false
    }

    private mutating func startLoad(at t: Double) -> Bool {
        state = .loading(since: t, refreshQueued: false)
        latch = .fired
        return true
    }
}
