import RefreshCore
import Testing

/// docs/behaviour.md#refresh-lifecycle: header and footer together.
@Suite("Exclusion: refresh and load-more")
struct ExclusionTests {
    @Test("A host that can no longer show the list ends its refresh or load at once, idle; the app's answer is then a no-op")
    func abandon() {
        var e = longList()
        let fired = e.pullToRefresh(at: 0)
        _ = e.takeEvents()
        #expect(e.header == .refreshing && e.pull > 0)
        e.abandon(at: fired + 0.1)
        #expect(e.header == .idle && e.pull == 0 && !e.needsTicks)
        let events = e.takeEvents()
        #expect(events.contains(.header(.idle, pull: 0)))
        let ended = e.endRefreshing(ok: true, insertedHeight: 100, at: fired + 0.2)
        #expect(!ended)
        #expect(e.lastUpdated == nil && e.rowsHeight == 3000)
        // A load: it ends too, and a failure or "no more" stays true of the data.
        e.command(.end, at: fired + 1)
        e.run(from: fired + 1, to: fired + 2)
        #expect(e.footer == .loading)
        e.abandon(at: fired + 2)
        #expect(e.footer == .idle)
        let loadEnded = e.endLoading(ok: true, addedHeight: 400, at: fired + 2.1)
        let retried = e.loadMore(at: fired + 3)
        let exhausted = e.endLoading(ok: true, addedHeight: 0, exhausted: true, at: fired + 3.1)
        #expect(!loadEnded && retried && exhausted)
        e.abandon(at: fired + 3.2)
        #expect(e.footer == .noMoreData)
    }

    @Test("While refreshing, load-more is refused — by scrolling, keys and click — and not queued")
    func refreshRefusesLoad() {
        var e = longList()
        let fired = e.pullToRefresh(at: 0)
        let events1 = e.takeEvents()
        #expect(events1.refreshRequests == 1)
        // Scroll to the bottom in every way while the refresh runs.
        e.command(.end, at: fired + 0.1)
        e.run(from: fired + 0.1, to: fired + 1)
        e.hostNotches(3, at: fired + 1)
        let accepted2 = e.loadMore(at: fired + 1.2)
        #expect(!accepted2)
        #expect(e.footer == .idle)
        let events3 = e.takeEvents()
        #expect(events3.loadRequests == 0)
        // The refresh ends: nothing was queued.
        e.endRefreshing(ok: true, at: fired + 2)
        e.run(from: fired + 2, to: fired + 5)
        let events4 = e.takeEvents()
        #expect(events4.loadRequests == 0)
        #expect(e.footer == .idle)
        #expect(e.header == .idle)
    }

    @Test("While loading, a pull never arms and beginRefreshing is queued: it begins when the load ends")
    func loadQueuesRefresh() {
        var e = longList()
        e.externalScroll(to: 2444, at: 0)
        let events5 = e.takeEvents()
        #expect(events5.loadRequests == 1)
        e.command(.home, at: 0.1)
        e.run(from: 0.1, to: 1)
        #expect(e.offset == 0)
        _ = e.scroll(delta: -rawFor(pull: 150), source: .touchpad, at: 1.1)
        #expect(e.pull > Tuning.triggerPull)
        #expect(e.header == .pulling)  // never armed while loading
        e.scrollStop(at: 1.2)
        #expect(e.header == .idle)
        let before = e.observed
        let accepted6 = e.beginRefreshing(at: 1.2)
        #expect(accepted6)
        #expect(e.observed == before, "queued: nothing changes while the load runs")
        e.run(from: 1.2, to: 3)
        let meanwhile = e.takeEvents()
        #expect(meanwhile.refreshRequests == 0)
        e.endLoading(ok: true, addedHeight: 400, at: 3)
        e.run(from: 3, to: 6)
        let events = e.takeEvents()
        #expect(events.refreshRequests == 1)
        #expect(events.headerPhases.first == .refreshing)
    }

    @Test("While refreshing, pushing past the bottom in pull mode never arms the footer")
    func refreshBlocksPullFooter() {
        var e = longList(footer: .pull)
        e.beginRefreshing(at: 0)
        e.tick(at: 0.25)
        e.externalScroll(to: e.maxOffset, at: 0.5)
        _ = e.scroll(delta: rawFor(pull: 100), source: .touchpad, at: 0.6)
        #expect(e.footer == .idle)
        e.scrollStop(at: 0.7)
        e.run(from: 0.7, to: 2)
        let events7 = e.takeEvents()
        #expect(events7.loadRequests == 0)
        #expect(e.push == 0)
    }

    @Test("A load may start while the header finishes its end animation (the refresh is over)")
    func loadDuringFinishing() {
        var e = longList()
        let fired = e.pullToRefresh(at: 0)
        e.endRefreshing(ok: true, at: fired + 1)
        #expect(e.header == .finishing)
        let accepted8 = e.loadMore(at: fired + 1.1)
        #expect(accepted8)
        e.run(from: fired + 1.1, to: fired + 3)
        #expect(e.header == .idle)
        #expect(e.footer == .loading)
        #expect(e.pull == 0)
    }

    @Test("A successful refresh clears noMoreData (deliberate) and a failed load state")
    func refreshClearsNoMoreData() {
        for exhausted in [true, false] {
            var e = longList()
            e.loadMore(at: 0)
            e.endLoading(ok: exhausted, exhausted: exhausted, at: 1)
            #expect(e.footer == (exhausted ? .noMoreData : .failed))
            e.beginRefreshing(at: 2)
            #expect(e.footer == (exhausted ? .noMoreData : .failed))
            e.tick(at: 2.25)
            e.endRefreshing(ok: true, insertedHeight: 100, at: 3)
            #expect(e.footer == .idle)
            let events = e.takeEvents()
            #expect(events.footerPhases.last == .idle)
        }
    }

    @Test("Header and footer are never both running, however the calls interleave")
    func neverBoth() {
        var e = longList()
        e.beginRefreshing(at: 0)
        let accepted9 = e.loadMore(at: 0.1)
        #expect(!accepted9)
        e.tick(at: 0.25)
        let accepted10 = e.loadMore(at: 0.3)
        #expect(!accepted10)
        e.endRefreshing(ok: false, at: 0.5)
        #expect(e.header == .failed)
        let accepted11 = e.loadMore(at: 0.6)
        #expect(!accepted11)  // the failure mark still holds the header
        e.tick(at: 1.5)
        #expect(e.header == .finishing)
        let accepted12 = e.loadMore(at: 1.6)
        #expect(accepted12)
        let accepted13 = e.beginRefreshing(at: 1.7)
        #expect(accepted13 && e.refreshQueued)  // queued until the load ends
        #expect(e.footer == .loading)
        #expect(e.header != .refreshing)
    }
}
