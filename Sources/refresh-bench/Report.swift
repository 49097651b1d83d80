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
}

/// Everything one run produced, and its table, goals and JSON.
struct Report: Sendable {
    var machine: Machine
    var rows: [Int]
    var lists: [ListKind]
    var frames: Int
    var outcomes: [RunKey: Outcome] = [:]
    /// Ours over the peers' pre-generated strings at 1,000,000 rows (like-for-like memory).
    var likeForLike: Outcome?
    var micro: Micro.Figures?
    /// Peak RSS (MB) of the same window around an empty GtkScrolledWindow.
    var baseline: Double?

    func measured(_ list: ListKind, _ rows: Int) -> Measurement? {
        if case .measured(let m)? = outcomes[RunKey(rows: rows, list: list)] { return m }
        return nil
    }

    // MARK: - Table

    var table: String {
        var out: [String] = []
        out.append("refresh-bench: RefreshView against GTK 3's stock lists")
        out.append("machine: \(machine.label); display \(machine.display); load average at start "
                   + Format.fixed(machine.loadAverage, 2))
        if machine.loadAverage > 0.5 * Double(machine.cores) {
            out.append("note: the machine was busy when the run started: timings may be noisy")
        }
        out.append("")
        let header = [("rows", 12, false), ("list", 14, false), ("first ms", 10, true), ("×ours", 8, true),
                      ("frame med ms", 13, true), ("p99 ms", 8, true), ("×ours", 8, true),
                      ("peak MB", 9, true), ("×ours", 8, true), ("over base MB", 13, true)]
        func line(_ cells: [String]) -> String {
            zip(cells, header).map { cell, column in
                column.2 ? Format.padLeft(cell, column.1) : Format.padRight(cell, column.1)
            }.joined(separator: " ").trimmingTrailingSpaces()
        }
        out.append(line(header.map { $0.0 }))
        out.append(String(repeating: "-", count: header.reduce(0) { $0 + $1.1 + 1 } - 1))
        for n in rows {
            var first = true
            let ours = measured(.ours, n)
            for list in lists {
                let rowsCell = first ? Format.grouped(n) : ""
                first = false
                switch outcomes[RunKey(rows: n, list: list)] {
                case .measured(let m)?:
                    out.append(line(cells(rowsCell, list.title, m, against: list == .ours ? nil : ours)))
                case .failed(let message)?:
                    out.append(line([rowsCell, list.title]) + "  FAILED: \(message)")
                case .skipped(let reason)?:
                    out.append(line([rowsCell, list.title]) + "  skipped: \(reason)")
                case nil:
                    break
                }
            }
        }
        if let likeForLike {
            out.append("like for like: ours over the same pre-generated strings as the peers")
            let n = Options.likeForLikeRows
            switch likeForLike {
            case .measured(let m): out.append(line(cells(Format.grouped(n), "ours+strings", m, against: nil)))
            case .failed(let message): out.append(line([Format.grouped(n), "ours+strings"]) + "  FAILED: \(message)")
            case .skipped(let reason): out.append(line([Format.grouped(n), "ours+strings"]) + "  skipped: \(reason)")
            }
        }
        out.append("")
        out.append(contentsOf: Report.methodNotes(frames: frames))
        if let baseline {
            out.append("base: the same window around an empty GtkScrolledWindow peaks at \(Format.fixed(baseline, 1)) MB: "
                       + "what any GTK 3 process costs here")
            out.append("  before it shows a row (\"over base\" is the list's own share).")
        }
        if let data = outcomes.values.compactMap({ outcome -> Measurement? in
            if case .measured(let m) = outcome, m.dataBytes > 0 { return m } else { return nil }
        }).max(by: { $0.rows < $1.rows }) {
            out.append("data: the pre-generated strings take \(Format.fixed(Double(data.dataBytes) / Double(data.rows), 1)) "
                       + "B per row (\(Format.fixed(Double(data.dataBytes) / 1_048_576, 1)) MB at "
                       + "\(Format.grouped(data.rows)) rows).")
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
        out.append("Goals")
        for goal in goals { out.append("\(goal.status.rawValue)  \(goal.text)") }
        return out.joined(separator: "\n")
    }

    private func cells(_ rowsCell: String, _ name: String, _ m: Measurement, against ours: Measurement?) -> [String] {
        func ratio(_ peer: Double?, _ base: Double?) -> String {
            guard let peer, let base, base > 0 else { return "" }
            return Format.ratio(peer / base)
        }
        return [rowsCell, name, Format.adaptive(m.firstFrameMs), ratio(m.firstFrameMs, ours?.firstFrameMs),
                m.frameMedianMs.map { Format.fixed($0, 3) } ?? "-", m.frameP99Ms.map { Format.fixed($0, 3) } ?? "-",
                ratio(m.frameMedianMs, ours?.frameMedianMs),
                Format.fixed(m.peakRSSMB, 1), ratio(m.peakRSSMB, ours?.peakRSSMB),
                baseline.map { Format.fixed(m.peakRSSMB - $0, 1) } ?? ""]
    }

    static func methodNotes(frames: Int) -> [String] {
        [
            "ours: RefreshView over a RowSource that computes each row from its index (nothing stored: what the",
            "  widget is designed for). Peers: every row's string generated before the clock into one buffer,",
            "  then copied into a GtkListStore (one column, fixed-height mode) or one GtkLabel per GtkListBox",
            "  row; their peaks include that buffer (so does ours+strings). Every list's rows are 56 px apart and",
            "  show two lines of text (ellipsized): the same rows are on screen in each.",
            "first: creating the list (filling its model) to the end of its first \"draw\" (g_get_monotonic_time).",
            "frame: each list's GtkScrolledWindow \"draw\" emission, timed by handlers before and after the default",
            "  one (children included), per frame, while the vadjustment moves 1/3 page per frame: \(frames) frames in",
            "  4 runs (top, 1/3, 2/3, end), 800×600 window. Same method for all three lists.",
            "peak: the child process's ru_maxrss (wait4); each list and row count runs in a process of its own.",
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
        let n = 1_000_000
        let ours = measured(.ours, n), tree = measured(.treeview, n)
        if let ours, let tree {
            let speedup = tree.firstFrameMs / ours.firstFrameMs
            goals.append(Goal(status: speedup >= 20 ? .pass : .miss, key: "first_frame_speedup_1m",
                              text: "first frame at 1,000,000 rows ≥ 20× sooner than GtkTreeView's: "
                                  + "\(Format.ratio(speedup)) (\(Format.adaptive(ours.firstFrameMs)) ms vs "
                                  + "\(Format.adaptive(tree.firstFrameMs)) ms)", value: speedup))
            let share = ours.peakRSSMB / tree.peakRSSMB
            goals.append(Goal(status: share <= 1.0 / 3 ? .pass : .miss, key: "peak_memory_share_1m",
                              text: "peak memory at 1,000,000 rows ≤ 1/3 of GtkTreeView's: \(Format.fixed(share, 2)) "
                                  + "(\(Format.fixed(ours.peakRSSMB, 1)) MB vs \(Format.fixed(tree.peakRSSMB, 1)) MB)",
                              value: share))
        } else {
            goals.append(Goal(status: .skip, key: "first_frame_speedup_1m",
                              text: "first frame at 1,000,000 rows ≥ 20× sooner than GtkTreeView's: not measured"))
            goals.append(Goal(status: .skip, key: "peak_memory_share_1m",
                              text: "peak memory at 1,000,000 rows ≤ 1/3 of GtkTreeView's: not measured"))
        }

        let medians = rows.compactMap { r in measured(.ours, r)?.frameMedianMs.map { (r, $0) } }
        if let worst = medians.max(by: { $0.1 < $1.1 }) {
            goals.append(Goal(status: worst.1 <= 1 ? .pass : .miss, key: "frame_median_ms",
                              text: "frame draw median ≤ 1 ms: worst \(Format.fixed(worst.1, 3)) ms "
                                  + "(ours, \(Format.grouped(worst.0)) rows)", value: worst.1))
        } else {
            goals.append(Goal(status: .skip, key: "frame_median_ms", text: "frame draw median ≤ 1 ms: not measured"))
        }

        if let big = measured(.ours, 1_000_000)?.frameMedianMs, let small = measured(.ours, 1_000)?.frameMedianMs {
            let growth = big / small
            goals.append(Goal(status: growth <= 1.2 ? .pass : .miss, key: "frame_growth_1m_vs_1k",
                              text: "frame draw at 1,000,000 rows within 1.2× of 1,000 rows: \(Format.fixed(growth, 2))× "
                                  + "(\(Format.fixed(big, 3)) vs \(Format.fixed(small, 3)) ms)", value: growth))
        } else {
            goals.append(Goal(status: .skip, key: "frame_growth_1m_vs_1k",
                              text: "frame draw at 1,000,000 rows within 1.2× of 1,000 rows: not measured"))
        }

        if let micro {
            goals.append(Goal(status: micro.headerFrameMs <= 0.2 ? .pass : .miss, key: "header_frame_ms",
                              text: "J header frame ≤ 0.2 ms: \(Format.fixed(micro.headerFrameMs, 4)) ms",
                              value: micro.headerFrameMs))
            goals.append(Goal(status: micro.coreNsPerEvent <= 1000 ? .pass : .miss, key: "core_ns_per_event",
                              text: "core ≤ 1 µs per input event: \(Format.fixed(micro.coreNsPerEvent, 1)) ns",
                              value: micro.coreNsPerEvent))
        } else {
            goals.append(Goal(status: .skip, key: "header_frame_ms", text: "J header frame ≤ 0.2 ms: not measured"))
            goals.append(Goal(status: .skip, key: "core_ns_per_event", text: "core ≤ 1 µs per input event: not measured"))
        }
        return goals
    }

    // MARK: - JSON

    var json: String {
        func result(_ m: Measurement) -> String {
            "{\"rows\": \(m.rows), \"list\": \"\(m.list.rawValue)\", "
                + "\"first_frame_ms\": \(Format.jsonNumber(m.firstFrameMs, 3)), "
                + "\"frame_ms_median\": \(Format.jsonNumber(m.frameMedianMs, 4)), "
                + "\"frame_ms_p99\": \(Format.jsonNumber(m.frameP99Ms, 4)), "
                + "\"peak_rss_mb\": \(Format.jsonNumber(m.peakRSSMB, 1)), "
                + "\"frames\": \(m.frames), \"data\": \"\(m.data.rawValue)\", \"row_px\": \(Format.jsonNumber(m.rowPx, 2)), "
                + "\"vmhwm_mb\": \(Format.jsonNumber(m.vmHWMMB, 1)), \"wall_s\": \(Format.jsonNumber(m.wallSeconds, 2))}"
        }
        var results: [String] = []
        var skipped: [String] = []
        var failed: [String] = []
        for n in rows {
            for list in lists {
                switch outcomes[RunKey(rows: n, list: list)] {
                case .measured(let m)?: results.append(result(m))
                case .skipped(let reason)?:
                    skipped.append("{\"rows\": \(n), \"list\": \"\(list.rawValue)\", \"reason\": \(Format.jsonString(reason))}")
                case .failed(let message)?:
                    failed.append("{\"rows\": \(n), \"list\": \"\(list.rawValue)\", \"error\": \(Format.jsonString(message))}")
                case nil: break
                }
            }
        }
        var fields: [String] = []
        fields.append("\"machine\": \(Format.jsonString(machine.label))")
        fields.append("\"results\": [\n    " + results.joined(separator: ",\n    ") + "\n  ]")
        fields.append("\"header_frame_ms\": \(Format.jsonNumber(micro?.headerFrameMs, 5))")
        fields.append("\"footer_frame_ms\": \(Format.jsonNumber(micro?.footerFrameMs, 5))")
        fields.append("\"core_ns_per_event\": \(Format.jsonNumber(micro?.coreNsPerEvent, 1))")
        if case .measured(let m)? = likeForLike { fields.append("\"like_for_like\": [\(result(m))]") }
        fields.append("\"baseline_peak_rss_mb\": \(Format.jsonNumber(baseline, 1))")
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
