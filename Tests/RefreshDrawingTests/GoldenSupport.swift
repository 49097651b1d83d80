import RefreshQA
import Foundation
import RefreshCore
import RefreshGtk
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Golden images: rendered headless, compared pixel by pixel with the PNGs committed under
/// `Goldens/`, within a tolerance that absorbs anti-aliasing noise but not a moved edge, a
/// missing or turned mark, missing text or a wrong colour.
///
/// The rule counts on what is drawn, not on the whole image: the background is the golden's
/// most common pixel (transparent for the J, the classic panel and the footer; the bar's colour
/// for the plain bar), the drawn pixels are the golden's other pixels, and an image matches
/// when at most `differingShare` of that many pixels differ anywhere by more than
/// `channelTolerance`. A share of the whole image would let a small mark vanish: on a 720×120
/// classic panel 0.5 % of the image is 432 px while the whole arrow is 316.
///
/// To regenerate them on purpose: `scripts/update-goldens.sh` (it runs
/// `PTR_UPDATE_GOLDENS=1 swift test --filter RefreshDrawingTests` in the C locale), then look
/// at every changed PNG before committing it.
enum Goldens {
    /// Per-channel difference (0…255, premultiplied) still counted as equal.
    static let channelTolerance = 8
    /// Share of the golden's drawn pixels allowed to differ beyond `channelTolerance`: 1 %.
    /// Renders on the reference machine match exactly (0 px); the share absorbs a rasterizer's
    /// anti-aliasing on a few edge pixels. It stays below the smallest change that matters:
    /// the classic arrow turning 0.125 of a turn (the armed arrow at +0.10 s vs +0.20 s) is
    /// about 16 % of that panel's drawn pixels, a footer spinner about 10 % of the footer's, the
    /// plain bar's one word all of what is drawn on it (`GoldenComparatorTests`).
    static let differingShare = 0.01

    static var isUpdating: Bool { ProcessInfo.processInfo.environment["PTR_UPDATE_GOLDENS"] == "1" }

    /// The committed goldens, as copied into the test bundle.
    static var bundled: URL? { Bundle.module.url(forResource: "Goldens", withExtension: nil) }

    /// The source tree's folder, where updates are written (the bundle copy is refreshed by
    /// the next build).
    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")

    /// Where failing renders are written for inspection.
    static let failures = FileManager.default.temporaryDirectory
        .appendingPathComponent("ptr-golden-failures-\(ProcessInfo.processInfo.processIdentifier)")

    /// Compares `image` with the golden `name` (file `name.png`), or writes it when updating.
    static func check(_ image: ImageSurface, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let file = name + ".png"
        if isUpdating {
            do {
                try image.writePNG(to: source.appendingPathComponent(file).path)
                print("golden written: Goldens/\(file) (\(image.pixelWidth)×\(image.pixelHeight))")
            } catch {
                Issue.record("cannot write golden \(file): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let url = bundled?.appendingPathComponent(file),
              let golden = ImageSurface(contentsOfPNG: url.path)
        else {
            Issue.record("missing golden Goldens/\(file): \(saveActual(image, file)); run scripts/update-goldens.sh",
                         sourceLocation: sourceLocation)
            return
        }
        if let difference = compare(image, golden) {
            Issue.record("\(file) differs from its golden: \(difference); actual image: \(saveActual(image, file))",
                         sourceLocation: sourceLocation)
        }
    }

    /// nil when `actual` matches `golden` within tolerance; else what differs, in one line.
    static func compare(_ actual: ImageSurface, _ golden: ImageSurface) -> String? {
        guard actual.pixelWidth == golden.pixelWidth, actual.pixelHeight == golden.pixelHeight else {
            return "size \(actual.pixelWidth)×\(actual.pixelHeight), golden \(golden.pixelWidth)×\(golden.pixelHeight)"
        }
        let width = actual.pixelWidth
        let pa = actual.pixels, pb = golden.pixels
        let background = dominantPixel(pb)
        let drawn = pb.reduce(0) { $0 + (close($1, background) ? 0 : 1) }
        var differing: [(x: Int, y: Int, actual: Pixel, expected: Pixel)] = []
        var count = 0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for i in pa.indices where !close(pa[i], pb[i]) {
            count += 1
            let x = i % width, y = i / width
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            if differing.count < 5 { differing.append((x, y, pa[i], pb[i])) }
        }
        let allowed = allowedDifferences(drawn: drawn)
        guard count > allowed else { return nil }
        let samples = differing.map { "(\($0.x),\($0.y)) \(describe($0.actual)) vs \(describe($0.expected))" }
        return "\(count) pixels differ by more than \(channelTolerance) against \(drawn) drawn in the golden "
            + "(background \(describe(background)); allowed \(allowed)), "
            + "in x \(minX)…\(maxX), y \(minY)…\(maxY); first: " + samples.joined(separator: ", ")
    }

    /// How many differing pixels a golden with `drawn` drawn pixels tolerates.
    static func allowedDifferences(drawn: Int) -> Int {
        Int(Double(drawn) * differingShare)
    }

    /// The most common pixel: the background the drawing is on.
    static func dominantPixel(_ pixels: [Pixel]) -> Pixel {
        var counts: [UInt32: Int] = [:]
        for p in pixels {
            counts[UInt32(p.r) << 24 | UInt32(p.g) << 16 | UInt32(p.b) << 8 | UInt32(p.a), default: 0] += 1
        }
        let key = counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 0
        return Pixel(r: UInt8(key >> 24), g: UInt8(truncatingIfNeeded: key >> 16),
                     b: UInt8(truncatingIfNeeded: key >> 8), a: UInt8(truncatingIfNeeded: key))
    }

    /// The committed golden `name` (without .png), as read from the test bundle.
    static func golden(_ name: String) -> ImageSurface? {
        bundled.flatMap { ImageSurface(contentsOfPNG: $0.appendingPathComponent(name + ".png").path) }
    }

    static func close(_ p: Pixel, _ q: Pixel) -> Bool {
        abs(Int(p.r) - Int(q.r)) <= channelTolerance && abs(Int(p.g) - Int(q.g)) <= channelTolerance
            && abs(Int(p.b) - Int(q.b)) <= channelTolerance && abs(Int(p.a) - Int(q.a)) <= channelTolerance
    }

    static func describe(_ p: Pixel) -> String { "rgba\(p.r),\(p.g),\(p.b),\(p.a)" }

    private static func saveActual(_ image: ImageSurface, _ file: String) -> String {
        do {
            try FileManager.default.createDirectory(at: failures, withIntermediateDirectories: true)
            let path = failures.appendingPathComponent(file).path
            try image.writePNG(to: path)
            return "written to \(path)"
        } catch {
            return "could not be saved (\(error))"
        }
    }
}

extension RGBA {
    /// WCAG 2 contrast ratio, computed here independently of the implementation under test.
    func contrast(with other: RGBA) -> Double {
        func lum(_ c: RGBA) -> Double {
            func l(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
            return 0.2126 * l(c.r) + 0.7152 * l(c.g) + 0.0722 * l(c.b)
        }
        let (x, y) = (lum(self), lum(other))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// Largest per-channel difference to `other` in 0…255 units, ignoring alpha.
    func distance(to other: RGBA) -> Double {
        255 * max(abs(r - other.r), abs(g - other.g), abs(b - other.b))
    }
}
