import RefreshDemo
import CGtk
import RefreshCore
import RefreshGtk
import RefreshMainLoop
import RefreshTestSupport
import XCTest

/// `refreshAction` and `loadMoreAction` in a real window under the GLib main loop, the main
/// queue serviced by GtkMainQueue (installed by the first view). XCTest for the reason given in
/// MainQueueTests: its methods run on the main thread, as an app under gtk_main does.
/// Closures wait on a `Gate` the test opens, so every step is a condition, not a delay.
final class AsyncHandlerTests: XCTestCase {
    /// A suspension point the test releases: the closure awaits `pass()`, the test calls `open()`.
    @MainActor final class Gate {
        private var waiter: CheckedContinuation<Void, Never>?
        private var isOpen = false
        private(set) var isWaiting = false

        func pass() async {
            if isOpen { return }
            isWaiting = true
            await withCheckedContinuation { waiter = $0 }
            isWaiting = false
        }

        func open() {
            isOpen = true
            waiter?.resume()
            waiter = nil
        }
    }

    /// What a closure saw, read by the test after the fact.
    @MainActor final class Record {
        var calls = 0
        var finished = 0
        var sawCancellation = false
    }

    struct Offline: Error {}

    /// The answers a load-more closure gives, first first.
    @MainActor final class Outcomes {
        var list: [Result<Int, Offline>]
        init(_ list: [Result<Int, Offline>]) { self.list = list }
    }

    override func setUpWithError() throws {
        try MainActor.assumeIsolated {
            try Prerequisite.check(.display)
            try Prerequisite.require(MainLoop.initializeGtk(), "GTK cannot open the display")
            GtkMainQueue.install()
        }
    }

    /// The header opens, the closure runs and stays suspended: the header holds. The closure
    /// returns 3 (rows it prepended): the refresh ends with them, once.
    func testAnAsyncRefreshHoldsTheHeaderUntilTheClosureReturns() throws {
        try MainActor.assumeIsolated {
            let h = try GtkHarness(rows: 100)
            defer { h.close() }
            let gate = Gate(), record = Record()
            h.view.refreshAction = { [unowned h] in
                record.calls += 1
                await gate.pass()
                h.rows.rowCount += 3
                record.finished += 1
                return 3
            }
            h.view.beginRefreshing()
            XCTAssertTrue(MainLoop.run(until: { gate.isWaiting }), "the closure never ran")
            XCTAssertEqual(h.refreshes, 0, "onRefresh ran beside refreshAction")
            // Suspended for a while (frames, spinner ticks): the header holds.
            MainLoop.run(for: 0.3)
            XCTAssertEqual(h.view.headerPhase, .refreshing)
            XCTAssertEqual(h.view.list.rowCount, 100)
            // A second refresh cannot start while this one runs: from code or from the key.
            h.view.beginRefreshing()
            EventSynthesis.tapKey(h.view.list.area, keyval: UInt32(GDK_KEY_F5))
            MainLoop.drain()
            XCTAssertEqual(record.calls, 1)

            gate.open()
            XCTAssertTrue(MainLoop.run(until: { h.view.headerPhase != .refreshing }))
            XCTAssertEqual(record.finished, 1)
            XCTAssertTrue([.finishing, .idle].contains(h.view.headerPhase), "\(h.view.headerPhase)")
            XCTAssertTrue(MainLoop.run(until: { h.view.headerPhase == .idle && !h.view.state.needsTicks }))
            XCTAssertEqual(h.view.list.rowCount, 103)
            XCTAssertEqual(h.headerTrace.filter { $0 == .refreshing }.count, 1)
            XCTAssertFalse(h.headerTrace.contains(.failed))
            XCTAssertEqual(record.calls, 1)
            XCTAssertTrue(MainLoop.run(until: { AsyncActions.liveTasks == 0 }))
        }
    }

    /// A throwing refresh ends in the failed state with every row kept, then settles to idle.
    func testAThrowingRefreshEndsFailedAndKeepsEveryRow() throws {
        try MainActor.assumeIsolated {
            let h = try GtkHarness(rows: 80)
            defer { h.close() }
            let gate = Gate()
            h.view.refreshAction = {
                await gate.pass()
                throw Offline()
            }
            let titles = (0..<80).map { h.rows.row(at: $0).title }
            h.view.beginRefreshing()
            XCTAssertTrue(MainLoop.run(until: { gate.isWaiting }))
            XCTAssertEqual(h.view.headerPhase, .refreshing)
            gate.open()
            XCTAssertTrue(MainLoop.run(until: { h.view.headerPhase == .failed }), "\(h.headerTrace)")
            XCTAssertEqual(h.view.list.rowCount, 80)
            XCTAssertEqual((0..<80).map { h.rows.row(at: $0).title }, titles)
            XCTAssertTrue(MainLoop.run(until: { h.view.headerPhase == .idle && !h.view.state.needsTicks }))
            h.view.expectRestForXCTest()
        }
    }

    /// Load-more: the footer shows "Loading…" while the closure runs; returning a page appends
    /// it; a later throw ends failed with every row kept; "exhausted" shows no more data.
    func testAsyncLoadMoreAppendsFailsAndExhausts() throws {
        try MainActor.assumeIsolated {
            let h = try GtkHarness(rows: 40)
            defer { h.close() }
            let outcomes = Outcomes([.success(20), .failure(Offline()), .success(5)])
            let gate = Gate(), record = Record()
            h.view.loadMoreAction = { [unowned h] in
                record.calls += 1
                await gate.pass()
                let added = try outcomes.list.removeFirst().get()
                h.rows.rowCount += added
                return (added: added, exhausted: outcomes.list.isEmpty)
            }
            let area = h.view.list.area
            @MainActor func load(_ expected: FooterPhase) {
                gate.open()  // answered at once from here on, but still through the task
                EventSynthesis.tapKey(area, keyval: UInt32(GDK_KEY_End))
                XCTAssertTrue(MainLoop.run(until: { h.view.footerPhase == expected }), "\(h.footerTrace)")
            }
            // First load held by the gate: loading while the closure is suspended.
            EventSynthesis.tapKey(area, keyval: UInt32(GDK_KEY_End))
            XCTAssertTrue(MainLoop.run(until: { gate.isWaiting }))
            XCTAssertEqual(h.view.footerPhase, .loading)
            XCTAssertEqual(h.loads, 0, "onLoadMore ran beside loadMoreAction")
            gate.open()
            XCTAssertTrue(MainLoop.run(until: { h.view.footerPhase == .idle }), "\(h.footerTrace)")
            XCTAssertEqual(h.view.list.rowCount, 60)
            // Second: throws.
            load(.failed)
            XCTAssertEqual(h.view.list.rowCount, 60)
            // Retry (the footer's own action): 5 rows, exhausted.
            h.view.loadMore()
            XCTAssertTrue(MainLoop.run(until: { h.view.footerPhase == .noMoreData }), "\(h.footerTrace)")
            XCTAssertEqual(h.view.list.rowCount, 65)
            XCTAssertEqual(record.calls, 3)
        }
    }

    /// Destroying the widget (or its window) mid-refresh cancels the task: the closure sees
    /// `Task.isCancelled` and its `Task.sleep` throws; nothing runs afterwards and every GLib
    /// source, tick callback, signal closure and task is gone.
    func testDestroyingMidRefreshCancelsTheTaskAndLeavesNothing() throws {
        for destroyWindow in [false, true] {
            try MainActor.assumeIsolated {
                MainLoop.drain()
                let before = InteropCounters.snapshot
                let tasksBefore = AsyncActions.liveTasks
                let h = try GtkHarness(rows: 100)
                defer { h.close() }
                let record = Record()
                h.view.refreshAction = { [unowned h] in
                    record.calls += 1
                    do {
                        try await Task.sleep(nanoseconds: 60_000_000_000)
                    } catch {
                        record.sawCancellation = Task.isCancelled
                        throw error
                    }
                    h.rows.rowCount += 1
                    record.finished += 1
                    return 1
                }
                h.view.beginRefreshing()
                XCTAssertTrue(MainLoop.run(until: { record.calls == 1 }))
                XCTAssertEqual(AsyncActions.liveTasks, tasksBefore + 1)
                let trace = (h.headerTrace, h.footerTrace)

                if destroyWindow { h.close() } else { gtk_widget_destroy(h.view.widget) }
                XCTAssertTrue(MainLoop.run(until: { record.sawCancellation }, timeout: 5), "not cancelled")
                XCTAssertTrue(MainLoop.run(until: { AsyncActions.liveTasks == tasksBefore }))
                XCTAssertTrue(h.view.isDestroyed)
                XCTAssertNil(h.view.refreshAction, "teardown kept the closure (and what it holds)")
                MainLoop.run(for: Tuning.failureHold + 0.2)
                XCTAssertEqual(record.finished, 0)
                XCTAssertEqual(h.rows.rowCount, 100, "the closure went on after the sleep")
                XCTAssertEqual(h.headerTrace, trace.0, "a phase changed after teardown")
                XCTAssertEqual(h.footerTrace, trace.1)
                h.close()
                XCTAssertEqual(InteropCounters.snapshot, before, "left alive: \(InteropCounters.snapshot)")
            }
        }
    }

    /// A closure that ignores cancellation and returns after the widget went away: its result
    /// is ignored (no end, no phase), and the task still finishes.
    func testALateResultAfterTeardownIsIgnored() throws {
        try MainActor.assumeIsolated {
            let h = try GtkHarness(rows: 30)
            defer { h.close() }
            let gate = Gate(), record = Record()
            h.view.refreshAction = {
                await gate.pass()
                record.sawCancellation = Task.isCancelled
                record.finished += 1
                return 7
            }
            h.view.beginRefreshing()
            XCTAssertTrue(MainLoop.run(until: { gate.isWaiting }))
            let trace = h.headerTrace
            h.close()
            gate.open()
            XCTAssertTrue(MainLoop.run(until: { record.finished == 1 }))
            XCTAssertTrue(record.sawCancellation)
            XCTAssertTrue(MainLoop.run(until: { AsyncActions.liveTasks == 0 }))
            XCTAssertEqual(h.headerTrace, trace)
        }
    }

    /// Quitting mid-refresh (README's quit pattern): the window is destroyed and the main loop
    /// is no longer run, so the cancelled task's `defer` waits on the main queue until
    /// `GtkMainQueue.finishPendingActions()` services it — installed or, after `uninstall()`,
    /// only for the call. The refresh-example process test checks the same through the app.
    func testFinishPendingActionsLetsACancelledRefreshUnwind() throws {
        for uninstalled in [false, true] {
            try MainActor.assumeIsolated {
                MainLoop.drain()
                let tasksBefore = AsyncActions.liveTasks
                let h = try GtkHarness(rows: 50)
                defer { h.close() }
                let record = Record()
                h.view.refreshAction = {
                    record.calls += 1
                    defer { record.finished += 1 }
                    try await Task.sleep(nanoseconds: 60_000_000_000)
                    return 1
                }
                h.view.beginRefreshing()
                XCTAssertTrue(MainLoop.run(until: { record.calls == 1 }))
                if uninstalled { GtkMainQueue.uninstall() }
                gtk_widget_destroy(h.view.widget)  // as closing the window does
                GtkMainQueue.finishPendingActions(timeout: 5)
                XCTAssertEqual(record.finished, 1, "the defer did not run")
                XCTAssertEqual(AsyncActions.liveTasks, tasksBefore)
                XCTAssertEqual(GtkMainQueue.isInstalled, !uninstalled, "the call left the queue's source changed")
                GtkMainQueue.install()
            }
        }
    }

    /// A task that ignores cancellation is left behind after the timeout.
    func testFinishPendingActionsGivesUpAfterItsTimeout() throws {
        try MainActor.assumeIsolated {
            MainLoop.drain()
            let tasksBefore = AsyncActions.liveTasks
            let h = try GtkHarness(rows: 50)
            defer { h.close() }
            let gate = Gate()
            h.view.refreshAction = {
                await gate.pass()
                return 0
            }
            h.view.beginRefreshing()
            XCTAssertTrue(MainLoop.run(until: { gate.isWaiting }))
            gtk_widget_destroy(h.view.widget)
            let start = g_get_monotonic_time()
            GtkMainQueue.finishPendingActions(timeout: 0.2)
            XCTAssertEqual(AsyncActions.liveTasks, tasksBefore + 1)
            let waited = Double(g_get_monotonic_time() - start) / 1e6
            XCTAssertGreaterThanOrEqual(waited, 0.19)
            XCTAssertLessThan(waited, 2, "it waited far past its timeout")
            gate.open()
            GtkMainQueue.finishPendingActions(timeout: 5)
            XCTAssertEqual(AsyncActions.liveTasks, tasksBefore)
        }
    }
}

extension RefreshView {
    /// The engine at rest with GTK in sync (the swift-testing `expectRest` for XCTest).
    @MainActor
    func expectRestForXCTest(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(headerPhase, .idle, file: file, line: line)
        XCTAssertEqual(pull, 0, file: file, line: line)
        XCTAssertEqual(list.displacement, 0, file: file, line: line)
        XCTAssertEqual(list.rowsHeight, state.rowsHeight, accuracy: 0.001, file: file, line: line)
    }
}
