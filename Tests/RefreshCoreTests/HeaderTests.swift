import RefreshCore
import Testing

/// docs/behaviour.md#header-states (states and trigger), #jike-header (refresh animation, end), #refresh-lifecycle (programmatic refresh, failure).
@Suite("Header: states and trigger")
struct HeaderTriggerTests {
    @Test("idle → pulling → armed at p ≥ 70")
    func idlePullingArmed() {
        var e = longList()
        #expect(e.header == .idle)
        _ = e.scroll(delta: -rawFor(pull: 20), source: .touchpad, at: 0)
        #expect(e.header == .pulling)
        _ = e.scroll(delta: -(rawFor(pull: Tuning.triggerPull - 1e-6) - rawFor(pull: 20)), source: .touchpad, at: 0.01)
        #expect(e.pull < Tuning.triggerPull)
        #expect(e.header == .pulling)
        _ = e.scroll(delta: -(rawFor(pull: Tuning.triggerPull + 1e-6) - rawFor(pull: Tuning.triggerPull - 1e-6)),
                     source: .touchpad, at: 0.02)
        #expect(e.pull >= Tuning.triggerPull)
        #expect(e.header == .armed)
    }

    @Test("Hysteresis: armed stays armed a few px below 70 and disarms below 70 − hysteresis")
    func hysteresis() {
        var e = longList()
        var raw = rawFor(pull: 80)
        _ = e.scroll(delta: -raw, source: .touchpad, at: 0)
        #expect(e.header == .armed)
        func moveTo(_ p: Double, _ t: Double) {
            let target = rawFor(pull: p)
            _ = e.scroll(delta: raw - target, source: .touchpad, at: t)
            raw = target
        }
        moveTo(Tuning.triggerPull - 1, 0.01)
        #expect(e.header == .armed)
        moveTo(Tuning.triggerPull - Tuning.armHysteresis + 0.01, 0.02)
        #expect(e.header == .armed)
        moveTo(Tuning.triggerPull - Tuning.armHysteresis - 0.01, 0.03)
        #expect(e.header == .pulling)
        // Back up, but below the line: still pulling (no flicker); at the line: armed.
        moveTo(Tuning.triggerPull - 1, 0.04)
        #expect(e.header == .pulling)
        moveTo(Tuning.triggerPull + 0.01, 0.05)
        #expect(e.header == .armed)
    }

    @Test("Release while armed → refreshing; the content settles to H = 70 with an ease-out")
    func releaseArmedRefreshes() {
        var e = longList()
        _ = e.scroll(delta: -rawFor(pull: 100), source: .touchpad, at: 0)
        e.scrollStop(at: 0.1)
        #expect(e.header == .refreshing)
        #expect(near(e.pull, 100))
        let d = Tuning.refreshSettleDuration
        #expect(d <= 0.5)
        e.tick(at: 0.1 + d / 2)
        #expect(e.pull > 70 && e.pull < 70 + 30 / 2)  // ease-out: past half way at half time
        e.tick(at: 0.1 + d)
        #expect(e.pull == Style.jikeHeld)
        e.tick(at: 5)
        #expect(e.pull == Style.jikeHeld)
        #expect(e.header == .refreshing)
    }

    @Test("Release while pulling springs back to 0 and never refreshes")
    func releasePullingSpringsBack() {
        var e = longList()
        _ = e.scroll(delta: -rawFor(pull: 60), source: .touchpad, at: 0)
        e.scrollStop(at: 0.1)
        #expect(e.header == .idle)
        e.run(from: 0.1, to: 3)
        #expect(e.pull == 0)
        let events1 = e.takeEvents()
        #expect(events1.refreshRequests == 0)
        #expect(!e.needsTicks)
    }

    @Test("Dropping below the hysteresis line before release cancels the refresh")
    func disarmBeforeRelease() {
        var e = longList()
        _ = e.scroll(delta: -rawFor(pull: 90), source: .touchpad, at: 0)
        _ = e.scroll(delta: rawFor(pull: 90) - rawFor(pull: 40), source: .touchpad, at: 0.05)
        e.scrollStop(at: 0.1)
        e.run(from: 0.1, to: 2)
        let events2 = e.takeEvents()
        #expect(events2.refreshRequests == 0)
        #expect(e.header == .idle)
    }

    @Test("The refresh action fires exactly once, when the settle completes — not before")
    func actionFiresAtSettleEnd() {
        var e = longList()
        _ = e.scroll(delta: -rawFor(pull: 90), source: .touchpad, at: 0.9)
        e.scrollStop(at: 1)
        let due = 1 + Tuning.refreshSettleDuration
        e.run(from: 1, to: due - 1e-6)
        let events3 = e.takeEvents()
        #expect(events3.refreshRequests == 0)
        e.tick(at: due)
        let events4 = e.takeEvents()
        #expect(events4.refreshRequests == 1)
        #expect(e.pull == 70)
        e.run(from: due, to: due + 10)
        let events5 = e.takeEvents()
        #expect(events5.refreshRequests == 0)
    }

    @Test("Input during refreshing scrolls the list but never starts a second refresh")
    func noSecondRefresh() {
        var e = longList()
        let fired = e.pullToRefresh(at: 0)
        let events6 = e.takeEvents()
        #expect(events6.refreshRequests == 1)
        // Pull hard again, with every device, and release.
        var t = fired + 0.1
        _ = e.scroll(delta: -600, source: .touchpad, at: t)
        #expect(e.header == .refreshing)
        e.scrollStop(at: t + 0.05)
        t += 1
        e.wheel(notches: -8, at: t)
        t += 1
        e.dragBegin(at: t)
        e.dragUpdate(offsetY: 10, at: t + 0.05)
        e.dragUpdate(offsetY: 500, at: t + 0.1)
        e.dragEnd(at: t + 0.2)
        e.run(from: t + 0.2, to: t + 3)
        let events7 = e.takeEvents()
        #expect(events7.refreshRequests == 0)
        #expect(e.header == .refreshing)
        #expect(e.pull == 70)
        // Scrolling down moves the held header away, then the list.
        _ = e.scroll(delta: 200, source: .touchpad, at: t + 4)
        e.scrollStop(at: t + 4)
        #expect(e.pull == 0)
        #expect(near(e.offset, 130))
        #expect(e.header == .refreshing)
    }

    @Test("After a completed pull-to-refresh the header is idle and the next gesture does not refresh")
    func idleAfterCompletedRefresh() {
        var e = longList()
        let fired = e.pullToRefresh(at: 0)
        e.endRefreshing(ok: true, at: fired + 1)
        e.run(from: fired + 1, to: fired + 3)
        #expect(e.header == .idle)
        #expect(e.headerVisual.message == .pullToRefresh)
        _ = e.takeEvents()
        // A small pull (not armed), released: no refresh.
        _ = e.scroll(delta: -20, source: .touchpad, at: fired + 4)
        e.scrollStop(at: fired + 4.1)
        // A mid-list wheel gesture, released by the quiet period: no refresh.
        e.externalScroll(to: 500, at: fired + 5)
        e.wheel(notches: 1, at: fired + 5)
        e.run(from: fired + 5, to: fired + 8)
        let events8 = e.takeEvents()
        #expect(events8.refreshRequests == 0)
        #expect(e.header == .idle)
    }
}

enum Style {
    static let jikeHeld = HeaderStyle.jike.heldHeight
}

@Suite("Header: programmatic refresh")
struct ProgrammaticRefreshTests {
    @Test("beginRefreshing reveals the header over 0.25 s, then fires the action")
    func beginReveals() {
        var e = longList()
        let accepted9 = e.beginRefreshing(at: 1)
        #expect(accepted9)
        #expect(e.header == .refreshing)
        #expect(e.pull == 0)
        e.tick(at: 1 + Tuning.revealDuration / 2)
        #expect(e.pull > 35 && e.pull < 70)
        let events10 = e.takeEvents()
        #expect(events10.refreshRequests == 0)
        e.tick(at: 1 + Tuning.revealDuration - 1e-6)
        let events11 = e.takeEvents()
        #expect(events11.refreshRequests == 0)
        e.tick(at: 1 + Tuning.revealDuration)
        #expect(e.pull == 70)
        let events12 = e.takeEvents()
        #expect(events12.refreshRequests == 1)
        #expect(Tuning.revealDuration == 0.25)
    }

    @Test("beginRefreshing while scrolled down refreshes in place: nothing moves, the rows it brings go above the view")
    func beginMidListRefreshesInPlace() {
        var e = longList()
        e.externalScroll(to: 900, at: 0)
        let accepted13 = e.beginRefreshing(at: 1)
        #expect(accepted13)
        #expect(e.header == .refreshing)
        e.tick(at: 1 + Tuning.revealDuration / 2)
        #expect(e.offset == 900 && e.pull == 0)
        let revealing = e.takeEvents()
        #expect(revealing.refreshRequests == 0)
        // The action fires when a reveal would have ended, as at the top.
        e.tick(at: 1 + Tuning.revealDuration)
        #expect(e.offset == 900 && e.pull == 0)
        let revealed = e.takeEvents()
        #expect(revealed.refreshRequests == 1)
        e.endRefreshing(ok: true, insertedHeight: 200, at: 2)
        #expect(e.offset == 1100, "the rows on screen stay where they are")
        e.run(from: 2, to: 3)
        #expect(e.header == .idle && e.offset == 1100 && e.pull == 0)
        #expect(!e.needsTicks)
    }

    @Test("beginRefreshing then behaves exactly like a released armed gesture: end → idle")
    func beginThenEnd() {
        var e = longList()
        e.beginRefreshing(at: 0)
        e.tick(at: 0.25)
        let accepted14 = e.endRefreshing(ok: true, at: 1)
        #expect(accepted14)
        e.run(from: 1, to: 2)
        #expect(e.header == .idle)
        #expect(e.pull == 0)
        #expect(!e.needsTicks)
    }

    @Test("beginRefreshing twice is a no-op the second time", arguments: [0.1, 0.25, 2.0])
    func beginTwice(secondAfter: Double) {
        var e = longList()
        let accepted15 = e.beginRefreshing(at: 0)
        #expect(accepted15)
        e.tick(at: secondAfter)
        let before = e.observed
        var reference = e
        reference.tick(at: secondAfter)
        let accepted16 = e.beginRefreshing(at: secondAfter)
        #expect(!accepted16)
        #expect(e.observed == before)
        #expect(e.observed == reference.observed)
        e.run(from: secondAfter, to: 5)
        let events17 = e.takeEvents()
        #expect(events17.refreshRequests == 1)
    }

    @Test("beginRefreshing after a pulled refresh is a no-op")
    func beginDuringPulledRefresh() {
        var e = longList()
        _ = e.pullToRefresh(at: 0)
        let before = e.observed
        let accepted18 = e.beginRefreshing(at: Tuning.refreshSettleDuration)
        #expect(!accepted18)
        #expect(e.observed == before)
    }

    @Test("beginRefreshing while the failure mark is shown is a no-op")
    func beginWhileFailed() {
        var e = longList()
        let fired = e.pullToRefresh(at: 0)
        e.endRefreshing(ok: false, at: fired + 0.5)
        let before = e.observed
        let accepted19 = e.beginRefreshing(at: fired + 0.5)
        #expect(!accepted19)
        #expect(e.observed == before)
    }
}

@Suite("Header: ending a refresh")
struct EndRefreshTests {
    static func assertNoOp(_ engine: RefreshEngine, at t: Double, ok: Bool = true,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        var e = engine
        var reference = engine
        reference.tick(at: t)
        let referenceEvents = reference.takeEvents()
        let accepted20 = e.endRefreshing(ok: ok, insertedHeight: 300, at: t)
        #expect(!accepted20, sourceLocation: sourceLocation)
        #expect(e.observed == reference.observed, sourceLocation: sourceLocation)
        let events21 = e.takeEvents()
        #expect(events21 == referenceEvents, sourceLocation: sourceLocation)
    }

    @Test("endRefreshing when idle is a no-op and changes nothing", arguments: [true, false])
    func endWhenIdle(ok: Bool) {
        var e = longList()
        Self.assertNoOp(e, at: 0, ok: ok)
        e.externalScroll(to: 700, at: 0.5)
        Self.assertNoOp(e, at: 1, ok: ok)
    }

    @Test("endRefreshing while pulling or armed (no refresh yet) changes nothing")
    func endWhilePulling() {
        var e = longList()
        _ = e.scroll(delta: -rawFor(pull: 30), source: .touchpad, at: 0)
        Self.assertNoOp(e, at: 0.01)
        _ = e.scroll(delta: -rawFor(pull: 200), source: .touchpad, at: 0.02)
        #expect(e.header == .armed)
        Self.assertNoOp(e, at: 0.03)
        e.scrollStop(at: 0.04)
        e.tick(at: 0.5)
        e.endRefreshing(ok: true, at: 1)
        // finishing, then idle again
        Self.assertNoOp(e, at: 1.2)
        Self.assertNoOp(e, at: 5)
    }

    @Test("endRefreshing twice: the second call is a no-op")
    func endTwice() {
        var e = longList()
        let fired = e.pullToRefresh(at: 0)
        let accepted22 = e.endRefreshing(ok: true, at: fired + 1)
        #expect(accepted22)
        Self.assertNoOp(e, at: fired + 1)
        let accepted23 = e.endRefreshing(ok: false, at: fired + 1)
        #expect(accepted23 == false)
    }

    @Test("End animation: line width 5 → 0 and pull H → 0 over 0.5 s, then idle")
    func endAnimation() {
        var e = longList()
        let fired = e.pullToRefresh(at: 0)
        let end = fired + 2
        let accepted24 = e.endRefreshing(ok: true, at: end)
        #expect(accepted24)
        #expect(e.header == .finishing)
        func width() -> Double? {
            if case .ring(_, _, let w) = e.headerVisual.glyph { return w }
            return nil
        }
        #expect(width() == 5)
        #expect(e.pull == 70)
        e.tick(at: end + 0.25)
        #expect(near(width() ?? -1, 2.5))
        let expected = Tween(from: 70, to: 0, start: end, duration: Tuning.endDuration).value(at: end + 0.25)
        #expect(near(e.pull, expected))
        e.tick(at: end + 0.5 - 1e-3)
        #expect(e.header == .finishing)
        #expect(e.pull > 0)
        e.tick(at: end + 0.5)
        #expect(e.pull == 0)
        #expect(e.header == .idle)
        #expect(!e.needsTicks)
        #expect(Tuning.endDuration == 0.5)
    }

    @Test("A failed refresh shows the failure state for about a second, then collapses")
    func failureHeld() {
        var e = longList()
        let fired = e.pullToRefresh(at: 0)
        let end = fired + 1
        let accepted25 = e.endRefreshing(ok: false, at: end)
        #expect(accepted25)
        #expect(e.header == .failed)
        #expect(e.headerVisual.glyph == .failure(lineWidth: 5))
        #expect(e.headerVisual.message == .failed)
        e.tick(at: end + Tuning.failureHold - 1e-6)
        #expect(e.header == .failed)
        #expect(e.pull == 70)
        e.tick(at: end + Tuning.failureHold)
        #expect(e.header == .finishing)
        e.tick(at: end + Tuning.failureHold + Tuning.endDuration / 2)
        #expect(e.headerVisual.glyph == .failure(lineWidth: 2.5))
        #expect(e.pull > 0 && e.pull < 70)
        e.tick(at: end + Tuning.failureHold + Tuning.endDuration)
        #expect(e.header == .idle)
        #expect(e.pull == 0)
        #expect(Tuning.failureHold >= 0.8 && Tuning.failureHold <= 1.5)
    }

    @Test("A failed refresh leaves the rows exactly as they were")
    func failureKeepsRows() {
        var e = longList()
        let fired = e.pullToRefresh(at: 0)
        let rows = e.rowsHeight
        e.endRefreshing(ok: false, insertedHeight: 500, at: fired + 1)
        e.run(from: fired + 1, to: fired + 4)
        #expect(e.rowsHeight == rows)
        #expect(e.offset == 0)
        #expect(e.lastUpdated == nil)

        // Also while the user has scrolled the rows under the held header.
        var f = longList()
        let fired2 = f.pullToRefresh(at: 0)
        _ = f.scroll(delta: 400, source: .touchpad, at: fired2 + 0.1)
        f.scrollStop(at: fired2 + 0.1)
        let offset = f.offset
        f.endRefreshing(ok: false, insertedHeight: 500, at: fired2 + 1)
        f.run(from: fired2 + 1, to: fired2 + 4)
        #expect(f.offset == offset)
        #expect(f.rowsHeight == rows)
    }

    @Test("A successful refresh inserts its rows at the top; a scrolled list keeps what the user sees")
    func successInsertsAtTop() {
        var e = longList()
        let fired = e.pullToRefresh(at: 0)
        e.endRefreshing(ok: true, insertedHeight: 200, at: fired + 1)
        #expect(e.rowsHeight == 3200)
        #expect(e.offset == 0)  // the header was showing: the new rows appear at the top
        #expect(e.lastUpdated == fired + 1)

        var f = longList()
        let fired2 = f.pullToRefresh(at: 0)
        _ = f.scroll(delta: 370, source: .touchpad, at: fired2 + 0.1)
        f.scrollStop(at: fired2 + 0.1)
        #expect(near(f.offset, 300))
        f.endRefreshing(ok: true, insertedHeight: 200, at: fired2 + 1)
        #expect(near(f.offset, 500))
    }

    @Test("Ending before the header settled cancels the refresh action")
    func endBeforeActionCancels() {
        var e = longList()
        e.beginRefreshing(at: 0)
        let accepted26 = e.endRefreshing(ok: true, at: 0.1)
        #expect(accepted26)
        e.run(from: 0.1, to: 3)
        let events27 = e.takeEvents()
        #expect(events27.refreshRequests == 0)
        #expect(e.header == .idle)
        #expect(e.pull == 0)
    }
}

@Suite("Header: animations disabled")
struct NoAnimationTests {
    @Test("animationsEnabled = false makes every settle jump to its end value")
    func settlesJump() {
        var e = longList()
        e.setAnimationsEnabled(false, at: 0)
        _ = e.scroll(delta: -rawFor(pull: 50), source: .touchpad, at: 0)
        e.scrollStop(at: 0)
        #expect(e.pull == 0)

        _ = e.scroll(delta: -rawFor(pull: 100), source: .touchpad, at: 1)
        e.scrollStop(at: 1)
        #expect(e.pull == 70)
        e.tick(at: 1)
        let events28 = e.takeEvents()
        #expect(events28.refreshRequests == 1)
        #expect(e.headerVisual.glyph == .ring(morph: 1, rotation: 0, lineWidth: 5))

        e.endRefreshing(ok: true, at: 2)
        #expect(e.pull == 0)
        #expect(e.header == .idle)
        #expect(!e.needsTicks)
    }

    @Test("Without animations beginRefreshing opens the header and fires the action at once; mid-list nothing moves")
    func beginJumps() {
        var e = longList()
        e.setAnimationsEnabled(false, at: 0)
        let accepted29 = e.beginRefreshing(at: 1)
        #expect(accepted29)
        #expect(e.pull == 70)
        #expect(e.offset == 0)
        let events30 = e.takeEvents()
        #expect(events30.refreshRequests == 1)
        var scrolled = longList()
        scrolled.setAnimationsEnabled(false, at: 0)
        scrolled.externalScroll(to: 800, at: 0)
        let acceptedScrolled = scrolled.beginRefreshing(at: 1)
        #expect(acceptedScrolled)
        #expect(scrolled.pull == 0 && scrolled.offset == 800)
        let scrolledEvents = scrolled.takeEvents()
        #expect(scrolledEvents.refreshRequests == 1)
    }

    @Test("Without animations the failure mark still holds for its second")
    func failureStillHeld() {
        var e = longList()
        e.setAnimationsEnabled(false, at: 0)
        e.beginRefreshing(at: 0)
        e.endRefreshing(ok: false, at: 1)
        e.tick(at: 1.5)
        #expect(e.header == .failed)
        e.tick(at: 1 + Tuning.failureHold)
        #expect(e.header == .idle)
        #expect(e.pull == 0)
    }
}

@Suite("Header: other styles")
struct HeaderStyleTests {
    @Test("Every style refreshes through the same rules and holds its own height",
          arguments: HeaderStyle.allCases)
    func heldHeight(style: HeaderStyle) {
        var e = longList(style: style)
        let fired = e.pullToRefresh(at: 0)
        #expect(e.pull == style.heldHeight)
        let events31 = e.takeEvents()
        #expect(events31.refreshRequests == 1)
        e.endRefreshing(ok: true, at: fired + 1)
        e.run(from: fired + 1, to: fired + 2)
        #expect(e.pull == 0)
        #expect(e.header == .idle)
    }

    @Test("Held heights: jike 70, classic ≈ 60, plain 30")
    func heights() {
        #expect(HeaderStyle.jike.heldHeight == 70)
        #expect(HeaderStyle.classic.heldHeight == 60)
        #expect(HeaderStyle.plain.heldHeight == 30)
    }

    @Test("The classic arrow turns up over ≈ 0.2 s when armed and back when disarmed")
    func classicArrow() {
        var e = longList(style: .classic)
        // A drag has no quiet period: the gesture lasts as long as the test needs.
        e.dragBegin(at: 0)
        e.dragUpdate(offsetY: Tuning.dragSlop, at: 0)
        e.dragUpdate(offsetY: Tuning.dragSlop + rawFor(pull: 90), at: 0)
        #expect(e.header == .armed)
        #expect(e.headerVisual.indicator == .arrow(turn: 0))
        e.tick(at: Tuning.arrowFlipDuration / 2)
        if case .arrow(let turn) = e.headerVisual.indicator { #expect(turn > 0.5 && turn < 1) } else { Issue.record("no arrow") }
        e.tick(at: Tuning.arrowFlipDuration)
        #expect(e.headerVisual.indicator == .arrow(turn: 1))
        #expect(e.headerVisual.message == .releaseToRefresh)
        e.dragUpdate(offsetY: Tuning.dragSlop + rawFor(pull: 30), at: 0.3)
        #expect(e.header == .pulling)
        e.tick(at: 0.3 + Tuning.arrowFlipDuration)
        #expect(e.headerVisual.indicator == .arrow(turn: 0))
        #expect(e.headerVisual.message == .pullToRefresh)
        #expect(Tuning.arrowFlipDuration == 0.2)
    }

    @Test("The plain bar says what the classic header says: sentence-case messages, one set for every style")
    func plainMessages() {
        var e = longList(style: .plain)
        #expect(e.headerVisual.message == .pullToRefresh)
        _ = e.scroll(delta: -rawFor(pull: 40), source: .touchpad, at: 0)
        #expect(e.headerVisual.message == .pullToRefresh)
        _ = e.scroll(delta: -rawFor(pull: 90) + rawFor(pull: 40), source: .touchpad, at: 0)
        #expect(e.header == .armed && e.headerVisual.message == .releaseToRefresh)
        e.scrollStop(at: 0)
        #expect(e.headerVisual.message == .refreshing)
        e.tick(at: 1)
        let ended = e.endRefreshing(ok: true, at: 1)
        #expect(ended && e.headerVisual.message == .updated)
    }
}
