import RefreshDemo
import RefreshTestSupport
import CGtk
import RefreshCore
import RefreshGtk
import Foundation
import Testing

/// Real-window tests: a RefreshView in a toplevel under Xvfb, driven by synthesized GDK events
/// (delivered with gtk_main_do_event, as the display server's would be). They wait on the
/// widget's state or its handlers, never on sleeps alone.
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct RefreshViewTests {
    @Test func threeWheelNotchesAtTheTopArmAndRefresh() throws {
        let h = try GtkHarness()
        defer { h.close() }
        for _ in 0..<3 { EventSynthesis.scroll(h.view.list.area, x: 100, y: 100, .up) }
        #expect(h.view.headerPhase == .armed)
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
        #expect(h.view.headerPhase == .refreshing)
        #expect(h.headerTrace.prefix(3) == [.pulling, .armed, .refreshing])
    }

    @Test func oneWheelNotchDoesNotRefresh() throws {
        let h = try GtkHarness()
        defer { h.close() }
        EventSynthesis.scroll(h.view.list.area, x: 100, y: 100, .up)
        #expect(h.view.headerPhase == .pulling)
        #expect(h.view.pull > 0)
        // Released by the quiet period, it springs back to rest without refreshing.
        #expect(MainLoop.run(until: { h.view.pull == 0 && !h.view.state.needsTicks }))
        #expect(h.refreshes == 0)
        #expect(h.view.headerPhase == .idle)
    }

    @Test func mouseDragDownRefreshesAndAShortDragDoesNot() throws {
        let h = try GtkHarness()
        defer { h.close() }
        EventSynthesis.drag(h.view.list.area, from: (100, 50), to: (100, 80), steps: 6)
        #expect(MainLoop.run(until: { h.view.pull == 0 && !h.view.state.needsTicks }))
        #expect(h.refreshes == 0)
        EventSynthesis.drag(h.view.list.area, from: (100, 50), to: (100, 400), steps: 20)
        #expect(h.view.headerPhase == .refreshing)
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
    }

    @Test func smoothScrollEndedByScrollStopRefreshes() throws {
        let h = try GtkHarness()
        defer { h.close() }
        let touchpad = try h.touchpad
        #expect(gdk_device_get_source(touchpad) == GDK_SOURCE_TOUCHPAD)
        for _ in 0..<12 {
            EventSynthesis.scroll(h.view.list.area, x: 100, y: 100, .smooth(dx: 0, dy: -0.3), sourceDevice: touchpad)
        }
        #expect(h.view.headerPhase == .armed)
        EventSynthesis.scroll(h.view.list.area, x: 100, y: 100, .smooth(dx: 0, dy: 0), isStop: true,
                              sourceDevice: touchpad)
        // The stop event is the release: refreshing begins at once, not after a quiet period.
        #expect(h.view.headerPhase == .refreshing)
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
    }

    @Test func reachingTheBottomFiresExactlyOneLoadMore() throws {
        let h = try GtkHarness(rows: 40)
        defer { h.close() }
        EventSynthesis.tapKey(h.view.list.area, keyval: UInt32(GDK_KEY_End))
        #expect(MainLoop.run(until: { h.loads == 1 }))
        // More input at the bottom during the load, and after it, in the same gesture: no second load.
        for _ in 0..<5 { EventSynthesis.scroll(h.view.list.area, x: 100, y: 100, .down) }
        MainLoop.drain()
        #expect(h.loads == 1)
        #expect(h.view.footerPhase == .loading)
    }

    @Test func inputDuringARefreshStartsNoSecondRefresh() throws {
        let h = try GtkHarness()
        defer { h.close() }
        h.view.beginRefreshing()
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
        for _ in 0..<6 { EventSynthesis.scroll(h.view.list.area, x: 100, y: 100, .up) }
        EventSynthesis.drag(h.view.list.area, from: (100, 50), to: (100, 500), steps: 20)
        EventSynthesis.tapKey(h.view.list.area, keyval: UInt32(GDK_KEY_F5))
        #expect(MainLoop.run(until: { h.view.pull <= h.view.headerStyle.heldHeight + 0.5 && !h.view.state.isGestureActive }))
        #expect(h.refreshes == 1)
        #expect(h.view.headerPhase == .refreshing)
    }

    @Test func f5AndCtrlRRefresh() throws {
        let h = try GtkHarness()
        defer { h.close() }
        EventSynthesis.tapKey(h.view.list.area, keyval: UInt32(GDK_KEY_F5))
        #expect(h.view.headerPhase == .refreshing)
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
        h.view.endRefreshing(ok: true)
        #expect(MainLoop.run(until: { h.view.headerPhase == .idle }))
        EventSynthesis.tapKey(h.view.list.area, keyval: UInt32(GDK_KEY_r), state: EventSynthesis.controlMask)
        #expect(MainLoop.run(until: { h.refreshes == 2 }))
    }

    /// F5 mid-list refreshes where the user reads (docs/behaviour.md#refresh-lifecycle): no
    /// iteration from the key to the header's rest opens the header or scrolls, and the rows the
    /// refresh prepends go in above the view (the offset grows by their height).
    @Test func f5MidListRefreshesWhereTheUserReads() throws {
        let h = try GtkHarness()
        defer { h.close() }
        EventSynthesis.tapKey(h.view.list.area, keyval: UInt32(GDK_KEY_Page_Down))
        #expect(MainLoop.run(until: { h.view.state.offset > 300 && !h.view.state.needsTicks }))
        let offset = h.view.state.offset, height = h.view.state.rowsHeight
        EventSynthesis.tapKey(h.view.list.area, keyval: UInt32(GDK_KEY_F5))
        #expect(h.view.headerPhase == .refreshing)
        var moved: [String] = []
        func check() {
            let state = h.view.state
            if state.pull != 0 || abs(state.offset - (offset + state.rowsHeight - height)) > 0.01 {
                moved.append("pull \(state.pull), offset \(state.offset), rows \(state.rowsHeight)")
            }
        }
        #expect(MainLoop.run(until: { check(); return h.refreshes == 1 }))
        h.rows.rowCount += 5
        h.view.endRefreshing(ok: true, insertedAtTop: 5)
        #expect(MainLoop.run(until: { check(); return h.view.headerPhase == .idle && !h.view.state.needsTicks }))
        check()
        #expect(moved.isEmpty, "the rows on screen moved: \(moved.prefix(5))")
        #expect(h.view.state.rowsHeight > height)
        #expect(h.refreshes == 1)
    }

    @Test func destroyingTheWindowMidRefreshLeavesNothingAlive() throws {
        let before = InteropCounters.snapshot
        do {
            let h = try GtkHarness()
            h.view.beginRefreshing()
            #expect(MainLoop.run(until: { h.refreshes == 1 }))
            #expect(InteropCounters.snapshot != before)
            h.close()
            #expect(h.view.isDestroyed)
            // Calls after teardown are documented no-ops.
            h.view.endRefreshing(ok: true, insertedAtTop: 3)
            h.view.beginRefreshing()
            MainLoop.drain()
            #expect(h.refreshes == 1)
        }
        MainLoop.drain()
        #expect(InteropCounters.snapshot == before)
    }
}
