import CGtk

/// A connected signal handler, returned by the `GSignal.connect…` functions. Keep it to
/// disconnect the handler early; otherwise the handler lives as long as the instance (GLib
/// releases the closure when the instance is disposed).
///
/// `disconnect()` is idempotent and safe after the instance was disposed: GLib drops the closure
/// at dispose, which marks the handle dead before the instance's memory can go away.
@MainActor
public final class SignalConnection {
    private let instance: UnsafeMutableRawPointer
    private let id: gulong
    private let box: CallbackBox
    private var disconnected = false

    fileprivate init(instance: UnsafeMutableRawPointer, id: gulong, box: CallbackBox) {
        self.instance = instance
        self.id = id
        self.box = box
    }

    /// False once disconnected, or once GLib dropped the handler (its instance was disposed).
    public var isConnected: Bool { !disconnected && box.alive }

    /// Disconnects the handler; does nothing when it is no longer connected.
    public func disconnect() {
        guard isConnected else { return }
        disconnected = true
        // The closure stays alive while its emission runs, so double-check with GLib.
        if g_signal_handler_is_connected(instance, id) != 0 {
            g_signal_handler_disconnect(instance, id)
        }
    }
}

/// Connects Swift closures to GObject signals, the way `g_signal_connect` does in C (Swift cannot
/// call that macro, nor turn a capturing closure into a C callback):
///
/// ```swift
/// GSignal.connect(window, "destroy") { gtk_main_quit() }
/// GSignal.connectPointers(treeView, "row-activated") { path, _ in open(path) }
/// ```
///
/// Pick the function by the signal's C signature (its GTK documentation): no argument, one
/// pointer, two pointers, or an event. Handlers run on the main thread, which is the main actor.
/// The closure is released when the handler is disconnected or the instance disposed.
///
/// How: one non-capturing `@convention(c)` trampoline per C signature (Swift 6.3 cannot compile
/// capturing ones); the closure travels as user data in a retained box that the
/// `GClosureNotify` releases. Boolean event signals are connected before the class handler so
/// that returning `true` stops the default handling (pass `after: true` only for notifications).
@MainActor
public enum GSignal {
    /// `void (*)(GObject *instance, gpointer data)`: "destroy", "clicked", "value-changed",
    /// "style-updated", "activate", …
    @discardableResult
    public static func connect(
        _ instance: some GObjectReference, _ signal: String, after: Bool = false,
        _ handler: @escaping @MainActor () -> Void
    ) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            MainActor.assumeIsolated { ClosureBox<@MainActor () -> Void>.closure(data)() }
        }
        return attach(instance, signal, unsafeBitCast(trampoline, to: GCallback.self), handler, after)
    }

    /// `void (*)(GObject *instance, gpointer arg, gpointer data)` for signals with one pointer
    /// argument: "screen-changed", gesture "begin"/"end" (the GdkEventSequence), "notify::…"
    /// (the GParamSpec), …
    @discardableResult
    public static func connectPointer(
        _ instance: some GObjectReference, _ signal: String, after: Bool = false,
        _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void
    ) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
            let argumentBits = Int(bitPattern: argument)
            MainActor.assumeIsolated {
                ClosureBox<@MainActor (UnsafeMutableRawPointer?) -> Void>.closure(data)(
                    UnsafeMutableRawPointer(bitPattern: argumentBits))
            }
        }
        return attach(instance, signal, unsafeBitCast(trampoline, to: GCallback.self), handler, after)
    }

    /// A property change: "notify::<property>".
    @discardableResult
    public static func connectNotify(
        _ instance: some GObjectReference, property: String, _ handler: @escaping @MainActor () -> Void
    ) -> SignalConnection {
        connectPointer(instance, "notify::\(property)") { _ in handler() }
    }

    /// `gboolean (*)(GtkWidget *, GdkEvent *, gpointer)`: "scroll-event", "button-press-event",
    /// "key-press-event", "motion-notify-event", "touch-event", "delete-event", …
    /// Return `true` to stop other handlers and the default one.
    @discardableResult
    public static func connectEvent(
        _ widget: some GObjectReference, _ signal: String,
        _ handler: @escaping @MainActor (UnsafeMutablePointer<GdkEvent>) -> Bool
    ) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, UnsafeMutablePointer<GdkEvent>?, gpointer?) -> gboolean = {
            _, event, data in
            guard let event else { return 0 }
            let eventBits = Int(bitPattern: event)
            return MainActor.assumeIsolated {
                let handler = ClosureBox<@MainActor (UnsafeMutablePointer<GdkEvent>) -> Bool>.closure(data)
                return handler(UnsafeMutablePointer(bitPattern: eventBits)!) ? 1 : 0
            }
        }
        return attach(widget, signal, unsafeBitCast(trampoline, to: GCallback.self), handler, false)
    }

    /// "draw": `gboolean (*)(GtkWidget *, cairo_t *, gpointer)`. `after: true` draws over what the
    /// widget's class handler drew.
    @discardableResult
    package static func connectDraw(
        _ widget: some GObjectReference, after: Bool = false, _ handler: @escaping @MainActor (OpaquePointer) -> Bool
    ) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = { _, cr, data in
            guard let cr else { return 0 }
            let crBits = Int(bitPattern: UnsafeMutableRawPointer(cr))
            return MainActor.assumeIsolated {
                let handler = ClosureBox<@MainActor (OpaquePointer) -> Bool>.closure(data)
                return handler(OpaquePointer(bitPattern: crBits)!) ? 1 : 0
            }
        }
        return attach(widget, "draw", unsafeBitCast(trampoline, to: GCallback.self), handler, after)
    }

    /// "size-allocate": `void (*)(GtkWidget *, GdkRectangle *, gpointer)`. Runs after the class
    /// handler, once the widget's allocation (and GdkWindow) are in place.
    @discardableResult
    package static func connectSizeAllocate(
        _ widget: some GObjectReference, _ handler: @escaping @MainActor (GtkAllocation) -> Void
    ) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, UnsafeMutablePointer<GtkAllocation>?, gpointer?) -> Void = {
            _, allocation, data in
            guard let rect = allocation?.pointee else { return }
            MainActor.assumeIsolated { ClosureBox<@MainActor (GtkAllocation) -> Void>.closure(data)(rect) }
        }
        return attach(widget, "size-allocate", unsafeBitCast(trampoline, to: GCallback.self), handler, true)
    }

    /// `void (*)(GObject *, gdouble, gdouble, gpointer)`: GtkGestureDrag "drag-begin" (start x, y),
    /// "drag-update"/"drag-end" (offset x, y), GtkGestureSwipe "swipe" (velocity x, y).
    @discardableResult
    package static func connectDoubles(
        _ instance: some GObjectReference, _ signal: String,
        _ handler: @escaping @MainActor (Double, Double) -> Void
    ) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void = { _, x, y, data in
            MainActor.assumeIsolated { ClosureBox<@MainActor (Double, Double) -> Void>.closure(data)(x, y) }
        }
        return attach(instance, signal, unsafeBitCast(trampoline, to: GCallback.self), handler, false)
    }

    /// GtkGestureMultiPress "pressed"/"released": `void (*)(GObject *, gint n_press, gdouble x,
    /// gdouble y, gpointer)`.
    @discardableResult
    package static func connectPress(
        _ gesture: some GObjectReference, _ signal: String,
        _ handler: @escaping @MainActor (Int, Double, Double) -> Void
    ) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = { _, n, x, y, data in
            MainActor.assumeIsolated {
                ClosureBox<@MainActor (Int, Double, Double) -> Void>.closure(data)(Int(n), x, y)
            }
        }
        return attach(gesture, signal, unsafeBitCast(trampoline, to: GCallback.self), handler, false)
    }

    /// `void (*)(GObject *instance, gpointer first, gpointer second, gpointer data)` for signals
    /// with two pointer arguments (GtkTreeView's "row-activated": the GtkTreePath, the column).
    @discardableResult
    public static func connectPointers(
        _ instance: some GObjectReference, _ signal: String, after: Bool = false,
        _ handler: @escaping @MainActor (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
    ) -> SignalConnection {
        let trampoline: @convention(c) (gpointer?, gpointer?, gpointer?, gpointer?) -> Void = { _, first, second, data in
            let firstBits = Int(bitPattern: first), secondBits = Int(bitPattern: second)
            MainActor.assumeIsolated {
                ClosureBox<@MainActor (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void>.closure(data)(
                    UnsafeMutableRawPointer(bitPattern: firstBits), UnsafeMutableRawPointer(bitPattern: secondBits))
            }
        }
        return attach(instance, signal, unsafeBitCast(trampoline, to: GCallback.self), handler, after)
    }

    private static func attach<F>(
        _ instance: some GObjectReference, _ signal: String, _ callback: GCallback, _ handler: F, _ after: Bool
    ) -> SignalConnection {
        let box = ClosureBox(kind: .signal, handler)
        let destroyNotify: @convention(c) (gpointer?, UnsafeMutablePointer<GClosure>?) -> Void = { data, _ in
            let bits = Int(bitPattern: data)
            MainActor.assumeIsolated { CallbackBox.release(UnsafeMutableRawPointer(bitPattern: bits)) }
        }
        let id = g_signal_connect_data(
            instance.gpointer, signal, callback, box.retainedPointer(), destroyNotify,
            after ? G_CONNECT_AFTER : GConnectFlags(0))
        if id == 0 {
            // Unknown signal: GLib already logged a warning and dropped nothing, so release here.
            CallbackBox.release(Unmanaged.passUnretained(box).toOpaque())
        }
        return SignalConnection(instance: instance.gpointer, id: id, box: box)
    }
}
