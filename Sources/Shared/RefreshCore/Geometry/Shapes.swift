/// What to draw, as plain values: the GTK side translates each into Cairo calls one to one.

public struct Point: Equatable, Sendable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
}

public struct Rect: Equatable, Sendable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
}

/// A colour with components 0…1.
public struct RGBA: Equatable, Sendable {
    public var r: Double, g: Double, b: Double, a: Double
    public init(r: Double, g: Double, b: Double, a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    /// From 0…255 components, as the source articles give them.
    public init(_ r: Int, _ g: Int, _ b: Int, alpha: Double = 1) {
        self.init(r: Double(r) / 255, g: Double(g) / 255, b: Double(b) / 255, a: alpha)
    }
    public func withAlpha(_ alpha: Double) -> RGBA { RGBA(r: r, g: g, b: b, a: alpha) }
}

/// One element of a path. Angles: y down, 0 = right, π/2 = down (docs/behaviour.md#jike-header).
public enum PathElement: Equatable, Sendable {
    case move(Point)
    case line(Point)
    /// `clockwise`: angle increasing (cairo_arc); otherwise decreasing (cairo_arc_negative).
    case arc(center: Point, radius: Double, from: Double, to: Double, clockwise: Bool)
    case close
}

public enum LineCap: Equatable, Sendable { case butt, round, square }

public enum Shape: Equatable, Sendable {
    case fill([PathElement], RGBA)
    case stroke([PathElement], width: Double, color: RGBA, cap: LineCap)

    public var color: RGBA {
        switch self {
        case .fill(_, let c): return c
        case .stroke(_, _, let c, _): return c
        }
    }
}
