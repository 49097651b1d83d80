import RefreshDemo
import RefreshTestSupport
import CGtk
import Foundation
import RefreshCore
import RefreshGtk
import Testing

/// The reliability points where GTK is involved (the core's side is in RefreshCoreTests/
/// ReliabilityTests.swift): a real window under Xvfb, synthesized input, waits on conditions
/// (deadlines are failsafes only). Synchronous tests, so suites never interleave on the main actor.
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct ReliabilityGtkTests {
    // MARK: 1. Release at the trigger line ±0.5 px, every frame

    /// Pointer positions are whole pixels: 143, 144 and 145 px of drag past the slop display as
    /// p ≈ 69.53, 69.96 and 70.39 on the 600 px viewport, all within half a pixel of the line.
    @Test(arguments: [143.0, 144.0, 145.0])
    func dragReleasedAtTheTriggerLineMovesOneWayEveryFrame(raw: Double) throws {
        let h = try GtkHarness()
        defer { h.close() }
        let area = h.view.list.area
        // Press, move exactly the slop (swallowed: no pull yet), then pull by exactly `raw` in
        // small steps.
        let pastSlop = 40 + Tuning.dragSlop
        EventSynthesis.button(area, press: true, x: 100, y: 40)
        EventSynthesis.motion(area, x: 100, y: pastSlop, state: EventSynthesis.button1Mask)
        #expect(h.view.pull == 0, "the slop is swallowed")
        for i in 1...12 {
            EventSynthesis.motion(area, x: 100, y: pastSlop + (raw * Double(i) / 12).rounded(),
                                  state: EventSynthesis.button1Mask)
        }
        let p = h.view.pull
        #expect(abs(p - RubberBand(dimension: h.view.state.viewportHeight).displayed(raw: raw)) < 1e-9)
        #expect(abs(p - Tuning.triggerPull) <= 0.5, "pull \(p) is not within half a pixel of the line")
        let armed = p >= Tuning.triggerPull
        #expect(h.view.headerPhase == (armed ? .armed : .pulling))
        let frames = FrameSampler(area) { h.view.list.displacement }
        EventSynthesis.button(area, press: false, x: 100, y: pastSlop + raw)
        let rest = armed ? h.view.headerStyle.heldHeight : 0
        #expect(MainLoop.run(until: {
            h.view.pull == rest && frames.samples.count > 3 && (armed ? h.refreshes == 1 : !h.view.state.needsTicks)
        }))
        frames.stop()
        // The last sample is the one the list shows now, at rest (the sampler's tick may run
        // before the view's in the final frame).
        let samples = [p] + frames.samples + [h.view.list.displacement]
        #expect(settlesOneWay(samples, to: rest), "displacement did not settle one way to \(rest): \(samples)")
        #expect(samples.count > 5, "the settle was not sampled frame by frame")
        #expect(h.refreshes == (armed ? 1 : 0))
        #expect(h.loads == 0)
        #expect(h.headerTrace.filter { $0 == .armed }.count == (armed ? 1 : 0), "\(h.headerTrace)")
    }

    // MARK: 2. The rest offset is derived

    @Test func windowResizedAndRowsAddedDuringARefreshEndAtRest() throws {
        let h = try GtkHarness(rows: 300)
        defer { h.close() }
        h.view.beginRefreshing()
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
        h.resize(height: 350)
        h.rows.rowCount += 40  // rows appended elsewhere
        h.view.reloadData()
        h.resize(height: 760)
        #expect(h.view.pull == h.view.headerStyle.heldHeight)
        h.rows.rowCount += 5
        h.view.endRefreshing(ok: true, insertedAtTop: 5)
        #expect(MainLoop.run(until: { h.view.headerPhase == .idle && !h.view.state.needsTicks }))
        h.expectRest()
        #expect(h.view.state.offset == 0)
        #expect(h.view.list.rowCount == 345)
    }

    @Test func rowsRemovedAndWindowResizedWhileScrolledDuringARefreshEndAtRest() throws {
        let h = try GtkHarness(rows: 300)
        defer { h.close() }
        h.view.beginRefreshing()
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
        h.view.list.offset = 9000  // the scrollbar, during the refresh
        MainLoop.drain()
        #expect(h.view.state.offset > 8000)
        h.resize(height: 420)
        h.rows.rowCount = 40
        h.view.reloadData()
        h.view.endRefreshing(ok: false)
        #expect(MainLoop.run(until: { h.view.headerPhase == .idle && !h.view.state.needsTicks }))
        h.expectRest()
        #expect(h.view.state.offset == h.view.state.maxOffset, "the stale offset was kept")
    }

    // MARK: 3. Load-more exactly once per approach

    /// The page arrives in the same frame (answered from inside onLoadMore); the wheel gesture
    /// goes on through the new rows to the new bottom: one load, then one per new gesture.
    @Test(arguments: [20, 0])
    func sameFrameAnswersFireOncePerApproach(pageRows: Int) throws {
        let h = try GtkHarness(rows: 40)
        defer { h.close() }
        var loads = 0
        h.view.onLoadMore = { [unowned h] in
            loads += 1
            h.rows.rowCount += pageRows
            h.view.endLoading(ok: true, added: pageRows, exhausted: false)
        }
        let area = h.view.list.area
        for _ in 0..<60 { EventSynthesis.scroll(area, x: 100, y: 100, .down); MainLoop.drain() }
        #expect(loads == 1)
        #expect(h.view.state.offset == h.view.state.maxOffset)
        #expect(h.view.footerPhase == .idle)
        // Released by the quiet period, then a quiet second: nothing fires by itself.
        #expect(MainLoop.run(until: { !h.view.state.isGestureActive && !h.view.state.needsTicks }))
        #expect(loads == 1)
        // A new gesture at the bottom: exactly one more.
        for _ in 0..<8 { EventSynthesis.scroll(area, x: 100, y: 100, .down); MainLoop.drain() }
        #expect(loads == 2)
        #expect(MainLoop.run(until: { !h.view.state.isGestureActive && !h.view.state.needsTicks }))
        #expect(loads == 2)
    }

    /// A mouse drag that keeps holding at the bottom for a second, the page arriving meanwhile.
    @Test func holdingAtTheBottomFiresOnce() throws {
        let h = try GtkHarness(rows: 60)
        defer { h.close() }
        let area = h.view.list.area
        h.view.list.offset = h.view.list.maxOffset - 150
        MainLoop.drain()
        #expect(h.loads == 0)
        EventSynthesis.button(area, press: true, x: 100, y: 500)
        var y = 500.0
        let end = g_get_monotonic_time() + 1_200_000
        var answered = false
        while g_get_monotonic_time() < end {
            y -= 6
            EventSynthesis.motion(area, x: 100, y: y, state: EventSynthesis.button1Mask)
            MainLoop.run(for: 1.0 / 60)
            if h.loads == 1, !answered {
                h.rows.rowCount += 10
                h.view.endLoading(ok: true, added: 10, exhausted: false)
                answered = true
            }
        }
        #expect(answered)
        #expect(h.loads == 1)
        EventSynthesis.button(area, press: false, x: 100, y: y)
        #expect(MainLoop.run(until: { !h.view.state.needsTicks }))
        #expect(h.loads == 1)
        h.expectRest()
    }

    // MARK: 4. Short lists

    @Test(arguments: FooterMode.allCases)
    func shortListNeverLoadsByItselfAndRefreshesOnly(mode: FooterMode) throws {
        let h = try GtkHarness(rows: 4)
        defer { h.close() }
        h.view.footerMode = mode
        let area = h.view.list.area
        for _ in 0..<6 { EventSynthesis.scroll(area, x: 100, y: 100, .down) }
        #expect(MainLoop.run(until: { !h.view.state.isGestureActive && !h.view.state.needsTicks }))
        EventSynthesis.drag(area, from: (100, 500), to: (100, 100), steps: 20)
        #expect(MainLoop.run(until: { !h.view.state.needsTicks }))
        EventSynthesis.tapKey(area, keyval: UInt32(GDK_KEY_End))
        EventSynthesis.tapKey(area, keyval: UInt32(GDK_KEY_Page_Down))
        #expect(MainLoop.run(until: { !h.view.state.needsTicks }))
        EventSynthesis.drag(area, from: (100, 100), to: (100, 130), steps: 6)  // a small pull down
        #expect(MainLoop.run(until: { !h.view.state.needsTicks }))
        #expect(h.loads == 0)
        #expect(h.refreshes == 0)
        EventSynthesis.drag(area, from: (100, 50), to: (100, 400), steps: 20)
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
        h.rows.rowCount += 2
        h.view.endRefreshing(ok: true, insertedAtTop: 2)
        #expect(MainLoop.run(until: { h.view.headerPhase == .idle && !h.view.state.needsTicks }))
        #expect(h.loads == 0)
        #expect(h.refreshes == 1)
        #expect(!h.footerTrace.contains(.loading) && !h.footerTrace.contains(.armed))
        h.expectRest()
    }

    // MARK: 5. Begin/end races

    @Test func endBeforeTheRevealFinishedRunsNoAction() throws {
        let h = try GtkHarness()
        defer { h.close() }
        h.view.beginRefreshing()
        #expect(MainLoop.run(until: { h.view.pull > 5 }))
        h.view.endRefreshing(ok: true)
        #expect(MainLoop.run(until: { h.view.headerPhase == .idle && !h.view.state.needsTicks }))
        #expect(h.refreshes == 0)
        h.expectRest()
    }

    @Test func endThenBeginInTheSameFrameRunsOneMoreAction() throws {
        let h = try GtkHarness()
        defer { h.close() }
        h.view.beginRefreshing()
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
        h.view.endRefreshing(ok: true)
        h.view.beginRefreshing()
        h.view.beginRefreshing()  // twice: a no-op
        #expect(MainLoop.run(until: { h.refreshes == 2 && h.view.pull == h.view.headerStyle.heldHeight }))
        #expect(h.view.headerPhase == .refreshing)
        h.view.endRefreshing(ok: true)
        h.view.endRefreshing(ok: false)  // twice: a no-op
        #expect(MainLoop.run(until: { h.view.headerPhase == .idle && !h.view.state.needsTicks }))
        #expect(h.refreshes == 2)
        #expect(!h.headerTrace.contains(.failed))
        h.expectRest()
    }

    /// The app answers from inside onRefresh (data in the same frame), and begins again from
    /// the finishing state: every handler runs once per request.
    @Test func answersFromInsideTheHandlerNeverRunItTwice() throws {
        let h = try GtkHarness()
        defer { h.close() }
        var calls = 0
        h.view.onRefresh = { [unowned h] in
            calls += 1
            h.rows.rowCount += 1
            h.view.endRefreshing(ok: true, insertedAtTop: 1)
            if calls < 3 { h.view.beginRefreshing() }  // begin while finishing, from the handler
        }
        h.view.beginRefreshing()
        #expect(MainLoop.run(until: { calls == 3 && h.view.headerPhase == .idle && !h.view.state.needsTicks }))
        #expect(calls == 3)
        #expect(h.rows.rowCount == 303)
        h.expectRest()
    }

    // MARK: 6. Ends while idle

    @Test func endsWhileIdleChangeNothing() throws {
        let h = try GtkHarness(rows: 100)
        defer { h.close() }
        h.view.list.offset = 777
        MainLoop.drain()
        #expect(MainLoop.run(until: { !h.view.state.needsTicks }))
        let before = h.observed
        let counters = InteropCounters.snapshot
        h.view.endRefreshing(ok: true, insertedAtTop: 10)
        h.view.endRefreshing(ok: false)
        h.view.endLoading(ok: true, added: 20, exhausted: true)
        h.view.endLoading(ok: false, added: 0, exhausted: false)
        MainLoop.drain()
        #expect(h.observed == before)
        #expect(InteropCounters.snapshot == counters, "an idle end scheduled something")
        #expect(h.headerTrace.isEmpty && h.footerTrace.isEmpty)
    }
}

// MARK: - 8. Data-source failures, through the demo's SimulatedFeed

@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct ReliabilityFeedTests {
    @Test func failedRefreshKeepsEveryRowShowsFailedAndRetrySucceeds() throws {
        let h = try FeedHarness(outcomes: [false, true])
        defer { h.close() }
        h.view.list.offset = 300
        MainLoop.drain()
        let before = h.rowsSnapshot
        h.view.beginRefreshing()
        #expect(MainLoop.run(until: { h.view.headerPhase == .failed }))
        #expect(h.results.count == 1 && h.results.first?.ok == false && h.results.first?.added == 0)
        #expect(h.rowsSnapshot == before, "a failed refresh changed the rows")
        #expect(MainLoop.run(until: { h.view.headerPhase == .idle && !h.view.state.needsTicks }))
        #expect(h.rowsSnapshot == before)
        #expect(h.view.state.lastUpdated == nil)
        h.expectRest()
        // Retry: succeeds, rows prepended.
        h.view.beginRefreshing()
        #expect(MainLoop.run(until: { h.results.count == 2 && h.view.headerPhase == .idle && !h.view.state.needsTicks }))
        let added = try #require(h.results.last).added
        #expect(h.results.last?.ok == true && added >= 1)
        #expect(h.rows.rowCount == before.count + added)
        #expect(h.view.state.lastUpdated != nil)
        #expect(h.refreshes == 2)
    }

    @Test func failedLoadKeepsEveryRowShowsFailedAndRetrySucceeds() throws {
        let h = try FeedHarness(outcomes: [false, true])
        defer { h.close() }
        let before = h.rowsSnapshot
        EventSynthesis.tapKey(h.view.list.area, keyval: UInt32(GDK_KEY_End))
        #expect(MainLoop.run(until: { h.view.footerPhase == .failed && !h.view.state.needsTicks }))
        #expect(h.loads == 1)
        #expect(h.rowsSnapshot == before, "a failed load changed the rows")
        // Retry with Enter on the footer (as a click would).
        EventSynthesis.tapKey(h.view.list.area, keyval: UInt32(GDK_KEY_Return))
        #expect(MainLoop.run(until: { h.results.count == 2 && h.view.footerPhase == .idle }))
        #expect(h.loads == 2)
        #expect(h.rows.rowCount == before.count + h.feed.pageSize)
        #expect(h.footerTrace.contains(.failed))
    }

    @Test func refreshAfterNoMoreDataMakesLoadingPossibleAgain() throws {
        let h = try FeedHarness(pages: 1)
        defer { h.close() }
        let area = h.view.list.area
        EventSynthesis.tapKey(area, keyval: UInt32(GDK_KEY_End))
        #expect(MainLoop.run(until: { h.view.footerPhase == .noMoreData }))
        #expect(h.loads == 1)
        // At the bottom, new gestures: the exhausted source is not asked again.
        #expect(MainLoop.run(until: { !h.view.state.needsTicks }))
        EventSynthesis.tapKey(area, keyval: UInt32(GDK_KEY_End))
        for _ in 0..<5 { EventSynthesis.scroll(area, x: 100, y: 100, .down) }
        #expect(MainLoop.run(until: { !h.view.state.isGestureActive && !h.view.state.needsTicks }))
        #expect(h.loads == 1)
        h.view.beginRefreshing()
        #expect(MainLoop.run(until: { h.view.headerPhase == .idle && h.results.count == 2 && !h.view.state.needsTicks }))
        #expect(h.view.footerPhase == .idle)
        // The refresh ran where the list was, at the bottom: a notch down there loads again.
        EventSynthesis.scroll(area, x: 100, y: 100, .down)
        #expect(MainLoop.run(until: { h.loads == 2 && h.view.footerPhase == .noMoreData }))
    }

    /// `--fail-rate`-style injection: the seeded generator fails about half the answers; every
    /// failure leaves the rows exactly as they were, every success changes them.
    @Test func seededFailuresNeverTouchTheRows() throws {
        let h = try FeedHarness(failRate: 0.5, seed: 7, pages: 100)
        defer { h.close() }
        let area = h.view.list.area
        for cycle in 0..<10 {
            let before = h.rowsSnapshot
            let count = h.results.count
            if cycle.isMultiple(of: 2) {
                EventSynthesis.tapKey(area, keyval: UInt32(GDK_KEY_Home))
                #expect(MainLoop.run(until: { !h.view.state.needsTicks }))
                h.view.beginRefreshing()
                #expect(MainLoop.run(until: { h.results.count == count + 1 && h.view.headerPhase == .idle
                    && !h.view.state.needsTicks }, timeout: 15))
            } else {
                if h.view.footerPhase == .failed {
                    h.view.loadMore()
                } else {
                    EventSynthesis.tapKey(area, keyval: UInt32(GDK_KEY_End))
                }
                #expect(MainLoop.run(until: { h.results.count == count + 1 && h.view.footerPhase != .loading
                    && !h.view.state.needsTicks }, timeout: 15))
            }
            let result = try #require(h.results.last)
            if result.ok {
                #expect(h.rows.rowCount == before.count + result.added)
            } else {
                #expect(h.rowsSnapshot == before, "cycle \(cycle): a failure changed the rows")
            }
            h.expectRest()
        }
        #expect(h.results.contains { !$0.ok } && h.results.contains { $0.ok }, "\(h.results)")
    }
}

// MARK: - Support

/// Samples a value on every frame of the widget's frame clock until stopped.
@MainActor
final class FrameSampler {
    private(set) var samples: [Double] = []
    private var tick: TickCallback?

    init(_ widget: UnsafeMutablePointer<GtkWidget>, _ value: @escaping @MainActor () -> Double) {
        tick = TickCallback(widget) { [weak self] _ in
            self?.samples.append(value())
            return self != nil
        }
    }

    func stop() {
        tick?.remove()
        tick = nil
    }
}

/// True when the samples go from where they start to `rest` one way only (every frame-to-frame
/// step towards `rest`: no jitter, no back and forth) and end exactly at `rest`. Samples that
/// never move pass only when they start at rest: a pull stuck on screen does not "move one way".
func settlesOneWay(_ samples: [Double], to rest: Double) -> Bool {
    guard let first = samples.first, samples.last == rest else { return false }
    let moved = zip(samples.dropFirst(), samples).map { $0 - $1 }.filter { abs($0) > 1e-9 }
    if first == rest { return moved.isEmpty }
    return first < rest ? moved.allSatisfy { $0 > 0 } : moved.allSatisfy { $0 < 0 }
}

/// What the user sees, as far as the tests compare it.
struct ViewObserved: Equatable {
    var offset, listOffset, pull, push, displacement, rowsHeight, maxOffset: Double
    var header: HeaderPhase
    var footer: FooterPhase
    var rowCount: Int
}

extension GtkHarness {
    var observed: ViewObserved {
        ViewObserved(offset: view.state.offset, listOffset: view.list.offset, pull: view.pull, push: view.push,
                     displacement: view.list.displacement, rowsHeight: view.state.rowsHeight,
                     maxOffset: view.state.maxOffset, header: view.headerPhase, footer: view.footerPhase,
                     rowCount: view.list.rowCount)
    }

    /// Resizes the toplevel and waits until the list saw the new height.
    func resize(height: Int32) {
        let before = view.state.viewportHeight
        gtk_window_resize(gcast(window), 400, height)
        #expect(MainLoop.run(until: { self.view.state.viewportHeight != before }), "the window was not resized")
    }

    /// The rest position (docs/behaviour.md#invariants), and GTK agreeing with the engine about it.
    func expectRest(sourceLocation: SourceLocation = #_sourceLocation) {
        view.expectRest(sourceLocation: sourceLocation)
    }
}

extension RefreshView {
    func expectRest(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(pull == 0 && push == 0, "pull \(pull) push \(push)", sourceLocation: sourceLocation)
        #expect(list.displacement == 0, sourceLocation: sourceLocation)
        #expect(abs(list.offset - state.offset) < 0.001, "list \(list.offset) engine \(state.offset)",
                sourceLocation: sourceLocation)
        #expect(state.offset >= 0 && state.offset <= state.maxOffset, sourceLocation: sourceLocation)
        #expect(abs(list.maxOffset - state.maxOffset) < 0.001, sourceLocation: sourceLocation)
        #expect(abs(list.rowsHeight - state.rowsHeight) < 0.001, sourceLocation: sourceLocation)
        #expect(list.viewportHeight == state.viewportHeight, sourceLocation: sourceLocation)
    }
}

/// A window with a RefreshView over the demo's rows and SimulatedFeed, wired as DemoApp wires
/// them; outcomes can be forced (`outcomes`) or drawn from the seeded generator (`failRate`).
@MainActor
final class FeedHarness {
    struct RowsSnapshot: Equatable {
        let count: Int
        let newestID: Int
        let titles: [String]
    }

    let window: UnsafeMutablePointer<GtkWidget>
    let rows: DemoRows
    let feed: SimulatedFeed
    let view: RefreshView
    private(set) var refreshes = 0
    private(set) var loads = 0
    private(set) var results: [SimulatedFeed.Result] = []
    private(set) var footerTrace: [FooterPhase] = []
    private var closed = false

    init(rows count: Int = 60, outcomes: [Bool] = [], failRate: Double = 0, seed: UInt64 = 1, pages: Int = 5,
         latency: Double = 0.02) throws {
        try #require(MainLoop.initializeGtk())
        rows = DemoRows(count: count, reserve: pages * 20)
        feed = SimulatedFeed(rows: rows, latency: latency, failRate: failRate, pageSize: 20, pages: pages, seed: seed)
        feed.scriptedOutcomes = outcomes
        view = RefreshView(source: rows)
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_default_size(gcast(window), 400, 600)
        gtk_container_add(gcast(window), view.widget)
        view.onRefresh = { [unowned self] in
            refreshes += 1
            feed.refresh { [weak self] result in
                guard let self else { return }
                results.append(result)
                view.endRefreshing(ok: result.ok, insertedAtTop: result.added)
            }
        }
        view.onLoadMore = { [unowned self] in
            loads += 1
            feed.loadMore { [weak self] result in
                guard let self else { return }
                results.append(result)
                view.endLoading(ok: result.ok, added: result.added, exhausted: result.exhausted)
            }
        }
        view.onFooterPhase = { [unowned self] phase in footerTrace.append(phase) }
        gtk_widget_show_all(window)
        gtk_widget_grab_focus(view.list.area)
        let drawn = MainLoop.run(until: { self.view.list.hasDrawnFirstFrame })
        try #require(drawn, "the window never drew its first frame")
    }

    /// Every row's title, the count and the ids: "every row exactly as it was".
    var rowsSnapshot: RowsSnapshot {
        RowsSnapshot(count: rows.rowCount, newestID: rows.newestID,
                     titles: (0..<rows.rowCount).map { rows.row(at: $0).title + rows.row(at: $0).subtitle })
    }

    func expectRest(sourceLocation: SourceLocation = #_sourceLocation) {
        view.expectRest(sourceLocation: sourceLocation)
    }

    func close() {
        guard !closed else { return }
        closed = true
        feed.cancel()
        gtk_widget_destroy(window)
        MainLoop.drain()
    }
}
