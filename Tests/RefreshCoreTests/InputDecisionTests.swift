import PropertyBased
import RefreshCore
import Testing

// docs/behaviour.md#input-model and #footer-and-load-more: every decision the widget takes on input
// is the engine's, so it is tested here with injected time and no display (docs/architecture.md,
// "Where behaviour is decided").

/// A long list scrolled to `offset` (an external scroll: the scrollbar), at t = 0.
private func list(at offset: Double, footerRoomOutsideHost: Bool = false, footer: FooterMode = .auto) -> RefreshEngine {
    var e = RefreshEngine(footerMode: footer, viewportHeight: 600, rowsHeight: 3000, now: 0,
                          footerRoomOutsideHost: footerRoomOutsideHost)
    if offset > 0 { e.externalScroll(to: offset, at: 0) }
    return e
}

/// Scrolled to the very end: the auto footer's load fired on the way and ended with nothing new,
/// so the footer rests on screen offering load more.
private func atTheEnd() -> RefreshEngine {
    var e = list(at: 2444)
    e.endLoading(ok: true, at: 0.5)
    return e
}

private let selectingMouse = PressGesture.Device.mouse(hostSelects: true)

@Suite("Input decisions: the press through the engine")
struct PressEngineTests {
    @Test("A selecting mouse mid-list is the host's: denied, and the content stays where it is")
    func mouseMidListIsTheHosts() {
        var e = list(at: 1000)
        e.pressDown(at: 1)
        let answer1 = e.pressMoved(offsetY: 3, device: selectingMouse, at: 1.01)
        #expect(answer1 == .wait)
        let answer2 = e.pressMoved(offsetY: 30, device: selectingMouse, at: 1.02)
        #expect(answer2 == .reject)
        let answer3 = e.pressMoved(offsetY: 90, device: selectingMouse, at: 1.03)
        #expect(answer3 == .wait)
        #expect(e.offset == 1000 && e.pull == 0 && !e.isGestureActive)
        e.pressUp(at: 1.04)
        #expect(e.press.phase == .finished(click: false))
        #expect(e.click(atViewportY: 100) == .nothing)
    }

    @Test("A selecting mouse pulling at the top, pushing at the bottom or moving a shown pull is the engine's")
    func mouseAtAnEdgeIsTheEngines() {
        var top = list(at: 0)
        top.pressDown(at: 1)
        let answer4 = top.pressMoved(offsetY: 30, device: selectingMouse, at: 1.02)
        #expect(answer4 == .claim)
        #expect(top.pull > 0)
        let answer5 = top.pressMoved(offsetY: 60, device: selectingMouse, at: 1.03)
        #expect(answer5 == .follow)
        // Back mid-pull, a new press moves the shown pull even mid-way up.
        top.pressUp(at: 1.04)
        top.pressDown(at: 1.05)
        #expect(top.isOverscrolled)
        let answer6 = top.pressMoved(offsetY: -30, device: selectingMouse, at: 1.06)
        #expect(answer6 == .claim)

        var bottom = list(at: 2444)
        #expect(bottom.offset == bottom.maxOffset)
        bottom.pressDown(at: 1)
        let answer7 = bottom.pressMoved(offsetY: -30, device: selectingMouse, at: 1.02)
        #expect(answer7 == .claim)
        #expect(bottom.push > 0)

        var topUp = list(at: 0)
        topUp.pressDown(at: 1)
        let answer8 = topUp.pressMoved(offsetY: -30, device: selectingMouse, at: 1.02)
        #expect(answer8 == .reject)
    }

    @Test("A finger, or a mouse on a host that does not select with it, scrolls mid-list")
    func touchScrollsMidList() {
        for device in [PressGesture.Device.touch, .mouse(hostSelects: false)] {
            var e = list(at: 1000)
            e.pressDown(at: 1)
            let answer9 = e.pressMoved(offsetY: -30, device: device, at: 1.02)
            #expect(answer9 == .claim)
            #expect(e.offset > 1000)
            e.pressUp(at: 1.5)
            #expect(!e.isGestureActive)
        }
    }

    @Test("The old drag calls are a finger's press")
    func dragIsATouchPress() {
        var a = list(at: 1000), b = list(at: 1000)
        a.dragBegin(at: 1)
        b.pressDown(at: 1)
        for (i, y) in [4.0, 12, -40, 80].enumerated() {
            a.dragUpdate(offsetY: y, at: 1 + Double(i + 1) / 60)
            b.pressMoved(offsetY: y, device: .touch, at: 1 + Double(i + 1) / 60)
            #expect(a.offset == b.offset && a.pull == b.pull && a.press == b.press)
        }
        a.dragEnd(at: 1.2)
        b.pressUp(at: 1.2)
        #expect(a.press == b.press && a.offset == b.offset)
    }
}

@Suite("Input decisions: what a click lands on")
struct ClickTargetTests {
    @Test("A press within the slop is a click on the content, before and after its release")
    func clickOnContent() {
        var e = list(at: 1000)
        e.pressDown(at: 1)
        e.pressMoved(offsetY: Tuning.dragSlop - 1, device: selectingMouse, at: 1.01)
        #expect(e.click(atViewportY: 200) == .content)
        e.pressUp(at: 1.02)
        #expect(e.click(atViewportY: 200) == .content)
    }

    @Test("A drag, or the tap that stops a key scroll, clicks nothing")
    func noClick() {
        var drag = list(at: 1000)
        drag.pressDown(at: 1)
        drag.pressMoved(offsetY: 30, device: .touch, at: 1.01)
        drag.pressUp(at: 1.02)
        #expect(drag.click(atViewportY: 200) == .nothing)

        var coasting = list(at: 1000)
        coasting.command(.pageDown, at: 1)
        #expect(coasting.isCoasting)
        coasting.pressDown(at: 1.05)
        coasting.pressUp(at: 1.06)
        #expect(coasting.click(atViewportY: 200) == .nothing)
    }

    @Test("A press stops a fling or key scroll at once, before it moves")
    func pressStopsMotion() {
        // A fast swipe up mid-list, released while moving: the content coasts on.
        var fling = list(at: 1000)
        fling.pressDown(at: 1)
        for step in 1...6 { fling.pressMoved(offsetY: Double(-step * 50), device: .touch, at: 1 + Double(step) * 0.01) }
        fling.pressUp(at: 1.06)
        fling.run(from: 1.06, to: 1.1)
        #expect(fling.isCoasting)
        // A finger comes down on it and rests: the content stays under it.
        fling.pressDown(at: 1.1)
        let held = fling.offset
        #expect(!fling.isCoasting)
        fling.run(from: 1.1, to: 1.3)
        #expect(fling.offset == held)
        // It then moves: the content follows it past the slop, from there.
        fling.pressMoved(offsetY: -10, device: .touch, at: 1.31)
        fling.pressMoved(offsetY: -110, device: .touch, at: 1.35)
        #expect(abs(fling.offset - (held + 110 - Tuning.dragSlop)) < 0.001)

        var key = list(at: 1000)
        key.command(.pageDown, at: 1)
        key.run(from: 1, to: 1.05)
        key.pressDown(at: 1.05)
        let stopped = key.offset
        #expect(stopped > 1000 && !key.isCoasting)
        key.run(from: 1.05, to: 2)
        #expect(key.offset == stopped)
    }

    @Test("While a pull is shown a click on the content does nothing")
    func noClickWhileOverscrolled() {
        var e = list(at: 0)
        e.touchpadPull(raw: 40, at: 1, release: false)
        #expect(e.isOverscrolled)
        e.pressDown(at: 1.01)
        e.pressUp(at: 1.02)
        #expect(e.click(atViewportY: 300) == .nothing)
    }

    @Test("A click on the footer offering load more (or retry) is the footer's; elsewhere the content's")
    func clickOnFooter() {
        var e = atTheEnd()
        let top = e.footerVisual.top
        #expect(top == 556 && e.footer == .idle)
        e.pressDown(at: 1)
        #expect(e.click(atViewportY: top + 1) == .footer)
        #expect(e.click(atViewportY: top - 1) == .content)
        #expect(e.click(atViewportY: top + Tuning.footerHeight) == .content)
        // Loading: no longer actionable, a click there is the content's.
        let answer10 = e.loadMore(at: 1.1)
        #expect(answer10)
        #expect(e.click(atViewportY: top + 1) == .content)
        e.endLoading(ok: false, at: 1.2)
        #expect(e.click(atViewportY: top + 1) == .footer)
    }
}

@Suite("Input decisions: the footer on screen")
struct FooterOnScreenTests {
    @Test("On screen: partly in the viewport; actionable: on screen and offering load more or retry")
    func onScreen() {
        #expect(!list(at: 0).footerOnScreen)
        #expect(!list(at: 2400).footerOnScreen)  // just below the viewport
        #expect(list(at: 2401).footerOnScreen)
        let auto = list(at: 2444)
        #expect(auto.footer == .loading && auto.footerOnScreen && !auto.footerActionable && auto.footerHoldsFocus)
        var e = atTheEnd()
        #expect(e.footerOnScreen && e.footerActionable)
        #expect(e.footerHoldsFocus && !list(at: 2400).footerHoldsFocus)
        e.loadMore(at: 1)
        #expect(e.footerOnScreen && !e.footerActionable && e.footerHoldsFocus)
        e.endLoading(ok: false, at: 2)
        #expect(e.footerActionable && e.footerHoldsFocus)
        e.loadMore(at: 3)
        e.endLoading(ok: true, exhausted: true, at: 4)
        #expect(e.footerOnScreen && !e.footerActionable && !e.footerHoldsFocus)
        #expect(!list(at: 2444, footer: .none).footerOnScreen)
        #expect(!shortList().footerOnScreen)
    }

    @Test("The footer's room is in the scroll range in auto mode only")
    func footerRoom() {
        #expect(list(at: 0).footerRoom == Tuning.footerHeight)
        #expect(list(at: 0, footer: .pull).footerRoom == 0)
        #expect(list(at: 0, footer: .none).footerRoom == 0)
        #expect(shortList().footerRoom == 0)
    }
}

@Suite("Input decisions: scrolling into a footer room the host cannot scroll")
struct FooterRoomScrollTests {
    @Test("At the host's end a wheel scrolls into the room and back out, the engine's")
    func intoTheRoom() {
        var e = list(at: 2400, footerRoomOutsideHost: true)
        let answer11 = e.scroll(delta: 20, source: .touchpad, at: 1)
        #expect(answer11 == .consumed)
        #expect(e.offset == 2420)
        let answer12 = e.scroll(delta: -10, source: .touchpad, at: 1.01)
        #expect(answer12 == .consumed)
        #expect(e.offset == 2410)
        let answer13 = e.scroll(delta: -30, source: .touchpad, at: 1.02)
        #expect(answer13 == .consumed)
        #expect(e.offset == 2380)
        // Back at the host's range: the host scrolls again.
        var f = list(at: 2400, footerRoomOutsideHost: true)
        let answer14 = f.scroll(delta: -10, source: .touchpad, at: 1)
        #expect(answer14 == .passThrough)
        #expect(f.offset == 2400)
    }

    @Test("Mid-list, with the room in the host's range, or with no room, the host scrolls")
    func hostScrolls() {
        var mid = list(at: 1000, footerRoomOutsideHost: true)
        let answer15 = mid.scroll(delta: 20, source: .touchpad, at: 1)
        #expect(answer15 == .passThrough)
        var ours = list(at: 2400)
        let answer16 = ours.scroll(delta: 20, source: .touchpad, at: 1)
        #expect(answer16 == .passThrough)
        var pull = list(at: 2400, footerRoomOutsideHost: true, footer: .pull)
        let answer17 = pull.scroll(delta: 20, source: .touchpad, at: 1)
        #expect(answer17 == .consumed)  // a push, not the room
        #expect(pull.offset == 2400 && pull.push > 0)
    }

    @Test("The touchpad's stop is the engine's while a pull is shown, the host's otherwise")
    func scrollStop() {
        var pulled = list(at: 0)
        pulled.touchpadPull(raw: 40, at: 1, release: false)
        let answer18 = pulled.scrollStop(at: 1.01)
        #expect(answer18 == .consumed)
        var mid = list(at: 1000)
        _ = mid.scroll(delta: 20, source: .touchpad, at: 1)
        let answer19 = mid.scrollStop(at: 1.01)
        #expect(answer19 == .passThrough)
    }
}

@Suite("Input decisions: keys, hover, redraws")
struct KeyRouteTests {
    @Test("Every key on a host that moves its own cursor and on one that does not")
    func routes() {
        let mid = list(at: 1000), end = atTheEnd()
        typealias Row = (engine: RefreshEngine, key: KeyIntent, cursor: Bool, footerFocused: Bool, route: KeyRoute)
        let rows: [Row] = [
            (mid, .refresh, false, false, .refresh),
            (mid, .refresh, true, false, .refresh),
            (mid, .scroll(.end), false, false, .scroll(.end)),
            (mid, .scroll(.end), true, false, .host(.scroll(.end))),
            (mid, .lineUp, false, false, .line(-1)),
            (mid, .lineDown, false, false, .line(1)),
            (mid, .lineDown, true, false, .host(.lineDown)),
            (mid, .activate, false, false, .activate(rowFirst: true, footer: false)),
            (mid, .activate, true, false, .host(.activate)),
            (end, .activate, true, false, .activate(rowFirst: true, footer: true)),
            (end, .activate, false, true, .activate(rowFirst: false, footer: true)),
            (end, .activate, false, false, .activate(rowFirst: true, footer: true)),
            (mid, .activate, false, true, .activate(rowFirst: false, footer: false)),
        ]
        for row in rows {
            #expect(row.engine.route(row.key, hostMovesCursor: row.cursor, footerFocused: row.footerFocused) == row.route,
                    "\(row.key) cursor \(row.cursor) footerFocused \(row.footerFocused)")
        }
    }

    @Test("Hover follows the pointer, and leaves the rows while a pull is shown")
    func hover() {
        var e = list(at: 0)
        #expect(e.hover(atViewportY: 120) == 120)
        #expect(e.hover(atViewportY: nil) == nil)
        e.touchpadPull(raw: 40, at: 1, release: false)
        #expect(e.hover(atViewportY: 120) == nil)
    }

    @Test("Decorations animate while anything but rest is shown")
    func decorationsAnimate() {
        var e = list(at: 0)
        #expect(!e.decorationsAnimate)
        e.touchpadPull(raw: 40, at: 1, release: false)
        #expect(e.decorationsAnimate)
        e.scrollStop(at: 1.01)
        e.run(from: 1.01, to: 3)
        #expect(!e.decorationsAnimate)
        var loading = list(at: 2444)
        loading.loadMore(at: 1)
        #expect(loading.decorationsAnimate)
    }
}

/// One step of a random press sequence.
fileprivate enum PressStep: Sendable, Equatable {
    case down, up, moved(Double, PressGesture.Device), key, wait
}

@Suite("Input decisions: random press sequences through the engine")
struct PressEnginePropertyTests {
    fileprivate static let device = Gen<PressGesture.Device>.frequency(
        (1, Gen.always(.touch)), (1, Gen.always(.mouse(hostSelects: false))), (2, Gen.always(selectingMouse)))
    fileprivate static let step = Gen<PressStep>.frequency(
        (1, Gen.always(.down)), (1, Gen.always(.up)), (1, Gen.always(.key)), (1, Gen.always(.wait)),
        (5, zip(Gen.double(in: -120...120), device).map { PressStep.moved($0, $1) }))

    @Test("One decision per press; a denied press never moves the content; a click only when nothing was decided; no drag outlives its release")
    func sequences() async {
        await propertyCheck(count: 300, input: Gen.double(in: 0...2444), Self.step.array(of: 1...40)) { start, steps in
            var e = list(at: start)
            var t = 1.0
            var decided: PressGesture.Decision?, pressed = false, coasting = false
            for step in steps {
                t += 1.0 / 60
                e.tick(at: t)
                switch step {
                case .down:
                    coasting = e.isCoasting
                    e.pressDown(at: t)
                    pressed = true
                    decided = nil
                case .up:
                    e.pressUp(at: t)
                    #expect(!e.isGestureActive, "a drag held the content after its release")
                    pressed = false
                case .key:
                    e.command(.pageDown, at: t)
                case .wait:
                    e.run(from: t, to: t + 0.3)
                    t += 0.3
                case .moved(let y, let device):
                    let before = (e.offset, e.pull, e.push)
                    let decision = e.pressMoved(offsetY: y, device: device, at: t)
                    if decision == .claim || decision == .reject {
                        #expect(pressed && decided == nil, "a second decision in one press")
                        decided = decision
                    }
                    if decision == .follow { #expect(decided == .claim) }
                    if decided == .reject || !pressed {
                        #expect(before == (e.offset, e.pull, e.push), "the content followed a press that is not the engine's")
                    }
                }
                let clickable = e.press.phase != .none && decided == nil && !coasting
                #expect((e.click(atViewportY: 10) == .content) == (clickable && !e.isOverscrolled))
            }
        }
    }
}

@Suite("Input decisions: Tab's focus stops and the keyboard selection")
struct FocusStopTests {
    @Test("Tab: the rows, then the footer while it offers load more or retry, then out; Shift+Tab back")
    func tabCycle() {
        let mid = list(at: 1000), end = atTheEnd()
        #expect(mid.tab(from: nil, forward: true) == .rows)
        #expect(mid.tab(from: nil, forward: false) == .rows)
        #expect(mid.tab(from: .rows, forward: true) == nil)
        #expect(mid.tab(from: .rows, forward: false) == nil)
        #expect(end.tab(from: nil, forward: true) == .rows)
        #expect(end.tab(from: nil, forward: false) == .footer)
        #expect(end.tab(from: .rows, forward: true) == .footer)
        #expect(end.tab(from: .footer, forward: true) == nil)
        #expect(end.tab(from: .footer, forward: false) == .rows)
        #expect(end.tab(from: .rows, forward: false) == nil)
        #expect(mid.tab(from: .footer, forward: false) == .rows)
    }

    @Test("A selected row is revealed by the least scroll that shows it whole")
    func reveal() {
        var e = list(at: 1000)
        e.reveal(top: 1100, bottom: 1156, at: 1)
        #expect(!e.isCoasting && e.offset == 1000)
        e.reveal(top: 1590, bottom: 1646, at: 1)
        #expect(e.isCoasting && e.scrollBase == 1046)
        e.run(from: 1, to: 3)
        #expect(e.offset == 1046)
        e.reveal(top: 900, bottom: 956, at: 3)
        #expect(e.scrollBase == 900)
    }

    @Test("Up and Down: from the selected row while it is on screen, else from the first whole row")
    func selection() {
        #expect(RowSelection.next(from: 5, step: 1, count: 10, selectedOnScreen: true, firstWholeRow: 2) == 6)
        #expect(RowSelection.next(from: 5, step: -1, count: 10, selectedOnScreen: true, firstWholeRow: 2) == 4)
        #expect(RowSelection.next(from: 9, step: 1, count: 10, selectedOnScreen: true, firstWholeRow: 2) == 9)
        #expect(RowSelection.next(from: 0, step: -1, count: 10, selectedOnScreen: true, firstWholeRow: 0) == 0)
        #expect(RowSelection.next(from: 5, step: 1, count: 10, selectedOnScreen: false, firstWholeRow: 2) == 2)
        #expect(RowSelection.next(from: nil, step: -1, count: 10, selectedOnScreen: false, firstWholeRow: 3) == 3)
        #expect(RowSelection.next(from: nil, step: 1, count: 10, selectedOnScreen: false, firstWholeRow: nil) == nil)
        #expect(RowSelection.next(from: 5, step: 1, count: 0, selectedOnScreen: true, firstWholeRow: 0) == nil)
    }
}
