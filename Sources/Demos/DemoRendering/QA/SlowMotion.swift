import CPangoCairo

/// The engine's time base in both demos (the widget's injectable `clock`): real monotonic time,
/// slowed down K times (`--slow-motion K`, the S key multiplies it by 10), frozen (P) or stepped
/// one frame at a time (period key). GLib only, no toolkit: the GTK 3 and the GTK 4 demo share it.
///
/// What is scaled: everything the engine measures with its clock — settles, the reveal, the
/// morph, the spin, the end animation, the failure hold, the classic arrow, key scrolls,
/// flings, the spinners — and the demo's simulated latency (`after`), so a refresh looks the
/// same frame for frame, only K times longer. Input events themselves arrive in real time and
/// are applied at once, at the engine time of their arrival; the engine also measures two
/// things about input with its clock, and these are scaled too: the wheel's 0.2 s quiet period
/// (a wheel gesture is released 0.2·K s after its last notch) and a drag's release velocity
/// (measured in engine seconds, so a mid-list fling at ×K goes K times faster and farther).
///
/// Engine time is continuous: changing K, pausing or resuming re-anchors the mapping at the
/// current engine time, so the engine never sees time jump (or go back).
@MainActor
package final class QAClock {
    /// One frame at 60 Hz: what the step key advances.
    package nonisolated static let frame = 1.0 / 60
    /// `--slow-motion` accepts this range.
    package nonisolated static let factorRange = 1.0...20.0
    /// What the S key multiplies the factor by.
    package static let boost = 10.0

    private let real: @MainActor () -> Double
    /// The command line's factor.
    package private(set) var baseFactor: Double
    /// The S key's ×10 is on.
    package private(set) var isBoosted = false
    package private(set) var isPaused = false
    private var anchorReal: Double
    private var anchorEngine: Double
    private var timers: [EngineTimer] = []
    /// Called after every change of factor, pause or step (the overlay redraws, timers re-arm).
    package var onChange: (() -> Void)?

    /// `real`: seconds on a monotonic clock (GLib's by default; tests inject theirs). Engine time
    /// starts equal to it, so a view created on GLib's clock continues without a jump.
    package init(factor: Double = 1, real: @escaping @MainActor () -> Double = QAClock.monotonic) {
        self.real = real
        baseFactor = min(max(factor, QAClock.factorRange.lowerBound), QAClock.factorRange.upperBound)
        anchorReal = real()
        anchorEngine = anchorReal
    }

    package nonisolated static func monotonic() -> Double { Double(g_get_monotonic_time()) / 1_000_000 }

    /// Real seconds per engine second.
    package var factor: Double { baseFactor * (isBoosted ? QAClock.boost : 1) }

    /// The engine's time now.
    package func now() -> Double {
        isPaused ? anchorEngine : anchorEngine + (real() - anchorReal) / factor
    }

    /// The real time at which engine time `engine` is (or was) reached at the current factor;
    /// nil while paused (it is reached only by stepping).
    package func realTime(atEngine engine: Double) -> Double? {
        isPaused ? nil : anchorReal + (engine - anchorEngine) * factor
    }

    /// Continues from engine time `t` if the clock is behind it (a view created on GLib's clock
    /// before it got this clock has already seen `t`): the engine never sees time go back.
    package func continueFrom(engineTime t: Double) {
        reanchor()
        anchorEngine = max(anchorEngine, t)
    }

    private func reanchor() {
        anchorEngine = now()
        anchorReal = real()
    }

    package func setFactor(_ factor: Double) {
        reanchor()
        baseFactor = min(max(factor, QAClock.factorRange.lowerBound), QAClock.factorRange.upperBound)
        changed()
    }

    /// The S key: ×10 on or off.
    package func toggleBoost() {
        reanchor()
        isBoosted.toggle()
        changed()
    }

    /// The P key. While paused the engine's time stands still; input is still applied, at
    /// that instant.
    package func setPaused(_ paused: Bool) {
        guard paused != isPaused else { return }
        reanchor()
        isPaused = paused
        changed()
    }

    /// The period key: pauses if needed, then moves engine time on by exactly one frame.
    package func step(frames: Int = 1) {
        setPaused(true)
        anchorEngine += Double(frames) * QAClock.frame
        changed()
    }

    private func changed() {
        for timer in timers { timer.arm() }
        timers.removeAll { !$0.isPending }
        onChange?()
    }

    /// Runs `body` once `seconds` of engine time have passed (the simulated source's latency).
    package func after(_ seconds: Double, _ body: @escaping @MainActor () -> Void) -> EngineTimer {
        let timer = EngineTimer(clock: self, deadline: now() + max(seconds, 0), body: body)
        timers.removeAll { !$0.isPending }
        timers.append(timer)
        timer.arm()
        return timer
    }
}

/// A wait in engine time: a GLib timeout re-armed whenever the clock's factor, pause or step
/// changes, firing when the engine time reaches the deadline.
@MainActor
package final class EngineTimer {
    private unowned let clock: QAClock
    private let deadline: Double
    private var body: (@MainActor () -> Void)?
    private var timeout: OneShotTimeout?

    fileprivate init(clock: QAClock, deadline: Double, body: @escaping @MainActor () -> Void) {
        self.clock = clock
        self.deadline = deadline
        self.body = body
    }

    package var isPending: Bool { body != nil }

    package func cancel() {
        timeout?.cancel()
        timeout = nil
        body = nil
    }

    fileprivate func arm() {
        guard body != nil else { return }
        timeout?.cancel()
        let left = deadline - clock.now()
        if left <= 0 {
            timeout = nil
            let run = body
            body = nil
            run?()
            return
        }
        // Paused: wait for a step or resume (which re-arm); a slow poll covers nothing else.
        let wait = clock.isPaused ? 0.5 : left * clock.factor
        timeout = OneShotTimeout(after: max(wait, 0.001)) { [weak self] in self?.arm() }
    }
}

/// One GLib timeout on the default main context, removed by `cancel` unless it has fired.
/// GLib holds the closure until the source is destroyed.
@MainActor
private final class OneShotTimeout {
    private final class Box {
        let body: @MainActor () -> Void
        var fired = false
        init(_ body: @escaping @MainActor () -> Void) { self.body = body }
    }

    private let box: Box
    private var id: guint = 0

    init(after seconds: Double, _ body: @escaping @MainActor () -> Void) {
        box = Box(body)
        let milliseconds = guint(min(max((seconds * 1000).rounded(), 0), Double(guint.max)))
        id = g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, { data in
            MainActor.assumeIsolated {
                let box = Unmanaged<Box>.fromOpaque(data!).takeUnretainedValue()
                box.fired = true
                box.body()
            }
            return 0
        }, Unmanaged.passRetained(box).toOpaque(), { data in Unmanaged<Box>.fromOpaque(data!).release() })
    }

    func cancel() {
        // A source that fired is gone: removing its id would be a critical.
        if !box.fired, id != 0 { g_source_remove(id) }
        id = 0
    }
}
