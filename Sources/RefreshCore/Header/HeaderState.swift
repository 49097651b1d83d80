/// Every state the header can be in, with what each needs to know (docs/behaviour.md, Header states
/// and Refresh lifecycle). One value: the phase a host sees and the refresh under way cannot
/// disagree. `RefreshEngine.setHeader` is the only writer.
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
