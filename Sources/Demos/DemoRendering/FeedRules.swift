import DemoOptionValues

/// The simulated source's rules, one for both demos (docs/architecture.md#demo-data-source): a
/// refresh prepends 1…`pageSize` rows and restarts paging; a load appends one page until `pages`
/// pages are in, then reports exhaustion (with `pages` 0, a refresh already does); either fails at
/// `failRate`, and a failure changes nothing. Each answer is decided when it is asked for (so the
/// seeded generator draws the same numbers in the same order however the demo waits) and lands
/// later, when the demo's latency is over.
package struct FeedRules: Sendable {
    package struct Answer: Equatable, Sendable {
        package let ok: Bool
        package let added: Int
        /// No page is left to load (until the next successful refresh).
        package let exhausted: Bool

        package init(ok: Bool, added: Int, exhausted: Bool) {
            self.ok = ok; self.added = added; self.exhausted = exhausted
        }
    }

    /// A refresh decided: whether it fails, and how many rows it brings if not.
    package struct PlannedRefresh: Sendable {
        package let fails: Bool
        package let count: Int
    }

    package let failRate: Double
    package let pageSize: Int
    package let pages: Int
    /// Pages appended since the start or the last successful refresh.
    package private(set) var pagesLoaded = 0
    package var isExhausted: Bool { pagesLoaded >= pages }
    /// Forced outcomes for the next answers, first used first (true: succeeds, false: fails);
    /// when empty the seeded generator decides at `failRate`. For tests and soak runs.
    package var scriptedOutcomes: [Bool] = []
    private var generator: SplitMix64

    package init(failRate: Double, pageSize: Int, pages: Int, seed: UInt64) {
        self.failRate = failRate
        self.pageSize = max(1, pageSize)
        self.pages = max(0, pages)
        generator = SplitMix64(seed: seed)
    }

    package mutating func planRefresh() -> PlannedRefresh {
        let fails = failsNow()
        return PlannedRefresh(fails: fails, count: Int.random(in: 1...pageSize, using: &generator))
    }

    /// A load decided: whether it fails (unless the pages are exhausted when it lands).
    package mutating func planLoad() -> Bool { failsNow() }

    /// The refresh lands: its answer; on success `prepend(count)` has put the rows in first.
    package mutating func land(_ plan: PlannedRefresh, prepend: (Int) -> Void) -> Answer {
        if plan.fails { return Answer(ok: false, added: 0, exhausted: false) }
        prepend(plan.count)
        pagesLoaded = 0
        return Answer(ok: true, added: plan.count, exhausted: isExhausted)
    }

    /// The load lands: its answer; on success `append(pageSize)` has put the page in first.
    package mutating func landLoad(failing fails: Bool, append: (Int) -> Void) -> Answer {
        if isExhausted { return Answer(ok: true, added: 0, exhausted: true) }
        if fails { return Answer(ok: false, added: 0, exhausted: false) }
        append(pageSize)
        pagesLoaded += 1
        return Answer(ok: true, added: pageSize, exhausted: isExhausted)
    }

    private mutating func failsNow() -> Bool {
        if !scriptedOutcomes.isEmpty { return !scriptedOutcomes.removeFirst() }
        return failRate > 0 && Double.random(in: 0..<1, using: &generator) < failRate
    }
}
