import ArgumentParser

/// The live QA tools' options, spelled and explained once for both demos' `run`
/// (docs/qa-tools.md, "Live QA tools"); each demo checks the values into its own options.
package struct QAArguments: ParsableArguments {
    @Option(name: .customLong("slow-motion"), parsing: .unconditional,
            help: "QA: run every animation and the simulated latency K times slower, 1…20 (the S key toggles ×10).")
    package var slowMotion = "1"
    @Flag(help: "QA: start with the overlay shown (the O key toggles it).")
    package var overlay = false
    @Flag(name: .customLong("trace-animations"), help: "QA: with --trace, a line for every change of the header's animation.")
    package var traceAnimations = false

    package init() {}
}
