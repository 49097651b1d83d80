/// The rubber-band resistance curve (docs/behaviour.md#rubber-band): raw excess `x` → displayed overscroll.
/// `p = (1 − 1/(x·c/d + 1))·d`: monotonic, slope `c` at 0, never reaches `d`.
public struct RubberBand: Equatable, Sendable {
    public var coefficient: Double
    /// The asymptote `d`: the viewport height.
    public var dimension: Double

    public init(coefficient: Double = Tuning.rubberBandCoefficient, dimension: Double) {
        self.coefficient = coefficient
        self.dimension = max(dimension, 1)
    }

    public func displayed(raw x: Double) -> Double {
        guard x > 0 else { return 0 }
        let d = dimension
        return (1 - 1 / (x * coefficient / d + 1)) * d
    }

    /// The inverse: the raw excess that displays as `p` (p is clamped below `d`).
    public func raw(displayed p: Double) -> Double {
        guard p > 0 else { return 0 }
        let d = dimension
        let clamped = min(p, d * (1 - 1e-9))
        return (d / coefficient) * clamped / (d - clamped)
    }
}

/// One edge's overscroll map φ: the first `base` px are free (the held header or footer while
/// refreshing/loading behaves as scrollable content), beyond that the rubber band applies.
struct EdgeCurve: Equatable, Sendable {
    var base: Double
    var band: RubberBand

    func displayed(raw u: Double) -> Double {
        u <= base ? max(u, 0) : base + band.displayed(raw: u - base)
    }

    func raw(displayed p: Double) -> Double {
        p <= base ? max(p, 0) : base + band.raw(displayed: p - base)
    }
}
