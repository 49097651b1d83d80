import Glibc

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
    case failed(MotionScenario, String, ListKind, String)
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

    func measured(_ list: ListKind, _ rows: Int, _ gl: GLMode) -> Measurement? {
        if case .measured(let m)? = outcomes[RunKey(rows: rows, list: list, gl: gl)] { return m }
        return nil
    }

    /// GtkTreeView in a RefreshBin over the bare GtkTreeView at `rows` with `gl`: first frame,
    /// frame median (ratios) and peak memory (the difference, MB). Nil unless both were measured.
    func wrappedOverBare(_ rows: Int, _ gl: GLMode) -> (first: Double, frame: Double?, peakMB: Double)? {
        guard let wrapped = measured(.treeviewWrapped, rows, gl), let bare = measured(.treeview, rows, gl),
              bare.firstFrameMs > 0 else { return nil }
        let frame = wrapped.frameMedianMs.flatMap { w in bare.frameMedianMs.flatMap { $0 > 0 ? w / $0 : nil } }
        return (wrapped.firstFrameMs / bare.firstFrameMs, frame, wrapped.peakRSSMB - bare.peakRSSMB)
    }

    /// The wrapped/bare goal's limit (issue 19): printed, never asserted.
    static let wrappedLimit = 1.1

    /// Peak RSS over the toolkit's own empty window, in MB.
    func overEmpty(_ m: Measurement) -> Double? {
        baselines[BaselineKey(toolkit: m.list.toolkit, gl: m.gl)].map { m.peakRSSMB - $0.peakRSSMB }
    }

    static func shortRenderer(_ name: String) -> String {
        if name.hasPrefix("cairo") { return "cairo" }
        if name == "GskCairoRenderer" { return "gsk-cairo" }
        if name == "GskGLRenderer" || name == "GskNglRenderer" { return "gsk-gl" }
        if name == "GskVulkanRenderer" { return "gsk-vulkan" }
        return name
    }

    // MARK: - Table

    private static let columns: [(String, Int, Bool)] = [
        ("rows", 11, false), ("list", 15, false), ("renderer", 9, false), ("first ms", 9, true), ("×ours", 7, true),
        ("frame ms", 9, true), ("p99 ms", 8, true), ("×ours", 7, true), ("draw ms", 8, true), ("jump mid", 9, true),
        ("jump end", 9, true), ("peak MB", 8, true), ("over empty", 11, true), ("×ours", 7, true), ("steady MB", 10, true),
        ("layout/paint/after", 19, true),
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
        for gl in glModes {
            out.append("")
            out.append("== \(gl.title)")
            out.append(Report.line(Report.columns.map { $0.0 }))
            out.append(String(repeating: "-", count: Report.columns.reduce(0) { $0 + $1.1 + 1 } - 1))
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
            let empties = Toolkit.allCases.compactMap { toolkit in
                baselines[BaselineKey(toolkit: toolkit, gl: gl)].map { b in
                    "\(toolkit.title) \(Format.fixed(b.peakRSSMB, 1)) MB peak"
                        + (b.steadyRSSMB.map { ", \(Format.fixed($0, 1)) MB steady" } ?? "")
                        + " (\(Report.shortRenderer(b.renderer)))"
                }
            }
            if !empties.isEmpty { out.append("empty window: " + empties.joined(separator: "; ")) }
            out.append(contentsOf: smoothLines(gl))
            let wrapped = rows.compactMap { n in wrappedOverBare(n, gl).map { (n, $0) } }
            if !wrapped.isEmpty {
                out.append("GtkTreeView in a RefreshBin ÷ bare GtkTreeView (goal: within "
                           + "\(Format.ratio(Report.wrappedLimit)) at \(Format.grouped(Options.treeViewLimit)) rows):")
                for (n, r) in wrapped {
                    out.append("  \(Format.grouped(n)) rows: first frame \(Format.ratio(r.first)), frame median "
                               + "\(r.frame.map { Format.ratio($0) } ?? "-"), peak \(r.peakMB >= 0 ? "+" : "")"
                               + "\(Format.fixed(r.peakMB, 1)) MB")
                }
            }
        }
        out.append("")
        out.append(contentsOf: Report.methodNotes(frames: frames))
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
                       + "RefreshBin; synthesized input through the window, GTK defaults; a frame is missed when its "
                       + "interval exceeds 1.5 × 16.7 ms)")
            out.append(motionTable)
            for case .measured(let r) in motion where !r.missedDetail.isEmpty {
                out.append("missed in \(r.scenario.rawValue)/\(r.list.rawValue)/\(r.style): " + r.missedDetail)
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
        let header = [("scenario", 14, false), ("list", 16, false), ("style", 8, false), ("frames", 7, true), ("missed", 7, true),
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
                out.append(line([r.scenario.rawValue, r.list.title, r.style, String(r.frames), String(r.missed), f(r.p50IntervalMs, 1),
                                 f(r.p99IntervalMs, 1), f(r.maxIntervalMs, 1), f(r.paintMsMedian, 2), f(r.paintMsMax, 2),
                                 String(r.inputEvents)]))
            case .failed(let scenario, let style, let list, let message):
                out.append(line([scenario.rawValue, list.title, style]) + "  FAILED: \(message)")
            }
        }
        return out.joined(separator: "\n")
    }

    private func cells(_ rowsCell: String, _ name: String, _ m: Measurement, against ours: Measurement?) -> [String] {
        func ratio(_ peer: Double?, _ base: Double?) -> String {
            guard let peer, let base, base > 0 else { return "" }
            return Format.ratio(peer / base)
        }
        func f(_ v: Double?, _ d: Int) -> String { v.map { Format.fixed($0, d) } ?? "-" }
        let over = overEmpty(m)
        return [rowsCell, name, Report.shortRenderer(m.renderer), Format.adaptive(m.firstFrameMs),
                ratio(m.firstFrameMs, ours?.firstFrameMs),
                f(m.frameMedianMs, 3), f(m.frameP99Ms, 3), ratio(m.frameMedianMs, ours?.frameMedianMs),
                f(m.drawMedianMs, 3), f(m.jumpMidMs, 2), f(m.jumpEndMs, 2),
                Format.fixed(m.peakRSSMB, 1), f(over, 1), ratio(over, ours.flatMap { overEmpty($0) }),
                f(m.steadyRSSMB, 1), m.cycleSplit ?? "-"]
    }

    static func methodNotes(frames: Int) -> [String] {
        [
            "ours: RefreshView over a RowSource that computes each row from its index (nothing stored). GtkListView: GTK 4's",
            "  list over a GListModel that makes each item on demand from its index. Others: every row's string generated",
            "  before the clock into one buffer, then copied into a GtkListStore (GtkTreeView, fixed-height mode), one",
            "  GtkLabel per GtkListBox row, or a GtkStringList (GtkListView+SL); their peaks include that buffer (so does",
            "  ours+strings). GtkTreeView+bin: the same GtkTreeView in its GtkScrolledWindow, wrapped by RefreshBin and",
            "  the bin packed instead (its draw includes the scrolled window's). Every list's rows are 56 px apart with two",
            "  ellipsized lines of text, in an 800×600 window.",
            "first: creating the list (filling its model) to the end of the first paint cycle that shows it.",
            "frame: the frame clock's paint cycle, from the start of before-paint to the end of after-paint (layout,",
            "  drawing and the copy to the window inside), the same for GTK 3 and GTK 4, while the vadjustment moves",
            "  1/3 page per frame: \(frames) frames in 4 runs (top, 1/3, 2/3, end); median and p99. draw: GTK 3 only, the",
            "  GtkScrolledWindow's \"draw\" emission in the same frames. jump: the paint cycle of a jump from the top to",
            "  the middle, then to the end. layout/paint/after: medians of the frame's three parts (before-paint to the",
            "  end of layout; paint; after-paint), in ms.",
            "peak: the child process's VmHWM at its end, one process per list, row count and GL setting. over empty:",
            "  peak minus the peak of the same toolkit's empty window (an empty GtkScrolledWindow) with the same GL",
            "  setting. steady: VmRSS 0.2 s after the first frame.",
            "feed: RefreshView over the demo's FeedRenderer (variable-height posts: avatar, name, relative time, one to",
            "  eight wrapped lines, some with a picture), each row computed from its id (nothing stored), measured like",
            "  ours. feed-nocache: the same with its frame-to-frame caches off (every frame lays out and draws every",
            "  visible row again; feed keeps laid-out rows and drawn row images); only at",
            "  \(Format.grouped(Options.layoutCacheRows)) rows. smooth: our lists scrolled again, the same number of frames,",
            "  \(Format.fixed(Options.smoothStep, 0)) px per frame (a touchpad's pace), after the 1/3-page run.",
            "×ours: peer / ours (above 1: ours is faster or smaller).",
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

        // Against GtkListView on demand, Cairo with GL disabled (like for like).
        for n in [1_000_000, 10_000_000] where rows.contains(n) {
            let ours = measured(.ours, n, .off), peer = measured(.gtk4Listview, n, .off)
            let label = "at \(Format.grouped(n)) rows vs GtkListView on demand (Cairo, GL off)"
            let speedup = ours.flatMap { o in peer.map { $0.firstFrameMs / o.firstFrameMs } }
            add("first_frame_vs_listview_\(n)", "first frame ≥ 5× sooner \(label)", speedup, passes: { $0 >= 5 },
                detail: speedup.map { Format.ratio($0) + " (\(ms(ours!.firstFrameMs)) vs \(ms(peer!.firstFrameMs)))" } ?? "")
            let share = ours?.frameMedianMs.flatMap { o in peer?.frameMedianMs.map { o / $0 } }
            add("frame_vs_listview_\(n)", "frame median ≤ 1/4 of its \(label)", share, passes: { $0 <= 0.25 },
                detail: share.map { Format.fixed($0, 2) + " (\(ms(ours!.frameMedianMs!)) vs \(ms(peer!.frameMedianMs!)))" } ?? "")
            let oursOver = ours.flatMap { overEmpty($0) }, peerOver = peer.flatMap { overEmpty($0) }
            let memShare = oursOver.flatMap { o in peerOver.flatMap { $0 > 0 ? o / $0 : nil } }
            add("memory_vs_listview_\(n)", "memory over the empty window ≤ 1/2 of its \(label)", memShare,
                passes: { $0 <= 0.5 },
                detail: memShare.map { Format.fixed($0, 2) + " (\(mb(oursOver!)) vs \(mb(peerOver!)))" } ?? "")
        }
        if rows.contains(10_000_000) {
            let ours = measured(.ours, 10_000_000, .off), peer = measured(.gtk4Stringlist, 10_000_000, .off)
            let speedup = ours.flatMap { o in peer.map { $0.firstFrameMs / o.firstFrameMs } }
            add("first_frame_vs_stringlist_10000000",
                "first frame ≥ 100× sooner at 10,000,000 rows vs GtkListView over a filled GtkStringList (Cairo, GL off)",
                speedup, passes: { $0 >= 100 },
                detail: speedup.map { Format.ratio($0) + " (\(ms(ours!.firstFrameMs)) vs \(ms(peer!.firstFrameMs)))" } ?? "")
        }
        // Motion: every style, both scenarios.
        for case .measured(let r) in motion {
            let p99 = r.p99IntervalMs ?? .infinity
            let ok = r.missed == 0 && p99 <= 1.2 * MotionRun.frameMs
            let onList = r.list == .ours ? "" : "_\(r.list.rawValue)"
            let named = r.list == .ours ? "" : " on \(r.list.title)"
            goals.append(Goal(status: ok ? .pass : .miss, key: "motion_\(r.scenario.rawValue)\(onList)_\(r.style)",
                              text: "\(r.scenario.rawValue)\(named), \(r.style): 0 missed frames and p99 interval ≤ 20.0 ms: "
                                  + "\(r.missed) missed of \(r.frames), p99 \(Format.fixed(p99, 1)) ms",
                              value: Double(r.missed)))
        }

        // Issue 19: RefreshBin costs a GtkTreeView little (wrapped ÷ bare at 1,000,000 rows, each GL setting).
        for g in glModes where rows.contains(Options.treeViewLimit) {
            let n = Options.treeViewLimit
            let r = wrappedOverBare(n, g)
            let wrapped = measured(.treeviewWrapped, n, g), bare = measured(.treeview, n, g)
            let label = "at \(Format.grouped(n)) rows (GL \(g.rawValue))"
            let limit = Format.ratio(Report.wrappedLimit)
            add("wrapped_treeview_first_frame_\(n)_\(g.rawValue)",
                "GtkTreeView in a RefreshBin: first frame within \(limit) of the bare GtkTreeView's \(label)", r?.first,
                passes: { $0 <= Report.wrappedLimit },
                detail: r.map { Format.ratio($0.first) + " (\(ms(wrapped!.firstFrameMs)) vs \(ms(bare!.firstFrameMs)))" } ?? "")
            add("wrapped_treeview_frame_\(n)_\(g.rawValue)",
                "GtkTreeView in a RefreshBin: frame median within \(limit) of the bare GtkTreeView's \(label)", r?.frame,
                passes: { $0 <= Report.wrappedLimit },
                detail: r?.frame.map { Format.ratio($0) + " (\(ms(wrapped!.frameMedianMs!)) vs \(ms(bare!.frameMedianMs!)))" } ?? "")
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
            let cached = measured(.feed, n, g)?.frameMedianMs, uncached = measured(.feedNocache, n, g)?.frameMedianMs
            let share = cached.flatMap { c in uncached.flatMap { $0 > 0 ? c / $0 : nil } }
            add("feed_cache_frame_share_\(n)_\(g.rawValue)",
                "feed: frame median with its frame-to-frame caches ≤ 1/3 of without them at \(Format.grouped(n)) rows "
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

    var json: String {
        func result(_ m: Measurement) -> String {
            "{\"rows\": \(m.rows), \"list\": \"\(m.list.rawValue)\", "
                + "\"first_frame_ms\": \(Format.jsonNumber(m.firstFrameMs, 3)), "
                + "\"first_split_ms\": \(m.firstSplit.map { Format.jsonString($0) } ?? "null"), "
                + "\"frame_ms_median\": \(Format.jsonNumber(m.frameMedianMs, 4)), "
                + "\"frame_ms_p99\": \(Format.jsonNumber(m.frameP99Ms, 4)), "
                + "\"peak_rss_mb\": \(Format.jsonNumber(m.peakRSSMB, 1)), "
                + "\"rss_over_empty_mb\": \(Format.jsonNumber(overEmpty(m), 1)), "
                + "\"renderer\": \(Format.jsonString(m.renderer)), \"gl\": \"\(m.gl.rawValue)\", "
                + "\"draw_ms_median\": \(Format.jsonNumber(m.drawMedianMs, 4)), "
                + "\"draw_ms_p99\": \(Format.jsonNumber(m.drawP99Ms, 4)), "
                + "\"jump_mid_ms\": \(Format.jsonNumber(m.jumpMidMs, 3)), \"jump_end_ms\": \(Format.jsonNumber(m.jumpEndMs, 3)), "
                + "\"cycle_split_ms\": \(m.cycleSplit.map { Format.jsonString($0) } ?? "null"), "
                + (m.smoothMedianMs == nil ? "" : "\"smooth_px_per_frame\": \(Format.jsonNumber(Options.smoothStep, 0)), "
                    + "\"smooth_frame_ms_median\": \(Format.jsonNumber(m.smoothMedianMs, 4)), "
                    + "\"smooth_frame_ms_p99\": \(Format.jsonNumber(m.smoothP99Ms, 4)), "
                    + "\"smooth_cycle_split_ms\": \(m.smoothSplit.map { Format.jsonString($0) } ?? "null"), ")
                + "\"steady_rss_mb\": \(Format.jsonNumber(m.steadyRSSMB, 1)), "
                + "\"frames\": \(m.frames), \"data\": \"\(m.data.rawValue)\", \"row_px\": \(Format.jsonNumber(m.rowPx, 2)), "
                + "\"ru_maxrss_mb\": \(Format.jsonNumber(m.ruMaxRSSMB, 1)), \"wall_s\": \(Format.jsonNumber(m.wallSeconds, 2))}"
        }
        var results: [String] = []
        var skipped: [String] = []
        var failed: [String] = []
        for gl in glModes {
            for n in rows {
                for list in lists {
                    let where_ = "\"rows\": \(n), \"list\": \"\(list.rawValue)\", \"gl\": \"\(gl.rawValue)\""
                    switch outcomes[RunKey(rows: n, list: list, gl: gl)] {
                    case .measured(let m)?: results.append(result(m))
                    case .skipped(let reason)?: skipped.append("{\(where_), \"reason\": \(Format.jsonString(reason))}")
                    case .failed(let message)?: failed.append("{\(where_), \"error\": \(Format.jsonString(message))}")
                    case nil: break
                    }
                }
            }
        }
        var motionObjects: [String] = []
        for outcome in motion {
            switch outcome {
            case .measured(let r):
                motionObjects.append(
                    "{\"scenario\": \"\(r.scenario.rawValue)\", \"list\": \"\(r.list.rawValue)\", \"style\": \"\(r.style)\", "
                        + "\"frames\": \(r.frames), "
                        + "\"missed\": \(r.missed), \"p50_interval_ms\": \(Format.jsonNumber(r.p50IntervalMs, 3)), "
                        + "\"p99_interval_ms\": \(Format.jsonNumber(r.p99IntervalMs, 3)), "
                        + "\"max_interval_ms\": \(Format.jsonNumber(r.maxIntervalMs, 3)), "
                        + "\"paint_ms_median\": \(Format.jsonNumber(r.paintMsMedian, 4)), "
                        + "\"paint_ms_max\": \(Format.jsonNumber(r.paintMsMax, 4)), "
                        + "\"duration_ms\": \(Format.jsonNumber(r.durationMs, 1)), \"input_events\": \(r.inputEvents), "
                        + "\"missed_detail\": \(Format.jsonString(r.missedDetail))}")
            case .failed(let scenario, let style, let list, let message):
                failed.append("{\"scenario\": \"\(scenario.rawValue)\", \"list\": \"\(list.rawValue)\", \"style\": \"\(style)\", "
                              + "\"error\": \(Format.jsonString(message))}")
            }
        }
        var fields: [String] = []
        fields.append("\"machine\": \(Format.jsonString(machine.label))")
        fields.append("\"results\": [\n    " + results.joined(separator: ",\n    ") + "\n  ]")
        fields.append("\"motion\": [\n    " + motionObjects.joined(separator: ",\n    ") + "\n  ]")
        fields.append("\"header_frame_ms\": \(Format.jsonNumber(micro?.headerFrameMs, 5))")
        fields.append("\"footer_frame_ms\": \(Format.jsonNumber(micro?.footerFrameMs, 5))")
        fields.append("\"core_ns_per_event\": \(Format.jsonNumber(micro?.coreNsPerEvent, 1))")
        let likes = glModes.compactMap { gl -> String? in
            if case .measured(let m)? = likeForLike[gl] { return result(m) } else { return nil }
        }
        if !likes.isEmpty { fields.append("\"like_for_like\": [\(likes.joined(separator: ", "))]") }
        let wrapped = glModes.flatMap { gl in
            rows.compactMap { n in
                wrappedOverBare(n, gl).map { r in
                    "{\"rows\": \(n), \"gl\": \"\(gl.rawValue)\", \"first_frame\": \(Format.jsonNumber(r.first, 3)), "
                        + "\"frame_median\": \(Format.jsonNumber(r.frame, 3)), \"peak_rss_mb\": \(Format.jsonNumber(r.peakMB, 1))}"
                }
            }
        }
        if !wrapped.isEmpty { fields.append("\"wrapped_over_bare\": [\(wrapped.joined(separator: ", "))]") }
        fields.append("\"baselines\": [" + glModes.flatMap { gl in
            Toolkit.allCases.compactMap { toolkit in
                baselines[BaselineKey(toolkit: toolkit, gl: gl)].map { b in
                    "{\"toolkit\": \"\(toolkit.rawValue)\", \"gl\": \"\(gl.rawValue)\", "
                        + "\"peak_rss_mb\": \(Format.jsonNumber(b.peakRSSMB, 1)), "
                        + "\"steady_rss_mb\": \(Format.jsonNumber(b.steadyRSSMB, 1)), "
                        + "\"renderer\": \(Format.jsonString(b.renderer))}"
                }
            }
        }.joined(separator: ", ") + "]")
        fields.append("\"baseline_peak_rss_mb\": \(Format.jsonNumber(baselines[BaselineKey(toolkit: .gtk3, gl: .default)]?.peakRSSMB, 1))")
        if let gtk4Skipped { fields.append("\"gtk4_skipped\": \(Format.jsonString(gtk4Skipped))") }
        fields.append("\"skipped\": [" + skipped.joined(separator: ", ") + "]")
        if !failed.isEmpty { fields.append("\"failed\": [" + failed.joined(separator: ", ") + "]") }
        fields.append("\"goals\": [\n    " + goals.map { goal in
            "{\"goal\": \"\(goal.key)\", \"status\": \"\(goal.status.rawValue)\", \"value\": \(Format.jsonNumber(goal.value, 4)), "
                + "\"text\": \(Format.jsonString(goal.text))}"
        }.joined(separator: ",\n    ") + "\n  ]")
        fields.append("\"method\": \(Format.jsonString(Report.methodNotes(frames: frames).joined(separator: "\n")))")
        fields.append("\"cpu\": \(Format.jsonString(machine.cpu)), \"cores\": \(machine.cores), "
                      + "\"ram_gib\": \(Format.jsonNumber(machine.ramGiB, 1)), \"gtk\": \"\(machine.gtk)\", "
                      + "\"cairo\": \"\(machine.cairo)\", \"load_average\": \(Format.jsonNumber(machine.loadAverage, 2))")
        return "{\n  " + fields.joined(separator: ",\n  ") + "\n}\n"
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
