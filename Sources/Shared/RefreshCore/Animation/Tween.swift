/// Easing curves as pure functions of progress 0…1.
public enum Easing: Sendable, Equatable {
    case linear
    case easeOut   // cubic: fast start, gentle stop — every settle and spring-back (docs/behaviour.md#input-model)
    case easeInOut // cubic: gentle start and stop — a wheel's pull decaying after the quiet period (docs/behaviour.md#input-model)

    public func callAsFunction(_ x: Double) -> Double {
        let t = min(max(x, 0), 1)
        switch self {
        case .linear: return t
        case .easeOut: return 1 - (1 - t) * (1 - t) * (1 - t)
        case .easeInOut: return t < 0.5 ? 4 * t * t * t : 1 - 4 * (1 - t) * (1 - t) * (1 - t)
        }
    }
}

/// A value moving from `from` to `to` over `duration` seconds starting at `start`.
/// Pure: its value is a function of time only, so tests evaluate it at exact instants.
public struct Tween: Sendable, Equatable {
    public var from: Double
    public var to: Double
    public var start: Double
    public var duration: Double
    public var easing: Easing

    public init(from: Double, to: Double, start: Double, duration: Double, easing: Easing = .easeOut) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = max(duration, 0)
        self.easing = easing
    }

    public func progress(at t: Double) -> Double {
        // At `end` exactly the tween is finished, even where (start + duration) − start < duration.
        duration <= 0 || t >= end ? 1 : min(max((t - start) / duration, 0), 1)
    }

    public func value(at t: Double) -> Double {
        let k = progress(at: t)
        return k >= 1 ? to : from + (to - from) * easing(k)
    }

    public func isFinished(at t: Double) -> Bool { progress(at: t) >= 1 }
    public var end: Double { start + duration }
}
