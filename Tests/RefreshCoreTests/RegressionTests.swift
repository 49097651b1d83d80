import RefreshCore
import Testing

/// Minimal failing sequences found by the property tests (PropertyTests.swift), kept as ordinary tests.
@Suite("Regressions")
struct RegressionTests {
    /// Found by `PureProperties.tween`: (start + duration) − start can round below duration, so a
    /// tween evaluated at its own `end` was not finished and not at `to`.
    @Test("A tween is finished and exactly at its target at its own end instant")
    func tweenFinishedAtEnd() {
        for (start, duration) in [(1.344, 0.35), (7.638, 0.3), (0.283, 0.25), (3.812, 0.5)] {
            #expect((start + duration) - start < duration)  // the rounding that exposed it
            let linear = Tween(from: 0, to: 10, start: start, duration: duration, easing: .linear)
            #expect(linear.isFinished(at: linear.end))
            #expect(linear.value(at: linear.end) == 10)
            let easeOut = Tween(from: 0.1, to: 70.3, start: start, duration: duration)
            #expect(easeOut.value(at: easeOut.end) == 70.3)
        }
    }

    /// Found by `PropertyTests` (seed 103, minimised from 109 steps): a pull-mode push left behind
    /// mid-list by a scrollbar move during a wheel gesture stayed on screen for ever after release.
    @Test("A push left mid-list by a scrollbar move springs back after the release (no drift)")
    func pushLeftMidListSpringsBack() {
        var e = longList(footer: .pull)
        e.externalScroll(to: e.maxOffset, at: 0)
        let last = e.wheel(notches: 2, at: 0.1)  // push past the footer height: armed
        #expect(e.footer == .armed)
        e.externalScroll(to: 50, at: last + 0.02)  // the scrollbar, while the wheel gesture lasts
        e.run(from: last + 0.02, to: last + 3)
        #expect(!e.isGestureActive)
        #expect(e.push <= Tuning.footerHeight)
        if e.footer == .loading {
            e.endLoading(ok: true, addedHeight: 300, at: last + 3)
            e.run(from: last + 3, to: last + 5)
        }
        #expect(e.push == 0)
        #expect(!e.needsTicks)
    }

    /// The same rule at the top: a scrollbar move during the spring-back froze the pull half way.
    @Test("A scrollbar move during the spring-back does not freeze the pull (no drift)")
    func scrollbarDuringSpringBack() {
        var e = longList()
        _ = e.scroll(delta: -rawFor(pull: 50), source: .touchpad, at: 0)
        e.scrollStop(at: 0)
        e.tick(at: 0.05)
        e.externalScroll(to: 10, at: 0.06)  // the host's adjustment moved (scrollbar)
        e.run(from: 0.06, to: 2)
        #expect(e.pull == 0)
        #expect(!e.needsTicks)
        #expect(e.header == .idle)
    }

    /// Found by the exploration run (shrunk by the library): rows arriving during a key scroll
    /// converted the held footer into scroll, then the key's animation overwrote the offset.
    @Test("Rows arriving during a Page Up animation do not move the rows on screen")
    func rowsDuringKeyScroll() {
        var e = longList(footer: .pull)
        e.externalScroll(to: e.maxOffset, at: 0)
        _ = e.scroll(delta: rawFor(pull: 80), source: .touchpad, at: 0.1)
        e.scrollStop(at: 0.1)
        e.run(from: 0.1, to: 1)
        #expect(e.footer == .loading)
        #expect(e.push == Tuning.footerHeight)
        e.command(.pageUp, at: 1)
        e.tick(at: 1.05)
        let rowOnScreen = 2000 - e.offset + e.displacement  // a row at content y = 2000
        e.endLoading(ok: true, addedHeight: 300, at: 1.05)
        #expect(near(2000 - e.offset + e.displacement, rowOnScreen, 1e-6))
        // The key scroll still ends about a page above where it started (in what the user sees:
        // Page Up scrolls the held footer away with the rows, so up to its height more).
        e.run(from: 1.05, to: 2)
        #expect(e.push == 0)
        #expect(e.offset <= 2400 - 540 + Tuning.footerHeight + 1e-6)
        #expect(e.offset >= 2400 - 540 - 1e-6)
    }

    /// Found by the exploration run: a key scroll aiming past a range that then shrank was only
    /// clamped; when rows arrived the offset leapt to where the animation had got to.
    @Test("A key scroll outliving a shrinking range does not leap when the range grows again")
    func keyScrollPastShrunkRange() {
        var e = longList()
        e.externalScroll(to: 1800, at: 0)
        e.command(.pageDown, at: 1)  // aims at 2340
        e.setRowsHeight(2500, at: 1.01)  // the range now ends at 1944
        e.run(from: 1.01, to: 1.1)
        #expect(e.offset <= e.maxOffset)
        #expect(e.footer == .loading)
        let before = e.offset
        e.endLoading(ok: true, addedHeight: 1000, at: 1.1)
        #expect(e.offset == before)
        e.run(from: 1.1, to: 2)
        #expect(e.offset == 2500 + Tuning.footerHeight - 600)  // where the shrunk range ended
    }

    /// Found by the exploration run (shrunk by the library): a second button press before the
    /// first one's release left a drag gesture held for ever (and the content with it).
    @Test("A drag that never saw its release ends when the next drag begins")
    func dragBeginTwice() {
        var e = longList()
        e.dragBegin(at: 0)
        e.dragUpdate(offsetY: 10, at: 0.01)
        e.dragUpdate(offsetY: 60, at: 0.02)
        #expect(e.pull > 0)
        e.dragBegin(at: 0.5)  // no dragEnd came for the first drag
        e.dragEnd(at: 0.6)  // a click
        e.run(from: 0.6, to: 2)
        #expect(!e.isGestureActive)
        #expect(e.pull == 0)
        #expect(!e.needsTicks)
    }

    /// Found by the exploration run (minimised to 5 steps): rows arriving while the pull-mode
    /// footer was still being revealed, during a gesture, let the reveal finish at the footer
    /// height and stay there for ever.
    @Test("Rows arriving during the held footer's reveal end it without drift or a jump")
    func rowsDuringFooterReveal() {
        var e = longList(footer: .pull)
        e.externalScroll(to: e.maxOffset, at: 0)
        _ = e.scroll(delta: 0, source: .touchpad, at: 1)  // a touchpad gesture that moves nothing yet
        let accepted1 = e.loadMore(at: 1.01)
        #expect(accepted1)  // the footer is revealed at the bottom
        e.tick(at: 1.1)
        let revealed = e.push
        #expect(revealed > 0 && revealed < Tuning.footerHeight)
        let rowOnScreen = 2000 - e.offset + e.displacement
        e.endLoading(ok: true, addedHeight: 300, at: 1.1)
        #expect(near(2000 - e.offset + e.displacement, rowOnScreen, 1e-9))
        var previous = e.push
        var t = 1.1
        while t < 3 {
            t += 1.0 / 60
            e.tick(at: t)
            #expect(e.push <= previous)
            previous = e.push
        }
        #expect(e.push == 0)
        #expect(!e.needsTicks)
    }

    /// Found by the exploration run (minimised to 5 steps): rows removed during an armed push
    /// made the list short, but the footer stayed armed ("Release to load more").
    @Test("A list that becomes short while the footer is armed disarms it")
    func shortListDisarms() {
        var e = longList(footer: .pull)
        e.externalScroll(to: e.maxOffset, at: 0)
        _ = e.scroll(delta: rawFor(pull: 80), source: .touchpad, at: 0.1)
        #expect(e.footer == .armed)
        e.setRowsHeight(300, at: 0.12)
        #expect(e.isShortList)
        #expect(e.footer == .idle)
        e.scrollStop(at: 0.2)
        e.run(from: 0.2, to: 2)
        let events2 = e.takeEvents()
        #expect(events2.loadRequests == 0)
        #expect(e.push == 0)
    }

    /// Found by the exploration run (minimised to 5 steps): a Home animation still above a range
    /// that shrank (rows removed) was clamped each frame; when rows arrived it leapt by their height.
    @Test("A key scroll clamped by a shrunk range continues smoothly when rows arrive")
    func keyScrollAboveShrunkRange() {
        var e = longList()
        e.externalScroll(to: e.maxOffset, at: 0)
        e.endLoading(ok: false, at: 0.5)
        e.command(.home, at: 0.59)
        e.tick(at: 0.6)
        e.setRowsHeight(1500, insertedAbove: 200, at: 0.61)
        #expect(e.offset == e.maxOffset)
        let accepted1 = e.loadMore(at: 0.62)
        #expect(accepted1)
        e.tick(at: 0.63)
        let before = e.offset
        e.endLoading(ok: true, addedHeight: 145, exhausted: true, at: 0.63)
        #expect(e.offset == before)
        var previous = e.offset
        var t = 0.63
        while t < 1.5 {
            t += 1.0 / 60
            e.tick(at: t)
            #expect(e.offset <= previous)  // Home: only ever up, never a leap down
            previous = e.offset
        }
    }

    /// Found by `PropertyTests.explore` (minimised from 150 steps): a footer held open by a pull-mode
    /// load stayed open for ever when the mode switched to auto during the load.
    @Test("Switching to auto mode during a pull-mode load lets the held footer spring back")
    func heldFooterSpringsBackInAutoMode() {
        var e = RefreshEngine(style: .plain, footerMode: .pull, viewportHeight: 718.86, rowsHeight: 738, now: 0)
        e.setAnimationsEnabled(false, at: 0.03)
        _ = e.scroll(delta: Tuning.wheelNotchRaw, source: .wheel, at: 0.39)
        #expect(e.push > 0)
        let loading = e.loadMore(at: 0.44)
        #expect(loading)
        e.run(from: 0.44, to: 0.81)
        #expect(e.push > 0 && e.push <= Tuning.footerHeight)  // held: a scroll position in the footer
        e.setFooterMode(.auto, at: 0.81)
        e.run(from: 0.81, to: 2)
        #expect(e.push == 0)
        #expect(e.footer == .loading)
    }
}
