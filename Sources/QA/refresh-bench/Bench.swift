import CGtk
import Glibc
import RefreshGtk

/// The parent process: runs every (list, rows) measurement in a child process, the window-less
/// figures in itself, and prints the table (stdout), progress (stderr) and the JSON file.
@MainActor
enum Bench {
    static func main(_ arguments: [String]) -> Int32 {
        let options: Options
        do {
            options = try BenchCommand.parse(arguments).options
        } catch {
            // --help: the help on stdout, status 0. Anything else: one line naming the option, 2.
            if BenchCommand.exitCode(for: error) == .success {
                print(BenchCommand.fullMessage(for: error))
                return 0
            }
            let message = BenchCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "bad arguments"
            printError("refresh-bench: \(message) (see --help)")
            return 2
        }
        if options.baselineChild { return ChildRun.runBaseline(frames: options.frames, counted: options.counted) }
        if let child = options.child, options.counted {
            return ChildRun.runCounted(list: child.list, rows: child.rows, frames: options.frames,
                                       layoutCache: options.layoutCache)
        }
        if let child = options.child {
            return ChildRun.run(list: child.list, rows: child.rows, frames: options.frames, data: options.data,
                                layoutCache: options.layoutCache, rowImages: options.rowImages)
        }
        if let scenario = options.motionChild {
            return MotionRun.run(scenario, style: options.style, list: options.motionList)
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

        var report = Report(machine: .current(), rows: options.rows, lists: options.lists,
                            glModes: GLMode.allCases.filter { options.glModes.contains($0) },
                            frames: options.frames)
        report.layoutCache = options.layoutCache
        report.timed = options.timings
        if options.micro {
            printError("measuring header and footer frames and the core's cost per event …")
            report.micro = Micro.run()
        }

        // The GTK 4 peer: a separate executable; skipped with a clear line if it cannot run.
        let wantsGtk4 = options.lists.contains { $0.toolkit == .gtk4 }
        if wantsGtk4, let reason = Spawn.gtk4Unavailable() {
            report.gtk4Skipped = reason
            printError("GTK 4 peer skipped: \(reason)")
        }
        // Each GL setting in turn (GL off first), GTK 3 before GTK 4, the GTK 3 motion runs with
        // GTK 3. Before every GTK 3 child the parent deletes the visuals GTK 4 caches on the root
        // window (see VisualsCache): otherwise GTK 3 skips its GL probe after any GTK 4 process.
        let glModes = GLMode.allCases.filter { options.glModes.contains($0) }
        let likeForLike = wantsLikeForLike(options)
        let motionGL = glModes.contains(.default) ? GLMode.default : glModes.last!
        // Ours in every scenario; the wrapped GtkTreeView's and GtkListView's refresh cycles when
        // they are measured. GTK 3's run with GTK's defaults only; GTK 4's with every GL setting,
        // since its renderer changes with it (Cairo or GL).
        let motionRuns = MotionRun.lists.filter { $0 == .ours || options.lists.contains($0) }.flatMap { list in
            MotionScenario.allCases.filter { MotionRun.runs($0, on: list) }.map { (list, $0) }
        }
        let gtk4MotionRuns = report.gtk4Skipped == nil ? motionRuns.filter { $0.0.toolkit == .gtk4 } : []
        let motions = options.motion
            ? (motionRuns.count - motionRuns.filter { $0.0.toolkit == .gtk4 }.count + gtk4MotionRuns.count * glModes.count)
                * options.styles.count
            : 0
        let plan = glModes.flatMap { gl in
            options.rows.flatMap { rows in options.lists.map { RunKey(rows: rows, list: $0, gl: gl) } }
        }
        let total = plan.filter { skipReason($0, report: report) == nil }.count + (likeForLike ? glModes.count : 0)
            + motions
        var step = 0
        for gl in options.timings ? glModes : [] {
            for toolkit in Toolkit.allCases {
                let keys = plan.filter { $0.gl == gl && $0.list.toolkit == toolkit }
                if toolkit == .gtk4, !wantsGtk4 { continue }
                if toolkit == .gtk4, report.gtk4Skipped != nil {
                    for key in keys { report.outcomes[key] = .skipped(report.gtk4Skipped!) }
                    continue
                }
                printError("measuring the \(toolkit.title) baseline (an empty GtkScrolledWindow), GL \(gl.rawValue) …")
                switch Spawn.baseline(toolkit, gl: gl, frames: options.frames) {
                case .success(let baseline): report.baselines[BaselineKey(toolkit: toolkit, gl: gl)] = baseline
                case .failure(let failure):
                    printError("refresh-bench: the \(toolkit.title) baseline failed: \(failure)")
                    if failure.description.hasPrefix("cannot open the display") {
                        if toolkit == .gtk3 { return 2 }
                        report.gtk4Skipped = "GTK 4 cannot open the display: \(failure)"
                        printError("GTK 4 peer skipped: \(report.gtk4Skipped!)")
                    }
                }
                for key in keys {
                    if let reason = skipReason(key, report: report) {
                        report.outcomes[key] = .skipped(reason)
                        continue
                    }
                    step += 1
                    let outcome = measure(key.list, rows: key.rows, data: .computed, gl: key.gl, frames: options.frames,
                                          layoutCache: options.layoutCache, step: step, of: total)
                    if case .failed(let message) = outcome, message.hasPrefix("cannot open the display") {
                        if key.list.toolkit == .gtk4 {
                            report.gtk4Skipped = "GTK 4 cannot open the display: \(message)"
                        } else {
                            printError("refresh-bench: \(message): is the X server running? Try xvfb-run (see --help).")
                            return 2
                        }
                    }
                    report.outcomes[key] = outcome
                }
                if toolkit == .gtk4, options.motion, report.gtk4Skipped == nil {
                    for (list, scenario) in gtk4MotionRuns {
                        for style in options.styles {
                            step += 1
                            runMotion(scenario, on: list, style: style, gl: gl, step: step, of: total, into: &report)
                        }
                    }
                }
                guard toolkit == .gtk3 else { continue }
                if likeForLike {
                    step += 1
                    report.likeForLike[gl] = measure(.ours, rows: Options.likeForLikeRows, data: .strings, gl: gl,
                                                     frames: options.frames, layoutCache: options.layoutCache,
                                                     step: step, of: total)
                }
                if options.motion, gl == motionGL {
                    for (list, scenario) in motionRuns where list.toolkit == .gtk3 {
                        for style in options.styles {
                            step += 1
                            runMotion(scenario, on: list, style: style, gl: gl, step: step, of: total, into: &report)
                        }
                    }
                }
            }
        }

        if options.instructions {
            printError("counting instructions under callgrind (Cairo, GL disabled; slow, but not disturbed by load) …")
            report.instructions = InstructionRun.run(options, gtk4Skipped: report.gtk4Skipped)
        }

        print(report.table)
        if let path = options.jsonPath {
            guard write(report.json, to: path) else {
                printError("refresh-bench: cannot write '\(path)': \(String(cString: strerror(errno)))")
                return 1
            }
            printError("wrote \(path)")
        }
        let outcomes = Array(report.outcomes.values) + Array(report.likeForLike.values)
        let counted = report.instructions.map { Array($0.outcomes.values) + Array($0.floors.values) } ?? []
        let failed = outcomes.contains { if case .failed = $0 { return true } else { return false } }
            || report.motion.contains { if case .failed = $0 { return true } else { return false } }
            || counted.contains { if case .failed = $0 { return true } else { return false } }
        return failed ? 1 : 0
    }

    /// One motion benchmark in its child: a progress line, then its result (or failure) in the report.
    private static func runMotion(_ scenario: MotionScenario, on list: ListKind, style: HeaderStyle, gl: GLMode,
                                  step: Int, of total: Int, into report: inout Report) {
        let setting = list.toolkit == .gtk4 ? ", GL \(gl.rawValue)" : ""
        writeAll(2, "[\(step)/\(total)] motion: \(scenario.rawValue) on \(list.title), \(style.rawValue) header\(setting) … ")
        switch Spawn.motion(scenario, style: style.rawValue, list: list, gl: gl) {
        case .success(let result):
            printError("\(result.frames) frames, \(result.missed) missed, p99 interval "
                       + "\(result.p99IntervalMs.map { Format.fixed($0, 1) } ?? "-") ms")
            report.motion.append(.measured(result))
        case .failure(let failure):
            printError("FAILED: \(failure)")
            report.motion.append(.failed(scenario, style.rawValue, list, gl, failure.description))
        }
    }

    /// Why a combination is not measured, or nil.
    static func skipReason(_ key: RunKey, report: Report) -> String? {
        if key.list.toolkit == .gtk4, let reason = report.gtk4Skipped { return reason }
        if key.list == .treeview || key.list == .treeviewWrapped, key.rows > Options.treeViewLimit {
            return "GtkTreeView is compared up to \(Format.grouped(Options.treeViewLimit)) rows: its store grows "
                + "with the rows (see its \(Format.grouped(Options.treeViewLimit)) row)"
        }
        if key.list == .listbox, key.rows > Options.listBoxLimit {
            return "GtkListBox stops at \(Format.grouped(Options.listBoxLimit)) rows: one widget per row, "
                + "so time and memory grow linearly (see its \(Format.grouped(Options.listBoxLimit)) row)"
        }
        if key.list == .feedNocache, key.rows != Options.layoutCacheRows {
            return "the layout cache's pair (feed against feed-nocache) runs at "
                + "\(Format.grouped(Options.layoutCacheRows)) rows"
        }
        return nil
    }

    private static func wantsLikeForLike(_ options: Options) -> Bool {
        options.likeForLike && options.lists.contains(.ours) && options.rows.contains(Options.likeForLikeRows)
    }

    private static func measure(_ list: ListKind, rows: Int, data: RowData, gl: GLMode, frames: Int, layoutCache: Bool,
                                step: Int, of total: Int) -> Outcome {
        let name = list.title + (data == .strings ? "+strings" : "")
        writeAll(2, "[\(step)/\(total)] \(name), \(Format.grouped(rows)) rows, GL \(gl.rawValue) … ")
        switch Spawn.measure(list, rows: rows, frames: frames, data: data, gl: gl, layoutCache: layoutCache) {
        case .success(let m):
            printError("\(m.renderer): first frame \(Format.adaptive(m.firstFrameMs)) ms, frame median "
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
