import CGtk
import Glibc
import RefreshGtk

/// The parent process: runs every (list, rows) measurement in a child process, the window-less
/// figures in itself, and prints the table (stdout), progress (stderr) and the JSON file.
@MainActor
enum Bench {
    static func main(_ arguments: [String]) -> Int32 {
        let options: Options
        switch Options.parse(arguments) {
        case .help:
            print(Options.usage)
            return 0
        case .error(let message):
            printError("refresh-bench: \(message)\n\n\(Options.usage)")
            return 2
        case .run(let parsed):
            options = parsed
        }
        if options.baselineChild { return ChildRun.runBaseline() }
        if let child = options.child {
            return ChildRun.run(list: child.list, rows: child.rows, frames: options.frames, data: options.data)
        }

        // Every list needs a window on an X display; the figures are meant to come from Xvfb.
        guard let display = g_getenv("DISPLAY"), display.pointee != 0 else {
            printError("""
                refresh-bench: DISPLAY is not set. The benchmark opens real GTK windows and needs an X display;
                run it under Xvfb:
                  xvfb-run -a -s "-screen 0 1280x1024x24" refresh-bench --json bench.json
                or use scripts/bench.sh, which installs Xvfb, builds a release binary and does that.
                """)
            return 2
        }

        // No accessibility bus under a bare Xvfb: without this GTK's AT-SPI bridge looks for one
        // in every child (warnings, sometimes a delay). The same for every list; the children
        // inherit it. An explicit setting is kept.
        setenv("NO_AT_BRIDGE", "1", 0)

        var report = Report(machine: .current(), rows: options.rows, lists: options.lists, frames: options.frames)
        if options.micro {
            printError("measuring header and footer frames and the core's cost per event …")
            report.micro = Micro.run()
        }

        printError("measuring the baseline (an empty GtkScrolledWindow) …")
        switch Spawn.baseline() {
        case .success(let baseline): report.baseline = baseline
        case .failure(let failure):
            printError("refresh-bench: the baseline failed: \(failure)")
            if failure.description.hasPrefix("cannot open the display") { return 2 }
        }

        let plan = options.rows.flatMap { rows in options.lists.map { RunKey(rows: rows, list: $0) } }
        var step = 0
        let total = plan.filter { skipReason($0) == nil }.count + (wantsLikeForLike(options) ? 1 : 0)
        for key in plan {
            if let reason = skipReason(key) {
                report.outcomes[key] = .skipped(reason)
                continue
            }
            step += 1
            let outcome = measure(key.list, rows: key.rows, data: .computed, frames: options.frames, step: step, of: total)
            if case .failed(let message) = outcome, message.hasPrefix("cannot open the display") {
                printError("refresh-bench: \(message): is the X server running? Try xvfb-run (see --help).")
                return 2
            }
            report.outcomes[key] = outcome
        }
        if wantsLikeForLike(options) {
            step += 1
            report.likeForLike = measure(.ours, rows: Options.likeForLikeRows, data: .strings, frames: options.frames,
                                         step: step, of: total)
        }

        print(report.table)
        if let path = options.jsonPath {
            guard write(report.json, to: path) else {
                printError("refresh-bench: cannot write '\(path)': \(String(cString: strerror(errno)))")
                return 1
            }
            printError("wrote \(path)")
        }
        let outcomes = Array(report.outcomes.values) + (report.likeForLike.map { [$0] } ?? [])
        let failed = outcomes.contains { if case .failed = $0 { return true } else { return false } }
        return failed ? 1 : 0
    }

    /// Why a combination is not measured, or nil.
    static func skipReason(_ key: RunKey) -> String? {
        if key.list != .ours, key.rows > Options.peerLimit {
            return "the stock lists are compared up to \(Format.grouped(Options.peerLimit)) rows; "
                + "\(Format.grouped(key.rows)) is ours alone"
        }
        if key.list == .listbox, key.rows > Options.listBoxLimit {
            return "GtkListBox stops at \(Format.grouped(Options.listBoxLimit)) rows: one widget per row, "
                + "so time and memory grow linearly (see its \(Format.grouped(Options.listBoxLimit)) row)"
        }
        return nil
    }

    private static func wantsLikeForLike(_ options: Options) -> Bool {
        options.likeForLike && options.lists.contains(.ours) && options.rows.contains(Options.likeForLikeRows)
    }

    private static func measure(_ list: ListKind, rows: Int, data: RowData, frames: Int, step: Int, of total: Int) -> Outcome {
        let name = list.title + (data == .strings ? "+strings" : "")
        writeAll(2, "[\(step)/\(total)] \(name), \(Format.grouped(rows)) rows … ")
        switch Spawn.measure(list, rows: rows, frames: frames, data: data) {
        case .success(let m):
            printError("first frame \(Format.adaptive(m.firstFrameMs)) ms, frame median "
                       + "\(m.frameMedianMs.map { Format.fixed($0, 3) } ?? "-") ms, peak \(Format.fixed(m.peakRSSMB, 1)) MB "
                       + "(\(Format.fixed(m.wallSeconds, 1)) s)")
            return .measured(m)
        case .failure(let failure):
            printError("FAILED: \(failure)")
            return .failed(failure.description)
        }
    }

    private static func write(_ text: String, to path: String) -> Bool {
        guard let file = fopen(path, "w") else { return false }
        let ok = fputs(text, file) >= 0
        return fclose(file) == 0 && ok
    }
}
