import Foundation
import PropertyBased
import RefreshCore
import Testing

// Issue 18: a pointer (or touchpad, or wheel) that comes back to where it began, without a release,
// leaves the list where it was. The engine tracks a gesture's raw travel, so the offset, the pull and
// the push are a function of where the input is, not of the way it went there (docs/behaviour.md,
// Input model and Rubber band).
//
// "Where it began" is the state when the gesture's first input arrived, with nothing moving by
// itself: at rest, or with a refresh running (its header held open at H) or a pull-mode load running
// (its footer held at its height). A held header or footer is part of the content: its position is a
// scroll position, and "unchanged" means the same three numbers — offset, pull, push — exactly (==):
// the header is back at the height it was open to, the rows at the same offset.
//
// Paths move in multiples of ½ px (wheel: whole notches), so the input's own sum comes back to 0
// exactly; the engine must then come back exactly too, not within a tolerance.

enum RoundTripDevice: Int, Sendable, CaseIterable, CustomStringConvertible {
    case drag, touchpad, wheel
    var description: String { ["drag", "touchpad", "wheel"][rawValue] }
}

/// What runs while the path is drawn.
enum RoundTripHeld: Int, Sendable, CaseIterable, CustomStringConvertible {
    case nothing, refresh, load
    var description: String { ["nothing", "refresh", "load"][rawValue] }
}

struct RoundTrip: Sendable, CustomStringConvertible {
    var viewport: Double
    var rowsFactor: Double
    var style: HeaderStyle
    var footerMode: FooterMode
    var atBottom: Bool
    var held: RoundTripHeld
    var device: RoundTripDevice
    /// Positions of the input along the path, in px (wheel: notches) towards the edge it starts at:
    /// at the top, down (a pull); at the bottom, up (a push). The last one is 0.
    var path: [Double]

    var description: String {
        "RoundTrip(viewport: \(viewport), rowsFactor: \(rowsFactor), style: .\(style), footerMode: .\(footerMode), "
            + "atBottom: \(atBottom), held: .\(held), device: .\(device), path: \(path))"
    }
}

enum RoundTripGen {
    /// A walk: a first leg towards the edge, random steps both ways (reversals), then back to 0.
    static let path = zip(
        Gen.int(in: 1...100).array(of: 1...8),
        Gen.int(in: -70...70).array(of: 0...40),
        Gen.int(in: 1...60).array(of: 1...12)
    ).map { out, wander, back -> [Double] in
        var positions: [Double] = []
        var u = 0
        for step in out + wander {
            u += step
            positions.append(Double(u) / 2)
        }
        var i = 0
        while u != 0 {
            let step = min(back[i % back.count], abs(u))
            u += u > 0 ? -step : step
            positions.append(Double(u) / 2)
            i += 1
        }
        return positions
    }

    /// Any trip, for exploration with fresh seeds.
    static let trip = zip(
        Gen.int(in: 0...2), Gen.bool, Gen.bool, Gen.int(in: 0...2), Gen.int(in: 0...2), geometry, path
    ).map { style, pullFooter, atBottom, held, device, geometry, path -> RoundTrip in
        let device = RoundTripDevice(rawValue: device)!
        return RoundTrip(viewport: geometry.0, rowsFactor: geometry.1, style: HeaderStyle.allCases[style],
                         footerMode: pullFooter ? .pull : .auto, atBottom: atBottom,
                         held: RoundTripHeld(rawValue: held)!, device: device,
                         path: device == .wheel ? path.map { ($0 / 10).rounded() / 2 } : path)
    }

    static let geometry = zip(
        Gen.double(in: 150...1000).map { ($0 * 2).rounded() / 2 },
        Gen<Double>.frequency((1, Gen.double(in: 0.3...0.99)), (3, Gen.double(in: 1...6)))
            .map { ($0 * 100).rounded() / 100 }
    )
}

/// Plays a round trip like a host and checks it; nil when every rule held.
struct RoundTripRun {
    let trip: RoundTrip
    var e: RefreshEngine
    var t = 0.0
    /// What the path reached (for the coverage test).
    var heldAtStart = false, sawPull = false, sawPush = false, sawArmed = false, sawFooterArmed = false

    mutating func note() {
        let header = e.header == .refreshing ? e.style.heldHeight : 0
        let footer = e.footerMode == .pull && e.footer == .loading ? Tuning.footerHeight : 0
        if e.pull > header { sawPull = true }
        if e.push > footer { sawPush = true }
        if e.header == .armed { sawArmed = true }
        if e.footer == .armed { sawFooterArmed = true }
    }

    init(_ trip: RoundTrip) {
        self.trip = trip
        e = RefreshEngine(style: trip.style, footerMode: trip.footerMode, viewportHeight: trip.viewport,
                          rowsHeight: trip.viewport * trip.rowsFactor, now: 0)
    }

    mutating func settle(for seconds: Double) {
        let end = t + seconds
        while t < end {
            t = min(t + 1.0 / 60, end)
            e.tick(at: t)
        }
    }

    /// Brings the engine to the trip's starting state, with nothing moving by itself.
    mutating func prepare() {
        if trip.held == .refresh {
            e.beginRefreshing(at: t)
            settle(for: 1)
        }
        if trip.atBottom {
            e.externalScroll(to: e.maxOffset, at: t)
            settle(for: 1)
        }
        if trip.held == .load {
            if e.footer != .loading { e.loadMore(at: t) }
        } else if e.footer == .loading {
            // Reaching the bottom in auto mode loaded: answer with nothing new, for a quiet start.
            e.endLoading(ok: true, addedHeight: 0, at: t)
        }
        settle(for: 1)
        _ = e.takeEvents()
    }

    /// Content position on screen: where the first row is drawn (pull − push − offset).
    var position: Double { e.pull - e.push - e.offset }

    mutating func run() -> String? {
        prepare()
        let before = (offset: e.offset, pull: e.pull, push: e.push, header: e.header)
        heldAtStart = e.header == .refreshing || (e.footerMode == .pull && e.footer == .loading && e.push > 0)
        if e.isGestureActive { return "a gesture is active before the path" }
        // At the top a pull moves the content down the screen; at the bottom a push moves it up.
        let toward: Double = trip.atBottom ? -1 : 1
        var last = 0.0
        var lastPosition = position
        var started = false  // a drag becomes a gesture past the slop
        if trip.device == .drag { e.dragBegin(at: t) }
        for (i, u) in trip.path.enumerated() {
            let finger = toward * u  // screen px, down positive
            let moved = finger - toward * last
            // Input 10 ms apart; a step that does not move is no event (a wheel or touchpad that
            // stops for the quiet period is released, and the path is over before its end).
            if moved == 0 { continue }
            t += 0.01
            switch trip.device {
            case .drag:
                e.dragUpdate(offsetY: finger, at: t)
            case .touchpad:
                let delta = -moved
                if delta != 0, e.scroll(delta: delta, source: .touchpad, at: t) == .passThrough {
                    e.externalScroll(to: e.offset + delta, at: t)
                }
            case .wheel:
                let notches = Int(moved * 2)
                for _ in 0..<abs(notches) { e.hostNotch(down: notches < 0, at: t) }
            }
            last = u
            // Never a jump: the content moves the pointer's way, at most as far (a drag: at most twice
            // as far while it gives back the slop it swallowed at the start).
            let step = position - lastPosition
            let input = trip.device == .wheel ? abs(Double(Int(moved * 2))) * Tuning.wheelNotchRaw : abs(moved)
            let bound = (trip.device == .drag ? 2 : 1) * input + 1e-9
            if abs(step) > bound { return "step \(i): the content moved \(step) for an input of \(input)" }
            if step * moved < -1e-9 { return "step \(i): the content moved \(step) against the input \(moved)" }
            lastPosition = position
            note()
            // The path is one gesture, never released on the way (a drag: once past the slop).
            if e.isGestureActive {
                started = true
            } else if started || trip.device != .drag {
                return "step \(i): the gesture ended before the path did"
            }
        }
        if e.offset != before.offset || e.pull != before.pull || e.push != before.push {
            return "back at the start: offset \(before.offset) → \(e.offset), pull \(before.pull) → \(e.pull), "
                + "push \(before.push) → \(e.push)"
        }
        // Back where it began, a pulled header is idle again (a running refresh stays running).
        if before.header == .idle, e.header != .idle { return "back at the start the header is \(e.header)" }
        // The release comes to rest as ever.
        if trip.device == .drag { e.dragEnd(at: t) } else { e.scrollStop(at: t) }
        settle(for: 1)
        return nil
    }
}

@Suite("Input: round trips (issue 18)")
struct RoundTripTests {
    static func rng(_ index: Int) -> Xoshiro {
        var rng = Xoshiro(seed: (0x7219_0018 &+ UInt64(index), 0x9E37_79B9_7F4A_7C15, 0xD1B5_4A32_D192_ED03,
                                 UInt64(index) &* 0x2545_F491_4F6C_DD1D | 1))
        for _ in 0..<4 { _ = rng.next() }
        return rng
    }

    /// Every combination of style, footer mode, edge, what runs and device, with `perCase` random
    /// geometries and paths each (fixed seeds: the same cases every run).
    static func trips(device: RoundTripDevice, perCase: Int = 8) -> [RoundTrip] {
        var trips: [RoundTrip] = []
        var index = device.rawValue * 100_000
        for style in HeaderStyle.allCases {
            for mode in FooterMode.allCases {
                for atBottom in [false, true] {
                    for held in RoundTripHeld.allCases {
                        for _ in 0..<perCase {
                            var rng = rng(index)
                            index += 1
                            let (viewport, rowsFactor) = RoundTripGen.geometry.run(using: &rng)
                            var path = RoundTripGen.path.run(using: &rng)
                            if device == .wheel {
                                // Whole notches (a position u is 2u notches): one notch per 10 px of the walk.
                                path = path.map { ($0 / 10).rounded() / 2 }
                            }
                            trips.append(RoundTrip(viewport: viewport, rowsFactor: rowsFactor, style: style,
                                                   footerMode: mode, atBottom: atBottom, held: held,
                                                   device: device, path: path))
                        }
                    }
                }
            }
        }
        return trips
    }

    @Test("Any input path back to its start, before release, leaves offset, pull and push exactly as they were",
          arguments: RoundTripDevice.allCases)
    func roundTrips(device: RoundTripDevice) {
        var failures = 0
        for trip in Self.trips(device: device) {
            var run = RoundTripRun(trip)
            if let failure = run.run() {
                failures += 1
                if failures <= 3 { Issue.record(Comment(rawValue: "\(failure)\n\(trip)")) }
            }
        }
        #expect(failures == 0)
    }

    @Test("The round trips reach past both edges, arm headers and footers, and start from held ones")
    func coverage() {
        var pulled = 0, pushed = 0, armed = 0, footerArmed = 0, held = 0
        for device in RoundTripDevice.allCases {
            for trip in Self.trips(device: device, perCase: 2) {
                var run = RoundTripRun(trip)
                _ = run.run()
                if run.sawPull { pulled += 1 }
                if run.sawPush { pushed += 1 }
                if run.sawArmed { armed += 1 }
                if run.sawFooterArmed { footerArmed += 1 }
                if run.heldAtStart { held += 1 }
            }
        }
        print("round trips: pulled \(pulled), pushed \(pushed), armed \(armed), footer armed \(footerArmed), held \(held)")
        #expect(pulled >= 100)
        #expect(pushed >= 60)
        #expect(armed >= 25)
        #expect(footerArmed >= 5)
        #expect(held >= 60)
    }

    @Test("Exploration with fresh random seeds (set REFRESHCORE_EXPLORE=<count>)",
          .enabled(if: ProcessInfo.processInfo.environment["REFRESHCORE_EXPLORE"] != nil, "opt-in"), .shrinking(false))
    func explore() async {
        let count = Int(ProcessInfo.processInfo.environment["REFRESHCORE_EXPLORE"] ?? "") ?? 200
        await propertyCheck(count: count, input: RoundTripGen.trip) { trip in
            var run = RoundTripRun(trip)
            if let failure = run.run() { Issue.record(Comment(rawValue: "explore: \(failure)\n\(trip)")) }
        }
    }

    @Test("Issue 18: drag down until armed, back up to the press point: no refresh, the list has not moved",
          arguments: [1.0, 2, 3, 4, 6, 12])
    func issue18(step: Double) {
        // 300 rows of 56 px (the demo's), jike header, a 600 px window.
        var e = RefreshEngine(style: .jike, footerMode: .auto, viewportHeight: 600, rowsHeight: 300 * 56, now: 0)
        var t = 0.0
        e.dragBegin(at: t)
        var y = 0.0
        while e.header != .armed || y < 180 {
            y = min(y + step, 180)
            t += 0.008
            e.dragUpdate(offsetY: y, at: t)
            if y == 180 { break }
        }
        #expect(e.header == .armed)
        while y > 0 {
            y = max(y - step, 0)
            t += 0.008
            e.dragUpdate(offsetY: y, at: t)
        }
        #expect(e.offset == 0)
        #expect(e.pull == 0)
        #expect(e.header == .idle)
        e.dragEnd(at: t + 0.1)
        e.run(from: t + 0.1, to: t + 2)
        #expect(e.takeEvents().refreshRequests == 0)
        #expect(e.offset == 0)
        #expect(e.pull == 0)
    }

    @Test("The slop swallowed at the start is given back as the finger returns: never more than its closest approach")
    func slopGivenBack() {
        var e = longList()
        e.externalScroll(to: 1000, at: 0)
        e.dragBegin(at: 1)
        e.dragUpdate(offsetY: -12, at: 1.01)  // past the slop: only the slop is swallowed
        #expect(e.offset == 1004)
        e.dragUpdate(offsetY: -100, at: 1.02)
        #expect(e.offset == 1092)
        e.dragUpdate(offsetY: -6, at: 1.03)  // closer to the press point than the slop: the list is back
        #expect(e.offset == 1000)
        e.dragUpdate(offsetY: -50, at: 1.04)  // now only 6 px are swallowed
        #expect(e.offset == 1044)
        e.dragUpdate(offsetY: 0, at: 1.05)
        #expect(e.offset == 1000)
        e.dragUpdate(offsetY: 40, at: 1.06)  // past the press point the content follows the finger exactly
        #expect(e.offset == 960)
    }

    @Test("A touchpad delta that reaches past the edge scrolls to it and pulls with the rest")
    func deltaAcrossTheEdge() {
        var e = longList()
        e.externalScroll(to: 30, at: 0)
        let disposition = e.scroll(delta: -100, source: .touchpad, at: 0.1)
        #expect(disposition == .consumed)
        #expect(e.offset == 0)
        #expect(near(e.pull, RubberBand(dimension: 600).displayed(raw: 70)))
        _ = e.scroll(delta: 100, source: .touchpad, at: 0.11)
        #expect(e.pull == 0)
        #expect(e.offset == 30)
    }
}
