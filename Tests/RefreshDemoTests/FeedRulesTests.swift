import DemoRendering
import Testing

/// The simulated source's rules, which both demos answer by (docs/architecture.md#demo-data-source).
@Suite struct FeedRulesTests {
    @Test func loadsAppendPagesUntilThePagesAreInAndARefreshRestartsPaging() {
        var rules = FeedRules(failRate: 0, pageSize: 7, pages: 2, seed: 1)
        var rows = 0
        let first = rules.landLoad(failing: rules.planLoad()) { rows += $0 }
        #expect(first == FeedRules.Answer(ok: true, added: 7, exhausted: false))
        let second = rules.landLoad(failing: rules.planLoad()) { rows += $0 }
        #expect(second == FeedRules.Answer(ok: true, added: 7, exhausted: true))
        let third = rules.landLoad(failing: rules.planLoad()) { rows += $0 }
        #expect(third == FeedRules.Answer(ok: true, added: 0, exhausted: true))
        #expect(rows == 14)
        let refresh = rules.land(rules.planRefresh()) { rows += $0 }
        #expect(refresh.ok && (1...7).contains(refresh.added) && !refresh.exhausted)
        #expect(rows == 14 + refresh.added)
        #expect(rules.pagesLoaded == 0 && !rules.isExhausted)
    }

    /// With no page to load, a successful refresh already says so: the footer shows "No more
    /// items" on both demos.
    @Test func withNoPagesARefreshReportsExhaustion() {
        var rules = FeedRules(failRate: 0, pageSize: 5, pages: 0, seed: 3)
        let refresh = rules.land(rules.planRefresh()) { _ in }
        #expect(refresh.ok && refresh.exhausted)
        let load = rules.landLoad(failing: rules.planLoad()) { _ in Issue.record("a load appended rows with --pages 0") }
        #expect(load == FeedRules.Answer(ok: true, added: 0, exhausted: true))
    }

    @Test func aFailureChangesNothing() {
        var rules = FeedRules(failRate: 0, pageSize: 5, pages: 3, seed: 3)
        rules.scriptedOutcomes = [false, false]
        let refresh = rules.land(rules.planRefresh()) { _ in Issue.record("a failed refresh prepended rows") }
        #expect(refresh == FeedRules.Answer(ok: false, added: 0, exhausted: false))
        let load = rules.landLoad(failing: rules.planLoad()) { _ in Issue.record("a failed load appended rows") }
        #expect(load == FeedRules.Answer(ok: false, added: 0, exhausted: false))
        #expect(rules.pagesLoaded == 0)
    }

    /// The same seed gives the same answers: both demos, and a rerun, see one sequence.
    @Test func theSeedDecidesEveryAnswer() {
        func answers(seed: UInt64) -> [FeedRules.Answer] {
            var rules = FeedRules(failRate: 0.4, pageSize: 9, pages: 1_000, seed: seed)
            return (0..<40).map { index in
                index % 3 == 0 ? rules.land(rules.planRefresh()) { _ in }
                    : rules.landLoad(failing: rules.planLoad()) { _ in }
            }
        }
        let first = answers(seed: 42)
        #expect(first == answers(seed: 42))
        #expect(first != answers(seed: 43))
        #expect(first.contains { !$0.ok } && first.contains(where: \.ok))
    }
}
