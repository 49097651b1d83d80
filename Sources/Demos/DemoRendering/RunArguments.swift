import ArgumentParser
import DemoOptionValues
import RefreshCore

/// The `run` options both demos take, spelled and explained once (docs/demo.md, "Options"): the
/// simulated source, the header and footer, the trace. Each demo's `run` puts its own `--rows`
/// before them and its lists and QA options after.
package struct RunArguments: ParsableArguments {
    // Strings, validated by `RunOptions.validated`, so that every bad value gets the same kind of
    // message. `.unconditional` so that "-1" is read as a (bad) value, not as an option.
    @Option(parsing: .unconditional, help: "Seconds each simulated refresh or load takes, 0…60.")
    package var latency = "1.5"
    @Option(name: .customLong("fail-rate"), parsing: .unconditional,
            help: "Probability that a refresh or load fails, 0…1.")
    package var failRate = "0"
    @Option(name: .customLong("page-size"), parsing: .unconditional,
            help: "Rows per loaded page (a refresh adds 1…page-size), 1…10000.")
    package var pageSize = "20"
    @Option(parsing: .unconditional, help: "Pages that load-more can add before the source is exhausted, 0…1000000.")
    package var pages = "5"
    @Option(parsing: .unconditional, help: "Header style: jike, classic, plain or arc (an app-drawn header: a progress arc with a percentage).")
    package var header = "jike"
    @Option(parsing: .unconditional, help: "Footer mode: auto (loads when it comes into view), pull or none (no footer: nothing loads).")
    package var footer = "auto"
    @Flag(help: "Print one JSON object per event on stdout.")
    package var trace = false
    @Option(parsing: .unconditional, help: "Seed for the simulated source (reproducible failures and refresh sizes).")
    package var seed: String?

    package init() {}

    /// The values checked; `between`: the demo's own checks, made before the seed's.
    package func options(between: () throws(DemoOptionError) -> Void = {}) throws(DemoOptionError) -> RunOptions {
        try RunOptions.validated(latency: latency, failRate: failRate, pageSize: pageSize, pages: pages, header: header,
                                 footer: footer, trace: trace, seed: seed, between: between)
    }
}

/// What `RunArguments` asked for, validated.
package struct RunOptions: Equatable, Sendable {
    package var latency = 1.5
    package var failRate = 0.0
    package var pageSize = 20
    package var pages = 5
    /// A built-in look, or the demo's app-drawn `arc`.
    package var header: DemoHeader = .jike
    package var footer: FooterMode = .auto
    package var trace = false
    /// Seeds the simulated source's generator (failures, refresh sizes); nil: a fresh seed.
    package var seed: UInt64?

    package init() {}

    package static let rowsRange = 0...100_000_000
    package static let latencyRange = 0.0...60.0
    package static let failRateRange = 0.0...1.0
    package static let pageSizeRange = 1...10_000
    package static let pagesRange = 0...1_000_000

    /// `--rows`, in both demos' range.
    package static func rows(_ text: String) throws(DemoOptionError) -> Int {
        try OptionValue.integer(text, option: "--rows", in: rowsRange)
    }

    /// Pure: the raw strings in, options or the first error out, checked in the order of the
    /// parameters with `between` (the demo's own checks) before the seed. Every number is parsed
    /// strictly (no whitespace, no hex, no NaN or infinity; a value too big for its type is out of
    /// range rather than "not a number").
    package static func validated(
        latency: String = "1.5", failRate: String = "0", pageSize: String = "20", pages: String = "5",
        header: String = "jike", footer: String = "auto", trace: Bool = false, seed: String? = nil,
        between: () throws(DemoOptionError) -> Void = {}
    ) throws(DemoOptionError) -> RunOptions {
        var options = RunOptions()
        options.latency = try OptionValue.decimal(latency, option: "--latency", in: latencyRange)
        options.failRate = try OptionValue.decimal(failRate, option: "--fail-rate", in: failRateRange)
        options.pageSize = try OptionValue.integer(pageSize, option: "--page-size", in: pageSizeRange)
        options.pages = try OptionValue.integer(pages, option: "--pages", in: pagesRange)
        options.header = try OptionValue.choice(header, option: "--header", DemoHeader.self)
        options.footer = try OptionValue.choice(footer, option: "--footer", FooterMode.self)
        options.trace = trace
        try between()
        if let seed {
            guard OptionValue.isDigits(seed), let value = UInt64(seed) else {
                throw DemoOptionError(option: "--seed", value: seed, expected: "a whole number from 0 to \(UInt64.max)")
            }
            options.seed = value
        }
        return options
    }
}
