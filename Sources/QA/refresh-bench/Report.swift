import Glibc
import RefreshDrawing

/// One cell of the grid: a measurement, a failure, or a deliberate skip.
enum Outcome: Sendable {
    case measured(Measurement)
    case failed(String)
    case skipped(String)
}

struct RunKey: Hashable, Sendable {
    var rows: Int
    var list: ListKind
    var gl: GLMode
}

struct BaselineKey: Hashable, Sendable {
    var toolkit: Toolkit
    var gl: GLMode
}

enum MotionOutcome: Sendable {
    case measured(MotionResult)
    case failed(MotionScenario, String, ListKind, GLMode, String)
}

/// Everything one run produced, and its table, goals and JSON.
struct Report: Sendable {
    var machine: Machine
    var rows: [Int]
    var lists: [ListKind]
    var glModes: [GLMode]
    var frames: Int
    var outcomes: [RunKey: Outcome] = [:]
    /// Ours over the peers' pre-generated strings at 1,000,000 rows (like-for-like memory).
    var likeForLike: [GLMode: Outcome] = [:]
    var micro: Micro.Figures?
    /// Each toolkit's empty window (an empty GtkScrolledWindow), per GL setting.
    var baselines: [BaselineKey: Baseline] = [:]
    /// Why the GTK 4 peer did not run, if it did not.
    var gtk4Skipped: String?
    var motion: [MotionOutcome] = []
    /// `--layout-cache` (ours and feed; feed-nocache is always without it).
    var layoutCache = true
    /// `--instructions`: the callgrind pass, or nil when it was not asked for.
    var instructions: InstructionResults?
    /// Whether the millisecond pass ran (not `--no-timings`).
    var timed = true

    func measured(_ list: ListKind, _ rows: Int, _ gl: GLMode) -> Measurement? {
        if case .measured(let m)? = outcomes[RunKey(rows: rows, list: list, gl: gl)] { return m }
        return nil
    }

    /// A wrapped list (`treeview-wrapped`, `gtk4-listview-wrapped`) over its bare list at `rows`
    /// with `gl`: first frame, frame median (ratios) and peak memory (the difference, MB). Nil
    /// unless both were measured.
    func wrappedOverBare(_ wrappedList: ListKind, _ rows: Int, _ gl: GLMode)
        -> (first: Double, frame: Double?, peakMB: Double)? {
        guard let bareList = wrappedList.bare, let wrapped = measured(wrappedList, rows, gl),
              let bare = measured(bareList, rows, gl), bare.firstFrameMs > 0 else { return nil }
        let frame = wrapped.frameMedianMs.flatMap { w in bare.frameMedianMs.flatMap { $0 > 0 ? w / $0 : nil } }
        return (wrapped.firstFrameMs / bare.firstFrameMs, frame, wrapped.peakRSSMB - bare.peakRSSMB)
    }

    /// The wrapped lists, each compared with its bare list.
    static let wrappedLists: [ListKind] = [.treeviewWrapped, .gtk4ListviewWrapped]

    /// How the wrapped ÷ bare lines and goals name a wrapped list, and its bare list.
    static func wrappedName(_ list: ListKind) -> (wrapped: String, bare: String) {
        list == .gtk4ListviewWrapped
            ? ("GtkListView in the GTK 4 bin (Ptr4RefreshBin)", "bare GtkListView (on demand)")
            : ("GtkTreeView in a RefreshBin", "bare GtkTreeView")
    }

    /// The wrapped/bare goals' limit (issue 19, GtkTreeView; issue 26, GtkListView): printed,
    /// never asserted.
    static let wrappedLimit = 1.1
    /// Where the wrapped/bare goals are judged.
    static let wrappedGoalRows = 1_000_000

    /// The empty window a measurement's increments are taken over.
    func floor(of m: Measurement) -> Baseline? { baselines[BaselineKey(toolkit: m.list.toolkit, gl: m.gl)] }

    /// What the floor is called in an unreliable increment's reason.
    func floorName(of m: Measurement) -> String {
        "the \(m.list.toolkit.title) empty window (GL \(m.gl.rawValue)\(floor(of: m).map { ", " + $0.renderer } ?? ""))"
    }

    /// First frame over the toolkit's empty window's first frame, in ms.
    func firstOverEmpty(_ m: Measurement) -> Increment {
        Increment(m.firstFrameMs, over: floor(of: m)?.firstFrameMs, what: "first frame", floor: floorName(of: m),
                  unit: "ms")
    }

    /// Frame median over the empty window's (the whole window redrawn), in ms.
    func frameOverEmpty(_ m: Measurement) -> Increment {
        Increment(m.frameMedianMs, over: floor(of: m)?.frameMedianMs, what: "frame median", floor: floorName(of: m),
                  unit: "ms")
    }

    /// Peak RSS over the toolkit's own empty window, in MB.
    func rssOverEmpty(_ m: Measurement) -> Increment {
        Increment(m.peakRSSMB, over: floor(of: m)?.peakRSSMB, what: "peak memory", floor: floorName(of: m), unit: "MB")
    }

    /// Peak RSS over the empty window, when it is a figure (see `Increment`).
    func overEmpty(_ m: Measurement) -> Double? { rssOverEmpty(m).value }

    static func shortRenderer(_ name: String) -> String {
        if name.hasPrefix("cairo") { return "cairo" }
        if name == "GskCairoRenderer" { return "gsk-cairo" }
        if name == "GskGLRenderer" || name == "GskNglRenderer" { return "gsk-gl" }
        if name == "GskVulkanRenderer" { return "gsk-vulkan" }
        return name
    }

    // MARK: - Table

    /// `+first`, `+frame`, `+peak`: the increment over the toolkit's empty window; each `×ours` is
    /// the peer's increment over ours.
    private static let columns: [(String, Int, Bool)] = [
        ("rows", 11, false), ("list", 15, false), ("renderer", 9, false), ("first ms", 9, true), ("+first", 8, true),
        ("×ours", 7, true), ("frame ms", 9, true), ("p99 ms", 8, true), ("+frame", 8, true), ("×ours", 7, true),
        ("draw ms", 8, true), ("jump mid", 9, true), ("jump end", 9, true), ("peak MB", 8, true), ("+peak", 7, true),
        ("×ours", 7, true), ("steady MB", 10, true), ("layout/paint/after", 19, true),
    ]

    private static func line(_ cells: [String]) -> String {
        zip(cells, columns).map { cell, column in
            column.2 ? Format.padLeft(cell, column.1) : Format.padRight(cell, column.1)
        }.joined(separator: " ").trimmingTrailingSpaces()
    }

    var table: String {
        var out: [String] = []
        out.append("refresh-bench: RefreshView against GTK 3's stock lists and GTK 4's GtkListView")
        out.append("machine: \(machine.label); display \(machine.display); load average at start "
                   + Format.fixed(machine.loadAverage, 2))
        if machine.loadAverage > 0.5 * Double(machine.cores) {
            out.append("note: the machine was busy when the run started: timings may be noisy")
        }
        if let gtk4Skipped { out.append("GTK 4 peer skipped: \(gtk4Skipped)") }
        if lists.contains(where: \.isRefreshView) {
            out.append("layout cache (ours, feed): \(layoutCache ? "on" : "off"); feed-nocache: off")
        }
        for gl in timed ? glModes : [] {
            out.append("")
            out.append("== \(gl.title)")
            out.append(Report.line(Report.columns.map { $0.0 }))
            out.append(String(repeating: "-", count: Report.columns.reduce(0) { $0 + $1.1 + 1 } - 1))
            for toolkit in Toolkit.allCases {
                guard let b = baselines[BaselineKey(toolkit: toolkit, gl: gl)] else { continue }
                func f(_ v: Double?, _ d: Int) -> String { v.map { Format.fixed($0, d) } ?? "-" }
                out.append(Report.line(["empty", toolkit.title, Report.shortRenderer(b.renderer), Format.adaptive(b.firstFrameMs),
                                        "", "", f(b.frameMedianMs, 3), f(b.frameP99Ms, 3), "", "", "", "", "",
                                        Format.fixed(b.peakRSSMB, 1), "", "", f(b.steadyRSSMB, 1)]))
            }
            for n in rows {
                var first = true
                let ours = measured(.ours, n, gl)
                for list in lists {
                    let rowsCell = first ? Format.grouped(n) : ""
                    first = false
                    switch outcomes[RunKey(rows: n, list: list, gl: gl)] {
                    case .measured(let m)?:
                        out.append(Report.line(cells(rowsCell, list.title, m, against: list == .ours ? nil : ours)))
                    case .failed(let message)?:
                        out.append(Report.line([rowsCell, list.title]) + "  FAILED: \(message)")
                    case .skipped(let reason)?:
                        out.append(Report.line([rowsCell, list.title]) + "  skipped: \(reason.prefix(90))")
                    case nil:
                        break
                    }
                }
            }
            if let likeForLike = likeForLike[gl] {
                let n = Format.grouped(Options.likeForLikeRows)
                switch likeForLike {
                case .measured(let m): out.append(Report.line(cells(n, "ours+strings", m, against: nil)))
                case .failed(let message): out.append(Report.line([n, "ours+strings"]) + "  FAILED: \(message)")
                case .skipped(let reason): out.append(Report.line([n, "ours+strings"]) + "  skipped: \(reason)")
                }
            }
            out.append(contentsOf: unreliableLines(gl))
            out.append(contentsOf: smoothLines(gl))
            for list in Report.wrappedLists {
                let wrapped = rows.compactMap { n in wrappedOverBare(list, n, gl).map { (n, $0) } }
                guard !wrapped.isEmpty else { continue }
                let name = Report.wrappedName(list)
                out.append("\(name.wrapped) ÷ \(name.bare) (goal: within "
                           + "\(Format.ratio(Report.wrappedLimit)) at \(Format.grouped(Report.wrappedGoalRows)) rows):")
                for (n, r) in wrapped {
                    out.append("  \(Format.grouped(n)) rows: first frame \(Format.ratio(r.first)), frame median "
                               + "\(r.frame.map { Format.ratio($0) } ?? "-"), peak \(r.peakMB >= 0 ? "+" : "")"
                               + "\(Format.fixed(r.peakMB, 1)) MB")
                }
            }
        }
        if let instructions { out.append(contentsOf: instructions.table(self)) }
        out.append("")
        if timed { out.append(contentsOf: Report.methodNotes(frames: frames)) }
        if let data = outcomes.values.compactMap({ outcome -> Measurement? in
            if case .measured(let m) = outcome, m.dataBytes > 0 { return m } else { return nil }
        }).max(by: { $0.rows < $1.rows }) {
            out.append("data: the pre-generated strings take \(Format.fixed(Double(data.dataBytes) / Double(data.rows), 1)) "
                       + "B per row (\(Format.fixed(Double(data.dataBytes) / 1_048_576, 1)) MB at "
                       + "\(Format.grouped(data.rows)) rows).")
        }
        if !motion.isEmpty {
            out.append("")
            out.append("Motion (\(Format.grouped(Options.motionRows)) rows: ours, and the refresh cycle on GtkTreeView in a "
                       + "RefreshBin, synthesized input through the window, GTK defaults; the refresh cycle on GtkListView "
                       + "in the GTK 4 bin, its drag gesture's signals emitted, each GL setting; a frame is missed when its "
                       + "interval exceeds 1.5 × 16.7 ms)")
            out.append(motionTable)
            for case .measured(let r) in motion where !r.missedDetail.isEmpty {
                let setting = r.list.toolkit == .gtk4 ? "/GL \(r.gl.rawValue)" : ""
                out.append("missed in \(r.scenario.rawValue)/\(r.list.rawValue)/\(r.style)\(setting): " + r.missedDetail)
            }
        }
        if let micro {
            out.append("")
            out.append("J header frame: \(Format.fixed(micro.headerFrameMs, 4)) ms (HeaderPainter, Jike style, "
                       + "median of \(Format.grouped(micro.headerFrames)) frames into an 800×600 ARGB32 image surface)")
            out.append("footer frame:   \(Format.fixed(micro.footerFrameMs, 4)) ms (FooterPainter, loading, "
                       + "median of \(Format.grouped(micro.footerFrames)) frames, same surface)")
            out.append("core:           \(Format.fixed(micro.coreNsPerEvent, 1)) ns per input event (RefreshEngine, "
                       + "\(Format.grouped(micro.coreEvents)) scripted events incl. \(Format.grouped(micro.coreRefreshes)) "
                       + "refreshes and \(Format.grouped(micro.coreLoads)) loads; median of 5 passes)")
        }
        out.append("")
        out.append("Goals (from this run; never asserted)")
        for goal in goals { out.append("\(goal.status.rawValue)  \(goal.text)") }
        return out.joined(separator: "\n")
    }

    /// Our lists scrolled at a touchpad's pace as well (`Options.smoothStep` px a frame), beside
    /// the ⅓-page figure, and feed over feed-nocache at both paces: printed, never asserted.
    func smoothLines(_ gl: GLMode) -> [String] {
        let step = Format.fixed(Options.smoothStep, 0)
        var out: [String] = []
        for n in rows {
            for list in lists {
                guard let m = measured(list, n, gl), let smooth = m.smoothMedianMs else { continue }
                if out.isEmpty {
                    out.append("smooth scroll, \(step) px per frame (a touchpad's pace; the table's frame is 1/3 page per frame):")
                }
                out.append("  \(Format.padRight(Format.grouped(n), 10)) \(Format.padRight(list.title, 13)) frame median "
                           + "\(Format.fixed(smooth, 3)) ms, p99 \(m.smoothP99Ms.map { Format.fixed($0, 3) } ?? "-") ms, "
                           + "layout/paint/after \(m.smoothSplit ?? "-") (1/3 page: \(m.frameMedianMs.map { Format.fixed($0, 3) } ?? "-") ms)")
            }
        }
        let n = Options.layoutCacheRows
        if let cached = measured(.feed, n, gl), let uncached = measured(.feedNocache, n, gl) {
            func share(_ c: Double?, _ u: Double?) -> String {
                guard let c, let u, u > 0 else { return "-" }
                return Format.fixed(c / u, 2) + " (\(Format.fixed(c, 3)) vs \(Format.fixed(u, 3)) ms)"
            }
            out.append("  feed ÷ feed-nocache at \(Format.grouped(n)) rows: 1/3 page per frame "
                       + share(cached.frameMedianMs, uncached.frameMedianMs) + "; \(step) px per frame "
                       + share(cached.smoothMedianMs, uncached.smoothMedianMs) + " (printed, never asserted)")
        }
        return out
    }

    var motionTable: String {
        let header = [("scenario", 14, false), ("list", 16, false), ("style", 8, false), ("renderer", 9, false),
                      ("frames", 7, true), ("missed", 7, true),
                      ("p50 ms", 7, true), ("p99 ms", 7, true), ("max ms", 7, true), ("paint med", 10, true),
                      ("paint max", 10, true), ("inputs", 7, true)]
        func line(_ cells: [String]) -> String {
            zip(cells, header).map { cell, column in
                column.2 ? Format.padLeft(cell, column.1) : Format.padRight(cell, column.1)
            }.joined(separator: " ").trimmingTrailingSpaces()
        }
        var out = [line(header.map { $0.0 }), String(repeating: "-", count: header.reduce(0) { $0 + $1.1 + 1 } - 1)]
        func f(_ v: Double?, _ d: Int) -> String { v.map { Format.fixed($0, d) } ?? "-" }
        for outcome in motion {
            switch outcome {
            case .measured(let r):
                out.append(line([r.scenario.rawValue, r.list.title, r.style, Report.shortRenderer(r.renderer ?? "cairo"),
                                 String(r.frames), String(r.missed), f(r.p50IntervalMs, 1),
                                 f(r.p99IntervalMs, 1), f(r.maxIntervalMs, 1), f(r.paintMsMedian, 2), f(r.paintMsMax, 2),
                                 String(r.inputEvents)]))
            case .failed(let scenario, let style, let list, let gl, let message):
                out.append(line([scenario.rawValue, list.title, style, "GL \(gl.rawValue)"]) + "  FAILED: \(message)")
            }
        }
        return out.joined(separator: "\n")
    }

    private func cells(_ rowsCell: String, _ name: String, _ m: Measurement, against ours: Measurement?) -> [String] {
        func ratio(_ peer: Increment, _ base: Increment?) -> String {
            guard let peer = peer.value, let base = base?.value, base > 0 else { return "" }
            return Format.ratio(peer / base)
        }
        func f(_ v: Double?, _ d: Int) -> String { v.map { Format.fixed($0, d) } ?? "-" }
        let first = firstOverEmpty(m), frame = frameOverEmpty(m), rss = rssOverEmpty(m)
        return [rowsCell, name, Report.shortRenderer(m.renderer), Format.adaptive(m.firstFrameMs),
                first.cell { Format.adaptive($0) }, ratio(first, ours.map { firstOverEmpty($0) }),
                f(m.frameMedianMs, 3), f(m.frameP99Ms, 3), frame.cell { Format.fixed($0, 3) },
                ratio(frame, ours.map { frameOverEmpty($0) }),
                f(m.drawMedianMs, 3), f(m.jumpMidMs, 2), f(m.jumpEndMs, 2),
                Format.fixed(m.peakRSSMB, 1), rss.cell { Format.fixed($0, 1) }, ratio(rss, ours.map { rssOverEmpty($0) }),
                f(m.steadyRSSMB, 1), m.cycleSplit ?? "-"]
    }

    /// Every measurement of `gl` in the table's order (the like-for-like line last).
    func measurements(_ gl: GLMode) -> [Measurement] {
        var all = rows.flatMap { n in lists.compactMap { measured($0, n, gl) } }
        if case .measured(let m)? = likeForLike[gl] { all.append(m) }
        return all
    }

    /// The increments of `gl` that have no figure because their floor is above the list, with why.
    func unreliableLines(_ gl: GLMode) -> [String] {
        measurements(gl).flatMap { m in
            unreliable(m).map { field, reason in
                "unreliable: \(Format.grouped(m.rows)) \(m.list.title)\(m.data == .strings ? "+strings" : "") \(field): \(reason)"
            }
        }
    }

    /// A measurement's unreliable increments: JSON field name and reason.
    func unreliable(_ m: Measurement) -> [(String, String)] {
        [("first_frame_over_empty_ms", firstOverEmpty(m)), ("frame_over_empty_ms", frameOverEmpty(m)),
         ("rss_over_empty_mb", rssOverEmpty(m))].compactMap { field, increment in increment.reason.map { (field, $0) } }
    }

    static func methodNotes(frames: Int) -> [String] {
        [
            "ours: RefreshView over a RowSource that computes each row from its index (nothing stored). GtkListView: GTK 4's",
            "  list over a GListModel that makes each item on demand from its index. Others: every row's string generated",
            "  before the clock into one buffer, then copied into a GtkListStore (GtkTreeView, fixed-height mode), one",
            "  GtkLabel per GtkListBox row, or a GtkStringList (GtkListView+SL); their peaks include that buffer (so does",
            "  ours+strings). GtkTreeView+bin: the same GtkTreeView in its GtkScrolledWindow, wrapped by RefreshBin and",
            "  the bin packed instead (its draw includes the scrolled window's). GtkListView+bin: the on-demand GtkListView in",
            "  its GtkScrolledWindow, given to the GTK 4 bin (Ptr4RefreshBin, its C API) and the bin packed instead. Every",
            "  list's rows are 56 px apart with two ellipsized lines of text, in an 800×600 window.",
            "first: creating the list (filling its model) to the end of the first paint cycle that shows it.",
            "frame: the frame clock's paint cycle, from the start of before-paint to the end of after-paint (layout,",
            "  drawing and the copy to the window inside), the same for GTK 3 and GTK 4, while the vadjustment moves",
            "  1/3 page per frame: \(frames) frames in 4 runs (top, 1/3, 2/3, end); median and p99. draw: GTK 3 only, the",
            "  GtkScrolledWindow's \"draw\" emission in the same frames. jump: the paint cycle of a jump from the top to",
            "  the middle, then to the end. layout/paint/after: medians of the frame's three parts (before-paint to the",
            "  end of layout; paint; after-paint), in ms.",
            "peak: the child process's VmHWM at its end, one process per list, row count and GL setting. steady: VmRSS",
            "  0.2 s after the first frame.",
            "empty: each toolkit's floor, measured the same way in the same run: the same window around an empty",
            "  GtkScrolledWindow, its first frame, \(frames) paint cycles of the whole window redrawn (gtk_widget_queue_draw",
            "  on the toplevel) and its peak. +first, +frame, +peak: a list's figure minus its toolkit's empty window's",
            "  with the same GL setting (the increment: what the list adds). An increment whose floor is above the list",
            "  is printed as unrel. with the reason below the table, never as a figure.",
            "feed: RefreshView over the demo's FeedRenderer (variable-height posts: avatar, name, relative time, one to",
            "  eight wrapped lines, some with a picture), each row computed from its id (nothing stored), measured like",
            "  ours. feed-nocache: the same with its frame-to-frame caches off (every frame lays out and draws every",
            "  visible row again; feed keeps laid-out rows and drawn row images); only at",
            "  \(Format.grouped(Options.layoutCacheRows)) rows. smooth: our lists scrolled again, the same number of frames,",
            "  \(Format.fixed(Options.smoothStep, 0)) px per frame (a touchpad's pace), after the 1/3-page run.",
            "×ours: the peer's increment / ours (above 1: ours adds less).",
        ]
    }

    // MARK: - Goals (printed, never asserted)

    struct Goal: Sendable {
        enum Status: String, Sendable { case pass = "PASS", miss = "MISS", skip = "SKIP" }
        var status: Status
        var key: String
        var text: String
        var value: Double?
    }

    var goals: [Goal] {
        var goals: [Goal] = []
        func add(_ key: String, _ text: String, _ value: Double?, passes: (Double) -> Bool, detail: String = "") {
            guard let value else {
                goals.append(Goal(status: .skip, key: key, text: text + ": not measured"))
                return
            }
            goals.append(Goal(status: passes(value) ? .pass : .miss, key: key, text: text + ": " + detail, value: value))
        }
        func ms(_ v: Double) -> String { Format.adaptive(v) + " ms" }
        func mb(_ v: Double) -> String { Format.fixed(v, 1) + " MB" }

        // Against GtkListView on demand, Cairo with GL disabled (like for like), on increments:
        // what each list adds to its toolkit's empty window. Instructions beside milliseconds.
        func shareGoal(_ key: String, _ text: String, _ ours: Increment?, _ peer: Increment?, limit: Double,
                       unit: String, format: (Double) -> String) {
            if let reason = ours?.reason ?? peer?.reason {
                goals.append(Goal(status: .skip, key: key, text: text + ": an increment is unreliable: " + reason))
                return
            }
            let share = ours?.value.flatMap { o in peer?.value.flatMap { $0 > 0 ? o / $0 : nil } }
            add(key, text, share, passes: { $0 <= limit },
                detail: share.map { Format.fixed($0, 2) + " (\(format(ours!.value!)) vs \(format(peer!.value!)) \(unit))" } ?? "")
        }
        for n in [1_000_000, 10_000_000] where rows.contains(n) {
            let ours = measured(.ours, n, .off), peer = measured(.gtk4Listview, n, .off)
            let label = "at \(Format.grouped(n)) rows vs GtkListView on demand (Cairo, GL off)"
            shareGoal("first_frame_increment_vs_listview_\(n)",
                      "first-frame increment over the empty window ≤ 1/4 of its \(label)",
                      ours.map { firstOverEmpty($0) }, peer.map { firstOverEmpty($0) }, limit: 0.25, unit: "ms",
                      format: { Format.adaptive($0) })
            shareGoal("frame_increment_vs_listview_\(n)", "frame-median increment over the empty window ≤ 1/4 of its \(label)",
                      ours.map { frameOverEmpty($0) }, peer.map { frameOverEmpty($0) }, limit: 0.25, unit: "ms",
                      format: { Format.fixed($0, 3) })
            shareGoal("memory_vs_listview_\(n)", "memory over the empty window ≤ 1/2 of its \(label)",
                      ours.map { rssOverEmpty($0) }, peer.map { rssOverEmpty($0) }, limit: 0.5, unit: "MB",
                      format: { Format.fixed($0, 1) })
            if let instructions {
                let o = instructions.measured(.ours, n), p = instructions.measured(.gtk4Listview, n)
                let counted = "at \(Format.grouped(n)) rows vs GtkListView on demand (instructions, Cairo)"
                shareGoal("first_frame_instructions_vs_listview_\(n)",
                          "first-frame instructions over the empty window ≤ 1/4 of its \(counted)",
                          o.map { instructions.firstOverEmpty($0) }, p.map { instructions.firstOverEmpty($0) },
                          limit: 0.25, unit: "instructions", format: { Format.millions($0) })
                shareGoal("frame_instructions_vs_listview_\(n)",
                          "instructions per frame over the empty window ≤ 1/4 of its \(counted)",
                          o.map { instructions.frameOverEmpty($0) }, p.map { instructions.frameOverEmpty($0) },
                          limit: 0.25, unit: "instructions", format: { Format.millions($0) })
            }
        }
        if let instructions, rows.contains(1_000), rows.contains(10_000_000) {
            let small = instructions.measured(.ours, 1_000), big = instructions.measured(.ours, 10_000_000)
            let a = big.map { instructions.frameOverEmpty($0) }, b = small.map { instructions.frameOverEmpty($0) }
            if let reason = a?.reason ?? b?.reason {
                goals.append(Goal(status: .skip, key: "frame_instructions_growth_10m_vs_1k",
                                  text: "instructions per scrolled frame: an increment is unreliable: " + reason))
            } else {
                let growth = a?.value.flatMap { x in b?.value.flatMap { $0 > 0 ? x / $0 : nil } }
                add("frame_instructions_growth_10m_vs_1k",
                    "instructions per scrolled frame over the empty window at 10,000,000 rows within 1.05× of 1,000 rows (ours)",
                    growth, passes: { $0 <= 1.05 },
                    detail: growth.map { Format.fixed($0, 3) + "× (\(Format.millions(a!.value!)) vs \(Format.millions(b!.value!)))" } ?? "")
            }
        }
        if let instructions, rows.contains(Options.layoutCacheRows) {
            let n = Options.layoutCacheRows
            let cached = instructions.measured(.feed, n)?.drawPerFrame
            let uncached = instructions.measured(.feedNocache, n)?.drawPerFrame
            let share = cached.flatMap { c in uncached.flatMap { $0 > 0 ? c / $0 : nil } }
            add("feed_cache_draw_instructions_share_\(n)",
                "feed: our drawing (ListView.render, instructions per frame) with the layout cache ≤ 1/3 of without at "
                    + "\(Format.grouped(n)) rows" + (layoutCache ? "" : " [--layout-cache off: both without it]"),
                share, passes: { $0 <= 1.0 / 3 },
                detail: share.map { Format.fixed($0, 2) + " (\(Format.millions(cached!)) vs \(Format.millions(uncached!)))" } ?? "")
        }
        if rows.contains(10_000_000) {
            let ours = measured(.ours, 10_000_000, .off), peer = measured(.gtk4Stringlist, 10_000_000, .off)
            let speedup = ours.flatMap { o in peer.map { $0.firstFrameMs / o.firstFrameMs } }
            add("first_frame_vs_stringlist_10000000",
                "first frame ≥ 100× sooner at 10,000,000 rows vs GtkListView over a filled GtkStringList (Cairo, GL off)",
                speedup, passes: { $0 >= 100 },
                detail: speedup.map { Format.ratio($0) + " (\(ms(ours!.firstFrameMs)) vs \(ms(peer!.firstFrameMs)))" } ?? "")
        }
        // Motion: every style, both scenarios; the GTK 4 list with each GL setting.
        for case .measured(let r) in motion {
            let p99 = r.p99IntervalMs ?? .infinity
            let ok = r.missed == 0 && p99 <= 1.2 * MotionRun.frameMs
            let gtk4 = r.list.toolkit == .gtk4
            let onList = r.list == .ours ? "" : "_\(r.list.rawValue)"
            // The GTK 4 list runs with each GL setting: its keys end with it, as the wrapped lists' do.
            let setting = gtk4 ? "_\(r.gl.rawValue)" : ""
            let named = (r.list == .ours ? "" : " on \(r.list.title)")
                + (gtk4 ? " (GL \(r.gl.rawValue), \(r.renderer ?? "?"))" : "")
            goals.append(Goal(status: ok ? .pass : .miss, key: "motion_\(r.scenario.rawValue)\(onList)_\(r.style)\(setting)",
                              text: "\(r.scenario.rawValue)\(named), \(r.style): 0 missed frames and p99 interval ≤ 20.0 ms: "
                                  + "\(r.missed) missed of \(r.frames), p99 \(Format.fixed(p99, 1)) ms",
                              value: Double(r.missed)))
        }

        // Issues 19 and 26: the bins cost a list little (wrapped ÷ bare at 1,000,000 rows, each GL
        // setting): RefreshBin on GtkTreeView, the GTK 4 bin on GtkListView. Judged when the
        // wrapped list was asked for.
        for list in Report.wrappedLists where lists.contains(list) {
            for g in glModes where rows.contains(Report.wrappedGoalRows) {
                let n = Report.wrappedGoalRows
                let r = wrappedOverBare(list, n, g)
                let wrapped = measured(list, n, g), bare = list.bare.flatMap { measured($0, n, g) }
                let label = "at \(Format.grouped(n)) rows (GL \(g.rawValue))"
                let limit = Format.ratio(Report.wrappedLimit)
                let name = Report.wrappedName(list)
                let key = list == .treeviewWrapped ? "wrapped_treeview" : "wrapped_listview"
                add("\(key)_first_frame_\(n)_\(g.rawValue)",
                    "\(name.wrapped): first frame within \(limit) of the \(name.bare)'s \(label)", r?.first,
                    passes: { $0 <= Report.wrappedLimit },
                    detail: r.map { Format.ratio($0.first) + " (\(ms(wrapped!.firstFrameMs)) vs \(ms(bare!.firstFrameMs)))" } ?? "")
                add("\(key)_frame_\(n)_\(g.rawValue)",
                    "\(name.wrapped): frame median within \(limit) of the \(name.bare)'s \(label)", r?.frame,
                    passes: { $0 <= Report.wrappedLimit },
                    detail: r?.frame.map { Format.ratio($0) + " (\(ms(wrapped!.frameMedianMs!)) vs \(ms(bare!.frameMedianMs!)))" } ?? "")
            }
        }

        // Issue 12: feed rows (variable heights) scale with the rows, and the layout cache pays
        // for itself. Each GL setting measured.
        for g in glModes {
            let small = measured(.feed, 1_000, g), big = measured(.feed, 10_000_000, g)
            let label = "(GL \(g.rawValue))"
            let firstGrowth = big.flatMap { b in small.map { b.firstFrameMs / $0.firstFrameMs } }
            add("feed_first_frame_growth_10m_vs_1k_\(g.rawValue)",
                "feed: first frame at 10,000,000 rows within 1.5× of 1,000 rows \(label)", firstGrowth,
                passes: { $0 <= 1.5 },
                detail: firstGrowth.map { Format.fixed($0, 2) + "× (\(ms(big!.firstFrameMs)) vs \(ms(small!.firstFrameMs)))" } ?? "")
            let peakGrowth = big.flatMap { b in small.map { b.peakRSSMB / $0.peakRSSMB } }
            add("feed_peak_growth_10m_vs_1k_\(g.rawValue)",
                "feed: peak memory at 10,000,000 rows within 1.1× of 1,000 rows \(label)", peakGrowth,
                passes: { $0 <= 1.1 },
                detail: peakGrowth.map { Format.fixed($0, 2) + "× (\(mb(big!.peakRSSMB)) vs \(mb(small!.peakRSSMB)))" } ?? "")
            let n = Options.layoutCacheRows
            // Our own drawing (the draw emission), not the paint cycle: after-paint is the X
            // server's compositing and GTK's round trip, which no cache of ours can touch.
            let cached = measured(.feed, n, g)?.drawMedianMs, uncached = measured(.feedNocache, n, g)?.drawMedianMs
            let share = cached.flatMap { c in uncached.flatMap { $0 > 0 ? c / $0 : nil } }
            add("feed_cache_draw_share_\(n)_\(g.rawValue)",
                "feed: draw median with its frame-to-frame caches ≤ 1/3 of without them at \(Format.grouped(n)) rows "
                    + "(1/3 page per frame) \(label)"
                    + (layoutCache ? "" : " [--layout-cache off: both without it]"),
                share, passes: { $0 <= 1.0 / 3 },
                detail: share.map { Format.fixed($0, 2) + " (\(ms(cached!)) vs \(ms(uncached!)))" } ?? "")
        }

        // The earlier goals against GtkTreeView (GTK defaults when measured, else GL off).
        let gl: GLMode = glModes.contains(.default) ? .default : .off
        let n = 1_000_000
        let ours = measured(.ours, n, gl), tree = measured(.treeview, n, gl)
        let speedup = ours.flatMap { o in tree.map { $0.firstFrameMs / o.firstFrameMs } }
        add("first_frame_speedup_1m", "first frame at 1,000,000 rows ≥ 20× sooner than GtkTreeView's (GL \(gl.rawValue))",
            speedup, passes: { $0 >= 20 },
            detail: speedup.map { Format.ratio($0) + " (\(ms(ours!.firstFrameMs)) vs \(ms(tree!.firstFrameMs)))" } ?? "")
        let share = ours.flatMap { o in tree.map { o.peakRSSMB / $0.peakRSSMB } }
        add("peak_memory_share_1m", "peak memory at 1,000,000 rows ≤ 1/3 of GtkTreeView's (GL \(gl.rawValue))", share,
            passes: { $0 <= 1.0 / 3 },
            detail: share.map { Format.fixed($0, 2) + " (\(mb(ours!.peakRSSMB)) vs \(mb(tree!.peakRSSMB)))" } ?? "")
        let draws = glModes.flatMap { g in rows.compactMap { r in measured(.ours, r, g)?.drawMedianMs.map { (r, $0) } } }
        let worst = draws.max(by: { $0.1 < $1.1 })
        add("frame_median_ms", "draw-only median ≤ 1 ms", worst?.1, passes: { $0 <= 1 },
            detail: worst.map { "worst \(Format.fixed($0.1, 3)) ms (ours, \(Format.grouped($0.0)) rows)" } ?? "")
        let big = measured(.ours, 1_000_000, gl)?.frameMedianMs, small = measured(.ours, 1_000, gl)?.frameMedianMs
        let growth = big.flatMap { b in small.map { b / $0 } }
        add("frame_growth_1m_vs_1k", "frame at 1,000,000 rows within 1.2× of 1,000 rows", growth, passes: { $0 <= 1.2 },
            detail: growth.map { Format.fixed($0, 2) + "× (\(ms(big!)) vs \(ms(small!)))" } ?? "")
        add("header_frame_ms", "J header frame ≤ 0.2 ms", micro?.headerFrameMs, passes: { $0 <= 0.2 },
            detail: micro.map { Format.fixed($0.headerFrameMs, 4) + " ms" } ?? "")
        add("core_ns_per_event", "core ≤ 1 µs per input event", micro?.coreNsPerEvent, passes: { $0 <= 1000 },
            detail: micro.map { Format.fixed($0.coreNsPerEvent, 1) + " ns" } ?? "")
        return goals
    }

    // MARK: - JSON

    /// The report as JSON (`ReportDocument`, through `JSONEncoder`).
    var json: String { JSONCoding.document(document) }

    var document: ReportDocument {
        var results: [ReportDocument.Result] = []
        var skipped: [ReportDocument.Skip] = []
        var failed: [ReportDocument.Failure] = []
        for gl in glModes {
            for n in rows {
                for list in lists {
                    switch outcomes[RunKey(rows: n, list: list, gl: gl)] {
                    case .measured(let m)?: results.append(result(m))
                    case .skipped(let reason)?:
                        skipped.append(.init(rows: n, list: list.rawValue, gl: gl.rawValue, reason: reason))
                    case .failed(let message)?: failed.append(.init(rows: n, list: list.rawValue, gl: gl.rawValue, error: message))
                    case nil: break
                    }
                }
            }
        }
        var motionResults: [ReportDocument.Motion] = []
        for outcome in motion {
            switch outcome {
            case .measured(let r):
                motionResults.append(.init(
                    scenario: r.scenario.rawValue, list: r.list.rawValue, style: r.style, gl: r.gl.rawValue,
                    renderer: r.renderer, frames: r.frames, missed: r.missed,
                    p50IntervalMs: JSONCoding.number(r.p50IntervalMs, 3), p99IntervalMs: JSONCoding.number(r.p99IntervalMs, 3),
                    maxIntervalMs: JSONCoding.number(r.maxIntervalMs, 3), paintMsMedian: JSONCoding.number(r.paintMsMedian, 4),
                    paintMsMax: JSONCoding.number(r.paintMsMax, 4), durationMs: JSONCoding.number(r.durationMs, 1),
                    inputEvents: r.inputEvents, missedDetail: r.missedDetail))
            case .failed(let scenario, let style, let list, let gl, let message):
                failed.append(.init(list: list.rawValue, gl: gl.rawValue, scenario: scenario.rawValue, style: style,
                                    error: message))
            }
        }
        let likes = glModes.compactMap { gl -> ReportDocument.Result? in
            if case .measured(let m)? = likeForLike[gl] { return result(m) } else { return nil }
        }
        let wrapped = Report.wrappedLists.flatMap { list in
            glModes.flatMap { gl in
                rows.compactMap { n in
                    wrappedOverBare(list, n, gl).map { r in
                        ReportDocument.Wrapped(list: list.rawValue, bare: list.bare!.rawValue, rows: n, gl: gl.rawValue,
                                               firstFrame: JSONCoding.number(r.first, 3),
                                               frameMedian: JSONCoding.number(r.frame, 3),
                                               peakRssMb: JSONCoding.number(r.peakMB, 1))
                    }
                }
            }
        }
        let floors = glModes.flatMap { gl in
            Toolkit.allCases.compactMap { toolkit in
                baselines[BaselineKey(toolkit: toolkit, gl: gl)].map { b in
                    ReportDocument.Floor(toolkit: toolkit.rawValue, gl: gl.rawValue, renderer: b.renderer,
                                         firstFrameMs: JSONCoding.number(b.firstFrameMs, 3),
                                         frameMsMedian: JSONCoding.number(b.frameMedianMs, 4),
                                         frameMsP99: JSONCoding.number(b.frameP99Ms, 4),
                                         peakRssMb: JSONCoding.number(b.peakRSSMB, 1),
                                         steadyRssMb: JSONCoding.number(b.steadyRSSMB, 1))
                }
            }
        }
        return ReportDocument(
            machine: machine.label, cpu: machine.cpu, cores: machine.cores, ramGib: JSONCoding.number(machine.ramGiB, 1),
            gtk: machine.gtk, cairo: machine.cairo, loadAverage: JSONCoding.number(machine.loadAverage, 2),
            results: results, motion: motionResults,
            headerFrameMs: JSONCoding.number(micro?.headerFrameMs, 5),
            footerFrameMs: JSONCoding.number(micro?.footerFrameMs, 5),
            coreNsPerEvent: JSONCoding.number(micro?.coreNsPerEvent, 1),
            likeForLike: likes.isEmpty ? nil : likes, wrappedOverBare: wrapped.isEmpty ? nil : wrapped,
            baselines: floors,
            baselinePeakRssMb: JSONCoding.number(baselines[BaselineKey(toolkit: .gtk3, gl: .default)]?.peakRSSMB, 1),
            gtk4Skipped: gtk4Skipped, skipped: skipped, failed: failed.isEmpty ? nil : failed,
            goals: goals.map { .init(goal: $0.key, status: $0.status.rawValue, value: JSONCoding.number($0.value, 4), text: $0.text) },
            method: Report.methodNotes(frames: frames).joined(separator: "\n"),
            instructions: instructions?.document)
    }

    private func result(_ m: Measurement) -> ReportDocument.Result {
        let first = firstOverEmpty(m), frame = frameOverEmpty(m), rss = rssOverEmpty(m)
        let reasons = unreliable(m)
        return ReportDocument.Result(
            rows: m.rows, list: m.list.rawValue, gl: m.gl.rawValue, renderer: m.renderer, data: m.data.rawValue,
            frames: m.frames,
            firstFrameMs: JSONCoding.number(m.firstFrameMs, 3), firstFrameOverEmptyMs: JSONCoding.number(first.value, 3),
            firstSplitMs: m.firstSplit,
            frameMsMedian: JSONCoding.number(m.frameMedianMs, 4), frameMsP99: JSONCoding.number(m.frameP99Ms, 4),
            frameOverEmptyMs: JSONCoding.number(frame.value, 4),
            drawMsMedian: JSONCoding.number(m.drawMedianMs, 4), drawMsP99: JSONCoding.number(m.drawP99Ms, 4),
            jumpMidMs: JSONCoding.number(m.jumpMidMs, 3), jumpEndMs: JSONCoding.number(m.jumpEndMs, 3),
            cycleSplitMs: m.cycleSplit,
            smoothPxPerFrame: m.smoothMedianMs == nil ? nil : Options.smoothStep,
            smoothFrameMsMedian: JSONCoding.number(m.smoothMedianMs, 4), smoothFrameMsP99: JSONCoding.number(m.smoothP99Ms, 4),
            smoothCycleSplitMs: m.smoothSplit,
            peakRssMb: JSONCoding.number(m.peakRSSMB, 1), rssOverEmptyMb: JSONCoding.number(rss.value, 1),
            steadyRssMb: JSONCoding.number(m.steadyRSSMB, 1), rowPx: JSONCoding.number(m.rowPx, 2),
            ruMaxrssMb: JSONCoding.number(m.ruMaxRSSMB, 1), wallS: JSONCoding.number(m.wallSeconds, 2),
            unreliable: reasons.isEmpty ? nil : Dictionary(reasons, uniquingKeysWith: { a, _ in a }))
    }
}

/// The JSON file's shape (docs/benchmark.md, "JSON"), written by `--json FILE` through
/// `JSONEncoder` with sorted keys: keys are these names in snake case (`firstFrameMs` is
/// `first_frame_ms`). `@Nullable` fields are always present (null when not measured); plain
/// optionals are left out when absent. Figures are rounded to the precision they have.
struct ReportDocument: Encodable, Sendable {
    /// One list at one row count and GL setting (an entry of `results` or `like_for_like`).
    struct Result: Encodable, Sendable {
        var rows: Int
        /// `ours`, `feed`, `feed-nocache`, `treeview`, `treeview-wrapped`, `listbox`,
        /// `gtk4-listview`, `gtk4-listview-wrapped` or `gtk4-stringlist`.
        var list: String
        /// `off` (Cairo, GL disabled) or `default` (GTK's defaults).
        var gl: String
        /// The renderer the child reported (`cairo` for GTK 3, GSK's renderer for GTK 4).
        var renderer: String
        /// `computed` (rows made from their index) or `strings` (copied from prepared strings).
        var data: String
        /// Frames timed while scrolling.
        var frames: Int
        /// From creating the list to the end of the first paint cycle that shows it.
        @Nullable var firstFrameMs: Double?
        /// First frame over the toolkit's empty window's; null when not measured or unreliable.
        @Nullable var firstFrameOverEmptyMs: Double?
        /// The first frame split into building the list, showing the window and the rest (with
        /// the first paint cycle and draw), as text.
        @Nullable var firstSplitMs: String?
        /// Median and 99th percentile of the paint cycle (`before-paint` to the end of `after-paint`).
        @Nullable var frameMsMedian: Double?
        @Nullable var frameMsP99: Double?
        /// The frame median over the empty window's; null when not measured or unreliable.
        @Nullable var frameOverEmptyMs: Double?
        /// GTK 3 only: the scrolled window's (or the bin's) `draw` emission in the same frames.
        @Nullable var drawMsMedian: Double?
        @Nullable var drawMsP99: Double?
        /// The paint cycles of a jump from the top to the middle, then to the end.
        @Nullable var jumpMidMs: Double?
        @Nullable var jumpEndMs: Double?
        /// Medians of layout, paint and after-paint within the cycle, as text.
        @Nullable var cycleSplitMs: String?
        /// Our lists only: the same scroll again at this many px per frame, and its figures.
        var smoothPxPerFrame: Double?
        var smoothFrameMsMedian: Double?
        var smoothFrameMsP99: Double?
        var smoothCycleSplitMs: String?
        /// The child's peak resident set (`VmHWM` at its end).
        @Nullable var peakRssMb: Double?
        /// The peak over the empty window's; null when not measured or unreliable.
        @Nullable var rssOverEmptyMb: Double?
        /// `VmRSS` 0.2 s after the first frame.
        @Nullable var steadyRssMb: Double?
        /// The row pitch the list gave (56 px asked).
        @Nullable var rowPx: Double?
        /// wait4's `ru_maxrss`, kept for comparison: it carries the parent's peak into the child.
        @Nullable var ruMaxrssMb: Double?
        /// The child's wall time.
        @Nullable var wallS: Double?
        /// The increments left null because the floor is above the list: field name → reason.
        var unreliable: [String: String]?
    }

    /// One motion run (an entry of `motion`).
    struct Motion: Encodable, Sendable {
        /// `refresh-cycle` or `wheel-scroll`.
        var scenario: String
        var list: String
        /// The header style: `jike`, `classic` or `plain`.
        var style: String
        /// The child's GL setting, and the renderer it reported (GTK 4 only; left out for GTK 3).
        var gl: String
        var renderer: String?
        /// Frames recorded, and how many came over 1.5 × 16.7 ms after the one before (missed).
        var frames: Int
        var missed: Int
        /// Intervals between frames (frame-clock frame times): median, 99th percentile, largest.
        @Nullable var p50IntervalMs: Double?
        @Nullable var p99IntervalMs: Double?
        @Nullable var maxIntervalMs: Double?
        /// The paint phase of those frames: median and largest.
        @Nullable var paintMsMedian: Double?
        @Nullable var paintMsMax: Double?
        /// The run's length, and the input events it delivered.
        @Nullable var durationMs: Double?
        var inputEvents: Int
        /// What ran before and in each missed frame, as text.
        var missedDetail: String
    }

    /// A wrapped list divided by the bare one, at one row count and GL setting (`wrapped_over_bare`).
    struct Wrapped: Encodable, Sendable {
        /// The wrapped list and the bare list it is divided by.
        var list: String
        var bare: String
        var rows: Int
        var gl: String
        /// First frame and frame median, wrapped ÷ bare.
        @Nullable var firstFrame: Double?
        @Nullable var frameMedian: Double?
        /// Peak resident set, wrapped − bare.
        @Nullable var peakRssMb: Double?
    }

    /// A toolkit's empty window with one GL setting (an entry of `baselines`): the floor.
    struct Floor: Encodable, Sendable {
        /// `gtk3` or `gtk4`.
        var toolkit: String
        var gl: String
        var renderer: String
        @Nullable var firstFrameMs: Double?
        @Nullable var frameMsMedian: Double?
        @Nullable var frameMsP99: Double?
        @Nullable var peakRssMb: Double?
        @Nullable var steadyRssMb: Double?
    }

    /// A measurement not made, and why (an entry of `skipped`).
    struct Skip: Encodable, Sendable {
        var rows: Int
        var list: String
        var gl: String
        var reason: String
    }

    /// A measurement that failed (an entry of `failed`): a list's, or a motion run's.
    struct Failure: Encodable, Sendable {
        var rows: Int?
        var list: String
        var gl: String?
        var scenario: String?
        var style: String?
        var error: String

        init(rows: Int? = nil, list: String, gl: String? = nil, scenario: String? = nil, style: String? = nil, error: String) {
            (self.rows, self.list, self.gl, self.scenario, self.style, self.error) = (rows, list, gl, scenario, style, error)
        }
    }

    /// A goal as printed (an entry of `goals`); goals never change the exit status.
    struct GoalLine: Encodable, Sendable {
        /// A stable key.
        var goal: String
        /// `PASS`, `MISS` or `SKIP`.
        var status: String
        @Nullable var value: Double?
        /// The line as printed.
        var text: String
    }

    /// The machine: a label, the CPU, cores, RAM, GTK 3's and Cairo's versions.
    var machine: String
    var cpu: String
    var cores: Int
    @Nullable var ramGib: Double?
    var gtk: String
    var cairo: String
    /// The 1-minute load average at the start.
    @Nullable var loadAverage: Double?
    var results: [Result]
    var motion: [Motion]
    /// The header and footer painters' time per frame, and the engine's per input event.
    @Nullable var headerFrameMs: Double?
    @Nullable var footerFrameMs: Double?
    @Nullable var coreNsPerEvent: Double?
    /// Ours over the peers' prepared strings at 1,000,000 rows (the same fields as `results`).
    var likeForLike: [Result]?
    var wrappedOverBare: [Wrapped]?
    var baselines: [Floor]
    /// GTK 3's empty window's peak with GTK's defaults (kept for old readers).
    @Nullable var baselinePeakRssMb: Double?
    /// Why GTK 4 could not run, when it could not.
    var gtk4Skipped: String?
    var skipped: [Skip]
    var failed: [Failure]?
    var goals: [GoalLine]
    /// The table's notes on the method.
    var method: String
    /// With `--instructions`: the instruction counts.
    var instructions: InstructionResults.Document?
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}

/// A figure over its toolkit's empty window (the floor measured the same way in the same run):
/// a value ≥ 0, nothing when either side was not measured, or — when the floor is above the
/// figure — no value but the reason, since a negative increment says the floor is not one.
struct Increment: Sendable {
    var value: Double?
    var reason: String?

    init(_ figure: Double?, over floor: Double?, what: String, floor floorName: String, unit: String) {
        guard let figure, let floor else { return }
        guard figure >= floor else {
            let digits = unit == "MB" ? 1 : 3
            reason = "\(floorName)'s \(what) (\(Format.fixed(floor, digits)) \(unit)) is above this list's "
                + "(\(Format.fixed(figure, digits)) \(unit)) in this run, so the floor is no floor here"
            return
        }
        value = figure - floor
    }

    /// The table's cell: the figure, "unrel." (the reason is printed below the table) or "-".
    func cell(_ format: (Double) -> String) -> String {
        if let value { return format(value) }
        return reason == nil ? "-" : "unrel."
    }
}
