import ArgumentParser
import DemoOptionValues
import DemoRendering
import RefreshCore

/// `refresh-demo-gtk4`: refresh-demo's commands — `run` (the default), the headless `snapshot` and
/// `filmstrip` (shared with refresh-demo) and `record` (docs/demo.md).
struct Gtk4DemoRoot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh-demo-gtk4",
        abstract: "GTK 4's lists with pull-to-refresh and load-more (the GTK 4 bin).",
        discussion: """
            Without a subcommand, `run` opens the demo window with the options given, e.g.
            refresh-demo-gtk4 --list columnview --header classic --trace. See 'refresh-demo-gtk4 run --help'.
            """,
        subcommands: [Gtk4RunCommand.self, SnapshotCommand.self, FilmstripCommand.self, RecordCommand.self],
        defaultSubcommand: Gtk4RunCommand.self
    )
}

/// `refresh-demo-gtk4 run`: refresh-demo's `run` options where they apply, spelled and valued as
/// there (docs/demo.md), so that a scripted check of refresh-demo runs against this demo.
struct Gtk4RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open the demo window.",
        discussion: """
            Keys: F5 or Ctrl+R refresh; Home, End and Page Up/Down scroll (End loads more at the \
            bottom); Enter or Space loads more or retries while the footer offers it; Ctrl+Q or \
            Ctrl+W quits.

            Live QA keys, on every --list: S slow motion ×10 on/off; P pause/resume the animation \
            clock; . (period) step one frame (1/60 s); O overlay (states, pull, animation, frame \
            times); G reference outline of the J; T scrubber (the whole header sequence); F save \
            the current frame as a PNG (in $PTR_QA_DIR or the working directory); F1 or ? help.
            """)

    // Strings, validated by `DemoOptions.init`, as `RunArguments`'.
    @Option(parsing: .unconditional, help: """
        Initial number of rows, 0…100000000 (default: 10000000 for listview and columnview, 300 \
        for the others).
        """)
    var rows: String?
    @OptionGroup var shared: RunArguments
    @Option(parsing: .unconditional, help: """
        List: listview (GtkListView over a model that makes its items on demand), columnview \
        (GtkColumnView over the same model; its column headers stay put during a pull), listbox \
        (GtkListBox of GtkLabel rows; at most 10000) or textview (GtkTextView, one paragraph per \
        row; at most 100000). More rows than a list's limit are clamped with a warning.
        """)
    var list = "listview"
    @Flag(help: "Open the window maximized.")
    var maximized = false
    @OptionGroup var qa: QAArguments

    func options() throws(DemoOptionError) -> DemoOptions {
        try DemoOptions(rows: rows, shared: shared, list: list, maximized: maximized, slowMotion: qa.slowMotion,
                        overlay: qa.overlay, traceAnimations: qa.traceAnimations)
    }

    func validate() throws {
        do { _ = try options() } catch { throw ValidationError(error.description) }
    }
}

/// The GTK 4 demo's lists.
enum ListKind: String, CaseIterable, Sendable {
    case listview, columnview, listbox, textview

    /// Rows when `--rows` is not given.
    var defaultRows: Int {
        switch self {
        case .listview, .columnview: 10_000_000
        case .listbox, .textview: 300
        }
    }

    /// The most rows the list opens with (a GtkListBox of 10,000 labels takes ≈1 s to open).
    var maximumRows: Int {
        switch self {
        case .listview, .columnview: RunOptions.rowsRange.upperBound
        case .listbox: 10_000
        case .textview: 100_000
        }
    }
}

/// What the command line asked for, validated: the options both demos take (`RunOptions`, read
/// through: `options.latency`) and this demo's own.
@dynamicMemberLookup
struct DemoOptions: Sendable {
    var rows: Int
    /// `--rows` was above the list's limit: the rows asked for (a warning says so).
    var clampedFrom: Int?
    var run: RunOptions
    var list: ListKind
    var maximized: Bool
    /// QA: the engine's time runs this many times slower (`QAClock`); 1 is real time.
    var slowMotion: Double
    /// QA: start with the overlay shown (the O key toggles it).
    var overlay: Bool
    /// QA: with `--trace`, an `animation` line for every change of the header's animation.
    var traceAnimations: Bool

    subscript<Value>(dynamicMember keyPath: KeyPath<RunOptions, Value>) -> Value { run[keyPath: keyPath] }

    init(rows: String?, shared: RunArguments, list: String, maximized: Bool, slowMotion: String = "1",
         overlay: Bool = false, traceAnimations: Bool = false) throws(DemoOptionError) {
        let kind = try OptionValue.choice(list, option: "--list", ListKind.self)
        self.list = kind
        var asked: Int?
        if let rows { asked = try RunOptions.rows(rows) }
        self.rows = min(asked ?? kind.defaultRows, kind.maximumRows)
        clampedFrom = asked.flatMap { $0 > kind.maximumRows ? $0 : nil }
        run = try shared.options()
        self.maximized = maximized
        self.slowMotion = try OptionValue.decimal(slowMotion, option: "--slow-motion", in: QAClock.factorRange)
        self.overlay = overlay
        self.traceAnimations = traceAnimations
    }
}
