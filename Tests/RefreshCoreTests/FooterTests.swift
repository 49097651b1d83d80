import RefreshCore
import Testing

/// docs/behaviour.md#footer-and-load-more: the load-more footer.
@Suite("Footer: auto mode")
struct AutoFooterTests {
    @Test("Auto mode fires exactly once when the bottom comes within the footer's height")
    func firesOncePerApproach() {
        var e = longList()
        #expect(e.maxOffset == 3000 + Tuning.footerHeight - 600)
        e.externalScroll(to: 2300, at: 0)
        let events1 = e.takeEvents()
        #expect(events1.loadRequests == 0)
        e.hostNotch(down: true, at: 0.1)  // 2360: the footer is not in view yet
        #expect(e.footer == .idle)
        e.hostNotch(down: true, at: 0.12)  // 2420: the footer's top is inside the viewport
        #expect(e.footer == .loading)
        let events2 = e.takeEvents()
        #expect(events2.loadRequests == 1)
        // Keep going: the list ends, the rest becomes push. No second load.
        e.hostNotches(6, at: 0.14)
        e.run(from: 0.5, to: 3)
        let events3 = e.takeEvents()
        #expect(events3.loadRequests == 0)
        #expect(e.footer == .loading)
        #expect(e.push == 0)
    }

    @Test("The load fires at the exact line: footer top reaching the viewport bottom")
    func exactZone() {
        var e = longList()
        e.externalScroll(to: 3000 - 600 - 1, at: 0)
        #expect(e.footer == .idle)
        e.externalScroll(to: 3000 - 600, at: 0.01)
        #expect(e.footer == .loading)
    }

    @Test("Rows arrived within the same gesture: no second load until a new gesture reaches the bottom")
    func againOnlyAfterRowsAndNewGesture() {
        var e = longList()
        e.externalScroll(to: 2300, at: 0)
        var t = e.hostNotches(4, at: 0.1)
        let events4 = e.takeEvents()
        #expect(events4.loadRequests == 1)
        // The rows arrive while the same wheel gesture goes on.
        let accepted5 = e.endLoading(ok: true, addedHeight: 600, at: t + 0.01)
        #expect(accepted5)
        #expect(e.footer == .idle)
        t = e.hostNotches(16, at: t + 0.02)  // same gesture (notches 0.03 s apart) reaches the new bottom
        #expect(e.offset == e.maxOffset)
        let events6 = e.takeEvents()
        #expect(events6.loadRequests == 0)
        // The wheel is released; a new gesture brings the bottom into view again.
        e.run(from: t, to: t + 1)
        #expect(!e.isGestureActive)
        e.hostNotch(down: false, at: t + 1.1)
        e.run(from: t + 1.1, to: t + 1.5)
        e.hostNotch(down: true, at: t + 1.6)
        let events7 = e.takeEvents()
        #expect(events7.loadRequests == 1)
    }

    @Test("Rows arrived but no new gesture: nothing fires by itself")
    func noNewGestureNoLoad() {
        var e = longList()
        e.externalScroll(to: 2444, at: 0)
        let events8 = e.takeEvents()
        #expect(events8.loadRequests == 1)
        e.endLoading(ok: true, addedHeight: 20, at: 1)  // the bottom is still in view
        e.run(from: 1, to: 5)
        let events9 = e.takeEvents()
        #expect(events9.loadRequests == 0)
        #expect(e.footer == .idle)
    }

    @Test("A failed load retries when a new gesture brings the bottom into view")
    func failedRetriesOnNewGesture() {
        var e = longList()
        e.externalScroll(to: 2300, at: 0)
        e.hostNotches(3, at: 0.1)
        let events10 = e.takeEvents()
        #expect(events10.loadRequests == 1)
        e.endLoading(ok: false, at: 0.17)
        #expect(e.footer == .failed)
        #expect(e.footerVisual.message == .failedRetry)
        e.hostNotches(3, at: 0.18)  // same gesture: no retry
        let events11 = e.takeEvents()
        #expect(events11.loadRequests == 0)
        e.run(from: 0.3, to: 1)
        e.hostNotch(down: true, at: 1.1)  // new gesture at the bottom
        let events12 = e.takeEvents()
        #expect(events12.loadRequests == 1)
        #expect(e.footer == .loading)
    }

    @Test("Keyboard End reaching the bottom fires auto load-more, once")
    func endKeyLoads() {
        var e = longList()
        e.command(.end, at: 0)
        e.run(from: 0, to: 1)
        #expect(e.offset == e.maxOffset)
        let events13 = e.takeEvents()
        #expect(events13.loadRequests == 1)
        e.command(.end, at: 1.1)
        e.run(from: 1.1, to: 2)
        let events14 = e.takeEvents()
        #expect(events14.loadRequests == 0)
        e.endLoading(ok: true, addedHeight: 1000, at: 2)
        e.command(.end, at: 3)
        e.run(from: 3, to: 4)
        let events15 = e.takeEvents()
        #expect(events15.loadRequests == 1)
    }

    @Test("Page Down into the footer zone fires auto load-more")
    func pageDownLoads() {
        var e = longList()
        e.externalScroll(to: 2000, at: 0)
        e.command(.pageDown, at: 0.1)
        e.run(from: 0.1, to: 1)
        let events16 = e.takeEvents()
        #expect(events16.loadRequests == 1)
    }

    @Test("New rows are appended without moving the offset")
    func appendKeepsOffset() {
        var e = longList()
        e.externalScroll(to: e.maxOffset, at: 0)
        let offset = e.offset
        e.endLoading(ok: true, addedHeight: 900, at: 1)
        #expect(e.offset == offset)
        #expect(e.rowsHeight == 3900)
        #expect(e.push == 0 && e.pull == 0)
        e.run(from: 1, to: 3)
        #expect(e.offset == offset)
    }

    @Test("loadMore on the footer (click / Enter) loads while idle or failed, and is refused otherwise")
    func loadMoreExplicit() {
        var e = longList()
        let accepted17 = e.loadMore(at: 0)
        #expect(accepted17)
        let events18 = e.takeEvents()
        #expect(events18.loadRequests == 1)
        let accepted19 = e.loadMore(at: 0.1)
        #expect(!accepted19)  // already loading
        e.endLoading(ok: false, at: 1)
        let accepted20 = e.loadMore(at: 1.5)
        #expect(accepted20)  // retry
        let events21 = e.takeEvents()
        #expect(events21.loadRequests == 1)
        e.endLoading(ok: true, addedHeight: 100, exhausted: true, at: 2)
        let accepted22 = e.loadMore(at: 2.5)
        #expect(!accepted22)
        let events23 = e.takeEvents()
        #expect(events23.loadRequests == 0)
    }

    /// An explicit load with the end of the rows in view and the footer not all shown eases the
    /// footer in over `Tuning.keyScrollDuration`, so what loads is seen; mid-list, in pull mode or
    /// under a gesture, nothing moves.
    @Test(arguments: [(start: 2400.0, footer: FooterMode.auto, moves: true),   // the rows' end at the bottom edge
                      (start: 2420.0, footer: .auto, moves: true),             // the footer 20 px in
                      (start: 1000.0, footer: .auto, moves: false),            // mid-list
                      (start: 2400.0, footer: .pull, moves: false)])           // pull: outside the range
    func anExplicitLoadAtTheEndShowsTheFooter(start: Double, footer: FooterMode, moves: Bool) {
        var e = longList(footer: footer)
        e.externalScroll(to: start, at: 0)
        if e.footer == .loading {  // the scroll itself reached the auto zone: let it fail
            e.endLoading(ok: false, at: 0.5)
        }
        _ = e.takeEvents()
        let accepted = e.loadMore(at: 1)
        #expect(accepted)
        #expect(e.takeEvents().loadRequests == 1)
        e.run(from: 1, to: 1 + Tuning.keyScrollDuration / 2)
        if moves {
            #expect(e.offset > start && e.offset < e.maxOffset, "eased, not jumped: \(e.offset)")
        }
        e.run(from: 1 + Tuning.keyScrollDuration / 2, to: 2)
        #expect(e.offset == (moves ? e.maxOffset : start))
        #expect(e.footer == .loading)
    }

    @Test func aRetryAskedForDuringAKeyScrollLeavesItAlone() {
        var e = longList()
        e.externalScroll(to: 2420, at: 0)
        e.endLoading(ok: false, at: 0.5)
        e.command(.pageUp, at: 1)  // the list starts easing up; the footer is still half shown
        let accepted = e.loadMore(at: 1)
        #expect(accepted)
        e.run(from: 1, to: 2)
        #expect(abs(e.offset - (2420 - 600 * Tuning.pageFraction)) < 0.5, "the retry took the list back: \(e.offset)")
    }

    @Test func aRetryAskedForDuringAGestureMovesNothing() {
        var e = longList()
        e.externalScroll(to: 2420, at: 0)
        e.endLoading(ok: false, at: 0.5)
        // Two fingers on the touchpad move the list up a little and stay down.
        let disposition = e.scroll(delta: -5, source: .touchpad, at: 1)
        #expect(disposition == .passThrough)
        e.externalScroll(to: e.offset - 5, at: 1)
        _ = e.takeEvents()
        let accepted = e.loadMore(at: 1.01)
        #expect(accepted)
        e.run(from: 1.01, to: 1.5)
        #expect(e.offset == 2415)
    }

    /// A refresh run in place at the bottom (F5 there): the host keeping the rows on screen as the
    /// new rows are laid out above moves the offset down, which is no approach to the end and
    /// loads nothing (a Wayland scenario on a GTK 3 list box once saw this load); the next
    /// gesture towards the end may load again.
    @Test("A refresh run in place at the bottom loads nothing by itself; the next gesture may")
    func inPlaceRefreshAtTheBottomLoadsNothingByItself() {
        var e = longList()
        e.command(.end, at: 0)
        e.run(from: 0, to: 1)
        let loads = e.takeEvents()
        #expect(loads.loadRequests == 1)
        e.endLoading(ok: true, addedHeight: 0, exhausted: true, at: 1)
        e.run(from: 1, to: 2)
        let bottom = e.offset
        #expect(bottom > 0 && e.footer == .noMoreData)
        e.beginRefreshing(at: 2)
        e.run(from: 2, to: 2.5)
        e.endRefreshing(ok: true, insertedHeight: 0, at: 2.5)
        #expect(e.footer == .idle)
        // The rows appear later (a wrapped host), and the host keeps what is on screen.
        e.setRowsHeight(e.rowsHeight + 200, insertedAbove: 0, at: 2.6)
        e.externalScroll(to: bottom + 200, at: 2.6)
        e.run(from: 2.6, to: 3.5)
        let quiet = e.takeEvents()
        #expect(quiet.loadRequests == 0, "the offset the host moved loaded")
        _ = e.hostNotches(1, at: 4)
        e.run(from: 4, to: 5)
        let again = e.takeEvents()
        #expect(again.loadRequests == 1)
    }

    /// A wrapped list lays the loaded rows out frames after the app answered (their height
    /// unknown: `addedHeight: nil`); a gesture that begins at the end before they arrive does not
    /// load again over them (seen under a loaded Wayland session on a GTK 3 list box: a swipe that
    /// began 11 ms after the load ended). Once they arrive the next approach loads.
    @Test("Rows a wrapped list has not laid out yet: a new gesture at the end waits for them")
    func aGestureBeforeTheLoadedRowsArriveLoadsNothing() {
        var e = longList()
        e.command(.end, at: 0)
        e.run(from: 0, to: 1)
        #expect(e.takeEvents().loadRequests == 1)
        let end = e.offset
        e.endLoading(ok: true, addedHeight: nil, at: 1)
        #expect(e.footer == .idle)
        // A touch swipe up the list begins at once: the content moves down, into the zone.
        e.pressDown(at: 1.01)
        for step in 1...6 { _ = e.pressMoved(offsetY: -12 * Double(step), device: .touch, at: 1.01 + 0.016 * Double(step)) }
        #expect(e.takeEvents().loadRequests == 0, "a gesture over rows not laid out yet loaded")
        // The rows arrive under the finger: the list is no longer at its end.
        e.setRowsHeight(e.rowsHeight + 800, at: 1.2)
        #expect(e.offset + e.viewportHeight < e.rowsHeight)
        for step in 7...12 { _ = e.pressMoved(offsetY: -12 * Double(step), device: .touch, at: 1.01 + 0.016 * Double(step)) }
        e.pressUp(at: 1.3)
        e.run(from: 1.3, to: 3)
        #expect(e.takeEvents().loadRequests == 0)
        #expect(e.offset > end)
        // The next approach to the new end loads.
        e.command(.end, at: 3)
        e.run(from: 3, to: 4)
        #expect(e.takeEvents().loadRequests == 1)
    }

    @Test("Loaded rows that never arrive hold the footer only while the list stays at its end")
    func rowsThatNeverArriveHoldOnlyAtTheEnd() {
        var e = longList()
        e.command(.end, at: 0)
        e.run(from: 0, to: 1)
        #expect(e.takeEvents().loadRequests == 1)
        e.endLoading(ok: true, addedHeight: nil, at: 1)
        _ = e.hostNotches(2, at: 1.1)  // a new gesture at the end
        e.run(from: 1.1, to: 2)
        #expect(e.takeEvents().loadRequests == 0)
        // Away from the end and back: an approach like any other.
        e.command(.pageUp, at: 2)
        e.run(from: 2, to: 3)
        e.command(.end, at: 3)
        e.run(from: 3, to: 4)
        #expect(e.takeEvents().loadRequests == 1)
    }

    @Test("Loaded rows laid out before the app answered: the footer is free at once")
    func rowsThatArrivedFirstHoldNothing() {
        var e = longList()
        e.command(.end, at: 0)
        e.run(from: 0, to: 1)
        #expect(e.takeEvents().loadRequests == 1)
        e.setRowsHeight(e.rowsHeight + 800, at: 1)  // the host laid them out first
        e.endLoading(ok: true, addedHeight: nil, at: 1.1)
        e.command(.end, at: 1.2)
        e.run(from: 1.2, to: 2)
        #expect(e.takeEvents().loadRequests == 1)
    }

    @Test("noMoreData holds until a successful refresh")
    func noMoreDataUntilRefresh() {
        var e = longList()
        e.command(.end, at: 0)
        e.run(from: 0, to: 1)
        let events24 = e.takeEvents()
        #expect(events24.loadRequests == 1)
        e.endLoading(ok: true, addedHeight: 300, exhausted: true, at: 1)
        #expect(e.footer == .noMoreData)
        #expect(e.footerVisual.message == .noMoreData)
        e.command(.end, at: 2)
        e.run(from: 2, to: 3)
        e.hostNotches(3, at: 3.5)
        e.run(from: 3.5, to: 4)
        let events25 = e.takeEvents()
        #expect(events25.loadRequests == 0)
        // A failed refresh does not clear it.
        e.beginRefreshing(at: 5)
        e.tick(at: 5.25)
        e.endRefreshing(ok: false, at: 5.5)
        e.run(from: 5.5, to: 8)
        #expect(e.footer == .noMoreData)
        // A successful one does.
        e.beginRefreshing(at: 9)
        e.tick(at: 9.25)
        e.endRefreshing(ok: true, insertedHeight: 0, at: 9.5)
        #expect(e.footer == .idle)
        e.run(from: 9.5, to: 10.5)
        _ = e.takeEvents()
        // The refreshes ran in place, at the end: back to the top, then to the end again.
        e.command(.home, at: 10.5)
        e.run(from: 10.5, to: 11)
        e.command(.end, at: 11)
        e.run(from: 11, to: 12)
        let events26 = e.takeEvents()
        #expect(events26.loadRequests == 1)
    }

    @Test("endLoading when not loading is a no-op and changes nothing")
    func endLoadingWhenIdle() {
        for footer in [FooterPhase.idle, .failed, .noMoreData] {
            var e = longList()
            e.externalScroll(to: 1000, at: 0)
            if footer != .idle {
                e.loadMore(at: 0.1)
                e.endLoading(ok: footer == .noMoreData, exhausted: true, at: 0.2)
            }
            #expect(e.footer == footer)
            var reference = e
            reference.tick(at: 1)
            let referenceEvents = reference.takeEvents()
            let accepted27 = e.endLoading(ok: true, addedHeight: 500, exhausted: false, at: 1)
            #expect(!accepted27)
            #expect(e.observed == reference.observed)
            let events28 = e.takeEvents()
            #expect(events28 == referenceEvents)
        }
    }

    @Test("Footer visual: follows the last row, spinner only while loading")
    func footerVisual() {
        var e = longList()
        e.externalScroll(to: 2444, at: 0)
        let v = e.footerVisual
        #expect(v.isShown)
        #expect(v.phase == .loading)
        #expect(v.message == .loading)
        #expect(v.spinnerAngle == 0)
        #expect(v.top == 3000 - 2444)
        #expect(v.rect(viewportWidth: 300) == Rect(x: 0, y: 556, width: 300, height: Tuning.footerHeight))
        e.tick(at: 0.25)
        #expect(near(e.footerVisual.spinnerAngle ?? -1, 2 * Double.pi * 0.25 / Tuning.spinnerPeriod))
        e.endLoading(ok: true, at: 1)
        #expect(e.footerVisual.spinnerAngle == nil)
        #expect(e.footerVisual.message == .loadMore)
    }
}

@Suite("Footer: short list")
struct ShortListTests {
    @Test("A short list never auto-loads: wheel, touchpad, drag and keys at the bottom", arguments: FooterMode.allCases)
    func neverLoads(mode: FooterMode) {
        var e = shortList(footer: mode)
        #expect(e.isShortList)
        #expect(!e.footerVisual.isShown)
        #expect(e.maxOffset == 0)
        e.hostNotches(6, at: 0)
        e.run(from: 0.2, to: 1)
        _ = e.scroll(delta: 400, source: .touchpad, at: 1.1)  // push far past the footer height
        #expect(e.push > Tuning.footerHeight)
        #expect(e.footer == .idle)
        e.scrollStop(at: 1.2)
        e.dragBegin(at: 2)
        e.dragUpdate(offsetY: -10, at: 2.1)
        e.dragUpdate(offsetY: -500, at: 2.2)
        #expect(e.footer == .idle)
        e.dragEnd(at: 2.3)
        e.command(.end, at: 3)
        e.command(.pageDown, at: 3.1)
        e.run(from: 3.1, to: 5)
        let accepted29 = e.loadMore(at: 5)
        #expect(!accepted29)
        let events30 = e.takeEvents()
        #expect(events30.loadRequests == 0)
        #expect(e.footer == .idle)
        #expect(e.push == 0)
    }

    @Test("Pulling at the top of a short list refreshes but never loads")
    func shortListPull() {
        var e = shortList()
        _ = e.pullToRefresh(at: 0)
        let events = e.takeEvents()
        #expect(events.refreshRequests == 1)
        #expect(events.loadRequests == 0)
    }

    @Test("A list that grows past the viewport starts loading only with a gesture")
    func growingList() {
        var e = shortList()
        e.setRowsHeight(610, at: 1)  // now the footer zone is in view at offset 0
        e.run(from: 1, to: 2)
        let events31 = e.takeEvents()
        #expect(events31.loadRequests == 0)
        e.hostNotch(down: true, at: 2)
        let events32 = e.takeEvents()
        #expect(events32.loadRequests == 1)
    }
}

@Suite("Footer: pull mode")
struct PullFooterTests {
    static func atBottom() -> RefreshEngine {
        var e = longList(footer: .pull)
        #expect(e.maxOffset == 3000 - 600)
        e.externalScroll(to: e.maxOffset, at: 0)
        return e
    }

    @Test("Pull mode never loads by scrolling alone")
    func noAutoLoad() {
        var e = Self.atBottom()
        e.command(.end, at: 0.1)
        e.run(from: 0.1, to: 1)
        let events33 = e.takeEvents()
        #expect(events33.loadRequests == 0)
        #expect(e.footer == .idle)
    }

    @Test("Pull mode arms at q ≥ footer height, with hysteresis")
    func armsAtFooterHeight() {
        var e = Self.atBottom()
        _ = e.scroll(delta: rawFor(pull: Tuning.footerHeight - 1e-6), source: .touchpad, at: 0.1)
        #expect(e.footer == .idle)
        var raw = rawFor(pull: Tuning.footerHeight + 1e-6)
        _ = e.scroll(delta: raw - rawFor(pull: Tuning.footerHeight - 1e-6), source: .touchpad, at: 0.11)
        #expect(e.footer == .armed)
        #expect(e.footerVisual.message == .releaseToLoad)
        let low = rawFor(pull: Tuning.footerHeight - Tuning.armHysteresis + 0.5)
        _ = e.scroll(delta: low - raw, source: .touchpad, at: 0.12)
        raw = low
        #expect(e.footer == .armed)
        let lower = rawFor(pull: Tuning.footerHeight - Tuning.armHysteresis - 0.5)
        _ = e.scroll(delta: lower - raw, source: .touchpad, at: 0.13)
        #expect(e.footer == .idle)
    }

    @Test("Release while armed → loading; the footer is held in view at its height")
    func releaseLoads() {
        var e = Self.atBottom()
        _ = e.scroll(delta: rawFor(pull: 80), source: .touchpad, at: 0.1)
        #expect(e.footer == .armed)
        e.scrollStop(at: 0.2)
        #expect(e.footer == .loading)
        let events34 = e.takeEvents()
        #expect(events34.loadRequests == 1)
        e.run(from: 0.2, to: 2)
        #expect(e.push == Tuning.footerHeight)
        // Push again while loading: no second load, back to the footer height.
        _ = e.scroll(delta: 300, source: .touchpad, at: 2.1)
        e.scrollStop(at: 2.2)
        e.run(from: 2.2, to: 4)
        #expect(e.push == Tuning.footerHeight)
        let events35 = e.takeEvents()
        #expect(events35.loadRequests == 0)
        #expect(e.footerVisual.top == 600 - Tuning.footerHeight)
    }

    @Test("Release below the footer height springs back without loading")
    func releaseBelowSpringsBack() {
        var e = Self.atBottom()
        _ = e.scroll(delta: rawFor(pull: 30), source: .touchpad, at: 0.1)
        e.scrollStop(at: 0.2)
        e.run(from: 0.2, to: 2)
        #expect(e.push == 0)
        #expect(e.footer == .idle)
        let events36 = e.takeEvents()
        #expect(events36.loadRequests == 0)
    }

    @Test("Rows arriving in pull mode take the held footer's place: nothing on screen moves")
    func rowsReplaceHeldFooter() {
        var e = Self.atBottom()
        _ = e.scroll(delta: rawFor(pull: 80), source: .touchpad, at: 0.1)
        e.scrollStop(at: 0.2)
        e.run(from: 0.2, to: 2)
        let rowScreenY = 2000 - e.offset + e.displacement  // a row at content y = 2000
        e.endLoading(ok: true, addedHeight: 500, at: 3)
        #expect(near(2000 - e.offset + e.displacement, rowScreenY))
        #expect(e.push == 0)
        #expect(e.offset == 2444)
        #expect(e.footer == .idle)
        e.run(from: 3, to: 5)
        #expect(e.offset == 2444)
        #expect(!e.needsTicks)
    }

    @Test("An exhausted or failed pull-mode load lets the footer spring back")
    func exhaustedSpringsBack() {
        for ok in [true, false] {
            var e = Self.atBottom()
            _ = e.scroll(delta: rawFor(pull: 80), source: .touchpad, at: 0.1)
            e.scrollStop(at: 0.2)
            e.run(from: 0.2, to: 2)
            e.endLoading(ok: ok, exhausted: true, at: 3)
            #expect(e.footer == (ok ? .noMoreData : .failed))
            e.run(from: 3, to: 5)
            #expect(e.push == 0)
            #expect(e.offset == 2400)
        }
    }

    @Test("A failed pull-mode load is retried by pushing again")
    func failedRetriesByPush() {
        var e = Self.atBottom()
        _ = e.scroll(delta: rawFor(pull: 80), source: .touchpad, at: 0.1)
        e.scrollStop(at: 0.2)
        e.endLoading(ok: false, at: 1)
        e.run(from: 1, to: 2)
        _ = e.takeEvents()
        _ = e.scroll(delta: rawFor(pull: 80), source: .touchpad, at: 2.1)
        #expect(e.footer == .armed)
        e.scrollStop(at: 2.2)
        #expect(e.footer == .loading)
        let events37 = e.takeEvents()
        #expect(events37.loadRequests == 1)
    }
}
