import DemoOptionValues
import RefreshGtk
import CGtk

/// The demo's data source (docs/architecture.md#demo-data-source): pages arrive after a GLib timeout and fail at a given rate.
/// Answers are decided when asked (from the seeded generator), applied to `rows` when the
/// timeout fires, then reported. `cancel()` drops every pending answer (window closed).
@MainActor
package final class SimulatedFeed {
    package struct Result: Equatable, Sendable {
        package let ok: Bool
        package let added: Int
        /// Load-more only: no page is left (until the next refresh).
        package let exhausted: Bool
    }

    package let rows: DemoRows
    package let latency: Double
    package let failRate: Double
    package let pageSize: Int
    package let pages: Int
    /// Pages appended since the start or the last successful refresh.
    package private(set) var pagesLoaded = 0
    package var isExhausted: Bool { pagesLoaded >= pages }
    package var isBusy: Bool { pending.contains { $0.isPending } }
    /// Forced outcomes for the next answers, first used first (true: succeeds, false: fails);
    /// when empty the seeded generator decides at `failRate`. For tests and soak runs.
    package var scriptedOutcomes: [Bool] = []

    /// Starts the wait for one answer: a GLib timeout in real time by default; the QA clock
    /// replaces it with a wait in engine time, so that slow motion slows the latency too.
    package var wait: @MainActor (_ seconds: Double, _ fire: @escaping @MainActor () -> Void) -> any FeedWait = {
        Timeout(after: $0, $1)
    }

    private var generator: SplitMix64
    private var pending: [any FeedWait] = []

    package init(rows: DemoRows, latency: Double, failRate: Double, pageSize: Int, pages: Int, seed: UInt64) {
        self.rows = rows
        self.latency = latency
        self.failRate = failRate
        self.pageSize = max(1, pageSize)
        self.pages = max(0, pages)
        generator = SplitMix64(seed: seed)
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
        let fails = failsNow()
        let count = Int.random(in: 1...pageSize, using: &generator)
        return {
            if fails { return Result(ok: false, added: 0, exhausted: false) }
            $0.rows.prepend(count)
            $0.pagesLoaded = 0
            return Result(ok: true, added: count, exhausted: $0.isExhausted)
        }
    }

    /// A load's answer, decided now, applied later.
    func plannedLoad() -> @MainActor (SimulatedFeed) -> Result {
        let fails = failsNow()
        return {
            if $0.isExhausted { return Result(ok: true, added: 0, exhausted: true) }
            if fails { return Result(ok: false, added: 0, exhausted: false) }
            $0.rows.append($0.pageSize)
            $0.pagesLoaded += 1
            return Result(ok: true, added: $0.pageSize, exhausted: $0.isExhausted)
        }
    }

    /// Drops every pending answer: their completions never run.
    package func cancel() {
        for timeout in pending { timeout.cancel() }
        pending.removeAll()
    }

    private func failsNow() -> Bool {
        if !scriptedOutcomes.isEmpty { return !scriptedOutcomes.removeFirst() }
        return failRate > 0 && Double.random(in: 0..<1, using: &generator) < failRate
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
