/// The animated "J" of the Jike refresh control (docs/behaviour.md#jike-header), in its 45×45 box.

/// What the J shows at one instant.
public enum JState: Equatable, Sendable {
    /// Pulling: `s = clamp(p/70, 0, 1)` of the J is filled (docs/behaviour.md#jike-header).
    case fill(Double)
    /// Refreshing: `morph` 0…1 from hook+stem to ring, `rotation` clockwise, `lineWidth` 5 → 0 at the end.
    case ring(morph: Double, rotation: Double, lineWidth: Double)
    /// A failed refresh: a ring and "!" in the error colour (docs/behaviour.md#jike-header), thinning at the end.
    case failure(lineWidth: Double)
}

public enum JGlyph {
    public static let boxSize = 45.0
    public static let center = Point(22.5, 22.5)
    /// `w`.
    public static let lineWidth = 5.0
    /// `L`.
    public static let stemHeight = 16.0
    /// `r`.
    public static let innerRadius = 8.0
    /// `r + w/2`: where the fill and the ring are stroked.
    public static let strokeRadius = 10.5
    /// `r + w`.
    public static let outerRadius = 13.0
    /// The grey J's outer arc stops this short of π/2 (docs/behaviour.md#jike-header).
    public static let tailGap = 0.05
    /// The ring leaves this gap (docs/behaviour.md#jike-header: drawn to 2π − 0.1).
    public static let ringGap = 0.1
    /// Below this fill nothing at all is drawn (docs/behaviour.md#jike-header: s < 0.016).
    public static let minimumFill = 0.016
    /// Centre distance above the content top while p ≤ 70 (docs/behaviour.md#jike-header: 45/2 + 12.5).
    public static let restingCenterDepth = 35.0

    static let quarter = Double.pi / 2
    static let stemX = center.x + strokeRadius

    /// Everything to draw for `state`, in box coordinates, back to front.
    public static func shapes(_ state: JState, palette: Palette) -> [Shape] {
        switch state {
        case .fill(let raw):
            let s = min(max(raw, 0), 1)
            guard s >= minimumFill else { return [] }
            return [.fill(greyJ, palette.track), .stroke(fillPath(s), width: lineWidth, color: palette.accent, cap: .butt)]
        case .ring(let rawMorph, let rotation, let width):
            let m = min(max(rawMorph, 0), 1)
            guard width > 0 else { return [] }
            var shapes: [Shape] = []
            if m < 1 { shapes.append(.fill(greyJ, palette.track.withAlpha(palette.track.a * (1 - m)))) }
            shapes.append(.stroke(ringPath(morph: m, rotation: rotation), width: width, color: palette.accent, cap: .butt))
            return shapes
        case .failure(let width):
            guard width > 0 else { return [] }
            let k = width / lineWidth
            let ring: [PathElement] = [.arc(center: center, radius: strokeRadius, from: 0, to: 2 * .pi, clockwise: true)]
            let bar: [PathElement] = [.move(Point(center.x, center.y - 5)), .line(Point(center.x, center.y + 1.5))]
            let dotRadius = 1.6 * k
            let dot: [PathElement] = [.move(Point(center.x + dotRadius, center.y + 5)),
                                      .arc(center: Point(center.x, center.y + 5), radius: dotRadius, from: 0, to: 2 * .pi, clockwise: true),
                                      .close]
            return [.stroke(ring, width: width, color: palette.error, cap: .butt),
                    .stroke(bar, width: 3 * k, color: palette.error, cap: .round),
                    .fill(dot, palette.error)]
        }
    }

    /// The grey J (docs/behaviour.md#jike-header): inner arc r=8 from π/2 to 0, up 16, right 5, down 16,
    /// outer arc r=13 from 0 to π/2 − 0.05, closed.
    public static let greyJ: [PathElement] = [
        .arc(center: center, radius: innerRadius, from: quarter, to: 0, clockwise: false),
        .line(Point(center.x + innerRadius, center.y - stemHeight)),
        .line(Point(center.x + outerRadius, center.y - stemHeight)),
        .line(Point(center.x + outerRadius, center.y)),
        .arc(center: center, radius: outerRadius, from: 0, to: quarter - tailGap, clockwise: true),
        .close,
    ]

    /// The blue fill: the hook from the tail tip towards the stem, then the stem upwards.
    static func fillPath(_ s: Double) -> [PathElement] {
        let sweep = quarter * min(2 * s, 1)
        var path: [PathElement] = [.arc(center: center, radius: strokeRadius, from: quarter, to: quarter - sweep, clockwise: false)]
        if s > 0.5 {
            path.append(.line(Point(stemX, center.y - (s - 0.5) * 2 * stemHeight)))
        }
        return path
    }

    /// The morphing ring: the stem retreats to C.y while the ring grows from the hook (the
    /// quarter from 0 to π/2) to 2π − 0.1, then the whole ring turns by `rotation`.
    static func ringPath(morph m: Double, rotation: Double) -> [PathElement] {
        let end = quarter + m * (2 * .pi - ringGap - quarter)
        var path: [PathElement] = []
        if m < 1 {
            path.append(.move(Point(stemX, center.y - stemHeight * (1 - m))))
            path.append(.line(Point(stemX, center.y)))
        }
        path.append(.arc(center: center, radius: strokeRadius, from: rotation, to: rotation + end, clockwise: true))
        return path
    }
}
