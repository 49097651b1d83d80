import DemoRendering
import RefreshGtk
import CGtk
import RefreshCore


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
        sink(TraceFormat.format(micros: clock() - Trace.processStart, event: event, fields: fields.map { ($0.key, $0.value) }))
    }

    package func ready(rows: Int) { emit("ready", ["rows": .int(rows)]) }

    package func header(_ phase: HeaderPhase, pull: Double) {
        emit("header", ["state": .string(phase.rawValue), "pull": .px(pull)])
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
}
