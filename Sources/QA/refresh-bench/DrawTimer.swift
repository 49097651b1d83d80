import CGtk
import RefreshGtk

/// Times each frame two ways:
///
/// - **The paint cycle** (the benchmark's frame time, the same method as the GTK 4 child): the
///   frame clock's "before-paint" to the end of its "after-paint" (a handler connected after
///   GDK's own), so layout, drawing and the copy to the window are all inside.
/// - **The draw emission** (the extra "draw only" column): a handler on the widget's "draw"
///   connected before the default one and another connected after it (G_CONNECT_AFTER) bracket
///   the whole emission — the class handler and every child drawn from it. "draw" runs last, so
///   a plain handler precedes the default.
///
/// Attach it to a widget nobody else handles "draw" on (the benchmark uses each list's
/// GtkScrolledWindow): handlers run in connection order, so on a widget that already has a
/// handler the "before" timestamp would come too late.
///
/// A frame may emit "draw" more than once (a widget with several GdkWindows is drawn once per
/// window); `frameDone`, called from the frame clock's "after-paint", closes the frame and sums
/// its emissions. Nested emissions count once (a depth counter).
@MainActor
final class DrawTimer {
    /// Frames in which the widget drew at all.
    private(set) var framesDrawn = 0
    /// Paint-cycle time of each recorded frame, in ms.
    private(set) var recorded: [Double] = []
    /// Draw-emission time of each recorded frame, in ms.
    private(set) var recordedDraw: [Double] = []
    /// Each recorded cycle split in three, in ms: before-paint + update + layout, paint (the
    /// draw and the copy to the window), after-paint.
    private(set) var recordedSplit: [(layout: Double, paint: Double, after: Double)] = []
    /// The paint-cycle time of the last frame drawn, in ms.
    private(set) var lastCycleMs = 0.0
    /// While true, finished frames go into `recorded`.
    var recording = false
    /// `g_get_monotonic_time` (µs) at the end of the paint cycle of the first frame drawn.
    private(set) var firstFrameEnd: Int?
    /// The first frame's draw emission and paint cycle, in ms.
    private(set) var firstDrawMs = 0.0
    private(set) var firstCycleMs = 0.0

    private var depth = 0
    private var started: UInt64 = 0
    private var frameNanos: UInt64 = 0
    private var cycleStart: UInt64 = 0
    private var layoutEnd: UInt64 = 0
    private var paintEnd: UInt64 = 0

    /// Connects to `widget`'s "draw" and to the frame clock's "after-paint" (the widget must be
    /// realized). The timer must outlive the widget: the handlers hold it unretained (the
    /// benchmark's children exit without tearing anything down).
    func attach(_ widget: UnsafeMutablePointer<GtkWidget>) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let before: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = { _, _, data in
            let bits = Int(bitPattern: data)
            MainActor.assumeIsolated { DrawTimer.from(bits).begin() }
            return 0
        }
        let after: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = { _, _, data in
            let bits = Int(bitPattern: data)
            MainActor.assumeIsolated { DrawTimer.from(bits).end() }
            return 0
        }
        g_signal_connect_data(widget, "draw", unsafeBitCast(before, to: GCallback.self), context, nil,
                              GConnectFlags(0))
        g_signal_connect_data(widget, "draw", unsafeBitCast(after, to: GCallback.self), context, nil,
                              G_CONNECT_AFTER)
    }

    /// Opens a cycle at `toplevel`'s frame clock's "before-paint" and closes the frame at the
    /// end of its "after-paint". GDK always emits both around any requested phase.
    func followFrames(of toplevel: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let clock = gtk_widget_get_frame_clock(toplevel) else { return false }
        GSignal.connect(clock, "before-paint") { [unowned self] in
            self.cycleStart = monotonicNanos()
            self.layoutEnd = self.cycleStart
            self.paintEnd = self.cycleStart
        }
        GSignal.connect(clock, "layout", after: true) { [unowned self] in self.layoutEnd = monotonicNanos() }
        GSignal.connect(clock, "paint", after: true) { [unowned self] in self.paintEnd = monotonicNanos() }
        GSignal.connect(clock, "after-paint", after: true) { [unowned self] in self.frameDone() }
        return true
    }

    private static func from(_ bits: Int) -> DrawTimer {
        Unmanaged<DrawTimer>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue()
    }

    private func begin() {
        if depth == 0 { started = monotonicNanos() }
        depth += 1
    }

    private func end() {
        depth -= 1
        guard depth == 0 else { return }
        frameNanos += monotonicNanos() - started
    }

    private func frameDone() {
        guard frameNanos > 0 else { return }
        let now = monotonicNanos()
        lastCycleMs = cycleStart > 0 ? Double(now - cycleStart) / 1_000_000 : Double(frameNanos) / 1_000_000
        if firstFrameEnd == nil {
            firstFrameEnd = Int(g_get_monotonic_time())
            firstDrawMs = Double(frameNanos) / 1_000_000
            firstCycleMs = lastCycleMs
        }
        if recording {
            recorded.append(lastCycleMs)
            recordedDraw.append(Double(frameNanos) / 1_000_000)
            if cycleStart > 0 {
                let layout = max(layoutEnd, cycleStart), paint = max(paintEnd, layout)
                recordedSplit.append((Double(layout - cycleStart) / 1_000_000, Double(paint - layout) / 1_000_000,
                                      Double(now - paint) / 1_000_000))
            }
        }
        framesDrawn += 1
        frameNanos = 0
        cycleStart = 0
    }
}
