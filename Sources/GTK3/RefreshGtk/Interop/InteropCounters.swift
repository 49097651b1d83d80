/// How many Swift closures GLib currently holds, by kind. Each is incremented when a closure is
/// handed to C and decremented in the destroy-notify GLib calls when it drops the closure, so a
/// test can prove that destroying a widget released every handler, tick callback and timeout.
@MainActor
package enum InteropCounters {
    package internal(set) static var liveSignalBoxes = 0
    package internal(set) static var liveTickCallbacks = 0
    package internal(set) static var liveTimeouts = 0

    package struct Snapshot: Equatable, Sendable, CustomStringConvertible {
        package let signalBoxes: Int
        package let tickCallbacks: Int
        package let timeouts: Int
        package var description: String {
            "signals \(signalBoxes), ticks \(tickCallbacks), timeouts \(timeouts)"
        }
    }

    package static var snapshot: Snapshot {
        Snapshot(signalBoxes: liveSignalBoxes, tickCallbacks: liveTickCallbacks, timeouts: liveTimeouts)
    }
}

/// A Swift closure lent to C. GLib owns one retain (taken when the pointer is handed over) and
/// gives it back through a destroy-notify, after which `alive` is false: handles check it so
/// that they never pass a stale handler id or source id back to GLib.
@MainActor
class CallbackBox {
    enum Kind { case signal, tick, timeout }

    let kind: Kind
    private(set) var alive = true

    init(kind: Kind) {
        self.kind = kind
        switch kind {
        case .signal: InteropCounters.liveSignalBoxes += 1
        case .tick: InteropCounters.liveTickCallbacks += 1
        case .timeout: InteropCounters.liveTimeouts += 1
        }
    }

    /// The pointer to hand to C, carrying one retain that `release(_:)` gives back.
    func retainedPointer() -> UnsafeMutableRawPointer {
        Unmanaged.passRetained(self).toOpaque()
    }

    /// Body of every destroy-notify: GLib no longer holds the closure.
    static func release(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return }
        let box = Unmanaged<CallbackBox>.fromOpaque(pointer).takeRetainedValue()
        box.alive = false
        switch box.kind {
        case .signal: InteropCounters.liveSignalBoxes -= 1
        case .tick: InteropCounters.liveTickCallbacks -= 1
        case .timeout: InteropCounters.liveTimeouts -= 1
        }
    }
}

/// A box holding a closure of one C signature's Swift shape.
@MainActor
final class ClosureBox<F>: CallbackBox {
    let call: F

    init(kind: Kind, _ call: F) {
        self.call = call
        super.init(kind: kind)
    }

    /// The closure behind a pointer that C passed back as user data.
    static func closure(_ pointer: UnsafeMutableRawPointer?) -> F {
        Unmanaged<ClosureBox<F>>.fromOpaque(pointer!).takeUnretainedValue().call
    }
}
