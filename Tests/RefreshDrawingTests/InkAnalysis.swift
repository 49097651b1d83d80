import RefreshQA
import Foundation
import RefreshCore

/// A rendered image measured on its pixels, without asking the painter where it put anything:
/// what is drawn (differs from the background), where (column and row runs, boxes), which way a
/// mark points, how opaque a ray from a centre is. Positions are logical px unless named device.
struct Ink {
    let width: Int
    let height: Int
    let scale: Double
    let pixels: [Pixel]
    let background: Pixel
    /// Per device pixel: differs from the background by more than the threshold in a channel.
    let drawn: [Bool]

    static let clear = Pixel(r: 0, g: 0, b: 0, a: 0)

    /// `background`: the colour the drawing is on (transparent unless a bar fills the image).
    init(_ image: ImageSurface, background: Pixel = Ink.clear, threshold: Int = 24) {
        width = image.pixelWidth
        height = image.pixelHeight
        scale = image.scale
        pixels = image.pixels
        self.background = background
        drawn = pixels.map { Ink.difference($0, background) > threshold }
    }

    static func difference(_ p: Pixel, _ q: Pixel) -> Int {
        max(abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
    }

    /// A box in logical px (`maxX`, `maxY` exclusive).
    struct Box: CustomStringConvertible {
        var minX, minY, maxX, maxY: Double
        var midX: Double { (minX + maxX) / 2 }
        var midY: Double { (minY + maxY) / 2 }
        var width: Double { maxX - minX }
        var height: Double { maxY - minY }
        var description: String { "x \(minX)…\(maxX) y \(minY)…\(maxY)" }
    }

    var allColumns: ClosedRange<Int> { 0...(width - 1) }
    var allRows: ClosedRange<Int> { 0...(height - 1) }

    func isDrawn(_ x: Int, _ y: Int) -> Bool { drawn[y * width + x] }

    /// Runs of device columns (within `rows`) holding drawn pixels; runs closer than `gap`
    /// logical px are one run (the letters of a line, the words of a sentence).
    func columnRuns(rows: ClosedRange<Int>? = nil, gap: Double) -> [ClosedRange<Int>] {
        let rows = rows ?? allRows
        let used = (0..<width).map { x in rows.contains { isDrawn(x, $0) } }
        return Ink.runs(used, gap: Int((gap * scale).rounded()))
    }

    /// Runs of device rows (within `columns`) holding drawn pixels, merged across gaps below `gap`.
    func rowRuns(columns: ClosedRange<Int>, gap: Double) -> [ClosedRange<Int>] {
        let used = (0..<height).map { y in columns.contains { isDrawn($0, y) } }
        return Ink.runs(used, gap: Int((gap * scale).rounded()))
    }

    private static func runs(_ used: [Bool], gap: Int) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        for (i, on) in used.enumerated() where on {
            if let last = result.last, i - last.upperBound <= gap {
                result[result.count - 1] = last.lowerBound...i
            } else {
                result.append(i...i)
            }
        }
        return result
    }

    /// The box of the drawn pixels inside `columns` × `rows`, nil when nothing is drawn there.
    func box(columns: ClosedRange<Int>? = nil, rows: ClosedRange<Int>? = nil) -> Box? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in rows ?? allRows {
            for x in columns ?? allColumns where isDrawn(x, y) {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return Box(minX: Double(minX) / scale, minY: Double(minY) / scale,
                   maxX: Double(maxX + 1) / scale, maxY: Double(maxY + 1) / scale)
    }

    /// Drawn pixels inside `columns` × `rows`.
    func count(columns: ClosedRange<Int>? = nil, rows: ClosedRange<Int>? = nil) -> Int {
        var n = 0
        for y in rows ?? allRows { for x in columns ?? allColumns where isDrawn(x, y) { n += 1 } }
        return n
    }

    /// Device columns covering logical `box` (clamped to the image).
    func columns(of box: Box, margin: Double = 0) -> ClosedRange<Int> {
        max(Int(((box.minX - margin) * scale).rounded(.down)), 0)...min(Int(((box.maxX + margin) * scale).rounded(.up)) - 1, width - 1)
    }

    func rows(of box: Box, margin: Double = 0) -> ClosedRange<Int> {
        max(Int(((box.minY - margin) * scale).rounded(.down)), 0)...min(Int(((box.maxY + margin) * scale).rounded(.up)) - 1, height - 1)
    }

    /// The pixel under logical point (x, y).
    subscript(_ x: Double, _ y: Double) -> Pixel {
        let px = min(max(Int((x * scale).rounded(.down)), 0), width - 1)
        let py = min(max(Int((y * scale).rounded(.down)), 0), height - 1)
        return pixels[py * width + px]
    }

    /// The most opaque pixel on the ray from `center` at `angle` (rad, y down, 0 = right)
    /// between radii `from` and `to` (logical), sampled every device pixel.
    func strongest(from center: Point, angle: Double, radii: ClosedRange<Double>) -> Pixel {
        var best = Ink.clear
        var r = radii.lowerBound
        while r <= radii.upperBound {
            let p = self[center.x + r * cos(angle), center.y + r * sin(angle)]
            if Ink.difference(p, background) > Ink.difference(best, background) || best == Ink.clear { best = p }
            r += 0.5 / scale
        }
        return best
    }

    /// The mean colour (unpremultiplied) of the most opaque drawn pixels in the region: the
    /// ink itself rather than its anti-aliased edges.
    func inkColour(columns: ClosedRange<Int>? = nil, rows: ClosedRange<Int>? = nil) -> RGBA? {
        var strongest = 0
        for y in rows ?? allRows { for x in columns ?? allColumns where isDrawn(x, y) {
            strongest = max(strongest, Ink.difference(pixels[y * width + x], background))
        } }
        var sum = (r: 0.0, g: 0.0, b: 0.0, a: 0.0), n = 0.0
        for y in rows ?? allRows { for x in columns ?? allColumns where isDrawn(x, y) {
            let p = pixels[y * width + x]
            guard Ink.difference(p, background) >= strongest - 4 else { continue }
            let c = p.color
            sum.r += c.r; sum.g += c.g; sum.b += c.b; sum.a += c.a
            n += 1
        } }
        guard n > 0 else { return nil }
        return RGBA(r: sum.r / n, g: sum.g / n, b: sum.b / n, a: sum.a / n)
    }

    /// Which way an arrow-like mark points, in degrees (y down: 90 is down, −90 up), and the
    /// middle of its length. The mark's long axis is its principal axis; its two ends along
    /// that axis are equally far from its middle, and the end with more ink (the head) is the
    /// one it points to.
    func pointing(columns: ClosedRange<Int>) -> (degrees: Double, center: Point)? {
        var points: [(x: Double, y: Double, w: Double)] = []
        for y in allRows { for x in columns where isDrawn(x, y) {
            let w = Double(Ink.difference(pixels[y * width + x], background)) / 255
            points.append((Double(x) + 0.5, Double(y) + 0.5, w))
        } }
        let total = points.reduce(0) { $0 + $1.w }
        guard points.count > 10, total > 0 else { return nil }
        let cx = points.reduce(0) { $0 + $1.x * $1.w } / total
        let cy = points.reduce(0) { $0 + $1.y * $1.w } / total
        var sxx = 0.0, syy = 0.0, sxy = 0.0
        for p in points {
            sxx += p.w * (p.x - cx) * (p.x - cx)
            syy += p.w * (p.y - cy) * (p.y - cy)
            sxy += p.w * (p.x - cx) * (p.y - cy)
        }
        let axis = 0.5 * atan2(2 * sxy, sxx - syy)
        let u = (x: cos(axis), y: sin(axis))
        let solid = points.filter { $0.w > 0.25 }
        let projections = solid.map { ($0.x - cx) * u.x + ($0.y - cy) * u.y }
        guard let low = projections.min(), let high = projections.max() else { return nil }
        let middle = (low + high) / 2
        // The centroid lies on the head's side of the middle.
        let direction = middle < 0 ? u : (x: -u.x, y: -u.y)
        let center = Point((cx + middle * u.x) / scale, (cy + middle * u.y) / scale)
        return (atan2(direction.y, direction.x) * 180 / .pi, center)
    }
}

/// Angle difference in degrees, −180…180.
func angleDifference(_ a: Double, _ b: Double) -> Double {
    remainder(a - b, 360)
}

extension RGBA {
    /// Largest per-channel difference to `other` in 0…255 units, alpha included.
    func distanceWithAlpha(to other: RGBA) -> Double {
        max(distance(to: other), 255 * abs(a - other.a))
    }
}
