/// How one edge's overscroll (pull or push) behaves right now.
enum EdgeMotion: Sendable, Equatable {
    case still(Double)            // at rest at this displayed value
    case tracking(raw: Double)    // held by a gesture: displayed = curve(raw)
    case settling(Tween)          // moving to its rest value on its own

    func value(curve: EdgeCurve, at t: Double) -> Double {
        switch self {
        case .still(let p): return p
        case .tracking(let u): return curve.displayed(raw: u)
        case .settling(let tween): return tween.value(at: t)
        }
    }

    func raw(curve: EdgeCurve, at t: Double) -> Double {
        if case .tracking(let u) = self { return u }
        return curve.raw(displayed: value(curve: curve, at: t))
    }

    var isTracking: Bool {
        if case .tracking = self { return true }
        return false
    }

    /// Reduces the overscroll by `amount` raw px; returns the edge and what is left of `amount`.
    /// Without a gesture the result rests instead of tracking.
    func shrunk(by amount: Double, curve: EdgeCurve, at t: Double, keepTracking: Bool) -> (EdgeMotion, Double) {
        guard value(curve: curve, at: t) > 0 else { return (self, amount) }
        let u = raw(curve: curve, at: t)
        let left = max(u - amount, 0)
        let rest = max(amount - u, 0)
        return (keepTracking ? .tracking(raw: left) : .still(curve.displayed(raw: left)), rest)
    }
}

/// One continuous interaction, from first input to release (SPEC §1).
struct Gesture: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case wheel      // released after a quiet period
        case touchpad   // released by scroll-stop (quiet period as fallback)
        case drag       // released by button or finger up
    }
    var kind: Kind
    var lastInput: Double
}

/// A drag from button/finger down: becomes a gesture once it moves past the slop.
struct DragTracker: Sendable, Equatable {
    var started = false
    /// The drag offset already applied to the content.
    var applied = 0.0
    private var samples: [(t: Double, y: Double)] = []

    mutating func record(_ y: Double, at t: Double) {
        samples.append((t, y))
        samples.removeAll { $0.t < t - Tuning.flingVelocityWindow }
    }

    /// Finger velocity (px/s, down positive) over the last samples; 0 if the finger rested.
    func velocity(at t: Double) -> Double {
        guard let first = samples.first, let last = samples.last,
              last.t > first.t, t - last.t < Tuning.flingVelocityWindow else { return 0 }
        return (last.y - first.y) / (last.t - first.t)
    }

    static func == (a: DragTracker, b: DragTracker) -> Bool {
        a.started == b.started && a.applied == b.applied && a.samples.count == b.samples.count
    }
}

/// A refresh from release (or `beginRefreshing`) to the end of its end animation.
struct RefreshSession: Sendable, Equatable {
    enum Stage: Sendable, Equatable {
        case revealing(until: Double)          // programmatic: the header opens to H (J fills)
        case running(morphStart: Double)       // held at H: morph, then spin
        case failed(since: Double)             // error mark held for `failureHold`
        case finishing(since: Double, ok: Bool) // ring thins, content settles to 0
    }
    var stage: Stage {
        didSet { if case .running(let start) = stage { morphStart = start } }
    }
    /// When the refresh action fires (after the settle to H); nil once fired or cancelled.
    var actionDue: Double?
    /// When the morph began, kept for drawing the later stages.
    private(set) var morphStart: Double?

    init(stage: Stage, actionDue: Double? = nil) {
        self.stage = stage
        self.actionDue = actionDue
        if case .running(let start) = stage { morphStart = start }
    }

    /// The header is held open at H (the refresh is "running" for the exclusion rule).
    var holdsHeader: Bool {
        switch stage {
        case .revealing, .running, .failed: return true
        case .finishing: return false
        }
    }

    var isFinishing: Bool {
        if case .finishing = stage { return true }
        return false
    }
}
