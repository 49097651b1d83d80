import RefreshCore
import Testing

/// docs/behaviour.md#jike-header (morph, spin, end) and the tweens behind every settle (docs/behaviour.md#input-model).
@Suite("Animation: header timeline")
struct HeaderTimelineTests {
    @Test("Morph runs 0 → 1 linearly over 0.15 s")
    func morphLinear() {
        #expect(Tuning.morphDuration == 0.15)
        #expect(HeaderTimeline.morph(elapsed: -1) == 0)
        #expect(HeaderTimeline.morph(elapsed: 0) == 0)
        for k in stride(from: 0.0, through: 1.0, by: 0.1) {
            #expect(near(HeaderTimeline.morph(elapsed: 0.15 * k), k))
        }
        #expect(HeaderTimeline.morph(elapsed: 0.15) == 1)
        #expect(HeaderTimeline.morph(elapsed: 3) == 1)
    }

    @Test("The ring does not turn during the morph")
    func noSpinDuringMorph() {
        for t in stride(from: 0.0, through: 0.15, by: 0.01) {
            #expect(HeaderTimeline.spin(elapsed: t) == 0)
        }
    }

    @Test("After the morph the ring turns clockwise, one full turn every 0.5 s")
    func spinOneTurnPerHalfSecond() {
        #expect(Tuning.spinPeriod == 0.5)
        let m = Tuning.morphDuration
        #expect(near(HeaderTimeline.spin(elapsed: m + 0.125), .pi / 2))
        #expect(near(HeaderTimeline.spin(elapsed: m + 0.25), .pi))
        #expect(near(HeaderTimeline.spin(elapsed: m + 0.375), 3 * .pi / 2))
        #expect(near(HeaderTimeline.spin(elapsed: m + 0.5 + 0.125), .pi / 2, 1e-9))
        #expect(near(HeaderTimeline.spin(elapsed: m + 10 * 0.5 + 0.25), .pi, 1e-8))
        // Clockwise on screen (y down) = increasing angle, within each turn.
        var previous = HeaderTimeline.spin(elapsed: m + 0.001)
        for i in 2..<49 {
            let value = HeaderTimeline.spin(elapsed: m + Double(i) * 0.01)
            #expect(value > previous)
            previous = value
        }
        for i in 0..<100 {
            let value = HeaderTimeline.spin(elapsed: Double(i) * 0.037)
            #expect(value >= 0 && value < 2 * .pi)
        }
    }

    @Test("End: the line width goes 5 → 0 over 0.5 s")
    func endLineWidth() {
        #expect(HeaderTimeline.endLineWidth(elapsed: 0) == 5)
        #expect(near(HeaderTimeline.endLineWidth(elapsed: 0.25), 2.5))
        #expect(near(HeaderTimeline.endLineWidth(elapsed: 0.1), 4))
        #expect(HeaderTimeline.endLineWidth(elapsed: 0.5) == 0)
        #expect(HeaderTimeline.endLineWidth(elapsed: 2) == 0)
        #expect(HeaderTimeline.endLineWidth(elapsed: -1) == 5)
    }

    @Test("Without animations the timeline shows its end state")
    func notAnimated() {
        #expect(HeaderTimeline.morph(elapsed: 0, animated: false) == 1)
        #expect(HeaderTimeline.spin(elapsed: 0.4, animated: false) == 0)
        #expect(HeaderTimeline.endLineWidth(elapsed: 0, animated: false) == 0)
        #expect(HeaderTimeline.spinner(elapsed: 0.3, animated: false) == 0)
    }

    @Test("The spinner turns once per spinner period")
    func spinner() {
        #expect(near(HeaderTimeline.spinner(elapsed: Tuning.spinnerPeriod / 4), .pi / 2))
        #expect(near(HeaderTimeline.spinner(elapsed: Tuning.spinnerPeriod * 1.5), .pi, 1e-9))
        #expect(HeaderTimeline.spinner(elapsed: -1) == 0)
    }
}

@Suite("Animation: tweens")
struct TweenTests {
    @Test("Ease-out is the cubic 1 − (1 − t)³, clamped to 0…1")
    func easeOut() {
        for t in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(near(Easing.easeOut(t), 1 - (1 - t) * (1 - t) * (1 - t)))
            #expect(Easing.easeOut(t) >= Easing.linear(t))  // fast start, gentle stop
        }
        #expect(Easing.easeOut(-1) == 0)
        #expect(Easing.easeOut(2) == 1)
        #expect(Easing.linear(0.3) == 0.3)
        #expect(Easing.linear(-0.3) == 0)
        #expect(Easing.linear(1.3) == 1)
    }

    @Test("A tween goes from → to over its duration, easing as asked")
    func tweenValues() {
        let tween = Tween(from: 70, to: 0, start: 2, duration: 0.5)
        #expect(tween.easing == .easeOut)
        #expect(tween.value(at: 1) == 70)
        #expect(tween.value(at: 2) == 70)
        #expect(near(tween.value(at: 2.25), 70 - 70 * 0.875))
        #expect(tween.value(at: 2.5) == 0)
        #expect(tween.value(at: 9) == 0)
        #expect(tween.end == 2.5)
        #expect(!tween.isFinished(at: 2.4999))
        #expect(tween.isFinished(at: 2.5))
        #expect(near(tween.progress(at: 2.1), 0.2))

        let linear = Tween(from: 0, to: 10, start: 0, duration: 2, easing: .linear)
        #expect(near(linear.value(at: 0.5), 2.5))
    }

    @Test("A zero-length tween is at its end at once; a negative duration counts as zero")
    func zeroDuration() {
        let tween = Tween(from: 5, to: 9, start: 1, duration: 0)
        #expect(tween.value(at: 1) == 9)
        #expect(tween.value(at: 0) == 9)
        #expect(tween.isFinished(at: 0))
        #expect(Tween(from: 0, to: 1, start: 0, duration: -3).duration == 0)
    }

    @Test("An ease-out tween sampled every frame never jumps and never overshoots")
    func tweenSamples() {
        let tween = Tween(from: 100, to: 30, start: 0, duration: 0.35)
        var previous = 100.0
        let maxStep: Double = 3.0 * 70 / 0.35 / 60 + 1e-9
        for i in 1...30 {
            let v = tween.value(at: Double(i) / 60)
            #expect(v <= previous && v >= 30)
            #expect(previous - v <= maxStep)
            previous = v
        }
    }
}

@Suite("Animation: the J in the engine")
struct EngineTimelineTests {
    @Test("After release the grey J morphs into the ring over 0.15 s, then the ring spins")
    func morphThenSpin() {
        var e = longList()
        _ = e.scroll(delta: -rawFor(pull: 90), source: .touchpad, at: 0)
        if case .fill(let s) = e.headerVisual.glyph { #expect(near(s, 90.0 / 70, 1e-9)) } else { Issue.record("expected a fill") }
        e.scrollStop(at: 0.1)
        #expect(e.headerVisual.glyph == .ring(morph: 0, rotation: 0, lineWidth: 5))
        e.tick(at: 0.1 + 0.075)
        guard case .ring(let m, let r, let w) = e.headerVisual.glyph else {
            Issue.record("expected a ring")
            return
        }
        #expect(near(m, 0.5) && r == 0 && w == 5)
        e.tick(at: 0.1 + 0.15 + 0.125)
        guard case .ring(let m2, let r2, _) = e.headerVisual.glyph else {
            Issue.record("expected a ring")
            return
        }
        #expect(m2 == 1)
        #expect(near(r2, .pi / 2, 1e-9))
    }

    @Test("While pulling, the J fills with s = p / 70")
    func fillFollowsPull() {
        var e = longList()
        _ = e.scroll(delta: -rawFor(pull: 35), source: .touchpad, at: 0)
        guard case .fill(let s) = e.headerVisual.glyph else {
            Issue.record("expected a fill")
            return
        }
        #expect(near(s, 0.5, 1e-9))
    }

    @Test("beginRefreshing fills the J while revealing, then morphs when the action fires")
    func revealFillsJ() {
        var e = longList()
        e.beginRefreshing(at: 0)
        e.tick(at: 0.1)
        guard case .fill(let s) = e.headerVisual.glyph else {
            Issue.record("expected a fill while revealing")
            return
        }
        #expect(near(s, e.pull / 70))
        e.tick(at: 0.25)
        #expect(e.headerVisual.glyph == .ring(morph: 0, rotation: 0, lineWidth: 5))
    }

    @Test("The spinner indicator and footer spinner turn with time")
    func spinners() {
        var e = longList(style: .classic)
        _ = e.pullToRefresh(at: 0)
        e.tick(at: Tuning.refreshSettleDuration + 0.25)
        guard case .spinner(let angle) = e.headerVisual.indicator else {
            Issue.record("expected a spinner")
            return
        }
        // The spinner starts with the refresh (at release, t = 0).
        #expect(near(angle, HeaderTimeline.spinner(elapsed: Tuning.refreshSettleDuration + 0.25)))
    }
}
