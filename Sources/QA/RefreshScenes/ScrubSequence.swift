import RefreshCore

/// The header's whole sequence on one axis, for the demo's scrubber: pull 0→1, armed, morph,
/// spin, end, failed. A position 0…`length` maps to a `HeaderMoment` and a QA caption.
package enum ScrubSequence {
    /// Segments in order: (name, units on the axis, seconds or progress the segment spans).
    static let segments: [(name: String, units: Double, span: Double)] = [
        ("pull", 300, 1),
        ("armed", 60, 0.3),
        ("morph", 150, Tuning.morphDuration),
        ("spin", 200, 2 * Tuning.spinPeriod),
        ("end", 250, Tuning.endDuration),
        ("failed", 40, 0),
    ]

    /// The axis runs 0…length.
    package static var length: Double { segments.reduce(0) { $0 + $1.units } }

    /// The moment at `position` and its caption ("pull 0.42", "morph 0.075s", …).
    package static func moment(at position: Double) -> (moment: HeaderMoment, caption: String) {
        var x = min(max(position, 0), length)
        for (index, segment) in segments.enumerated() {
            let last = index == segments.count - 1
            guard x > segment.units, !last else {
                let f = min(x / segment.units, 1)
                let v = f * segment.span
                switch segment.name {
                case "pull": return (.pull(progress: v), "pull \(decimal(v, 2))")
                case "armed": return (.armed(seconds: v), "armed +\(decimal(v, 3))s")
                case "morph": return (.refresh(seconds: v), "morph \(decimal(v, 3))s")
                case "spin": return (.refresh(seconds: Tuning.morphDuration + v), "spin +\(decimal(v, 3))s")
                case "end": return (.end(seconds: v), "end \(decimal(v, 3))s")
                default: return (.failed, "failed")
                }
            }
            x -= segment.units
        }
        return (.failed, "failed")
    }

    package static func decimal(_ value: Double, _ places: Int) -> String {
        var scale = 1
        for _ in 0..<places { scale *= 10 }
        let n = Int((value * Double(scale)).rounded())
        let fraction = String(n % scale)
        return "\(n / scale)." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
