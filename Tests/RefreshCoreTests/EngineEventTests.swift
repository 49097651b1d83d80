import RefreshCore
import Testing

/// Header/footer state-change events: emitted once per change, in order.
@Suite("Engine events")
struct EngineEventTests {
    @Test("A pull-to-refresh emits idle → pulling → armed → refreshing → action → finishing → idle, once each")
    func fullRefreshCycle() {
        var e = longList()
        var events: [EngineEvent] = []
        for i in 0..<6 {  // raw 30, 60, … 180: armed from 150 on
            _ = e.scroll(delta: -30, source: .touchpad, at: Double(i) * 0.01)
            events += e.takeEvents()
        }
        e.scrollStop(at: 0.1)
        events += e.takeEvents()
        e.run(from: 0.1, to: 1)
        events += e.takeEvents()
        e.endRefreshing(ok: true, at: 2)
        events += e.takeEvents()
        e.run(from: 2, to: 3)
        events += e.takeEvents()
        #expect(events.headerPhases == [.pulling, .armed, .refreshing, .finishing, .idle])
        let kinds = events.map { event -> String in
            switch event {
            case .header(let phase, _): return phase.rawValue
            case .footer(let phase): return "footer." + phase.rawValue
            case .refreshRequested: return "refresh"
            case .loadRequested: return "load"
            case .refreshQueued: return "queued"
            }
        }
        #expect(kinds == ["pulling", "armed", "refreshing", "refresh", "finishing", "idle"])
    }

    @Test("Header events carry the displayed pull at the change")
    func eventsCarryPull() {
        var e = longList()
        _ = e.scroll(delta: -rawFor(pull: 90), source: .touchpad, at: 0)
        let p = e.pull
        let events1 = e.takeEvents()
        #expect(events1 == [.header(.armed, pull: p)])
        e.scrollStop(at: 0.05)
        let events2 = e.takeEvents()
        #expect(events2 == [.header(.refreshing, pull: p)])
    }

    @Test("A failed refresh: refreshing → failed → finishing → idle")
    func failedCycle() {
        var e = longList()
        e.beginRefreshing(at: 0)
        e.run(from: 0, to: 0.5)
        e.endRefreshing(ok: false, at: 1)
        e.run(from: 1, to: 3)
        let events = e.takeEvents()
        #expect(events.headerPhases == [.refreshing, .failed, .finishing, .idle])
        #expect(events.refreshRequests == 1)
        #expect(events.firstIndex(of: .header(.refreshing, pull: 0))! < events.firstIndex(of: .refreshRequested)!)
    }

    @Test("Jitter around the trigger line does not repeat events (hysteresis)")
    func noFlicker() {
        var e = longList()
        var raw = rawFor(pull: 71)
        _ = e.scroll(delta: -raw, source: .touchpad, at: 0)
        for i in 1...20 {
            let target = rawFor(pull: i % 2 == 0 ? 71 : 68)
            _ = e.scroll(delta: raw - target, source: .touchpad, at: Double(i) * 0.005)
            raw = target
        }
        let events3 = e.takeEvents()
        #expect(events3.headerPhases == [.armed])
    }

    @Test("Pull-mode footer: armed → loading (then the load request) → idle")
    func footerCycle() {
        var e = longList(footer: .pull)
        e.externalScroll(to: e.maxOffset, at: 0)
        _ = e.scroll(delta: rawFor(pull: 60), source: .touchpad, at: 0.1)
        e.scrollStop(at: 0.2)
        e.run(from: 0.2, to: 1)
        e.endLoading(ok: true, addedHeight: 100, at: 1)
        let events = e.takeEvents()
        #expect(events == [.footer(.armed), .footer(.loading), .loadRequested, .footer(.idle)])
    }

    @Test("Auto footer: the state change is reported before the load request")
    func autoFooterOrder() {
        var e = longList()
        e.externalScroll(to: e.maxOffset, at: 0)
        let events4 = e.takeEvents()
        #expect(events4 == [.footer(.loading), .loadRequested])
        e.endLoading(ok: true, exhausted: true, at: 1)
        let events5 = e.takeEvents()
        #expect(events5 == [.footer(.noMoreData)])
    }

    @Test("Without animations beginRefreshing reports refreshing before the refresh request")
    func orderWithoutAnimations() {
        var e = longList()
        e.setAnimationsEnabled(false, at: 0)
        e.beginRefreshing(at: 0)
        let events = e.takeEvents()
        #expect(events.count == 2)
        #expect(events.first == .header(.refreshing, pull: 70))
        #expect(events.last == .refreshRequested)
        // Also mid-list, where the header stays closed above the view.
        var f = longList()
        f.setAnimationsEnabled(false, at: 0)
        f.externalScroll(to: 700, at: 0)
        f.beginRefreshing(at: 1)
        let scrolled = f.takeEvents()
        #expect(scrolled == [.header(.refreshing, pull: 0), .refreshRequested])
    }

    @Test("Nothing to report: ticks at rest and pass-through scrolling emit no events")
    func quietWhenNothingChanges() {
        var e = longList()
        e.run(from: 0, to: 2)
        e.externalScroll(to: 400, at: 2)
        e.hostNotches(3, at: 2.1)
        e.run(from: 2.2, to: 3)
        let events7 = e.takeEvents()
        #expect(events7.isEmpty)
    }

    @Test("takeEvents drains: a second call returns nothing")
    func drains() {
        var e = longList()
        e.beginRefreshing(at: 0)
        let events8 = e.takeEvents()
        #expect(!events8.isEmpty)
        let events9 = e.takeEvents()
        #expect(events9.isEmpty)
    }

    @Test("Refusals emit nothing")
    func refusalsAreSilent() {
        var e = longList()
        e.beginRefreshing(at: 0)
        e.tick(at: 0.3)
        _ = e.takeEvents()
        let accepted10 = e.beginRefreshing(at: 0.4)
        #expect(!accepted10)
        let accepted11 = e.loadMore(at: 0.4)
        #expect(!accepted11)
        let accepted12 = e.endLoading(ok: true, at: 0.4)
        #expect(!accepted12)
        let events13 = e.takeEvents()
        #expect(events13.isEmpty)
    }
}
