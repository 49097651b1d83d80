import RefreshDemo
import RefreshTestSupport
import CGtk
import Glibc
import RefreshCore
import RefreshDrawing
import RefreshGtk

/// Motion smoothness in a process of its own (`--motion SCENARIO --style STYLE --motion-list
/// LIST`): RefreshView over 1,000,000 computed rows (`ours`), or the benchmark's GtkTreeView over
/// 1,000,000 stored rows wrapped in a RefreshBin (`treeview-wrapped`, the refresh cycle only:
/// issue 13's cycle on a foreign host), in the benchmark's 800×600 window, driven by input
/// synthesized through the real window (`EventSynthesis`: GdkEvents delivered with
/// `gtk_main_do_event`, as if they came from the X server, to the list's own widget: our
/// drawing area or the tree view), with every frame of the frame clock recorded.
///
/// - `refresh-cycle`: a mouse drag down from the top (8 px every 8 ms, a 125 Hz mouse) past the
///   trigger, held, released; the header settles, `onRefresh` runs, the "app" answers after
///   0.5 s with `endRefreshing`, the end animation runs; the scenario ends at rest.
/// - `wheel-scroll`: wheel notches every 4 ms (a fast flick of a free-spinning wheel) until
///   1,000 rows (56,000 px) have scrolled by; the scenario ends when the list is still.
///
/// A frame is a frame-clock cycle in which the packed widget (our scrolled window, or the bin)
/// drew. The interval between two frames is
/// the difference of their frame-clock frame times; over 1.5 × 16.7 ms it is a missed frame
/// at 60 Hz, and the line names what ran in it (the main loop's work before the cycle, and
/// each phase of the cycle).
@MainActor
enum MotionRun {
    static let refreshSeconds = 0.5
    nonisolated static let frameMs = 1000.0 / 60
    nonisolated static let missedAboveMs = 1.5 * 1000.0 / 60
    static let wheelRows = 1_000

    /// The lists the motion benchmarks run on, in the order the report gives them. The wrapped
    /// GtkListView's cycle runs in refresh-bench-gtk4 (its `--motion`), once per GL setting.
    nonisolated static let lists: [ListKind] = [.ours, .treeviewWrapped, .gtk4ListviewWrapped]

    /// Whether `scenario` runs on `list`: every scenario on ours, the refresh cycle on the
    /// wrapped GtkTreeView and the wrapped GtkListView.
    nonisolated static func runs(_ scenario: MotionScenario, on list: ListKind) -> Bool {
        switch list {
        case .ours: return true
        case .treeviewWrapped, .gtk4ListviewWrapped: return scenario == .refreshCycle
        default: return false
        }
    }

    static func run(_ scenario: MotionScenario, style: HeaderStyle, list: ListKind) -> Int32 {
        guard MainLoop.initializeGtk() else {
            return ChildRun.fail("cannot open the display '\(g_getenv("DISPLAY").map { String(cString: $0) } ?? "")'")
        }
        guard runs(scenario, on: list) else {
            return ChildRun.fail("no \(scenario.rawValue) motion benchmark on \(list.rawValue)")
        }
        // The controller, the widget packed into the window, and the widget input goes to (as
        // the X server would deliver it: our drawing area, or the app's tree view).
        let controller: RefreshController
        let packed: UnsafeMutablePointer<GtkWidget>
        let target: UnsafeMutablePointer<GtkWidget>
        var ours: RefreshView?
        if list == .treeviewWrapped {
            // Exactly the benchmark's GtkTreeView peer (its strings made before it, as there).
            let built = ChildRun.wrap(ChildRun.buildTreeView(RowStrings(count: Options.motionRows)))
            guard let bin = built.owner as? RefreshBin else { return ChildRun.fail("no RefreshBin") }
            controller = bin
            packed = built.widget
            target = gtk_bin_get_child(gcast(built.scrolledWindow))!
        } else {
            let view = RefreshView(source: DemoRows(count: Options.motionRows))
            ours = view
            controller = view
            packed = view.widget
            target = view.list.area
        }
        controller.header = style.makeStyle()
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(gcast(window), ChildRun.windowWidth, ChildRun.windowHeight)
        gtk_container_add(gcast(window), packed)
        let recorder = FrameRecorder()
        recorder.attach(packed)
        gtk_widget_show_all(window)
        guard recorder.followFrames(of: window) else { return ChildRun.fail("the window has no frame clock") }
        recorder.phase = { controller.headerPhase.rawValue }
        guard MainLoop.run(until: { recorder.framesDrawn > 0 }, timeout: 60) else {
            return ChildRun.fail("no first frame within 60 s")
        }
        MainLoop.run(for: 0.5)  // fonts, caches and idle work settle before the clock

        let ok: Bool
        switch scenario {
        case .refreshCycle: ok = refreshCycle(controller, target: target, recorder: recorder)
        case .wheelScroll: ok = wheelScroll(ours!, area: target, recorder: recorder)
        }
        guard ok else { return ChildRun.fail("the \(scenario.rawValue) scenario did not finish within 20 s") }
        ChildRun.emit(recorder.resultLine(scenario: scenario, style: style, list: list))
        withExtendedLifetime(controller) {}
        _exit(0)
    }

    /// Press, drag down 8 px every 8 ms past the trigger, hold 0.1 s, release; the refresh
    /// answers after 0.5 s; done when the header is idle and the pull back at 0.
    private static func refreshCycle(_ view: RefreshController, target area: UnsafeMutablePointer<GtkWidget>,
                                     recorder: FrameRecorder) -> Bool {
        var refreshed = false
        var answer: Timeout?
        view.onRefresh = {
            refreshed = true
            recorder.note("refresh began (onRefresh)")
            answer = Timeout(after: refreshSeconds) {
                recorder.note("endRefreshing")
                view.endRefreshing(ok: true)
            }
        }
        let x = 400.0, top = 40.0, distance = 320.0, step = 8.0
        let steps = Int(distance / step)
        var tick = 0
        recorder.start()
        EventSynthesis.button(area, press: true, x: x, y: top)
        recorder.input()
        let driver = Timeout(every: 8) {
            tick += 1
            if tick <= steps {
                EventSynthesis.motion(area, x: x, y: top + Double(tick) * step, state: EventSynthesis.button1Mask)
                recorder.input()
                return true
            }
            if tick < steps + 12 { return true }  // held still ≈0.1 s
            EventSynthesis.button(area, press: false, x: x, y: top + distance)
            recorder.input()
            recorder.note("released (\(view.headerPhase.rawValue))")
            return false
        }
        let finished = MainLoop.run(until: {
            refreshed && answer?.isPending == false && view.headerPhase == .idle && view.pull == 0
        }, timeout: 20)
        driver.cancel()
        // The frame that shows the list at rest is part of the cycle.
        let drawn = recorder.framesDrawn
        MainLoop.run(until: { recorder.framesDrawn > drawn }, timeout: 0.1)
        recorder.stop()
        return finished
    }

    /// Wheel notches every 4 ms until 1,000 rows have scrolled by; done when the list is still.
    private static func wheelScroll(_ view: RefreshView, area: UnsafeMutablePointer<GtkWidget>, recorder: FrameRecorder) -> Bool {
        guard let adjustment = view.list.vadjustment else { return false }
        let target = Double(wheelRows) * view.list.rowHeight
        recorder.start()
        let driver = Timeout(every: 4) {
            guard gtk_adjustment_get_value(adjustment) < target else { return false }
            EventSynthesis.scroll(area, x: 400, y: 300, .down)
            recorder.input()
            return true
        }
        guard MainLoop.run(until: { gtk_adjustment_get_value(adjustment) >= target }, timeout: 20) else {
            driver.cancel()
            return false
        }
        driver.cancel()
        // Still: no value change for 0.25 s (an animated scroll may still be settling).
        var last = gtk_adjustment_get_value(adjustment)
        var stillSince = g_get_monotonic_time()
        var lastMoveFrames = recorder.framesDrawn
        MainLoop.run(until: {
            let value = gtk_adjustment_get_value(adjustment)
            if value != last {
                last = value
                stillSince = g_get_monotonic_time()
                lastMoveFrames = recorder.framesDrawn
            }
            return g_get_monotonic_time() - stillSince > 250_000
        }, timeout: 10)
        // Keep the frames up to the one that showed the final position.
        MainLoop.run(until: { recorder.framesDrawn > lastMoveFrames }, timeout: 0.1)
        recorder.stop(keepingFrames: lastMoveFrames + 1)
        return true
    }
}

/// Every frame-clock cycle of a window: its frame time and the end of each phase, whether the
/// list drew in it, and what the main loop did before it.
@MainActor
final class FrameRecorder {
    struct Frame {
        var frameTimeUs: Int
        var startNs: UInt64
        var updateEndNs: UInt64
        var layoutEndNs: UInt64
        var paintEndNs: UInt64
        var endNs: UInt64
        /// The main loop's time between the previous cycle's end and this cycle's start: wall
        /// clock, this process's CPU time, and times the kernel preempted it (involuntary
        /// context switches: another process had the core).
        var gapNs: UInt64
        var gapCPUNs: UInt64
        var gapPreempted: Int
        /// Time the main thread was runnable but waiting for a core (schedstat's run-queue
        /// wait): a late wake-up on a busy machine, not work of ours.
        var gapRunqueueNs: UInt64
        /// Preemptions inside the cycle.
        var cyclePreempted: Int
        /// Frame-clock cycles since the previous drawn frame in which the list did not draw.
        var idleCycles: Int
        var inputs: Int
        var notes: [String]
        var phase: String
    }

    private(set) var framesDrawn = 0
    private(set) var frames: [Frame] = []
    var phase: () -> String = { "" }

    private var clock: OpaquePointer?
    private var recording = false
    private var drewInCycle = false
    private var current = Frame(frameTimeUs: 0, startNs: 0, updateEndNs: 0, layoutEndNs: 0, paintEndNs: 0, endNs: 0,
                                gapNs: 0, gapCPUNs: 0, gapPreempted: 0, gapRunqueueNs: 0, cyclePreempted: 0,
                                idleCycles: 0, inputs: 0,
                                notes: [], phase: "")
    private var previousEndNs: UInt64 = 0
    private var previousEndUsage = (cpu: UInt64(0), preempted: 0, runqueue: UInt64(0))
    private var startUsage = (cpu: UInt64(0), preempted: 0, runqueue: UInt64(0))
    private var idleCycles = 0
    private var pendingInputs = 0
    private var pendingNotes: [String] = []
    private var inputsTotal = 0

    /// Marks the cycles in which `widget` drew (its "draw" signal).
    func attach(_ widget: UnsafeMutablePointer<GtkWidget>) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let drew: @convention(c) (gpointer?, OpaquePointer?, gpointer?) -> gboolean = { _, _, data in
            let bits = Int(bitPattern: data)
            MainActor.assumeIsolated {
                Unmanaged<FrameRecorder>.fromOpaque(UnsafeRawPointer(bitPattern: bits)!).takeUnretainedValue().drewInCycle = true
            }
            return 0
        }
        g_signal_connect_data(widget, "draw", unsafeBitCast(drew, to: GCallback.self), context, nil, GConnectFlags(0))
    }

    func followFrames(of toplevel: UnsafeMutablePointer<GtkWidget>) -> Bool {
        guard let clock = gtk_widget_get_frame_clock(toplevel) else { return false }
        self.clock = clock
        GSignal.connect(clock, "before-paint") { [unowned self] in self.beforePaint() }
        GSignal.connect(clock, "update", after: true) { [unowned self] in self.current.updateEndNs = monotonicNanos() }
        GSignal.connect(clock, "layout", after: true) { [unowned self] in self.current.layoutEndNs = monotonicNanos() }
        GSignal.connect(clock, "paint", after: true) { [unowned self] in self.current.paintEndNs = monotonicNanos() }
        GSignal.connect(clock, "after-paint", after: true) { [unowned self] in self.afterPaint() }
        return true
    }

    func start() {
        frames = []
        pendingInputs = 0
        pendingNotes = []
        inputsTotal = 0
        recording = true
    }

    /// Stops recording; `keepingFrames` (a count of frames drawn since the process began) drops
    /// frames recorded after that one.
    func stop(keepingFrames: Int? = nil) {
        recording = false
        if let keepingFrames {
            let extra = framesDrawn - keepingFrames
            if extra > 0, extra <= frames.count { frames.removeLast(extra) }
        }
    }

    func input() {
        pendingInputs += 1
        inputsTotal += 1
    }

    func note(_ text: String) { pendingNotes.append(text) }

    /// This process's CPU time (ns), involuntary context switches, and the main thread's
    /// run-queue wait (ns, /proc/thread-self/schedstat's second field) so far.
    private static func usage() -> (cpu: UInt64, preempted: Int, runqueue: UInt64) {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        let cpu = (UInt64(u.ru_utime.tv_sec) + UInt64(u.ru_stime.tv_sec)) * 1_000_000_000
            + (UInt64(u.ru_utime.tv_usec) + UInt64(u.ru_stime.tv_usec)) * 1000
        var runqueue: UInt64 = 0
        let fd = open("/proc/thread-self/schedstat", O_RDONLY)
        if fd >= 0 {
            var buffer = [UInt8](repeating: 0, count: 128)
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            close(fd)
            if n > 0 {
                let fields = String(decoding: buffer[0..<n], as: UTF8.self).split(separator: " ")
                if fields.count >= 2 { runqueue = UInt64(fields[1]) ?? 0 }
            }
        }
        return (cpu, u.ru_nivcsw, runqueue)
    }

    private func beforePaint() {
        let now = monotonicNanos()
        startUsage = FrameRecorder.usage()
        current = Frame(frameTimeUs: clock.map { Int(gdk_frame_clock_get_frame_time($0)) } ?? 0, startNs: now,
                        updateEndNs: now, layoutEndNs: now, paintEndNs: now, endNs: now,
                        gapNs: previousEndNs > 0 && now > previousEndNs ? now - previousEndNs : 0,
                        gapCPUNs: startUsage.cpu > previousEndUsage.cpu ? startUsage.cpu - previousEndUsage.cpu : 0,
                        gapPreempted: startUsage.preempted - previousEndUsage.preempted,
                        gapRunqueueNs: startUsage.runqueue > previousEndUsage.runqueue
                            ? startUsage.runqueue - previousEndUsage.runqueue : 0,
                        cyclePreempted: 0,
                        idleCycles: 0, inputs: 0, notes: [], phase: "")
        drewInCycle = false
    }

    private func afterPaint() {
        let now = monotonicNanos()
        previousEndNs = now
        previousEndUsage = FrameRecorder.usage()
        guard drewInCycle, current.startNs > 0 else {
            idleCycles += 1
            return
        }
        framesDrawn += 1
        current.idleCycles = idleCycles
        idleCycles = 0
        guard recording else { return }
        current.endNs = now
        current.cyclePreempted = previousEndUsage.preempted - startUsage.preempted
        // Phases that did not run end where the previous one ended.
        current.updateEndNs = max(current.updateEndNs, current.startNs)
        current.layoutEndNs = max(current.layoutEndNs, current.updateEndNs)
        current.paintEndNs = max(current.paintEndNs, current.layoutEndNs)
        current.inputs = pendingInputs
        current.notes = pendingNotes
        current.phase = phase()
        pendingInputs = 0
        pendingNotes = []
        frames.append(current)
    }

    func resultLine(scenario: MotionScenario, style: HeaderStyle, list: ListKind) -> MotionLine {
        func ms(_ ns: UInt64) -> Double { Double(ns) / 1_000_000 }
        var intervals: [Double] = []
        var details: [String] = []
        for i in frames.indices.dropFirst() {
            let interval = Double(frames[i].frameTimeUs - frames[i - 1].frameTimeUs) / 1000
            intervals.append(interval)
            guard interval > MotionRun.missedAboveMs else { continue }
            let f = frames[i]
            var text = "frame \(i) at +\(Format.fixed(Double(f.frameTimeUs - frames[0].frameTimeUs) / 1000, 1)) ms "
                + "(header \(f.phase)): interval \(Format.fixed(interval, 1)) ms; "
            if f.idleCycles > 0 { text += "\(f.idleCycles) frame-clock cycle(s) in between drew nothing; " }
            text += "main loop before it \(Format.fixed(ms(f.gapNs), 1)) ms wall, \(Format.fixed(ms(f.gapCPUNs), 1)) ms CPU, "
                + "\(Format.fixed(ms(f.gapRunqueueNs), 1)) ms waiting for a core, preempted \(f.gapPreempted)× "
                + "(\(f.inputs) input events"
            for note in f.notes { text += ", " + note }
            text += "); cycle preempted \(f.cyclePreempted)×, update \(Format.fixed(ms(f.updateEndNs - f.startNs), 2)) ms, layout "
                + "\(Format.fixed(ms(f.layoutEndNs - f.updateEndNs), 2)) ms, paint "
                + "\(Format.fixed(ms(f.paintEndNs - f.layoutEndNs), 2)) ms, after-paint "
                + "\(Format.fixed(ms(f.endNs - f.paintEndNs), 2)) ms"
            details.append(text)
        }
        let paints = frames.map { ms($0.endNs - $0.startNs) }
        let duration = frames.count > 1 ? Double(frames.last!.frameTimeUs - frames[0].frameTimeUs) / 1000 : 0
        return MotionLine(
            scenario: scenario.rawValue, list: list.rawValue, style: style.rawValue, frames: frames.count,
            missed: details.count, p50IntervalMs: Stats.median(intervals), p99IntervalMs: Stats.percentile(intervals, 0.99),
            maxIntervalMs: intervals.max(), paintMsMedian: Stats.median(paints), paintMsMax: paints.max(),
            durationMs: duration, inputEvents: inputsTotal, missedDetail: details.joined(separator: " | "))
    }
}
