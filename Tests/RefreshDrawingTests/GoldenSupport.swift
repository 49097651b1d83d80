import RefreshQA
import Foundation
import RefreshCore
import RefreshGtk
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Golden images: rendered headless, compared pixel by pixel with the PNGs committed under
/// `Goldens/`, within a tolerance that absorbs anti-aliasing noise but not a moved edge.
///
/// To regenerate them on purpose: `scripts/update-goldens.sh` (it runs
/// `PTR_UPDATE_GOLDENS=1 swift test --filter RefreshDrawingTests` in the C locale), then look
/// at every changed PNG before committing it.
enum Goldens {
    /// Per-channel difference (0…255, premultiplied) still counted as equal.
    static let channelTolerance = 8
    /// Share of pixels allowed to differ beyond `channelTolerance`.
    static let differingShare = 0.005

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

    /// nil when `a` matches `b` within tolerance; else what differs, in one line.
    static func compare(_ a: ImageSurface, _ b: ImageSurface) -> String? {
        guard a.pixelWidth == b.pixelWidth, a.pixelHeight == b.pixelHeight else {
            return "size \(a.pixelWidth)×\(a.pixelHeight), golden \(b.pixelWidth)×\(b.pixelHeight)"
        }
        let width = a.pixelWidth
        let pa = a.pixels, pb = b.pixels
        var differing: [(x: Int, y: Int, actual: Pixel, expected: Pixel)] = []
        var count = 0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for i in pa.indices where !close(pa[i], pb[i]) {
            count += 1
            let x = i % width, y = i / width
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            if differing.count < 5 { differing.append((x, y, pa[i], pb[i])) }
        }
        let allowed = Int(Double(pa.count) * differingShare)
        guard count > allowed else { return nil }
        let samples = differing.map { "(\($0.x),\($0.y)) \(describe($0.actual)) vs \(describe($0.expected))" }
        return "\(count) of \(pa.count) pixels differ by more than \(channelTolerance) (allowed \(allowed)), "
            + "in x \(minX)…\(maxX), y \(minY)…\(maxY); first: " + samples.joined(separator: ", ")
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

/// A rendered image's pixels, read once, addressed by logical position.
struct Raster {
    let width: Int
    let height: Int
    let scale: Double
    let pixels: [Pixel]

    init(_ image: ImageSurface) {
        width = image.pixelWidth
        height = image.pixelHeight
        scale = image.scale
        pixels = image.pixels
    }

    /// The pixel under logical point (x, y).
    subscript(_ x: Double, _ y: Double) -> Pixel {
        let px = min(max(Int((x * scale).rounded(.down)), 0), width - 1)
        let py = min(max(Int((y * scale).rounded(.down)), 0), height - 1)
        return pixels[py * width + px]
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
