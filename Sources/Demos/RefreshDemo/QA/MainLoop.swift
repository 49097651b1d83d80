import CGtk
import RefreshGtk

/// Driving GTK without `gtk_main`: for scripted runs (`refresh-demo record`, the soak, the
/// benchmark's children) and tests that must wait for the toolkit (a window mapped, a frame
/// drawn, a timeout fired) without sleeping and hoping.
@MainActor
package enum MainLoop {
    private static var initialized: Bool?

    /// Whether a display is named in the environment (`DISPLAY` or `WAYLAND_DISPLAY`). Callable
    /// from any context, e.g. a test trait's condition, to skip GTK tests instead of crashing.
    package nonisolated static var hasDisplay: Bool {
        ["DISPLAY", "WAYLAND_DISPLAY"].contains { name in
            guard let value = g_getenv(name) else { return false }
            return value.pointee != 0
        }
    }

    /// `gtk_init_check` once per process. False when there is no display (no `DISPLAY`, or the
    /// server refused): callers should skip rather than crash.
    package static func initializeGtk() -> Bool {
        if let initialized { return initialized }
        let ok = gtk_init_check(nil, nil) != 0
        initialized = ok
        return ok
    }

    /// Iterates the default main context until `condition` holds; false if `timeout` (seconds)
    /// passed first. The timeout is only a failsafe: each iteration blocks until something
    /// happens, and a 10 ms wake-up timer keeps the deadline checked when nothing does.
    @discardableResult
    package static func run(until condition: () -> Bool, timeout: Double = 10) -> Bool {
        let deadline = g_get_monotonic_time() + Int(timeout * 1_000_000)
        let wakeUp = Timeout(every: 10) { true }
        defer { wakeUp.cancel() }
        while !condition() {
            if g_get_monotonic_time() >= deadline { return false }
            g_main_context_iteration(nil, 1)
        }
        return true
    }

    /// Handles everything already pending, without blocking.
    package static func drain() {
        while g_main_context_iteration(nil, 0) != 0 {}
    }

    /// Runs the loop for `seconds`, handling whatever comes (for animations that must advance).
    package static func run(for seconds: Double) {
        let end = g_get_monotonic_time() + Int(seconds * 1_000_000)
        run(until: { g_get_monotonic_time() >= end }, timeout: seconds + 1)
    }
}
