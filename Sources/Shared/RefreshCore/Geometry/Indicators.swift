import RealModule

/// Small indicators shared by the classic header and the footer.
public enum Indicators {
    /// A GtkSpinner-like ring of 12 spokes; the brightest at `angle`, fading clockwise behind it.
    public static func spinner(center: Point, radius: Double, angle: Double, color: RGBA) -> [Shape] {
        let spokes = 12
        return (0..<spokes).map { i in
            let a = angle - Double(i) * 2 * .pi / Double(spokes)
            let inner = Point(center.x + radius * 0.45 * Double.cos(a), center.y + radius * 0.45 * Double.sin(a))
            let outer = Point(center.x + radius * Double.cos(a), center.y + radius * Double.sin(a))
            let fade = 1 - Double(i) / Double(spokes) * 0.85
            return .stroke([.move(inner), .line(outer)], width: max(radius / 4.5, 1),
                           color: color.withAlpha(color.a * fade), cap: .round)
        }
    }

    /// The classic header's arrow, 20 px tall; `turn` 0 points down, 1 points up (docs/behaviour.md#classic-header).
    public static func arrow(center: Point, turn: Double, color: RGBA) -> [Shape] {
        let angle = min(max(turn, 0), 1) * Double.pi
        func p(_ x: Double, _ y: Double) -> Point {
            Point(center.x + x * Double.cos(angle) - y * Double.sin(angle), center.y + x * Double.sin(angle) + y * Double.cos(angle))
        }
        let shaft: [PathElement] = [.move(p(0, -9)), .line(p(0, 9))]
        let head: [PathElement] = [.move(p(-6, 3)), .line(p(0, 9)), .line(p(6, 3))]
        return [.stroke(shaft, width: 2, color: color, cap: .round),
                .stroke(head, width: 2, color: color, cap: .round)]
    }
}
