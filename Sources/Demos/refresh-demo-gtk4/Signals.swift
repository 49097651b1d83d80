import CGtk4

// The demo's GLib signal handlers: Swift closures behind C trampolines, released by GLib's
// destroy-notify when the instance goes.

/// One connected signal handler (the GTK 3 demo's `SignalConnection`, from RefreshGtk, likewise),
/// its closure given back by GLib's destroy-notify when the instance is finalized. It reads none of
/// the signal's arguments (the handler's C signature still has to match them: GLib passes the
/// data pointer after them), or one pointer-sized argument (`withArgument`: a position or a row).
@MainActor
final class SignalConnection {
    /// What the signal passes between the instance and the data pointer.
    enum Arguments {
        /// Nothing (`realize`, `destroy`, `value-changed`, `after-paint`, `selected-rows-changed`).
        case none
        /// One pointer (`notify::…`: the GParamSpec).
        case onePointer
        /// Two unsigned ints (`selection-changed`: position, count).
        case twoUInts
        /// Two doubles (a motion controller's `enter`: x, y).
        case twoDoubles
    }

    private final class Closure {
        let body: @MainActor () -> Void
        init(_ body: @escaping @MainActor () -> Void) { self.body = body }
    }

    init(_ instance: UnsafeMutableRawPointer, _ signal: String, arguments: Arguments = .none,
         _ body: @escaping @MainActor () -> Void) {
        let closure = Unmanaged.passRetained(Closure(body)).toOpaque()
        let callback: GCallback
        switch arguments {
        case .none:
            let handler: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
                MainActor.assumeIsolated { Unmanaged<Closure>.fromOpaque(data!).takeUnretainedValue().body() }
            }
            callback = unsafeBitCast(handler, to: GCallback.self)
        case .onePointer:
            let handler: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, _, data in
                MainActor.assumeIsolated { Unmanaged<Closure>.fromOpaque(data!).takeUnretainedValue().body() }
            }
            callback = unsafeBitCast(handler, to: GCallback.self)
        case .twoUInts:
            let handler: @convention(c) (gpointer?, guint, guint, gpointer?) -> Void = { _, _, _, data in
                MainActor.assumeIsolated { Unmanaged<Closure>.fromOpaque(data!).takeUnretainedValue().body() }
            }
            callback = unsafeBitCast(handler, to: GCallback.self)
        case .twoDoubles:
            let handler: @convention(c) (gpointer?, Double, Double, gpointer?) -> Void = { _, _, _, data in
                MainActor.assumeIsolated { Unmanaged<Closure>.fromOpaque(data!).takeUnretainedValue().body() }
            }
            callback = unsafeBitCast(handler, to: GCallback.self)
        }
        g_signal_connect_data(instance, signal, callback, closure,
                              { data, _ in Unmanaged<Closure>.fromOpaque(data!).release() }, GConnectFlags(rawValue: 0))
    }

    init(_ instance: UnsafeMutablePointer<GtkWidget>, _ signal: String,
         withArgument body: @escaping @MainActor (UInt) -> Void) {
        let closure = Unmanaged.passRetained(ArgumentClosure(body)).toOpaque()
        let handler: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, argument, data in
            let closure = Unmanaged<ArgumentClosure>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { closure.body(UInt(bitPattern: argument)) }
        }
        g_signal_connect_data(instance, signal, unsafeBitCast(handler, to: GCallback.self), closure,
                              { data, _ in Unmanaged<ArgumentClosure>.fromOpaque(data!).release() }, GConnectFlags(rawValue: 0))
    }

    private final class ArgumentClosure {
        let body: @MainActor (UInt) -> Void
        init(_ body: @escaping @MainActor (UInt) -> Void) { self.body = body }
    }

    convenience init<T>(_ instance: UnsafeMutablePointer<T>, _ signal: String, arguments: Arguments = .none,
                        _ body: @escaping @MainActor () -> Void) {
        self.init(UnsafeMutableRawPointer(instance), signal, arguments: arguments, body)
    }

    convenience init(_ instance: OpaquePointer, _ signal: String, arguments: Arguments = .none,
                     _ body: @escaping @MainActor () -> Void) {
        self.init(UnsafeMutableRawPointer(instance), signal, arguments: arguments, body)
    }
}
