/// One continuous interaction, from first input to release (docs/behaviour.md#words).
struct Gesture: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case wheel      // released after a quiet period
        case touchpad   // released by scroll-stop (quiet period as fallback)
        case drag       // released by button or finger up
    }
    var kind: Kind
    var lastInput: Double
    /// Total raw movement of the content since the gesture began (down the list = positive).
    var travel = 0.0
}

/// The engine's drag: made when the press passes the slop and is the engine's (`PressGesture`'s
/// `scrolling` phase), dropped at its release.
struct DragTracker: Sendable, Equatable {
    /// The finger movement the content does not follow: the slop swallowed at the start (so the
    /// content does not jump by it), given back as the finger comes closer to the press point. It
    /// never exceeds the finger's closest approach to the press point since, so back at the press
    /// point the content is back where it was (docs/behaviour.md, Input model).
    private(set) var slack = 0.0
    private var samples: [(t: Double, y: Double)] = []

    /// The drag passed the slop; its first motion reported `y`. Only the slop itself is swallowed,
    /// whatever `y` is: the content follows the rest at once, so pointer travel maps to pull the
    /// same way however the motion events were batched (docs/behaviour.md, Input model).
    init(startingAt y: Double) {
        slack = Double(signOf: y, magnitudeOf: Tuning.dragSlop)
    }

    /// How far the content follows the finger at `y` (down = positive). Each step moves the content
    /// the finger's way, at most twice as far as the finger (when slack is given back). A finger on
    /// the other side of the press point has passed it: the slack is all given back, whether or not
    /// a motion event reported the crossing.
    mutating func follow(_ y: Double) -> Double {
        let approach = y * slack > 0 ? abs(y) : 0
        if approach < abs(slack) { slack = Double(signOf: slack, magnitudeOf: approach) }
        return y - slack
    }

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
        a.slack == b.slack && a.samples.count == b.samples.count
    }
}

