import DemoRendering
import Foundation
import RefreshCore
import RefreshDrawing
import RefreshQA
import RefreshTestSupport
import Testing

/// The GTK 4 bin draws the same header as the headless renderer (and so as the GTK 3 widget):
/// `refresh-gtk4-frames` puts a live GTK 4 bin into a moment of `HeaderScene` and renders its
/// window through GSK; the gap above the rows must match the headless image of that moment, on
/// the same background and palette, within the goldens' tolerance — for every built-in style and
/// the demo's app-drawn arc (drawn through the public `RefreshHeaderStyle` protocol), at
/// scale 1 and 2, with GSK's Cairo and GL renderers. GTK 4 cannot share this process with GTK 3,
/// hence the child process.
@Suite(.enabled { try Prerequisite.check(.display, .built("refresh-gtk4-frames")) })
struct Gtk4HeaderFrameTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let style: DemoHeader
        let moment: String
        var testDescription: String { "\(style.rawValue) \(moment)" }
    }

    static let cases: [Case] = [
        Case(style: .jike, moment: "pull:0.5"), Case(style: .jike, moment: "refresh:0.4"),
        Case(style: .jike, moment: "failed"), Case(style: .classic, moment: "armed:0.3"),
        Case(style: .classic, moment: "refresh:0.2"), Case(style: .plain, moment: "pull:1"),
        Case(style: .plain, moment: "failed"), Case(style: .arc, moment: "pull:0.5"), Case(style: .arc, moment: "failed"),
    ]

    struct Look: CustomTestStringConvertible, Sendable {
        let scale: Int
        let renderer: String
        var testDescription: String { "scale \(scale) \(renderer)" }
    }

    static let looks = [1, 2].flatMap { scale in ["cairo", "gl"].map { Look(scale: scale, renderer: $0) } }

    /// GSK_RENDERER's name for the GL renderer GTK uses by default: "gl" up to GTK 4.12, "ngl"
    /// from 4.14, where the old "gl" is gone and asking for it warns (fatal in the test command).
    static let glRenderer: String = {
        guard let run = try? BuiltProducts.run("/usr/bin/pkg-config", ["--modversion", "gtk4"], environment: [:]),
              run.status == 0 else { return "gl" }
        let parts = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").compactMap { Int($0) }
        return parts.count >= 2 && (parts[0], parts[1]) >= (4, 14) ? "ngl" : "gl"
    }()

    @Test(arguments: cases, looks)
    func theGapMatchesTheHeadlessRender(_ frame: Case, look: Look) throws {
        let scale = look.scale, renderer = look.renderer
        let tool = try Prerequisite.path(of: .built("refresh-gtk4-frames"))
        let png = FileManager.default.temporaryDirectory
            .appendingPathComponent("gtk4-frame-\(frame.style.rawValue)-\(frame.moment)-\(scale)-\(renderer).png").path
        defer { try? FileManager.default.removeItem(atPath: png) }
        let run = try BuiltProducts.run(
            tool, ["--style", frame.style.rawValue, "--moment", frame.moment, "--width", "360", "--out", png],
            environment: ["GDK_SCALE": String(scale), "GSK_RENDERER": renderer == "gl" ? Self.glRenderer : renderer,
                          "GDK_BACKEND": "x11"])
        try #require(run.status == 0 && !run.signalled, "refresh-gtk4-frames failed: \(run.stderr)")
        let report = try JSONDecoder().decode(FrameReport.self, from: Data(run.stdout.utf8))
        #expect(report.scale == Double(scale))
        #expect(report.renderer.lowercased().contains(renderer == "gl" ? "gl" : "cairo"), "\(report.renderer)")
        let live = try #require(ImageSurface(contentsOfPNG: png), "no PNG written")

        let custom = frame.style.makeAppDrawnStyle()
        let visual = HeaderScene.visual(try #require(HeaderMoment(argument: frame.moment)), style: frame.style.timings,
                                        heldHeight: custom?.heldHeight)
        #expect(abs(visual.contentTop - report.contentTop) < 1e-9, "the bin is not in the scene's moment")
        let height = Double(ImageSurface.pixels(visual.contentTop, scale: Double(scale))) / Double(scale)
        let expected = ImageSurface(logicalWidth: report.width, logicalHeight: height, scale: Double(scale))
        if let background = report.background { expected.fill(background.color) }
        expected.draw { cr in
            if let custom {
                HeaderPainter().draw(visual, style: custom, cr: cr, width: report.width, palette: report.palette.palette)
            } else {
                HeaderPainter().draw(visual, cr: cr, width: report.width, palette: report.palette.palette)
            }
        }
        let gap = live.cropped(pixelWidth: expected.pixelWidth, pixelHeight: expected.pixelHeight,
                               scale: Double(scale))
        if let difference = Goldens.compare(gap, expected) {
            let kept = png.replacingOccurrences(of: ".png", with: "-kept.png")
            try? FileManager.default.copyItem(atPath: png, toPath: kept)
            let headless = png.replacingOccurrences(of: ".png", with: "-expected.png")
            try? expected.writePNG(to: headless)
            Issue.record("the GTK 4 gap differs from the headless render: \(difference) (window: \(kept), headless: \(headless))")
        }
    }
}

/// refresh-gtk4-frames' JSON line.
struct FrameReport: Decodable {
    struct Colour: Decodable {
        let components: [Double]
        init(from decoder: Decoder) throws { components = try [Double](from: decoder) }
        var color: RGBA { RGBA(r: components[0], g: components[1], b: components[2], a: components[3]) }
    }

    struct Colours: Decodable {
        let track, accent, error, text, bar, barText: Colour
        enum CodingKeys: String, CodingKey {
            case track, accent, error, text, bar
            case barText = "bar_text"
        }

        var palette: Palette {
            Palette(track: track.color, accent: accent.color, error: error.color, text: text.color, bar: bar.color,
                    barText: barText.color)
        }
    }

    let scale: Double
    let width: Double
    let contentTop: Double
    let renderer: String
    let background: Colour?
    let palette: Colours

    enum CodingKeys: String, CodingKey {
        case scale, width, renderer, background, palette
        case contentTop = "content_top"
    }
}
