import ArgumentParser
import Glibc
import RefreshCore

/// The lists a run can measure. `ours` is `RefreshView`; the peers are GTK 3's stock lists and
/// GTK 4's GtkListView (in a child executable of its own, `refresh-bench-gtk4`).
/// `treeview-wrapped` is the `treeview` peer exactly as built there, given pull-to-refresh by
/// `RefreshBin(wrapping:)` (issue 19): what the bin costs a foreign host, against the bare one.
/// `gtk4-listview-wrapped` is the same for GTK 4 (issue 26): the on-demand GtkListView in its
/// GtkScrolledWindow given pull-to-refresh by the GTK 4 bin (`Ptr4RefreshBin`, made through its C
/// API in refresh-bench-gtk4), against the bare `gtk4-listview`.
/// `feed` is RefreshView with the demo's variable-height feed rows (`FeedRenderer`), measured
/// like `ours`; `feed-nocache` is the same list with its layout cache always off (issue 12: the
/// cache against none, side by side at `Options.layoutCacheRows`).
enum ListKind: String, CaseIterable, Sendable, ExpressibleByArgument {
    case ours
    case feed
    case feedNocache = "feed-nocache"
    case treeview
    case treeviewWrapped = "treeview-wrapped"
    case listbox
    case gtk4Listview = "gtk4-listview"
    case gtk4ListviewWrapped = "gtk4-listview-wrapped"
    case gtk4Stringlist = "gtk4-stringlist"

    /// How the table names it.
    var title: String {
        switch self {
        case .ours: return "ours"
        case .feed: return "feed"
        case .feedNocache: return "feed-nocache"
        case .treeview: return "GtkTreeView"
        case .treeviewWrapped: return "GtkTreeView+bin"
        case .listbox: return "GtkListBox"
        case .gtk4Listview: return "GtkListView"
        case .gtk4ListviewWrapped: return "GtkListView+bin"
        case .gtk4Stringlist: return "GtkListView+SL"
        }
    }

    var toolkit: Toolkit { gtk4ChildName == nil ? .gtk3 : .gtk4 }

    /// What refresh-bench-gtk4's `--child` calls a GTK 4 list; nil for the GTK 3 lists.
    var gtk4ChildName: String? {
        switch self {
        case .gtk4Listview: return "listview"
        case .gtk4ListviewWrapped: return "listview-wrapped"
        case .gtk4Stringlist: return "stringlist"
        default: return nil
        }
    }

    /// The bare list a wrapped one is compared with (wrapped ÷ bare), or nil.
    var bare: ListKind? {
        switch self {
        case .treeviewWrapped: return .treeview
        case .gtk4ListviewWrapped: return .gtk4Listview
        default: return nil
        }
    }

    /// RefreshView (text or feed rows): the lists `--layout-cache` applies to.
    var isRefreshView: Bool { self == .ours || self == .feed || self == .feedNocache }
}

/// `--layout-cache`: whether our lists keep their rows' Pango layouts between frames
/// (`RowLayoutCache.isEnabled`). `feed-nocache` runs without it whatever this says.
enum LayoutCacheSetting: String, CaseIterable, Sendable, ExpressibleByArgument {
    case on, off
}

enum Toolkit: String, CaseIterable, Sendable {
    case gtk3, gtk4
    var title: String { self == .gtk3 ? "GTK 3" : "GTK 4" }
}

/// The GL setting a child runs with. `off` is the like-for-like line: GTK 3 with
/// `GDK_GL=disable` (no GLX probe, which maps Mesa's llvmpipe into the process) and GTK 4 with
/// `GSK_RENDERER=cairo GDK_DEBUG=gl-disable`; every list then draws with Cairo. `default` leaves
/// GTK's defaults (GTK 4 picks its GL renderer, on llvmpipe under Xvfb).
enum GLMode: String, CaseIterable, Sendable, ExpressibleByArgument {
    case off
    case `default`

    var title: String {
        switch self {
        case .off: return "Cairo, GL disabled (GTK 3: GDK_GL=disable; GTK 4: GSK_RENDERER=cairo GDK_DEBUG=gl-disable)"
        case .default: return "default settings (GTK 3: GL probe on; GTK 4: the renderer GTK picks)"
        }
    }

    /// The variables set for a child (`nil`: removed, so that the parent's environment does not leak in).
    func environment(for toolkit: Toolkit) -> [(String, String?)] {
        switch (self, toolkit) {
        case (.off, .gtk3): return [("GDK_GL", "disable"), ("GSK_RENDERER", nil), ("GDK_DEBUG", nil)]
        case (.off, .gtk4): return [("GDK_GL", nil), ("GSK_RENDERER", "cairo"), ("GDK_DEBUG", "gl-disable")]
        case (.default, _): return [("GDK_GL", nil), ("GSK_RENDERER", nil), ("GDK_DEBUG", nil)]
        }
    }
}

/// Where a list's rows come from. The stock lists copy every string into their model or
/// widgets, so they need the strings up front; RefreshView asks a `RowSource` for the visible
/// rows only, which can compute them from the index (what the widget is designed for) or read
/// the same pre-generated strings the peers get (the like-for-like memory line).
enum RowData: String, Sendable, ExpressibleByArgument {
    case computed, strings
}

/// The motion benchmarks (1,000,000 rows, every header style): both on ours, and the refresh
/// cycle on the wrapped GtkTreeView and the wrapped GtkListView too (`MotionRun.lists`).
enum MotionScenario: String, CaseIterable, Sendable, ExpressibleByArgument {
    case refreshCycle = "refresh-cycle"
    case wheelScroll = "wheel-scroll"
}

extension HeaderStyle: ExpressibleByArgument {}

/// A comma-separated list of positive row counts (`1000,1_000_000`).
struct RowCounts: ExpressibleByArgument, Sendable {
    var counts: [Int]
    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
        var counts: [Int] = []
        for part in parts {
            let digits = part.filter { $0 != "_" }
            guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits), n > 0,
                  n <= Options.maxRows
            else { return nil }
            if !counts.contains(n) { counts.append(n) }
        }
        guard !counts.isEmpty else { return nil }
        self.counts = counts
    }
    init(_ counts: [Int]) { self.counts = counts }
    var defaultValueDescription: String { counts.map(String.init).joined(separator: ",") }
}

/// A comma-separated list of names of a `CaseIterable` string enum, without repeats.
struct NameList<Element: RawRepresentable & CaseIterable & Sendable & Equatable>: ExpressibleByArgument, Sendable
where Element.RawValue == String {
    var elements: [Element]
    init?(argument: String) {
        var elements: [Element] = []
        for name in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let element = Element(rawValue: String(name)) else { return nil }
            if !elements.contains(element) { elements.append(element) }
        }
        guard !elements.isEmpty else { return nil }
        self.elements = elements
    }
    init(_ elements: [Element]) { self.elements = elements }
    var defaultValueDescription: String { elements.map(\.rawValue).joined(separator: ",") }
    static var allValueStrings: [String] { Element.allCases.map(\.rawValue) }
}

/// The command line (swift-argument-parser). Bad values end the program with a one-line
/// message naming the option and exit status 2 (see `Bench.main`).
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh-bench",
        abstract: "RefreshView against GTK 3's stock lists and GTK 4's GtkListView, each list in a process of its own.",
        discussion: """
            Prints a table with ratios (peer / ours), motion figures and the goals. Needs an X display: \
            run it under Xvfb, e.g. xvfb-run -a -s "-screen 0 1280x1024x24" refresh-bench --json bench.json \
            (scripts/bench.sh does that). Exit status: 0, 1 if a measurement failed, 2 for a bad argument \
            or no display.
            """)

    @Option(help: ArgumentHelp("Also write the figures as JSON to this file.", valueName: "file"))
    var json: String?

    @Option(help: "Frames timed while scrolling, per list, row count and GL setting (8 to 100000).")
    var frames = 240

    @Option(help: ArgumentHelp("Row counts, separated by commas.", valueName: "n,n,…"))
    var rows = RowCounts(Options.defaultRows)

    @Option(help: ArgumentHelp("Lists to measure, separated by commas.", valueName: "list,…"))
    var lists = NameList(ListKind.allCases)

    @Option(help: ArgumentHelp("GL settings to run every list with (off: Cairo with GL disabled, the like-for-like line).",
                               valueName: "off,default"))
    var gl = NameList(GLMode.allCases)

    @Option(help: ArgumentHelp("Header styles for the motion benchmarks.", valueName: "jike,classic,plain"))
    var styles = NameList(HeaderStyle.allCases)

    @Option(help: ArgumentHelp("The layout cache of our lists (ours, feed); feed-nocache always runs without it.",
                               valueName: "on|off"))
    var layoutCache = LayoutCacheSetting.on

    @Flag(help: "Skip the header/footer frame and core-per-event figures.")
    var noMicro = false

    @Flag(help: "Skip ours over pre-generated strings at 1,000,000 rows.")
    var noLikeForLike = false

    @Flag(help: "Skip the motion benchmarks (refresh cycle and wheel scroll).")
    var noMotion = false

    @Flag(help: """
        Also count instructions with valgrind's callgrind (Cairo, GL disabled): first frame and a fixed scroll for ours, \
        GtkTreeView and GtkListView and each toolkit's empty window, at the row counts of --rows among 1000, 1000000 \
        and 10000000 (needs valgrind).
        """)
    var instructions = false

    @Option(help: "Frames of the fixed scroll counted with --instructions (8 to 10000).")
    var instructionFrames = Options.defaultInstructionFrames

    @Flag(help: "Skip the millisecond measurements (with --instructions: instruction counts only).")
    var noTimings = false

    @Option(help: ArgumentHelp("Keep callgrind's dumps (callgrind.LIST-ROWS.out.1: first frame, .2: the scroll) in this "
                               + "existing directory, for callgrind_annotate.", valueName: "dir"))
    var callgrindDir: String?

    // Hidden: what the parent passes to its children.
    @Option(parsing: .upToNextOption, help: .private)
    var child: [String] = []

    @Flag(help: .private)
    var childBaseline = false

    /// Hidden: the child runs under callgrind and marks what it measures (`CountedRegion`).
    @Flag(help: .private)
    var counted = false

    @Option(help: .private)
    var data = RowData.computed

    /// Hidden, for profiling: our lists' kept row images off (their layout cache stays as set).
    @Option(help: .private)
    var rowImages = LayoutCacheSetting.on

    @Option(help: .private)
    var motion: MotionScenario?

    @Option(help: .private)
    var style: HeaderStyle = .jike

    @Option(help: .private)
    var motionList = ListKind.ours

    func validate() throws {
        guard (8...100_000).contains(frames) else {
            throw ValidationError("invalid value '\(frames)' for --frames: expected a whole number from 8 to 100000")
        }
        guard (8...10_000).contains(instructionFrames) else {
            throw ValidationError(
                "invalid value '\(instructionFrames)' for --instruction-frames: expected a whole number from 8 to 10000")
        }
        if noTimings, !instructions, child.isEmpty, !childBaseline {
            throw ValidationError("--no-timings leaves nothing to measure without --instructions")
        }
        if let callgrindDir {
            guard let directory = opendir(callgrindDir) else {
                throw ValidationError("invalid value '\(callgrindDir)' for --callgrind-dir: not an existing directory")
            }
            closedir(directory)
        }
        if !child.isEmpty {
            guard child.count == 2, ListKind(rawValue: child[0])?.isRefreshView == true || ListKind(rawValue: child[0])?.toolkit == .gtk3,
                  let n = Int(child[1]), n > 0, n <= Options.maxRows
            else { throw ValidationError("--child needs a GTK 3 list name and a row count") }
        }
        if motion != nil, motionList.toolkit == .gtk4 {
            throw ValidationError("--motion-list: '\(motionList.rawValue)' runs in refresh-bench-gtk4")
        }
        if let motion, !MotionRun.runs(motion, on: motionList) {
            throw ValidationError("--motion-list: no \(motion.rawValue) motion benchmark on '\(motionList.rawValue)'")
        }
    }

    var options: Options {
        var options = Options()
        options.jsonPath = json
        options.frames = frames
        options.rows = rows.counts
        options.lists = lists.elements
        options.glModes = gl.elements
        options.styles = styles.elements
        options.micro = !noMicro
        options.likeForLike = !noLikeForLike
        options.motion = !noMotion
        options.layoutCache = layoutCache == .on
        options.rowImages = rowImages == .on
        if child.count == 2, let kind = ListKind(rawValue: child[0]), let n = Int(child[1]) { options.child = (kind, n) }
        options.baselineChild = childBaseline
        options.counted = counted
        options.instructions = instructions
        options.instructionFrames = instructionFrames
        options.timings = !noTimings
        options.callgrindDirectory = callgrindDir
        options.data = data
        options.motionChild = motion
        options.style = style
        options.motionList = motionList
        return options
    }
}

/// What a run does, once parsed.
struct Options: Sendable {
    static let defaultRows = [1_000, 100_000, 1_000_000, 10_000_000]
    static let maxRows = 100_000_000
    /// GtkListBox costs ≈14–25 s and 600–850 MB at 100,000 rows here; 1,000,000 would take
    /// minutes and gigabytes, so it is skipped above this.
    static let listBoxLimit = 100_000
    /// GtkTreeView (bare and wrapped) is compared up to 1,000,000 rows (2 s and 360 MB there already).
    static let treeViewLimit = 1_000_000
    /// The like-for-like memory line (ours over the peers' pre-generated strings) runs here.
    static let likeForLikeRows = 1_000_000
    /// The motion benchmarks' list.
    static let motionRows = 1_000_000
    /// `feed-nocache` (the layout cache's side-by-side pair with `feed`) runs here only.
    static let layoutCacheRows = 1_000_000
    /// The instruction counts' row counts (those of `--rows` among them) and lists: ours against the
    /// two peers the goals name, GtkListView in the GTK 4 bin beside the bare one, and the layout
    /// cache's pair.
    static let instructionRows = [1_000, 1_000_000, 10_000_000]
    static let instructionLists: [ListKind] = [.ours, .treeview, .gtk4Listview, .gtk4ListviewWrapped, .feed, .feedNocache]
    static let defaultInstructionFrames = 40
    /// The smooth pace our lists are scrolled at too, in px per frame: a touchpad's (≈20–40 px
    /// per 60 Hz frame) rather than the ⅓ page a frame of the main figure.
    static let smoothStep = 30.0
    /// The feed rows' fixed reference time (2026-01-01 00:00 UTC): the same posts and ages in every run.
    static let feedReferenceTime = 1_767_225_600.0

    var jsonPath: String?
    var frames = 240
    var rows = Options.defaultRows
    var lists = ListKind.allCases
    var glModes = GLMode.allCases
    var styles = HeaderStyle.allCases
    var micro = true
    var likeForLike = true
    var motion = true
    /// `--layout-cache`: `view.list.layoutCache.isEnabled` for ours and feed.
    var layoutCache = true
    /// Hidden `--row-images`: `view.list.rowImages.isEnabled` in a child.
    var rowImages = true
    /// Hidden: `--child LIST ROWS` measures one GTK 3 list in this process and prints one JSON line.
    var child: (list: ListKind, rows: Int)?
    /// Hidden: `--child-baseline` measures the same window around an empty GtkScrolledWindow.
    var baselineChild = false
    /// Hidden `--counted`: a child under callgrind (`CountedRegion`), not timed.
    var counted = false
    /// `--instructions`: the callgrind pass (`InstructionRun`).
    var instructions = false
    var instructionFrames = Options.defaultInstructionFrames
    /// Not `--no-timings`: the millisecond pass.
    var timings = true
    /// `--callgrind-dir`: where the dumps stay (nil: a temporary directory, removed at the end).
    var callgrindDirectory: String?
    var data = RowData.computed
    /// Hidden: `--motion SCENARIO --style STYLE --motion-list LIST` runs one motion benchmark in
    /// this process.
    var motionChild: MotionScenario?
    var style = HeaderStyle.jike
    var motionList = ListKind.ours
}

/// Writes to stderr (progress and errors: stdout carries the table, or a child's JSON line).
func printError(_ text: String) {
    writeAll(2, text + "\n")
}

/// Writes all of `text` to a file descriptor. write(2) rather than stdio: the `stderr` global
/// is not concurrency-safe in Swift 6, and children leave with _exit, which flushes nothing.
func writeAll(_ fd: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
        let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0, errno == EINTR { continue }
        if n <= 0 { break }
        written += n
    }
}

/// The C string in a NUL-terminated buffer (what fgets fills).
func string(fromCBuffer buffer: [CChar]) -> String {
    String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
