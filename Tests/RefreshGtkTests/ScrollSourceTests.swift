import RefreshDemo
import RefreshTestSupport
import CGtk
import Foundation
import RefreshCore
import RefreshGtk
import Testing

/// Which device a scroll comes from decides how its gesture ends (docs/behaviour.md#input-model): a touchpad's smooth
/// deltas end at its scroll-stop event (the quiet period only as a fallback); a mouse's — wheel
/// notches or smooth deltas — end after the quiet period; and the two are different gestures.
/// Events come from a touchpad source device (`EventSynthesis.touchpadDevice`) or the physical
/// mouse; time is the view's injected clock, advanced by hand (`tick()`), so every instant is
/// exact and nothing waits.
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct ScrollSourceTests {
    /// A window whose view runs on a clock the test moves.
    @MainActor
    final class Clocked {
        let h: GtkHarness
        var now: Double
        init() throws {
            h = try GtkHarness()
            now = h.view.state.now
            // Weak: the view (owned by its widget) may outlive this harness; time then stands still.
            h.view.clock = { [weak self] in self?.now ?? -.infinity }
        }
        var area: UnsafeMutablePointer<GtkWidget> { h.view.list.area }

        /// Lets `seconds` pass for the engine.
        func wait(_ seconds: Double) {
            now += seconds
            h.view.tick()
        }

        /// GtkScrolledWindow's unit for smooth deltas: one "line" is page^(2/3) px.
        var line: Double { pow(h.view.state.viewportHeight, 2.0 / 3.0) }

        /// Smooth deltas from `device`, in 6 steps, that pull by `pull` displayed px at the top.
        func smoothPull(_ pull: Double, from device: OpaquePointer) {
            let raw = RubberBand(dimension: h.view.state.viewportHeight).raw(displayed: pull)
            for _ in 0..<6 {
                EventSynthesis.scroll(area, x: 100, y: 100, .smooth(dx: 0, dy: -raw / line / 6), sourceDevice: device)
            }
        }

        func stop(from device: OpaquePointer) {
            EventSynthesis.scroll(area, x: 100, y: 100, .smooth(dx: 0, dy: 0), isStop: true, sourceDevice: device)
        }

        func close() { h.close() }
    }

    /// The made-up touchpad is what GDK would report for a real one.
    @Test func theTouchpadDeviceIsATouchpad() throws {
        let c = try Clocked()
        defer { c.close() }
        let touchpad = try c.h.touchpad
        #expect(gdk_device_get_source(touchpad) == GDK_SOURCE_TOUCHPAD)
        #expect(gdk_device_get_device_type(touchpad) == GDK_DEVICE_TYPE_SLAVE)
        #expect(try c.h.touchpad == touchpad, "one device per display")
        #expect(gdk_device_get_source(try c.h.mouse) == GDK_SOURCE_MOUSE)
    }

    /// Touchpad: the fingers resting on the pad keep the pull (no release before the quiet
    /// period), and lifting them — the scroll-stop — releases at that very instant.
    @Test func aTouchpadPullEndsAtItsScrollStop() throws {
        let c = try Clocked()
        defer { c.close() }
        let touchpad = try c.h.touchpad
        c.smoothPull(80, from: touchpad)
        #expect(abs(c.h.view.pull - 80) < 1e-6, "smooth deltas are page^(2/3) px per line: pull \(c.h.view.pull)")
        #expect(c.h.view.headerPhase == .armed)
        c.wait(Tuning.releaseQuietPeriod * 0.9)
        #expect(c.h.view.headerPhase == .armed && c.h.view.state.isGestureActive)
        c.stop(from: touchpad)
        #expect(!c.h.view.state.isGestureActive, "the scroll-stop did not end the gesture")
        #expect(c.h.view.headerPhase == .refreshing)
        c.wait(Tuning.refreshSettleDuration)
        #expect(c.h.refreshes == 1)
        #expect(c.h.view.pull == c.h.view.headerStyle.heldHeight)
    }

    /// Touchpad without a scroll-stop (X11 sends none): the quiet period is the fallback.
    @Test func aTouchpadWithoutScrollStopEndsAfterTheQuietPeriod() throws {
        let c = try Clocked()
        defer { c.close() }
        c.smoothPull(40, from: try c.h.touchpad)
        #expect(c.h.view.headerPhase == .pulling)
        c.wait(Tuning.releaseQuietPeriod * 0.9)
        #expect(c.h.view.state.isGestureActive && abs(c.h.view.pull - 40) < 1e-6)
        c.wait(Tuning.releaseQuietPeriod * 0.1 + 1e-6)
        #expect(!c.h.view.state.isGestureActive)
        c.wait(Tuning.springBackDuration)
        c.h.view.expectRest()
        #expect(c.h.refreshes == 0)
    }

    /// Mouse, smooth deltas and wheel notches alike: the gesture ends after the quiet period
    /// since the last input — not before, and not a frame later.
    @Test(arguments: [false, true])
    func aMouseScrollEndsAfterTheQuietPeriod(notches: Bool) throws {
        let c = try Clocked()
        defer { c.close() }
        let mouse = try c.h.mouse
        if notches {
            for _ in 0..<3 { EventSynthesis.scroll(c.area, x: 100, y: 100, .up, sourceDevice: mouse) }
            #expect(abs(c.h.view.pull - RubberBand(dimension: c.h.view.state.viewportHeight)
                .displayed(raw: 3 * Tuning.wheelNotchRaw)) < 1e-6, "a notch is 60 px of raw pull")
        } else {
            c.smoothPull(80, from: mouse)
            #expect(abs(c.h.view.pull - 80) < 1e-6)
        }
        #expect(c.h.view.headerPhase == .armed)
        c.wait(Tuning.releaseQuietPeriod * 0.5)
        // More input restarts the wait.
        EventSynthesis.scroll(c.area, x: 100, y: 100, notches ? .up : .smooth(dx: 0, dy: -0.01), sourceDevice: mouse)
        c.wait(Tuning.releaseQuietPeriod * 0.9)
        #expect(c.h.view.state.isGestureActive && c.h.view.headerPhase == .armed, "released before the quiet period")
        c.wait(Tuning.releaseQuietPeriod * 0.1 + 1e-6)
        #expect(!c.h.view.state.isGestureActive, "not released at the quiet period")
        #expect(c.h.view.headerPhase == .refreshing)
        c.wait(Tuning.refreshSettleDuration)
        #expect(c.h.refreshes == 1)
    }

    /// docs/behaviour.md#words in absolute time: a wheel gesture ends 150–250 ms after its last input, whatever
    /// the constant says (the tests above follow `Tuning.releaseQuietPeriod` to the instant).
    @Test func aWheelGestureEndsBetween150And250MillisecondsAfterItsLastNotch() throws {
        let c = try Clocked()
        defer { c.close() }
        for _ in 0..<2 { EventSynthesis.scroll(c.area, x: 100, y: 100, .up, sourceDevice: try c.h.mouse) }
        #expect(c.h.view.headerPhase == .pulling)
        c.wait(0.15)
        #expect(c.h.view.state.isGestureActive, "released less than 150 ms after the last notch")
        c.wait(0.1)
        #expect(!c.h.view.state.isGestureActive, "still held 250 ms after the last notch")
    }

    /// A touchpad and a mouse are separate gestures. After a touchpad pull that armed, a wheel
    /// notch down from the mouse first ends the touchpad's gesture — it refreshes — and then
    /// scrolls the held header. After the same pull by the mouse's smooth deltas, the notch is
    /// part of the same gesture: it takes the pull back under the line and nothing refreshes.
    @Test(arguments: [true, false])
    func aTouchpadAndAMouseAreSeparateGestures(touchpadFirst: Bool) throws {
        let c = try Clocked()
        defer { c.close() }
        let mouse = try c.h.mouse
        c.smoothPull(78, from: touchpadFirst ? try c.h.touchpad : mouse)
        #expect(c.h.view.headerPhase == .armed)
        EventSynthesis.scroll(c.area, x: 100, y: 100, .down, sourceDevice: mouse)
        if touchpadFirst {
            #expect(c.h.view.headerPhase == .refreshing, "the touchpad's gesture went on into the mouse's")
            c.wait(Tuning.releaseQuietPeriod + Tuning.refreshSettleDuration)
            #expect(c.h.refreshes == 1)
        } else {
            // 78 px is about 163 raw px; less a 60 px notch displays about 52 px: under 70 − 4.
            #expect(c.h.view.headerPhase == .pulling, "one mouse gesture was split in two")
            #expect(c.h.view.pull < Tuning.triggerPull - Tuning.armHysteresis)
            c.wait(Tuning.releaseQuietPeriod + Tuning.wheelDecayDuration)
            #expect(c.h.refreshes == 0)
            c.h.view.expectRest()
        }
    }
}
