import RefreshDemo
import RefreshQA
import RefreshTestSupport
import CGtk
import Foundation
import RefreshCore
import RefreshGtk
import Testing

/// The live QA tools (Sources/RefreshDemo/QA) in a real window under Xvfb, with an injected
/// real-time clock: nothing waits in real time, every instant is chosen by the test.
@MainActor
@Suite(.serialized, .enabled(if: MainLoop.hasDisplay, "needs a display: run under xvfb-run (scripts/test.sh)"))
struct LiveQATests {
    /// A window with a RefreshView wrapped in the QA tools, on a fake real-time clock.
    @MainActor
    final class Harness {
        let window: UnsafeMutablePointer<GtkWidget>
        let rows = DemoRows(count: 300)
        let view: RefreshView
        let clock: QAClock
        let qa: QATools
        var real: Double
        var lines: [String] = []
        var refreshes = 0
        let start: Double

        init(factor: Double = 1, trace: Bool = false) throws {
            try #require(MainLoop.initializeGtk())
            start = QAClock.monotonic()
            real = start
            view = RefreshView(source: rows)
            let box = Box()
            clock = QAClock(factor: factor, real: { box.harness?.real ?? 0 })
            var traceObject: Trace?
            if trace {
                traceObject = Trace(clock: { Trace.processStart + Int(((box.harness?.real ?? 0) - box.start) * 1_000_000) },
                                    sink: { box.harness?.lines.append($0) })
            }
            qa = QATools(view: view, clock: clock, trace: traceObject)
            window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
            gtk_window_set_default_size(gcast(window), 360, 480)
            gtk_container_add(gcast(window), qa.container)
            qa.attach(to: window)
            box.start = start
            box.harness = self
            view.onRefresh = { [unowned self] in refreshes += 1 }
            qa.wrapHeaderPhase()
            gtk_widget_show_all(window)
            gtk_widget_grab_focus(view.list.area)
            try #require(MainLoop.run(until: { self.view.list.hasDrawnFirstFrame }), "the window never drew")
        }

        final class Box {
            weak var harness: Harness?
            var start = 0.0
        }

        /// Real time passes by `seconds`; the view sees it (as a frame tick would).
        func advance(_ seconds: Double) {
            real += seconds
            view.tick()
            qa.observe()
        }

        func key(_ keyval: Int32) {
            EventSynthesis.tapKey(view.list.area, keyval: UInt32(keyval))
        }

        /// A mouse drag from the top down by `distance` px, held (no release).
        func holdDrag(_ distance: Double) {
            EventSynthesis.drag(view.list.area, from: (180, 40), to: (180, 40 + distance), steps: 8, release: false)
        }

        func release(at distance: Double) {
            EventSynthesis.button(view.list.area, press: false, x: 180, y: 40 + distance)
        }

        func close() {
            gtk_widget_destroy(window)
            MainLoop.drain()
        }

        /// The trace's `animation` lines: (t ms, name, time s, engine s).
        var animations: [(t: Double, name: String, time: Double?, engine: Double)] {
            lines.compactMap { line in
                guard let data = line.data(using: .utf8),
                      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                      object["event"] as? String == "animation" else { return nil }
                return (object["t"] as? Double ?? -1, object["name"] as? String ?? "",
                        object["time"] as? Double, object["engine"] as? Double ?? -1)
            }
        }
    }

    @Test func slowMotionTimesTenMakesTheMorphTakeOnePointFiveSecondsOnTheTrace() throws {
        let h = try Harness(factor: 1, trace: true)
        defer { h.close() }
        h.key(GDK_KEY_s)  // ×10
        #expect(h.clock.factor == 10)
        h.holdDrag(400)
        #expect(h.view.headerPhase == .armed)
        h.release(at: 400)
        #expect(h.view.headerPhase == .refreshing)
        // Frames at 60 Hz of real time for 2 s: the morph runs through, the spin begins.
        for _ in 0..<120 { h.advance(1.0 / 60) }
        let animations = h.animations
        let morph = try #require(animations.first { $0.name == "morph" })
        let spin = try #require(animations.first { $0.name == "spin" })
        // When each began, from the line's time into it: in engine time and on the trace's clock.
        let morphEngine = morph.engine - (morph.time ?? .nan), spinEngine = spin.engine - (spin.time ?? .nan)
        #expect(abs((spinEngine - morphEngine) - Tuning.morphDuration) < 1e-6)
        let morphT = morph.t - (morph.time ?? .nan) * 10_000, spinT = spin.t - (spin.time ?? .nan) * 10_000
        #expect(abs((spinT - morphT) - 1500) < 0.01, "morph began at \(morphT) ms, spin at \(spinT) ms")
        // The lines themselves are frame-quantized: the spin line is the first frame after 1.5 s.
        #expect(spin.t - morph.t >= 1500 - 0.01 && spin.t - morph.t < 1500 + 1000.0 / 60 + 0.01)
        // Switching the factor keeps engine time continuous.
        let before = h.clock.now()
        h.key(GDK_KEY_s)
        #expect(abs(h.clock.now() - before) < 1e-9)
        #expect(h.clock.factor == 1)
    }

    @Test func pauseFreezesHeaderStateAndPullWhileInputStillArrives() throws {
        let h = try Harness()
        defer { h.close() }
        h.holdDrag(120)
        #expect(h.view.headerPhase == .pulling)
        h.release(at: 120)
        h.advance(0.1)  // springing back
        h.key(GDK_KEY_p)
        #expect(h.clock.isPaused)
        let pull = h.view.pull, phase = h.view.headerPhase
        #expect(pull > 0)
        for _ in 0..<60 { h.advance(1.0 / 60) }
        MainLoop.drain()
        #expect(h.view.pull == pull)
        #expect(h.view.headerPhase == phase)
        // Input still arrives and is applied at the frozen instant: a wheel notch pulls more…
        let engineNow = h.view.state.now
        EventSynthesis.scroll(h.view.list.area, x: 180, y: 100, .up)
        #expect(h.view.headerPhase == .pulling)
        let pulled = h.view.pull
        #expect(pulled > pull)
        #expect(h.view.state.now == engineNow)
        // …and, time standing still, the wheel's quiet period never releases it.
        for _ in 0..<120 { h.advance(1.0 / 60) }
        #expect(h.view.pull == pulled)
        #expect(h.view.headerPhase == .pulling)
        // Resumed, time goes on from there.
        h.key(GDK_KEY_p)
        #expect(!h.clock.isPaused)
        h.advance(Tuning.releaseQuietPeriod + 0.01)
        #expect(h.view.headerPhase == .idle)
    }

    @Test func stepAdvancesExactlyOneFrame() throws {
        let h = try Harness(factor: 3)
        defer { h.close() }
        h.key(GDK_KEY_p)
        let before = h.view.state.now
        h.advance(5)  // real time, paused: nothing moves
        #expect(h.view.state.now == before)
        h.key(GDK_KEY_period)
        #expect(abs(h.view.state.now - before - 1.0 / 60) < 1e-9)
        h.key(GDK_KEY_period)
        #expect(abs(h.view.state.now - before - 2.0 / 60) < 1e-9)
        #expect(h.clock.isPaused)
    }

    @Test func overlayTogglesAndAppearsInNoSavedFrame() throws {
        let h = try Harness()
        defer { h.close() }
        h.holdDrag(200)  // the J is on screen
        #expect(!h.qa.showsOverlay)
        let without = h.qa.frameImage().pixels
        h.key(GDK_KEY_o)
        #expect(h.qa.showsOverlay)
        h.key(GDK_KEY_g)
        #expect(h.qa.showsOutline)
        h.key(GDK_KEY_F1)
        #expect(h.qa.showsHelp)
        // The canvas draws (a frame goes by), yet the saved frame is the list's own drawing.
        MainLoop.run(until: { h.qa.frameStats.intervals.count >= 2 }, timeout: 5)
        let with = h.qa.frameImage().pixels
        #expect(with == without)
        #expect(RecordCapture.image(of: h.view).pixels == without)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ptr-qa-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        h.qa.saveDirectory = directory.path
        let path = try #require(h.qa.saveFrame())
        #expect(path.hasSuffix("refresh-jike-armed-p\(ScrubSequence.decimal(h.view.pull, 2)).png")
                    || path.contains("refresh-jike-pulling-"))
        let saved = try #require(ImageSurface(contentsOfPNG: path))
        #expect(saved.pixels == without)
        h.key(GDK_KEY_o)
        #expect(!h.qa.showsOverlay)
        h.release(at: 200)
    }

    @Test func scrubberDrivesTheHeaderThroughTheSequenceOnThePausedWindow() throws {
        let h = try Harness()
        defer { h.close() }
        h.key(GDK_KEY_t)
        #expect(h.qa.isScrubbing)
        #expect(h.clock.isPaused)
        h.qa.scrub(to: 150)  // pull 0.5
        #expect(h.qa.scrubMoment == .pull(progress: 0.5))
        h.qa.scrub(to: 300 + 60 + 75)  // morph 0.075 s
        #expect(h.qa.scrubMoment == .refresh(seconds: 0.075))
        // The saved frame is the scene's header over the list, as the live painter draws it.
        let image = Raster(h.qa.frameImage())
        let visual = HeaderScene.visual(.refresh(seconds: 0.075), style: .jike)
        let box = visual.jikeBox(viewportWidth: 360)
        var blue = 0
        for y in stride(from: box.y, to: box.maxY, by: 0.5) {
            for x in stride(from: box.x, to: box.x + box.width, by: 0.5) where image.isAccent(x, y) { blue += 1 }
        }
        #expect(blue > 50)
        h.key(GDK_KEY_t)
        #expect(!h.qa.isScrubbing)
        #expect(!h.clock.isPaused)
    }
}

/// The J's reference outline (RefreshQA.ReferenceOutline, computed from the geometry constants)
/// against the painter's pixels at scale 2: every outline point has the J's edge within one
/// device pixel, every centre-line point is blue with the stroke's edges a line width apart, and
/// the blue ends where the reference's ends are.
@Suite struct ReferenceOutlineTests {
    static let scale = 2.0
    static let pixel = 1 / scale

    static let moments: [(String, HeaderMoment)] = [
        ("pull 0.25", .pull(progress: 0.25)), ("pull 0.5", .pull(progress: 0.5)), ("pull 1", .pull(progress: 1)),
        ("morph 0.075 s", .refresh(seconds: 0.075)), ("morph 0.12 s", .refresh(seconds: 0.12)),
        ("spin +0.25 s", .refresh(seconds: 0.4)),
    ]

    @Test(arguments: moments.indices)
    @MainActor func referenceOutlineMatchesThePainter(_ index: Int) throws {
        let (name, moment) = Self.moments[index]
        let visual = HeaderScene.visual(moment, style: .jike)
        let raster = Raster(Snapshot.header(visual, scale: Self.scale, palette: .light))
        let reference = ReferenceOutline(visual.glyph)
        #expect(!reference.lines.isEmpty)
        // The grey J fades out during the morph (alpha 1 − m): its edge is where half of that is.
        var greyAlpha = 255.0
        if case .ring(let m, _, _) = visual.glyph { greyAlpha = 255 * (1 - m) }
        let edgeAlpha = UInt8(greyAlpha / 2)
        var checked = 0
        var failures: [String] = []
        func check(_ ok: Bool, _ what: @autoclosure () -> String) {
            checked += 1
            if !ok { failures.append(what()) }
        }
        for line in reference.lines {
            for (i, p) in line.points.enumerated() {
                // Leave out each line's first and last px, where a normal is not one direction.
                guard i > 4, i < line.points.count - 5 else { continue }
                let n = line.normals[i]
                func at(_ d: Double) -> Point { Point(p.x + n.x * d, p.y + n.y * d) }
                switch line.kind {
                case .outline:
                    check(raster[at(-1.5 * Self.pixel)].a >= edgeAlpha, "inside \(p) not painted")
                    // Outside the grey J only the ring's blue may be painted (it sweeps past the hook).
                    check(raster[at(1.5 * Self.pixel)].a < edgeAlpha || raster.isAccent(at(1.5 * Self.pixel)),
                          "outside \(p) painted")
                case .centre:
                    let half = JGlyph.lineWidth / 2
                    check(raster.isAccent(p), "centre \(p) not blue")
                    check(raster.isAccent(at(half - 1.5 * Self.pixel)) && raster.isAccent(at(-half + 1.5 * Self.pixel)),
                          "stroke at \(p) thinner than the reference")
                    check(!raster.isAccent(at(half + 1.5 * Self.pixel)) && !raster.isAccent(at(-half - 1.5 * Self.pixel)),
                          "stroke at \(p) wider than the reference")
                case .end:
                    continue
                }
            }
        }
        // The blue ends where the reference says: just inside a free end it is blue, past it
        // (along the centre line) it is not. (The hook's tail and the stem's foot join other blue.)
        for line in reference.lines where line.kind == .centre && line.points.count > 8 {
            for (end, inner) in [(line.points[0], line.points[2]), (line.points.last!, line.points[line.points.count - 3])]
            where Self.isFreeEnd(end, in: reference) {
                let dx = end.x - inner.x, dy = end.y - inner.y, length = (dx * dx + dy * dy).squareRoot()
                let t = Point(dx / length, dy / length)
                check(raster.isAccent(Point(end.x - t.x * 1.5 * Self.pixel, end.y - t.y * 1.5 * Self.pixel)),
                      "no blue just inside the end \(end)")
                check(!raster.isAccent(Point(end.x + t.x * 1.5 * Self.pixel, end.y + t.y * 1.5 * Self.pixel)),
                      "blue beyond the end \(end)")
            }
        }
        #expect(failures.isEmpty, "\(name): \(failures.count) of \(checked) checks failed: \(failures.prefix(6))")
        #expect(checked > 100, "\(name): only \(checked) points checked")
    }

    /// An end that no other centre line starts or ends at (within 0.5 px).
    static func isFreeEnd(_ p: Point, in outline: ReferenceOutline) -> Bool {
        var touching = 0
        for line in outline.lines where line.kind == .centre {
            for q in [line.points[0], line.points.last!] where abs(q.x - p.x) < 0.5 && abs(q.y - p.y) < 0.5 {
                touching += 1
            }
        }
        return touching == 1
    }
}

/// Pixels of an image by logical position.
struct Raster: CustomStringConvertible {
    var description: String { "Raster \(width)×\(height)" }
    let width: Int, height: Int, scale: Double
    let pixels: [Pixel]

    init(_ image: ImageSurface) {
        width = image.pixelWidth
        height = image.pixelHeight
        scale = image.scale
        pixels = image.pixels
    }

    subscript(_ p: Point) -> Pixel {
        let x = min(max(Int((p.x * scale).rounded(.down)), 0), width - 1)
        let y = min(max(Int((p.y * scale).rounded(.down)), 0), height - 1)
        return pixels[y * width + x]
    }

    func isPainted(_ p: Point) -> Bool { self[p].a >= 128 }

    /// The J's blue (#3d5a80-ish in light, lighter in dark): blue clearly above red.
    func isAccent(_ p: Point) -> Bool {
        let c = self[p]
        return c.a >= 128 && Int(c.b) > Int(c.r) + 30
    }

    func isAccent(_ x: Double, _ y: Double) -> Bool { isAccent(Point(x, y)) }
}
