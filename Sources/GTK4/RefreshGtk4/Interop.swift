import CGtk4
import RefreshCore

/// A weak reference lent to C as user data (retained, released by a destroy-notify), so that a
/// late callback finds nil rather than a freed object. Touched only on the main thread (GTK's).
final class WeakBox: @unchecked Sendable {
    weak var value: RefreshBin?
    init(_ value: RefreshBin) { self.value = value }
}

/// Where the bin owns its Swift object: one retain kept in the widget's qdata, given back by
/// GLib when the widget is finalized (GTK 3's `GObjectOwnership` likewise).
@MainActor
enum GObjectOwnership {
    static let key = "ptr4-refresh-bin"

    static func attach(_ object: RefreshBin, to widget: UnsafeMutablePointer<GtkWidget>) {
        let retained = Unmanaged.passRetained(object).toOpaque()
        g_object_set_data_full(UnsafeMutablePointer<GObject>(OpaquePointer(widget)), key, retained) { data in
            guard let data else { return }
            Unmanaged<RefreshBin>.fromOpaque(data).release()
        }
    }
}

/// Connects Swift closures to GObject signals (GTK 3's `GSignal` likewise).
@MainActor
enum GSignal {
    /// `void (*)(GObject *instance, gpointer data)`: "value-changed", "changed", "unrealize".
    static func connect<T>(_ instance: UnsafeMutablePointer<T>, _ signal: String,
                           _ body: @escaping @MainActor () -> Void) -> SignalConnection {
        SignalConnection(instance, signal, body)
    }
}

/// One connected signal handler (GTK 3's `SignalConnection` likewise): its Swift closure is lent
/// to GLib and given back by GLib's own destroy-notify when the handler is disconnected or its
/// instance finalized.
@MainActor
final class SignalConnection {
    private final class Closure {
        let body: @MainActor () -> Void
        init(_ body: @escaping @MainActor () -> Void) { self.body = body }
    }

    private let instance: UnsafeMutableRawPointer
    private var id: gulong

    /// Connects `body` to a signal with no arguments besides the instance.
    fileprivate init<T>(_ instance: UnsafeMutablePointer<T>, _ signal: String, _ body: @escaping @MainActor () -> Void) {
        self.instance = UnsafeMutableRawPointer(instance)
        let closure = Unmanaged.passRetained(Closure(body)).toOpaque()
        let handler: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            guard let data else { return }
            let closure = Unmanaged<Closure>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { closure.body() }
        }
        id = g_signal_connect_data(self.instance, signal, unsafeBitCast(handler, to: GCallback.self), closure,
                                   { data, _ in
                                       guard let data else { return }
                                       Unmanaged<Closure>.fromOpaque(data).release()
                                   }, GConnectFlags(rawValue: 0))
    }

    /// Call while the instance is alive (the bin holds a reference on what it connects to).
    func disconnect() {
        guard id != 0 else { return }
        if g_signal_handler_is_connected(instance, id) != 0 { g_signal_handler_disconnect(instance, id) }
        id = 0
    }
}
