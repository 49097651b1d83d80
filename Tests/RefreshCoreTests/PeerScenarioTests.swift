import RefreshCore
import Testing

// Scenarios from the test suites of peer controls, restated for this engine: Flutter's material
// RefreshIndicator (packages/flutter/test/material/refresh_indicator_test.dart), Flutter's
// CupertinoSliverRefreshControl (packages/flutter/test/cupertino/refresh_test.dart) and AndroidX's
// SwipeRefreshLayout (swiperefreshlayout/src/androidTest). Each test names the peer test it comes
// from; docs/behaviour.md ("Peer scenarios") says why the scenarios left out do not
// apply. Where our behaviour differs on purpose (a refresh starts on release, the rubber band, a drag
// that reaches the top turns into a pull), the test asserts ours and says so.

/// A finger on the list, driven like GTK's drag gesture: positions are the total movement since the
/// press (down = positive), reached in small steps at a steady speed.
struct Finger {
    private(set) var t: Double
    private(set) var y = 0.0

    /// Presses at `t`.
    static func press(_ e: inout RefreshEngine, at t: Double) -> Finger {
        e.dragBegin(at: t)
        return Finger(t: t)
    }

    /// Moves to `target` in steps of at most `step` px at `speed` px/s. With 4 px steps the drag
    /// starts exactly at the slop, so past it the content follows `y ∓ Tuning.dragSlop`.
    mutating func move(to target: Double, _ e: inout RefreshEngine, step: Double = 4, speed: Double = 400) {
        while y != target {
            let next = target > y ? min(y + step, target) : max(y - step, target)
            t += abs(next - y) / speed
            y = next
            e.dragUpdate(offsetY: y, at: t)
        }
    }

    /// Keeps still for `seconds` (the engine sees time pass).
    mutating func wait(_ seconds: Double, _ e: inout RefreshEngine) {
        e.run(from: t, to: t + seconds)
        t += seconds
    }

    /// Lifts the finger; `resting` first keeps it still long enough that the release does not fling.
    mutating func lift(_ e: inout RefreshEngine, resting: Bool = true) {
        if resting { wait(Tuning.flingVelocityWindow + 0.02, &e) }
        e.dragEnd(at: t)
    }
}

/// The finger position (from the press) that displays pull `p` on a `viewport` px list at rest.
func fingerFor(pull p: Double, viewport: Double = 600) -> Double {
    Tuning.dragSlop + rawFor(pull: p, viewport: viewport)
}

/// A Flutter-style fling: press, move `distance` px at `speed` px/s, lift at once.
@discardableResult
func fling(_ e: inout RefreshEngine, by distance: Double, speed: Double = 1000, at t: Double) -> Double {
    var finger = Finger.press(&e, at: t)
    finger.move(to: distance, &e, step: 10, speed: speed)
    finger.lift(&e, resting: false)
    return finger.t
}

// MARK: - Flutter material RefreshIndicator

@Suite("Peers: Flutter RefreshIndicator")
struct FlutterMaterialScenarioTests {
    // "RefreshIndicator": a fling down from the top refreshes once.
    @Test func materialRefreshIndicator() {
        var e = longList()
        let up = fling(&e, by: 300, at: 0)
        #expect(e.header == .refreshing)
        e.run(from: up, to: up + 1)
        let events = e.takeEvents()
        #expect(events.refreshRequests == 1)
        e.endRefreshing(ok: true, at: up + 1)
        e.run(from: up + 1, to: up + 3)
        #expect(e.header == .idle)
        #expect(e.pull == 0)
        #expect(e.takeEvents().refreshRequests == 0)
    }

    // "Refresh Indicator - nested": a horizontal fling does not refresh, a vertical one does. Partly: the
    // host hands the engine only the vertical movement, so a horizontal drag is a drag that never moves.
    @Test func materialNested() {
        var e = longList()
        var finger = Finger.press(&e, at: 0)
        finger.move(to: 0.5, &e)  // sideways: at most sub-pixel vertical jitter
        finger.wait(0.3, &e)
        finger.lift(&e)
        e.run(from: finger.t, to: finger.t + 3)
        #expect(e.takeEvents().refreshRequests == 0)
        let up = fling(&e, by: 300, at: 4)
        e.run(from: up, to: up + 1)
        #expect(e.takeEvents().refreshRequests == 1)
    }

    // "RefreshIndicator - top - position": while the refresh holds, the indicator is in the top part of
    // the list. Ours: the J's centre rests 35 px above the content top, which rests at H = 70.
    @Test func materialTopPosition() {
        var e = longList()
        let up = fling(&e, by: 300, at: 0)
        e.run(from: up, to: up + 2)
        #expect(e.header == .refreshing)
        let box = e.headerVisual.jikeBox(viewportWidth: 400)
        #expect(near(box.midY, Tuning.triggerPull - 35))
        #expect(box.midY < 300)
    }

    // "RefreshIndicator - no movement": a fling with no vertical movement does not refresh.
    @Test func materialNoMovement() {
        var e = longList()
        let up = fling(&e, by: 1, at: 0)
        e.run(from: up, to: up + 3)
        #expect(!e.isGestureActive)
        #expect(e.takeEvents().isEmpty)
        #expect(e.offset == 0 && e.pull == 0)
    }

    // "RefreshIndicator - not enough": a short fling springs back without refreshing.
    @Test func materialNotEnough() {
        var e = longList()
        let up = fling(&e, by: 50, at: 0)
        e.run(from: up, to: up + 3)
        #expect(e.takeEvents().refreshRequests == 0)
        #expect(e.header == .idle)
        #expect(e.pull == 0)
    }

    // "RefreshIndicator - just enough": 200 px is enough (ours: p ≈ 90 ≥ 70 on a 600 px list).
    @Test func materialJustEnough() {
        var e = longList()
        let up = fling(&e, by: 200, at: 0)
        e.run(from: up, to: up + 3)
        #expect(e.takeEvents().refreshRequests == 1)
    }

    // "RefreshIndicator - drag back not far enough to cancel": a little back from armed still refreshes.
    // Ours: armed holds down to 70 − hysteresis.
    @Test func materialDragBackNotFarEnough() {
        var e = longList()
        var finger = Finger.press(&e, at: 0)
        finger.move(to: fingerFor(pull: 80), &e)
        #expect(e.header == .armed)
        finger.move(to: fingerFor(pull: Tuning.triggerPull - Tuning.armHysteresis + 0.5), &e)
        #expect(e.header == .armed)
        finger.lift(&e)
        e.run(from: finger.t, to: finger.t + 3)
        #expect(e.takeEvents().refreshRequests == 1)
    }

    // "RefreshIndicator - drag back far enough to cancel": further back, the release does not refresh.
    @Test func materialDragBackFarEnough() {
        var e = longList()
        var finger = Finger.press(&e, at: 0)
        finger.move(to: fingerFor(pull: 80), &e)
        finger.move(to: fingerFor(pull: Tuning.triggerPull - Tuning.armHysteresis - 0.5), &e)
        #expect(e.header == .pulling)
        finger.lift(&e)
        e.run(from: finger.t, to: finger.t + 3)
        #expect(e.takeEvents().refreshRequests == 0)
        #expect(e.pull == 0)
    }

    // "RefreshIndicator - list does not scroll when canceling refresh" (issue 18 here): drag down,
    // back to the press point, release: the list has not scrolled and nothing refreshes.
    @Test func materialCancelDoesNotScroll() {
        var e = longList()
        var finger = Finger.press(&e, at: 0)
        finger.move(to: 180, &e, step: 6)
        #expect(e.offset == 0)
        #expect(e.header == .armed)
        finger.move(to: 0, &e, step: 6)
        #expect(e.offset == 0)
        #expect(e.pull == 0)
        finger.lift(&e)
        e.run(from: finger.t, to: finger.t + 3)
        #expect(e.takeEvents().refreshRequests == 0)
        #expect(e.offset == 0 && e.pull == 0)
    }

    // "RefreshIndicator - show - slow": showing while a refresh holds does nothing.
    @Test func materialShowSlow() {
        var e = longList()
        let began = e.beginRefreshing(at: 0)
        #expect(began)
        e.run(from: 0, to: 3)
        #expect(e.takeEvents().refreshRequests == 1)
        let again = e.beginRefreshing(at: 3)
        #expect(!again)
        e.run(from: 3, to: 6)
        #expect(e.takeEvents().refreshRequests == 0)
        #expect(e.header == .refreshing)
    }

    // "RefreshIndicator - show - fast": a refresh that ends at once; showing again refreshes again.
    @Test func materialShowFast() {
        var e = longList()
        for round in 0..<2 {
            let t0 = Double(round) * 3
            let began = e.beginRefreshing(at: t0)
            #expect(began)
            e.tick(at: t0 + Tuning.revealDuration)
            #expect(e.takeEvents().refreshRequests == 1)
            let ended = e.endRefreshing(ok: true, at: t0 + Tuning.revealDuration)
            #expect(ended)
            e.run(from: t0 + Tuning.revealDuration, to: t0 + 3)
            #expect(e.header == .idle)
            #expect(e.pull == 0)
        }
    }

    // "RefreshIndicator - show - fast - twice": two shows at once make one refresh.
    @Test func materialShowFastTwice() {
        var e = longList()
        let first = e.beginRefreshing(at: 0)
        let second = e.beginRefreshing(at: 0)
        #expect(first && !second)
        e.run(from: 0, to: 1)
        #expect(e.takeEvents().refreshRequests == 1)
        e.endRefreshing(ok: true, at: 1)
        e.run(from: 1, to: 3)
        #expect(e.header == .idle)
    }

    // "Refresh starts while scroll view moves back to 0.0 after overscroll" (iOS physics). Partly:
    // ours starts the refresh at the release (header `refreshing`) and fires the action when the
    // content has settled from the release position to H, not while it is still moving.
    @Test func materialRefreshWhileMovingBack() {
        var e = longList()
        let up = fling(&e, by: 300, at: 0)
        let released = e.pull
        #expect(released > Tuning.triggerPull)
        #expect(e.header == .refreshing)
        e.tick(at: up + Tuning.refreshSettleDuration / 3)
        #expect(e.pull < released && e.pull > Tuning.triggerPull)
        #expect(e.takeEvents().refreshRequests == 0)
        e.tick(at: up + Tuning.refreshSettleDuration)
        #expect(e.takeEvents().refreshRequests == 1)
        #expect(e.pull == Tuning.triggerPull)
    }

    // "Top RefreshIndicator(anywhere mode) should be shown when dragging from non-zero scroll position":
    // ours always works this way (like iOS): a drag that reaches the top turns into a pull.
    @Test func materialFromNonZeroScrollPosition() {
        var e = longList()
        e.externalScroll(to: 50, at: 0)
        let up = fling(&e, by: 300, at: 1)
        #expect(e.header == .refreshing)
        e.run(from: up, to: up + 2)
        #expect(e.takeEvents().refreshRequests == 1)
        #expect(e.offset == 0)
        #expect(e.headerVisual.jikeBox(viewportWidth: 400).midY < 300)
    }

    // "RefreshIndicator(anywhere mode) should not be shown when overscroll occurs due to inertia":
    // released before the top, the fling stops at the top: no pull, no refresh.
    @Test func materialInertiaDoesNotOverscroll() {
        var e = longList()
        e.externalScroll(to: 100, at: 0)
        let up = fling(&e, by: 99 + Tuning.dragSlop, speed: 3000, at: 1)
        #expect(e.offset > 0)
        #expect(e.needsTicks)
        var t = up
        while t < up + 2 {
            t += 1.0 / 60
            e.tick(at: t)
            #expect(e.pull == 0)
            #expect(e.header == .idle)
        }
        #expect(e.offset == 0)
        #expect(e.takeEvents().refreshRequests == 0)
    }

    // "ScrollController.jumpTo should not trigger the refresh indicator".
    @Test func materialJumpToDoesNotRefresh() {
        var e = longList()
        e.externalScroll(to: 500, at: 0)
        e.externalScroll(to: 0, at: 0.1)
        e.run(from: 0.1, to: 2)
        #expect(e.takeEvents().isEmpty)
        #expect(e.header == .idle && e.pull == 0 && e.offset == 0)
    }

    // "RefreshIndicator.noSpinner › onStatusChange and onRefresh Trigger": every status is reported, in
    // order (ours: pulling → armed → refreshing → finishing → idle).
    @Test func materialStatusSequence() {
        var e = longList()
        let up = fling(&e, by: 300, at: 0)
        e.run(from: up, to: up + 1)
        e.endRefreshing(ok: true, at: up + 1)
        e.run(from: up + 1, to: up + 3)
        let events = e.takeEvents()
        #expect(events.headerPhases == [.pulling, .armed, .refreshing, .finishing, .idle])
        #expect(events.refreshRequests == 1)
    }

    // "RefreshIndicator does not crash at zero area".
    @Test(arguments: [0.0, 500])
    func materialZeroArea(rows: Double) {
        var e = RefreshEngine(viewportHeight: 0, rowsHeight: rows, now: 0)
        var finger = Finger.press(&e, at: 0)
        finger.move(to: 20, &e)
        finger.lift(&e)
        e.run(from: finger.t, to: finger.t + 2)
        #expect(e.pull.isFinite && e.push.isFinite)
        #expect(e.pull == 0 && e.push == 0)
        #expect(e.header == .idle)
    }
}

// MARK: - Flutter CupertinoSliverRefreshControl

/// The Cupertino suite runs every test on a long and on a short list ("UI tests short list").
let listKinds = ["long", "short"]

func list(_ kind: String) -> RefreshEngine {
    kind == "long" ? longList() : RefreshEngine(viewportHeight: 600, rowsHeight: 400, now: 0)
}

@Suite("Peers: Flutter CupertinoSliverRefreshControl")
struct FlutterCupertinoScenarioTests {
    // "doesn't invoke anything without user interaction" and "starts in inactive state".
    @Test(arguments: listKinds)
    func cupertinoNothingWithoutInteraction(kind: String) {
        var e = list(kind)
        #expect(!e.needsTicks)
        e.run(from: 0, to: 5)
        #expect(e.takeEvents().isEmpty)
        #expect(e.header == .idle && e.pull == 0 && e.offset == 0)
    }

    // "calls the indicator builder when starting to overscroll": a 50 px drag shows a pull and moves the
    // content by it (ours through the rubber band).
    @Test(arguments: listKinds)
    func cupertinoOverscrollStartsPulling(kind: String) {
        var e = list(kind)
        var finger = Finger.press(&e, at: 0)
        finger.move(to: Tuning.dragSlop + 50, &e)
        #expect(e.header == .pulling)
        #expect(near(e.pull, RubberBand(dimension: 600).displayed(raw: 50)))
        #expect(near(e.headerVisual.contentTop, e.pull))
    }

    // "let the builder update as canceled drag scrolls away": released below the trigger, the pull
    // retracts smoothly to 0. Partly: ours reports `idle` at the release, while the content retracts.
    @Test(arguments: listKinds)
    func cupertinoCanceledDragRetracts(kind: String) {
        var e = list(kind)
        var finger = Finger.press(&e, at: 0)
        finger.move(to: Tuning.dragSlop + 50, &e)
        finger.lift(&e)
        var last = e.pull
        var t = finger.t
        while t < finger.t + 3 {
            t += 1.0 / 60
            e.tick(at: t)
            #expect(e.pull <= last)
            last = e.pull
        }
        #expect(e.pull == 0)
        #expect(e.header == .idle)
        #expect(e.takeEvents().refreshRequests == 0)
    }

    // "drag past threshold triggers refresh task": down, back a little, down past the trigger. Partly:
    // the pull follows the raw movement both ways, arms past the trigger; ours refreshes on release.
    @Test(arguments: listKinds)
    func cupertinoReversalThenArm(kind: String) {
        var e = list(kind)
        var finger = Finger.press(&e, at: 0)
        finger.move(to: fingerFor(pull: Tuning.triggerPull - 1), &e)
        #expect(e.header == .pulling)
        let back = finger.y - 30
        finger.move(to: back, &e)
        #expect(near(e.pull, RubberBand(dimension: 600).displayed(raw: back - Tuning.dragSlop)))
        #expect(e.header == .pulling)
        finger.move(to: fingerFor(pull: Tuning.triggerPull + 6), &e)
        #expect(e.header == .armed)
        #expect(e.takeEvents().refreshRequests == 0)
        finger.lift(&e)
        e.run(from: finger.t, to: finger.t + 1)
        #expect(e.takeEvents().refreshRequests == 1)
    }

    // "refreshing task keeps the sliver expanded forever until done".
    @Test(arguments: listKinds)
    func cupertinoHeldUntilDone(kind: String) {
        var e = list(kind)
        let up = fling(&e, by: 150 + Tuning.dragSlop, speed: 400, at: 0)
        e.run(from: up, to: up + 1)
        #expect(e.header == .refreshing)
        e.tick(at: up + 1000)
        #expect(e.header == .refreshing)
        #expect(e.pull == Tuning.triggerPull)
        #expect(e.headerVisual.contentTop == Tuning.triggerPull)
        _ = e.takeEvents()
        e.endRefreshing(ok: true, at: up + 1000)
        #expect(e.header == .finishing)
        #expect(e.takeEvents().headerPhases == [.finishing])
    }

    // "refreshing task keeps the sliver expanded forever until completes with error".
    @Test(arguments: listKinds)
    func cupertinoHeldUntilError(kind: String) {
        var e = list(kind)
        let up = fling(&e, by: 150 + Tuning.dragSlop, speed: 400, at: 0)
        e.tick(at: up + 1000)
        #expect(e.pull == Tuning.triggerPull)
        e.endRefreshing(ok: false, at: up + 1000)
        #expect(e.header == .failed)
        #expect(e.pull == Tuning.triggerPull)
        e.run(from: up + 1000, to: up + 1005)
        #expect(e.header == .idle)
        #expect(e.pull == 0)
    }

    // "expanded refreshing sliver scrolls normally": the held header scrolls away with the rows, and
    // pulled back past the top it settles at H again.
    @Test func cupertinoHeldHeaderScrollsNormally() {
        var e = longList()
        let up = fling(&e, by: 150 + Tuning.dragSlop, speed: 400, at: 0)
        e.run(from: up, to: up + 1)
        #expect(e.pull == Tuning.triggerPull)
        var finger = Finger.press(&e, at: up + 1)
        finger.move(to: -(300 + Tuning.dragSlop), &e)
        #expect(e.header == .refreshing)
        #expect(e.pull == 0)
        #expect(e.offset == 300 - Tuning.triggerPull)
        finger.lift(&e)
        e.run(from: finger.t, to: finger.t + 1)
        #expect(e.offset == 300 - Tuning.triggerPull)  // a scroll position: it stays
        var back = Finger.press(&e, at: finger.t + 1)
        back.move(to: 300 + 60 + Tuning.dragSlop, &e)
        #expect(near(e.pull, Tuning.triggerPull + RubberBand(dimension: 600).displayed(raw: 60)))
        back.lift(&e)
        e.run(from: back.t, to: back.t + 2)
        #expect(e.pull == Tuning.triggerPull)
        #expect(e.offset == 0)
        #expect(e.header == .refreshing)
    }

    // "expanded refreshing sliver goes away when done".
    @Test(arguments: listKinds)
    func cupertinoGoesAwayWhenDone(kind: String) {
        var e = list(kind)
        let up = fling(&e, by: 150 + Tuning.dragSlop, speed: 400, at: 0)
        e.run(from: up, to: up + 2)
        #expect(e.pull == Tuning.triggerPull)
        e.endRefreshing(ok: true, at: up + 2)
        e.run(from: up + 2, to: up + 7)
        #expect(e.header == .idle)
        #expect(e.pull == 0 && e.offset == 0)
        #expect(!e.headerVisual.isVisible)
    }

    // "builder still called when sliver snapped back more than 90%". Partly: ours stays `finishing`
    // for the whole end animation, however little is left of the pull.
    @Test func cupertinoFinishingUntilFullyRetracted() {
        var e = longList()
        let up = fling(&e, by: 150 + Tuning.dragSlop, speed: 400, at: 0)
        e.run(from: up, to: up + 2)
        e.endRefreshing(ok: true, at: up + 2)
        e.tick(at: up + 2 + 0.4)
        #expect(e.header == .finishing)
        #expect(e.pull > 0 && e.pull < 0.05 * Tuning.triggerPull)
        e.tick(at: up + 2 + Tuning.endDuration)
        #expect(e.header == .idle)
        #expect(e.pull == 0)
    }

    // "retracting sliver during done cannot be pulled to refresh again until fully retracted".
    @Test func cupertinoNoRefreshWhileRetracting() {
        var e = longList()
        let up = fling(&e, by: 150 + Tuning.dragSlop, speed: 400, at: 0)
        e.tick(at: up + 1)
        _ = e.takeEvents()
        e.endRefreshing(ok: true, at: up + 1)
        e.tick(at: up + 1.1)
        var finger = Finger.press(&e, at: up + 1.1)
        finger.move(to: 150, &e, step: 10, speed: 3000)
        #expect(finger.t < up + 1 + Tuning.endDuration)
        #expect(e.header == .finishing)
        finger.lift(&e)
        e.run(from: finger.t, to: finger.t + 5)
        #expect(e.takeEvents().refreshRequests == 0)
        #expect(e.header == .idle && e.pull == 0)
        var next = Finger.press(&e, at: finger.t + 5)
        next.move(to: Tuning.dragSlop + 40, &e)
        #expect(e.header == .pulling)
    }

    // "sliver held in overscroll when task finishes completes normally". Partly: ours refreshes on
    // release, so the refresh ends while a second drag holds the header; the content stays under the
    // finger, and the release lets it collapse without a new refresh.
    @Test func cupertinoHeldInOverscrollWhenDone() {
        var e = longList()
        let up = fling(&e, by: 150 + Tuning.dragSlop, speed: 400, at: 0)
        e.tick(at: up + 1)
        var finger = Finger.press(&e, at: up + 1)
        finger.move(to: 80 + Tuning.dragSlop, &e)
        let held = e.pull
        #expect(held > Tuning.triggerPull)
        e.endRefreshing(ok: true, at: finger.t)
        #expect(e.header == .finishing)
        #expect(near(e.pull, held, 1e-9))  // under the finger
        finger.lift(&e)
        #expect(finger.t < up + 1 + 80 / 400 + Tuning.endDuration)
        e.run(from: finger.t, to: finger.t + 5)
        #expect(e.header == .idle && e.pull == 0 && e.offset == 0)
        #expect(e.takeEvents().refreshRequests == 1)
    }

    // "sliver scrolled away when task completes properly removes itself" and "goes back to inactive if
    // already scrolled away when task completes": the rows do not move, and pulling past the top again
    // is a new overscroll.
    @Test func cupertinoScrolledAwayWhenDone() {
        var e = longList()
        let up = fling(&e, by: 150 + Tuning.dragSlop, speed: 400, at: 0)
        e.tick(at: up + 1)
        var finger = Finger.press(&e, at: up + 1)
        finger.move(to: -(300 + Tuning.dragSlop), &e)
        finger.lift(&e)
        e.tick(at: finger.t + 0.5)
        let rows = e.headerVisual.contentTop
        e.endRefreshing(ok: true, at: finger.t + 0.5)
        #expect(e.headerVisual.contentTop == rows)
        e.run(from: finger.t + 0.5, to: finger.t + 3)
        #expect(e.header == .idle)
        #expect(e.headerVisual.contentTop == rows)
        var again = Finger.press(&e, at: finger.t + 3)
        again.move(to: e.offset + 20 + Tuning.dragSlop, &e)
        #expect(e.header == .pulling)
        #expect(near(e.pull, RubberBand(dimension: 600).displayed(raw: 20)))
    }

    // "Should not crash when dragged": a list with no rows, dragged 50 then 500 px.
    @Test func cupertinoNoCrashWhenEmpty() {
        var e = RefreshEngine(viewportHeight: 600, rowsHeight: 0, now: 0)
        for (i, distance) in [50.0, 500].enumerated() {
            let t0 = Double(i) * 5
            var finger = Finger.press(&e, at: t0)
            finger.move(to: distance, &e, step: 10)
            finger.lift(&e)
            e.run(from: finger.t, to: t0 + 4)
        }
        #expect(e.pull == 0 || e.header == .refreshing)
        #expect(!e.takeEvents().contains(.loadRequested))
    }

    // "goes to drag and returns to inactive in a small drag".
    @Test(arguments: listKinds)
    func cupertinoSmallDragReturnsToIdle(kind: String) {
        var e = list(kind)
        var finger = Finger.press(&e, at: 0)
        finger.move(to: 20 + Tuning.dragSlop, &e)
        #expect(e.header == .pulling)
        finger.lift(&e)
        e.run(from: finger.t, to: finger.t + 2)
        #expect(e.header == .idle && e.pull == 0)
    }

    // "goes to armed the frame it passes the threshold".
    @Test(arguments: listKinds)
    func cupertinoArmsTheFrameItPasses(kind: String) {
        var e = list(kind)
        var finger = Finger.press(&e, at: 0)
        finger.move(to: fingerFor(pull: Tuning.triggerPull) - 1, &e)
        #expect(e.header == .pulling)
        finger.move(to: fingerFor(pull: Tuning.triggerPull) + 2, &e)
        #expect(e.header == .armed)
    }

    // "goes to done internally as soon as the task finishes".
    @Test func cupertinoDoneAtOnce() {
        var e = longList()
        let up = fling(&e, by: 100 + Tuning.dragSlop + 50, speed: 400, at: 0)
        e.run(from: up, to: up + 2)
        #expect(e.header == .refreshing)
        #expect(e.headerVisual.contentTop == Tuning.triggerPull)
        e.endRefreshing(ok: true, at: up + 2)
        #expect(e.header == .finishing)
    }

    // "goes back to inactive when retracting back past 10% of arming distance". Partly: ours leaves
    // `finishing` when the end animation's time is up, not at a distance. A finger still holding the
    // header then holds an ordinary pull, classified by its displayed height (when the header stopped
    // being held its first H px turned into rubber band under the finger, without a jump), and its
    // release refreshes only if it is armed.
    @Test func cupertinoHeldPullAfterDoneIsAPull() {
        var e = longList()
        let up = fling(&e, by: 150 + Tuning.dragSlop, speed: 400, at: 0)
        e.tick(at: up + 1)
        var finger = Finger.press(&e, at: up + 1)
        finger.move(to: 80 + Tuning.dragSlop, &e)
        e.endRefreshing(ok: true, at: finger.t)
        finger.move(to: Tuning.dragSlop + 4, &e, step: 10, speed: 4000)
        #expect(e.header == .finishing)
        finger.wait(Tuning.endDuration, &e)
        #expect(e.pull > 0)
        #expect(e.header == (e.pull >= Tuning.triggerPull ? .armed : .pulling))
        let armed = e.header == .armed
        _ = e.takeEvents()
        finger.lift(&e)
        e.run(from: finger.t, to: finger.t + 2)
        #expect(e.takeEvents().refreshRequests == (armed ? 1 : 0))
    }

    // "Does not crash when paintExtent > remainingPaintExtent": a very long pull stays below the
    // viewport height and comes back.
    @Test(arguments: [500.0, 5000])
    func cupertinoDeepPull(distance: Double) {
        var e = RefreshEngine(viewportHeight: 600, rowsHeight: 2000, now: 0)
        var finger = Finger.press(&e, at: 0)
        finger.move(to: distance, &e, step: 25)
        #expect(e.pull < 600)
        #expect(e.header == .armed)
        finger.lift(&e)
        e.run(from: finger.t, to: finger.t + 2)
        #expect(e.pull == Tuning.triggerPull)
    }
}

// MARK: - AndroidX SwipeRefreshLayout

@Suite("Peers: AndroidX SwipeRefreshLayout")
struct AndroidXScenarioTests {
    // SwipeRefreshLayoutTest.testStartAndStopRefreshing: start and stop five times. Partly: ours fires
    // the refresh action for a programmatic refresh too (it behaves as a released armed gesture).
    @Test func androidStartAndStopRefreshing() {
        var e = longList()
        for i in 0..<5 {
            let t0 = Double(i) * 2
            let began = e.beginRefreshing(at: t0)
            #expect(began)
            #expect(e.header == .refreshing)
            let ended = e.endRefreshing(ok: true, at: t0 + 0.1)
            #expect(ended)
            e.run(from: t0 + 0.1, to: t0 + 2)
            #expect(e.header == .idle)
        }
        // Ended before the reveal was over: each refresh was cancelled before its action.
        #expect(e.takeEvents().refreshRequests == 0)
    }

    // SwipeRefreshLayoutTest.testSwipeDownToRefresh: the action runs while refreshing and may end it.
    @Test func androidSwipeDownToRefresh() {
        var e = longList()
        let up = fling(&e, by: 400, at: 0)
        e.run(from: up, to: up + 1)
        let events = e.takeEvents()
        #expect(events.refreshRequests == 1)
        #expect(e.header == .refreshing)
        let ended = e.endRefreshing(ok: true, at: up + 1)
        #expect(ended)
        e.run(from: up + 1, to: up + 2)
        #expect(e.header == .idle)
    }

    // SwipeRefreshLayoutTest.testPressKeycodeRefreshToRefresh. Partly: the host maps F5 / Ctrl+R to
    // `beginRefreshing`; the action ends the refresh and the header goes back to idle.
    @Test func androidRefreshKey() {
        var e = longList()
        e.beginRefreshing(at: 0)
        #expect(e.header == .refreshing)
        e.tick(at: Tuning.revealDuration)
        #expect(e.takeEvents().refreshRequests == 1)
        e.endRefreshing(ok: true, at: Tuning.revealDuration)
        e.run(from: Tuning.revealDuration, to: 2)
        #expect(e.header == .idle)
    }

    // SwipeRefreshLayoutInScrollingParent(AndChild)Test.swipeHorizontallyDuringRefreshGesture. Partly:
    // sideways movement does not change the vertical offset; released below the trigger, nothing.
    @Test func androidSidewaysBeforeArming() {
        var e = longList()
        var finger = Finger.press(&e, at: 0)
        finger.move(to: fingerFor(pull: 50), &e)
        finger.wait(0.2, &e)  // the finger moves sideways: no vertical change
        finger.lift(&e)
        e.run(from: finger.t, to: finger.t + 2)
        #expect(e.takeEvents().refreshRequests == 0)
        #expect(e.pull == 0 && e.offset == 0)
    }

    // SwipeRefreshLayoutInScrollingParent(AndChild)Test.swipeHorizontallyAfterRefreshGesture.
    @Test func androidSidewaysAfterArming() {
        var e = longList()
        var finger = Finger.press(&e, at: 0)
        finger.move(to: fingerFor(pull: 90), &e)
        finger.wait(0.2, &e)
        finger.lift(&e)
        #expect(e.header == .refreshing)
        #expect(e.headerVisual.isVisible)
        #expect(e.offset == 0)
    }

    // SwipeRefreshLayoutRequestDisallowIntercept*Test.swipeLessThanTouchSlop_requestDisallowNotCalled:
    // below the slop the drag is not taken from the list.
    @Test func androidBelowSlop() {
        var e = longList()
        var finger = Finger.press(&e, at: 0)
        finger.move(to: Tuning.dragSlop / 2, &e)
        #expect(!e.isGestureActive)
        finger.lift(&e)
        #expect(e.takeEvents().isEmpty)
    }

    // SwipeRefreshLayoutRequestDisallowIntercept*Test.swipeMoreThanTouchSlop_requestDisallowIsCalled.
    @Test func androidPastSlop() {
        var e = longList()
        var finger = Finger.press(&e, at: 0)
        finger.move(to: Tuning.dragSlop + 1, &e, step: 9)
        #expect(e.isGestureActive)
    }

    // SwipeRefreshLayoutNestedScrollingParent2Test.onNestedPreScroll_mSwipeRefreshPulledPartWay_*:
    // pulled 20 px, a 50 px scroll the other way takes back the 20 and scrolls the list by 30.
    @Test func androidPulledPartWayRemainderScrolls() {
        var e = longList()
        _ = e.scroll(delta: -20, source: .touchpad, at: 0)
        #expect(near(e.pull, RubberBand(dimension: 600).displayed(raw: 20)))
        let disposition = e.scroll(delta: 50, source: .touchpad, at: 0.01)
        #expect(disposition == .consumed)
        #expect(e.pull == 0)
        #expect(e.offset == 30)
    }

    // SwipeRefreshLayoutNestedScrollingParent3Test.onNestedScroll_upward_noScrollDistanceConsumed:
    // scrolling the list on at the top is the list's, not overscroll.
    @Test func androidScrollingOnAtTheTopIsTheLists() {
        var e = longList()
        let disposition = e.scroll(delta: 10, source: .touchpad, at: 0)
        #expect(disposition == .passThrough)
        #expect(e.pull == 0 && e.push == 0)
    }

    // SwipeRefreshLayoutNestedScrollingParent3Test.onNestedScroll_downwardParentConsumesSomeChildCantScroll_
    // allDistanceConsumed: at the top the whole delta is overscroll.
    @Test func androidPullAtTheTopIsAllOverscroll() {
        var e = longList()
        let disposition = e.scroll(delta: -10, source: .touchpad, at: 0)
        #expect(disposition == .consumed)
        #expect(near(e.pull, RubberBand(dimension: 600).displayed(raw: 10)))
    }

    // SwipeRefreshLayoutNestedScrollingParent3Test.onNestedScroll_downwardParentConsumesSomeChildCanScroll_
    // noMoreDistanceConsumed: mid-list the delta is the list's.
    @Test func androidMidListIsTheLists() {
        var e = longList()
        e.externalScroll(to: 500, at: 0)
        let disposition = e.scroll(delta: -10, source: .touchpad, at: 0.1)
        #expect(disposition == .passThrough)
        #expect(e.pull == 0)
    }
}
