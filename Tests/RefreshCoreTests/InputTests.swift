import RefreshCore
import Testing

/// docs/behaviour.md#input-model: input → pull/push, one model for every device.
@Suite("Input: rubber band")
struct RubberBandTests {
    static let dimensions: [Double] = [100, 600, 1200]

    @Test("Rubber band follows p = (1 − 1/(x·c/d + 1))·d with c = 0.55", arguments: dimensions)
    func matchesFormula(d: Double) {
        let band = RubberBand(dimension: d)
        #expect(band.coefficient == 0.55)
        for x in stride(from: 0.0, through: 5 * d, by: d / 7) {
            let expected = (1 - 1 / (x * 0.55 / d + 1)) * d
            #expect(near(band.displayed(raw: x), expected, 1e-9))
        }
    }

    @Test("Rubber band is strictly monotonic", arguments: dimensions)
    func monotonic(d: Double) {
        let band = RubberBand(dimension: d)
        var previous = band.displayed(raw: 0)
        for i in 1...4000 {
            let value = band.displayed(raw: Double(i) * d / 200)
            #expect(value > previous, "x = \(Double(i) * d / 200)")
            previous = value
        }
    }

    @Test("Rubber band starts with slope c", arguments: dimensions)
    func slopeAtZero(d: Double) {
        let band = RubberBand(dimension: d)
        let h = 1e-6
        #expect(near(band.displayed(raw: h) / h, Tuning.rubberBandCoefficient, 1e-6))
        // …and the slope only decreases from there.
        #expect(band.displayed(raw: d) - band.displayed(raw: d - 1) < Tuning.rubberBandCoefficient)
    }

    @Test("Rubber band never exceeds the viewport height d", arguments: dimensions)
    func boundedByDimension(d: Double) {
        let band = RubberBand(dimension: d)
        for x in [d, 10 * d, 1e6, 1e12, 1e300] {
            #expect(band.displayed(raw: x) < d || near(band.displayed(raw: x), d, 1e-3))
            #expect(band.displayed(raw: x) <= d)
        }
        #expect(band.displayed(raw: 1e4 * d) > 0.99 * d)
    }

    @Test("Rubber band inverse round-trips", arguments: dimensions)
    func inverseRoundTrips(d: Double) {
        let band = RubberBand(dimension: d)
        for x in stride(from: 0.0, through: 20 * d, by: d / 13) {
            let back = band.raw(displayed: band.displayed(raw: x))
            #expect(near(back, x, max(1e-9, x * 1e-9)), "x = \(x)")
        }
        for p in stride(from: 0.0, to: 0.99 * d, by: d / 17) {
            #expect(near(band.displayed(raw: band.raw(displayed: p)), p, 1e-7))
        }
    }

    @Test("Zero or negative raw excess displays nothing")
    func nonPositiveRaw() {
        let band = RubberBand(dimension: 600)
        #expect(band.displayed(raw: 0) == 0)
        #expect(band.displayed(raw: -50) == 0)
        #expect(band.raw(displayed: 0) == 0)
        #expect(band.raw(displayed: -3) == 0)
    }

    @Test("Every device uses the same curve: touchpad, wheel and drag give the same pull for the same raw excess")
    func sameCurveForEveryDevice() {
        let raw = 3 * Tuning.wheelNotchRaw
        let expected = RubberBand(dimension: 600).displayed(raw: raw)

        var wheel = longList()
        wheel.wheel(notches: -3, at: 0)
        var pad = longList()
        _ = pad.scroll(delta: -raw, source: .touchpad, at: 0)
        var drag = longList()
        drag.dragBegin(at: 0)
        drag.dragUpdate(offsetY: Tuning.dragSlop, at: 0.01)
        drag.dragUpdate(offsetY: Tuning.dragSlop + raw, at: 0.02)

        #expect(near(wheel.pull, expected))
        #expect(near(pad.pull, expected))
        #expect(near(drag.pull, expected))
    }
}

@Suite("Input: mouse wheel")
struct WheelTests {
    @Test("One wheel notch at the top pulls but does not arm")
    func oneNotchDoesNotArm() {
        var e = longList()
        let disposition1 = e.scroll(delta: -Tuning.wheelNotchRaw, source: .wheel, at: 0)
        #expect(disposition1 == .consumed)
        #expect(near(e.pull, RubberBand(dimension: 600).displayed(raw: Tuning.wheelNotchRaw)))
        #expect(e.header == .pulling)
        e.run(from: 0, to: 2)
        let events2 = e.takeEvents()
        #expect(events2.refreshRequests == 0)
        #expect(e.pull == 0)
        #expect(e.header == .idle)
    }

    @Test("Two wheel notches do not arm, three do on a 600 px viewport")
    func threeNotchesArm() {
        var two = longList()
        two.wheel(notches: -2, at: 0)
        #expect(two.header == .pulling)
        #expect(two.pull < Tuning.triggerPull)

        var three = longList()
        let last = three.wheel(notches: -3, at: 0)
        #expect(three.header == .armed)
        #expect(three.pull >= Tuning.triggerPull)
        // Released by the quiet period: refreshing.
        three.tick(at: last + Tuning.releaseQuietPeriod)
        #expect(three.header == .refreshing)
        #expect(!three.isGestureActive)
    }

    @Test("Three notches arm and two do not on every viewport from 300 px up", arguments: [300.0, 450, 800, 1200])
    func notchesOnViewports(viewport: Double) {
        var two = longList(viewport: viewport)
        two.wheel(notches: -2, at: 0)
        #expect(two.header == .pulling)
        var three = longList(viewport: viewport)
        three.wheel(notches: -3, at: 0)
        #expect(three.header == .armed)
    }

    @Test("A wheel notch in the middle of the list passes through to the list")
    func midListPassesThrough() {
        var e = longList()
        e.externalScroll(to: 1000, at: 0)
        #expect(e.offset == 1000)
        let disposition3 = e.scroll(delta: Tuning.wheelNotchRaw, source: .wheel, at: 0.1)
        #expect(disposition3 == .passThrough)
        let disposition4 = e.scroll(delta: -Tuning.wheelNotchRaw, source: .wheel, at: 0.12)
        #expect(disposition4 == .passThrough)
        #expect(e.offset == 1000)
        #expect(e.pull == 0 && e.push == 0)
        #expect(e.header == .idle)
    }

    @Test("Scrolling down at the top is ordinary scrolling, not overscroll")
    func downAtTopPassesThrough() {
        var e = longList()
        let disposition5 = e.scroll(delta: Tuning.wheelNotchRaw, source: .wheel, at: 0)
        #expect(disposition5 == .passThrough)
        #expect(e.pull == 0 && e.push == 0)
    }

    @Test("A gesture released at the wheel's quiet period: exactly at lastInput + Tuning.releaseQuietPeriod")
    func quietPeriodRelease() {
        var e = longList()
        let last = e.wheel(notches: -2, at: 1.0)
        let p0 = e.pull
        let release = last + Tuning.releaseQuietPeriod
        e.tick(at: release - 1e-6)
        #expect(e.isGestureActive)
        #expect(e.pull == p0)
        e.tick(at: release)
        #expect(!e.isGestureActive)
        #expect(e.pull == p0)  // the decay starts here, without a jump
        // The wheel's decay started exactly at `release`: it ends exactly wheelDecayDuration later.
        e.tick(at: release + Tuning.wheelDecayDuration - 1e-3)
        #expect(e.pull > 0)
        e.tick(at: release + Tuning.wheelDecayDuration)
        #expect(e.pull == 0)
    }

    @Test("A late call still releases at the quiet-period instant, not at the call")
    func lateCallReleasesAtDueTime() {
        var e = longList()
        let last = e.wheel(notches: -2, at: 0)
        let p0 = e.pull
        let release = last + Tuning.releaseQuietPeriod
        e.tick(at: release + 0.1)
        let expected = Tween(from: p0, to: 0, start: release, duration: Tuning.wheelDecayDuration, easing: .easeInOut)
            .value(at: release + 0.1)
        #expect(near(e.pull, expected))
    }

    @Test("Wheel notches within the quiet period keep one gesture; the release refreshes once")
    func notchesKeepOneGesture() {
        var e = longList()
        e.wheel(notches: -6, at: 0, spacing: Tuning.releaseQuietPeriod * 0.9)
        #expect(e.isGestureActive)
        #expect(e.header == .armed)
        e.run(from: 5 * Tuning.releaseQuietPeriod * 0.9, to: 3)
        let events6 = e.takeEvents()
        #expect(events6.refreshRequests == 1)
    }
}

@Suite("Input: reversal")
struct ReversalTests {
    @Test("Reversing at the top reduces the pull to 0 before the list scrolls, never jumping")
    func reversalAtTop() {
        var e = longList()
        _ = e.scroll(delta: -100, source: .touchpad, at: 0)
        let band = RubberBand(dimension: 600)
        var raw = 100.0
        var expectedOffset = 0.0
        var lastPosition = e.pull - e.offset  // where the first row is drawn
        var t = 0.0
        let step = 17.0
        for _ in 0..<10 {
            t += 0.01
            // Like a host: a passed-through delta scrolls the list through the adjustment.
            if e.scroll(delta: step, source: .touchpad, at: t) == .passThrough {
                #expect(raw == 0, "consumed while any pull is left")
                e.externalScroll(to: e.offset + step, at: t)
            }
            let taken = min(raw, step)
            raw -= taken
            expectedOffset += step - taken
            #expect(near(e.pull, band.displayed(raw: raw)), "pull after step at t = \(t)")
            #expect(near(e.offset, expectedOffset), "offset after step at t = \(t)")
            if raw > 0 { #expect(e.offset == 0) } else { #expect(e.pull == 0) }
            let position = e.pull - e.offset
            #expect(position < lastPosition)
            #expect(lastPosition - position <= step + 1e-9)
            lastPosition = position
        }
        #expect(e.pull == 0)
        #expect(near(e.offset, 170 - 100))
    }

    @Test("Reversing with the wheel at the top: each notch takes raw excess back, then the list scrolls")
    func wheelReversalAtTop() {
        var e = longList()
        e.wheel(notches: -2, at: 0)
        let band = RubberBand(dimension: 600)
        #expect(near(e.pull, band.displayed(raw: 120)))
        let disposition7 = e.scroll(delta: Tuning.wheelNotchRaw, source: .wheel, at: 0.1)
        #expect(disposition7 == .consumed)
        #expect(near(e.pull, band.displayed(raw: 60)))
        #expect(e.offset == 0)
        let disposition8 = e.scroll(delta: Tuning.wheelNotchRaw, source: .wheel, at: 0.15)
        #expect(disposition8 == .consumed)
        #expect(e.pull == 0)
        #expect(e.offset == 0)
        #expect(e.header == .idle)
        // Now mid-list: plain scrolling again.
        let disposition9 = e.scroll(delta: Tuning.wheelNotchRaw, source: .wheel, at: 0.2)
        #expect(disposition9 == .passThrough)
    }

    @Test("Reversing at the bottom reduces the push to 0 before the list scrolls back")
    func reversalAtBottom() {
        var e = longList(footer: .pull)
        e.externalScroll(to: e.maxOffset, at: 0)
        let bottom = e.maxOffset
        _ = e.scroll(delta: 80, source: .touchpad, at: 0.1)
        let band = RubberBand(dimension: 600)
        #expect(near(e.push, band.displayed(raw: 80)))
        _ = e.scroll(delta: -50, source: .touchpad, at: 0.11)
        #expect(near(e.push, band.displayed(raw: 30)))
        #expect(e.offset == bottom)
        _ = e.scroll(delta: -50, source: .touchpad, at: 0.12)
        #expect(e.push == 0)
        #expect(near(e.offset, bottom - 20))
    }
}

@Suite("Input: touchpad")
struct TouchpadTests {
    @Test("The touchpad's scroll-stop event releases the gesture")
    func scrollStopReleases() {
        var e = longList()
        _ = e.scroll(delta: -60, source: .touchpad, at: 0)
        #expect(e.isGestureActive)
        e.scrollStop(at: 0.05)
        #expect(!e.isGestureActive)
        e.tick(at: 0.05 + Tuning.springBackDuration)
        #expect(e.pull == 0)
    }

    @Test("Scroll-stop while armed refreshes")
    func scrollStopWhileArmedRefreshes() {
        var e = longList()
        _ = e.scroll(delta: -rawFor(pull: 80), source: .touchpad, at: 0)
        #expect(e.header == .armed)
        e.scrollStop(at: 0.05)
        #expect(e.header == .refreshing)
    }

    @Test("A touchpad that never sends scroll-stop is released by the quiet period")
    func quietPeriodFallback() {
        var e = longList()
        _ = e.scroll(delta: -60, source: .touchpad, at: 0)
        e.tick(at: Tuning.releaseQuietPeriod - 1e-6)
        #expect(e.isGestureActive)
        e.tick(at: Tuning.releaseQuietPeriod)
        #expect(!e.isGestureActive)
    }

    @Test("Once a touchpad has sent a scroll-stop, resting fingers hold its pull until the stop; a lost stop ends it after a second")
    func aTouchpadThatSendsStopsHoldsItsPull() {
        var e = longList()
        // One gesture ended by its stop: the touchpad is known to send them.
        _ = e.scroll(delta: 40, source: .touchpad, at: 0)
        e.scrollStop(at: 0.05)
        // A pull short of arming, the fingers resting on the pad for 0.9 s: still held.
        _ = e.scroll(delta: -rawFor(pull: 40), source: .touchpad, at: 1)
        let held = e.pull
        e.tick(at: 1.9)
        #expect(e.isGestureActive)
        #expect(e.header == .pulling)
        #expect(near(e.pull, held))
        // Moving on from there arms and the stop refreshes.
        _ = e.scroll(delta: -rawFor(pull: 80) + rawFor(pull: 40), source: .touchpad, at: 1.95)
        #expect(e.header == .armed)
        e.scrollStop(at: 2)
        #expect(e.header == .refreshing)
        e.endRefreshing(ok: true, at: 3)
        e.tick(at: 5)
        // A stop that never comes: released after `lostScrollStopPeriod` without input, not before.
        _ = e.scroll(delta: -rawFor(pull: 40), source: .touchpad, at: 6)
        e.tick(at: 6 + Tuning.lostScrollStopPeriod - 1e-6)
        #expect(e.isGestureActive)
        e.tick(at: 6 + Tuning.lostScrollStopPeriod)
        #expect(!e.isGestureActive)
    }

    @Test("Touchpad deltas accumulate as raw excess")
    func deltasAccumulate() {
        var e = longList()
        for i in 0..<5 { _ = e.scroll(delta: -20, source: .touchpad, at: Double(i) * 0.01) }
        #expect(near(e.pull, RubberBand(dimension: 600).displayed(raw: 100)))
    }
}

@Suite("Input: drag")
struct DragTests {
    @Test("A click (movement below the drag slop) does not start a gesture")
    func clickIsNotAGesture() {
        var e = longList()
        let before = e.observed
        e.dragBegin(at: 0)
        e.dragUpdate(offsetY: 3, at: 0.01)
        e.dragUpdate(offsetY: -(Tuning.dragSlop - 0.01), at: 0.02)
        e.dragUpdate(offsetY: Tuning.dragSlop - 0.01, at: 0.03)
        #expect(!e.isGestureActive)
        e.dragEnd(at: 0.04)
        #expect(!e.isGestureActive)
        #expect(e.observed == before)
        let events10 = e.takeEvents()
        #expect(events10.isEmpty)
    }

    @Test("Past the slop the drag starts without a jump: the slop is swallowed")
    func slopIsSwallowed() {
        var e = longList()
        e.dragBegin(at: 0)
        e.dragUpdate(offsetY: Tuning.dragSlop, at: 0.01)
        #expect(e.isGestureActive)
        #expect(e.pull == 0)
        e.dragUpdate(offsetY: Tuning.dragSlop + 50, at: 0.02)
        #expect(near(e.pull, RubberBand(dimension: 600).displayed(raw: 50)))
    }

    @Test("Dragging down at the top arms, button up refreshes")
    func dragToRefresh() {
        var e = longList()
        e.dragBegin(at: 0)
        e.dragUpdate(offsetY: 10, at: 0.1)
        e.dragUpdate(offsetY: 10 + rawFor(pull: 75), at: 0.5)
        #expect(e.header == .armed)
        e.tick(at: 2)  // a drag has no quiet period: still held
        #expect(e.isGestureActive)
        #expect(e.header == .armed)
        e.dragEnd(at: 2.1)
        #expect(e.header == .refreshing)
        e.tick(at: 2.1 + Tuning.refreshSettleDuration)
        let events11 = e.takeEvents()
        #expect(events11.refreshRequests == 1)
    }

    @Test("Dragging mid-list scrolls the list by exactly the finger's movement past the slop")
    func dragScrollsList() {
        var e = longList()
        e.externalScroll(to: 1000, at: 0)
        e.dragBegin(at: 1)
        e.dragUpdate(offsetY: -10, at: 1.1)
        e.dragUpdate(offsetY: -110, at: 1.5)
        #expect(near(e.offset, 1110 - Tuning.dragSlop))
        // Past the press point the slop is given back: the content follows the finger 1:1.
        e.dragUpdate(offsetY: 90, at: 1.9)
        #expect(near(e.offset, 910))
        #expect(e.pull == 0 && e.push == 0)
    }

    @Test("A slow drag released mid-list stays where it is; a fast one flings within range")
    func flingStaysInRange() {
        var slow = longList()
        slow.externalScroll(to: 1000, at: 0)
        slow.dragBegin(at: 1)
        slow.dragUpdate(offsetY: -10, at: 1.1)
        slow.dragUpdate(offsetY: -30, at: 2)
        slow.dragEnd(at: 2.5)
        slow.run(from: 2.5, to: 4)
        #expect(near(slow.offset, 1030 - Tuning.dragSlop))

        var fast = longList()
        fast.externalScroll(to: 1000, at: 0)
        fast.dragBegin(at: 1)
        fast.dragUpdate(offsetY: -10, at: 1.0)
        for i in 1...5 { fast.dragUpdate(offsetY: -10 - Double(i) * 30, at: 1.0 + Double(i) * 0.016) }
        let released = fast.offset
        fast.dragEnd(at: 1.09)
        fast.run(from: 1.09, to: 3)
        #expect(fast.offset > released)
        #expect(fast.offset <= fast.maxOffset)
        #expect(!fast.needsTicks || fast.footer == .loading)
    }
}

@Suite("Input: keyboard")
struct KeyboardTests {
    @Test("Page Down scrolls 90 % of the viewport with an ease-out, End to the bottom, Home to the top")
    func pageKeys() {
        var e = longList(footer: .pull)
        e.command(.pageDown, at: 0)
        e.tick(at: Tuning.keyScrollDuration / 2)
        let mid = e.offset
        #expect(mid > 540 / 2)  // ease-out: more than half way at half time
        e.tick(at: Tuning.keyScrollDuration)
        #expect(near(e.offset, 540))
        e.command(.end, at: 1)
        e.tick(at: 2)
        #expect(e.offset == e.maxOffset)
        e.command(.pageDown, at: 3)
        e.tick(at: 4)
        #expect(e.offset == e.maxOffset)
        e.command(.home, at: 5)
        e.tick(at: 6)
        #expect(e.offset == 0)
        e.command(.pageUp, at: 7)
        e.tick(at: 8)
        #expect(e.offset == 0)
        #expect(e.pull == 0 && e.push == 0)
    }

    @Test("Keys never overscroll and never refresh")
    func keysDoNotRefresh() {
        var e = longList()
        for (i, key) in [ScrollCommand.home, .pageUp, .home].enumerated() {
            e.command(key, at: Double(i))
        }
        e.run(from: 2, to: 4)
        let events12 = e.takeEvents()
        #expect(events12.refreshRequests == 0)
        #expect(e.pull == 0)
    }
}

@Suite("Input: spring-back")
struct SpringBackTests {
    /// Pulls to `raw`, releases, and samples the pull every 1/60 s until rest.
    static func samples(raw: Double, bottom: Bool = false) -> (start: Double, values: [Double]) {
        var e = longList(footer: .pull)
        if bottom { e.externalScroll(to: e.maxOffset, at: 0) }
        _ = e.scroll(delta: bottom ? raw : -raw, source: .touchpad, at: 1)
        let start = bottom ? e.push : e.pull
        e.scrollStop(at: 1)
        var values: [Double] = []
        var t = 1.0
        for _ in 0..<60 {
            t += 1.0 / 60
            e.tick(at: t)
            values.append(bottom ? e.push : e.pull)
        }
        return (start, values)
    }

    @Test("Spring-back is an ease-out that never jumps (sampled every 1/60 s)", arguments: [false, true])
    func easeOutWithoutJumps(bottom: Bool) {
        // 40 px: below the pull-mode footer's trigger, so the bottom springs back to 0 too.
        let (start, values) = Self.samples(raw: rawFor(pull: 40), bottom: bottom)
        #expect(start > 35)
        var previous = start
        var previousStep = Double.infinity
        // An ease-out cubic moves at most 3·p/T per second: bound each frame by that.
        let maxStep = 3 * start / Tuning.springBackDuration / 60 + 1e-9
        for value in values {
            let step = previous - value
            #expect(step >= 0, "never moves away from rest")
            #expect(step <= maxStep, "no jump")
            #expect(step <= previousStep + 1e-9, "decelerates (ease-out)")
            previousStep = step
            previous = value
        }
        #expect(values.last == 0)
        let frames = Int((Tuning.springBackDuration * 60).rounded(.up))
        #expect(values[frames - 2] > 0)
        #expect(values[frames - 1] == 0)
    }

    @Test("The first spring-back frame continues from where the finger left the content")
    func noJumpAtRelease() {
        var e = longList()
        _ = e.scroll(delta: -rawFor(pull: 50), source: .touchpad, at: 0)
        let held = e.pull
        e.scrollStop(at: 0)
        #expect(e.pull == held)
        e.tick(at: 0.001)
        #expect(e.pull < held && held - e.pull < 1)
    }
}
