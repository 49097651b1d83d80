// Which actions an assistive technology is offered, one rule for both toolkits
// (docs/accessibility.md): at rest the refresh and load-more; nothing while a refresh runs or
// ends; retry after a failed load; with no footer, no load.

import RefreshCore
import Testing

@Suite("Accessibility: the actions offered")
struct OfferedActionsTests {
    static let atRest = OfferedActions(refresh: true, loadMore: true, retry: false)
    static let none = OfferedActions(refresh: false, loadMore: false, retry: false)

    @Test func atRestTheRefreshAndLoadMore() {
        #expect(longList().offeredActions == Self.atRest)
        #expect(longList(footer: .none).offeredActions == OfferedActions(refresh: true, loadMore: false, retry: false))
    }

    @Test func nothingWhileARefreshRunsOrEnds() {
        var e = longList()
        let began = e.beginRefreshing(at: 0)
        #expect(began)
        var seen = [e.offeredActions]
        e.run(from: 0, to: 1)
        seen.append(e.offeredActions)
        let ended = e.endRefreshing(ok: false, at: 1)
        #expect(ended)
        seen.append(e.offeredActions)        // the error mark
        e.run(from: 1, to: 1.2 + Tuning.failureHold)
        seen.append(e.offeredActions)        // the collapse
        #expect(seen.allSatisfy { $0 == Self.none }, "\(seen)")
        e.run(from: 1.2 + Tuning.failureHold, to: 4)
        #expect(e.header == .idle)
        #expect(e.offeredActions == Self.atRest, "at rest after a failed refresh")
    }

    @Test func aLoadOffersNothingAndAFailedOneOffersTheRetry() {
        var e = longList()
        let loading = e.loadMore(at: 0)
        #expect(loading)
        #expect(e.offeredActions == Self.none)
        let loaded = e.endLoading(ok: false, at: 0.5)
        #expect(loaded)
        #expect(e.offeredActions == OfferedActions(refresh: true, loadMore: false, retry: true))
    }
}
