import Glibc

/// What a child measured, plus its peak memory as the kernel saw it.
struct Measurement: Sendable {
    var rows: Int
    var list: ListKind
    var data: RowData
    var gl: GLMode
    /// The renderer the child got (GTK 3: Cairo; GTK 4: the GskRenderer's type name).
    var renderer: String
    var firstFrameMs: Double
    /// The first frame in three: building the list, showing the window, up to the end of the paint.
    var firstSplit: String?
    /// The paint cycle (before-paint to the end of after-paint) while scrolling ⅓ page a frame.
    var frameMedianMs: Double?
    var frameP99Ms: Double?
    /// GTK 3 only: the scrolled window's "draw" emission in the same frames (the old figure).
    var drawMedianMs: Double?
    var drawP99Ms: Double?
    /// The paint cycle of a jump from the top to the middle, then to the end.
    var jumpMidMs: Double?
    var jumpEndMs: Double?
    /// Medians of the cycle's parts: before-paint to the end of layout / paint / after-paint.
    var cycleSplit: String?
    /// Our lists only: the same figures while scrolling `Options.smoothStep` px a frame.
    var smoothMedianMs: Double? = nil
    var smoothP99Ms: Double? = nil
    var smoothSplit: String? = nil
    var frames: Int
    /// The child's peak resident set: its VmHWM, printed at its end. (wait4's ru_maxrss is not
    /// used: posix_spawn's vfork-style clone makes the kernel carry the parent's own peak into
    /// the child's ru_maxrss across exec, so a small child reads as large as the parent.)
    var peakRSSMB: Double
    /// wait4's ru_maxrss, for the record (max of the parent's peak and the child's).
    var ruMaxRSSMB: Double
    /// VmRSS 0.2 s after the first frame.
    var steadyRSSMB: Double?
    var dataBytes: Int
    /// Distance between rows in px (the adjustment's upper over the row count): 56 for all.
    var rowPx: Double?
    /// Wall-clock seconds the whole child took (data generation, start-up, scrolling).
    var wallSeconds: Double
}

/// An empty window of one toolkit (an empty GtkScrolledWindow in the same window): the floor
/// each list's increments are taken over, measured the same way in the same run.
struct Baseline: Sendable {
    var firstFrameMs: Double
    /// The paint cycle of the whole window redrawn (`gtk_widget_queue_draw` on the toplevel),
    /// over as many frames as each list scrolls.
    var frameMedianMs: Double?
    var frameP99Ms: Double?
    var peakRSSMB: Double
    var steadyRSSMB: Double?
    var renderer: String
}

/// One motion benchmark (one list, one header style): the frames between the first input and
/// the list at rest again.
struct MotionResult: Sendable {
    var scenario: MotionScenario
    /// `ours` (RefreshView), `treeview-wrapped` (GtkTreeView in a RefreshBin) or
    /// `gtk4-listview-wrapped` (GtkListView in the GTK 4 bin).
    var list: ListKind
    var style: String
    /// The GL setting the child ran with (the GTK 3 lists run once, with GTK's defaults; the
    /// GTK 4 list once per setting: its Cairo and its GL renderer).
    var gl: GLMode
    /// The renderer the child reported (GTK 4 only).
    var renderer: String?
    var frames: Int
    var missed: Int
    var p50IntervalMs: Double?
    var p99IntervalMs: Double?
    var maxIntervalMs: Double?
    var paintMsMedian: Double?
    var paintMsMax: Double?
    var durationMs: Double?
    var inputEvents: Int
    /// What ran in each missed frame (empty when none was missed).
    var missedDetail: String
}

enum Spawn {
    enum Failure: Error, CustomStringConvertible {
        case spawn(Int32)
        case child(String)
        var description: String {
            switch self {
            case .spawn(let code): return "cannot start a child process (\(String(cString: strerror(code))))"
            case .child(let message): return message
            }
        }
    }

    /// Where this binary is, and so where refresh-bench-gtk4 should be (built side by side).
    static let selfPath: String = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return n > 0 ? string(fromCBuffer: buffer) : "/proc/self/exe"
    }()

    static var gtk4Path: String {
        let directory = selfPath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return directory + "/refresh-bench-gtk4"
    }

    /// Why the GTK 4 peer cannot run here, or nil. Asked once, before any GTK 4 child.
    static func gtk4Unavailable() -> String? {
        guard access(gtk4Path, X_OK) == 0 else {
            return "refresh-bench-gtk4 is not built next to refresh-bench (\(gtk4Path)); "
                + "build it with `swift build -c release --product refresh-bench-gtk4` (needs libgtk-4-dev)"
        }
        return nil
    }

    /// The baseline child of a toolkit: an empty GtkScrolledWindow in the same window, its first
    /// frame, `frames` redraws of the whole window and its memory.
    static func baseline(_ toolkit: Toolkit, gl: GLMode, frames: Int) -> Result<Baseline, Failure> {
        let (path, arguments) = toolkit == .gtk3
            ? ("/proc/self/exe", ["refresh-bench", "--child-baseline", "--frames", String(frames)])
            : (gtk4Path, ["refresh-bench-gtk4", "--baseline", "--frames", String(frames)])
        switch run(path, arguments, environment: gl.environment(for: toolkit)) {
        case .failure(let failure): return .failure(failure)
        case .success(let child):
            guard let line = JSONCoding.decode(ChildLine.self, from: child.line), let first = line.firstFrameMs,
                  let hwm = line.vmhwmKb, hwm > 0 else {
                return .failure(.child("the baseline printed no first frame or VmHWM: '\(child.line)'"))
            }
            return .success(Baseline(firstFrameMs: first, frameMedianMs: measured(line.frameMsMedian),
                                     frameP99Ms: measured(line.frameMsP99), peakRSSMB: Double(hwm) / 1024,
                                     steadyRSSMB: line.steadyRssKb.map { Double($0) / 1024 },
                                     renderer: line.renderer ?? "?"))
        }
    }

    /// A figure a child reported, or nil for "not measured" (the C child prints −1).
    static func measured(_ value: Double?) -> Double? { value.flatMap { $0 < 0 ? nil : $0 } }

    /// Runs one list in a child (this binary again with `--child LIST ROWS`, or
    /// refresh-bench-gtk4 for the GTK 4 lists), reads its one JSON line from a pipe and reaps
    /// it with wait4 for its rusage. The child inherits stderr (GTK's warnings, if any, stay
    /// visible) and the environment (DISPLAY), with the GL setting's variables applied.
    static func measure(_ list: ListKind, rows: Int, frames: Int, data: RowData, gl: GLMode, layoutCache: Bool)
        -> Result<Measurement, Failure> {
        let path: String
        let arguments: [String]
        switch list.gtk4ChildName {
        case let name?:
            path = gtk4Path
            arguments = ["refresh-bench-gtk4", "--child", name, String(rows), "--frames", String(frames)]
        case nil:
            path = "/proc/self/exe"
            arguments = ["refresh-bench", "--child", list.rawValue, String(rows), "--frames", String(frames),
                         "--data", data.rawValue, "--layout-cache", layoutCache ? "on" : "off"]
        }
        let child: Child
        switch run(path, arguments, environment: gl.environment(for: list.toolkit)) {
        case .failure(let failure): return .failure(failure)
        case .success(let finished): child = finished
        }
        guard let line = JSONCoding.decode(ChildLine.self, from: child.line), let first = line.firstFrameMs else {
            return .failure(.child("the child printed no result: '\(child.line)'"))
        }
        return .success(Measurement(
            rows: rows, list: list, data: line.data == RowData.strings.rawValue ? .strings : .computed, gl: gl,
            renderer: line.renderer ?? "?",
            firstFrameMs: first, firstSplit: line.firstSplitMs,
            frameMedianMs: measured(line.frameMsMedian), frameP99Ms: measured(line.frameMsP99),
            drawMedianMs: measured(line.drawMsMedian), drawP99Ms: measured(line.drawMsP99),
            jumpMidMs: measured(line.jumpMidMs), jumpEndMs: measured(line.jumpEndMs),
            cycleSplit: line.cycleSplitMs,
            smoothMedianMs: measured(line.smoothFrameMsMedian), smoothP99Ms: measured(line.smoothFrameMsP99),
            smoothSplit: line.smoothCycleSplitMs,
            frames: line.frames ?? 0,
            peakRSSMB: Double(line.vmhwmKb ?? 0) / 1024,
            ruMaxRSSMB: child.peakRSSMB,
            steadyRSSMB: line.steadyRssKb.map { Double($0) / 1024 },
            dataBytes: line.dataBytes ?? 0,
            rowPx: measured(line.rowPx),
            wallSeconds: child.wallSeconds))
    }

    /// One motion benchmark in a child of its own: this binary with `--motion SCENARIO --style
    /// STYLE --motion-list LIST` for the GTK 3 lists, refresh-bench-gtk4 with `--motion SCENARIO
    /// ROWS --style STYLE` for the wrapped GtkListView.
    static func motion(_ scenario: MotionScenario, style: String, list: ListKind, gl: GLMode)
        -> Result<MotionResult, Failure> {
        let (path, arguments) = list.toolkit == .gtk4
            ? (gtk4Path, ["refresh-bench-gtk4", "--motion", scenario.rawValue, String(Options.motionRows), "--style", style])
            : ("/proc/self/exe", ["refresh-bench", "--motion", scenario.rawValue, "--style", style, "--motion-list", list.rawValue])
        let child: Child
        switch run(path, arguments, environment: gl.environment(for: list.toolkit)) {
        case .failure(let failure): return .failure(failure)
        case .success(let finished): child = finished
        }
        guard let line = JSONCoding.decode(MotionLine.self, from: child.line), let frames = line.frames else {
            return .failure(.child("the child printed no result: '\(child.line)'"))
        }
        return .success(MotionResult(
            scenario: scenario, list: list, style: style, gl: gl, renderer: line.renderer, frames: frames,
            missed: line.missed ?? 0,
            p50IntervalMs: line.p50IntervalMs, p99IntervalMs: line.p99IntervalMs,
            maxIntervalMs: line.maxIntervalMs, paintMsMedian: line.paintMsMedian,
            paintMsMax: line.paintMsMax, durationMs: line.durationMs,
            inputEvents: line.inputEvents ?? 0,
            missedDetail: line.missedDetail ?? ""))
    }

    /// A child that exited cleanly: its stdout, peak RSS and wall time.
    struct Child {
        var output: String
        var peakRSSMB: Double
        var wallSeconds: Double
        /// The last line (a benchmark child's result).
        var line: String { output.split(separator: "\n").last.map(String.init) ?? "" }
    }

    /// Spawns `path` with `arguments` and the environment changed by `environment` (a nil value
    /// removes the variable), collects its stdout and reaps it.
    static func run(_ path: String, _ arguments: [String], environment: [(String, String?)]) -> Result<Child, Failure> {
        // A GTK 3 child: GTK 3 probes GLX unless a GTK 4 process left its visuals cached (see VisualsCache).
        if path == "/proc/self/exe" { VisualsCache.clear() }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return .failure(.spawn(errno)) }
        let (readEnd, writeEnd) = (fds[0], fds[1])

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, writeEnd, 1)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let wallStart = monotonicNanos()
        var pid: pid_t = 0
        var variables: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            if !environment.contains(where: { text.hasPrefix($0.0 + "=") }) { variables.append(text) }
            index += 1
        }
        for (name, value) in environment { if let value { variables.append("\(name)=\(value)") } }
        var envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        let spawned = posix_spawn(&pid, path, &actions, nil, &argv, &envp)
        close(writeEnd)
        guard spawned == 0 else {
            close(readEnd)
            return .failure(.spawn(spawned))
        }

        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if n > 0 { output += chunk[0..<n] } else if n == 0 || errno != EINTR { break }
        }
        close(readEnd)

        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        let wall = Double(monotonicNanos() - wallStart) / 1e9
        let text = String(decoding: output, as: UTF8.self)
        let line = text.split(separator: "\n").last.map(String.init) ?? ""

        if let message = JSONCoding.decode(ChildLine.self, from: line)?.error { return .failure(.child(message)) }
        // WIFEXITED / WEXITSTATUS are macros: the low 7 bits are the signal, the next 8 the code.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            let how = status & 0x7f != 0 ? "was killed by signal \(status & 0x7f)" : "exited with \((status >> 8) & 0xff)"
            return .failure(.child("the child \(how)"))
        }
        // ru_maxrss: Linux reports kB.
        return .success(Child(output: text, peakRSSMB: Double(usage.ru_maxrss) / 1024, wallSeconds: wall))
    }
}
