import RefreshGtk
import CGtk
import RefreshCore

#if canImport(Glibc)
import Glibc
#endif

/// Unbuffered output to a file descriptor: every `write` reaches the pipe at once, so a reader
/// sees each trace line as it happens (and `stdout`, a global var, is off-limits in Swift 6).
package struct FileDescriptorSink: Sendable {
    package let fd: Int32

    package static let standardOutput = FileDescriptorSink(fd: 1)
    package static let standardError = FileDescriptorSink(fd: 2)

    package func write(_ text: String) {
        var bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + start, $0.count - start) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }  // closed pipe: drop the rest rather than spin
            start += written
        }
        bytes.removeAll()
    }
}

/// A value in a trace line.
package enum TraceValue: Equatable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
    case int(Int)
    case double(Double)
    case string(String)
    case bool(Bool)

    package init(integerLiteral value: Int) { self = .int(value) }
    package init(floatLiteral value: Double) { self = .double(value) }
    package init(stringLiteral value: String) { self = .string(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }

    var json: String {
        switch self {
        case let .int(value): return String(value)
        case let .double(value): return value.isFinite ? String(value) : "null"
        case let .bool(value): return value ? "true" : "false"
        case let .string(value): return Trace.quoted(value)
        }
    }
}

/// The `--trace` log: one JSON object per line, `{"t":<ms>,"event":<name>,...}`, where `t` is
/// milliseconds (3 decimals) on the monotonic clock since `Trace.processStart`.
@MainActor
package final class Trace {
    /// The monotonic time (µs) that `t` counts from. Initialized on first use: touch it first
    /// thing in `main`.
    package nonisolated static let processStart = Int(g_get_monotonic_time())

    private let sink: (String) -> Void
    private let clock: () -> Int

    /// `sink` receives each line, newline included. `clock` gives monotonic µs (tests fix it).
    package init(clock: @escaping () -> Int = { Int(g_get_monotonic_time()) }, sink: @escaping (String) -> Void) {
        self.clock = clock
        self.sink = sink
    }

    /// Lines to stdout, each written out at once.
    package static func standardOutput() -> Trace {
        Trace { FileDescriptorSink.standardOutput.write($0) }
    }

    /// Writes one line; keys keep their order, after "t" and "event".
    package func emit(_ event: String, _ fields: KeyValuePairs<String, TraceValue> = [:]) {
        let micros = max(0, clock() - Trace.processStart)
        let fraction = String(micros % 1000)
        var line = "{\"t\":\(micros / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
        line += ",\"event\":\(Trace.quoted(event))"
        for (key, value) in fields {
            line += ",\(Trace.quoted(key)):\(value.json)"
        }
        sink(line + "}\n")
    }

    package func ready(rows: Int) { emit("ready", ["rows": .int(rows)]) }

    package func header(_ phase: HeaderPhase, pull: Double) {
        // Hundredths of a px are plenty, and keep lines short.
        emit("header", ["state": .string(phase.rawValue), "pull": .double((pull * 100).rounded() / 100)])
    }

    package func footer(_ phase: FooterPhase) { emit("footer", ["state": .string(phase.rawValue)]) }

    /// `event` is "refresh" or "load".
    package func begin(_ event: String) { emit(event, ["phase": "begin"]) }

    /// A refresh asked for during a load: it begins (a `begin` line) when the load ends.
    package func refreshQueued() { emit("refresh", ["phase": "queued"]) }

    package func end(_ event: String, ok: Bool, added: Int, rows: Int) {
        emit(event, ["phase": "end", "ok": .bool(ok), "added": .int(added), "rows": .int(rows)])
    }

    /// A row was activated (a click, Enter or an AT's action): its index, 0 at the top.
    package func activate(row: Int) { emit("activate", ["row": .int(row)]) }
    package func quit() { emit("quit") }

    nonisolated static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
