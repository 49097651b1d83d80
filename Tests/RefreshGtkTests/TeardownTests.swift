import RefreshDemo
import RefreshTestSupport
import CGtk
import Foundation
import RefreshCore
import RefreshGtk
import Testing

/// Reliability point 7: destroying the widget or its window in every state leaves no GLib
/// source, tick callback or signal closure alive (InteropCounters) and runs no handler
/// afterwards. A GLib critical fails them twice over: scripts/test.sh runs everything with
/// G_DEBUG=fatal-criticals (and Swift's backtracer off, which would otherwise resume after
/// GLib's breakpoint trap), and every test here also counts criticals in-process.
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct TeardownTests {
    enum State: String, CaseIterable, Sendable {
        case pulling, armed, settling, refreshing, finishing, loading, failed, loadFailed
    }

    enum Target: String, CaseIterable, Sendable {
        case widget, window
    }

    init() {
        GLibCriticals.install()
    }

    /// Drives a fresh window into `state`.
    static func drive(_ h: GtkHarness, into state: State) {
        let area = h.view.list.area
        let held = EventSynthesis.button1Mask
        switch state {
        case .pulling, .armed:
            EventSynthesis.button(area, press: true, x: 100, y: 40)
            let to = state == .pulling ? 90.0 : 400.0
            for i in 1...12 { EventSynthesis.motion(area, x: 100, y: 40 + (to - 40) * Double(i) / 12, state: held) }
        case .settling:
            // Released while armed: the content settles to H; the action is still due.
            EventSynthesis.drag(area, from: (100, 40), to: (100, 400), steps: 12)
        case .refreshing, .finishing, .failed:
            h.view.beginRefreshing()
            #expect(MainLoop.run(until: { h.refreshes == 1 }))
            if state == .finishing { h.view.endRefreshing(ok: true) }
            if state == .failed { h.view.endRefreshing(ok: false) }
        case .loading, .loadFailed:
            EventSynthesis.tapKey(area, keyval: UInt32(GDK_KEY_End))
            #expect(MainLoop.run(until: { h.loads == 1 }))
            if state == .loadFailed { h.view.endLoading(ok: false, added: 0, exhausted: false) }
        }
        MainLoop.drain()
    }

    static func expected(_ state: State) -> (header: HeaderPhase, footer: FooterPhase) {
        switch state {
        case .pulling: return (.pulling, .idle)
        case .armed: return (.armed, .idle)
        case .settling, .refreshing: return (.refreshing, .idle)
        case .finishing: return (.finishing, .idle)
        case .failed: return (.failed, .idle)
        case .loading: return (.idle, .loading)
        case .loadFailed: return (.idle, .failed)
        }
    }

    @Test(arguments: State.allCases, Target.allCases)
    func destroyingLeavesNothingAliveAndRunsNoHandler(state: State, target: Target) throws {
        let criticals = GLibCriticals.count
        defer { #expect(GLibCriticals.count == criticals, "GLib criticals: \(GLibCriticals.last ?? "")") }
        MainLoop.drain()
        let before = InteropCounters.snapshot
        let h = try GtkHarness(rows: 120)
        defer { h.close() }
        Self.drive(h, into: state)
        let (header, footer) = Self.expected(state)
        #expect(h.view.headerPhase == header)
        #expect(h.view.footerPhase == footer)
        if state == .settling { #expect(h.refreshes == 0, "the action fired before the test could destroy") }
        #expect(InteropCounters.snapshot != before)
        #expect(InteropCounters.liveTickCallbacks > before.tickCallbacks || state == .loadFailed,
                "a state that animates has no tick callback to leak")
        let handled = (h.refreshes, h.loads, h.headerTrace, h.footerTrace)

        if target == .window { h.close() } else { gtk_widget_destroy(h.view.widget) }
        MainLoop.drain()
        #expect(h.view.isDestroyed)
        #expect(InteropCounters.snapshot == before, "left alive: \(InteropCounters.snapshot), before \(before)")

        // Calls after teardown are no-ops, then the time every pending transition needed (the
        // refresh action 0.3 s, the failure hold 1 s) passes: no handler runs.
        h.view.endRefreshing(ok: true, insertedAtTop: 3)
        h.view.endLoading(ok: true, added: 3, exhausted: false)
        h.view.beginRefreshing()
        h.view.loadMore()
        h.view.reloadData()
        MainLoop.run(for: Tuning.failureHold + 0.2)
        #expect(h.refreshes == handled.0 && h.loads == handled.1)
        #expect(h.headerTrace == handled.2 && h.footerTrace == handled.3)
        #expect(InteropCounters.snapshot == before)
    }

    /// The demo's source answers after the window closed (nobody cancelled it): the answer
    /// reaches a destroyed view, which ignores it; afterwards nothing is left.
    @Test(arguments: [false, true])
    func dataArrivingAfterTheWindowClosedIsIgnored(load: Bool) throws {
        let criticals = GLibCriticals.count
        defer { #expect(GLibCriticals.count == criticals, "GLib criticals: \(GLibCriticals.last ?? "")") }
        MainLoop.drain()
        let before = InteropCounters.snapshot
        let h = try FeedHarness(latency: 0.3)
        var phasesAfter = 0
        var closedYet = false
        h.view.onHeaderPhase = { _, _ in if closedYet { phasesAfter += 1 } }
        if load {
            EventSynthesis.tapKey(h.view.list.area, keyval: UInt32(GDK_KEY_End))
            #expect(MainLoop.run(until: { h.loads == 1 }))
        } else {
            h.view.beginRefreshing()
            #expect(MainLoop.run(until: { h.refreshes == 1 }))
        }
        #expect(h.feed.isBusy)
        let rowsBefore = h.rows.rowCount
        closedYet = true
        gtk_widget_destroy(h.window)  // not h.close(): the feed is not cancelled
        MainLoop.drain()
        #expect(h.view.isDestroyed)
        #expect(MainLoop.run(until: { !h.feed.isBusy }), "the answer never arrived")
        #expect(h.results.count == 1, "the answer was not delivered")
        #expect(h.rows.rowCount >= rowsBefore)
        #expect(h.refreshes + h.loads == 1)
        #expect(phasesAfter == 0)
        MainLoop.drain()
        #expect(InteropCounters.snapshot == before, "left alive: \(InteropCounters.snapshot), before \(before)")
    }

    /// The in-process check can fail: a deliberate critical (made non-fatal for the moment) is
    /// counted.
    @Test func theCriticalCounterSeesACritical() {
        let before = GLibCriticals.count
        let previous = g_log_set_always_fatal(GLogLevelFlags(rawValue: G_LOG_LEVEL_ERROR.rawValue))
        g_object_unref(nil)  // prints "GLib-GObject-CRITICAL ... assertion 'G_IS_OBJECT (object)' failed" on purpose
        g_log_set_always_fatal(previous)
        #expect(GLibCriticals.count == before + 1)
        #expect(GLibCriticals.last?.contains("G_IS_OBJECT") == true)
    }

    // MARK: - Criticals are fatal (checked in child processes)

    /// The mechanism itself: one GLib critical kills a run under G_DEBUG=fatal-criticals and not
    /// without it (this test binary again, as `CriticalChild`), and a short soak with teardown
    /// under it passes (no critical anywhere in it).
    @Test(.enabled { try Prerequisite.check(.built("refresh-soak")) })
    func aCriticalFailsARunUnderFatalCriticals() throws {
        // Swift's backtracer would catch GLib's breakpoint trap and resume (see scripts/test.sh).
        let quiet = ["SWIFT_BACKTRACE": "enable=no", "NO_AT_BRIDGE": "1"]
        let child = quiet.merging([CriticalChild.variable: "1"]) { $1 }
        let provoked = try BuiltProducts.run(BuiltProducts.running, CriticalChild.arguments,
                                             environment: child.merging(["G_DEBUG": "fatal-warnings"]) { $1 })
        #expect(provoked.signalled, "a critical did not kill the run: \(provoked.status)")
        #expect(provoked.stderr.contains("CRITICAL"))
        let tolerated = try BuiltProducts.run(BuiltProducts.running, CriticalChild.arguments,
                                              environment: child.merging(["G_DEBUG": ""]) { $1 })
        #expect(!tolerated.signalled && tolerated.status == 0, "\(tolerated.stderr)")
        #expect(tolerated.stderr.contains("CRITICAL"), "the child emitted no critical: \(tolerated.stderr)")
        let clean = try BuiltProducts.run(try #require(BuiltProducts.soak), ["--refreshes", "3", "--loads", "3", "--teardown"],
                                          environment: quiet.merging(["G_DEBUG": "fatal-warnings"]) { $1 })
        #expect(!clean.signalled && clean.status == 0, "\(clean.stderr)")
        #expect(!clean.stderr.contains("CRITICAL"))
    }
}

/// The child of `aCriticalFailsARunUnderFatalCriticals`: this test binary run again with
/// `PTR_CRITICAL_CHILD` set emits one GLib critical; everywhere else it is skipped. A suite of
/// its own: TeardownTests' `GLibCriticals.install` would make the critical fatal whatever G_DEBUG
/// says.
@Suite struct CriticalChild {
    static let variable = "PTR_CRITICAL_CHILD"
    static let arguments = ["--testing-library", "swift-testing", "--filter", "CriticalChild"]

    @Test(.enabled(if: ProcessInfo.processInfo.environment[variable] != nil,
                   "opt-in: runs only in the child process aCriticalFailsARunUnderFatalCriticals starts"))
    func emitsOneCritical() {
        // g_object_unref(NULL): "assertion 'G_IS_OBJECT (object)' failed", a GLib critical.
        g_object_unref(nil)
    }
}

/// Counts GLib criticals (and warnings) in this process: a default log handler that records
/// them, then logs as GLib would. Installed once; tests compare the count before and after.
@MainActor
enum GLibCriticals {
    nonisolated(unsafe) static var count = 0
    nonisolated(unsafe) static var last: String?
    private static var installed = false

    static func install() {
        guard !installed else { return }
        installed = true
        let handler: @convention(c) (UnsafePointer<gchar>?, GLogLevelFlags, UnsafePointer<gchar>?, gpointer?) -> Void = {
            domain, level, message, data in
            if level.rawValue & (G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue) != 0 {
                GLibCriticals.count += 1
                GLibCriticals.last = message.map { String(cString: $0) }
            }
            g_log_default_handler(domain, level, message, data)
        }
        _ = g_log_set_default_handler(handler, nil)
        // What G_DEBUG=fatal-warnings does, for runs that did not set it.
        let fatal = GLogLevelFlags(rawValue: G_LOG_LEVEL_WARNING.rawValue | G_LOG_LEVEL_CRITICAL.rawValue
                                   | G_LOG_LEVEL_ERROR.rawValue)
        let previous = g_log_set_always_fatal(fatal)
        g_log_set_always_fatal(GLogLevelFlags(rawValue: previous.rawValue | fatal.rawValue))
    }
}
