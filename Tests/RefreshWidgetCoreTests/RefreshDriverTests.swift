import RefreshCore
import RefreshWidgetCore
import Testing

/// The widget core's rules, once for both toolkits (docs/architecture.md, "The widget core"):
/// each is checked here through a fake host, with injected time and no display.
@MainActor
struct RefreshDriverTests {
    /// A refresh runs the app's handler once, when the header has settled open; the app's answer
    /// is announced, its rows are given to the host while the refresh still holds the header, and
    /// the header closes and settles, which the host hears once.
    @Test func aRefreshRunsTheHandlerOnceAndItsRowsReachTheHost() {
        let rig = Rig()
        var calls = 0
        rig.driver.onRefresh = { calls += 1 }
        rig.driver.beginRefreshing()
        #expect(rig.host.ticking, "the reveal animates")
        rig.run(1)
        #expect(calls == 1)
        #expect(rig.driver.engine.header == .refreshing)
        #expect(rig.host.displacement > 0, "the held header moves the rows down")
        rig.driver.endRefreshing(ok: true, insertedAtTop: 3)
        #expect(rig.host.announced.map(\.newRows) == [3] && rig.host.announced.allSatisfy(\.ok))
        #expect(rig.host.inserted.map(\.count) == [3] && rig.host.inserted.allSatisfy(\.refreshing))
        #expect(rig.driver.engine.rowsHeight == 2120, "the rows' height follows the host's")
        rig.run(2)
        #expect(rig.driver.engine.header == .idle)
        #expect(rig.host.settles == 1)
        #expect(!rig.host.ticking, "nothing ticks at rest")
        #expect(rig.host.displacement == 0)
        #expect(calls == 1)
        #expect(rig.host.reported.filter { $0 == .refreshRequested }.count == 1, "the object heard the request")
    }

    /// A request nothing answers ends at once (docs/behaviour.md#footer-and-load-more,
    /// its missing handlers): a refresh
    /// succeeds with no new rows, a load finds nothing more. A handler of the toolkit's object
    /// answers as a Swift handler does.
    @Test(arguments: [false, true])
    func aRequestNothingAnswersEndsAtOnce(objectAnswers: Bool) {
        let rig = Rig()
        rig.host.objectAnswersRefresh = objectAnswers
        rig.host.objectAnswersLoad = objectAnswers
        rig.driver.beginRefreshing()
        rig.run(1)
        #expect((rig.driver.engine.header == .refreshing) == objectAnswers)
        #expect(rig.host.announced.count == (objectAnswers ? 0 : 1))
        #expect(rig.host.announced.allSatisfy { $0.ok && $0.newRows == 0 })
        let load = Rig()
        load.host.objectAnswersLoad = objectAnswers
        load.driver.loadMore()
        #expect(load.driver.engine.footer == (objectAnswers ? .loading : .noMoreData))
    }

    /// The driver writes the engine's offset into the host, and says so while it does: the host's
    /// own report of that move is no user scroll. A scroll the host reports moves the engine.
    @Test func theOffsetWrittenIntoTheHostIsFlaggedAsTheDriversOwn() {
        let rig = Rig()
        rig.driver.update { $0.externalScroll(to: 300, at: $1) }
        #expect(rig.driver.engine.offset == 300)
        #expect(!rig.driver.isWritingOffset)
        rig.driver.update { $0.command(.home, at: $1) }
        rig.run(1)
        #expect(rig.host.offset == 0 && rig.driver.engine.offset == 0)
        #expect(!rig.host.writesFlaggedAsEcho.isEmpty && rig.host.writesFlaggedAsEcho.allSatisfy { $0 })
    }

    /// The header and footer are drawn again where they are exactly while they change: through an
    /// animation and once after it, and not at all at rest (a host redraws a new displacement itself).
    @Test func redrawsFollowTheDecorations() {
        let rig = Rig()
        rig.driver.update { _, _ in }
        #expect(rig.host.redraws == 0, "nothing changed")
        rig.driver.beginRefreshing()
        rig.run(0.5)
        let during = rig.host.redraws
        #expect(during >= 20, "the reveal and the spin redraw every frame (\(during))")
        rig.driver.endRefreshing(ok: true)
        rig.run(2)
        let after = rig.host.redraws
        rig.driver.update { _, _ in }
        rig.run(0.5)
        #expect(rig.host.redraws == after, "redraws at rest")
    }

    /// "Last updated" on the wall clock, as the GObject's `last-updated` holds it: set from the
    /// wall clock, it reads back exactly; a refresh sets it to the wall clock's now.
    @Test func lastUpdatedMapsBetweenTheEngineAndTheWallClock() throws {
        let rig = Rig()
        #expect(rig.driver.lastUpdatedWallClock == nil)
        rig.driver.lastUpdatedWallClock = rig.wall - 3600
        #expect(rig.driver.lastUpdatedWallClock == rig.wall - 3600)
        #expect(rig.driver.engine.lastUpdated == rig.now - 3600)
        rig.now += 10
        rig.wall += 10
        #expect(rig.driver.lastUpdatedWallClock == rig.wall - 3610)
        rig.driver.onRefresh = { [driver = rig.driver] in driver.endRefreshing(ok: true) }
        rig.driver.beginRefreshing()
        rig.run(0.5)
        let updated = try #require(rig.driver.lastUpdatedWallClock)
        #expect(updated > rig.wall - 0.5 && updated <= rig.wall)
    }

    /// The toolkit object's `last-updated` (wall clock) and the engine's time mirror each other:
    /// a value the app sets is taken; the value the object got from the engine is not taken back
    /// (the clocks drift apart, so each round trip would move it); a new refresh is reported once.
    @Test func theObjectsLastUpdatedMirrorsTheEngines() throws {
        let rig = Rig()
        rig.driver.objectLastUpdated(rig.wall - 60)
        #expect(rig.driver.engine.lastUpdated == rig.now - 60)
        #expect(rig.driver.lastUpdatedToReport == nil, "the object holds it already")
        rig.wall += 5  // the wall clock jumps (NTP): the engine's time stays
        rig.driver.objectLastUpdated(rig.wall - 65)
        #expect(rig.driver.engine.lastUpdated == rig.now - 60, "a value read back is not taken again")
        rig.driver.objectLastUpdated(rig.wall - 30)
        #expect(rig.driver.engine.lastUpdated == rig.now - 30, "a new value is taken")
        rig.driver.onRefresh = { [driver = rig.driver] in driver.endRefreshing(ok: true) }
        rig.driver.beginRefreshing()
        rig.run(0.5)
        let reported = try #require(rig.driver.lastUpdatedToReport)
        // The object keeps whole microseconds.
        let held = (reported * 1_000_000).rounded(.down) / 1_000_000
        rig.driver.lastUpdatedReported(held)
        #expect(rig.driver.lastUpdatedToReport == nil)
        let engineTime = rig.driver.engine.lastUpdated
        rig.driver.objectLastUpdated(held)
        #expect(rig.driver.engine.lastUpdated == engineTime, "the reported value read back changes nothing")
    }

    /// After teardown nothing runs: no handler, no engine call, no host call.
    @Test func afterTearDownEveryCallIsANoOp() {
        let rig = Rig()
        var calls = 0
        rig.driver.onRefresh = { calls += 1 }
        rig.driver.onHeaderPhase = { _, _ in calls += 1 }
        rig.driver.tearDown()
        rig.driver.beginRefreshing()
        rig.driver.loadMore()
        rig.driver.update { $0.externalScroll(to: 200, at: $1) }
        #expect(!rig.driver.tick())
        #expect(calls == 0)
        #expect(rig.driver.engine.header == .idle && rig.driver.engine.offset == 0)
        #expect(rig.host.reported.isEmpty && rig.host.redraws == 0)
    }

    /// A handler may call back in (the app ends the refresh from `onRefresh`): the engine call
    /// that asked has finished, so the answer is an ordinary new update.
    @Test func aHandlerThatAnswersAtOnceIsAnOrdinaryUpdate() {
        let rig = Rig()
        var phases: [HeaderPhase] = []
        rig.driver.onHeaderPhase = { phase, _ in phases.append(phase) }
        rig.driver.onRefresh = { [driver = rig.driver] in driver.endRefreshing(ok: true, insertedAtTop: 2) }
        rig.driver.beginRefreshing()
        rig.run(2)
        #expect(phases == [.refreshing, .finishing, .idle])
        #expect(rig.driver.engine.rowsHeight == 2080)
    }

    /// A host that lays loaded rows out later (a wrapped list of either toolkit) has the driver
    /// tell the engine their height is to come: a gesture at the end before they arrive loads
    /// nothing; once they arrive the next approach to the end loads.
    @Test func loadedRowsAHostLaysOutLaterHoldTheAutoFooter() {
        let rig = Rig()
        var loads = 0
        rig.driver.onLoadMore = { loads += 1 }
        rig.host.rowsHeight = nil
        rig.driver.update { $0.command(.end, at: $1) }
        rig.run(1)
        #expect(loads == 1)
        rig.driver.endLoading(ok: true, added: 20)
        rig.driver.update { _ = $0.scroll(delta: 1, source: .wheel, at: $1) }
        rig.run(1)
        #expect(loads == 1, "a wheel notch at the end loaded over rows not laid out yet")
        rig.driver.update { $0.setRowsHeight(2800, at: $1) }  // the host laid them out
        rig.driver.update { $0.command(.end, at: $1) }
        rig.run(1)
        #expect(loads == 2)
    }

    /// The app's rows changed outside a refresh: the engine takes the host's height.
    @Test func reloadingTakesTheHostsRowsHeight() {
        let rig = Rig()
        rig.host.rowsHeight = 1200
        rig.driver.reloadRows()
        #expect(rig.driver.engine.rowsHeight == 1200)
        #expect(rig.host.reloads == 1, "one reload of the app's rows asked the host \(rig.host.reloads) times")
        rig.host.rowsHeight = nil
        rig.driver.reloadRows()
        #expect(rig.driver.engine.rowsHeight == 1200, "a host that reports its rows itself is not asked")
    }
}
