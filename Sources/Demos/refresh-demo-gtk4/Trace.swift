import CGtk4
import DemoRendering

/// The `--trace` log, as refresh-demo's (docs/demo.md): one JSON object per line on stdout,
/// written out at once by the demos' shared `TraceFormat`; `t` counts from `Trace.processStart`.
@MainActor
enum Trace {
    /// Set by `--trace`; off, nothing is written.
    static var enabled = false
    /// The monotonic time (µs) `t` counts from; touched first thing in main.
    nonisolated static let processStart = Int(g_get_monotonic_time())

    typealias Field = (String, TraceValue)

    static func emit(_ event: String, _ fields: [Field] = []) {
        guard enabled else { return }
        write(TraceFormat.format(micros: Int(g_get_monotonic_time()) - processStart, event: event, fields: fields), to: 1)
    }

    /// Writes all of `text` to `fd` (a closed pipe drops the rest).
    nonisolated static func write(_ text: String, to fd: Int32) {
        FileDescriptorSink(fd: fd).write(text)
    }
}
