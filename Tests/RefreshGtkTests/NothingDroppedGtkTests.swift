import RefreshDemo
import RefreshTestSupport
import CGtk
import CGtkShim
import RefreshCore
@testable import RefreshGtk
import Testing

/// Issue 24: input and requests that must never be lost, through real windows under Xvfb on our
/// list and on GTK's own lists wrapped in a RefreshBin (docs/behaviour.md). The engine-level
/// proofs are RefreshCoreTests' NothingDroppedTests; these show the widget passes everything on.
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct NothingDroppedGtkTests {
    init() {
        GLibCriticals.install()
    }

    /// A press at `press` and a held drag of `travel` px down in `batches` equal motion events.
    private static func drag(_ widget: UnsafeMutablePointer<GtkWidget>, from press: (x: Double, y: Double),
                             travel: Double, batches: Int) {
        EventSynthesis.button(widget, press: true, x: press.x, y: press.y)
        for i in 1...batches {
            let y = press.y + travel * Double(i) / Double(batches)
            EventSynthesis.motion(widget, x: press.x, y: y, state: EventSynthesis.button1Mask)
        }
    }

    // MARK: 1. A drag's travel maps to pull however its motion is batched

    @Test("Our list: 120 px of drag in 1, 4 or 60 motion events pulls the same (travel − slop); 240 px arms and refreshes",
          arguments: [1, 4, 60])
    func ourListDragBatching(batches: Int) throws {
        let h = try GtkHarness(rows: 300)
        defer { h.close() }
        let clock = ManualClock(h.view.state.now)
        h.view.clock = clock.reading
        let area = h.view.list.area
        Self.drag(area, from: (100, 40), travel: 120, batches: batches)
        let expected = RubberBand(dimension: h.view.state.viewportHeight).displayed(raw: 120 - Tuning.dragSlop)
        #expect(abs(h.view.pull - expected) < 0.01, "pull \(h.view.pull), expected \(expected)")
        Self.drag(area, from: (100, 160), travel: 120, batches: batches)  // on to 240 px in all
        #expect(h.view.headerPhase == .armed, "pull \(h.view.pull) after 240 px")
        EventSynthesis.button(area, press: false, x: 100, y: 280)
        #expect(h.view.headerPhase == .refreshing)
        clock.now += 1
        h.view.tick()
        #expect(h.refreshes == 1)
    }

    @Test("A wrapped list: a 240 px flick in 1, 4 or 60 motion events arms and refreshes",
          arguments: HostTests.kinds, [1, 4, 60])
    func wrappedListDragBatching(kind: ListKind, batches: Int) throws {
        let h = try HostHarness(kind)
        defer { h.close() }
        // The pointer moves over the screen: the bin moves a list box's or a text view's scrolled
        // window down with the pull, so a point fixed on screen is that much higher in the target.
        func move(to y: Double) {
            EventSynthesis.motion(h.target, x: 100, y: y - Double(h.childOffset), state: EventSynthesis.button1Mask)
        }
        EventSynthesis.button(h.target, press: true, x: 100, y: 60)
        for i in 1...batches { move(to: 60 + 120 * Double(i) / Double(batches)) }
        let expected = RubberBand(dimension: h.bin.state.viewportHeight).displayed(raw: 120 - Tuning.dragSlop)
        #expect(abs(h.bin.pull - expected) < 0.01, "pull \(h.bin.pull), expected \(expected)")
        for i in 1...batches { move(to: 180 + 120 * Double(i) / Double(batches)) }
        #expect(h.bin.headerPhase == .armed, "pull \(h.bin.pull) after 240 px")
        EventSynthesis.button(h.target, press: false, x: 100, y: 300 - Double(h.childOffset))
        #expect(h.bin.headerPhase == .refreshing)
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
    }

    // MARK: 2. A refresh asked for during a load is queued

    @Test("Our list: F5 during a load is queued and refreshes when the load ends")
    func ourListF5DuringALoad() throws {
        let h = try GtkHarness(rows: 300)
        defer { h.close() }
        var queued = 0
        h.view.onRefreshQueued = { queued += 1 }
        h.view.loadMore()
        #expect(h.loads == 1 && h.view.footerPhase == .loading)
        EventSynthesis.tapKey(h.view.list.area, keyval: UInt32(GDK_KEY_F5))
        #expect(queued == 1, "F5 during the load was not queued")
        #expect(h.view.headerPhase == .idle)
        h.rows.rowCount += 20
        h.view.endLoading(ok: true, added: 20, exhausted: false)
        #expect(h.view.headerPhase == .refreshing)
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
    }

    @Test("A wrapped list: beginRefreshing during a load is queued and refreshes when the load ends",
          arguments: HostTests.kinds)
    func wrappedListRefreshDuringALoad(kind: ListKind) throws {
        let h = try HostHarness(kind)
        defer { h.close() }
        h.bin.loadMore()
        #expect(h.loads == 1)
        h.bin.beginRefreshing()
        #expect(h.bin.headerPhase == .idle && h.bin.state.refreshQueued)
        h.bin.endLoading(ok: true, added: 0, exhausted: true)
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
    }

    // MARK: 3. A wheel notch during End's scroll keeps End's target

    @Test("End, then a wheel notch down during its 0.2 s scroll: the bottom is reached and load-more fires")
    func endThenWheel() throws {
        let h = try GtkHarness(rows: 300)
        defer { h.close() }
        let clock = ManualClock(h.view.state.now)
        h.view.clock = clock.reading
        let area = h.view.list.area
        EventSynthesis.tapKey(area, keyval: UInt32(GDK_KEY_End))
        clock.now += 0.1
        h.view.tick()
        #expect(h.view.state.offset < h.view.state.maxOffset - 1, "End's scroll is already over")
        EventSynthesis.scroll(area, x: 100, y: 100, .down)
        clock.now += 0.3
        h.view.tick()
        MainLoop.drain()
        #expect(abs(h.view.state.offset - h.view.state.maxOffset) < 0.5,
                "stopped at \(h.view.state.offset) of \(h.view.state.maxOffset)")
        #expect(h.loads == 1, "auto load-more did not fire")
    }

    // MARK: 4. No footer; missing handlers

    @Test("Footer mode none: no room below the rows, End and Enter load nothing, no accessible footer")
    func noFooter() throws {
        let h = try GtkHarness(rows: 300)
        defer { h.close() }
        let clock = ManualClock(h.view.state.now)
        h.view.clock = clock.reading
        let area = h.view.list.area
        let list = try #require(gtk_widget_get_accessible(area))
        func lastChildRole() -> AtkRole {
            let count = atk_object_get_n_accessible_children(list)
            guard count > 0, let child = atk_object_ref_accessible_child(list, count - 1) else { return ATK_ROLE_INVALID }
            defer { g_object_unref(child) }
            return atk_object_get_role(child)
        }
        h.view.footerMode = .none
        let adjustment = try #require(h.view.list.vadjustment)
        #expect(gtk_adjustment_get_upper(adjustment) == h.view.state.rowsHeight, "the footer's room is still there")
        EventSynthesis.tapKey(area, keyval: UInt32(GDK_KEY_End))
        clock.now += 0.5
        h.view.tick()
        EventSynthesis.tapKey(area, keyval: UInt32(GDK_KEY_Return))
        h.view.loadMore()
        MainLoop.drain()
        #expect(abs(h.view.state.offset - (h.view.state.rowsHeight - h.view.state.viewportHeight)) < 0.5)
        #expect(h.loads == 0 && h.view.footerPhase == .idle)
        #expect(lastChildRole() != ATK_ROLE_PUSH_BUTTON, "an accessible footer with no footer")
        // The same list in auto mode has its footer (what the check above would see).
        h.view.footerMode = .auto
        EventSynthesis.tapKey(area, keyval: UInt32(GDK_KEY_End))
        clock.now += 0.5
        h.view.tick()
        MainLoop.drain()
        #expect(h.loads == 1)
        #expect(lastChildRole() == ATK_ROLE_PUSH_BUTTON)
    }

    @Test("No handlers: a refresh ends at once as a success, a load ends as 'no more items'")
    func missingHandlers() throws {
        try #require(MainLoop.initializeGtk())
        let rows = GtkHarness.Rows(300)
        let view = RefreshView(source: rows)
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(gcast(window), 400, 600)
        gtk_container_add(gcast(window), view.widget)
        gtk_widget_show_all(window)
        defer {
            gtk_widget_destroy(window)
            MainLoop.drain()
        }
        try #require(MainLoop.run(until: { view.list.hasDrawnFirstFrame }))
        var phases: [HeaderPhase] = []
        view.onHeaderPhase = { phase, _ in phases.append(phase) }
        view.beginRefreshing()
        #expect(MainLoop.run(until: { view.headerPhase == .idle && phases.contains(.finishing) }),
                "the refresh never ended: \(phases)")
        #expect(phases == [.refreshing, .finishing, .idle])
        #expect(view.state.lastUpdated != nil, "it ended as a success")
        view.loadMore()
        #expect(view.footerPhase == .noMoreData, "the load did not end: \(view.footerPhase)")
    }
}
