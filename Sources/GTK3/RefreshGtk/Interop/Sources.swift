import CGtk
import CGtkShim

/// A frame-clock tick callback (`gtk_widget_add_tick_callback`): the way to animate in sync with
/// the display. The handler gets the frame time in microseconds (monotonic) and returns whether
/// to keep ticking. `remove()` is idempotent and safe after the widget was destroyed.
@MainActor
package final class TickCallback {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private let id: guint
    private let box: CallbackBox
    private var removed = false

    package init(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ handler: @escaping @MainActor (_ frameTime: Int) -> Bool
    ) {
        let trampoline: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?) -> gboolean = {
            _, clock, data in
            let frameTime = clock.map { Int(gdk_frame_clock_get_frame_time($0)) } ?? Int(g_get_monotonic_time())
            return MainActor.assumeIsolated {
                ClosureBox<@MainActor (Int) -> Bool>.closure(data)(frameTime)
                    ? ptr_source_continue() : ptr_source_remove()
            }
        }
        let destroyNotify: @convention(c) (gpointer?) -> Void = { data in
            let bits = Int(bitPattern: data)
            MainActor.assumeIsolated { CallbackBox.release(UnsafeMutableRawPointer(bitPattern: bits)) }
        }
        self.widget = widget
        self.box = ClosureBox(kind: .tick, handler)
        self.id = gtk_widget_add_tick_callback(widget, trampoline, box.retainedPointer(), destroyNotify)
    }

    /// False once removed, once the handler returned false, or once the widget dropped it.
    package var isActive: Bool { !removed && box.alive }

    package func remove() {
        guard isActive else { return }
        removed = true
        gtk_widget_remove_tick_callback(widget, id)
    }
}

/// A GLib timeout on the default main context (`g_timeout_add_full`) running a Swift closure:
///
/// ```swift
/// let poll = Timeout(every: 1000) { checkMail(); return true }   // until it returns false
/// _ = Timeout(after: 0.5) { view.endRefreshing(ok: true, insertedAtTop: 3) }
/// ```
///
/// The timeout runs whether or not the `Timeout` is kept; keep it to ``cancel()`` it.
/// `cancel()` is idempotent and safe after the timeout fired: a one-shot that already ran is
/// never removed twice (GLib reuses source ids, so removing a stale id could cancel somebody
/// else's source).
@MainActor
public final class Timeout {
    private let id: guint
    private let box: CallbackBox
    private var cancelled = false

    /// Calls `handler` every `milliseconds` while it returns true.
    public convenience init(every milliseconds: UInt32, _ handler: @escaping @MainActor () -> Bool) {
        self.init(every: milliseconds, priority: G_PRIORITY_DEFAULT, handler)
    }

    /// Calls `handler` once, when the main loop has nothing more urgent to do: after the frame
    /// being laid out (GTK's redraw priority is above the default idle's).
    package convenience init(idle handler: @escaping @MainActor () -> Void) {
        self.init(every: 0, priority: G_PRIORITY_DEFAULT_IDLE) {
            handler()
            return false
        }
    }

    private init(every milliseconds: UInt32, priority: Int32, _ handler: @escaping @MainActor () -> Bool) {
        let trampoline: @convention(c) (gpointer?) -> gboolean = { data in
            MainActor.assumeIsolated {
                ClosureBox<@MainActor () -> Bool>.closure(data)() ? ptr_source_continue() : ptr_source_remove()
            }
        }
        let destroyNotify: @convention(c) (gpointer?) -> Void = { data in
            let bits = Int(bitPattern: data)
            MainActor.assumeIsolated { CallbackBox.release(UnsafeMutableRawPointer(bitPattern: bits)) }
        }
        self.box = ClosureBox(kind: .timeout, handler)
        self.id = g_timeout_add_full(priority, guint(milliseconds), trampoline, box.retainedPointer(),
                                     destroyNotify)
    }

    /// Calls `handler` once, after `seconds` (rounded to whole milliseconds; negative or not a
    /// number: at once).
    public convenience init(after seconds: Double, _ handler: @escaping @MainActor () -> Void) {
        let milliseconds = (seconds * 1000).rounded()
        self.init(every: milliseconds.isFinite ? UInt32(min(max(milliseconds, 0), Double(UInt32.max))) : 0) {
            handler()
            return false
        }
    }

    /// False once cancelled, or once GLib dropped it (a one-shot that fired).
    public var isPending: Bool { !cancelled && box.alive }

    /// Removes the timeout; does nothing once it is no longer pending.
    public func cancel() {
        guard isPending else { return }
        cancelled = true
        g_source_remove(id)
    }
}
