import DemoRendering
import RefreshGtk
import ArgumentParser
import RefreshCore
// DemoOptionError is part of the demo's API (its commands and tests throw and match it), and so
// are the headless commands and the app-drawn header both demos share.
@_exported import DemoOptionValues
@_exported import DemoRendering

/// What `refresh-demo run` was asked for, validated: the options both demos take (`RunOptions`,
/// read through: `options.latency`) and refresh-demo's own.
@dynamicMemberLookup
package struct DemoOptions: Equatable, Sendable {
    package var rows = 300
    /// The options both demos' `run` take; refresh-demo reads their `header` as `header` and `appHeader`.
    package var run = RunOptions()
    /// The built-in style whose timings the header follows (arc: the plain bar's).
    package var header: HeaderStyle {
        get { run.header.timings }
        set { run.header = DemoHeader(rawValue: newValue.rawValue) ?? .jike }
    }
    /// QA: the engine's time runs this many times slower (`QAClock`); 1 is real time.
    package var slowMotion = 1.0
    /// QA: start with the overlay shown (the O key toggles it).
    package var overlay = false
    /// QA: `animation` lines on the trace (`--trace-animations`).
    package var traceAnimations = false
    /// How the simulated source answers: GLib timeouts, or async handlers awaiting `Task.sleep`.
    package var source: DemoSource = .timeout
    /// Which list shows the rows: ours, or one of GTK's own wrapped in a RefreshBin.
    package var list: ListKind = .virtual
    /// `feed`: variable-height timeline rows (FeedRenderer); `lines`: two text lines per row.
    package var content: DemoContent = .feed
    /// `--header arc`: the demo's app-drawn header (ArcHeader), over the plain header's timings.
    package var appHeader: DemoHeader? {
        get { run.header == .arc ? .arc : nil }
        set { run.header = newValue ?? DemoHeader(rawValue: header.rawValue) ?? .jike }
    }
    /// Open the window maximized: its place on the monitor is known from its first frame (the
    /// Wayland harness puts input there, docs/wayland.md).
    package var maximized = false

    package init() {}

    package subscript<Value>(dynamicMember keyPath: WritableKeyPath<RunOptions, Value>) -> Value {
        get { run[keyPath: keyPath] }
        set { run[keyPath: keyPath] = newValue }
    }

    /// The whole validation, pure: the command line's raw strings in, options or the first error
    /// out (`RunOptions.validated`'s strict numbers).
    package static func validated(
        rows: String = "300", latency: String = "1.5", failRate: String = "0", pageSize: String = "20",
        pages: String = "5", header: String = "jike", footer: String = "auto", trace: Bool = false,
        seed: String? = nil, slowMotion: String = "1", overlay: Bool = false, source: String = "timeout",
        traceAnimations: Bool = false, list: String = "virtual",
        content: String = "feed", maximized: Bool = false
    ) throws(DemoOptionError) -> DemoOptions {
        var options = DemoOptions()
        options.rows = try RunOptions.rows(rows)
        let run = try RunOptions.validated(latency: latency, failRate: failRate, pageSize: pageSize, pages: pages,
                                           header: header, footer: footer, trace: trace, seed: seed)
        { () throws(DemoOptionError) in
            options.source = try OptionValue.choice(source, option: "--source", DemoSource.self)
            options.list = try OptionValue.choice(list, option: "--list", ListKind.self)
        }
        options.run = run
        options.slowMotion = try OptionValue.decimal(slowMotion, option: "--slow-motion", in: QAClock.factorRange)
        options.overlay = overlay
        options.traceAnimations = traceAnimations
        options.content = try OptionValue.choice(content, option: "--content", DemoContent.self)
        options.maximized = maximized
        return options
    }
}

/// What the demo's rows show.
package enum DemoContent: String, Sendable, CaseIterable, Equatable {
    case feed, lines
}

/// `--source`: the same simulated answers through the callback API or the async one.
package enum DemoSource: String, CaseIterable, Sendable {
    /// `onRefresh`/`onLoadMore`, answered from GLib timeouts with `endRefreshing`/`endLoading`.
    case timeout
    /// `refreshAction`/`loadMoreAction`, awaiting `Task.sleep` on the main actor.
    case async
}

/// `refresh-demo`: the root command. It only dispatches; `run` is the default subcommand, so
/// `refresh-demo --rows 5` means `refresh-demo run --rows 5`.
package struct RefreshDemoCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "refresh-demo",
        abstract: "A GTK 3 list with pull-to-refresh and load-more.",
        discussion: """
            Without a subcommand, `run` opens the demo window with the options given, e.g.
            refresh-demo --rows 1000000 --header classic --trace. See 'refresh-demo run --help'.
            """,
        // Add a subcommand here, and nowhere else.
        subcommands: [RunCommand.self, SnapshotCommand.self, FilmstripCommand.self, RecordCommand.self],
        defaultSubcommand: RunCommand.self
    )

    package init() {}
}

/// `refresh-demo run`: opens the demo window.
package struct RunCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Open the demo window.",
        discussion: """
            Keys: F5 or Ctrl+R refresh; Home, End, Page Up/Down and the arrows scroll; Enter or \
            Space on the footer loads more; Ctrl+Q or Ctrl+W quits (so do Ctrl+C and SIGTERM in \
            the terminal).

            Live QA keys, on every --list: S slow motion ×10 on/off; P pause/resume the animation \
            clock; . (period) step one frame (1/60 s); O overlay (states, pull, animation, frame \
            times); G reference outline of the J; T scrubber (the whole header sequence); F save \
            the current frame as a PNG (in $PTR_QA_DIR or the working directory); F1 or ? help.
            """)

    // Strings, validated by `DemoOptions.validated`, as `RunArguments`'.
    @Option(parsing: .unconditional, help: "Initial number of rows, 0…100000000.")
    var rows = "300"
    @OptionGroup var shared: RunArguments
    @OptionGroup var qa: QAArguments
    @Option(parsing: .unconditional,
            help: "How the simulated source answers: timeout (GLib timeouts, onRefresh) or async (refreshAction awaiting Task.sleep).")
    var source = "timeout"
    @Option(parsing: .unconditional, help: """
        List: virtual (ours, any row count), treeview (GtkTreeView + GtkListStore, column headers; \
        at most 1000000 rows), listbox (GtkListBox of GtkLabel rows: slow to open, ~1 s per \
        10000 rows; at most 10000) or textview (GtkTextView, one paragraph per row; at most \
        100000). GTK's lists are wrapped in a RefreshBin; more rows than a list's limit are \
        clamped with a warning.
        """)
    var list = "virtual"
    @Option(parsing: .unconditional, help: "Rows: feed (a timeline of posts of different heights; the default) or lines (two text lines).")
    var content = "feed"
    @Flag(help: "Open the window maximized.")
    var maximized = false

    package init() {}

    package func options() throws(DemoOptionError) -> DemoOptions {
        try DemoOptions.validated(rows: rows, latency: shared.latency, failRate: shared.failRate,
                                  pageSize: shared.pageSize, pages: shared.pages, header: shared.header,
                                  footer: shared.footer, trace: shared.trace, seed: shared.seed,
                                  slowMotion: qa.slowMotion, overlay: qa.overlay, source: source,
                                  traceAnimations: qa.traceAnimations, list: list, content: content,
                                  maximized: maximized)
    }

    package func validate() throws {
        do { _ = try options() } catch { throw ValidationError(error.description) }
    }

    package func run() throws {
        let options = try options()
        // ArgumentParser calls run() from main.swift's top level: the main thread.
        let status = MainActor.assumeIsolated { DemoApp.run(options) }
        if status != 0 { throw ExitCode(status) }
    }
}

/// Parsing and exit statuses, kept apart from running so that tests can call them.
package enum DemoCommandLine {
    /// Exit status for any bad command line (ArgumentParser's own would be 64).
    package static let usageErrorStatus = CommandDispatch.usageErrorStatus

    package typealias Outcome = CommandOutcome

    /// Parses `arguments` (without the program name). Pure: opens nothing, prints nothing.
    package static func parse(_ arguments: [String]) -> Outcome {
        CommandDispatch.parse(arguments, root: RefreshDemoCommand.self)
    }

    /// What to print and return for an error thrown by parsing or by a command's run().
    package static func outcome(for error: any Error) -> Outcome {
        CommandDispatch.outcome(for: error, root: RefreshDemoCommand.self)
    }

    /// The whole program; returns the exit status.
    @MainActor
    package static func main(_ arguments: [String]) -> Int32 {
        var outcome = parse(arguments)
        if case .command(var command) = outcome {
            do {
                try command.run()
                return 0
            } catch {
                outcome = self.outcome(for: error)
            }
        }
        guard case let .exit(status, stdout, stderr) = outcome else { return 0 }
        FileDescriptorSink.standardOutput.write(stdout)
        FileDescriptorSink.standardError.write(stderr)
        return status
    }
}
