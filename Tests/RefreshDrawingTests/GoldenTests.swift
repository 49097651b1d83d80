import RefreshQA
import RefreshCore
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

    static let all = jike + classic + plain + footers
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

    /// The goldens are cheap enough to render on every test run (no display, no GTK main loop).
    @Test func allGoldensRenderWellUnderASecond() {
        _ = GoldenCatalog.jike[0].render()  // font and glyph caches are warm in a real run too
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for golden in GoldenCatalog.all { _ = golden.render() }
        }
        print("rendered \(GoldenCatalog.all.count) goldens in \(elapsed)")
        #expect(elapsed < .seconds(1))
    }
}

/// The comparator itself: it tolerates anti-aliasing noise and reports a real change usefully.
@Suite struct GoldenComparatorTests {
    func jike(_ moment: HeaderMoment) -> ImageSurface {
        Snapshot.header(HeaderScene.visual(moment, style: .jike), scale: 2, palette: .light)
    }

    @Test func identicalImagesMatch() {
        #expect(Goldens.compare(jike(.pull(progress: 0.5)), jike(.pull(progress: 0.5))) == nil)
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
}
