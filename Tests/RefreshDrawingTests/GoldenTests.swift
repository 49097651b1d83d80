import RefreshQA
import CGtk
import Foundation
import RefreshCore
import RefreshDrawing
import RefreshDemo
import RefreshGtk
import Testing

/// One golden image: its file name (without .png) and how to render it.
struct GoldenCase: CustomTestStringConvertible, Sendable {
    let name: String
    let hasText: Bool
    let render: @Sendable () -> ImageSurface
    var testDescription: String { name }
}

/// Every golden at scale 2 (HiDPI, where a half-pixel error shows), light theme unless named.
/// Naming: `<style>-<moment>`; "refresh-tX" is X s after the release; "spin-Y-after-morph-tX" is
/// Y s of spin after the 0.15 s morph, i.e. refresh time X = 0.15 + Y; "end-X" is X s into the end.
enum GoldenCatalog {
    static let scale = 2.0

    static func header(_ name: String, _ style: HeaderStyle, _ moment: HeaderMoment,
                       palette: Palette = .light) -> GoldenCase {
        GoldenCase(name: "\(style.rawValue)-\(name)@2x", hasText: style != .jike) {
            Snapshot.header(HeaderScene.visual(moment, style: style), scale: scale, palette: palette)
        }
    }

    static func footer(_ name: String, _ moment: FooterMoment, focused: Bool = false,
                       palette: Palette = .light) -> GoldenCase {
        GoldenCase(name: "footer-\(name)@2x", hasText: true) {
            Snapshot.footer(FooterScene.visual(moment), scale: scale, palette: palette, focused: focused)
        }
    }

    static let jike: [GoldenCase] = [
        header("pull-0.25", .jike, .pull(progress: 0.25)),
        header("pull-0.50", .jike, .pull(progress: 0.5)),
        header("pull-0.75", .jike, .pull(progress: 0.75)),
        header("pull-1.00", .jike, .pull(progress: 1)),
        header("morph-t0.075", .jike, .refresh(seconds: 0.075)),
        header("spin-0.25-after-morph-t0.40", .jike, .refresh(seconds: Tuning.morphDuration + 0.25)),
        header("end-0.25", .jike, .end(seconds: 0.25)),
        header("failed", .jike, .failed),
        header("pull-1.00-dark", .jike, .pull(progress: 1), palette: .dark),
        header("spin-0.25-after-morph-t0.40-dark", .jike, .refresh(seconds: Tuning.morphDuration + 0.25),
               palette: .dark),
    ]

    static let classic: [GoldenCase] = [
        header("pull-0.50", .classic, .pull(progress: 0.5)),
        header("armed", .classic, .pull(progress: 1)),
        header("armed-turning-0.10", .classic, .armed(seconds: 0.1)),
        header("refresh-t0.40", .classic, .refresh(seconds: 0.4)),
        header("end-0.10", .classic, .end(seconds: 0.1)),
        header("failed", .classic, .failed),
        header("refresh-t0.40-dark", .classic, .refresh(seconds: 0.4), palette: .dark),
    ]

    static let plain: [GoldenCase] = [
        header("pull-0.50", .plain, .pull(progress: 0.5)),
        header("armed", .plain, .pull(progress: 1)),
        header("refresh-t0.40", .plain, .refresh(seconds: 0.4)),
        header("failed", .plain, .failed),
        header("failed-dark", .plain, .failed, palette: .dark),
        header("refresh-t0.40-dark", .plain, .refresh(seconds: 0.4), palette: .dark),
    ]

    static let footers: [GoldenCase] = [
        footer("idle", .idle),
        footer("idle-focused", .idle, focused: true),
        footer("loading-0.25", .loading(seconds: 0.25)),
        footer("no-more-data", .noMoreData),
        footer("failed", .failed),
        footer("failed-focused-dark", .failed, focused: true, palette: .dark),
    ]

    /// The demo's app-drawn header (`--header arc`), through the public protocol only.
    static func arc(_ name: String, _ moment: HeaderMoment, palette: Palette = .light) -> GoldenCase {
        GoldenCase(name: "arc-\(name)@2x", hasText: true) {
            let style = ArcHeader()
            return Snapshot.header(HeaderScene.visual(moment, style: .plain, heldHeight: style.heldHeight), style: style,
                                   scale: scale, palette: palette)
        }
    }

    static let arcs: [GoldenCase] = [
        arc("pull-0.50", .pull(progress: 0.5)),
        arc("armed", .pull(progress: 1)),
        arc("refresh-t0.40", .refresh(seconds: 0.4)),
        arc("failed", .failed),
        arc("pull-0.50-dark", .pull(progress: 0.5), palette: .dark),
    ]

    static let all = jike + classic + plain + arcs + footers
}

@Suite struct GoldenTests {
    @Test(arguments: GoldenCatalog.all)
    func matchesGolden(_ golden: GoldenCase) throws {
        if golden.hasText {
            // Goldens hold English text: the test process must not run translated (it never
            // calls setlocale, so it does not unless something else in it did).
            try #require(L10n.pullDownToRefresh == "Pull down to refresh",
                         "text goldens are English: run the tests in the C locale (LANGUAGE=C LC_ALL=C)")
        }
        Goldens.check(golden.render(), named: golden.name)
    }

    /// Goldens are only meaningful if a render is a function of its moment: nothing may read
    /// the wall clock, a random number or uninitialized memory. Two renders are identical.
    @Test(arguments: GoldenCatalog.all)
    func renderingIsDeterministic(_ golden: GoldenCase) {
        let first = golden.render().pixels, second = golden.render().pixels
        let differing = zip(first, second).filter { $0 != $1 }.count
        #expect(differing == 0, "\(golden.name): \(differing) px differ between two renders")
    }
}

/// The comparator itself: it tolerates anti-aliasing noise and rejects every change that
/// matters — a moved edge, a missing or turned mark, a missing spinner or word, a wrong colour —
/// and reports where it differs.
@Suite struct GoldenComparatorTests {
    func jike(_ moment: HeaderMoment) -> ImageSurface {
        Snapshot.header(HeaderScene.visual(moment, style: .jike), scale: 2, palette: .light)
    }

    func render(_ name: String) throws -> ImageSurface {
        try #require(GoldenCatalog.all.first { $0.name == name }).render()
    }

    func golden(_ name: String) throws -> ImageSurface {
        try #require(Goldens.golden(name), "missing golden \(name)")
    }

    /// Paints `box` (logical px) with `color` (transparent: cleared) over `image`.
    func paint(_ image: ImageSurface, _ box: Ink.Box, _ color: RGBA) {
        image.draw { cr in
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
            cairo_rectangle(cr, box.minX, box.minY, box.width, box.height)
            cairo_fill(cr)
        }
    }

    /// Every pixel (drawn or not) shifted by up to 5 of 255 per channel: anti-aliasing noise
    /// everywhere is accepted; twice the tolerance on every drawn pixel is not.
    @Test(arguments: ["classic-armed@2x", "plain-pull-0.50@2x", "jike-pull-0.50@2x", "footer-loading-0.25@2x"])
    func noiseWithinTheChannelToleranceIsAcceptedAndBeyondItNot(name: String) throws {
        let slight = try render(name)
        slight.draw { cr in
            cairo_set_source_rgba(cr, 1, 1, 1, 0.02)
            cairo_paint(cr)
        }
        #expect(Goldens.compare(slight, try golden(name)) == nil)
        let shifted = try render(name)
        shifted.draw { cr in
            cairo_set_operator(cr, CAIRO_OPERATOR_ATOP)
            cairo_set_source_rgba(cr, 1, 0, 1, 0.1)
            cairo_paint(cr)
        }
        #expect(Goldens.compare(shifted, try golden(name)) != nil, "a colour shift on every drawn pixel passed")
    }

    /// The armed arrow mid-turn (+0.10 s) against the armed arrow at rest: 397 px apart on a
    /// 720×120 panel, under the old whole-image allowance of 432.
    @Test func aTurningArrowIsNotTheArmedArrow() throws {
        let report = try #require(Goldens.compare(try render("classic-armed-turning-0.10@2x"),
                                                  try golden("classic-armed@2x")))
        #expect(report.contains("drawn in the golden"))
        let back = try #require(Goldens.compare(try render("classic-armed@2x"),
                                                try golden("classic-armed-turning-0.10@2x")))
        #expect(back.contains("pixels differ"))
    }

    /// The arrow, painted over; the classic and footer spinners, painted over; the plain
    /// bar's word, painted over with the bar colour: each is rejected, and the report says where.
    @Test(arguments: ["classic-armed@2x", "classic-pull-0.50@2x", "classic-refresh-t0.40@2x", "footer-loading-0.25@2x"])
    func aMissingIndicatorIsRejected(name: String) throws {
        let image = try render(name)
        let ink = Ink(image, threshold: 12)
        let indicator = try #require(ink.columnRuns(gap: 10).first)
        let box = try #require(ink.box(columns: indicator))
        paint(image, box, RGBA(r: 0, g: 0, b: 0, a: 0))
        let report = try #require(Goldens.compare(image, try golden(name)), "\(name) without its indicator passed")
        // Where: the differing pixels lie in the indicator's columns.
        let range = try #require(report.range(of: #"in x (\d+)…(\d+)"#, options: .regularExpression))
        let bounds = report[range].dropFirst(5).split(separator: "…").compactMap { Int($0) }
        try #require(bounds.count == 2, "\(report)")
        #expect(Double(bounds[0]) >= box.minX * 2 - 1 && Double(bounds[1]) <= box.maxX * 2, "\(report) vs \(box)")
    }

    @Test(arguments: ["plain-pull-0.50@2x", "plain-failed@2x", "footer-idle@2x", "classic-failed@2x"])
    func missingTextIsRejected(name: String) throws {
        let image = try render(name)
        let background = image.pixels[0]
        let ink = Ink(image, background: background, threshold: 12)
        let text = try #require(ink.columnRuns(gap: 10).last)
        let box = try #require(ink.box(columns: text))
        paint(image, box, background.color)
        #expect(Goldens.compare(image, try golden(name)) != nil, "\(name) without its text passed")
    }

    /// The same drawing in a colour 24/255 off (the footer's failure red, the J's blue): rejected.
    @Test func aWrongColourIsRejected() throws {
        var palette = Palette.light
        palette.error = RGBA(r: palette.error.r, g: palette.error.g + 24.0 / 255, b: palette.error.b)
        let footer = Snapshot.footer(FooterScene.visual(.failed), scale: 2, palette: palette)
        #expect(Goldens.compare(footer, try golden("footer-failed@2x")) != nil)
        palette = .light
        palette.accent = RGBA(r: palette.accent.r + 24.0 / 255, g: palette.accent.g, b: palette.accent.b)
        let j = Snapshot.header(HeaderScene.visual(.pull(progress: 0.5), style: .jike), scale: 2, palette: palette)
        #expect(Goldens.compare(j, try golden("jike-pull-0.50@2x")) != nil)
    }

    @Test func aMovedEdgeIsReportedWithWhereItDiffers() throws {
        let report = try #require(Goldens.compare(jike(.pull(progress: 0.75)), jike(.pull(progress: 0.5))))
        #expect(report.contains("pixels differ"))
        // The stem's lower half (x 61…71, y 29…45 at scale 2) is what changed.
        #expect(report.contains("in x 6"))
        #expect(report.contains("first: ("))
    }

    @Test func differentSizesAreReported() throws {
        let small = Snapshot.header(HeaderScene.visual(.failed, style: .jike), scale: 1, palette: .light)
        let report = try #require(Goldens.compare(small, jike(.failed)))
        #expect(report.contains("size 45×45"))
    }

    /// The allowance is a share of the golden's drawn pixels, whatever the image's size.
    @Test func theAllowanceFollowsWhatIsDrawn() throws {
        for golden in GoldenCatalog.all {
            let image = try #require(Goldens.golden(golden.name), "missing golden \(golden.name)")
            let pixels = image.pixels
            let background = Goldens.dominantPixel(pixels)
            let drawn = pixels.filter { !Goldens.close($0, background) }.count
            #expect(drawn > 0, "\(golden.name) draws nothing")
            #expect(Goldens.allowedDifferences(drawn: drawn) <= drawn / 50, "\(golden.name)")
            print("golden \(golden.name): \(drawn) drawn px of \(pixels.count), allowed \(Goldens.allowedDifferences(drawn: drawn))")
        }
    }
}
