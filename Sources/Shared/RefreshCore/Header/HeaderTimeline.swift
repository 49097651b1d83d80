/// The J's refresh animation as pure functions of time (docs/behaviour.md#jike-header).
public enum HeaderTimeline {
    /// Morph progress 0…1 (linear over 0.15 s), `elapsed` seconds after the morph began.
    public static func morph(elapsed: Double, animated: Bool = true) -> Double {
        guard animated else { return 1 }
        return min(max(elapsed / Tuning.morphDuration, 0), 1)
    }

    /// Clockwise rotation of the ring: one turn per 0.5 s, starting when the morph ends.
    public static func spin(elapsed: Double, animated: Bool = true) -> Double {
        guard animated else { return 0 }
        let spinning = elapsed - Tuning.morphDuration
        guard spinning > 0 else { return 0 }
        let turns = spinning / Tuning.spinPeriod
        return 2 * Double.pi * (turns - turns.rounded(.down))
    }

    /// Line width during the end animation: 5 → 0 over 0.5 s (linear).
    public static func endLineWidth(elapsed: Double, animated: Bool = true) -> Double {
        guard animated else { return 0 }
        return JGlyph.lineWidth * (1 - min(max(elapsed / Tuning.endDuration, 0), 1))
    }

    /// Angle of a spinner that turns once per `Tuning.spinnerPeriod`.
    public static func spinner(elapsed: Double, animated: Bool = true) -> Double {
        guard animated else { return 0 }
        let turns = max(elapsed, 0) / Tuning.spinnerPeriod
        return 2 * Double.pi * (turns - turns.rounded(.down))
    }
}
