import CGtk4
import Glibc

/// The `--trace` log, as refresh-demo's (docs/demo.md): one JSON object per line on stdout,
/// `{"t":<ms>,"event":<name>,...}`, written out at once; `t` counts from `Trace.processStart`.
@MainActor
enum Trace {
    /// Set by `--trace`; off, nothing is written.
    static var enabled = false
    /// The monotonic time (µs) `t` counts from; touched first thing in main.
    nonisolated static let processStart = Int(g_get_monotonic_time())

    /// A value already in JSON (a number, `true`, a quoted string).
    typealias Field = (String, String)

    static func emit(_ event: String, _ fields: [Field] = []) {
        guard enabled else { return }
        let micros = max(0, Int(g_get_monotonic_time()) - processStart)
        let fraction = String(micros % 1000)
        var line = "{\"t\":\(micros / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
        line += ",\"event\":\"\(event)\""
        for (key, value) in fields { line += ",\"\(key)\":\(value)" }
        write(line + "}\n", to: 1)
    }

    static func string(_ text: String) -> String { "\"\(text)\"" }

    /// Hundredths of a px are plenty, and keep lines short.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// Writes all of `text` to `fd` (a closed pipe drops the rest).
    nonisolated static func write(_ text: String, to fd: Int32) {
        var bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + start, $0.count - start) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            start += written
        }
        bytes.removeAll()
    }
}
