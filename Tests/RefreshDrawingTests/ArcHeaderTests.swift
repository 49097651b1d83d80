import CGtk
import Foundation
import RefreshCore
import RefreshDrawing
import RefreshDemo
import RefreshGtk
import RefreshQA
import Testing

/// The demo's app-drawn `arc` header: its labels stay inside the ring, and `filmstrip --style arc`
/// shows its whole sequence like the built-in styles.
@MainActor
@Suite struct ArcHeaderTests {
    /// Every label the arc draws: the percentages while pulling, the finished tick, the failure mark.
    static let labels = (0...100).map { "\($0)%" } + ["✓", "!"]

    /// Measured in logical px with the fixed headless font (the scale does not change them).
    @Test func everyLabelKeepsClearOfTheRing() {
        let context = PainterText.headlessPangoContext()
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        for label in Self.labels {
            let layout = ArcHeader.labelLayout(label, pangoContext: context)
            var width: Int32 = 0, height: Int32 = 0
            pango_layout_get_pixel_size(layout, &width, &height)
            g_object_unref(UnsafeMutableRawPointer(layout))
            #expect(width > 0 && height > 0, "\(label) has no size")
            #expect(ArcHeader.labelFits(width: Double(width), height: Double(height)),
                    "\(label) is \(width)×\(height) px: too close to the ring")
        }
    }

    @Test func theFitCheckRejectsALabelAsWideAsTheRing() {
        let inner = ArcHeader.radius - ArcHeader.lineWidth / 2
        #expect(!ArcHeader.labelFits(width: 2 * inner, height: 4))
        #expect(ArcHeader.labelFits(width: 4, height: 4))
    }

    @Test func filmstripCommandTakesTheArcStyle() throws {
        let options = try FilmstripOptions.validated(style: "arc", out: NSTemporaryDirectory() + "/ptr-arc-sheet.png")
        #expect(options.appHeader == .arc)
        #expect(options.style == DemoHeader.arc.timings)
        let builtIn = try FilmstripOptions.validated(style: "classic", out: NSTemporaryDirectory() + "/ptr-c.png")
        #expect(builtIn.appHeader == nil)
    }

    /// The sheet has one 64 px panel per moment and theme, drawn through the public protocol:
    /// nothing at pull 0, the accent ring part-way at pull 0.5, the error colour when failed.
    @Test func arcFilmstripShowsEachMoment() throws {
        let arc = ArcHeader()
        let image = Filmstrip.render(style: DemoHeader.arc.timings, appHeader: arc, scale: 1)
        let pixels = image.pixels
        let last = Filmstrip.panelRect(row: Filmstrip.cells.count - 1, column: Filmstrip.themes.count - 1,
                                       panelHeight: arc.heldHeight)
        #expect(image.pixelHeight == Int(last.y + last.height) + 8)
        #expect(image.pixelWidth == Int(last.x + last.width) + 8)

        func colours(row caption: String, column: Int) throws -> [RGBA] {
            let row = try #require(Filmstrip.cells.firstIndex { $0.caption == caption })
            let panel = Filmstrip.panelRect(row: row, column: column, panelHeight: arc.heldHeight)
            var found: [RGBA] = []
            for y in Int(panel.y)..<Int(panel.y + panel.height) {
                for x in Int(panel.x)..<Int(panel.x + panel.width) {
                    found.append(pixels[y * image.pixelWidth + x].color)
                }
            }
            return found
        }
        func near(_ a: RGBA, _ b: RGBA) -> Bool {
            abs(a.r - b.r) < 0.04 && abs(a.g - b.g) < 0.04 && abs(a.b - b.b) < 0.04
        }
        for (column, theme) in Filmstrip.themes.enumerated() {
            let empty = try colours(row: "pull 0.00", column: column)
            #expect(empty.allSatisfy { near($0, theme.background) }, "\(theme.name): pull 0 drew something")
            let half = try colours(row: "pull 0.50", column: column)
            #expect(half.filter { near($0, theme.palette.accent) }.count > 100, "\(theme.name): no ring at 0.5")
            #expect(!half.contains { near($0, theme.palette.error) })
            let failed = try colours(row: "failed", column: column)
            #expect(failed.filter { near($0, theme.palette.error) }.count > 200, "\(theme.name): no error ring")
        }
    }
}
