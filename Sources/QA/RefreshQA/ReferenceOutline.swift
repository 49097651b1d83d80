import CPangoCairo
import RefreshCore
import RefreshDrawing

#if canImport(Glibc)
import Glibc
#endif

/// The J's reference geometry at one instant (docs/behaviour.md#jike-header), computed from the
/// geometry constants alone — not from `JGlyph.shapes` nor the painter — as polylines in the
/// 45×45 box's coordinates. Drawn as thin lines over the live header (the demo's G key), it
/// shows at once where the drawing departs from the reference; tests hold the painter's pixels
/// against it.
package struct ReferenceOutline: Equatable, Sendable {
    /// A sampled line: points along it, and where they came from.
    package struct Line: Equatable, Sendable {
        package enum Kind: Equatable, Sendable {
            /// An edge of the grey J's outline (between painted and unpainted).
            case outline
            /// The centre line of the blue stroke (fill or ring), `JGlyph.lineWidth` wide.
            case centre
            /// Where a stroke ends (butt caps): a short tick across it.
            case end
        }
        package var kind: Kind
        package var points: [Point]
        /// For `.outline`: the outward unit normal at each point; for `.centre`: a unit normal.
        package var normals: [Point]
    }

    package var lines: [Line]

    /// The box's corners (the J is drawn in a 45×45 box).
    package static let box = Rect(x: 0, y: 0, width: 45, height: 45)

    // The reference numbers, restated from docs/behaviour.md#jike-header rather than taken from the painter.
    static let cx = 22.5, cy = 22.5
    static let inner = 8.0, outer = 13.0, stem = 16.0, width = 5.0
    static var mid: Double { (inner + outer) / 2 }
    static let tailGap = 0.05, ringGap = 0.1
    /// Arc samples every this many logical px (a quarter device px at scale 2).
    static let spacing = 0.25

    /// The reference for `state` (the J's state at the instant: fill s, or ring morph/rotation).
    package init(_ state: JState) {
        let c = Point(Self.cx, Self.cy)
        var lines: [Line] = []
        switch state {
        case .fill(let raw):
            let s = min(max(raw, 0), 1)
            guard s >= JGlyph.minimumFill else { self.lines = []; return }
            lines += Self.greyOutline(c)
            // The blue: the hook from the tail tip (π/2) anticlockwise towards 0, then up the stem.
            let sweep = Double.pi / 2 * min(2 * s, 1)
            var centre = Self.arc(c, Self.mid, from: .pi / 2, to: .pi / 2 - sweep)
            if s > 0.5 {
                centre = Self.join(centre, Self.segment(Point(c.x + Self.mid, c.y),
                                                        Point(c.x + Self.mid, c.y - (s - 0.5) * 2 * Self.stem)))
            }
            lines.append(centre)
            lines.append(Self.tick(at: centre, first: true))
            lines.append(Self.tick(at: centre, first: false))
        case .ring(let rawMorph, let rotation, let lineWidth):
            guard lineWidth > 0 else { self.lines = []; return }
            let m = min(max(rawMorph, 0), 1)
            if m < 1 { lines += Self.greyOutline(c) }
            let end = Double.pi / 2 + m * (2 * .pi - Self.ringGap - .pi / 2)
            var centre = Self.arc(c, Self.mid, from: rotation, to: rotation + end)
            if m < 1 {
                let stem = Self.segment(Point(c.x + Self.mid, c.y - Self.stem * (1 - m)), Point(c.x + Self.mid, c.y))
                lines.append(stem)
                lines.append(Self.tick(at: stem, first: true))
            }
            centre.kind = .centre
            lines.append(centre)
            lines.append(Self.tick(at: centre, first: true))
            lines.append(Self.tick(at: centre, first: false))
        case .failure(let lineWidth):
            guard lineWidth > 0 else { self.lines = []; return }
            lines.append(Self.arc(c, Self.mid, from: 0, to: 2 * .pi))
        }
        self.lines = lines
    }

    /// The grey J: inner arc r=8 from π/2 to 0, up the stem's inner side 16, across 5, down the
    /// outer side, outer arc r=13 from 0 to π/2 − 0.05, back to the start.
    static func greyOutline(_ c: Point) -> [Line] {
        func edge(_ line: Line, flip: Bool = false) -> Line {
            Line(kind: .outline, points: line.points, normals: line.normals.map { flip ? Point(-$0.x, -$0.y) : $0 })
        }
        let tail = Point(c.x + outer * cos(.pi / 2 - tailGap), c.y + outer * sin(.pi / 2 - tailGap))
        let start = Point(c.x, c.y + inner)
        let dx = start.x - tail.x, dy = start.y - tail.y, length = (dx * dx + dy * dy).squareRoot()
        return [
            // Inner arc: the outside of the J is towards the centre (an arc's normals point away).
            edge(arc(c, inner, from: .pi / 2, to: 0), flip: true),
            edge(segment(Point(c.x + inner, c.y), Point(c.x + inner, c.y - stem), normal: Point(-1, 0))),
            edge(segment(Point(c.x + inner, c.y - stem), Point(c.x + outer, c.y - stem), normal: Point(0, -1))),
            edge(segment(Point(c.x + outer, c.y - stem), Point(c.x + outer, c.y), normal: Point(1, 0))),
            edge(arc(c, outer, from: 0, to: .pi / 2 - tailGap)),
            // The closing edge: its outward side faces away from the stem (towards −x, +y).
            edge(segment(tail, start, normal: Point(dy / length, -dx / length))),
        ]
    }

    /// Points along the circle of `radius` from angle `from` to `to` (either direction; y down,
    /// so increasing angles turn clockwise), normals pointing away from the centre.
    static func arc(_ c: Point, _ radius: Double, from: Double, to: Double) -> Line {
        let count = max(2, Int((abs(to - from) * radius / spacing).rounded(.up)) + 1)
        var points: [Point] = [], normals: [Point] = []
        for i in 0..<count {
            let a = from + (to - from) * Double(i) / Double(count - 1)
            let n = Point(cos(a), sin(a))
            points.append(Point(c.x + radius * n.x, c.y + radius * n.y))
            normals.append(n)
        }
        return Line(kind: .centre, points: points, normals: normals)
    }

    static func segment(_ a: Point, _ b: Point, normal: Point? = nil) -> Line {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        let n = normal ?? (length > 0 ? Point(-dy / length, dx / length) : Point(1, 0))
        let count = max(2, Int((length / spacing).rounded(.up)) + 1)
        let points = (0..<count).map { i in
            Point(a.x + dx * Double(i) / Double(count - 1), a.y + dy * Double(i) / Double(count - 1))
        }
        return Line(kind: .centre, points: points, normals: Array(repeating: n, count: count))
    }

    static func join(_ a: Line, _ b: Line) -> Line {
        Line(kind: a.kind, points: a.points + b.points.dropFirst(), normals: a.normals + b.normals.dropFirst())
    }

    /// A tick across a stroke's first or last point, as long as the stroke is wide.
    static func tick(at line: Line, first: Bool) -> Line {
        let p = first ? line.points[0] : line.points[line.points.count - 1]
        let n = first ? line.normals[0] : line.normals[line.normals.count - 1]
        let h = width / 2
        return Line(kind: .end, points: [Point(p.x - n.x * h, p.y - n.y * h), Point(p.x + n.x * h, p.y + n.y * h)],
                    normals: [n, n])
    }

    /// Strokes the outline into `cr` with the box's top left at `origin`, in thin lines of one
    /// device pixel: outline magenta, centre lines and ends cyan, the box dotted.
    package func draw(cr: OpaquePointer, origin: Point) {
        cairo_save(cr)
        cairo_translate(cr, origin.x, origin.y)
        let line = PixelGrid(cr).lineWidth(1)
        cairo_set_line_width(cr, line)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        // The box, dotted.
        var dashes = [2 * line, 2 * line]
        cairo_set_dash(cr, &dashes, 2, 0)
        cairo_new_path(cr)
        cairo_rectangle(cr, line / 2, line / 2, Self.box.width - line, Self.box.height - line)
        cairo_set_source_rgba(cr, 0.5, 0.5, 0.5, 0.8)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
        for item in lines {
            cairo_new_path(cr)
            for (i, p) in item.points.enumerated() {
                if i == 0 { cairo_move_to(cr, p.x, p.y) } else { cairo_line_to(cr, p.x, p.y) }
            }
            switch item.kind {
            case .outline: cairo_set_source_rgba(cr, 0.93, 0.0, 0.75, 0.95)
            case .centre, .end: cairo_set_source_rgba(cr, 0.0, 0.85, 0.85, 0.95)
            }
            cairo_stroke(cr)
        }
        cairo_restore(cr)
    }

    /// Where the live painter puts the J's box for `visual` in a viewport `viewportWidth` wide:
    /// `HeaderVisual.jikeBox`, its origin on the nearest device pixel (`scale` device px per px).
    package static func boxOrigin(_ visual: HeaderVisual, viewportWidth: Double, scale: Double) -> Point {
        let box = visual.jikeBox(viewportWidth: viewportWidth)
        return Point((box.x * scale).rounded() / scale, (box.y * scale).rounded() / scale)
    }
}
