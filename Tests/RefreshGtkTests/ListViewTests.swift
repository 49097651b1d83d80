import RefreshDemo
import RefreshTestSupport
import CGtk
import RefreshGtk
import Testing

/// The virtual list in a real window (under Xvfb): adjustment geometry with a million rows,
/// pixel-exact drawing at the top, the middle and the bottom, synthesized input reaching the
/// handlers, and nothing left alive after destroy. Waits pump the GLib loop until a condition
/// holds; the deadlines are failsafes only.
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct ListViewTests {
    static let million = 1_000_000

    @Test func millionRowsConfigureTheAdjustmentNotTheWidget() throws {
        let h = try ListHarness(rows: Self.million)
        defer { h.close() }
        let list = h.list
        let adjustment = try #require(list.vadjustment)
        #expect(list.rowsHeight == Double(Self.million) * 56)
        #expect(gtk_adjustment_get_upper(adjustment) == list.rowsHeight)
        #expect(gtk_adjustment_get_page_size(adjustment) == list.viewportHeight)
        #expect(list.viewportHeight > 100 && list.viewportWidth > 100)
        // The area is never sized to the content.
        #expect(Double(gtk_widget_get_allocated_height(list.area)) == list.viewportHeight)

        list.extraBottom = 44
        #expect(gtk_adjustment_get_upper(adjustment) == list.rowsHeight + 44)
        #expect(list.maxOffset == list.rowsHeight + 44 - list.viewportHeight)
    }

    @Test func settingTheOffsetClampsAndReports() throws {
        let h = try ListHarness(rows: Self.million)
        defer { h.close() }
        let list = h.list
        var reported: [Double] = []
        list.onOffsetChanged = { reported.append($0) }
        list.offset = 1e12
        #expect(list.offset == list.maxOffset)
        list.offset = -5
        #expect(list.offset == 0)
        list.offset = 1234.5
        #expect(list.offset == 1234.5)
        list.offset = .nan
        #expect(list.offset == 0)
        #expect(reported == [list.maxOffset, 0, 1234.5, 0])
    }

    @Test func reloadDataKeepsTheOffsetAndClampsWhenRowsGo() throws {
        let h = try ListHarness(rows: 1000)
        defer { h.close() }
        let list = h.list
        list.offset = 5000
        h.rows.rowCount = 2000
        list.reloadData()
        let adjustment = try #require(list.vadjustment)
        #expect(list.offset == 5000)
        #expect(gtk_adjustment_get_upper(adjustment) == 2000 * 56)
        h.rows.rowCount = 3
        list.reloadData()
        #expect(list.offset == 0)
        #expect(gtk_adjustment_get_upper(adjustment) == list.viewportHeight)
    }

    @Test func drawsTheSamePixelsAtTheTopMiddleAndBottom() throws {
        let h = try ListHarness(rows: Self.million)
        defer { h.close() }
        let list = h.list
        // The rows repeat every 10 (titles "Row 0"…"Row 9"), so offsets 560 px apart look the same
        // — unless precision is lost far down the list.
        func image(at offset: Double) -> ListImage {
            list.offset = offset
            return ListImage(list)
        }
        let top = image(at: 10)
        let middle = image(at: 500_000 * 56 + 10)
        #expect(middle == top)

        let bottomOffset = list.maxOffset
        #expect(bottomOffset == 56_000_000 - list.viewportHeight)
        let bottom = image(at: bottomOffset)
        let same = image(at: bottomOffset.truncatingRemainder(dividingBy: 560))
        #expect(bottom == same)
        // The last row's separator is the viewport's last pixel row.
        let h0 = Int(list.viewportHeight)
        #expect(bottom.pixel(200, h0 - 1) != bottom.background)
        #expect(bottom.pixel(200, h0 - 2) == bottom.background)
    }

    @Test func rowsHaveTextAndCrispSeparators() throws {
        let h = try ListHarness(rows: Self.million)
        defer { h.close() }
        for scale in [1, 2] {
            let image = ListImage(h.list, scale: scale)
            let bg = image.background
            // Separator: exactly one device pixel row at the bottom of row 0.
            let separator = 56 * scale - 1
            #expect(image.devicePixel(300 * scale, separator) != bg)
            #expect(image.devicePixel(300 * scale, separator - 1) == bg)
            #expect(image.devicePixel(300 * scale, separator + 1) == bg)
            // Title and subtitle: inked pixels in the left part of the row, none in the margin.
            #expect(image.inkedPixels(x: 16..<120, y: 4..<30) > 20)
            #expect(image.inkedPixels(x: 16..<150, y: 30..<54) > 20)
            #expect(image.inkedPixels(x: 0..<14, y: 0..<54) == 0)
        }
    }

    @Test func displacementShiftsTheRowsAndTheDrawSignalMatchesRender() throws {
        let h = try ListHarness(rows: 100)
        defer { h.close() }
        let list = h.list
        list.displacement = 20
        let shifted = ListImage(list)
        #expect(shifted.pixel(300, 75) != shifted.background)
        #expect(shifted.pixel(300, 55) == shifted.background)
        #expect(shifted.inkedPixels(x: 0..<400, y: 0..<20) == 0)

        // gtk_widget_draw goes through the "draw" signal: same pixels, overlay included.
        var overlays = 0
        list.drawOverlay = { cr, width, _ in
            overlays += 1
            cairo_set_source_rgb(cr, 1, 0, 0)
            cairo_rectangle(cr, 0, 0, width, 3)
            cairo_fill(cr)
        }
        let rendered = ListImage(list)
        let drawn = ListImage(list, viaSignal: true)
        #expect(rendered == drawn)
        #expect(overlays == 2)
        #expect(drawn.pixel(10, 1) == 0xFFFF_0000)
    }

    @Test func synthesizedScrollEventsReachTheHandlerWithDeltasAndStop() throws {
        let h = try ListHarness(rows: 1000)
        defer { h.close() }
        let area = h.list.area
        struct Seen: Equatable { var direction: UInt32; var dy: Double; var stop: Bool }
        var seen: [Seen] = []
        let connection = GSignal.connectEvent(area, "scroll-event") { event in
            var dx = 0.0, dy = 0.0
            _ = gdk_event_get_scroll_deltas(event, &dx, &dy)
            seen.append(Seen(direction: event.pointee.scroll.direction.rawValue, dy: dy,
                             stop: gdk_event_is_scroll_stop_event(event) != 0))
            // Smooth events are ours; the wheel goes on to the scrolled window.
            return event.pointee.scroll.direction == GDK_SCROLL_SMOOTH
        }
        defer { connection.disconnect() }
        var offsets: [Double] = []
        h.list.onOffsetChanged = { offsets.append($0) }

        EventSynthesis.scroll(area, x: 100, y: 100, .smooth(dx: 0, dy: 1.5))
        EventSynthesis.scroll(area, x: 100, y: 100, .smooth(dx: 0, dy: 0), isStop: true)
        #expect(offsets.isEmpty)
        EventSynthesis.scroll(area, x: 100, y: 100, .down)
        let smooth = GDK_SCROLL_SMOOTH.rawValue
        #expect(seen == [Seen(direction: smooth, dy: 1.5, stop: false), Seen(direction: smooth, dy: 0, stop: true),
                         Seen(direction: GDK_SCROLL_DOWN.rawValue, dy: 0, stop: false)])
        // The scrolled window scrolled the list for the wheel notch (it may animate there).
        #expect(MainLoop.run(until: { h.list.offset > 0 }))
        #expect(offsets.last == h.list.offset)
    }

    @Test func synthesizedMouseDragDrivesAGestureDrag() throws {
        let h = try ListHarness(rows: 1000)
        defer { h.close() }
        let gesture: OpaquePointer = try #require(gtk_gesture_drag_new(h.list.area))
        defer { g_object_unref(gesture.gpointer) }  // GTK keeps only a weak pointer to it
        var log: [String] = []
        let connections = [
            GSignal.connectDoubles(gesture, "drag-begin") { x, y in log.append("begin \(x) \(y)") },
            GSignal.connectDoubles(gesture, "drag-update") { x, y in log.append("update \(x) \(y)") },
            GSignal.connectDoubles(gesture, "drag-end") { x, y in log.append("end \(x) \(y)") },
        ]
        defer { connections.forEach { $0.disconnect() } }
        EventSynthesis.drag(h.list.area, from: (100, 100), to: (100, 300), steps: 4)
        #expect(log.first == "begin 100.0 100.0")
        #expect(log.contains("update 0.0 100.0"))
        #expect(log.dropLast().last == "update 0.0 200.0")
        #expect(log.last == "end 0.0 200.0")
    }

    @Test func clickFocusesTheListAndKeysReachIt() throws {
        let h = try ListHarness(rows: 10)
        defer { h.close() }
        let area = h.list.area
        gtk_window_set_focus(gcast(h.window), nil)
        EventSynthesis.button(area, press: true, x: 50, y: 50)
        EventSynthesis.button(area, press: false, x: 50, y: 50)
        #expect(gtk_widget_is_focus(area) != 0)
        var keys: [UInt32] = []
        let connection = GSignal.connectEvent(area, "key-press-event") { event in
            keys.append(event.pointee.key.keyval)
            return true
        }
        defer { connection.disconnect() }
        EventSynthesis.tapKey(area, keyval: UInt32(GDK_KEY_F5))
        EventSynthesis.tapKey(area, keyval: UInt32(GDK_KEY_r), state: EventSynthesis.controlMask)
        #expect(keys == [UInt32(GDK_KEY_F5), UInt32(GDK_KEY_r)])
    }

    @Test func destroyingTheWindowLeavesNothingAlive() throws {
        let before = InteropCounters.snapshot
        var fired = 0
        do {
            let h = try ListHarness(rows: Self.million)
            let list = h.list
            list.onOffsetChanged = { _ in fired += 1 }
            list.onViewportChanged = { _, _ in fired += 1 }
            list.drawOverlay = { _, _, _ in fired += 1 }
            // Sources tied to the widget go with it too.
            let tick = TickCallback(list.area) { _ in true }
            #expect(InteropCounters.snapshot != before)
            MainLoop.drain()
            fired = 0

            h.close()
            #expect(list.isDestroyed)
            #expect(!tick.isActive)
            #expect(InteropCounters.snapshot == before, "still alive after destroy")
            // The list object outlives its widget harmlessly.
            list.offset = 500
            list.queueDraw()
            list.reloadData()
            tick.remove()
            MainLoop.drain()
            #expect(fired == 0)
        }
        MainLoop.drain()
        #expect(InteropCounters.snapshot == before)
    }
}

/// The Interop handles: idempotent removal, counters back to where they were.
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct InteropTests {
    @Test func timeoutFiresOnceAndCancelAfterwardsIsHarmless() {
        let before = InteropCounters.snapshot
        var fired = 0
        let timeout = Timeout(after: 0.001) { fired += 1 }
        #expect(timeout.isPending)
        #expect(InteropCounters.liveTimeouts == before.timeouts + 1)
        #expect(MainLoop.run(until: { fired == 1 }))
        #expect(!timeout.isPending)
        timeout.cancel()
        timeout.cancel()
        #expect(InteropCounters.snapshot == before)
    }

    @Test func cancelledTimeoutNeverFires() {
        let before = InteropCounters.snapshot
        var fired = false
        let timeout = Timeout(after: 0.01) { fired = true }
        timeout.cancel()
        #expect(InteropCounters.snapshot == before)
        MainLoop.run(for: 0.05)
        #expect(!fired)
        timeout.cancel()
    }

    @Test func repeatingTimeoutStopsWhenItSaysSo() {
        let before = InteropCounters.snapshot
        var count = 0
        let timeout = Timeout(every: 1) {
            count += 1
            return count < 3
        }
        #expect(MainLoop.run(until: { !timeout.isPending }))
        #expect(count == 3)
        #expect(InteropCounters.snapshot == before)
    }

    @Test func signalDisconnectIsIdempotentAndSafeAfterFinalize() throws {
        let before = InteropCounters.snapshot
        let adjustment = try #require(gtk_adjustment_new(0, 0, 100, 1, 10, 10))
        g_object_ref_sink(adjustment.gpointer)
        var changes = 0
        let connection = GSignal.connect(adjustment, "value-changed") { changes += 1 }
        gtk_adjustment_set_value(adjustment, 5)
        #expect(changes == 1)
        connection.disconnect()
        connection.disconnect()
        gtk_adjustment_set_value(adjustment, 6)
        #expect(changes == 1)
        #expect(InteropCounters.snapshot == before)

        let second = GSignal.connect(adjustment, "value-changed") { changes += 1 }
        #expect(second.isConnected)
        g_object_unref(adjustment.gpointer)  // finalized: GLib drops the closure
        #expect(!second.isConnected)
        second.disconnect()  // must not touch the freed instance
        #expect(InteropCounters.snapshot == before)
    }

    @Test func tickCallbackStopsWhenItSaysSo() throws {
        let h = try ListHarness(rows: 10)
        defer { h.close() }
        let before = InteropCounters.snapshot
        var frames: [Int] = []
        let tick = TickCallback(h.list.area) { time in
            frames.append(time)
            return frames.count < 3
        }
        #expect(MainLoop.run(until: { !tick.isActive }))
        #expect(frames.count == 3)
        #expect(frames == frames.sorted())
        tick.remove()
        #expect(InteropCounters.snapshot == before)
    }
}

/// The list's viewport rendered into an ARGB image surface, at a device scale.
@MainActor
struct ListImage: Equatable {
    static var dumps = 0
    let width: Int, height: Int, scale: Int
    let pixels: [UInt32]

    /// `viaSignal`: through `gtk_widget_draw` (the "draw" signal) instead of `render`.
    init(_ list: ListView, scale: Int = 1, viaSignal: Bool = false) {
        width = Int(list.viewportWidth)
        height = Int(list.viewportHeight)
        self.scale = scale
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width * scale), Int32(height * scale))
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        let cr = cairo_create(surface)!
        if viaSignal {
            gtk_widget_draw(list.area, cr)
        } else {
            list.render(cr, width: Double(width), height: Double(height))
        }
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        // LISTVIEW_TEST_DUMP=<dir> writes every rendered image there, to look at.
        if let dir = g_getenv("LISTVIEW_TEST_DUMP") {
            ListImage.dumps += 1
            cairo_surface_write_to_png(surface, String(cString: dir) + "/list-\(ListImage.dumps).png")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height * scale * scale)
        for y in 0..<(height * scale) {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            pixels.append(contentsOf: UnsafeBufferPointer(start: row, count: width * scale))
        }
        self.pixels = pixels
        cairo_surface_destroy(surface)
    }

    func devicePixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width * scale + x] }
    /// The pixel at logical (x, y).
    func pixel(_ x: Int, _ y: Int) -> UInt32 { devicePixel(x * scale, y * scale) }
    /// The top right corner is always plain background.
    var background: UInt32 { pixel(width - 2, 2) }

    /// How many device pixels inside the logical rectangle differ from the background.
    func inkedPixels(x: Range<Int>, y: Range<Int>) -> Int {
        var count = 0
        for dy in (y.lowerBound * scale)..<(y.upperBound * scale) {
            for dx in (x.lowerBound * scale)..<(x.upperBound * scale) where devicePixel(dx, dy) != background {
                count += 1
            }
        }
        return count
    }
}
