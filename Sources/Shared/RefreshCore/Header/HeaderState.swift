/// Every state the header can be in, with what each needs to know (docs/behaviour.md, Header states
/// and Refresh lifecycle). One value: the phase a host sees and the refresh under way cannot
/// disagree. Its transitions are `next` (below); `RefreshEngine.setHeader` is the only writer.
enum HeaderState: Sendable, Equatable {
    case idle                                         // nothing pending; the pull may still spring back
    case pulling                                      // a gesture holds 0 < p < trigger
    case armed                                        // a gesture holds p ≥ trigger: releasing refreshes
    case revealing(until: Double)                     // programmatic: opening to H; the action fires at `until`
    case running(morphStart: Double, actionDue: Double?) // held at H, morph then spin; action at `actionDue` (nil: fired)
    case failed(since: Double, morphStart: Double?)   // error mark held at H for `Tuning.failureHold`
    case finishing(since: Double, until: Double, ok: Bool, morphStart: Double?) // ring thins, content settles to 0

    /// What the host sees.
    var phase: HeaderPhase {
        switch self {
        case .idle: return .idle
        case .pulling: return .pulling
        case .armed: return .armed
        case .revealing, .running: return .refreshing
        case .failed: return .failed
        case .finishing: return .finishing
        }
    }

    /// A refresh exists, from its start to the end of its end animation.
    var isRefresh: Bool {
        switch self {
        case .idle, .pulling, .armed: return false
        case .revealing, .running, .failed, .finishing: return true
        }
    }

    /// The header is held open at H: the refresh counts as running for the exclusion rule.
    var holdsHeader: Bool {
        switch self {
        case .revealing, .running, .failed: return true
        case .idle, .pulling, .armed, .finishing: return false
        }
    }

    /// When the morph began (nil if the refresh ended before its action), for drawing later stages.
    var morphStart: Double? {
        switch self {
        case .running(let start, _): return start
        case .failed(_, let start), .finishing(_, _, _, let start): return start
        case .idle, .pulling, .armed, .revealing: return nil
        }
    }
}

// MARK: - Transitions

extension HeaderState {
    /// What happened, as far as the header cares. The engine decides what may happen (a refresh
    /// while a load runs, an end while nothing refreshes) and moves the content; the header's
    /// states follow from here alone.
    enum Input: Sendable, Equatable {
        case pulled(Double, held: Bool, canRefresh: Bool) // the top moved: pull p, a gesture holds it or not
        case released(canRefresh: Bool, settle: Double)   // the gesture let go; an armed pull settles over `settle`
        case begin(reveal: Double)                        // beginRefreshing: opening to H over `reveal`
        case actionDue                                    // the reveal or the settle is over: the action fires
        case ended(ok: Bool, collapse: Double)            // endRefreshing; the collapse lasts `collapse`
        case failureOver(collapse: Double)                // the error mark's hold is over
        case finishOver                                   // the collapse is over
        case abandoned                                    // the host can no longer show the list: any refresh ends
    }

    /// The one transition function: the state after `input` at `t`, or nil when the input means
    /// nothing in this state (docs/behaviour.md, Header states and Refresh lifecycle).
    func next(_ input: Input, at t: Double) -> HeaderState? {
        switch (self, input) {
        case (_, .pulled(let p, let held, let canRefresh)):
            guard !isRefresh else { return nil }
            if p <= 0 || !held { return .idle }
            // Armed disarms only below the trigger minus the hysteresis.
            if self == .armed, p >= Tuning.triggerPull - Tuning.armHysteresis { return nil }
            return p >= Tuning.triggerPull && canRefresh ? .armed : .pulling
        case (.armed, .released(let canRefresh, let settle)) where canRefresh:
            return .running(morphStart: t, actionDue: t + settle)
        case (_, .released):
            return isRefresh ? nil : .idle
        case (_, .begin(let reveal)):
            return .revealing(until: t + reveal)
        case (.revealing, .actionDue), (.running, .actionDue):
            return .running(morphStart: morphStart ?? t, actionDue: nil)
        case (.revealing, .ended(let ok, let collapse)), (.running, .ended(let ok, let collapse)):
            // Ending before the action fired cancels it: no state keeps it due.
            return ok ? .finishing(since: t, until: t + collapse, ok: true, morphStart: morphStart)
                : .failed(since: t, morphStart: morphStart)
        case (.failed, .failureOver(let collapse)):
            return .finishing(since: t, until: t + collapse, ok: false, morphStart: morphStart)
        case (.finishing, .finishOver):
            return .idle
        case (_, .abandoned):
            return .idle
        case (_, .actionDue), (_, .ended), (_, .failureOver), (_, .finishOver):
            return nil
        }
    }
}
