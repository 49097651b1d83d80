import RefreshCore
import Testing

/// docs/behaviour.md#jike-header (the J's geometry, its position, the ring).
@Suite("Geometry: the J")
struct JGeometryTests {
    static let c = Point(22.5, 22.5)
    static let quarter = Double.pi / 2
    static let palette = Palette.light

    /// The blue stroke of a fill state, or nil when nothing is drawn.
    static func fillStroke(_ s: Double) -> (path: [PathElement], width: Double, color: RGBA, cap: LineCap)? {
        let shapes = JGlyph.shapes(.fill(s), palette: palette)
        guard shapes.count == 2 else { return nil }
        guard case .fill(let grey, let greyColor) = shapes[0],
              case .stroke(let path, let width, let color, let cap) = shapes[1] else { return nil }
        #expect(near(grey, JGlyph.greyJ))
        #expect(greyColor == palette.track)
        return (path, width, color, cap)
    }

    @Test("The J's dimensions: 45×45 box, C = (22.5, 22.5), w = 5, L = 16, r = 8, stroke radius 10.5, outer 13")
    func dimensions() {
        #expect(JGlyph.boxSize == 45)
        #expect(JGlyph.center == Self.c)
        #expect(JGlyph.lineWidth == 5)
        #expect(JGlyph.stemHeight == 16)
        #expect(JGlyph.innerRadius == 8)
        #expect(JGlyph.strokeRadius == JGlyph.innerRadius + JGlyph.lineWidth / 2)
        #expect(JGlyph.outerRadius == JGlyph.innerRadius + JGlyph.lineWidth)
        #expect(JGlyph.strokeRadius == 10.5 && JGlyph.outerRadius == 13)
        #expect(JGlyph.restingCenterDepth == 45.0 / 2 + 12.5)
    }

    @Test("Grey J path: inner arc r 8 π/2 → 0, up to C.y − 16, right 5, down 16, outer arc r 13 0 → π/2 − 0.05, close")
    func greyJPath() {
        let expected: [PathElement] = [
            .arc(center: Self.c, radius: 8, from: Self.quarter, to: 0, clockwise: false),
            .line(Point(30.5, 6.5)),
            .line(Point(35.5, 6.5)),
            .line(Point(35.5, 22.5)),
            .arc(center: Self.c, radius: 13, from: 0, to: Self.quarter - 0.05, clockwise: true),
            .close,
        ]
        #expect(near(JGlyph.greyJ, expected))
    }

    @Test("Colours: grey J RGB 222,226,229; fill RGB 59,84,106; dark theme has its own pair")
    func colours() {
        #expect(Palette.light.track == RGBA(r: 222 / 255, g: 226 / 255, b: 229 / 255))
        #expect(Palette.light.accent == RGBA(r: 59 / 255, g: 84 / 255, b: 106 / 255))
        #expect(Palette.dark.track != Palette.light.track)
        #expect(Palette.dark.accent != Palette.light.accent)
    }

    @Test("s = 0 and s = 0.01 draw nothing at all (no grey J either)", arguments: [0.0, 0.01, 0.0159, -1])
    func nothingBelowThreshold(s: Double) {
        #expect(JGlyph.shapes(.fill(s), palette: Self.palette).isEmpty)
    }

    @Test("s = 0.016 draws the grey J and the start of the hook")
    func threshold() {
        let stroke = Self.fillStroke(0.016)
        #expect(stroke != nil)
        if let stroke {
            #expect(near(stroke.path, [.arc(center: Self.c, radius: 10.5, from: Self.quarter,
                                            to: Self.quarter - Self.quarter * 0.032, clockwise: false)]))
        }
    }

    @Test("s = 0.25: a hook arc of radius 10.5 from π/2 sweeping π/4, width 5, fill colour")
    func quarterFill() throws {
        let stroke = try #require(Self.fillStroke(0.25))
        #expect(near(stroke.path, [.arc(center: Self.c, radius: 10.5, from: Self.quarter, to: Self.quarter / 2, clockwise: false)]))
        #expect(stroke.width == 5)
        #expect(stroke.color == Self.palette.accent)
        #expect(stroke.cap == .butt)
    }

    @Test("s = 0.5: the full hook, from the tail tip at the bottom centre to the stem, and no stem yet")
    func halfFill() throws {
        let stroke = try #require(Self.fillStroke(0.5))
        #expect(near(stroke.path, [.arc(center: Self.c, radius: 10.5, from: Self.quarter, to: 0, clockwise: false)]))
        // π/2 points straight down: the arc starts at the J's tail tip, the bottom centre.
    }

    @Test("s = 0.75: the hook plus the stem up to C.y − 8")
    func threeQuarterFill() throws {
        let stroke = try #require(Self.fillStroke(0.75))
        #expect(near(stroke.path, [
            .arc(center: Self.c, radius: 10.5, from: Self.quarter, to: 0, clockwise: false),
            .line(Point(33, 22.5 - 8)),
        ]))
    }

    @Test("s = 1: the hook plus the stem up to C.y − 16 with butt caps — the blue exactly covers the grey J")
    func fullFill() throws {
        let stroke = try #require(Self.fillStroke(1))
        #expect(near(stroke.path, [
            .arc(center: Self.c, radius: 10.5, from: Self.quarter, to: 0, clockwise: false),
            .line(Point(33, 6.5)),
        ]))
        #expect(stroke.cap == .butt)
        // Width 5 around x = 33 covers the stem 30.5…35.5; around r = 10.5 covers the hook 8…13.
        #expect(33 - stroke.width / 2 == Self.c.x + 8 && 33 + stroke.width / 2 == Self.c.x + 13)
        #expect(10.5 - stroke.width / 2 == JGlyph.innerRadius && 10.5 + stroke.width / 2 == JGlyph.outerRadius)
    }

    @Test("s above 1 draws the same as s = 1")
    func overfull() {
        #expect(JGlyph.shapes(.fill(1.8), palette: Self.palette) == JGlyph.shapes(.fill(1), palette: Self.palette))
    }

    @Test("The stem grows linearly with s between 0.5 and 1", arguments: [0.55, 0.6, 0.9])
    func stemLinear(s: Double) throws {
        let stroke = try #require(Self.fillStroke(s))
        guard case .line(let top) = stroke.path.last else {
            Issue.record("no stem")
            return
        }
        #expect(near(top, Point(33, 22.5 - (s - 0.5) * 2 * 16)))
    }
}

@Suite("Geometry: the ring")
struct RingGeometryTests {
    static let c = Point(22.5, 22.5)
    static let quarter = Double.pi / 2

    static func ring(_ morph: Double, rotation: Double = 0, width: Double = 5) -> [Shape] {
        JGlyph.shapes(.ring(morph: morph, rotation: rotation, lineWidth: width), palette: .light)
    }

    @Test("Morph 0: the ring is exactly the J's hook (0 … π/2) plus the full stem, over the full grey J")
    func morphZero() {
        let shapes = Self.ring(0)
        #expect(shapes.count == 2)
        #expect(shapes.first == .fill(JGlyph.greyJ, Palette.light.track))
        guard case .stroke(let path, let width, let color, let cap) = shapes.last else {
            Issue.record("no ring stroke")
            return
        }
        #expect(near(path, [
            .move(Point(33, 6.5)),
            .line(Point(33, 22.5)),
            .arc(center: Self.c, radius: 10.5, from: 0, to: Self.quarter, clockwise: true),
        ]))
        #expect(width == 5 && color == Palette.light.accent && cap == .butt)
    }

    @Test("Morph 0.5: the stem's top retreats half way to C.y, the ring grows half way, the grey J half faded")
    func morphHalf() {
        let shapes = Self.ring(0.5)
        guard case .fill(_, let grey) = shapes.first, case .stroke(let path, _, _, _) = shapes.last else {
            Issue.record("unexpected shapes \(shapes)")
            return
        }
        #expect(near(grey.a, 0.5))
        let end = Self.quarter + 0.5 * (2 * Double.pi - 0.1 - Self.quarter)
        #expect(near(path, [
            .move(Point(33, 14.5)),
            .line(Point(33, 22.5)),
            .arc(center: Self.c, radius: 10.5, from: 0, to: end, clockwise: true),
        ]))
    }

    @Test("Morph 1: no grey J and no stem; one clockwise arc spanning 2π − 0.1 from the rotation angle",
          arguments: [0.0, 1.0, 4.0])
    func morphOne(rotation: Double) {
        let shapes = Self.ring(1, rotation: rotation)
        #expect(shapes.count == 1)
        guard case .stroke(let path, let width, _, _) = shapes.first else {
            Issue.record("no ring stroke")
            return
        }
        #expect(near(path, [.arc(center: Self.c, radius: 10.5, from: rotation, to: rotation + 2 * .pi - 0.1, clockwise: true)]))
        #expect(width == 5)
    }

    @Test("The ring's end animation thins the line; width 0 draws nothing")
    func ringWidth() {
        guard case .stroke(_, let width, _, _) = Self.ring(1, width: 2.5).first else {
            Issue.record("no ring")
            return
        }
        #expect(width == 2.5)
        #expect(Self.ring(1, width: 0).isEmpty)
        #expect(JGlyph.shapes(.failure(lineWidth: 0), palette: .light).isEmpty)
    }

    @Test("The failure mark is a ring and an exclamation mark in the error colour")
    func failureMark() {
        let shapes = JGlyph.shapes(.failure(lineWidth: 5), palette: .light)
        #expect(!shapes.isEmpty)
        #expect(shapes.allSatisfy { $0.color == Palette.light.error })
    }
}

@Suite("Geometry: position")
struct PositionTests {
    static func visual(pull: Double, offset: Double = 0, style: HeaderStyle = .jike) -> HeaderVisual {
        HeaderVisual(style: style, phase: .pulling, pull: pull, contentTop: pull - offset, glyph: .fill(pull / 70),
                     indicator: .arrow(turn: 0), message: .pullToRefresh, sinceLastUpdate: nil)
    }

    @Test("While p ≤ 70 the J's centre rests at content y = −35, moving with the content",
          arguments: [0.0, 10, 35, 69.9, 70])
    func restsAboveContent(p: Double) {
        let box = Self.visual(pull: p).jikeBox(viewportWidth: 400)
        #expect(near(box.midY - p, -35))
        #expect(box.width == 45 && box.height == 45)
    }

    @Test("Beyond p = 70 the centre stays at −p/2: half-way between viewport top and content top",
          arguments: [70.5, 100, 250])
    func halfSpeedBeyondTrigger(p: Double) {
        let box = Self.visual(pull: p).jikeBox(viewportWidth: 400)
        #expect(near(box.midY - p, -p / 2))
        #expect(near(box.midY, p / 2))  // viewport coordinates: half-way
    }

    @Test("The box is centred horizontally in the viewport", arguments: [45.0, 320, 1001])
    func centredHorizontally(width: Double) {
        let box = Self.visual(pull: 30).jikeBox(viewportWidth: width)
        #expect(near(box.midX, width / 2))
    }

    @Test("The position is continuous at p = 70")
    func continuous() {
        let below = Self.visual(pull: 70 - 1e-9).jikeBox(viewportWidth: 400).midY
        let above = Self.visual(pull: 70 + 1e-9).jikeBox(viewportWidth: 400).midY
        #expect(near(below, above, 1e-6))
    }

    @Test("Through the engine: the box follows the displayed pull and scrolls away with the content")
    func engineBox() {
        var e = longList()
        _ = e.scroll(delta: -rawFor(pull: 50), source: .touchpad, at: 0)
        let p = e.pull
        #expect(near(e.headerVisual.jikeBox(viewportWidth: 300).midY, p - 35))
        #expect(e.headerVisual.isVisible)
        var f = longList()
        f.externalScroll(to: 200, at: 0)
        #expect(near(f.headerVisual.jikeBox(viewportWidth: 300).midY, -200 - 35))
        #expect(!f.headerVisual.isVisible)
    }

    @Test("Classic panel and plain bar hang full-width above the content top")
    func panels() {
        let classic = Self.visual(pull: 40, style: .classic).panel(viewportWidth: 500)
        #expect(classic == Rect(x: 0, y: 40 - 60, width: 500, height: 60))
        let plain = Self.visual(pull: 40, style: .plain).panel(viewportWidth: 500)
        #expect(plain == Rect(x: 0, y: 10, width: 500, height: 30))
    }
}
