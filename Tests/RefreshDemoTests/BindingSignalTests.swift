// Issue 29: the bin's signals (`refresh`, `load-more`, the state-changed pair) and property
// notifications from C and from GJS (Tests/introspection/bin_signals.c and bin_signals.js),
// against the library, header and typelib installed in IntrospectionTests' PREFIX. Each program
// logs every emission and notification in order and checks each step's exact sequence and each
// handler's arguments itself (docs/gobject-api.md). In IntrospectionTests' serialized suite, so
// that its one install is shared and nothing reinstalls it under a running program.

import Foundation
import Testing

extension IntrospectionTests {
    static let introspectionDirectory = ScriptHarness.repoRoot.appendingPathComponent("Tests/introspection").path

    @Test func cSeesTheBinsSignalsAndNotifications() throws {
        let prefix = try Self.prefix()
        let env = Self.environment(prefix)
        let flags = try ScriptHarness.run("/usr/bin/pkg-config", ["--cflags", "--libs", "ptr-refresh-1.0"], environment: env)
        try #require(flags.status == 0, "\(flags.output)")
        let out = try ScriptHarness.makeTempDirectory("gi-signals")
        defer { ScriptHarness.removeTree(out) }
        let arguments = ["-Wall", "-Wextra", "-Werror", "\(Self.introspectionDirectory)/bin_signals.c", "-o", "\(out)/bin-signals"]
            + flags.output.split(whereSeparator: \.isWhitespace).map(String.init)
        let cc = try ScriptHarness.run("/usr/bin/cc", arguments, environment: env)
        try #require(cc.status == 0, "cc failed:\n\(cc.output)")
        let run = try ScriptHarness.run("\(out)/bin-signals", environment: env)
        #expect(run.status == 0 && run.output.contains("all checks passed"),
                "bin_signals.c:\n\(Self.failures(run.output))\n\(run.output)")
    }

    @Test func gjsSeesTheBinsSignalsAndNotifications() throws {
        let gjs = try #require(ScriptHarness.which("gjs"), "gjs is missing: scripts/deps.sh test installs it")
        let run = try ScriptHarness.run(gjs, ["\(Self.introspectionDirectory)/bin_signals.js"],
                                        environment: Self.environment(try Self.prefix()))
        #expect(run.status == 0 && run.output.contains("all checks passed"),
                "bin_signals.js:\n\(Self.failures(run.output))\n\(run.output)")
    }

    /// The failed checks of a program's output.
    static func failures(_ output: String) -> String {
        output.split(separator: "\n").filter { $0.hasPrefix("FAIL") }.joined(separator: "\n")
    }
}
