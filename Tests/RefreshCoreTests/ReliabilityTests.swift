import RefreshCore
import Testing

// The failure modes that plague every refresh control (docs/behaviour.md#invariants), each made impossible by the
// engine and proved here with injected time. The GTK side of the same points lives in
// Tests/RefreshGtkTests/ReliabilityGtkTests.swift and TeardownTests.swift.

/// A small seeded generator for the randomised races (reproducible failures).
private struct Seeded: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

private let frame = 1.0 / 60

extension RefreshEngine {
    /// Ticks at 60 Hz for `seconds` after `t`, recording the pull after every frame.
    mutating func framesOfPull(from t: Double, for seconds: Double) -> [Double] {
        var samples = [pull]
        var time = t
        while time < t + seconds {
            time += frame
            tick(at: time)
            samples.append(pull)
        }
        return samples
    }

    /// The rest position (docs/behaviour.md#invariants): nothing displaced, nothing moving, the offset in range.
    var isAtRest: Bool {
        pull == 0 && push == 0 && displacement == 0 && !needsTicks && offset >= 0 && offset <= maxOffset
    }
}

/// The frame-to-frame steps of a sampled value that moved (|step| > 1e-9).
private func steps(_ samples: [Double]) -> [Double] {
    zip(samples.dropFirst(), samples).map { $0 - $1 }.filter { abs($0) > 1e-9 }
}

/// True when the samples go from where they start to `rest` one way only — every step towards
/// `rest`, no jitter, no jump back and forth — and end exactly at `rest`. Samples that never
/// move pass only when they start at rest: a pull stuck on screen does not "move one way".
func settlesOneWay(_ samples: [Double], to rest: Double) -> Bool {
    guard let first = samples.first, samples.last == rest else { return false }
    let moved = steps(samples)
    if first == rest { return moved.isEmpty }
    return first < rest ? moved.allSatisfy { $0 > 0 } : moved.allSatisfy { $0 < 0 }
}

@Suite("settlesOneWay: the check itself")
struct SettlesOneWayTests {
    @Test func acceptsOnlyOneWayToTheRest() {
        #expect(settlesOneWay([90, 80, 72, 70, 70], to: 70))
        #expect(settlesOneWay([0, 30, 60, 70], to: 70))
        #expect(settlesOneWay([70, 70, 70], to: 70))
        #expect(!settlesOneWay([75, 75, 75], to: 0), "a pull stuck on screen")
        #expect(!settlesOneWay([75, 50, 20], to: 0), "stopped short of the rest")
        #expect(!settlesOneWay([75, 50, 55, 0], to: 0), "went back")
        #expect(!settlesOneWay([75, 80, 70], to: 70), "went away from the rest first")
        #expect(!settlesOneWay([70, 69, 70], to: 70), "jittered at the rest")
        #expect(!settlesOneWay([], to: 0))
    }
}

// MARK: - 1. Release at the trigger line ±0.5 px

@Suite("Reliability 1: release at the trigger line")
struct ReliabilityTriggerLineTests {
    static let releasePulls = [Tuning.triggerPull - 0.5, Tuning.triggerPull, Tuning.triggerPull + 0.5]

    /// Approached from below and released within half a pixel of the line: the content then
    /// moves one way only, every frame, until it rests (at H when it armed, else at 0).
    @Test(arguments: HeaderStyle.allCases, releasePulls)
    func releaseFromBelowMovesOneWay(style: HeaderStyle, p: Double) {
        var e = longList(style: style)
        // Approach in small steps, as a finger would.
        let target = rawFor(pull: p)
        var raw = 0.0
        var t = 0.0
        while raw < target {
            let step = min(3, target - raw)
            raw += step
            _ = e.scroll(delta: -step, source: .touchpad, at: t)
            t += frame
        }
        #expect(near(e.pull, p, 1e-6))
        let armed = p >= Tuning.triggerPull
        #expect(e.header == (armed ? .armed : .pulling))
        e.scrollStop(at: t)
        let samples = e.framesOfPull(from: t, for: 1.5)
        let rest = armed ? style.heldHeight : 0
        #expect(settlesOneWay(samples, to: rest), "pull did not settle one way to \(rest): \(steps(samples))")
        #expect(e.offset == 0)
        #expect(e.header == (armed ? .refreshing : .idle))
        let events = e.takeEvents()
        #expect(events.refreshRequests == (armed ? 1 : 0))
        #expect(events.loadRequests == 0)
        // No flicker: armed at most once, never pulling again after it.
        let phases = events.headerPhases
        #expect(phases.filter { $0 == .armed }.count == (armed ? 1 : 0))
        if armed {
            // The end animation also goes one way only, to exactly 0.
            e.endRefreshing(ok: true, at: t + 1.5)
            let end = e.framesOfPull(from: t + 1.5, for: 1.5)
            #expect(settlesOneWay(end, to: 0), "\(steps(end))")
            #expect(e.isAtRest)
            #expect(e.header == .idle)
        }
    }

    /// Back down from past the line to within half a pixel of it (hysteresis keeps it armed):
    /// the content rises to H or falls to it, one way only.
    @Test(arguments: releasePulls)
    func releaseFromAboveMovesOneWay(p: Double) {
        var e = longList()
        _ = e.scroll(delta: -rawFor(pull: 90), source: .touchpad, at: 0)
        #expect(e.header == .armed)
        _ = e.scroll(delta: rawFor(pull: 90) - rawFor(pull: p), source: .touchpad, at: 0.05)
        #expect(near(e.pull, p, 1e-6))
        #expect(e.header == .armed)
        e.scrollStop(at: 0.1)
        let samples = e.framesOfPull(from: 0.1, for: 1.5)
        // Released armed: the jike header rests at its held height, the trigger line.
        #expect(settlesOneWay(samples, to: HeaderStyle.jike.heldHeight), "\(steps(samples))")
        #expect(samples.last == Tuning.triggerPull)
        #expect(e.takeEvents().refreshRequests == 1)
    }

    /// A finger trembling across the line (±0.5 px, many times) arms once, never flickers, and
    /// its release still settles in one direction.
    @Test func tremblingAtTheLineArmsOnceAndSettlesOneWay() {
        var e = longList()
        _ = e.scroll(delta: -rawFor(pull: Tuning.triggerPull - 0.5), source: .touchpad, at: 0)
        var t = 0.0
        for i in 0..<40 {
            t += frame
            let target = Tuning.triggerPull + (i.isMultiple(of: 2) ? 0.5 : -0.5)
            _ = e.scroll(delta: e.isGestureActive ? -(rawFor(pull: target) - rawFor(pull: e.pull)) : 0,
                         source: .touchpad, at: t)
        }
        let phases = e.takeEvents().headerPhases
        #expect(phases == [.pulling, .armed])
        e.scrollStop(at: t)
        let samples = e.framesOfPull(from: t, for: 1)
        #expect(settlesOneWay(samples, to: HeaderStyle.jike.heldHeight), "\(steps(samples))")
        #expect(e.pull == Tuning.triggerPull)
        #expect(e.takeEvents().refreshRequests == 1)
    }

    /// The wheel releases after its quiet period: the content must not move during the wait,
    /// then move one way only.
    /// Two notches (p ≈ 59.5) spring back to 0; three (p ≈ 85) arm and come to rest at the
    /// held height. Nothing moves before the quiet period has passed after the last notch.
    @Test(arguments: [2, 3])
    func wheelReleaseAtTheLineMovesOneWay(notches: Int) {
        var e = longList()
        let last = e.wheel(notches: -notches, at: 0)
        let held = e.pull
        #expect(near(held, RubberBand(dimension: 600).displayed(raw: Double(notches) * Tuning.wheelNotchRaw)))
        let samples = e.framesOfPull(from: last, for: 1.5)
        // Frame k is at last + k/60: the ones before the quiet period ends still show the pull.
        let waiting = Int((Tuning.releaseQuietPeriod * 60).rounded(.down))
        #expect(samples.prefix(waiting).allSatisfy { $0 == held }, "moved before the release: \(samples.prefix(waiting))")
        let armed = notches == 3
        let rest = armed ? HeaderStyle.jike.heldHeight : 0
        #expect(settlesOneWay(samples, to: rest), "\(notches) notches: \(steps(samples))")
        #expect(e.pull == rest)
        #expect(e.header == (armed ? .refreshing : .idle))
        #expect(e.takeEvents().refreshRequests == (armed ? 1 : 0))
    }
}

// MARK: - 2. The rest offset is derived, never stored stale

@Suite("Reliability 2: rest position after geometry changes")
struct ReliabilityDerivedRestTests {
    /// Window resized (smaller, then larger) and rows appended elsewhere while refreshing.
    @Test func resizeAndRowsAddedDuringRefreshEndAtRest() {
        var e = longList()
        let fired = e.pullToRefresh(at: 0)
        #expect(e.pull == Tuning.triggerPull)
        e.resize(viewportHeight: 300, at: fired + 0.1)
        e.setRowsHeight(e.rowsHeight + 20 * 56, at: fired + 0.2)
        e.resize(viewportHeight: 900, at: fired + 0.3)
        #expect(e.pull == Tuning.triggerPull, "the held header keeps its place")
        e.endRefreshing(ok: true, insertedHeight: 560, at: fired + 0.4)
        e.run(from: fired + 0.4, to: fired + 2)
        #expect(e.isAtRest)
        #expect(e.offset == 0)
        #expect(e.header == .idle)
        #expect(e.maxOffset == 3000 + 20 * 56 + 560 + Tuning.footerHeight - 900)
    }

    /// Rows removed during a refresh shrink the range below the offset the user scrolled to:
    /// the content ends at the new end of the range, not at the stale offset.
    @Test func rowsRemovedDuringRefreshClampTheRest() {
        var e = longList()
        let fired = e.pullToRefresh(at: 0)
        e.externalScroll(to: 2000, at: fired + 0.1)  // the header scrolls away first, then rows
        #expect(e.offset > 1900)
        e.setRowsHeight(1000, at: fired + 0.2)
        #expect(e.offset <= e.maxOffset)
        e.endRefreshing(ok: true, at: fired + 0.3)
        e.run(from: fired + 0.3, to: fired + 2)
        #expect(e.isAtRest)
        #expect(e.offset == 1000 + Tuning.footerHeight - 600)
    }

    /// The window grows past the rows during a refresh: the list becomes short, rests at 0.
    @Test func listBecomingShortDuringRefreshRestsAtZero() {
        var e = longList(rows: 800)
        let fired = e.pullToRefresh(at: 0)
        e.resize(viewportHeight: 1200, at: fired + 0.05)
        #expect(e.isShortList)
        e.endRefreshing(ok: false, at: fired + 0.1)
        e.run(from: fired + 0.1, to: fired + 3)
        #expect(e.isAtRest)
        #expect(e.offset == 0 && e.maxOffset == 0)
        #expect(e.takeEvents().loadRequests == 0)
    }

    /// Resized during the settle to H (before the action) and during the end animation.
    @Test func resizeDuringSettleAndFinishEndsAtRest() {
        var e = longList()
        e.touchpadPull(raw: rawFor(pull: 90), at: 0)
        e.tick(at: 0.1)
        e.resize(viewportHeight: 400, at: 0.15)
        e.run(from: 0.15, to: 0.5)
        #expect(e.takeEvents().refreshRequests == 1)
        #expect(e.pull == Tuning.triggerPull)
        e.endRefreshing(ok: true, insertedHeight: 112, at: 0.5)
        e.tick(at: 0.6)
        e.resize(viewportHeight: 700, at: 0.65)
        e.setRowsHeight(e.rowsHeight + 300, at: 0.7)
        e.run(from: 0.7, to: 2)
        #expect(e.isAtRest)
        #expect(e.header == .idle)
    }

    /// Pull mode: the footer is held open while loading; resize and rows appended elsewhere
    /// before the page arrives still end with nothing pushed.
    @Test func resizeDuringPullModeLoadEndsAtRest() {
        var e = longList(footer: .pull)
        e.externalScroll(to: e.maxOffset, at: 0)
        _ = e.scroll(delta: rawFor(pull: 60), source: .touchpad, at: 0.1)
        #expect(e.footer == .armed)
        e.scrollStop(at: 0.1)
        #expect(e.footer == .loading)
        e.run(from: 0.1, to: 0.8)
        #expect(e.push == Tuning.footerHeight)
        e.resize(viewportHeight: 450, at: 0.8)
        e.setRowsHeight(e.rowsHeight + 100, at: 0.9)
        e.resize(viewportHeight: 650, at: 1.0)
        e.endLoading(ok: true, addedHeight: 560, at: 1.1)
        e.run(from: 1.1, to: 2.5)
        #expect(e.isAtRest)
        #expect(e.footer == .idle)
    }

    /// Random viewport and row changes at random moments of refreshes and loads: after the
    /// answers and a quiet second, always at rest inside the range.
    @Test(arguments: 1...40)
    func randomGeometryChangesEndAtRest(seed: Int) {
        var rng = Seeded(state: UInt64(seed))
        var e = longList(footer: seed.isMultiple(of: 2) ? .auto : .pull)
        var t = 0.0
        for _ in 0..<30 {
            t += Double.random(in: 0.005...0.2, using: &rng)
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: e.resize(viewportHeight: Double.random(in: 100...1400, using: &rng), at: t)
            case 1: e.setRowsHeight(Double.random(in: 0...4000, using: &rng), at: t)
            case 2: e.touchpadPull(raw: rawFor(pull: 95, viewport: max(e.viewportHeight, 1)), at: t)
            case 3: _ = e.beginRefreshing(at: t)
            case 4: e.externalScroll(to: Double.random(in: 0...4000, using: &rng), at: t)
            case 5: _ = e.loadMore(at: t)
            case 6:
                _ = e.scroll(delta: Double.random(in: -200...200, using: &rng), source: .touchpad, at: t)
                e.scrollStop(at: t)
            default: e.tick(at: t)
            }
        }
        e.run(from: t, to: t + 1)
        e.endRefreshing(ok: true, insertedHeight: 56, at: t + 1)
        e.endLoading(ok: true, addedHeight: 56, at: t + 1)
        // A refresh queued during the load begins now: answer it too.
        e.run(from: t + 1, to: t + 2)
        e.endRefreshing(ok: true, insertedHeight: 56, at: t + 2)
        e.run(from: t + 2, to: t + 5)
        #expect(e.isAtRest, "seed \(seed): pull \(e.pull) push \(e.push) offset \(e.offset)/\(e.maxOffset)")
        #expect(e.header == .idle)
        #expect(e.footer != .loading && e.footer != .armed)
    }
}

// MARK: - 3. Load-more exactly once per approach to the bottom

@Suite("Reliability 3: load-more once per approach")
struct ReliabilityLoadOnceTests {
    /// Scrolls down with host-handled notches until a load fires, answering it in the same
    /// call (the rows arrive in the same frame) with `added` px. Returns the time.
    static func approachBottom(_ e: inout RefreshEngine, at t: Double, added: Double, loads: inout Int) -> Double {
        var time = t
        for _ in 0..<200 {
            e.hostNotch(down: true, at: time)
            let events = e.takeEvents()
            loads += events.loadRequests
            if events.loadRequests > 0 {
                do { let answered = e.endLoading(ok: true, addedHeight: added, at: time); #expect(answered) }
                return time
            }
            time += 0.03
        }
        Issue.record("never reached the bottom")
        return time
    }

    @Test func rowsArrivingInTheSameFrameDoNotFireAgainInTheSameGesture() {
        var e = longList()
        var loads = 0
        let t = Self.approachBottom(&e, at: 0, added: 1200, loads: &loads)
        #expect(loads == 1)
        // The same gesture scrolls on through the new rows to the new bottom and pushes there.
        let end = e.hostNotches(60, at: t + 0.03)
        loads += e.takeEvents().loadRequests
        #expect(e.offset == e.maxOffset)
        #expect(loads == 1, "a second load in the same gesture")
        // A new gesture (after the wheel's quiet period) is a new approach: exactly one more.
        e.run(from: end, to: end + 1)
        e.hostNotches(3, at: end + 1)
        loads += e.takeEvents().loadRequests
        #expect(loads == 2)
    }

    /// A list back in the zone within `Tuning.zoneBounceWindow` of leaving it has not left it.
    /// GTK 4's GtkListBox does this on Shift+Tab from a failed footer to a row far up: it sets the
    /// value to the row, its viewport sets it back to the end and eases up from there. No retry
    /// then; the next approach, away longer, retries once.
    @Test(arguments: [(away: 0.001, loads: 0), (away: Tuning.zoneBounceWindow * 0.9, loads: 0),
                      (away: Tuning.zoneBounceWindow * 1.1, loads: 1)])
    func aListBackInTheZoneAtOnceHasNotLeftIt(away: Double, loads expected: Int) {
        var e = longList()
        e.externalScroll(to: e.maxOffset - 300, at: 0)
        e.externalScroll(to: e.maxOffset, at: 0.1)
        #expect(e.takeEvents().loadRequests == 1)
        e.endLoading(ok: false, addedHeight: 0, at: 0.4)
        #expect(e.footer == .failed)
        let end = e.offset
        e.externalScroll(to: 280, at: 1)
        e.externalScroll(to: end, at: 1 + away)
        // The viewport's ease from the end up to the row.
        for k in 1...12 {
            e.externalScroll(to: end - (end - 280) * Double(k) / 12, at: 1 + away + Double(k) * frame)
        }
        #expect(e.takeEvents().loadRequests == expected)
        #expect(e.footer == (expected == 0 ? .failed : .loading))
        if expected == 0 {
            e.externalScroll(to: end, at: 3)
            #expect(e.takeEvents().loadRequests == 1, "the next approach retries")
        }
    }

    /// Rows appended move the zone away with no move: the list is then out of it moving down, and
    /// its next arrival at the end, however soon, is a new approach.
    @Test func aMoveDownPastAppendedRowsIsANewApproachAtOnce() {
        var e = longList()
        e.externalScroll(to: e.maxOffset - 300, at: 0)
        e.externalScroll(to: e.maxOffset, at: 0.1)
        #expect(e.takeEvents().loadRequests == 1)
        e.endLoading(ok: true, addedHeight: 100, at: 0.4)
        e.externalScroll(to: e.offset + 36, at: 1)
        e.externalScroll(to: e.maxOffset, at: 1 + frame)
        #expect(e.takeEvents().loadRequests == 1)
    }

    @Test func holdingAtTheBottomFiresOnce() {
        var e = longList()
        e.externalScroll(to: e.maxOffset - 100, at: 0)
        var loads = e.takeEvents().loadRequests
        // A touchpad keeps pushing at the bottom for five seconds without lifting the fingers.
        var t = 0.0
        var answered = false
        while t < 5 {
            t += frame
            // Mid-list the host scrolls its adjustment and reports it back.
            if e.scroll(delta: 4, source: .touchpad, at: t) == .passThrough {
                e.externalScroll(to: e.offset + 4, at: t)
            }
            loads += e.takeEvents().loadRequests
            if loads == 1, !answered, t > 1 {
                e.endLoading(ok: true, addedHeight: 300, at: t)
                answered = true
            }
        }
        #expect(answered)
        #expect(loads == 1)
        e.scrollStop(at: t)
        e.run(from: t, to: t + 2)
        #expect(e.takeEvents().loadRequests == 0)
        #expect(e.isAtRest)
    }

    /// A page with zero rows: the bottom stays in view, nothing loads again by itself (no loop
    /// firing every frame), until a new gesture approaches the bottom.
    @Test func aPageOfZeroRowsDoesNotLoop() {
        var e = longList()
        var loads = 0
        let t = Self.approachBottom(&e, at: 0, added: 0, loads: &loads)
        #expect(loads == 1)
        #expect(e.footer == .idle)
        let end = e.hostNotches(5, at: t + 0.03)
        e.run(from: end, to: end + 3)
        loads += e.takeEvents().loadRequests
        #expect(loads == 1)
        #expect(e.isAtRest)
        // A new gesture at the bottom: one more, answered with zero rows again.
        e.hostNotches(4, at: end + 3)
        let events = e.takeEvents()
        #expect(events.loadRequests == 1)
        e.endLoading(ok: true, addedHeight: 0, at: end + 3.2)
        e.run(from: end + 3.2, to: end + 6)
        #expect(e.takeEvents().loadRequests == 0)
    }

    /// End key: each press is its own gesture; the page answered in the same frame.
    @Test func endKeyWithSameFrameAnswerFiresOncePerPress() {
        var e = longList()
        var t = 0.0
        for press in 1...4 {
            e.command(.end, at: t)
            var loads = 0
            for _ in 0..<30 {
                t += frame
                e.tick(at: t)
                let events = e.takeEvents()
                loads += events.loadRequests
                if events.loadRequests > 0 { e.endLoading(ok: true, addedHeight: 560, at: t) }
            }
            #expect(loads == 1, "press \(press)")
        }
    }

    /// Pull mode: one load per push-and-release, answered in the same frame, also with no rows.
    @Test(arguments: [0.0, 560.0])
    func pullModeOncePerRelease(added: Double) {
        var e = longList(footer: .pull)
        e.externalScroll(to: e.maxOffset, at: 0)
        var t = 0.0
        var loads = 0
        for _ in 0..<3 {
            e.externalScroll(to: e.maxOffset, at: t)
            _ = e.scroll(delta: rawFor(pull: 60), source: .touchpad, at: t)
            // Keeps holding past the line for a second (fingers resting on the pad keep the
            // gesture alive with zero deltas): nothing until the release.
            var hold = t
            while hold < t + 1 {
                hold += frame
                _ = e.scroll(delta: 0, source: .touchpad, at: hold)
            }
            #expect(e.footer == .armed)
            #expect(e.takeEvents().loadRequests == 0)
            e.scrollStop(at: t + 1)
            let events = e.takeEvents()
            loads += events.loadRequests
            if events.loadRequests > 0 { e.endLoading(ok: true, addedHeight: added, at: t + 1) }
            e.run(from: t + 1, to: t + 2)
            loads += e.takeEvents().loadRequests
            t += 2
        }
        #expect(loads == 3)
        #expect(e.isAtRest)
    }
}

// MARK: - 4. A list shorter than the viewport

@Suite("Reliability 4: short lists")
struct ReliabilityShortListTests {
    @Test(arguments: FooterMode.allCases)
    func pullingAndPushingNeverLoad(mode: FooterMode) {
        var e = shortList(footer: mode)
        var t = 0.0
        // Pull down a little (not armed), push up hard with every device, keys.
        e.touchpadPull(raw: 40, at: t)
        e.run(from: t, to: t + 1); t += 1
        _ = e.scroll(delta: 500, source: .touchpad, at: t)
        #expect(e.footer == .idle, "a short list never arms the footer")
        e.scrollStop(at: t)
        e.run(from: t, to: t + 1); t += 1
        t = e.wheel(notches: 10, at: t)
        e.run(from: t, to: t + 1); t += 1
        e.dragBegin(at: t)
        for i in 1...20 { e.dragUpdate(offsetY: -Double(i) * 30, at: t + Double(i) * frame) }
        t += 21 * frame
        e.dragEnd(at: t)
        e.run(from: t, to: t + 1); t += 1
        e.command(.end, at: t)
        e.command(.pageDown, at: t + 0.1)
        e.run(from: t + 0.1, to: t + 1); t += 1
        do { let answered = e.loadMore(at: t); #expect(answered == false, "even the footer's own action is refused") }
        let events = e.takeEvents()
        #expect(events.loadRequests == 0)
        #expect(events.refreshRequests == 0)
        #expect(e.isAtRest)
        #expect(e.footer == .idle)
    }

    @Test(arguments: FooterMode.allCases)
    func pullToRefreshFiresOnlyTheRefresh(mode: FooterMode) {
        var e = shortList(footer: mode)
        let fired = e.pullToRefresh(at: 0)
        var events = e.takeEvents()
        #expect(events.refreshRequests == 1)
        // Rows arrive at the top but the list stays short.
        e.endRefreshing(ok: true, insertedHeight: 112, at: fired + 0.1)
        e.run(from: fired + 0.1, to: fired + 2)
        events += e.takeEvents()
        #expect(events.loadRequests == 0)
        #expect(events.refreshRequests == 1)
        #expect(e.isAtRest)
        #expect(e.isShortList)
    }
}

// MARK: - 5. Begin/end races

@Suite("Reliability 5: begin/end races")
struct ReliabilityRaceTests {
    /// Ending while the programmatic reveal is still under way: the action never runs, the
    /// header collapses from where it was, one way, to idle.
    @Test func endBeforeTheRevealFinished() {
        var e = longList()
        do { let answered = e.beginRefreshing(at: 0); #expect(answered) }
        e.tick(at: 0.1)
        let p = e.pull
        #expect(p > 0 && p < Tuning.triggerPull)
        do { let answered = e.endRefreshing(ok: true, at: 0.1); #expect(answered) }
        let samples = e.framesOfPull(from: 0.1, for: 2)
        #expect(settlesOneWay(samples, to: 0), "\(steps(samples))")
        #expect(e.takeEvents().refreshRequests == 0)
        #expect(e.isAtRest)
        #expect(e.header == .idle)
    }

    /// End, then begin in the same frame: one new refresh, its action exactly once.
    @Test func endThenBeginInTheSameFrame() {
        var e = longList()
        let fired = e.pullToRefresh(at: 0)
        #expect(e.takeEvents().refreshRequests == 1)
        do { let answered = e.endRefreshing(ok: true, at: fired + 0.5); #expect(answered) }
        do { let answered = e.beginRefreshing(at: fired + 0.5); #expect(answered) }
        #expect(e.header == .refreshing)
        e.run(from: fired + 0.5, to: fired + 3)
        #expect(e.takeEvents().refreshRequests == 1)
        #expect(e.header == .refreshing)
        #expect(e.pull == Tuning.triggerPull)
        do { let answered = e.endRefreshing(ok: true, at: fired + 3); #expect(answered) }
        e.run(from: fired + 3, to: fired + 5)
        #expect(e.isAtRest && e.header == .idle)
        #expect(e.takeEvents().refreshRequests == 0)
    }

    /// Begin while the end animation runs: the header reopens without a jump, one action.
    @Test func beginWhileFinishing() {
        var e = longList()
        let fired = e.pullToRefresh(at: 0)
        _ = e.takeEvents()
        e.endRefreshing(ok: true, at: fired)
        e.run(from: fired, to: fired + 0.2)
        #expect(e.header == .finishing)
        let before = e.pull
        do { let answered = e.beginRefreshing(at: fired + 0.2); #expect(answered) }
        #expect(e.pull == before, "no jump")
        do { let answered = e.beginRefreshing(at: fired + 0.25); #expect(!answered, "begin twice is a no-op") }
        e.run(from: fired + 0.25, to: fired + 2)
        #expect(e.takeEvents().refreshRequests == 1)
        e.endRefreshing(ok: false, at: fired + 2)
        e.run(from: fired + 2, to: fired + 5)
        #expect(e.isAtRest && e.header == .idle)
    }

    /// End twice: the second changes nothing and reports nothing.
    @Test(arguments: [true, false])
    func endTwice(ok: Bool) {
        var e = longList()
        let fired = e.pullToRefresh(at: 0)
        _ = e.takeEvents()
        do { let answered = e.endRefreshing(ok: ok, insertedHeight: 56, at: fired + 0.1); #expect(answered) }
        _ = e.takeEvents()
        let observed = e.observed
        do { let answered = e.endRefreshing(ok: !ok, insertedHeight: 560, at: fired + 0.1); #expect(!answered) }
        #expect(e.observed == observed)
        #expect(e.takeEvents().isEmpty)
        e.run(from: fired + 0.1, to: fired + 3)
        do { let answered = e.endRefreshing(ok: true, at: fired + 3); #expect(!answered) }
        #expect(e.isAtRest && e.header == .idle)
        #expect(e.rowsHeight == 3000 + (ok ? 56 : 0))
    }

    /// Random begin/end/pull/load calls, often in the same frame: every action is answered at
    /// most once, never both at once, and after the last answers the engine is idle at rest.
    @Test(arguments: 1...60)
    func randomBeginEndNeverSticks(seed: Int) {
        var rng = Seeded(state: UInt64(seed) &* 7919)
        var e = longList()
        var t = 0.0
        var refreshOpen = false, loadOpen = false
        for _ in 0..<60 {
            if Bool.random(using: &rng) { t += Double.random(in: 0...0.4, using: &rng) }
            // An end answers the action only after what fell due before it in the same call.
            var endedRefresh = false, endedLoad = false
            switch Int.random(in: 0..<7, using: &rng) {
            case 0: _ = e.beginRefreshing(at: t)
            case 1: endedRefresh = e.endRefreshing(ok: Bool.random(using: &rng), at: t)
            case 2: e.touchpadPull(raw: 200, at: t)
            case 3: e.command(.end, at: t)
            case 4: endedLoad = e.endLoading(ok: Bool.random(using: &rng), addedHeight: 56, at: t)
            case 5: e.command(.home, at: t)
            default: e.tick(at: t)
            }
            defer {
                if endedRefresh { refreshOpen = false }
                if endedLoad { loadOpen = false }
            }
            for event in e.takeEvents() {
                switch event {
                case .refreshRequested:
                    #expect(!refreshOpen, "seed \(seed): a second refresh action before the first was answered")
                    #expect(!loadOpen, "seed \(seed): refresh while loading")
                    refreshOpen = true
                case .loadRequested:
                    #expect(!loadOpen, "seed \(seed): a second load before the first was answered")
                    #expect(!refreshOpen || e.header == .finishing, "seed \(seed): load while refreshing")
                    loadOpen = true
                default: break
                }
            }
        }
        // Answer whatever is open, then let everything settle.
        e.run(from: t, to: t + 1)
        for event in e.takeEvents() where event == .refreshRequested { refreshOpen = true }
        e.endRefreshing(ok: true, at: t + 1)
        let queued = e.refreshQueued
        e.endLoading(ok: true, at: t + 1)
        // A refresh queued during the load begins when it ends (once), and is answered.
        e.run(from: t + 1, to: t + 2)
        let late = e.takeEvents()
        #expect(late.refreshRequests == (queued ? 1 : 0), "seed \(seed)")
        e.endRefreshing(ok: true, at: t + 2)
        e.run(from: t + 2, to: t + 5)
        #expect(e.takeEvents().refreshRequests == 0)
        #expect(e.header == .idle, "seed \(seed): stuck in \(e.header)")
        #expect(e.footer == .idle || e.footer == .failed)
        #expect(e.isAtRest, "seed \(seed)")
    }
}

// MARK: - 6. endRefreshing / endLoading while idle

@Suite("Reliability 6: ends while idle are no-ops")
struct ReliabilityIdleEndTests {
    /// Idle engines in different places: fresh, scrolled mid-list, at the bottom after a load,
    /// exhausted, after a failed load, after a refresh, short.
    static func idleEngines() -> [(String, RefreshEngine)] {
        var fresh = longList()
        fresh.tick(at: 1)
        var mid = longList()
        mid.externalScroll(to: 1234, at: 0.5)
        mid.tick(at: 1)
        var exhausted = longList()
        exhausted.command(.end, at: 0)
        exhausted.run(from: 0, to: 0.5)
        exhausted.endLoading(ok: true, addedHeight: 0, exhausted: true, at: 0.5)
        exhausted.tick(at: 1)
        var failed = longList(footer: .pull)
        failed.externalScroll(to: failed.maxOffset, at: 0)
        _ = failed.loadMore(at: 0.1)
        failed.endLoading(ok: false, at: 0.2)
        failed.run(from: 0.2, to: 1)
        var refreshed = longList(style: .classic)
        let fired = refreshed.pullToRefresh(at: 0)
        refreshed.endRefreshing(ok: true, insertedHeight: 56, at: fired)
        refreshed.run(from: fired, to: 1.9)
        refreshed.tick(at: 2)
        var short = shortList()
        short.tick(at: 1)
        return [("fresh", fresh), ("mid-list", mid), ("noMoreData", exhausted), ("failed load", failed),
                ("after a refresh", refreshed), ("short", short)]
    }

    @Test func endsWhileIdleChangeNothing() {
        for (name, engine) in Self.idleEngines() {
            var e = engine
            _ = e.takeEvents()
            #expect(e.header == .idle, "\(name)")
            #expect(e.footer != .loading, "\(name)")
            let before = e.observed
            let rows = e.rowsHeight
            let updated = e.lastUpdated
            do { let answered = e.endRefreshing(ok: true, insertedHeight: 560, at: e.now); #expect(!answered, "\(name)") }
            do { let answered = e.endRefreshing(ok: false, at: e.now); #expect(!answered, "\(name)") }
            do { let answered = e.endLoading(ok: true, addedHeight: 560, exhausted: false, at: e.now); #expect(!answered, "\(name)") }
            do { let answered = e.endLoading(ok: false, at: e.now); #expect(!answered, "\(name)") }
            do { let answered = e.endLoading(ok: true, exhausted: true, at: e.now); #expect(!answered, "\(name)") }
            #expect(e.observed == before, "\(name)")
            #expect(e.rowsHeight == rows && e.lastUpdated == updated, "\(name)")
            #expect(e.takeEvents().isEmpty, "\(name)")
            // And later: nothing was scheduled by them.
            let now = e.now
            e.run(from: now, to: now + 2)
            #expect(e.observed == before, "\(name)")
            #expect(e.takeEvents().isEmpty, "\(name)")
        }
    }

    /// The other end while one action runs is a no-op too (endLoading while refreshing, and
    /// endRefreshing while loading).
    @Test func theOtherEndChangesNothing() {
        var e = longList()
        _ = e.pullToRefresh(at: 0)
        _ = e.takeEvents()
        var before = e.observed
        do { let answered = e.endLoading(ok: true, addedHeight: 560, at: e.now); #expect(!answered) }
        #expect(e.observed == before && e.takeEvents().isEmpty)

        var l = longList()
        l.command(.end, at: 0)
        l.run(from: 0, to: 0.5)
        #expect(l.takeEvents().loadRequests == 1)
        before = l.observed
        do { let answered = l.endRefreshing(ok: true, insertedHeight: 560, at: l.now); #expect(!answered) }
        #expect(l.observed == before && l.takeEvents().isEmpty)
    }
}
