import DemoOptionValues
import DemoRendering
import RefreshGtk
import CGtk

/// The demo's data source (docs/architecture.md#demo-data-source): pages arrive after a GLib timeout and fail at a given rate.
/// Answers are decided when asked (from the seeded generator), applied to `rows` when the
/// timeout fires, then reported. `cancel()` drops every pending answer (window closed).
@MainActor
package final class SimulatedFeed {
    package typealias Result = FeedRules.Answer

    package let rows: DemoRows
    package let latency: Double
    /// What each answer is (shared with the GTK 4 demo).
    package private(set) var rules: FeedRules
    package var failRate: Double { rules.failRate }
    package var pageSize: Int { rules.pageSize }
    package var pages: Int { rules.pages }
    package var pagesLoaded: Int { rules.pagesLoaded }
    package var isExhausted: Bool { rules.isExhausted }
    package var isBusy: Bool { pending.contains { $0.isPending } }
    /// Forced outcomes for the next answers (`FeedRules.scriptedOutcomes`).
    package var scriptedOutcomes: [Bool] {
        get { rules.scriptedOutcomes }
        set { rules.scriptedOutcomes = newValue }
    }

    /// Starts the wait for one answer: a GLib timeout in real time by default; the QA clock
    /// replaces it with a wait in engine time, so that slow motion slows the latency too.
    package var wait: @MainActor (_ seconds: Double, _ fire: @escaping @MainActor () -> Void) -> any FeedWait = {
        Timeout(after: $0, $1)
    }

    private var pending: [any FeedWait] = []

    package init(rows: DemoRows, latency: Double, failRate: Double, pageSize: Int, pages: Int, seed: UInt64) {
        self.rows = rows
        self.latency = latency
        rules = FeedRules(failRate: failRate, pageSize: pageSize, pages: pages, seed: seed)
    }

    package convenience init(rows: DemoRows, options: DemoOptions) {
        self.init(rows: rows, latency: options.latency, failRate: options.failRate, pageSize: options.pageSize,
                  pages: options.pages, seed: options.seed ?? UInt64(truncatingIfNeeded: g_get_real_time()))
    }

    /// After `latency`: prepends 1…pageSize rows and restarts paging (a refresh reloads the first
    /// page, docs/behaviour.md#refresh-lifecycle), or fails and changes nothing.
    package func refresh(_ completion: @escaping @MainActor (Result) -> Void) {
        schedule(plannedRefresh(), then: completion)
    }

    /// After `latency`: appends one page, or reports exhaustion (nothing added), or fails.
    package func loadMore(_ completion: @escaping @MainActor (Result) -> Void) {
        schedule(plannedLoad(), then: completion)
    }

    /// A refresh's answer, decided now from the generator (so that every way of waiting for it,
    /// a timeout or `Task.sleep`, draws the same numbers in the same order) and applied later.
    func plannedRefresh() -> @MainActor (SimulatedFeed) -> Result {
        let plan = rules.planRefresh()
        return { feed in feed.rules.land(plan) { feed.rows.prepend($0) } }
    }

    /// A load's answer, decided now, applied later.
    func plannedLoad() -> @MainActor (SimulatedFeed) -> Result {
        let fails = rules.planLoad()
        return { feed in feed.rules.landLoad(failing: fails) { feed.rows.append($0) } }
    }

    /// Drops every pending answer: their completions never run.
    package func cancel() {
        for timeout in pending { timeout.cancel() }
        pending.removeAll()
    }

    private func schedule(
        _ apply: @escaping @MainActor (SimulatedFeed) -> Result, then report: @escaping @MainActor (Result) -> Void
    ) {
        pending.removeAll { !$0.isPending }
        pending.append(wait(latency) { [weak self] in
            guard let self else { return }
            report(apply(self))
        })
    }
}

/// A pending answer of the simulated source.
@MainActor
package protocol FeedWait: AnyObject {
    var isPending: Bool { get }
    func cancel()
}

extension Timeout: FeedWait {}
// The QA clock's waits (`QAClock.after`): the latency in engine time.
extension EngineTimer: FeedWait {}
