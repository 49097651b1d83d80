import RefreshGtk
import CGtk

#if canImport(Glibc)
import Glibc
#endif

/// Ctrl+C (SIGINT) and SIGTERM in the terminal end the demo like Ctrl+Q: GLib's
/// `g_unix_signal_add_full` turns the signal into a main-loop callback (nothing runs in the
/// signal handler itself), which closes the window; the app then quits, the trace ends with
/// `quit` and the exit status is 0.
@MainActor
package final class TerminationSignals {
    private final class Box {
        let handler: @MainActor () -> Void
        init(_ handler: @escaping @MainActor () -> Void) { self.handler = handler }
    }

    private var sources: [guint] = []

    /// `handler` runs on the main loop once per signal received, until `remove()`.
    package init(_ handler: @escaping @MainActor () -> Void) {
        let callback: @convention(c) (gpointer?) -> gboolean = { data in
            let bits = Int(bitPattern: data)
            MainActor.assumeIsolated {
                Unmanaged<Box>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue().handler()
            }
            return 1  // G_SOURCE_CONTINUE: a second Ctrl+C while closing is handled the same way
        }
        let release: @convention(c) (gpointer?) -> Void = { data in
            guard let data else { return }
            Unmanaged<Box>.fromOpaque(data).release()
        }
        // A launcher may have left them blocked (a process inherits its parent's signal mask):
        // then they would stay pending for ever.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for signal in [SIGINT, SIGTERM] {
            let data = Unmanaged.passRetained(Box(handler)).toOpaque()
            sources.append(g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, callback, data, release))
        }
    }

    /// Removes the sources (GLib keeps catching the signals; they are then ignored).
    package func remove() {
        for id in sources where id != 0 { g_source_remove(id) }
        sources.removeAll()
    }

    isolated deinit { remove() }
}
