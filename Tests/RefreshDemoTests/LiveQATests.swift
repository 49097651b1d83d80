import RefreshDemo
import RefreshQA
import RefreshTestSupport
import CGtk
import Foundation
import RefreshCore
import RefreshGtk
import Testing

/// The live QA tools (Sources/Demos/RefreshDemo/QA) in a real window under Xvfb, with an injected
/// real-time clock: nothing waits in real time, every instant is chosen by the test. Every test
/// runs on every list kind: our own list, and GTK's tree view, list box and text view wrapped in a
/// RefreshBin.
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct LiveQATests {
    nonisolated static let kinds = ListKind.allCases

    /// A window with a list (ours or GTK's in a bin) wrapped in the QA tools, on a fake real-time clock.
    @MainActor
    final class Harness {
        let window: UnsafeMutablePointer<GtkWidget>
        let rows = DemoRows(count: 300)
        let kind: ListKind
        let view: RefreshController
        let foreignList: ForeignList?
        let surface: HostSurface
        let clock: QAClock
        let qa: QATools
        var real: Double
        var lines: [String] = []
        var refreshes = 0
        let start: Double

        init(_ kind: ListKind = .virtual, factor: Double = 1, trace: Bool = false,
             size: (width: Int32, height: Int32) = (360, 480)) throws {
            try #require(MainLoop.initializeGtk())
            self.kind = kind
            start = QAClock.monotonic()
            real = start
            if kind == .virtual {
                foreignList = nil
                view = RefreshView(source: rows)
            } else {
                let rows = self.rows
                let list = ForeignList(kind: kind, rows: (0..<rows.rowCount).map { rows.row(at: $0) })
                foreignList = list
                view = RefreshBin(wrapping: list.scrolledWindow)
            }
            surface = HostSurface(view)
            let box = Box()
            clock = QAClock(factor: factor, real: { box.harness?.real ?? 0 })
            var traceObject: Trace?
            if trace {
                traceObject = Trace(clock: { Trace.processStart + Int(((box.harness?.real ?? 0) - box.start) * 1_000_000) },
                                    sink: { box.harness?.lines.append($0) })
            }
            qa = QATools(controller: view, clock: clock, trace: traceObject)
            window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
            gtk_window_set_default_size(gcast(window), size.width, size.height)
            gtk_container_add(gcast(window), qa.container)
            qa.attach(to: window)
            box.start = start
            box.harness = self
            view.onRefresh = { [unowned self] in refreshes += 1 }
            qa.wrapHeaderPhase()
            gtk_widget_show_all(window)
            gtk_widget_grab_focus(surface.inputWidget)
            let view = self.view, foreign = foreignList != nil
            try #require(MainLoop.run(until: {
                view.hasDrawnFirstFrame && view.state.viewportHeight > 0
                    && (!foreign || view.state.rowsHeight > view.state.viewportHeight)
            }), "the window never drew")
            // The window is active, as on a desktop: without a window manager none is, and the
            // theme draws some widgets (a tree view's column headers) otherwise in backdrop.
            EventSynthesis.focus(window)
            let window = self.window
            try #require(MainLoop.run(until: { gtk_window_is_active(gcast(window)) != 0 }), "the window never became active")
            // GTK's lists lay rows out in idles (a text view measures its lines).
            MainLoop.drain()
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
            EventSynthesis.tapKey(surface.inputWidget, keyval: UInt32(keyval))
        }

        /// Where a drag starts, in the header's coordinates: on the first row (below a tree
        /// view's column headers).
        var pressY: Double { max(0, surface.height - view.state.viewportHeight) + 40 }

        /// Pointer events at a point of the header's coordinates, delivered to the widget under
        /// it where it is now (a bin's child moves with the pull).
        func button(press: Bool, y: Double) {
            let p = surface.inputPoint(x: 180, y: y)
            EventSynthesis.button(surface.inputWidget, press: press, x: p.x, y: p.y)
        }

        func motion(y: Double) {
            let p = surface.inputPoint(x: 180, y: y)
            EventSynthesis.motion(surface.inputWidget, x: p.x, y: p.y, state: EventSynthesis.button1Mask)
        }

        /// A mouse drag from the first row down by `distance` px, held (no release).
        func holdDrag(_ distance: Double) {
            button(press: true, y: pressY)
            for i in 1...8 { motion(y: pressY + distance * Double(i) / 8) }
        }

        func release(at distance: Double) {
            button(press: false, y: pressY + distance)
        }

        /// A wheel notch over the rows.
        func wheelUp() {
            let p = surface.inputPoint(x: 180, y: pressY + 60)
            EventSynthesis.scroll(surface.inputWidget, x: p.x, y: p.y, .up)
        }

        /// The window's content as drawn now: the host with the QA canvas over it.
        func screen() -> ImageSurface {
            // gtk_widget_draw needs the allocation done: run the pending layout first.
            gtk_container_check_resize(gcast(window))
            let image = ImageSurface(logicalWidth: Double(gtk_widget_get_allocated_width(qa.container)),
                                     logicalHeight: Double(gtk_widget_get_allocated_height(qa.container)), scale: 1)
            image.draw { cr in gtk_widget_draw(qa.container, cr) }
            return image
        }

        /// The header's origin in the window's content.
        /// Where the header hangs from, in the QA container: the host's top, or below a tree
        /// view's pinned column headers.
        var headerOrigin: (x: Double, y: Double) {
            var x: gint = 0, y: gint = 0
            _ = gtk_widget_translate_coordinates(surface.widget, qa.container, 0, 0, &x, &y)
            return (Double(x), Double(y) + surface.headerTop)
        }

        /// The bottom of a wrapped tree view's first column header button in the host's
        /// coordinates (nil for other lists), measured from GTK's own widgets.
        var columnHeadersBottom: Double? {
            guard let bin = view as? RefreshBin, bin.scrollHost.kind == .treeView, let tree = bin.scrollHost.content,
                  let column = gtk_tree_view_get_column(gcast(tree), 0),
                  let button = gtk_tree_view_column_get_button(column) else { return nil }
            var x: gint = 0, y: gint = 0
            _ = gtk_widget_translate_coordinates(button, surface.widget, 0, gtk_widget_get_allocated_height(button), &x, &y)
            return Double(y)
        }

        /// The QA canvas alone (the overlay's child over the host), drawn on a clear image.
        func canvasImage(scale: Double) -> ImageSurface {
            gtk_container_check_resize(gcast(window))
            let children = gtk_container_get_children(gcast(qa.container))
            defer { g_list_free(children) }
            let canvas = g_list_last(children)!.pointee.data.assumingMemoryBound(to: GtkWidget.self)
            let image = ImageSurface(logicalWidth: Double(gtk_widget_get_allocated_width(canvas)),
                                     logicalHeight: Double(gtk_widget_get_allocated_height(canvas)), scale: scale)
            image.draw { cr in gtk_widget_draw(canvas, cr) }
            return image
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

    @Test(arguments: kinds)
    func slowMotionTimesTenMakesTheMorphTakeOnePointFiveSecondsOnTheTrace(_ kind: ListKind) throws {
        let h = try Harness(kind, factor: 1, trace: true)
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

    @Test(arguments: kinds)
    func pauseFreezesHeaderStateAndPullWhileInputStillArrives(_ kind: ListKind) throws {
        let h = try Harness(kind)
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
        h.wheelUp()
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

    @Test(arguments: kinds)
    func stepAdvancesExactlyOneFrame(_ kind: ListKind) throws {
        let h = try Harness(kind, factor: 3)
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

    @Test(arguments: kinds)
    func overlayTogglesAndAppearsInNoSavedFrame(_ kind: ListKind) throws {
        let h = try Harness(kind)
        defer { h.close() }
        h.holdDrag(200)  // the J is on screen
        #expect(h.view.pull > 20)
        #expect(!h.qa.showsOverlay)
        h.key(GDK_KEY_o)
        #expect(h.qa.showsOverlay)
        h.key(GDK_KEY_g)
        #expect(h.qa.showsOutline)
        h.key(GDK_KEY_F1)
        #expect(h.qa.showsHelp)
        // The canvas draws (frames go by; GTK's lists finish laying their rows out, and the
        // theme's transitions on a tree view's column headers end)…
        var reference = h.qa.frameImage(), since = h.qa.frameStats.intervals.count
        #expect(MainLoop.run(until: {
            // Six frames apart (the overlay keeps the frame clock running), the same image.
            let frames = h.qa.frameStats.intervals.count
            guard frames >= since + 6 else { return false }
            let now = h.qa.frameImage()
            if Self.difference(now, reference) == nil { return true }
            reference = now
            since = frames
            return false
        }, timeout: 5), "no frames measured, or the list never came to rest")
        let with = h.qa.frameImage()
        // …yet the saved frame is the host's own drawing: the J's blue in the gap above the
        // moved content, and the same pixels with every tool off.
        let visual = h.view.state.headerVisual
        let box = visual.jikeBox(viewportWidth: h.surface.width)
        let raster = Raster(with)
        var blue = 0
        for y in stride(from: box.y, to: min(box.maxY, visual.contentTop), by: 1) {
            for x in stride(from: box.x, to: box.x + box.width, by: 1) where raster.isAccent(x, y) { blue += 1 }
        }
        #expect(blue > 20, "no J in the saved frame of \(kind)")
        for key in [GDK_KEY_o, GDK_KEY_g, GDK_KEY_F1] { h.key(key) }
        #expect(!h.qa.showsOverlay && !h.qa.showsOutline && !h.qa.showsHelp)
        MainLoop.drain()
        let without = h.qa.frameImage()
        #expect(Self.difference(with, without) == nil)
        #expect(Self.difference(h.surface.image(), without) == nil)
        h.key(GDK_KEY_o)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ptr-qa-\(getpid())-\(kind)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        h.qa.saveDirectory = directory.path
        let path = try #require(h.qa.saveFrame())
        #expect(path.hasSuffix("refresh-jike-armed-p\(ScrubSequence.decimal(h.view.pull, 2)).png")
                    || path.contains("refresh-jike-pulling-"))
        let saved = try #require(ImageSurface(contentsOfPNG: path))
        #expect(Self.difference(saved, without) == nil)
        h.key(GDK_KEY_o)
        #expect(!h.qa.showsOverlay)
        h.release(at: 200)
    }

    /// Issue 23, defect 6: GTK's overlay scrollbar, shown (it fades in as the list scrolls), is
    /// in no saved frame (F) nor the scrubber's: not inside a tree view's header gap, not over
    /// any list's rows. The frame equals the one drawn with the scrollbar made transparent.
    @Test(arguments: [ListKind.treeview, .listbox, .textview])
    func theShownScrollbarIsInNoSavedFrame(_ kind: ListKind) throws {
        let h = try Harness(kind)
        defer { h.close() }
        let bin = try #require(h.view as? RefreshBin)
        let scrolled: UnsafeMutablePointer<GtkScrolledWindow> = gcast(bin.scrolledWindow)
        let scrollbar = try #require(gtk_scrolled_window_get_vscrollbar(scrolled))
        let adjustment = try #require(gtk_scrolled_window_get_vadjustment(scrolled))
        gtk_adjustment_set_value(adjustment, 40)
        MainLoop.drain()
        gtk_adjustment_set_value(adjustment, 0)
        h.holdDrag(200)
        #expect(h.view.pull > 20)
        #expect(MainLoop.run(until: { gtk_widget_get_opacity(scrollbar) > 0.99 }), "the overlay scrollbar never showed")
        #expect(gtk_widget_is_drawable(scrollbar) != 0)
        let saved = h.qa.frameImage()
        h.qa.openScrubber()
        h.qa.scrub(to: 0.3)
        let scrubbed = h.qa.frameImage()
        gtk_widget_set_opacity(scrollbar, 0)
        let without = h.qa.frameImage()
        h.qa.toggleScrubber()
        let reference = h.qa.frameImage()
        #expect(Self.difference(saved, reference) == nil, "the saved frame shows the scrollbar")
        #expect(Self.difference(scrubbed, without) == nil, "the scrubber's frame shows the scrollbar")
        h.release(at: 200)
    }

    /// Where two images differ (count and bounding box of the differing pixels), nil if nowhere.
    static func difference(_ a: ImageSurface, _ b: ImageSurface) -> String? {
        guard a.pixelWidth == b.pixelWidth, a.pixelHeight == b.pixelHeight else {
            return "sizes \(a.pixelWidth)×\(a.pixelHeight) and \(b.pixelWidth)×\(b.pixelHeight)"
        }
        let pa = a.pixels, pb = b.pixels
        var count = 0, minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for i in pa.indices where pa[i] != pb[i] {
            count += 1
            let x = i % a.pixelWidth, y = i / a.pixelWidth
            minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
        }
        return count == 0 ? nil : "\(count) pixels differ in (\(minX),\(minY))…(\(maxX),\(maxY))"
    }

    /// The overlay panel and the reference outline are drawn over every host, the outline where
    /// the header is on it (the bin's top above the moved content, or below a tree view's pinned
    /// column headers), and nowhere else.
    @Test(arguments: kinds)
    func overlayAndOutlineDrawOverTheHostWhereTheHeaderIs(_ kind: ListKind) throws {
        let h = try Harness(kind)
        defer { h.close() }
        h.holdDrag(150)
        let pull = h.view.pull
        #expect(pull > 30 && pull < Tuning.triggerPull, "pull \(pull)")
        // The header hangs right below a tree view's column headers (pinned), else from the top.
        #expect(h.surface.headerTop == (h.columnHeadersBottom ?? 0), "header top \(h.surface.headerTop)")
        #expect((h.surface.headerTop > 0) == (kind == .treeview))
        let origin = h.headerOrigin
        let visual = h.view.state.headerVisual
        let box = visual.jikeBox(viewportWidth: h.surface.width)
        // Outline colours: magenta (the grey J's outline) and cyan (the blue stroke's centre line).
        func outlinePixels(_ image: ImageSurface) -> (inBox: Int, outside: Int) {
            let r = Raster(image)
            var inBox = 0, outside = 0
            for y in 0..<r.height {
                for x in 0..<r.width {
                    let p = r.pixels[y * r.width + x]
                    let magenta = p.r > 180 && p.g < 90 && p.b > 140
                    let cyan = p.r < 90 && p.g > 160 && p.b > 160
                    guard magenta || cyan else { continue }
                    let lx = Double(x) - origin.x, ly = Double(y) - origin.y
                    if lx >= box.x - 2, lx <= box.x + box.width + 2, ly >= box.y - 2, ly <= box.maxY + 2 {
                        inBox += 1
                    } else {
                        outside += 1
                    }
                }
            }
            return (inBox, outside)
        }
        // The panel sits bottom left over the rows (Overlay.swift: 8 px in, five lines of text, the
        // graph and its caption): sample its dark background in the padding above the first line.
        func panelShare(_ image: ImageSurface) -> Double {
            let r = Raster(image)
            let panelHeight: Double = 6 * 2 + 5 * 14 + 6 + 50 + 14
            let areaTop = origin.y - h.surface.headerTop
            let panelTop: Double = areaTop + max(8, h.surface.height - panelHeight - 8)
            let top = Int(panelTop) + 1, left = Int(origin.x) + 10
            var dark = 0, total = 0
            for y in top..<(top + 4) {
                for x in left..<(left + 200) {
                    total += 1
                    let p = r.pixels[y * r.width + x]
                    let sum: Int = Int(p.r) + Int(p.g) + Int(p.b)
                    if sum < 270 { dark += 1 }
                }
            }
            return Double(dark) / Double(total)
        }
        let plain = h.screen()
        #expect(outlinePixels(plain).inBox == 0)
        #expect(panelShare(plain) < 0.5)
        h.key(GDK_KEY_g)
        let outlined = h.screen()
        let outline = outlinePixels(outlined)
        #expect(outline.inBox > 40, "\(kind): the outline is not over the J (\(outline))")
        #expect(outline.outside == 0, "\(kind): outline pixels away from the header (\(outline))")
        h.key(GDK_KEY_o)
        #expect(panelShare(h.screen()) > 0.8, "\(kind): no overlay panel")
        // The outline follows the pull: pulled further, it moves down with the J.
        let before = box.y
        h.motion(y: h.pressY + 260)
        #expect(h.view.pull > pull)
        let moved = h.view.state.headerVisual.jikeBox(viewportWidth: h.surface.width)
        #expect(moved.y > before)
        h.release(at: 260)
    }

    @Test(arguments: kinds)
    func scrubberDrivesTheHeaderThroughTheSequenceOnThePausedWindow(_ kind: ListKind) throws {
        let h = try Harness(kind)
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
        let box = visual.jikeBox(viewportWidth: h.surface.width)
        var blue = 0
        for y in stride(from: box.y, to: box.maxY, by: 0.5) {
            for x in stride(from: box.x, to: box.x + box.width, by: 0.5) where image.isAccent(x, y) { blue += 1 }
        }
        #expect(blue > 50)
        // The rows follow the scene's content top: below it the list is drawn, not the gap.
        let below = image[Point(h.surface.width / 2, visual.contentTop + 20)]
        #expect(below.a == 255)
        // On screen the canvas draws that scene over the paused list, where the header hangs.
        MainLoop.drain()
        let screen = Raster(h.screen())
        let origin = h.headerOrigin
        var onScreen = 0
        for y in stride(from: box.y, to: box.maxY, by: 1) {
            for x in stride(from: box.x, to: box.x + box.width, by: 1)
            where screen.isAccent(x + origin.x, y + origin.y) { onScreen += 1 }
        }
        #expect(onScreen > 20, "\(kind): the scene's J is not on screen")
        h.key(GDK_KEY_t)
        #expect(!h.qa.isScrubbing)
        #expect(!h.clock.isPaused)
    }

    /// The scrubber, the outline and saved frames work with the list's own header, app-drawn
    /// ones included: with the demo's arc, T offers it (as the list's header, chosen), draws the
    /// scene with it rather than with the built-in style that times it, and leaves it on the list.
    @Test(arguments: kinds)
    func scrubberOutlineAndFramesShowAnAppDrawnHeader(_ kind: ListKind) throws {
        let h = try Harness(kind)
        defer { h.close() }
        let arc = ArcHeader()
        h.view.header = arc
        h.key(GDK_KEY_t)
        let menu = h.qa.scrubberHeaders
        #expect(menu.entries.map(\.id) == HeaderStyle.allCases.map(\.rawValue) + [QATools.appHeaderID])
        #expect(menu.entries.last?.label == "arc")
        #expect(menu.active == QATools.appHeaderID)
        #expect(h.view.header === arc && h.view.headerStyle == .plain, "opening T changed the list's header")
        h.qa.scrub(to: 300)  // pull 1: the ring full, its panel 64 px above the content top
        #expect(h.qa.scrubMoment == .pull(progress: 1))
        let visual = HeaderScene.visual(.pull(progress: 1), style: .plain, heldHeight: arc.heldHeight)
        #expect(abs(visual.contentTop - Tuning.triggerPull) < 0.01)
        let top = h.surface.headerTop, width = h.surface.width
        let centre = Point(width / 2, top + visual.contentTop - arc.heldHeight / 2)
        // Accent pixels near a point (the ring's stroke is 4 px wide).
        func accentNear(_ raster: Raster, _ p: Point) -> Int {
            var n = 0
            for dy in -2...2 { for dx in -2...2 where raster.isAccent(p.x + Double(dx), p.y + Double(dy)) { n += 1 } }
            return n
        }
        let ring = (0..<8).map { i -> Point in
            let angle = Double(i) * .pi / 4
            return Point(centre.x + ArcHeader.radius * cos(angle), centre.y + ArcHeader.radius * sin(angle))
        }
        let frame = Raster(h.qa.frameImage())
        for p in ring { #expect(accentNear(frame, p) > 3, "\(kind): no ring at \(p) in the scrub frame") }
        // Not the plain bar (the blue band of the style that times the arc) beside the ring.
        #expect(accentNear(frame, Point(12, top + visual.contentTop - 15)) == 0, "\(kind): a plain bar was drawn")
        #expect(h.qa.frameFileName().hasPrefix("refresh-arc-scrub-"), "\(h.qa.frameFileName())")
        // On screen too, and the outline frames the arc's 64 px panel.
        h.key(GDK_KEY_g)
        MainLoop.drain()
        let screen = Raster(h.screen())
        let origin = h.headerOrigin
        for p in ring { #expect(accentNear(screen, Point(p.x + origin.x, p.y + origin.y - top)) > 3, "\(kind): no ring on screen") }
        let column = origin.x + 30
        let magenta = (0..<screen.height).filter { y in
            let p = screen.pixels[y * screen.width + Int(column)]
            return p.r > 180 && p.g < 90 && p.b > 140
        }
        let panelTop = origin.y + visual.contentTop - arc.heldHeight
        #expect(magenta.first.map { abs(Double($0) - panelTop) <= 1 } == true,
                "\(kind): the outline's top at \(magenta.first ?? -1), the arc's panel at \(panelTop)")
        h.key(GDK_KEY_g)
        // A built-in style from the menu sets the arc aside; choosing the arc again brings it back.
        h.qa.scrubHeader(HeaderStyle.jike.rawValue)
        #expect(h.view.appDrawnHeader == nil && h.view.headerStyle == .jike)
        #expect(accentNear(Raster(h.qa.frameImage()), ring[0]) == 0, "\(kind): the arc is still drawn as jike")
        h.qa.scrubHeader(QATools.appHeaderID)
        #expect(h.view.header === arc && h.view.headerStyle == .plain)
        h.key(GDK_KEY_t)
        #expect(!h.qa.isScrubbing)
        #expect(h.view.header === arc && h.view.headerStyle == .plain, "closing T changed the list's header")
    }

    /// F1's help fits: in the demo's default window (420 × 720) on every list kind, in English
    /// and in Chinese, at scale 1 and 2, all its text is inside its box (it wraps or the box
    /// fits it) and the box is inside the list.
    @Test(arguments: kinds)
    func helpTextStaysInsideItsBoxAndTheBoxInsideTheList(_ kind: ListKind) throws {
        let h = try Harness(kind, size: (420, 720))
        defer { h.close() }
        h.key(GDK_KEY_F1)
        #expect(h.qa.showsHelp)
        for scale in [1.0, 2.0] {
            try Self.checkHelp(h.canvasImage(scale: scale), "\(kind), English, the live canvas, scale \(scale)")
        }
        // The same panel with the Chinese catalogue's strings, where the list is.
        let chinese = Dictionary(try LocalizationTests.entries("zh_CN.po").map { ($0.msgid, $0.msgstr.first ?? "") }) { a, _ in a }
        func zh(_ english: String) throws -> String { try #require(chinese[english].flatMap { $0.isEmpty ? nil : $0 }, "\(english)") }
        let panel = HelpPanel(title: try zh(QAL10n.qaKeysTitle),
                              rows: try QAKey.table.map { ($0.keys, try zh($0.action())) })
        for scale in [1.0, 2.0] {
            let image = ImageSurface(logicalWidth: h.surface.width, logicalHeight: h.surface.height, scale: scale)
            image.draw { cr in panel.draw(cr, context: gtk_widget_get_pango_context(h.surface.widget), width: h.surface.width, height: h.surface.height) }
            try Self.checkHelp(image, "\(kind), Chinese, scale \(scale)")
        }
        h.key(GDK_KEY_F1)
        #expect(!h.qa.showsHelp)
    }

    /// The help's box in `image` (its dark background, 82 % opaque) holds every drawn pixel,
    /// lies `HelpPanel.margin` inside the image, and holds text.
    static func checkHelp(_ image: ImageSurface, _ what: String) throws {
        let r = Raster(image)
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<r.height {
            for x in 0..<r.width {
                let p = r.pixels[y * r.width + x]
                guard p.a >= 205, p.a <= 213, p.r < 40, p.g < 40, p.b < 40 else { continue }
                minX = min(minX, x); minY = min(minY, y); maxX = max(maxX, x); maxY = max(maxY, y)
            }
        }
        try #require(maxX >= 0, "\(what): no help box drawn")
        var outside = 0, ink = 0, firstOutside: (Int, Int)?
        for y in 0..<r.height {
            for x in 0..<r.width where r.pixels[y * r.width + x].a > 0 {
                if x < minX || x > maxX || y < minY || y > maxY {
                    outside += 1
                    if firstOutside == nil { firstOutside = (x, y) }
                } else if Int(r.pixels[y * r.width + x].r) + Int(r.pixels[y * r.width + x].g) > 250 {
                    ink += 1
                }
            }
        }
        #expect(outside == 0, "\(what): \(outside) pixels drawn outside the box (\(minX),\(minY))…(\(maxX),\(maxY)), the first at \(firstOutside.map { "\($0)" } ?? "")")
        let margin = Int(HelpPanel.margin * r.scale)
        #expect(minX >= margin && maxX < r.width - margin && minY >= margin && maxY < r.height - margin,
                "\(what): the box (\(minX),\(minY))…(\(maxX),\(maxY)) is not inside the \(r.width)×\(r.height) list")
        #expect(ink > 500, "\(what): only \(ink) pixels of text in the box")
    }

    /// The real demo on a wrapped tree view: the QA keys reach the tools (F saves a frame, on the
    /// trace and on disk) and the overlay starts shown. The folder's name has a quote and a
    /// backslash: the trace line that names it is still JSON.
    @Test(.enabled { try DemoProcess.canRun() },
          arguments: [ListKind.treeview, .listbox])
    func theDemosQAKeysWorkOnAWrappedList(_ kind: ListKind) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ptr-qa-demo-\"frames\"\\-\(getpid())-\(kind)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // F saves into $PTR_QA_DIR.
        let demo = try DemoProcess(["--list", kind.rawValue, "--rows", "100", "--trace", "--overlay"],
                                   environment: ["PTR_QA_DIR": directory.path])
        defer { demo.stop() }
        try demo.waitFor { $0.event == "ready" }
        demo.xdotool("mousemove", "200", "400")
        demo.xdotool("key", "f")
        let line = try demo.waitFor { $0.event == "frame" }
        let path = try #require(line.path)
        #expect(path.hasPrefix(directory.path) && path.contains("refresh-jike-idle-p0.00"))
        let image = try #require(ImageSurface(contentsOfPNG: path))
        #expect(image.pixelWidth > 300 && image.pixelHeight > 400)
        demo.xdotool("key", "ctrl+q")
        #expect(try demo.waitForExit() == 0)
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

/// What the QA tests read in a drawing.
extension Raster {
    func isPainted(_ p: Point) -> Bool { self[p].a >= 128 }

    /// The J's blue (#3d5a80-ish in light, lighter in dark): blue clearly above red.
    func isAccent(_ p: Point) -> Bool {
        let c = self[p]
        return c.a >= 128 && Int(c.b) > Int(c.r) + 30
    }

    func isAccent(_ x: Double, _ y: Double) -> Bool { isAccent(Point(x, y)) }
}
