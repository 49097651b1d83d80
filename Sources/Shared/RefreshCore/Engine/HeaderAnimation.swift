/// What the header is animating at the engine's `now`, with the time into it: for QA tools
/// (the demo's overlay, recordings and trace). Read-only; nothing in the engine depends on it.
public enum HeaderAnimation: Equatable, Sendable {
    /// Nothing time-driven on the header.
    case none
    /// The pull springs back or settles with no refresh running.
    case settle
    /// `beginRefreshing`'s reveal, seconds since it began.
    case reveal(Double)
    /// The J's morph into the ring, seconds since it began (0 ≤ t < `Tuning.morphDuration`).
    case morph(Double)
    /// The ring's spin, seconds since the morph ended.
    case spin(Double)
    /// The failure hold, seconds since the refresh failed.
    case failed(Double)
    /// The end animation, seconds since it began.
    case end(Double)

    /// "none", "settle", "reveal", "morph", "spin", "failed", "end".
    public var name: String {
        switch self {
        case .none: return "none"
        case .settle: return "settle"
        case .reveal: return "reveal"
        case .morph: return "morph"
        case .spin: return "spin"
        case .failed: return "failed"
        case .end: return "end"
        }
    }

    /// Seconds into the animation (nil for none and settle).
    public var time: Double? {
        switch self {
        case .none, .settle: return nil
        case .reveal(let t), .morph(let t), .spin(let t), .failed(let t), .end(let t): return t
        }
    }
}

extension RefreshEngine {
    /// The header animation at `now` (see `HeaderAnimation`).
    package var headerAnimation: HeaderAnimation {
        switch headerState {
        case .idle, .pulling, .armed:
            return needsTicks && pull > 0 && !isGestureActive ? .settle : .none
        case .revealing(let until):
            return .reveal(max(0, now - (until - (animationsEnabled ? Tuning.revealDuration : 0))))
        case .running(let start, _):
            let elapsed = now - start
            return elapsed < Tuning.morphDuration && animationsEnabled
                ? .morph(max(0, elapsed)) : .spin(elapsed - Tuning.morphDuration)
        case .failed(let since, _):
            return .failed(now - since)
        case .finishing(let since, _, _, _):
            return .end(now - since)
        }
    }

    /// When the current refresh's morph began (engine time); nil outside a refresh or before its action.
    package var morphStartTime: Double? { headerState.morphStart }
}
