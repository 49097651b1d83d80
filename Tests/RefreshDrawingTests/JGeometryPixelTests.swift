import RefreshQA
import RefreshCore
import RefreshGtk
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// SPEC §3.1–3.4 checked on rendered pixels of the jike snapshot (light palette), in logical
/// coordinates of the 45×45 box: centre C = (22.5, 22.5), stroke radius 10.5, stem at x = 33.
@Suite struct JGeometryPixelTests {
    static let c = JGlyph.center
    static let accent = Palette.light.accent
    static let track = Palette.light.track

    func render(_ moment: HeaderMoment, scale: Double = 4) -> Raster {
        Raster(Snapshot.header(HeaderScene.visual(moment, style: .jike), scale: scale, palette: .light))
    }

    /// The point at `angle` (y down, 0 = right) on the stroke radius.
    func onRing(_ angle: Double, radius: Double = JGlyph.strokeRadius) -> (Double, Double) {
        (Self.c.x + radius * cos(angle), Self.c.y + radius * sin(angle))
    }

    func isAccent(_ p: Pixel) -> Bool { p.a >= 250 && p.color.distance(to: Self.accent) <= 8 }
    func isTrack(_ p: Pixel) -> Bool { p.a >= 250 && p.color.distance(to: Self.track) <= 8 }

    @Test(arguments: [(1.0, 45), (2.0, 90), (1.5, 68), (3.0, 135), (8.0, 360)])
    func snapshotIsTheBoxAtTheScale(scale: Double, pixels: Int) {
        let image = Snapshot.header(HeaderScene.visual(.pull(progress: 0.5), style: .jike), scale: scale,
                                    palette: .light)
        #expect(image.pixelWidth == pixels)
        #expect(image.pixelHeight == pixels)
    }

    @Test(arguments: [0.0, 0.005, 0.0159])
    func belowMinimumFillNothingIsDrawn(progress: Double) {
        let raster = render(.pull(progress: progress))
        #expect(raster.pixels.allSatisfy { $0 == Pixel(r: 0, g: 0, b: 0, a: 0) })
    }

    @Test func atMinimumFillTheGreyJAppears() {
        let raster = render(.pull(progress: 0.02))
        #expect(isTrack(raster[Self.c.x + 10.5, Self.c.y - 8]))  // the stem
    }

    /// At s = 1 the blue exactly covers the grey. Compared with the blue alone (the grey made
    /// transparent): where the blue is opaque nothing else shows; where there is no blue there
    /// is no grey either; on the anti-aliased edges the grey adds at most what two coincident
    /// edges blend to (coverage α(1 − α) ≤ ¼), where a grey sticking out would add it all.
    @Test(arguments: [1.0, 2.0, 3.0])
    func fullFillCoversTheGreyExactly(scale: Double) {
        var blueOnly = Palette.light
        blueOnly.track = blueOnly.track.withAlpha(0)
        let visual = HeaderScene.visual(.pull(progress: 1), style: .jike)
        let both = Raster(Snapshot.header(visual, scale: scale, palette: .light))
        let blue = Raster(Snapshot.header(visual, scale: scale, palette: blueOnly))
        var interior = 0
        for i in both.pixels.indices {
            let (a, b) = (both.pixels[i], blue.pixels[i])
            let at = "(\(i % both.width), \(i / both.width))"
            if b.a == 255 {
                interior += 1
                #expect(a == b, "grey shows through the blue at \(at)")
            } else if b.a == 0 {
                #expect(a.a <= 8, "grey outside the blue at \(at): \(a)")
            } else {
                #expect(Int(a.a) - Int(b.a) <= 72, "grey sticks out at the edge \(at): \(a) over \(b)")
            }
        }
        #expect(interior > Int(100 * scale * scale), "the blue J covers an area")
    }

    /// The fill starts at the tail tip (bottom centre) and climbs the hook towards the stem.
    @Test func quarterFillCoversTheTailEndOfTheHook() {
        let raster = render(.pull(progress: 0.25))  // swept π/4 from π/2
        let nearTip = onRing(.pi / 2 - 0.2), pastSweep = onRing(.pi / 4 - 0.2)
        // … all the way to π/4: half the hook at a quarter of the fill (not an eighth).
        let nearSweepEnd = onRing(.pi / 4 + 0.1)
        #expect(isAccent(raster[nearTip.0, nearTip.1]))
        #expect(isAccent(raster[nearSweepEnd.0, nearSweepEnd.1]))
        #expect(isTrack(raster[pastSweep.0, pastSweep.1]))
        #expect(isTrack(raster[Self.c.x + 10.5, Self.c.y - 4]))  // the stem is still empty
    }

    @Test func halfFillIsTheWholeHookAndNoStem() {
        let raster = render(.pull(progress: 0.5))
        let hookTop = onRing(0.15)
        #expect(isAccent(raster[hookTop.0, hookTop.1]))
        #expect(isTrack(raster[Self.c.x + 10.5, Self.c.y - 1]))
    }

    /// Past half, the stem on the right fills upwards from C.y: at 0.75 up to C.y − 8.
    @Test func threeQuarterFillGrowsTheStemUpwards() {
        let raster = render(.pull(progress: 0.75))
        #expect(isAccent(raster[Self.c.x + 10.5, Self.c.y - 7]))
        #expect(isTrack(raster[Self.c.x + 10.5, Self.c.y - 9]))
        #expect(isTrack(raster[Self.c.x + 10.5, Self.c.y - 15]))
        // Nothing on the left of the box: the J is a stem right of centre and a hook below.
        #expect(raster[Self.c.x - 10.5, Self.c.y - 4].a == 0)
    }

    /// Half-way through the morph the ring runs clockwise from 0 to π/2 + ½(2π − 0.1 − π/2) ≈ 3.88
    /// rad and the stem's top has retreated half-way to C.y.
    @Test func morphGrowsTheRingClockwiseAndShrinksTheStem() {
        let raster = render(.refresh(seconds: Tuning.morphDuration / 2))
        let left = onRing(.pi), beyondEnd = onRing(4.2)
        #expect(isAccent(raster[left.0, left.1]))
        #expect(raster[beyondEnd.0, beyondEnd.1].a == 0)
        #expect(isAccent(raster[Self.c.x + 10.5, Self.c.y - 7]))
        #expect(!isAccent(raster[Self.c.x + 10.5, Self.c.y - 10]))
    }

    /// The ring leaves a 0.1 rad gap just before its start; a quarter turn (0.125 s) of spin
    /// later the gap has moved a quarter turn clockwise on screen (from right to bottom).
    @Test func ringSpinsClockwiseWithItsGap() {
        let gapAt = { (angle: Double) in self.onRing(angle - JGlyph.ringGap / 2) }
        let start = render(.refresh(seconds: Tuning.morphDuration), scale: 8)
        let quarter = render(.refresh(seconds: Tuning.morphDuration + Tuning.spinPeriod / 4), scale: 8)
        let (g0, g1) = (gapAt(0), gapAt(.pi / 2))
        #expect(start[g0.0, g0.1].a < 128)
        #expect(isAccent(start[g1.0, g1.1]))
        #expect(quarter[g1.0, g1.1].a < 128)
        #expect(isAccent(quarter[g0.0, g0.1]))
    }

    /// The end animation thins the ring: 5 px wide at its start, 2.5 px half-way.
    @Test func endThinsTheRing() {
        func thickness(_ raster: Raster) -> Double {
            // Along the ray below C (angle π/2), away from the ring's gap at any rotation used
            // here (0 at the end's start, π half-way): count covered device pixels.
            let x = Int(Self.c.x * raster.scale)
            var covered = 0.0
            for y in Int(Self.c.y * raster.scale)..<raster.height {
                covered += Double(raster.pixels[y * raster.width + x].a) / 255
            }
            return covered / raster.scale
        }
        let atStart = thickness(render(.end(seconds: 0), scale: 8))
        let halfWay = thickness(render(.end(seconds: 0.25), scale: 8))
        #expect(abs(atStart - 5) < 0.3)
        #expect(abs(halfWay - 2.5) < 0.3)
        #expect(render(.end(seconds: 0.5)).pixels.allSatisfy { $0.a == 0 })
    }

    /// The box's own coordinates are used: the J is where SPEC §3.1 puts it whatever the pull
    /// (its position in the viewport is HeaderVisual.jikeBox's business).
    @Test func stemTopIsAtCentreMinusStemHeight() {
        let raster = render(.pull(progress: 1), scale: 4)
        #expect(isAccent(raster[Self.c.x + 10.5, Self.c.y - 15.8]))
        #expect(raster[Self.c.x + 10.5, Self.c.y - 16.3].a == 0)
        #expect(raster[Self.c.x + 7.7, Self.c.y - 8].a == 0)
        #expect(raster[Self.c.x + 13.3, Self.c.y - 8].a == 0)
    }
}
