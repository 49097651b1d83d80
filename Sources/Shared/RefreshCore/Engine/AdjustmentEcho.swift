/// Tells a wrapped list's echo of a value its host just set from a scroll the user made
/// (docs/gtk4-notes.md#the-lists-echo-of-a-value).
///
/// GTK 4.8's GtkListView and GtkColumnView lay their rows out from the value they are given and
/// then report what they made of it, up to `Tuning.listEchoTolerance` off. Taken as the user's
/// scroll, that report would stop the engine's eased scroll half way. A report within the
/// tolerance and within `Tuning.listEchoWindow` of the host's last write is the echo; anything
/// else — farther away, or later — is a scroll, and forgets the write.
///
/// ```swift
/// var echo = AdjustmentEcho()
/// echo.noteSet(1030, at: t)
/// echo.isEcho(1030.6, at: t + 0.01)   // true: the list's own rounding
/// echo.isEcho(1070, at: t + 0.02)     // false: an arrow key's step, kept
/// ```
public struct AdjustmentEcho: Sendable {
    private var lastSet: (value: Double, time: Double)?

    public init() {}

    /// The host set the list's value to `value` at `time` (engine seconds).
    public mutating func noteSet(_ value: Double, at time: Double) {
        lastSet = (value, time)
    }

    /// Whether the list reporting `value` at `time` is its echo of the host's last write (true:
    /// ignore it) or a scroll (false: pass it on; the write is forgotten).
    public mutating func isEcho(_ value: Double, at time: Double) -> Bool {
        if let lastSet, time - lastSet.time < Tuning.listEchoWindow,
           abs(value - lastSet.value) < Tuning.listEchoTolerance {
            return true
        }
        lastSet = nil
        return false
    }
}
