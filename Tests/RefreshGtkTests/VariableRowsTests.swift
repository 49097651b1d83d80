import RefreshDemo
import CGtk
import Foundation
import RefreshCore
import RefreshGtk
import RefreshTestSupport
import Testing

/// Variable-height rows in a real window (docs/behaviour.md, "Variable row heights"): End reaches
/// the true last row and loads more, and Page Up/Down never skip or repeat a row. Time is the
/// view's injected clock, moved by hand and delivered with `tick()` and a drawn frame.
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct VariableRowsTests {
    /// Rows 40…200 px tall (estimate 56), a fixed pattern; counts activations.
    final class Tall: RowRenderer {
        var rowCount: Int
        var activated: [Int] = []
        init(_ count: Int) { rowCount = count }
        var estimatedRowHeight: Double { 56 }
        func heightOfRow(at index: Int, width: Double, context: RowContext) -> Double {
            Double(40 + (index * 37) % 161)
        }
        func drawRow(at index: Int, in rect: Rect, state: RowState, cr: OpaquePointer, context: RowContext) {}
    }

    /// A window over `Tall` rows with a manual clock.
    @MainActor
    final class Window {
        let window: UnsafeMutablePointer<GtkWidget>
        let rows: Tall
        let view: RefreshView
        let clock: ManualClock
        var loads = 0

        init(rows count: Int) throws {
            try #require(MainLoop.initializeGtk())
            rows = Tall(count)
            view = RefreshView(rows: rows)
            clock = ManualClock(0)
            window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
            gtk_window_set_default_size(gcast(window), 400, 600)
            gtk_container_add(gcast(window), view.widget)
            view.onLoadMore = { [weak self] in self?.loads += 1 }
            view.onActivate = { [weak rows] in rows?.activated.append($0) }
            gtk_widget_show_all(window)
            gtk_widget_grab_focus(view.list.area)
            let drawn = MainLoop.run(until: { self.view.list.hasDrawnFirstFrame })
            if !drawn { gtk_widget_destroy(window) }
            try #require(drawn, "the window never drew its first frame")
            clock.now = view.state.now
            view.clock = clock.reading
        }

        /// Lets `seconds` pass in steps of a frame, drawing each (rows are measured on draw).
        func run(_ seconds: Double) {
            let frames = Int((seconds * 60).rounded(.up))
            for _ in 0..<frames {
                clock.now += 1.0 / 60
                view.tick()
                drawNow()
            }
        }

        /// A frame, as the "draw" handler makes it (rows coming into view are measured).
        func drawNow() {
            let width = view.list.viewportWidth, height = view.list.viewportHeight
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
            let cr = cairo_create(surface)!
            view.list.render(cr, width: width, height: height)
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
        }

        func key(_ keyval: Int32) {
            EventSynthesis.key(view.list.area, keyval: UInt32(keyval), press: true)
            EventSynthesis.key(view.list.area, keyval: UInt32(keyval), press: false)
        }

        /// Rows wholly or partly on screen.
        var visibleRows: ClosedRange<Int>? {
            view.list.heights.visibleRows(top: view.list.offset, height: view.list.viewportHeight)
        }

        func close() {
            gtk_widget_destroy(window)
            MainLoop.drain()
        }
    }

    @Test(arguments: [50, 1_000_000])
    func endReachesTheTrueLastRowAndLoadsMore(rows: Int) throws {
        let w = try Window(rows: rows)
        defer { w.close() }
        w.key(GDK_KEY_End)
        w.run(1.0)
        let list = w.view.list
        // The last row is measured and its bottom is on screen, above the footer.
        #expect(list.heights.measuredHeight(of: rows - 1) != nil)
        let last = list.rowRect(rows - 1)
        #expect(last.y + last.height <= list.viewportHeight + 0.5)
        #expect(abs(w.view.state.offset - w.view.state.maxOffset) < 0.5,
                "End stopped at \(w.view.state.offset) of \(w.view.state.maxOffset)")
        #expect(w.loads == 1, "auto load-more did not fire")
    }

    @Test func pageDownThenUpNeverSkipsOrRepeatsARow() throws {
        let w = try Window(rows: 400)
        defer { w.close() }
        let list = w.view.list
        for _ in 0..<8 {
            let above = try #require(w.visibleRows)
            let last = list.rowRect(above.upperBound)
            let lastCut = last.y + last.height > list.viewportHeight + 0.5
            w.key(GDK_KEY_Page_Down)
            w.run(0.5)
            let below = try #require(w.visibleRows)
            // A row cut by the bottom edge becomes the top row; a whole one is not shown again.
            #expect(below.lowerBound == above.upperBound + (lastCut ? 0 : 1), "\(above) then \(below)")
            #expect(abs(list.rowRect(below.lowerBound).y) < 0.5, "the new top row starts at the top edge")
        }
        for _ in 0..<3 {
            let below = try #require(w.visibleRows)
            let first = list.rowRect(below.lowerBound)
            let firstCut = first.y < -0.5
            w.key(GDK_KEY_Page_Up)
            w.run(0.5)
            let above = try #require(w.visibleRows)
            // A row cut by the top edge ends at the bottom edge; a whole one is not shown again.
            #expect(above.upperBound == below.lowerBound - (firstCut ? 0 : 1), "\(below) then \(above)")
            let end = list.rowRect(above.upperBound)
            #expect(abs(end.y + end.height - list.viewportHeight) < 0.5, "the bottom row ends at the bottom edge")
        }
    }

    // MARK: - Interactive rows (docs/behaviour.md, "Rows")

    func click(_ w: Window, y: Double) {
        EventSynthesis.button(w.view.list.area, press: true, x: 100, y: y)
        EventSynthesis.button(w.view.list.area, press: false, x: 100, y: y)
    }

    @Test func aClickSelectsAndActivatesTheRowUnderIt() throws {
        let w = try Window(rows: 50)
        defer { w.close() }
        let list = w.view.list
        let third = list.rowRect(2)
        click(w, y: third.y + third.height / 2)
        #expect(w.rows.activated == [2])
        #expect(w.view.selectedRow == 2)
    }

    @Test func upDownMoveTheSelectionAndEnterActivatesIt() throws {
        let w = try Window(rows: 400)
        defer { w.close() }
        let list = w.view.list
        w.key(GDK_KEY_Down)  // none selected: the first row on screen
        #expect(w.view.selectedRow == 0)
        for _ in 0..<30 { w.key(GDK_KEY_Down); w.run(0.3) }
        #expect(w.view.selectedRow == 30)
        // The selection is kept on screen, whole.
        let rect = list.rowRect(30)
        #expect(rect.y >= -0.5 && rect.y + rect.height <= list.viewportHeight + 0.5, "row 30 at \(rect)")
        w.key(GDK_KEY_Up)
        w.key(GDK_KEY_Return)
        #expect(w.rows.activated == [29])
        #expect(w.rows.activated.count == 1, "arrows select, they do not activate")
    }

    @Test func aPullFromARowActivatesNothing() throws {
        let w = try Window(rows: 50)
        defer { w.close() }
        EventSynthesis.drag(w.view.list.area, from: (100, 100), to: (100, 300), steps: 8)
        w.run(0.1)
        #expect(w.rows.activated.isEmpty)
        #expect(w.view.selectedRow == nil)
    }

    @Test func theTapThatStopsAFlingActivatesNothing() throws {
        let w = try Window(rows: 400)
        defer { w.close() }
        w.key(GDK_KEY_Page_Down)  // a key scroll under way, as a fling is
        w.run(0.05)
        #expect(w.view.state.isCoasting)
        click(w, y: 200)
        #expect(w.rows.activated.isEmpty)
        // The next click, with nothing moving, does activate.
        w.run(1)
        click(w, y: 320)  // away from the first: not its double click
        #expect(w.rows.activated.count == 1)
    }

    @Test func hoverFollowsThePointerAndLeavesWithIt() throws {
        let w = try Window(rows: 50)
        defer { w.close() }
        let list = w.view.list
        let second = list.rowRect(1)
        EventSynthesis.motion(list.area, x: 100, y: second.y + 2)
        #expect(w.view.hoveredRow == 1)
        let fifth = list.rowRect(4)
        EventSynthesis.motion(list.area, x: 100, y: fifth.y + 2)
        #expect(w.view.hoveredRow == 4)
    }


    // MARK: - Feed details (docs/behaviour.md, "Rows", "Layout cache")

    /// The minute redraw that keeps "3 min ago" current runs only while the list is mapped.
    @Test func theMinuteTimerRunsOnlyWhileMapped() throws {
        let h = try GtkHarness(rows: 20)
        defer { h.close() }
        #expect(h.view.list.hasMinuteTimer)
        gtk_widget_hide(h.window)
        #expect(!h.view.list.hasMinuteTimer)
        gtk_widget_show(h.window)
        #expect(MainLoop.run(until: { h.view.list.hasMinuteTimer }))
        h.close()
        #expect(!h.view.list.hasMinuteTimer, "removed at teardown")
    }

    /// Scrolling by whole rows lays out only the rows that scrolled in; the rest come from the
    /// cache. Off, every row is laid out again on every frame.
    @Test func onlyRowsThatScrolledInAreLaidOut() throws {
        let h = try GtkHarness(rows: 300)
        defer { h.close() }
        let list = h.view.list
        let cache = list.layoutCache
        AppDrawnStyleTests.render(h)
        let shown = try #require(list.heights.visibleRows(top: list.offset, height: list.viewportHeight)).count
        let builds = cache.builds
        let perRow = builds / shown
        #expect(perRow >= 1 && builds == perRow * shown, "\(builds) builds for \(shown) rows")
        AppDrawnStyleTests.render(h)
        #expect(cache.builds == builds, "a second frame of the same rows builds nothing")
        let imageHits = list.rowImages.hits
        list.offset = 3 * list.rowHeight  // three rows scroll in at the bottom
        AppDrawnStyleTests.render(h)
        #expect(cache.builds - builds == 3 * perRow, "\(cache.builds - builds) builds after 3 rows scrolled in")
        // Those rows are not even drawn again: their kept images are copied (docs/behaviour.md, "Layout cache").
        #expect(list.rowImages.hits - imageHits == shown - 3, "the rows still on screen came from the cache")
        cache.isEnabled = false
        let off = cache.builds
        AppDrawnStyleTests.render(h)
        AppDrawnStyleTests.render(h)
        #expect(cache.builds - off == 2 * shown * perRow, "off: every row laid out every frame")
    }
}
