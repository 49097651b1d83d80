import RefreshDemo
import RefreshTestSupport
import CGtk
import CGtkShim
import RefreshCore
@testable import RefreshGtk
import Testing

/// Issue 19: pull-to-refresh on lists the app already has. A real GtkTreeView (column headers
/// visible), GtkListBox and GtkTextView in a GtkScrolledWindow, wrapped in a RefreshBin, under
/// Xvfb, driven by synthesized GDK events delivered to the app's own widgets. Every test waits on
/// the controller's state or handlers, never on sleeps alone.
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct HostTests {
    nonisolated static let kinds: [ListKind] = [.treeview, .listbox, .textview]

    init() {
        GLibCriticals.install()
    }

    @Test(arguments: kinds)
    func threeWheelNotchesAtTheTopRefreshAndOneDoesNot(kind: ListKind) throws {
        let h = try HostHarness(kind)
        defer { h.close() }
        EventSynthesis.scroll(h.target, x: 100, y: 100, .up)
        #expect(h.bin.headerPhase == .pulling)
        #expect(h.contentOffset > 0, "the host's content did not move down with the pull")
        #expect(MainLoop.run(until: { h.bin.pull == 0 && !h.bin.state.needsTicks }))
        #expect(h.refreshes == 0)
        #expect(h.contentOffset == 0)
        for _ in 0..<3 { EventSynthesis.scroll(h.target, x: 100, y: 100, .up) }
        #expect(h.bin.headerPhase == .armed)
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
        #expect(h.bin.headerPhase == .refreshing)
        // While refreshing the header stays held above the host's first row.
        #expect(MainLoop.run(until: { !h.bin.state.isGestureActive && abs(h.bin.pull - h.bin.headerStyle.heldHeight) < 0.5 }))
        #expect(abs(Double(h.contentOffset) - h.bin.headerStyle.heldHeight) <= 1)
        #expect(h.value == 0)
    }

    @Test(arguments: kinds)
    func aMouseDragRefreshesAndAShortOneDoesNot(kind: ListKind) throws {
        let h = try HostHarness(kind)
        defer { h.close() }
        EventSynthesis.drag(h.target, from: (100, 60), to: (100, 90), steps: 6)
        #expect(MainLoop.run(until: { h.bin.pull == 0 && !h.bin.state.needsTicks }))
        #expect(h.refreshes == 0)
        EventSynthesis.drag(h.target, from: (100, 60), to: (100, 420), steps: 20)
        #expect(h.bin.headerPhase == .refreshing)
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
    }

    /// A list box with a gesture of its own (a long press, as a feed reader's context menu)
    /// sees the crossing the bin sends it when a drag becomes a pull: it must carry a device, or
    /// GDK warns "Event with type 11 not holding a GdkDevice" once per pull (fatal where GNOME
    /// apps run with G_DEBUG=fatal-warnings).
    @Test func aDragPullOverAListBoxWithItsOwnGestureWarnsNothing() throws {
        let h = try HostHarness(.listbox)
        defer { h.close() }
        let longPress = gtk_gesture_long_press_new(h.list.content)!
        defer { g_object_unref(UnsafeMutableRawPointer(longPress)) }
        gtk_event_controller_set_propagation_phase(longPress, GTK_PHASE_TARGET)
        let warnings = GLibCriticals.count
        EventSynthesis.drag(h.target, from: (100, 60), to: (100, 260), steps: 20)
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
        #expect(GLibCriticals.count == warnings, "GLib warned: \(GLibCriticals.last ?? "")")
    }

    @Test(arguments: kinds)
    func smoothScrollEndedByScrollStopRefreshes(kind: ListKind) throws {
        let h = try HostHarness(kind)
        defer { h.close() }
        for _ in 0..<12 { EventSynthesis.scroll(h.target, x: 100, y: 100, .smooth(dx: 0, dy: -0.3)) }
        #expect(h.bin.headerPhase == .armed)
        EventSynthesis.scroll(h.target, x: 100, y: 100, .smooth(dx: 0, dy: 0), isStop: true)
        #expect(h.bin.headerPhase == .refreshing)
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
    }

    @Test(arguments: kinds)
    func aTouchDragRefreshesAShortOneDoesNotAndMidListTouchScrolls(kind: ListKind) throws {
        let h = try HostHarness(kind)
        defer { h.close() }
        EventSynthesis.touchDrag(h.target, from: (100, 60), to: (100, 85), steps: 5)
        #expect(MainLoop.run(until: { h.bin.pull == 0 && !h.bin.state.needsTicks }))
        #expect(h.refreshes == 0)

        // Mid-list, a finger scrolls the host (its own kinetic touch scrolling is off: ours, no fight).
        gtk_adjustment_set_value(h.adjustment, 300)
        MainLoop.drain()
        EventSynthesis.touchDrag(h.target, from: (100, 300), to: (100, 200), steps: 10, sequence: 2)
        // (A fast drag flings on and may reach the end and load: wait for the finger's gesture only.)
        #expect(MainLoop.run(until: { !h.bin.state.isGestureActive }))
        #expect(h.value > 330, "a touch drag up did not scroll the host: \(h.value)")
        #expect(h.bin.pull == 0 && h.refreshes == 0)

        h.bin.endLoading(ok: true, added: 0, exhausted: false)
        gtk_adjustment_set_value(h.adjustment, 0)
        #expect(MainLoop.run(until: { h.bin.state.offset == 0 && !h.bin.state.needsTicks }))
        EventSynthesis.touchDrag(h.target, from: (100, 60), to: (100, 420), steps: 20, sequence: 3)
        #expect(h.bin.headerPhase == .refreshing)
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
    }

    @Test(arguments: kinds)
    func reachingTheBottomLoadsExactlyOnce(kind: ListKind) throws {
        let h = try HostHarness(kind, rows: 40)
        defer { h.close() }
        var notches = 0
        while h.loads == 0, notches < 400 {
            EventSynthesis.scroll(h.target, x: 100, y: 200, .down)
            MainLoop.drain()
            notches += 1
        }
        #expect(h.loads == 1)
        #expect(h.value >= h.upper - h.page - 0.5, "it loaded before the end came into view")
        // More input at the bottom during the load, in the same gesture: no second load; the
        // footer's room past the end scrolls into view.
        for _ in 0..<5 { EventSynthesis.scroll(h.target, x: 100, y: 200, .down) }
        MainLoop.drain()
        #expect(h.loads == 1)
        #expect(h.bin.footerPhase == .loading)
        #expect(h.childOffset < 0, "the footer was not revealed below the host")
        // The page arrives: the rows take the footer's place.
        let rows = h.list.rowCount
        h.list.append((0..<20).map { ("More \($0)", "appended") })
        h.bin.endLoading(ok: true, added: 20, exhausted: false)
        #expect(MainLoop.run(until: { h.bin.state.rowsHeight > h.page && abs(h.bin.state.rowsHeight - h.upper) < 0.5
            && h.upper > 0 && h.childOffset == 0 }))
        #expect(h.bin.rowCount == rows + 20)
        #expect(h.loads == 1)
    }

    @Test(arguments: kinds)
    func aFailedRefreshKeepsEveryRow(kind: ListKind) throws {
        let h = try HostHarness(kind)
        defer { h.close() }
        let rows = h.bin.rowCount
        #expect(rows == 60)
        let upper = h.upper
        h.bin.beginRefreshing()
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
        h.bin.endRefreshing(ok: false)
        #expect(h.bin.headerPhase == .failed)
        #expect(MainLoop.run(until: { h.bin.headerPhase == .idle && !h.bin.state.needsTicks }))
        #expect(h.bin.rowCount == rows)
        #expect(h.upper == upper)
        #expect(h.value == 0 && h.contentOffset == 0)
    }

    /// Rows a refresh begun at the top prepends take the header's place: the list stays at its
    /// top (whatever the host did to keep its old first row in view), the first new row follows
    /// the collapsing header up, never down, and at rest a notch up pulls again at once — the
    /// same on every host (docs/behaviour.md, "Refresh lifecycle").
    @Test(arguments: kinds)
    func rowsARefreshPrependsAtTheTopTakeTheHeadersPlace(kind: ListKind) throws {
        let h = try HostHarness(kind)
        defer { h.close() }
        h.bin.beginRefreshing()
        #expect(MainLoop.run(until: { h.refreshes == 1 && !h.bin.state.needsTicks || h.refreshes == 1 && h.bin.pull > 40 }))
        let upper = h.upper
        h.list.prepend((0..<5).map { ("New \($0)", "prepended") })
        h.bin.endRefreshing(ok: true, insertedAtTop: 5)
        #expect(MainLoop.run(until: { h.upper > upper + 1 }))
        // Every frame from here: the list's first row (the first new one) on screen never moves
        // down, and the list stays at its top.
        func firstRowTop() -> Double { Double(h.contentOffset) - h.value }
        var lastTop = firstRowTop()
        var jumps: [Double] = []
        var leftTop: [Double] = []
        #expect(MainLoop.run(until: {
            let top = firstRowTop()
            if top > lastTop + 1 { jumps.append(top - lastTop) }
            if h.value > 0.5 { leftTop.append(h.value) }
            lastTop = top
            return h.bin.headerPhase == .idle && !h.bin.state.needsTicks
        }))
        #expect(jumps.isEmpty, "the rows on screen jumped down by \(jumps)")
        #expect(leftTop.isEmpty, "the list left its top: values \(leftTop.prefix(5))")
        #expect(h.value == 0 && h.contentOffset == 0)
        #expect(abs(h.bin.state.rowsHeight - h.upper) < 0.5, "the engine's range left the new rows out")
        #expect(h.bin.state.offset == 0)
        #expect(h.bin.rowCount == 65)
        // Pullable again at once.
        EventSynthesis.scroll(h.target, x: 100, y: 100, .up)
        #expect(h.bin.headerPhase == .pulling)
    }

    /// Real apps insert a refresh's rows while it runs, one source at a time, newest first (a
    /// news reader inserts each feed's items as the feed arrives, then ends the refresh): with the
    /// header open at the top they go in under it, the list stays at its top through every batch
    /// and the collapse, the newest row ends first on screen, and the next drag pulls.
    @Test(arguments: kinds, RefreshStart.allCases)
    func rowsInsertedAtTheTopWhileARefreshRunsEndInView(kind: ListKind, start: RefreshStart) throws {
        let h = try HostHarness(kind)
        defer { h.close() }
        switch start {
        case .app: h.bin.beginRefreshing()
        // The press moves a tree view's cursor to the row under it: the rows inserted above must
        // not scroll the list to keep that row in view.
        case .drag: EventSynthesis.drag(h.target, from: (100, 60), to: (100, 420), steps: 20)
        }
        #expect(MainLoop.run(until: { h.refreshes == 1 && abs(h.bin.pull - h.bin.headerStyle.heldHeight) < 0.5 }))
        for feed in 0..<3 {
            let upper = h.upper
            h.list.prepend([("Feed \(feed), newest", "inserted while refreshing"), ("Feed \(feed), older", "")])
            #expect(MainLoop.run(until: { h.upper > upper + 1 }))
            MainLoop.drain()
            #expect(h.value == 0, "feed \(feed): the list left its top (value \(h.value))")
        }
        h.bin.endRefreshing(ok: true, insertedAtTop: 6)
        #expect(MainLoop.run(until: { h.bin.headerPhase == .idle && !h.bin.state.needsTicks }))
        MainLoop.drain()
        #expect(h.value == 0 && h.contentOffset == 0, "value \(h.value), content moved \(h.contentOffset) px")
        #expect(h.bin.state.offset == 0)
        #expect(abs(h.bin.state.rowsHeight - h.upper) < 0.5, "the engine's range left the new rows out")
        EventSynthesis.drag(h.target, from: (100, 60), to: (100, 420), steps: 20)
        #expect(MainLoop.run(until: { h.refreshes == 2 }), "the next drag did not pull")
    }

    /// A refresh that ends with the list scrolled (the user scrolled down while it ran) keeps
    /// what is on screen where it is: the offset grows by the rows prepended above
    /// (docs/behaviour.md, "Refresh lifecycle").
    @Test(arguments: kinds)
    func rowsARefreshPrependsWhileScrolledKeepWhatIsOnScreen(kind: ListKind) throws {
        let h = try HostHarness(kind)
        defer { h.close() }
        h.bin.beginRefreshing()
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
        gtk_adjustment_set_value(h.adjustment, 200)
        MainLoop.drain()
        #expect(h.bin.state.offset > 0)
        let upper = h.upper
        let value = h.value
        h.list.prepend((0..<5).map { ("New \($0)", "prepended") })
        h.bin.endRefreshing(ok: true, insertedAtTop: 5)
        #expect(MainLoop.run(until: { h.upper > upper + 1 && h.bin.headerPhase == .idle && !h.bin.state.needsTicks }))
        MainLoop.drain()
        #expect(abs(h.value - (value + h.upper - upper)) <= 1, "what was on screen moved")
        #expect(abs(h.bin.state.offset - h.value) < 0.5)
    }

    /// F5 mid-list refreshes where the user reads (docs/behaviour.md#refresh-lifecycle): from
    /// the key to the header's rest no iteration opens a header gap or scrolls, and the rows the
    /// refresh prepends go in above the view (the value grows by as much as the content).
    @Test(arguments: kinds)
    func f5MidListRefreshesWhereTheUserReads(kind: ListKind) throws {
        let h = try HostHarness(kind)
        defer { h.close() }
        gtk_widget_grab_focus(h.list.content)
        gtk_adjustment_set_value(h.adjustment, 300)
        MainLoop.drain()
        let value = h.value, upper = h.upper
        #expect(value == 300 && h.bin.state.offset == 300)
        EventSynthesis.tapKey(h.target, keyval: UInt32(GDK_KEY_F5))
        #expect(h.bin.headerPhase == .refreshing)
        var moved: [String] = []
        func check() {
            if h.contentOffset != 0 || h.bin.pull != 0 { moved.append("gap \(h.contentOffset), pull \(h.bin.pull)") }
            if abs(h.value - (value + h.upper - upper)) > 1 { moved.append("value \(h.value), upper \(h.upper)") }
        }
        #expect(MainLoop.run(until: { check(); return h.refreshes == 1 }))
        h.list.prepend((0..<5).map { ("New \($0)", "prepended") })
        h.bin.endRefreshing(ok: true, insertedAtTop: 5)
        #expect(MainLoop.run(until: { h.upper > upper + 1 && h.bin.headerPhase == .idle && !h.bin.state.needsTicks }))
        MainLoop.drain()
        check()
        #expect(moved.isEmpty, "the rows on screen moved: \(moved.prefix(5))")
        #expect(abs(h.bin.state.offset - h.value) < 0.5)
        #expect(h.refreshes == 1 && h.bin.rowCount == 65)
    }

    @Test(arguments: kinds)
    func f5AndCtrlRRefresh(kind: ListKind) throws {
        let h = try HostHarness(kind)
        defer { h.close() }
        gtk_widget_grab_focus(h.list.content)
        EventSynthesis.tapKey(h.target, keyval: UInt32(GDK_KEY_F5))
        #expect(h.bin.headerPhase == .refreshing)
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
        h.bin.endRefreshing(ok: true)
        #expect(MainLoop.run(until: { h.bin.headerPhase == .idle }))
        EventSynthesis.tapKey(h.target, keyval: UInt32(GDK_KEY_r), state: EventSynthesis.controlMask)
        #expect(MainLoop.run(until: { h.refreshes == 2 }))
    }

    /// End reaches the bottom on every host (a tree view and a list box move their cursor there,
    /// a cursorless text view scrolls with our keys) and auto load-more fires once.
    @Test(arguments: kinds)
    func endReachesTheBottomAndLoadsOnce(kind: ListKind) throws {
        let h = try HostHarness(kind)
        defer { h.close() }
        Self.focusRows(h, kind)
        EventSynthesis.tapKey(h.target, keyval: UInt32(GDK_KEY_End))
        #expect(MainLoop.run(until: { h.loads == 1 }))
        #expect(MainLoop.run(until: { h.value >= h.upper - h.page - 0.5 }))
        EventSynthesis.tapKey(h.target, keyval: UInt32(GDK_KEY_End))
        MainLoop.run(for: 0.3)
        #expect(h.loads == 1)
    }

    /// The window is active and the rows have the focus (a list box's first row; not a tree
    /// view's column header), as after a click on them.
    static func focusRows(_ h: HostHarness, _ kind: ListKind) {
        EventSynthesis.focus(h.window)
        if kind == .listbox {
            _ = gtk_widget_child_focus(h.list.content, GTK_DIR_TAB_FORWARD)
        } else {
            gtk_widget_grab_focus(h.list.content)
        }
        if kind == .treeview {
            // A tree view's first movement key only places a missing cursor on the first row.
            let path = gtk_tree_path_new_first()
            gtk_tree_view_set_cursor(gcast(h.list.content), path, nil, 0)
            gtk_tree_path_free(path)
        }
    }

    /// With no footer the end of the list is its last row, on every host: End, then wheel
    /// notches past it, leave the last row at the viewport's bottom edge with the rows at rest
    /// (the notches' push springs back), and nothing loads.
    @Test(arguments: kinds)
    func withNoFooterTheLastRowRestsAtTheBottomEdge(kind: ListKind) throws {
        let h = try HostHarness(kind)
        defer { h.close() }
        h.bin.footerMode = .none
        Self.focusRows(h, kind)
        EventSynthesis.tapKey(h.target, keyval: UInt32(GDK_KEY_End))
        #expect(MainLoop.run(until: { h.value >= h.upper - h.page - 0.5 && !h.bin.state.needsTicks }))
        for _ in 0..<6 { EventSynthesis.scroll(h.target, x: 100, y: 100, .down) }
        #expect(h.bin.state.push > 0, "the notches past the end pushed nothing")
        #expect(MainLoop.run(until: { h.bin.state.push == 0 && !h.bin.state.needsTicks }))
        #expect(abs(h.value - (h.upper - h.page)) < 0.5, "not at the end: \(h.value) of \(h.upper - h.page)")
        #expect(h.bin.state.displacement == 0, "the rows are not at rest")
        #expect(h.bin.state.footerRoom == 0)
        #expect(h.loads == 0)
    }

    enum Target: String, CaseIterable, Sendable { case wrapper, window }
    enum RefreshStart: String, CaseIterable, Sendable { case app, drag }

    @Test(arguments: kinds, Target.allCases)
    func destroyingMidRefreshLeavesNothingAlive(kind: ListKind, target: Target) throws {
        let criticals = GLibCriticals.count
        defer { #expect(GLibCriticals.count == criticals, "GLib criticals: \(GLibCriticals.last ?? "")") }
        MainLoop.drain()
        let before = InteropCounters.snapshot
        let h = try HostHarness(kind)
        defer { h.close() }
        EventSynthesis.drag(h.target, from: (100, 60), to: (100, 420), steps: 20)
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
        #expect(InteropCounters.liveTickCallbacks > before.tickCallbacks)
        if target == .window { h.close() } else { gtk_widget_destroy(h.bin.widget) }
        MainLoop.drain()
        #expect(h.bin.isDestroyed)
        #expect(InteropCounters.snapshot == before, "left alive: \(InteropCounters.snapshot), before \(before)")
        h.bin.endRefreshing(ok: true, insertedAtTop: 3)
        h.bin.beginRefreshing()
        h.bin.loadMore()
        MainLoop.run(for: Tuning.failureHold + 0.2)
        #expect(h.refreshes == 1 && h.loads == 0)
        #expect(InteropCounters.snapshot == before)
    }

    @Test func theWrapperTakesThePlaceOfAPackedScrolledWindowAndOwnsItsController() throws {
        try #require(MainLoop.initializeGtk())
        let list = ForeignList(kind: .treeview, rows: [("a", "b")])
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        g_object_ref_sink(box)
        gtk_container_add(gcast(box), list.scrolledWindow)
        weak var weakBin: RefreshBin?
        do {
            let bin = RefreshBin(wrapping: list.scrolledWindow)
            weakBin = bin
            #expect(gtk_widget_get_parent(bin.widget) == box)
            #expect(gtk_widget_get_parent(list.scrolledWindow) == bin.widget)
            #expect(RefreshBin.owning(bin.widget) === bin)
        }
        #expect(weakBin != nil, "the bin does not own its controller")
        gtk_widget_destroy(box)
        g_object_unref(box)
        MainLoop.drain()
        #expect(weakBin == nil)
    }
}

/// A window with one of GTK's lists (60 rows by default) wrapped in a RefreshBin.
@MainActor
final class HostHarness {
    let window: UnsafeMutablePointer<GtkWidget>
    let list: ForeignList
    let bin: RefreshBin
    private(set) var refreshes = 0
    private(set) var loads = 0
    private var closed = false

    init(_ kind: ListKind, rows: Int = 60, width: Int32 = 400, height: Int32 = 600) throws {
        try #require(MainLoop.initializeGtk())
        list = ForeignList(kind: kind, rows: (0..<rows).map { ("Row \($0)", "Subtitle \($0)") })
        bin = RefreshBin(wrapping: list.scrolledWindow)
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_default_size(gcast(window), width, height)
        gtk_container_add(gcast(window), bin.widget)
        bin.onRefresh = { [unowned self] in refreshes += 1 }
        bin.onLoadMore = { [unowned self] in loads += 1 }
        gtk_widget_show_all(window)
        let ready = MainLoop.run(until: {
            self.bin.state.viewportHeight > 0 && self.bin.state.rowsHeight > self.bin.state.viewportHeight
                && self.bin.scrollHost.hasDrawnFirstFrame
        })
        try #require(ready, "the host never laid out its rows")
        // A text view measures its lines in idles, growing its adjustment as it goes.
        MainLoop.drain()
    }

    /// Where input goes: the scrolled window's child (the tree view, the list box's viewport, the
    /// text view), as the display server would deliver it.
    var target: UnsafeMutablePointer<GtkWidget> { gtk_bin_get_child(gcast(list.scrolledWindow))! }
    var adjustment: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_vadjustment(gcast(list.scrolledWindow))! }
    var value: Double { gtk_adjustment_get_value(adjustment) }
    var upper: Double { gtk_adjustment_get_upper(adjustment) }
    var page: Double { gtk_adjustment_get_page_size(adjustment) }
    var childOffset: Int32 { ptr_refresh_bin_get_child_offset(OpaquePointer(bin.widget)) }
    /// Px a tree view's rows window is moved below its column headers (pinned headers), else 0.
    var rowsWindowOffset: Int32 {
        guard list.kind == .treeview, let rows = gtk_tree_view_get_bin_window(gcast(list.content)) else { return 0 }
        var x: gint = 0, y: gint = 0, homeX: gint = 0, homeY: gint = 0
        gdk_window_get_position(rows, &x, &y)
        gtk_tree_view_convert_bin_window_to_widget_coords(gcast(list.content), 0, 0, &homeX, &homeY)
        return y - homeY
    }
    /// Px the rows are shown below their place: the scrolled window moved by the bin, or a tree
    /// view's rows moved below its pinned column headers.
    var contentOffset: Int32 { childOffset + rowsWindowOffset }

    func close() {
        guard !closed else { return }
        closed = true
        gtk_widget_destroy(window)
        MainLoop.drain()
    }
}
