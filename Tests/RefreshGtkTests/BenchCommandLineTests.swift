import Foundation
import RefreshTestSupport
import Testing

/// `refresh-bench`'s command line (swift-argument-parser): every bad value ends the program
/// with one line on stderr naming the option and exit status 2, before any window or child
/// process. Runs the built binary (it is an executable target, not a library), with no display
/// so that a value let through by mistake could not start a benchmark.
@Suite struct BenchCommandLineTests {
    /// `refresh-bench` beside the test bundle (both live in `.build*/<config>/`).
    static let binary = BuiltProducts.executable("refresh-bench")

    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let run = try BuiltProducts.runHeadless(try #require(binary), arguments)
        return (run.status, run.stdout, run.stderr)
    }

    static let rejected: [Rejected] = [
        Rejected("--frames", "", naming: "--frames"),
        Rejected("--frames", "abc", naming: "--frames"),
        Rejected("--frames", "-5", naming: "--frames"),
        Rejected("--frames", "7", naming: "--frames"),
        Rejected("--frames", "100001", naming: "--frames"),
        Rejected("--frames", String(repeating: "9", count: 400), naming: "--frames"),
        Rejected("--frames", naming: "--frames"),
        Rejected("--rows", "", naming: "--rows"),
        Rejected("--rows", "0", naming: "--rows"),
        Rejected("--rows", "-1000", naming: "--rows"),
        Rejected("--rows", "1000,,10", naming: "--rows"),
        Rejected("--rows", "1e6", naming: "--rows"),
        Rejected("--rows", "100000001", naming: "--rows"),
        Rejected("--rows", String(repeating: "9", count: 400), naming: "--rows"),
        Rejected("--lists", "", naming: "--lists"),
        Rejected("--lists", "ours,gtk5", naming: "--lists"),
        Rejected("--lists", "OURS", naming: "--lists"),
        Rejected("--gl", "on", naming: "--gl"),
        Rejected("--styles", "jike,fancy", naming: "--styles"),
        Rejected("--layout-cache", "maybe", naming: "--layout-cache"),
        Rejected("--json", naming: "--json"),
        Rejected("--instruction-frames", "7", naming: "--instruction-frames"),
        Rejected("--instruction-frames", "10001", naming: "--instruction-frames"),
        Rejected("--no-timings", naming: "--no-timings"),
        Rejected("--instructions", "--callgrind-dir", "/nonexistent/refresh-bench", naming: "--callgrind-dir"),
        Rejected("--colour", "blue", naming: "--colour"),
        // The wrapped GtkListView's motion run is refresh-bench-gtk4's, never a GTK 3 child's.
        Rejected("--motion", "refresh-cycle", "--motion-list", "gtk4-listview-wrapped", naming: "--motion-list"),
    ]

    @Test(.enabled { try Prerequisite.check(.built("refresh-bench")) },
          arguments: rejected)
    func badValueIsRejectedWithStatus2(_ input: Rejected) throws {
        let result = try Self.run(input.arguments)
        #expect(input.problems("refresh-bench", status: result.status, stdout: result.stdout, stderr: result.stderr) == [])
    }

    /// Good values get past parsing: with no display the benchmark then stops with its own
    /// message (status 2 too, but naming DISPLAY, not an option).
    @Test(.enabled { try Prerequisite.check(.built("refresh-bench")) })
    func goodValuesReachTheDisplayCheck() throws {
        let result = try Self.run(["--rows", "1_000,1000000", "--lists", "ours,gtk4-listview,gtk4-listview-wrapped,gtk4-stringlist",
                                   "--frames", "8", "--gl", "off", "--styles", "plain", "--no-micro", "--no-motion"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("DISPLAY is not set"))
    }

    @Test(.enabled { try Prerequisite.check(.built("refresh-bench")) })
    func helpGoesToStdoutWithStatus0() throws {
        let help = try Self.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stderr.isEmpty)
        for option in ["--json", "--frames", "--rows", "--lists", "--gl", "--styles", "--no-micro", "--no-motion",
                       "--instructions", "--instruction-frames", "--no-timings", "--callgrind-dir"] {
            #expect(help.stdout.contains(option), "help lacks \(option)")
        }
        #expect(!help.stdout.contains("--child"), "help shows a hidden option")
        #expect(!help.stdout.contains("--counted"), "help shows a hidden option")
    }
}
