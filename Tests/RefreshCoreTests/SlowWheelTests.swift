import RefreshCore
import Testing

/// A wheel turned slowly, a notch every 300 ms, refreshes (docs/behaviour.md#a-slow-wheel): the
/// quiet period lets each notch go before the next comes, and the pull then decays ease-in-out
/// over `Tuning.wheelDecayDuration`, slowly enough at first for the next notch to continue from
/// nearly all of it. Injected time throughout.
@Suite("Input: a slow wheel")
struct SlowWheelTests {
    /// Notches towards the top, `spacing` s apart, then time until everything settled; the
    /// refreshes asked for.
    static func refreshes(notches: Int, spacing: Double, viewport: Double) -> (requests: Int, armedAt: Int?) {
        var e = longList(viewport: viewport)
        var armedAt: Int?
        for i in 0..<notches {
            _ = e.scroll(delta: -Tuning.wheelNotchRaw, source: .wheel, at: Double(i) * spacing)
            if armedAt == nil, e.header == .armed { armedAt = i + 1 }
        }
        e.run(from: Double(notches - 1) * spacing, to: Double(notches) * spacing + 2)
        return (e.takeEvents().refreshRequests, armedAt)
    }

    @Test("Four notches 300 ms apart start a refresh (the third arms), on every viewport from 300 px up", arguments: [300.0, 450, 600, 800, 1200])
    func fourSlowNotchesRefresh(viewport: Double) {
        let run = Self.refreshes(notches: 4, spacing: 0.3, viewport: viewport)
        #expect(run.requests == 1)
        #expect(run.armedAt == 3, "the third slow notch arms, as a fast third does")
    }

    @Test("Four notches up to 450 ms apart refresh, on every viewport from 300 px up (issue 47: 400 ms in real apps)",
          arguments: [0.35, 0.4, 0.45])
    func fourSlowerNotchesRefresh(spacing: Double) {
        for viewport in [300.0, 450, 600, 800, 1200] {
            #expect(Self.refreshes(notches: 4, spacing: spacing, viewport: viewport).requests == 1,
                    "four notches \(spacing) s apart on \(viewport) px")
        }
    }

    @Test("One notch alone never refreshes", arguments: [300.0, 600, 1200])
    func oneNotchNever(viewport: Double) {
        #expect(Self.refreshes(notches: 1, spacing: 0.3, viewport: viewport).requests == 0)
    }

    @Test("Two notches never refresh, however far apart", arguments: [0.03, 0.15, 0.3, 0.5, 1.0])
    func twoNotchesNever(spacing: Double) {
        for viewport in [300.0, 600, 1200] {
            let run = Self.refreshes(notches: 2, spacing: spacing, viewport: viewport)
            #expect(run.requests == 0 && run.armedAt == nil, "two notches \(spacing) s apart on \(viewport) px")
        }
    }

    @Test("Notches a second apart never add up: each one's pull is gone before the next")
    func notchesASecondApartNever() {
        let run = Self.refreshes(notches: 6, spacing: 1.0, viewport: 300)
        #expect(run.requests == 0 && run.armedAt == nil)
        var e = longList(viewport: 300)
        let single = { () -> Double in var one = longList(viewport: 300); _ = one.scroll(delta: -60, source: .wheel, at: 0); return one.pull }()
        for i in 0..<3 {
            let t = Double(i)
            e.tick(at: t)
            #expect(e.pull == 0, "notch \(i + 1) starts from rest")
            _ = e.scroll(delta: -Tuning.wheelNotchRaw, source: .wheel, at: t)
            #expect(near(e.pull, single))
        }
    }

    @Test("Fast notches keep today's count: three arm, two do not", arguments: [300.0, 600, 1200])
    func fastNotchesKeepThree(viewport: Double) {
        #expect(Self.refreshes(notches: 2, spacing: 0.03, viewport: viewport).requests == 0)
        let three = Self.refreshes(notches: 3, spacing: 0.03, viewport: viewport)
        #expect(three.requests == 1 && three.armedAt == 3)
    }

    @Test("The decay is the ease-in-out from the released pull, exactly at each instant")
    func decayIsEaseInOut() {
        var e = longList(viewport: 300)
        let last = e.wheel(notches: -2, at: 0)
        let p0 = e.pull
        let release = last + Tuning.releaseQuietPeriod
        let decay = Tween(from: p0, to: 0, start: release, duration: Tuning.wheelDecayDuration, easing: .easeInOut)
        for step in 0...12 {
            let t = release + Double(step) * Tuning.wheelDecayDuration / 12
            e.tick(at: t)
            #expect(near(e.pull, decay.value(at: t)), "at release + \(t - release) s")
        }
        #expect(e.pull == 0)
        #expect(!e.needsTicks)
        // Gentle at first: after the 100 ms a slow wheel leaves, 95 % of the pull is still there.
        #expect(decay.value(at: release + 0.1) > 0.95 * p0)
    }

    @Test("A notch during the decay continues from the pull on screen, without a jump back")
    func notchContinuesFromTheDecay() {
        for viewport in [300.0, 600] {
            var e = longList(viewport: viewport)
            _ = e.scroll(delta: -Tuning.wheelNotchRaw, source: .wheel, at: 0)
            e.tick(at: 0.3)
            let before = e.pull
            #expect(before > 0)
            _ = e.scroll(delta: -Tuning.wheelNotchRaw, source: .wheel, at: 0.3)
            let band = RubberBand(dimension: viewport)
            #expect(near(e.pull, band.displayed(raw: band.raw(displayed: before) + Tuning.wheelNotchRaw), 1e-6))
        }
    }

    @Test("A touchpad's and a drag's release keep the ease-out spring back")
    func otherDevicesSpringBack() {
        var pad = longList()
        _ = pad.scroll(delta: -60, source: .touchpad, at: 0)
        let p0 = pad.pull
        pad.scrollStop(at: 0.05)
        pad.tick(at: 0.15)
        #expect(near(pad.pull, Tween(from: p0, to: 0, start: 0.05, duration: Tuning.springBackDuration).value(at: 0.15)))
        var quiet = longList()
        _ = quiet.scroll(delta: -60, source: .touchpad, at: 0)
        quiet.tick(at: Tuning.releaseQuietPeriod + Tuning.springBackDuration)
        #expect(quiet.pull == 0)

        var drag = longList()
        drag.pressDown(at: 0)
        drag.pressMoved(offsetY: 60, device: .touch, at: 0.05)
        let d0 = drag.pull
        drag.pressUp(at: 0.1)
        drag.tick(at: 0.2)
        #expect(near(drag.pull, Tween(from: d0, to: 0, start: 0.1, duration: Tuning.springBackDuration).value(at: 0.2)))
    }

    @Test("A slow wheel at the bottom: a pull-mode footer loads from notches 300 ms apart as from fast ones")
    func slowWheelAtTheBottom() {
        for spacing in [0.03, 0.3] {
            var e = longList(footer: .pull, viewport: 300)
            e.command(.end, at: 0)
            e.tick(at: 1)
            #expect(e.offset == e.maxOffset)
            _ = e.scroll(delta: Tuning.wheelNotchRaw, source: .wheel, at: 1)
            e.tick(at: 1 + spacing - 0.001)
            #expect(e.footer != .loading && e.footer != .armed, "one notch does not arm")
            _ = e.scroll(delta: Tuning.wheelNotchRaw, source: .wheel, at: 1 + spacing)
            #expect(e.footer == .armed, "two notches \(spacing) s apart arm the footer")
            e.tick(at: 3)
            #expect(e.footer == .loading)
        }
    }
}
