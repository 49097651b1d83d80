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

/// An empty window of one toolkit: the floor each list's memory increment is taken over.
struct Baseline: Sendable {
    var peakRSSMB: Double
    var steadyRSSMB: Double?
    var renderer: String
}

/// One motion benchmark (one list, one header style): the frames between the first input and
/// the list at rest again.
struct MotionResult: Sendable {
    var scenario: MotionScenario
    /// `ours` (RefreshView) or `treeview-wrapped` (GtkTreeView in a RefreshBin).
    var list: ListKind
    var style: String
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

    /// The baseline child of a toolkit: an empty GtkScrolledWindow in the same window.
    static func baseline(_ toolkit: Toolkit, gl: GLMode) -> Result<Baseline, Failure> {
        let (path, arguments) = toolkit == .gtk3
            ? ("/proc/self/exe", ["refresh-bench", "--child-baseline"])
            : (gtk4Path, ["refresh-bench-gtk4", "--baseline"])
        switch run(path, arguments, environment: gl.environment(for: toolkit)) {
        case .failure(let failure): return .failure(failure)
        case .success(let child):
            guard let hwm = JSONLine.number(child.line, "vmhwm_kb"), hwm > 0 else {
                return .failure(.child("the baseline printed no VmHWM: '\(child.line)'"))
            }
            return .success(Baseline(peakRSSMB: hwm / 1024,
                                     steadyRSSMB: JSONLine.number(child.line, "steady_rss_kb").map { $0 / 1024 },
                                     renderer: JSONLine.string(child.line, "renderer") ?? "?"))
        }
    }

    /// Runs one list in a child (this binary again with `--child LIST ROWS`, or
    /// refresh-bench-gtk4 for the GTK 4 lists), reads its one JSON line from a pipe and reaps
    /// it with wait4 for its rusage. The child inherits stderr (GTK's warnings, if any, stay
    /// visible) and the environment (DISPLAY), with the GL setting's variables applied.
    static func measure(_ list: ListKind, rows: Int, frames: Int, data: RowData, gl: GLMode, layoutCache: Bool)
        -> Result<Measurement, Failure> {
        let path: String
        let arguments: [String]
        switch list {
        case .gtk4Listview, .gtk4Stringlist:
            path = gtk4Path
            arguments = ["refresh-bench-gtk4", "--child", list == .gtk4Listview ? "listview" : "stringlist", String(rows),
                         "--frames", String(frames)]
        default:
            path = "/proc/self/exe"
            arguments = ["refresh-bench", "--child", list.rawValue, String(rows), "--frames", String(frames),
                         "--data", data.rawValue, "--layout-cache", layoutCache ? "on" : "off"]
        }
        let child: Child
        switch run(path, arguments, environment: gl.environment(for: list.toolkit)) {
        case .failure(let failure): return .failure(failure)
        case .success(let finished): child = finished
        }
        let line = child.line
        guard let first = JSONLine.number(line, "first_frame_ms") else {
            return .failure(.child("the child printed no result: '\(line)'"))
        }
        // The C child prints -1 for "not measured".
        func number(_ key: String) -> Double? { JSONLine.number(line, key).flatMap { $0 < 0 ? nil : $0 } }
        return .success(Measurement(
            rows: rows, list: list, data: JSONLine.string(line, "data") == "strings" ? .strings : .computed, gl: gl,
            renderer: JSONLine.string(line, "renderer") ?? "?",
            firstFrameMs: first, firstSplit: JSONLine.string(line, "first_split_ms"),
            frameMedianMs: number("frame_ms_median"), frameP99Ms: number("frame_ms_p99"),
            drawMedianMs: number("draw_ms_median"), drawP99Ms: number("draw_ms_p99"),
            jumpMidMs: number("jump_mid_ms"), jumpEndMs: number("jump_end_ms"),
            cycleSplit: JSONLine.string(line, "cycle_split_ms"),
            smoothMedianMs: number("smooth_frame_ms_median"), smoothP99Ms: number("smooth_frame_ms_p99"),
            smoothSplit: JSONLine.string(line, "smooth_cycle_split_ms"),
            frames: Int(number("frames") ?? 0),
            peakRSSMB: (number("vmhwm_kb") ?? 0) / 1024,
            ruMaxRSSMB: child.peakRSSMB,
            steadyRSSMB: number("steady_rss_kb").map { $0 / 1024 },
            dataBytes: Int(number("data_bytes") ?? 0),
            rowPx: number("row_px"),
            wallSeconds: child.wallSeconds))
    }

    /// One motion benchmark in a child of its own (`--motion SCENARIO --style STYLE --motion-list LIST`).
    static func motion(_ scenario: MotionScenario, style: String, list: ListKind, gl: GLMode)
        -> Result<MotionResult, Failure> {
        let arguments = ["refresh-bench", "--motion", scenario.rawValue, "--style", style, "--motion-list", list.rawValue]
        let child: Child
        switch run("/proc/self/exe", arguments, environment: gl.environment(for: .gtk3)) {
        case .failure(let failure): return .failure(failure)
        case .success(let finished): child = finished
        }
        let line = child.line
        guard let frames = JSONLine.number(line, "frames") else {
            return .failure(.child("the child printed no result: '\(line)'"))
        }
        return .success(MotionResult(
            scenario: scenario, list: list, style: style, frames: Int(frames), missed: Int(JSONLine.number(line, "missed") ?? 0),
            p50IntervalMs: JSONLine.number(line, "p50_interval_ms"), p99IntervalMs: JSONLine.number(line, "p99_interval_ms"),
            maxIntervalMs: JSONLine.number(line, "max_interval_ms"), paintMsMedian: JSONLine.number(line, "paint_ms_median"),
            paintMsMax: JSONLine.number(line, "paint_ms_max"), durationMs: JSONLine.number(line, "duration_ms"),
            inputEvents: Int(JSONLine.number(line, "input_events") ?? 0),
            missedDetail: JSONLine.string(line, "missed_detail") ?? ""))
    }

    /// A child that exited cleanly: its last stdout line, peak RSS and wall time.
    struct Child {
        var line: String
        var peakRSSMB: Double
        var wallSeconds: Double
    }

    /// Spawns `path` with `arguments` and the environment changed by `environment` (a nil value
    /// removes the variable), collects its stdout and reaps it.
    private static func run(_ path: String, _ arguments: [String], environment: [(String, String?)]) -> Result<Child, Failure> {
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
        let line = String(decoding: output, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""

        if let message = JSONLine.string(line, "error") { return .failure(.child(message)) }
        // WIFEXITED / WEXITSTATUS are macros: the low 7 bits are the signal, the next 8 the code.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            let how = status & 0x7f != 0 ? "was killed by signal \(status & 0x7f)" : "exited with \((status >> 8) & 0xff)"
            return .failure(.child("the child \(how)"))
        }
        // ru_maxrss: Linux reports kB.
        return .success(Child(line: line, peakRSSMB: Double(usage.ru_maxrss) / 1024, wallSeconds: wall))
    }
}

/// Reads fields of the children's flat one-line JSON objects (which this program writes).
enum JSONLine {
    static func number(_ line: String, _ key: String) -> Double? {
        guard let raw = rawValue(line, key), raw != "null" else { return nil }
        return Double(raw)
    }

    static func string(_ line: String, _ key: String) -> String? {
        guard let raw = rawValue(line, key), raw.hasPrefix("\""), raw.hasSuffix("\""), raw.count >= 2 else { return nil }
        return String(raw.dropFirst().dropLast()).replacing("\\\"", with: "\"")
    }

    /// The text after `"key":` up to the next top-level comma or closing brace.
    private static func rawValue(_ line: String, _ key: String) -> String? {
        let marker = "\"\(key)\":"
        guard let range = line.firstRange(of: marker) else { return nil }
        var value = ""
        var inString = false
        var escaped = false
        for character in line[range.upperBound...] {
            if inString {
                value.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            if character == "," || character == "}" { break }
            if character == "\"" { inString = true }
            value.append(character)
        }
        return String(value.drop(while: { $0 == " " }))
    }
}
