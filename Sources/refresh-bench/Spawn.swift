import Glibc

/// What a child measured, plus its peak memory as the kernel saw it.
struct Measurement: Sendable {
    var rows: Int
    var list: ListKind
    var data: RowData
    var firstFrameMs: Double
    var frameMedianMs: Double?
    var frameP99Ms: Double?
    var frames: Int
    /// wait4's ru_maxrss: the child's peak resident set, its own (not the parent's).
    var peakRSSMB: Double
    /// The child's own VmHWM, printed at its end (a cross-check; should match ru_maxrss).
    var vmHWMMB: Double
    var dataBytes: Int
    /// Distance between rows in px (the adjustment's upper over the row count): 56 for all.
    var rowPx: Double?
    /// Wall-clock seconds the whole child took (data generation, start-up, scrolling).
    var wallSeconds: Double
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

    /// The baseline child (`--child-baseline`): its peak RSS in MB.
    static func baseline() -> Result<Double, Failure> {
        switch run(["refresh-bench", "--child-baseline"]) {
        case .failure(let failure): return .failure(failure)
        case .success(let child): return .success(child.peakRSSMB)
        }
    }

    /// Re-executes this binary (`/proc/self/exe`) with `--child LIST ROWS`, reads its one JSON
    /// line from a pipe and reaps it with wait4 for its rusage. The child inherits stderr
    /// (GTK's warnings, if any, stay visible) and the environment (DISPLAY).
    static func measure(_ list: ListKind, rows: Int, frames: Int, data: RowData) -> Result<Measurement, Failure> {
        let arguments = ["refresh-bench", "--child", list.rawValue, String(rows), "--frames", String(frames),
                         "--data", data.rawValue]
        let child: Child
        switch run(arguments) {
        case .failure(let failure): return .failure(failure)
        case .success(let finished): child = finished
        }
        let line = child.line
        guard let first = JSONLine.number(line, "first_frame_ms") else {
            return .failure(.child("the child printed no result: '\(line)'"))
        }
        return .success(Measurement(
            rows: rows, list: list, data: JSONLine.string(line, "data") == "strings" ? .strings : .computed,
            firstFrameMs: first,
            frameMedianMs: JSONLine.number(line, "frame_ms_median"),
            frameP99Ms: JSONLine.number(line, "frame_ms_p99"),
            frames: Int(JSONLine.number(line, "frames") ?? 0),
            peakRSSMB: child.peakRSSMB,
            vmHWMMB: (JSONLine.number(line, "vmhwm_kb") ?? 0) / 1024,
            dataBytes: Int(JSONLine.number(line, "data_bytes") ?? 0),
            rowPx: JSONLine.number(line, "row_px"),
            wallSeconds: child.wallSeconds))
    }

    /// A child that exited cleanly: its last stdout line, peak RSS and wall time.
    struct Child {
        var line: String
        var peakRSSMB: Double
        var wallSeconds: Double
    }

    /// Spawns `/proc/self/exe` with `arguments`, collects its stdout and reaps it.
    private static func run(_ arguments: [String]) -> Result<Child, Failure> {
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
        let spawned = posix_spawn(&pid, "/proc/self/exe", &actions, nil, &argv, environ)
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
