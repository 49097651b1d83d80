import RefreshCore
import Testing

// Shared fixtures and drivers for the RefreshCore tests. Time is always injected: every helper
// takes and returns seconds; nothing sleeps.

/// Doubles compared with a tiny tolerance.
func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
    abs(a - b) <= tolerance
}

func near(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    near(a.x, b.x, tolerance) && near(a.y, b.y, tolerance)
}

/// Path elements compared with a tiny tolerance on every coordinate and angle.
func near(_ a: PathElement, _ b: PathElement, _ tolerance: Double = 1e-9) -> Bool {
    switch (a, b) {
    case (.move(let p), .move(let q)), (.line(let p), .line(let q)):
        return near(p, q, tolerance)
    case let (.arc(c1, r1, f1, t1, cw1), .arc(c2, r2, f2, t2, cw2)):
        return near(c1, c2, tolerance) && near(r1, r2, tolerance) && near(f1, f2, tolerance)
            && near(t1, t2, tolerance) && cw1 == cw2
    case (.close, .close):
        return true
    default:
        return false
    }
}

func near(_ a: [PathElement], _ b: [PathElement], _ tolerance: Double = 1e-9) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { near($0, $1, tolerance) }
}

/// The standard long list: 600 px viewport, 3000 px of rows.
func longList(style: HeaderStyle = .jike, footer: FooterMode = .auto,
              viewport: Double = 600, rows: Double = 3000) -> RefreshEngine {
    RefreshEngine(style: style, footerMode: footer, viewportHeight: viewport, rowsHeight: rows, now: 0)
}

/// A list shorter than its viewport.
func shortList(footer: FooterMode = .auto) -> RefreshEngine {
    RefreshEngine(footerMode: footer, viewportHeight: 600, rowsHeight: 400, now: 0)
}

/// The raw excess that displays as `p` on a viewport of height `d` (no held header).
func rawFor(pull p: Double, viewport d: Double = 600) -> Double {
    RubberBand(dimension: d).raw(displayed: p)
}

/// Everything a host can observe, except the clock-relative "last updated" age.
struct Observed: Equatable {
    var offset: Double
    var pull: Double
    var push: Double
    var header: HeaderPhase
    var footer: FooterPhase
    var headerVisual: HeaderVisual
    var footerVisual: FooterVisual
    var needsTicks: Bool
    var gesture: Bool
    var rowsHeight: Double
    var viewportHeight: Double
    var maxOffset: Double
    var style: HeaderStyle
    var footerMode: FooterMode
}

extension RefreshEngine {
    var observed: Observed {
        var hv = headerVisual
        hv.sinceLastUpdate = hv.sinceLastUpdate.map { _ in 0 }
        return Observed(offset: offset, pull: pull, push: push, header: header, footer: footer,
                        headerVisual: hv, footerVisual: footerVisual, needsTicks: needsTicks,
                        gesture: isGestureActive, rowsHeight: rowsHeight, viewportHeight: viewportHeight,
                        maxOffset: maxOffset, style: style, footerMode: footerMode)
    }

    /// Wheel notches `spacing` s apart starting at `t` (negative count = towards the top).
    /// Returns the time of the last notch.
    @discardableResult
    mutating func wheel(notches: Int, at t: Double, spacing: Double = 0.03) -> Double {
        let delta = notches < 0 ? -Tuning.wheelNotchRaw : Tuning.wheelNotchRaw
        var time = t
        for i in 0..<abs(notches) {
            time = t + Double(i) * spacing
            _ = scroll(delta: delta, source: .wheel, at: time)
        }
        return time
    }

    /// Ticks at 60 Hz from `t0` (exclusive) to `t1` (inclusive).
    mutating func run(from t0: Double, to t1: Double) {
        var t = t0
        while t < t1 {
            t = min(t + 1.0 / 60, t1)
            tick(at: t)
        }
    }

    /// Pulls at the top with a touchpad by `raw` px and lifts the fingers at `t`.
    mutating func touchpadPull(raw: Double, at t: Double, release: Bool = true) {
        _ = scroll(delta: -raw, source: .touchpad, at: t)
        if release { scrollStop(at: t) }
    }

    /// Full pull-to-refresh: arms with the touchpad at `t`, releases, waits for the action.
    /// Returns the time the refresh action fired.
    mutating func pullToRefresh(at t: Double) -> Double {
        touchpadPull(raw: rawFor(pull: 90, viewport: viewportHeight), at: t)
        let fire = t + Tuning.refreshSettleDuration
        tick(at: fire)
        return fire
    }

    /// Counts and drains the events of one kind.
    mutating func drain() -> [EngineEvent] { takeEvents() }
}

extension Array where Element == EngineEvent {
    var refreshRequests: Int { filter { $0 == .refreshRequested }.count }
    var loadRequests: Int { filter { $0 == .loadRequested }.count }
    var headerPhases: [HeaderPhase] {
        compactMap { if case .header(let phase, _) = $0 { return phase } else { return nil } }
    }
    var footerPhases: [FooterPhase] {
        compactMap { if case .footer(let phase) = $0 { return phase } else { return nil } }
    }
}

extension RefreshEngine {
    /// One wheel notch handled like a real host: a passed-through delta scrolls the list through
    /// the adjustment, which the host reports back with `externalScroll`.
    mutating func hostNotch(down: Bool, at t: Double) {
        let delta = down ? Tuning.wheelNotchRaw : -Tuning.wheelNotchRaw
        if scroll(delta: delta, source: .wheel, at: t) == .passThrough {
            externalScroll(to: offset + delta, at: t)
        }
    }

    /// `count` host-handled notches `spacing` s apart (one gesture when spacing < quiet period).
    /// Returns the time of the last notch.
    @discardableResult
    mutating func hostNotches(_ count: Int, down: Bool = true, at t: Double, spacing: Double = 0.03) -> Double {
        var time = t
        for i in 0..<count {
            time = t + Double(i) * spacing
            hostNotch(down: down, at: time)
        }
        return time
    }
}
