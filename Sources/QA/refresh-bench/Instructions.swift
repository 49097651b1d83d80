import Foundation
import Glibc

/// One list (or empty window) counted under callgrind: instructions, which repeat exactly from
/// run to run whatever else the machine is doing.
struct InstructionCount: Sendable {
    /// Nil for a toolkit's empty window.
    var list: ListKind?
    var toolkit: Toolkit
    var rows: Int
    /// Creating the list to the end of its first paint cycle.
    var firstFrame: Double
    /// The fixed scroll (`frames` frames of ⅓ page ending at the list's end; for an empty
    /// window, `frames` redraws of the whole window).
    var scroll: Double
    var frames: Int
    /// Our lists: `ListView.render`'s inclusive instructions per frame of the scroll (our own
    /// drawing, without GTK's frame around it).
    var drawPerFrame: Double?
    /// Our lists: the self instructions of our own code (`InstructionRun.ownPrefixes`) in the
    /// first frame and per scrolled frame.
    var ownFirstFrame: Double?
    var ownPerFrame: Double?
    /// Ours: the functions with the most self instructions, first frame and per scrolled frame.
    var topFirstFrame: [TopFunction] = []
    var topFrame: [TopFunction] = []
    var wallSeconds: Double

    var perFrame: Double { scroll / Double(max(frames, 1)) }
}

struct TopFunction: Sendable {
    var name: String
    var instructions: Double
    /// Of the region's total.
    var share: Double
}

enum InstructionOutcome: Sendable {
    case measured(InstructionCount)
    case failed(String)
    case skipped(String)
}

struct InstructionKey: Hashable, Sendable {
    var rows: Int
    var list: ListKind
}

/// The callgrind pass of one run (`--instructions`): each toolkit's empty window and each list,
/// Cairo with GL disabled.
struct InstructionResults: Sendable {
    var frames: Int
    var rows: [Int] = []
    var lists: [ListKind] = []
    var floors: [Toolkit: InstructionOutcome] = [:]
    var outcomes: [InstructionKey: InstructionOutcome] = [:]
    /// Why the whole pass did not run (no valgrind), if it did not.
    var skipped: String?

    func measured(_ list: ListKind, _ rows: Int) -> InstructionCount? {
        if case .measured(let c)? = outcomes[InstructionKey(rows: rows, list: list)] { return c }
        return nil
    }

    func floor(_ toolkit: Toolkit) -> InstructionCount? {
        if case .measured(let c)? = floors[toolkit] { return c }
        return nil
    }

    private func floorName(_ toolkit: Toolkit) -> String { "the \(toolkit.title) empty window (instructions, Cairo)" }

    func firstOverEmpty(_ c: InstructionCount) -> Increment {
        Increment(c.firstFrame, over: floor(c.toolkit)?.firstFrame, what: "first frame", floor: floorName(c.toolkit),
                  unit: "instructions")
    }

    func frameOverEmpty(_ c: InstructionCount) -> Increment {
        Increment(c.perFrame, over: floor(c.toolkit)?.perFrame, what: "instructions per frame",
                  floor: floorName(c.toolkit), unit: "instructions")
    }

    // MARK: - Table

    private static let columns: [(String, Int, Bool)] = [
        ("rows", 11, false), ("list", 15, false), ("first Ir", 10, true), ("+first", 10, true), ("×ours", 7, true),
        ("ms ×ours", 9, true), ("frame Ir", 10, true), ("+frame", 10, true), ("×ours", 7, true), ("ms ×ours", 9, true),
        ("draw Ir", 9, true), ("own first", 10, true), ("own frame", 10, true),
    ]

    private static func line(_ cells: [String]) -> String {
        zip(cells, columns).map { cell, column in
            column.2 ? Format.padLeft(cell, column.1) : Format.padRight(cell, column.1)
        }.joined(separator: " ").trimmingTrailingSpaces()
    }

    /// The table, with the millisecond ratios of the same lists (GL off) from `report` beside.
    func table(_ report: Report) -> [String] {
        var out: [String] = []
        out.append("")
        out.append("== Instructions (valgrind's callgrind; Cairo, GL disabled; the measuring thread of the client only)")
        if let skipped {
            out.append("skipped: \(skipped)")
            return out
        }
        out.append(InstructionResults.line(InstructionResults.columns.map { $0.0 }))
        out.append(String(repeating: "-", count: InstructionResults.columns.reduce(0) { $0 + $1.1 + 1 } - 1))
        let m = Format.millions
        for toolkit in Toolkit.allCases {
            switch floors[toolkit] {
            case .measured(let c)?:
                out.append(InstructionResults.line(["empty", toolkit.title, m(c.firstFrame), "", "", "", m(c.perFrame)]))
            case .failed(let message)?: out.append(InstructionResults.line(["empty", toolkit.title]) + "  FAILED: \(message)")
            case .skipped(let reason)?: out.append(InstructionResults.line(["empty", toolkit.title]) + "  skipped: \(reason)")
            case nil: break
            }
        }
        func ratio(_ peer: Double?, _ base: Double?) -> String {
            guard let peer, let base, base > 0 else { return "" }
            return Format.ratio(peer / base)
        }
        var unreliable: [String] = []
        for n in rows {
            var first = true
            let ours = measured(.ours, n)
            let oursMs = report.measured(.ours, n, .off)
            for list in lists {
                let rowsCell = first ? Format.grouped(n) : ""
                switch outcomes[InstructionKey(rows: n, list: list)] {
                case .measured(let c)?:
                    first = false
                    let peer = list != .ours
                    let f = firstOverEmpty(c), fr = frameOverEmpty(c)
                    let ms = report.measured(list, n, .off)
                    let msFirst = peer ? ratio(ms.flatMap { report.firstOverEmpty($0).value },
                                               oursMs.flatMap { report.firstOverEmpty($0).value }) : ""
                    let msFrame = peer ? ratio(ms.flatMap { report.frameOverEmpty($0).value },
                                               oursMs.flatMap { report.frameOverEmpty($0).value }) : ""
                    out.append(InstructionResults.line([
                        rowsCell, list.title, m(c.firstFrame), f.cell(m),
                        peer ? ratio(f.value, ours.flatMap { firstOverEmpty($0).value }) : "", msFirst,
                        m(c.perFrame), fr.cell(m), peer ? ratio(fr.value, ours.flatMap { frameOverEmpty($0).value }) : "",
                        msFrame, c.drawPerFrame.map(m) ?? "", c.ownFirstFrame.map(m) ?? "", c.ownPerFrame.map(m) ?? "",
                    ]))
                    for (field, increment) in [("first", f), ("frame", fr)] {
                        if let reason = increment.reason { unreliable.append("unreliable: \(Format.grouped(n)) \(list.title) +\(field): \(reason)") }
                    }
                case .failed(let message)?:
                    first = false
                    out.append(InstructionResults.line([rowsCell, list.title]) + "  FAILED: \(message)")
                case .skipped(let reason)?:
                    first = false
                    out.append(InstructionResults.line([rowsCell, list.title]) + "  skipped: \(reason.prefix(90))")
                case nil:
                    break
                }
            }
        }
        out.append(contentsOf: unreliable)
        out.append(contentsOf: wrappedLines())
        out.append("Ir: instructions (M = million). first: creating the list to the end of its first paint cycle. frame:")
        out.append("  per frame of \(frames) frames scrolled 1/3 page each, ending at the list's end (rows are numbered from")
        out.append("  the end, so every row count shows the same rows); empty: \(frames) redraws of the whole window.")
        out.append("  +first, +frame: over the toolkit's empty window; ×ours: the peer's increment / ours; ms ×ours: the")
        out.append("  same ratio from this run's milliseconds (GL off). draw: ListView.render per frame (our drawing).")
        out.append("  own: our own code's self instructions (RefreshCore, RefreshGtk, the demo's rows). The X server's")
        out.append("  work is not counted: GTK 3 composites text in the server, GTK 4's Cairo renderer in the client.")
        out.append(contentsOf: growthLines())
        out.append(contentsOf: topLines())
        return out
    }

    /// A wrapped list's counts over its bare list's (whole counts, not increments: what the bin
    /// adds to the same list), beside the milliseconds' wrapped ÷ bare.
    private func wrappedLines() -> [String] {
        var out: [String] = []
        for list in Report.wrappedLists {
            guard let bareList = list.bare else { continue }
            for n in rows {
                guard let wrapped = measured(list, n), let bare = measured(bareList, n), bare.firstFrame > 0,
                      bare.perFrame > 0 else { continue }
                let name = Report.wrappedName(list)
                out.append("\(name.wrapped) ÷ \(name.bare), \(Format.grouped(n)) rows (instructions): first frame "
                           + "\(Format.ratio(wrapped.firstFrame / bare.firstFrame)) (\(Format.millions(wrapped.firstFrame)) vs "
                           + "\(Format.millions(bare.firstFrame))), per frame \(Format.ratio(wrapped.perFrame / bare.perFrame)) "
                           + "(\(Format.millions(wrapped.perFrame)) vs \(Format.millions(bare.perFrame)))")
            }
        }
        return out
    }

    /// Ours at every row count: whether anything of ours grows with the rows.
    func growthLines() -> [String] {
        let counts = rows.compactMap { n in measured(.ours, n).map { (n, $0) } }
        guard counts.count > 1, let (_, base) = counts.first else { return [] }
        let m = Format.millions
        func row(_ name: String, _ value: (InstructionCount) -> Double?) -> String {
            "  \(name): " + counts.map { n, c in
                let v = value(c)
                let growth = v.flatMap { x in value(base).flatMap { $0 > 0 ? " (\(Format.fixed(x / $0, 3))×)" : nil } } ?? ""
                return "\(Format.grouped(n)) \(v.map(m) ?? "-")\(growth)"
            }.joined(separator: ", ")
        }
        return ["ours by row count (× the first):", row("first frame", { $0.firstFrame }), row("per frame", { $0.perFrame }),
                row("own code per frame", { $0.ownPerFrame }), row("ListView.render per frame", { $0.drawPerFrame })]
    }

    /// What dominates ours (the largest row count measured): the top functions by self instructions.
    func topLines() -> [String] {
        guard let n = rows.last(where: { measured(.ours, $0) != nil }), let c = measured(.ours, n) else { return [] }
        var out: [String] = []
        for (title, top) in [("first frame", c.topFirstFrame), ("per scrolled frame", c.topFrame)] where !top.isEmpty {
            out.append("ours at \(Format.grouped(n)) rows, \(title): top functions by self instructions")
            for f in top {
                out.append("  \(Format.padLeft(Format.millions(f.instructions), 9)) \(Format.padLeft(Format.fixed(100 * f.share, 1), 5)) %  \(f.name)")
            }
        }
        return out
    }

    // MARK: - JSON

    /// The report's `instructions` object, with `--instructions` (docs/benchmark.md, "JSON"):
    /// keys in snake case, as `ReportDocument`'s. Counts are whole instructions of the calling
    /// thread inside the counted region, Cairo with GL disabled.
    struct Document: Encodable, Sendable {
        /// One list at one row count (an entry of `results`).
        struct Count: Encodable, Sendable {
            var rows: Int
            var list: String
            /// `gtk3` or `gtk4`.
            var toolkit: String
            /// Frames of the counted scroll.
            var frames: Int
            /// From creating the list to the end of the first paint cycle.
            var firstFrameInstructions: Double
            /// Over the toolkit's empty window's. Null when unreliable (see `unreliable`).
            @Nullable var firstFrameOverEmptyInstructions: Double?
            /// The whole scroll, and per frame.
            var scrollInstructions: Double
            var frameInstructions: Double
            /// Per frame over the empty window's; null when unreliable.
            @Nullable var frameOverEmptyInstructions: Double?
            /// Our lists only: `ListView.render` per frame (inclusive), and the self instructions of
            /// our own code (RefreshCore, RefreshGtk, the demo's rows) in the first frame and per frame.
            var drawInstructionsPerFrame: Double?
            var ownFirstFrameInstructions: Double?
            var ownFrameInstructions: Double?
            /// `ours` only: the functions with the most self instructions in the first frame and
            /// per frame.
            var topFirstFrame: [Top]?
            var topFrame: [Top]?
            /// The child's wall time under callgrind.
            var wallS: Double?
            /// The increments left null because the floor is above the list: field name → reason.
            var unreliable: [String: String]?
        }

        /// A toolkit's empty window (an entry of `floors`).
        struct Floor: Encodable, Sendable {
            var toolkit: String
            var frames: Int
            var firstFrameInstructions: Double
            var scrollInstructions: Double
            var frameInstructions: Double
            var wallS: Double?
        }

        /// A function and its self instructions (per frame in `top_frame`), with its `share` of the region.
        struct Top: Encodable, Sendable {
            var function: String
            var instructions: Double
            var share: Double
        }

        /// A count not made or failed (`skipped`, `failed`): the list, its rows, the reason.
        struct Skip: Encodable, Sendable {
            var rows: Int?
            var list: String
            var reason: String
        }

        /// Frames of the counted scroll, and the GL setting (`off`).
        var frames: Int
        var gl: String
        var floors: [Floor]
        var results: [Count]
        var skipped: [Skip]
        var failed: [Skip]?
        /// Why the pass could not run at all (no valgrind), when it could not.
        var passSkipped: String?
    }

    var document: Document {
        func tops(_ list: [TopFunction]) -> [Document.Top]? {
            list.isEmpty ? nil : list.map { Document.Top(function: $0.name, instructions: $0.instructions.rounded(),
                                                         share: JSONCoding.number($0.share, 4) ?? 0) }
        }
        func count(_ c: InstructionCount) -> Document.Count {
            let first = firstOverEmpty(c), frame = frameOverEmpty(c)
            let reasons = [("first_frame_over_empty_instructions", first.reason),
                           ("frame_over_empty_instructions", frame.reason)].compactMap { k, v in v.map { (k, $0) } }
            return Document.Count(
                rows: c.rows, list: c.list?.rawValue ?? "", toolkit: c.toolkit.rawValue, frames: c.frames,
                firstFrameInstructions: c.firstFrame,
                firstFrameOverEmptyInstructions: first.value?.rounded(),
                scrollInstructions: c.scroll, frameInstructions: c.perFrame.rounded(),
                frameOverEmptyInstructions: frame.value?.rounded(),
                drawInstructionsPerFrame: c.drawPerFrame?.rounded(), ownFirstFrameInstructions: c.ownFirstFrame,
                ownFrameInstructions: c.ownPerFrame?.rounded(), topFirstFrame: tops(c.topFirstFrame),
                topFrame: tops(c.topFrame), wallS: JSONCoding.number(c.wallSeconds, 1),
                unreliable: reasons.isEmpty ? nil : Dictionary(reasons, uniquingKeysWith: { a, _ in a }))
        }
        var floorCounts: [Document.Floor] = []
        var results: [Document.Count] = []
        var skippedLines: [Document.Skip] = []
        var failedLines: [Document.Skip] = []
        for toolkit in Toolkit.allCases {
            switch floors[toolkit] {
            case .measured(let c)?:
                floorCounts.append(.init(toolkit: toolkit.rawValue, frames: c.frames, firstFrameInstructions: c.firstFrame,
                                         scrollInstructions: c.scroll, frameInstructions: c.perFrame.rounded(),
                                         wallS: JSONCoding.number(c.wallSeconds, 1)))
            case .failed(let message)?: failedLines.append(.init(list: "empty-\(toolkit.rawValue)", reason: message))
            case .skipped(let reason)?: skippedLines.append(.init(list: "empty-\(toolkit.rawValue)", reason: reason))
            case nil: break
            }
        }
        for n in rows {
            for list in lists {
                switch outcomes[InstructionKey(rows: n, list: list)] {
                case .measured(let c)?: results.append(count(c))
                case .failed(let message)?: failedLines.append(.init(rows: n, list: list.rawValue, reason: message))
                case .skipped(let reason)?: skippedLines.append(.init(rows: n, list: list.rawValue, reason: reason))
                case nil: break
                }
            }
        }
        return Document(frames: frames, gl: GLMode.off.rawValue, floors: floorCounts, results: results,
                        skipped: skippedLines, failed: failedLines.isEmpty ? nil : failedLines, passSkipped: skipped)
    }
}

/// Runs every counted child under callgrind and reads its dumps.
@MainActor
enum InstructionRun {
    /// The functions that bound what is counted: `instructionsCountedRegion` (Swift, mangled:
    /// callgrind's `--dump-after` takes no wildcard) and refresh-bench-gtk4's
    /// `instructions_counted_region`.
    static let regionFunctions = ["$s13refresh_bench25instructionsCountedRegionyyyyXEF", "instructions_counted_region"]
    /// Our own drawing: `ListView.render(_:width:height:)` (package API the snapshots use too),
    /// mangled. If it is renamed, the draw figures are missing and the bench test says so.
    static let ourDrawFunction = "$s10RefreshGtk8ListViewC6render_5width6height"
    /// Our own code, by mangled module prefix: RefreshCore, RefreshGtk, and the demo's rows
    /// (RefreshDemo: DemoRows and FeedRenderer compute the text).
    static let ownPrefixes = ["$s11RefreshCore", "$s10RefreshGtk", "$s11RefreshDemo"]
    static let topCount = 10

    static func run(_ options: Options, gtk4Skipped: String?) -> InstructionResults {
        var results = InstructionResults(frames: options.instructionFrames)
        results.rows = Options.instructionRows.filter { options.rows.contains($0) }
        results.lists = Options.instructionLists.filter { options.lists.contains($0) }
        guard !results.rows.isEmpty, !results.lists.isEmpty else {
            results.skipped = "none of --rows (\(Options.instructionRows.map(Format.grouped).joined(separator: ", "))) "
                + "or --lists (\(Options.instructionLists.map(\.rawValue).joined(separator: ", "))) is counted"
            return results
        }
        var tools: [String: String] = [:]
        for tool in ["valgrind", "callgrind_annotate", "strip"] {
            guard let path = executableInPath(tool) else {
                results.skipped = "\(tool) is not installed (apt install valgrind binutils)"
                return results
            }
            tools[tool] = path
        }
        let keep = options.callgrindDirectory
        guard let directory = keep ?? temporaryDirectory() else {
            results.skipped = "cannot make a temporary directory: \(String(cString: strerror(errno)))"
            return results
        }
        defer { if keep == nil { try? FileManager.default.removeItem(atPath: directory) } }
        if let keep { printError("instructions: callgrind's dumps go to \(keep)") }

        // valgrind 3.19 cannot read Swift's DWARF 5: callgrind runs copies without debug info
        // (their symbol tables, which name the functions, stay).
        var programs: [Toolkit: String] = [:]
        for toolkit in Toolkit.allCases {
            guard results.lists.contains(where: { $0.toolkit == toolkit }) else { continue }
            if toolkit == .gtk4, let gtk4Skipped {
                results.floors[.gtk4] = .skipped(gtk4Skipped)
                for n in results.rows {
                    for list in results.lists where list.toolkit == .gtk4 {
                        results.outcomes[InstructionKey(rows: n, list: list)] = .skipped(gtk4Skipped)
                    }
                }
                continue
            }
            let source = toolkit == .gtk3 ? Spawn.selfPath : Spawn.gtk4Path
            let copy = directory + "/" + (toolkit == .gtk3 ? "refresh-bench" : "refresh-bench-gtk4")
            switch Spawn.run(tools["strip"]!, ["strip", "--strip-debug", "-o", copy, source], environment: []) {
            case .success: programs[toolkit] = copy
            case .failure(let failure):
                results.floors[toolkit] = .failed("cannot strip a copy of \(source): \(failure)")
            }
        }

        let keys = results.rows.flatMap { n in results.lists.map { InstructionKey(rows: n, list: $0) } }
        let total = programs.count + keys.filter { skipReason($0) == nil && programs[$0.list.toolkit] != nil }.count
        var step = 0
        let counter = Counter(valgrind: tools["valgrind"]!, annotate: tools["callgrind_annotate"]!, directory: directory,
                              frames: options.instructionFrames)
        for toolkit in Toolkit.allCases {
            guard let program = programs[toolkit] else { continue }
            step += 1
            writeAll(2, "[\(step)/\(total)] instructions: the \(toolkit.title) empty window … ")
            results.floors[toolkit] = counter.count(program: program, toolkit: toolkit, list: nil, rows: 0,
                                                    layoutCache: options.layoutCache)
            for key in keys where key.list.toolkit == toolkit {
                if let reason = skipReason(key) {
                    results.outcomes[key] = .skipped(reason)
                    continue
                }
                step += 1
                writeAll(2, "[\(step)/\(total)] instructions: \(key.list.title), \(Format.grouped(key.rows)) rows … ")
                results.outcomes[key] = counter.count(program: program, toolkit: toolkit, list: key.list, rows: key.rows,
                                                      layoutCache: options.layoutCache)
            }
        }
        return results
    }

    /// Why a list is not counted at a row count, or nil.
    static func skipReason(_ key: InstructionKey) -> String? {
        if key.list == .treeview, key.rows > Options.treeViewLimit {
            return "GtkTreeView is compared up to \(Format.grouped(Options.treeViewLimit)) rows (its store grows with "
                + "the rows: filling it under callgrind takes minutes)"
        }
        if key.list == .feed || key.list == .feedNocache, key.rows != Options.layoutCacheRows {
            return "the layout cache's pair (feed against feed-nocache) is counted at \(Format.grouped(Options.layoutCacheRows)) rows"
        }
        return nil
    }

    /// One child under callgrind and what its dumps say.
    struct Counter {
        let valgrind: String
        let annotate: String
        let directory: String
        let frames: Int

        @MainActor
        func count(program: String, toolkit: Toolkit, list: ListKind?, rows: Int, layoutCache: Bool) -> InstructionOutcome {
            let tag = list.map { "\($0.rawValue)-\(rows)" } ?? "empty-\(toolkit.rawValue)"
            let output = "\(directory)/callgrind.\(tag).out"
            var arguments = ["valgrind", "-q", "--tool=callgrind", "--collect-atstart=no", "--callgrind-out-file=\(output)"]
            for function in InstructionRun.regionFunctions {
                arguments += ["--toggle-collect=\(function)", "--dump-after=\(function)"]
            }
            arguments.append(program)
            switch (toolkit, list) {
            case (.gtk3, nil): arguments += ["--child-baseline", "--counted", "--frames", String(frames)]
            case (.gtk4, nil): arguments += ["--baseline", "--counted", "--frames", String(frames)]
            case (.gtk3, let list?):
                arguments += ["--child", list.rawValue, String(rows), "--counted", "--frames", String(frames),
                              "--layout-cache", layoutCache ? "on" : "off"]
            case (.gtk4, let list?):
                arguments += ["--child", list.gtk4ChildName ?? "listview", String(rows), "--counted", "--frames", String(frames)]
            }
            let child: Spawn.Child
            switch Spawn.run(valgrind, arguments, environment: GLMode.off.environment(for: toolkit)) {
            case .failure(let failure):
                printError("FAILED: \(failure)")
                return .failed(failure.description)
            case .success(let finished): child = finished
            }
            // One dump per counted region, in order: the first frame, then the scroll.
            guard let first = Callgrind.totals(ofFile: output + ".1"), let scroll = Callgrind.totals(ofFile: output + ".2") else {
                let message = "callgrind wrote no dump of the counted regions (\(output).1, .2): is "
                    + "\(InstructionRun.regionFunctions.joined(separator: " / ")) in the program's symbol table?"
                printError("FAILED: \(message)")
                return .failed(message)
            }
            var count = InstructionCount(list: list, toolkit: toolkit, rows: rows, firstFrame: first, scroll: scroll,
                                         frames: frames, wallSeconds: child.wallSeconds)
            if let list, list.isRefreshView {
                let firstSelf = Callgrind.functions(annotating: output + ".1", inclusive: false, total: first, with: annotate)
                let frameSelf = Callgrind.functions(annotating: output + ".2", inclusive: false, total: scroll, with: annotate)
                let frameInclusive = Callgrind.functions(annotating: output + ".2", inclusive: true, total: scroll,
                                                         with: annotate)
                func own(_ functions: [(String, Double)]) -> Double {
                    functions.filter { name, _ in InstructionRun.ownPrefixes.contains { name.hasPrefix($0) } }
                        .reduce(0) { $0 + $1.1 }
                }
                count.ownFirstFrame = own(firstSelf)
                count.ownPerFrame = own(frameSelf) / Double(frames)
                count.drawPerFrame = frameInclusive.first { $0.0.hasPrefix(InstructionRun.ourDrawFunction) }
                    .map { $0.1 / Double(frames) }
                if list == .ours {
                    count.topFirstFrame = Callgrind.top(firstSelf, of: first, count: InstructionRun.topCount)
                    count.topFrame = Callgrind.top(frameSelf, of: scroll, count: InstructionRun.topCount)
                        .map { TopFunction(name: $0.name, instructions: $0.instructions / Double(frames), share: $0.share) }
                }
            }
            printError("first frame \(Format.millions(first)), \(Format.millions(count.perFrame)) per frame "
                       + "(\(Format.fixed(child.wallSeconds, 1)) s)")
            return .measured(count)
        }
    }

    static func executableInPath(_ name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    private static func temporaryDirectory() -> String? {
        var template = Array("/tmp/refresh-bench-callgrind.XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { buffer in
            mkdtemp(buffer.baseAddress!).map { String(cString: $0) }
        }
    }
}

/// Reading callgrind's output.
enum Callgrind {
    /// The instructions a dump file holds (its `totals:` line).
    static func totals(ofFile path: String) -> Double? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("totals:") || line.hasPrefix("summary:") {
            if let value = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) { return value }
        }
        return nil
    }

    /// Every function of a dump with its self (or inclusive) instructions, as
    /// `callgrind_annotate` lists them, most first.
    ///
    /// A dump taken on leaving the counted region also charges the whole region to each function
    /// on the stack below it (`main` and the like) as if it were their self cost; a real self
    /// cost is always below the total, so those are dropped.
    @MainActor
    static func functions(annotating path: String, inclusive: Bool, total: Double, with annotate: String) -> [(String, Double)] {
        let arguments = ["callgrind_annotate", "--inclusive=\(inclusive ? "yes" : "no")", "--threshold=100", path]
        guard case .success(let child) = Spawn.run(annotate, arguments, environment: []) else { return [] }
        let functions = parseAnnotation(child.output)
        return inclusive ? functions : functions.filter { $0.1 < total }
    }

    /// `callgrind_annotate`'s function lines: "1,234,567 (12.34%)  file:function [object]". A
    /// function without a symbol (a stripped library's static function) is named by its address
    /// and its library.
    static func parseAnnotation(_ text: String) -> [(String, Double)] {
        var functions: [(String, Double)] = []
        for raw in text.split(separator: "\n") {
            let line = raw.drop(while: { $0 == " " })
            guard let space = line.firstIndex(of: " ") else { continue }
            let digits = line[..<space].filter { $0 != "," }
            guard !digits.isEmpty, digits.allSatisfy(\.isNumber), let value = Double(digits),
                  let close = line.firstIndex(of: ")") else { continue }
            var rest = line[line.index(after: close)...].drop(while: { $0 == " " })
            guard rest != "PROGRAM TOTALS" else { continue }
            var object = ""
            if let bracket = rest.range(of: " [", options: .backwards) {
                object = String(rest[bracket.upperBound...].dropLast().split(separator: "/").last ?? "")
                rest = rest[..<bracket.lowerBound]
            }
            let name = String(rest.firstIndex(of: ":").map { rest[rest.index(after: $0)...] } ?? rest)
            functions.append((name.hasPrefix("0x") ? "\(name) in \(object)" : name, value))
        }
        return functions
    }

    /// The `count` largest, with readable names (`swift demangle` when it is there).
    @MainActor
    static func top(_ functions: [(String, Double)], of total: Double, count: Int) -> [TopFunction] {
        let top = Array(functions.sorted { $0.1 > $1.1 }.prefix(count))
        let names = demangle(top.map(\.0))
        return zip(top, names).map { TopFunction(name: $1, instructions: $0.1, share: total > 0 ? $0.1 / total : 0) }
    }

    @MainActor
    private static func demangle(_ names: [String]) -> [String] {
        let swift = names.filter { $0.hasPrefix("$s") }
        guard !swift.isEmpty, let tool = InstructionRun.executableInPath("swift-demangle"),
              case .success(let child) = Spawn.run(tool, ["swift-demangle", "--simplified", "--compact"] + swift,
                                                   environment: []) else { return names }
        let lines = child.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= swift.count else { return names }
        let readable = Dictionary(zip(swift, lines), uniquingKeysWith: { a, _ in a })
        return names.map { readable[$0] ?? $0 }
    }
}
