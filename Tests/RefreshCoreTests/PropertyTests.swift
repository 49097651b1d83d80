import Foundation
import PropertyBased
import RefreshCore
import Testing

// docs/behaviour.md#invariants: robustness rules that hold for every interleaving of inputs.
//
// A scenario is a random viewport, list, style and footer mode, a simulated data source (latency and
// outcomes), and 50–200 steps of random input and API calls, each after a random pause. `Simulation`
// plays it like a real host (60 Hz frame ticks while the engine asks for them, a data source that
// answers every request after its latency) and checks every rule that can be checked at each instant.
//
// CI runs a fixed list of seeds through the library's generators, so every run is the same. A failure
// is minimised (steps removed while it still fails) and reported as a ready-to-paste scenario.
// `REFRESHCORE_EXPLORE=<count>` adds a run with fresh random seeds through `propertyCheck`.

// MARK: - Scenario

enum Action: Sendable, Equatable, CustomStringConvertible {
    case wheel(down: Bool)
    case touchpad(Double)
    case scrollStop
    case dragBegin
    case dragMove(Double)
    case dragEnd
    case key(Int)
    case beginRefreshing
    case endRefreshing(ok: Bool, inserted: Double)
    case endLoading(ok: Bool, exhausted: Bool, added: Double)
    case loadMore
    case resize(Double)
    case setRows(Double, insertedAbove: Double)
    case setStyle(Int)
    case setFooterMode(pull: Bool)
    case animations(Bool)
    case scrollbar(Double)
    /// The user lets go of everything and waits 4 s while the data source answers.
    case quiet

    static let keys: [ScrollCommand] = [.pageUp, .pageDown, .home, .end]

    var description: String {
        switch self {
        case .wheel(let down): return ".wheel(down: \(down))"
        case .touchpad(let d): return ".touchpad(\(d))"
        case .scrollStop: return ".scrollStop"
        case .dragBegin: return ".dragBegin"
        case .dragMove(let d): return ".dragMove(\(d))"
        case .dragEnd: return ".dragEnd"
        case .key(let k): return ".key(\(k))"
        case .beginRefreshing: return ".beginRefreshing"
        case .endRefreshing(let ok, let h): return ".endRefreshing(ok: \(ok), inserted: \(h))"
        case .endLoading(let ok, let x, let h): return ".endLoading(ok: \(ok), exhausted: \(x), added: \(h))"
        case .loadMore: return ".loadMore"
        case .resize(let h): return ".resize(\(h))"
        case .setRows(let h, let a): return ".setRows(\(h), insertedAbove: \(a))"
        case .setStyle(let s): return ".setStyle(\(s))"
        case .setFooterMode(let p): return ".setFooterMode(pull: \(p))"
        case .animations(let on): return ".animations(\(on))"
        case .scrollbar(let f): return ".scrollbar(\(f))"
        case .quiet: return ".quiet"
        }
    }
}

struct Step: Sendable, Equatable, CustomStringConvertible {
    /// Seconds that pass (with frame ticks) before the action.
    var dt: Double
    var action: Action
    var description: String { "Step(dt: \(dt), action: \(action))" }
}

struct Scenario: Sendable, Equatable, CustomStringConvertible {
    var viewport: Double
    /// Rows height as a multiple of the viewport (below 1: a short list).
    var rowsFactor: Double
    var style: Int
    var pullFooter: Bool
    var animations: Bool
    /// The data source answers every request after this long.
    var latency: Double
    /// Outcomes the data source cycles through: 0 fails, 1 is the last page, else a page of rows.
    var outcomes: [Int]
    var steps: [Step]

    var rows: Double { viewport * rowsFactor }

    var description: String {
        """
        Scenario(viewport: \(viewport), rowsFactor: \(rowsFactor), style: \(style), pullFooter: \(pullFooter), \
        animations: \(animations), latency: \(latency), outcomes: \(outcomes), steps: [
        \(steps.map { "    \($0)," }.joined(separator: "\n"))
        ])
        """
    }
}

enum ScenarioGen {
    static let input = Gen<Action>.frequency(
        (4, Gen.bool.map { Action.wheel(down: $0) }),
        (4, Gen.double(in: -80...80).map { Action.touchpad($0) }),
        (1, Gen.always(Action.scrollStop)),
        (1, Gen.always(Action.dragBegin)),
        (4, Gen.double(in: -80...80).map { Action.dragMove($0) }),
        (1, Gen.always(Action.dragEnd)),
        (1, Gen.int(in: 0...3).map { Action.key($0) }),
        (1, Gen<Double>.frequency(
            (1, Gen.always(0.0)), (1, Gen.always(1.0)), (2, Gen.double(in: 0...1))
        ).map { Action.scrollbar($0) })
    )

    static let calls = Gen<Action>.frequency(
        (2, Gen.always(Action.beginRefreshing)),
        (1, zip(Gen.bool, Gen.double(in: 0...400)).map { Action.endRefreshing(ok: $0, inserted: $1) }),
        (1, zip(Gen.bool, Gen.bool, Gen.double(in: 0...800)).map { Action.endLoading(ok: $0, exhausted: $1, added: $2) }),
        (1, Gen.always(Action.loadMore))
    )

    static let configuration = Gen<Action>.frequency(
        (2, Gen.double(in: 100...1000).map { Action.resize($0) }),
        (2, zip(Gen.double(in: 0...5000), Gen.double(in: 0...300)).map { Action.setRows($0, insertedAbove: $1) }),
        (1, Gen.int(in: 0...2).map { Action.setStyle($0) }),
        (1, Gen.bool.map { Action.setFooterMode(pull: $0) }),
        (1, Gen.bool.map { Action.animations($0) }),
        (1, Gen.always(Action.quiet))
    )

    static let action = Gen<Action>.frequency((20, input), (5, calls), (1, configuration))

    /// Mostly quick input (≤ 50 ms apart), sometimes a pause up to 0.6 s.
    static let pause = zip(Gen.int(in: 0...9), Gen.double(in: 0...0.05), Gen.double(in: 0...0.6))
        .map { kind, short, long in kind < 7 ? short : long }

    static let step = zip(pause, action).map { Step(dt: $0, action: $1) }

    static let rowsFactor = Gen<Double>.frequency(
        (1, Gen.double(in: 0...0.99)),
        (3, Gen.double(in: 1...8))
    )

    static let scenario = zip(
        Gen.double(in: 150...1000),
        rowsFactor,
        Gen.int(in: 0...2),
        Gen.bool,
        Gen.bool(0.85),
        Gen.double(in: 0...1.5),
        Gen.int(in: 0...5).array(of: 1...6),
        step.array(of: 50...200)
    ).map { viewport, rowsFactor, style, pull, animations, latency, outcomes, steps in
        Scenario(viewport: viewport, rowsFactor: rowsFactor, style: style, pullFooter: pull,
                 animations: animations, latency: latency, outcomes: outcomes, steps: steps)
    }
}

// MARK: - Simulation

struct Simulation {
    let scenario: Scenario
    var e: RefreshEngine
    var t = 0.0
    var dragOffset = 0.0
    var pendingRefreshAnswers: [Double] = []
    var pendingLoadAnswers: [Double] = []
    var answers = 0

    // What the events told the host.
    var reportedHeader = HeaderPhase.idle
    var reportedFooter = FooterPhase.idle
    var sessionOpen = false
    var requestedThisSession = false
    var sessionsStarted = 0
    var refreshRequests = 0
    var cancelledSessions = 0
    var loadEntries = 0
    var loadRequests = 0
    var awaitingLoadRequest = false

    var failure: String?
    var stepIndex = -1
    var frames = 0

    static let styles: [HeaderStyle] = [.jike, .classic, .plain]
    static let tracing = ProcessInfo.processInfo.environment["REFRESHCORE_TRACE"] != nil
    static let frame = 1.0 / 60
    /// The shortest time any settle of an edge takes (the keys' scroll of a held header, 0.2 s).
    static let shortestSettle = [Tuning.springBackDuration, Tuning.refreshSettleDuration, Tuning.revealDuration,
                                 Tuning.endDuration, Tuning.keyScrollDuration].min()!
    /// The longest time any settle takes (the end animation, 0.5 s).
    static let longestSettle = [Tuning.springBackDuration, Tuning.refreshSettleDuration, Tuning.revealDuration,
                                Tuning.endDuration, Tuning.keyScrollDuration].max()!
    /// A style switch mid-settle may leave a settle towards another style's held height.
    static let tallestHeader = HeaderStyle.allCases.map(\.heldHeight).max()!
    /// The pull and push shown over the last `longestSettle` (and a frame): where any settle
    /// under way can have started from.
    var recent: [(t: Double, pull: Double, push: Double)] = []

    mutating func remember(pull: Double, push: Double) {
        recent.append((t, pull, push))
        recent.removeAll { $0.t < t - Self.longestSettle - 2 * Self.frame }
    }

    init(_ scenario: Scenario) {
        self.scenario = scenario
        e = RefreshEngine(style: Self.styles[scenario.style], footerMode: scenario.pullFooter ? .pull : .auto,
                          viewportHeight: scenario.viewport, rowsHeight: scenario.rows, now: 0)
        e.setAnimationsEnabled(scenario.animations, at: 0)
    }

    /// Plays the scenario; nil when every rule held, else the first broken rule.
    static func run(_ scenario: Scenario) -> String? {
        var sim = Simulation(scenario)
        for (i, step) in scenario.steps.enumerated() {
            if tracing { print("step \(i): \(step)") }
            sim.stepIndex = i
            sim.wait(step.dt)
            sim.perform(step.action)
            sim.remember(pull: sim.e.pull, push: sim.e.push)
            if sim.failure != nil { return sim.failure }
        }
        sim.stepIndex = scenario.steps.count
        sim.quiesce()
        return sim.failure
    }

    mutating func fail(_ message: String) {
        guard failure == nil else { return }
        failure = "step \(stepIndex) at t = \(t): \(message)"
    }

    // MARK: Host

    /// Time passes: frame ticks while the engine wants them; the data source answers when due.
    mutating func wait(_ seconds: Double) {
        let target = t + seconds
        while t < target, failure == nil {
            t = min(t + Self.frame, target)
            if e.needsTicks {
                frames += 1
                let (pull, push) = (e.pull, e.push)
                remember(pull: pull, push: push)
                call { $0.tick(at: $1) }
                // docs/behaviour.md#invariants: time alone moves the content only by eased settles: never a jump. A settle
                // is an ease-out cubic over at least `shortestSettle` s: its value moves at most
                // 3·D/T per second (the cubic's slope is 3 at its start and falls; settles that
                // follow each other within a frame cover no more), D being its distance. A settle
                // runs from where the edge was when it started — a value it showed within the
                // longest settle — to a rest no higher than that or a held height. So a frame
                // moves an edge by at most 3/T·frame (a quarter) of the most it showed in the
                // last half second or a held height: a pull of 70 may move 17.5 px, not 134.
                let steepest = 3 / Self.shortestSettle * Self.frame
                let pullBound = steepest * max(recent.map(\.pull).max() ?? 0, e.pull, Self.tallestHeader) + 1e-9
                let pushBound = steepest * max(recent.map(\.push).max() ?? 0, e.push, Tuning.footerHeight) + 1e-9
                if e.animationsEnabled, abs(e.pull - pull) > pullBound || abs(e.push - push) > pushBound {
                    fail("a frame jumped: pull \(pull) → \(e.pull) (bound \(pullBound)), "
                         + "push \(push) → \(e.push) (bound \(pushBound))")
                }
            }
            answerDue()
        }
    }

    mutating func answerDue() {
        while let due = pendingRefreshAnswers.first, due <= t {
            pendingRefreshAnswers.removeFirst()
            let outcome = nextOutcome()
            endRefreshing(ok: outcome != 0, inserted: Double(outcome) * 37)
        }
        while let due = pendingLoadAnswers.first, due <= t {
            pendingLoadAnswers.removeFirst()
            let outcome = nextOutcome()
            endLoading(ok: outcome != 0, exhausted: outcome == 1, added: Double(outcome) * 150)
        }
    }

    mutating func nextOutcome() -> Int {
        defer { answers += 1 }
        return scenario.outcomes[answers % scenario.outcomes.count]
    }

    mutating func perform(_ action: Action) {
        switch action {
        case .wheel(let down):
            scroll(down ? Tuning.wheelNotchRaw : -Tuning.wheelNotchRaw, .wheel)
        case .touchpad(let delta):
            scroll(delta, .touchpad)
        case .scrollStop:
            call { $0.scrollStop(at: $1) }
        case .dragBegin:
            dragOffset = 0
            call { $0.dragBegin(at: $1) }
        case .dragMove(let delta):
            dragOffset += delta
            let y = dragOffset
            call { $0.dragUpdate(offsetY: y, at: $1) }
        case .dragEnd:
            call { $0.dragEnd(at: $1) }
        case .key(let k):
            call { $0.command(Action.keys[k], at: $1) }
        case .beginRefreshing:
            beginRefreshing()
        case .endRefreshing(let ok, let inserted):
            endRefreshing(ok: ok, inserted: inserted)
        case .endLoading(let ok, let exhausted, let added):
            endLoading(ok: ok, exhausted: exhausted, added: added)
        case .loadMore:
            loadMore()
        case .resize(let h):
            call { $0.resize(viewportHeight: h, at: $1) }
        case .setRows(let h, let above):
            call { $0.setRowsHeight(h, insertedAbove: above, at: $1) }
        case .setStyle(let s):
            call { $0.setStyle(Self.styles[s], at: $1) }
        case .setFooterMode(let pull):
            call { $0.setFooterMode(pull ? .pull : .auto, at: $1) }
        case .animations(let on):
            call { $0.setAnimationsEnabled(on, at: $1) }
        case .scrollbar(let fraction):
            let target = fraction * e.maxOffset
            call { $0.externalScroll(to: target, at: $1) }
        case .quiet:
            call { $0.dragEnd(at: $1) }
            call { $0.scrollStop(at: $1) }
            wait(4)
            checkResting()
        }
    }

    /// A scroll delta as a host handles it: passed through, the list scrolls by it.
    mutating func scroll(_ delta: Double, _ source: ScrollSource) {
        var disposition = ScrollDisposition.consumed
        call { disposition = $0.scroll(delta: delta, source: source, at: $1) }
        if disposition == .passThrough {
            let target = e.offset + delta
            call { $0.externalScroll(to: target, at: $1) }
        }
    }

    // MARK: Calls with their own rules (docs/behaviour.md#invariants: no-ops)

    /// The engine as it would be at `t` had nothing been called.
    func reference() -> (RefreshEngine, [EngineEvent]) {
        var ref = e
        ref.tick(at: t)
        let events = ref.takeEvents()
        return (ref, events)
    }

    mutating func expectNoOp(_ name: String, accepted: Bool, reference: (RefreshEngine, [EngineEvent]),
                             events: [EngineEvent]) {
        if accepted { fail("\(name) was accepted, expected a no-op"); return }
        if e.observed != reference.0.observed { fail("\(name) refused but changed the engine") }
        if events != reference.1 { fail("\(name) refused but emitted \(events)") }
    }

    mutating func beginRefreshing() {
        let ref = reference()
        let held = ref.0.header == .refreshing || ref.0.header == .failed
        let mayBegin = !held && ref.0.footer != .loading
        var accepted = false
        let events = call { accepted = $0.beginRefreshing(at: $1) }
        if !held, ref.0.footer == .loading {
            // docs/behaviour.md#refresh-lifecycle: queued until the load ends; nothing changes yet.
            if !accepted { fail("beginRefreshing during a load was refused") }
            if e.observed != ref.0.observed { fail("a queued refresh changed the engine") }
            let expected = ref.0.refreshQueued ? ref.1 : ref.1 + [.refreshQueued]
            if events != expected { fail("a queued refresh emitted \(events)") }
        } else if !mayBegin {
            expectNoOp("beginRefreshing while \(ref.0.header)/\(ref.0.footer)", accepted: accepted, reference: ref, events: events)
        } else if !accepted {
            fail("beginRefreshing refused while \(ref.0.header)/\(ref.0.footer)")
        }
    }

    mutating func endRefreshing(ok: Bool, inserted: Double) {
        let ref = reference()
        let wasRefreshing = ref.0.header == .refreshing
        let wasRequested = requestedThisSession
        var accepted = false
        let events = call { accepted = $0.endRefreshing(ok: ok, insertedHeight: inserted, at: $1) }
        guard wasRefreshing else {
            expectNoOp("endRefreshing while \(ref.0.header)", accepted: accepted, reference: ref, events: events)
            return
        }
        guard accepted else { return fail("endRefreshing refused while refreshing") }
        if !wasRequested { cancelledSessions += 1 }
        sessionOpen = false
        // docs/behaviour.md#refresh-lifecycle: the rows stay exactly as they were on failure; on success what the user sees stays.
        if !ok || ref.0.offset == 0 {
            if abs(e.offset - ref.0.offset) > 1e-6 { fail("endRefreshing moved the list \(ref.0.offset) → \(e.offset)") }
        } else if abs(e.offset - min(ref.0.offset + inserted, e.maxOffset)) > 1e-6 {
            fail("rows inserted above moved the visible rows: \(ref.0.offset) + \(inserted) → \(e.offset)")
        }
        if abs(e.rowsHeight - (ref.0.rowsHeight + (ok ? inserted : 0))) > 1e-6 { fail("rows height wrong after endRefreshing") }
        // docs/behaviour.md#refresh-lifecycle: a successful refresh clears noMoreData (a key scroll still moving may load at once).
        if ok, ref.0.footer == .noMoreData, e.footer != .idle, !(e.footer == .loading && events.contains(.loadRequested)) {
            fail("a successful refresh left the footer \(e.footer)")
        }
    }

    mutating func endLoading(ok: Bool, exhausted: Bool, added: Double) {
        let ref = reference()
        var accepted = false
        let events = call { accepted = $0.endLoading(ok: ok, addedHeight: added, exhausted: exhausted, at: $1) }
        guard ref.0.footer == .loading else {
            expectNoOp("endLoading while \(ref.0.footer)", accepted: accepted, reference: ref, events: events)
            return
        }
        guard accepted else { return fail("endLoading refused while loading") }
        // docs/behaviour.md#footer-and-load-more: new rows are appended without moving what the user is looking at. (Without animations
        // a footer that is no longer held jumps back, as every settle does.)
        let before = ref.0.offset - ref.0.displacement
        let after = e.offset - e.displacement
        if e.animationsEnabled, abs(before - after) > 1e-6 {
            fail("endLoading moved the rows on screen: \(before) → \(after)")
        }
        let expected: FooterPhase = ok ? (exhausted ? .noMoreData : .idle) : .failed
        if e.footer != expected { fail("endLoading left the footer \(e.footer), expected \(expected)") }
        if ref.0.refreshQueued, e.header != .refreshing || e.refreshQueued {
            fail("the refresh queued during the load did not begin when it ended (\(e.header))")
        }
    }

    mutating func loadMore() {
        let ref = reference()
        let may = (ref.0.footer == .idle || ref.0.footer == .failed) && !ref.0.isShortList
            && ref.0.header != .refreshing && ref.0.header != .failed
        var accepted = false
        let events = call { accepted = $0.loadMore(at: $1) }
        if !may {
            expectNoOp("loadMore while \(ref.0.header)/\(ref.0.footer)/short \(ref.0.isShortList)",
                       accepted: accepted, reference: ref, events: events)
        } else if !accepted {
            fail("loadMore refused while \(ref.0.header)/\(ref.0.footer)")
        }
    }

    // MARK: Checking

    /// Runs one engine call at the current time, then reads its events and checks every rule.
    @discardableResult
    mutating func call(_ body: (inout RefreshEngine, Double) -> Void) -> [EngineEvent] {
        let before = e
        body(&e, t)
        let events = e.takeEvents()
        if Self.tracing {
            print(String(format: "[%3d] t=%.4f off=%.2f/%.2f pull=%.3f push=%.3f %@/%@ g=%@ ticks=%@ %@", stepIndex, t,
                         e.offset, e.maxOffset, e.pull, e.push, e.header.rawValue, e.footer.rawValue,
                         "\(e.isGestureActive)", "\(e.needsTicks)", "\(events)"))
        }
        read(events)
        check(before: before, events: events)
        return events
    }

    mutating func read(_ events: [EngineEvent]) {
        for event in events {
            switch event {
            case .header(let phase, _):
                if phase == reportedHeader { fail("header \(phase) reported twice") }
                if phase == .refreshing {
                    if sessionOpen { fail("a refresh began while another was open") }
                    sessionOpen = true
                    requestedThisSession = false
                    sessionsStarted += 1
                }
                reportedHeader = phase
            case .refreshRequested:
                if !sessionOpen || reportedHeader != .refreshing { fail("refresh action outside a refresh") }
                if requestedThisSession { fail("second refresh action in one refresh") }
                requestedThisSession = true
                refreshRequests += 1
                pendingRefreshAnswers.append(t + scenario.latency)
            case .footer(let phase):
                if phase == reportedFooter { fail("footer \(phase) reported twice") }
                if awaitingLoadRequest { fail("footer left loading before its load request") }
                if phase == .loading {
                    loadEntries += 1
                    awaitingLoadRequest = true
                }
                reportedFooter = phase
            case .refreshQueued:
                if reportedFooter != .loading { fail("a refresh queued outside a load") }
            case .loadRequested:
                if !awaitingLoadRequest { fail("load request without entering loading") }
                awaitingLoadRequest = false
                loadRequests += 1
                pendingLoadAnswers.append(t + scenario.latency)
            }
        }
        if awaitingLoadRequest { fail("loading without a load request") }
        if reportedHeader != e.header { fail("header is \(e.header) but \(reportedHeader) was reported") }
        if reportedFooter != e.footer { fail("footer is \(e.footer) but \(reportedFooter) was reported") }
    }

    mutating func check(before: RefreshEngine, events: [EngineEvent]) {
        let h = e.style.heldHeight
        if (e.header == .refreshing || e.header == .failed) && e.footer == .loading {
            fail("refreshing and loading at once")
        }
        if !(e.offset >= 0 && e.offset <= e.maxOffset + 1e-9) { fail("offset \(e.offset) outside 0…\(e.maxOffset)") }
        if !(e.pull >= 0) || !(e.push >= 0) { fail("negative overscroll: pull \(e.pull), push \(e.push)") }
        if !(e.pull < e.viewportHeight + h) { fail("pull \(e.pull) ≥ viewport + H") }
        if !(e.push < e.viewportHeight + Tuning.footerHeight) { fail("push \(e.push) ≥ viewport + footer") }
        if !e.isGestureActive, e.header == .pulling || e.header == .armed {
            fail("header \(e.header) without a gesture")
        }
        if !e.isGestureActive, e.footer == .armed { fail("footer armed without a gesture") }
        // What the host draws stays within its ranges.
        switch e.headerVisual.glyph {
        case .fill(let s):
            if !(s >= 0 && s.isFinite) { fail("fill \(s)") }
        case .ring(let morph, let rotation, let width):
            if !(0...1).contains(morph) || !(rotation >= 0 && rotation < 2 * .pi) || !(0...5).contains(width) {
                fail("ring \(morph) \(rotation) \(width)")
            }
        case .failure(let width):
            if !(0...5).contains(width) { fail("failure mark width \(width)") }
        }
        let footerVisual = e.footerVisual
        if footerVisual.isShown == e.isShortList { fail("footer shown on a short list, or hidden on a long one") }
        if (footerVisual.spinnerAngle != nil) != (e.footer == .loading) { fail("footer spinner outside loading") }
        if !e.headerVisual.jikeBox(viewportWidth: 400).midY.isFinite { fail("J box not finite") }
        if e.isShortList, e.footer == .armed { fail("short list armed its footer") }
        if before.isShortList, e.isShortList, before.footer == .idle, e.footer != .idle {
            fail("a short list left footer idle by itself (\(e.footer))")
        }
        if before.isShortList, e.isShortList, events.contains(.loadRequested) { fail("a short list loaded") }
        if !e.needsTicks {
            // Nothing pending: time alone must change nothing (else the host would stall or drift).
            var probe = e
            probe.tick(at: t + 3)
            if probe.observed != e.observed { fail("needsTicks is false but time still changes the engine") }
            if !probe.takeEvents().isEmpty { fail("needsTicks is false but time still emits events") }
            if e.pull > 0, e.header != .refreshing, e.header != .failed { fail("at rest with pull \(e.pull)") }
            if e.push > 0, !(e.footerMode == .pull && e.footer == .loading) { fail("at rest with push \(e.push)") }
        }
    }

    /// No input for a while: the content rests at its resting value (docs/behaviour.md#input-model, #invariants: no drift).
    mutating func checkResting() {
        if e.isGestureActive { fail("a gesture outlived the quiet period") }
        let running = e.header == .refreshing || e.header == .failed
        if running ? !(e.pull <= e.style.heldHeight) : e.pull != 0 { fail("resting pull \(e.pull) while \(e.header)") }
        let held = e.footerMode == .pull && e.footer == .loading
        if held ? !(e.push <= Tuning.footerHeight) : e.push != 0 { fail("resting push \(e.push) while \(e.footer)") }
        if e.needsTicks, e.header == .idle, e.footer != .loading { fail("needsTicks while resting") }
    }

    /// The gesture ends and the data source answers everything: the engine must come to rest (no drift).
    mutating func quiesce() {
        call { $0.dragEnd(at: $1) }
        call { $0.scrollStop(at: $1) }
        wait(10)
        guard failure == nil else { return }
        if e.isGestureActive { fail("a gesture is still active at rest") }
        if e.header != .idle { fail("header \(e.header) at rest") }
        if e.footer == .loading || e.footer == .armed { fail("footer \(e.footer) at rest") }
        if e.pull != 0 { fail("drift: pull \(e.pull) at rest") }
        if e.push != 0 { fail("drift: push \(e.push) at rest") }
        if e.needsTicks { fail("needsTicks at rest") }
        if sessionOpen { fail("a refresh is still open at rest") }
        if sessionsStarted != refreshRequests + cancelledSessions {
            fail("\(sessionsStarted) refreshes, \(refreshRequests) actions, \(cancelledSessions) cancelled")
        }
        if loadEntries != loadRequests { fail("\(loadEntries) loads, \(loadRequests) load requests") }
    }
}

// MARK: - Minimising

enum Minimiser {
    /// Removes steps (halves, quarters, … single steps) while the scenario still fails.
    static func minimise(_ scenario: Scenario) -> Scenario {
        var best = scenario
        var chunk = max(best.steps.count / 2, 1)
        while true {
            var changed = false
            var i = 0
            while i < best.steps.count {
                var candidate = best
                candidate.steps.removeSubrange(i..<min(i + chunk, best.steps.count))
                if Simulation.run(candidate) != nil {
                    best = candidate
                    changed = true
                } else {
                    i += chunk
                }
            }
            if !changed {
                if chunk == 1 { break }
                chunk = max(chunk / 2, 1)
            }
        }
        // Round pauses and amounts where that keeps it failing, for a readable regression test.
        for i in best.steps.indices {
            var candidate = best
            candidate.steps[i].dt = (candidate.steps[i].dt * 100).rounded() / 100
            if Simulation.run(candidate) != nil { best = candidate }
        }
        return best
    }

    static func report(_ scenario: Scenario, _ failure: String, label: String) -> String {
        let small = minimise(scenario)
        let again = Simulation.run(small) ?? failure
        return "\(label): \(failure)\nminimised (\(small.steps.count) of \(scenario.steps.count) steps): \(again)\n\(small)"
    }
}

// MARK: - Tests

@Suite("Properties: every interleaving (docs/behaviour.md#invariants)")
struct PropertyTests {
    /// Fixed seeds: CI sees the same 480 scenarios (≈ 60 000 steps) every run.
    static func seeded(_ index: Int) -> Scenario {
        var rng = Xoshiro(seed: (0x5EED_0000 &+ UInt64(index), 0x9E37_79B9_7F4A_7C15, 0xD1B5_4A32_D192_ED03, UInt64(index) &* 0x2545_F491_4F6C_DD1D | 1))
        for _ in 0..<4 { _ = rng.next() }
        return ScenarioGen.scenario.run(using: &rng)
    }

    @Test("Random interleavings keep every invariant (docs/behaviour.md#invariants) at every instant and come to rest without drift",
          arguments: 0..<8)
    func interleavings(batch: Int) {
        var steps = 0
        for i in (batch * 60)..<(batch * 60 + 60) {
            let scenario = Self.seeded(i)
            steps += scenario.steps.count
            if let failure = Simulation.run(scenario) {
                Issue.record(Comment(rawValue: Minimiser.report(scenario, failure, label: "seed \(i)")))
                return
            }
        }
        #expect(steps >= 60 * 50)
    }

    @Test("The seeded scenarios cover short lists, both footer modes, every style and the data source's outcomes")
    func coverage() {
        var short = 0, pull = 0, styles = Set<Int>(), refreshes = 0, loads = 0, cancelled = 0, frames = 0
        for i in 0..<240 {
            let scenario = Self.seeded(i)
            if scenario.rowsFactor < 1 { short += 1 }
            if scenario.pullFooter { pull += 1 }
            styles.insert(scenario.style)
            var sim = Simulation(scenario)
            for step in scenario.steps {
                sim.wait(step.dt)
                sim.perform(step.action)
            }
            sim.quiesce()
            refreshes += sim.refreshRequests
            loads += sim.loadRequests
            cancelled += sim.cancelledSessions
            frames += sim.frames
        }
        #expect(short >= 30)
        #expect(pull >= 60 && pull <= 180)
        #expect(styles.count == 3)
        #expect(refreshes >= 200)
        #expect(loads >= 100)
        #expect(cancelled >= 5)
        #expect(frames >= 10_000)
    }

    @Test("Exploration with fresh random seeds (set REFRESHCORE_EXPLORE=<count>)",
          .enabled(if: ProcessInfo.processInfo.environment["REFRESHCORE_EXPLORE"] != nil, "opt-in"), .shrinking(false))
    func explore() async {
        let count = Int(ProcessInfo.processInfo.environment["REFRESHCORE_EXPLORE"] ?? "") ?? 200
        await propertyCheck(count: count, input: ScenarioGen.scenario) { scenario in
            // The library's shrinker is slow on 200-step scenarios: the minimiser removes steps instead.
            if let failure = Simulation.run(scenario) {
                Issue.record(Comment(rawValue: Minimiser.report(scenario, failure, label: "explore")))
            }
        }
    }
}

@Suite("Properties: pure functions")
struct PureProperties {
    @Test("Rubber band: monotonic, below d, slope ≤ c, inverse round-trips")
    func rubberBand() async {
        await propertyCheck(count: 300, input: Gen.double(in: 50...3000), Gen.double(in: 0...20000), Gen.double(in: 0.01...50)) { d, x, h in
            let band = RubberBand(dimension: d)
            let p = band.displayed(raw: x)
            #expect(p >= 0 && p < d)
            #expect(band.displayed(raw: x + h) > p)
            #expect(band.displayed(raw: x + h) - p <= Tuning.rubberBandCoefficient * h + 1e-9)
            #expect(abs(band.raw(displayed: p) - x) <= max(1e-9, x * 1e-7))
        }
    }

    @Test("Ease-out tweens stay between their ends and move monotonically")
    func tween() async {
        await propertyCheck(count: 300, input: Gen.double(in: -500...500), Gen.double(in: -500...500),
                            Gen.double(in: 0.01...2), Gen.double(in: 0...1), Gen.double(in: 0...1)) { from, to, duration, a, b in
            let tween = Tween(from: from, to: to, start: 1, duration: duration)
            let (early, late) = (1 + min(a, b) * duration, 1 + max(a, b) * duration)
            let lo = min(from, to) - 1e-9, hi = max(from, to) + 1e-9
            #expect(tween.value(at: early) >= lo && tween.value(at: early) <= hi)
            #expect(abs(tween.value(at: late) - to) <= abs(tween.value(at: early) - to) + 1e-9)
            #expect(tween.value(at: 1 + duration) == to)
        }
    }
}
