import RefreshCore
import Testing

// `setAnimationsEnabled(_:at:)`: time advances to the call under the old setting, then transitions
// that start afterwards use the new one. Anything already under way keeps the deadline it was given
// (docs/behaviour.md, Refresh lifecycle).

@Suite("Settings: animations switched mid-flight")
struct AnimationSettingTests {
    @Test("Turning animations off mid-finish does not move the finish deadline already under way")
    func offMidFinishKeepsTheDeadline() {
        var e = longList()
        let fired = e.pullToRefresh(at: 0)
        let end = fired + 1
        _ = e.takeEvents()
        let ended = e.endRefreshing(ok: true, at: end)
        #expect(ended)
        let collapse = Tween(from: 70, to: 0, start: end, duration: Tuning.endDuration)
        e.setAnimationsEnabled(false, at: end + 0.2)
        #expect(!e.animationsEnabled)
        #expect(e.header == .finishing)
        #expect(near(e.pull, collapse.value(at: end + 0.2)))
        // The content keeps collapsing along the same ease-out; the host keeps ticking until its end.
        e.tick(at: end + 0.4)
        #expect(e.header == .finishing)
        #expect(near(e.pull, collapse.value(at: end + 0.4)))
        #expect(e.needsTicks)
        e.tick(at: end + Tuning.endDuration - 1e-3)
        #expect(e.header == .finishing)
        e.tick(at: end + Tuning.endDuration)
        #expect(e.header == .idle)
        #expect(e.pull == 0)
        let phases = e.takeEvents().headerPhases
        #expect(phases == [.finishing, .idle])
        // What starts afterwards follows the new setting: the next refresh settles at once.
        e.touchpadPull(raw: rawFor(pull: 90), at: end + 1)
        #expect(e.header == .refreshing)
        #expect(e.pull == 70)
    }

    @Test("The setting applies only from its call: time before it runs under the old one")
    func timeAdvancesFirst() {
        var e = longList()
        e.touchpadPull(raw: rawFor(pull: 50), at: 0)  // released below the trigger: springs back
        // Switched off after the spring-back ended: it ended at its own time, not at the call.
        e.setAnimationsEnabled(false, at: Tuning.springBackDuration + 0.1)
        #expect(e.pull == 0)
        // Switched back on mid spring-back: the settle that started without animations is already over.
        e.touchpadPull(raw: rawFor(pull: 50), at: 1)
        #expect(e.pull == 0)
        e.setAnimationsEnabled(true, at: 1.1)
        e.touchpadPull(raw: rawFor(pull: 50), at: 2)
        e.tick(at: 2 + Tuning.springBackDuration / 2)
        #expect(e.pull > 0)
        // Turning animations off mid spring-back keeps its end time too.
        e.setAnimationsEnabled(false, at: 2 + Tuning.springBackDuration / 2)
        #expect(e.pull > 0)
        e.tick(at: 2 + Tuning.springBackDuration - 1e-3)
        #expect(e.pull > 0)
        e.tick(at: 2 + Tuning.springBackDuration)
        #expect(e.pull == 0)
    }

    @Test("A failure hold, a reveal and a key scroll under way keep their deadlines too")
    func otherDeadlines() {
        var e = longList()
        let began = e.beginRefreshing(at: 0)
        #expect(began)
        e.setAnimationsEnabled(false, at: Tuning.revealDuration / 2)
        #expect(e.takeEvents().refreshRequests == 0)
        e.tick(at: Tuning.revealDuration - 1e-3)
        #expect(e.takeEvents().refreshRequests == 0)
        e.tick(at: Tuning.revealDuration)
        #expect(e.takeEvents().refreshRequests == 1)
        e.setAnimationsEnabled(true, at: 1)
        let failed = e.endRefreshing(ok: false, at: 1)
        #expect(failed)
        e.setAnimationsEnabled(false, at: 1.5)
        e.tick(at: 1 + Tuning.failureHold - 1e-3)
        #expect(e.header == .failed)
        e.tick(at: 1 + Tuning.failureHold)
        // The collapse starts after the switch: it follows the new setting.
        #expect(e.header == .idle)
        #expect(e.pull == 0)

        var k = longList()
        k.command(.pageDown, at: 0)
        k.setAnimationsEnabled(false, at: Tuning.keyScrollDuration / 2)
        #expect(k.offset < 540)
        k.tick(at: Tuning.keyScrollDuration)
        #expect(k.offset == 540)
    }
}
