import RefreshTestSupport
import RefreshDemo
import Foundation
import RefreshCore
import RefreshGtk
import Testing

/// `refresh-demo`'s command line: every bad value is rejected with a one-line message naming the
/// option and exit status 2; good ones parse to the expected options. Pure (no window, no
/// process) except the two tests at the end, which run the built binary.
@Suite struct CommandLineTests {
    static let rejected: [Rejected] = [
        // --rows: empty, negative, non-numeric, fractional, out of range, huge, missing.
        Rejected("--rows", "", naming: "--rows"),
        Rejected("--rows", "-1", naming: "--rows"),
        Rejected("--rows=-5", naming: "--rows"),
        Rejected("--rows", "abc", naming: "--rows"),
        Rejected("--rows", "12abc", naming: "--rows"),
        Rejected("--rows", "1.5", naming: "--rows"),
        Rejected("--rows", "1e3", naming: "--rows"),
        Rejected("--rows", " 5", naming: "--rows"),
        Rejected("--rows", "0x10", naming: "--rows"),
        Rejected("--rows", "100000001", naming: "--rows"),
        Rejected("--rows", "99999999999999999999", naming: "--rows"),
        Rejected("--rows", naming: "--rows"),
        // --latency
        Rejected("--latency", "", naming: "--latency"),
        Rejected("--latency", "-0.5", naming: "--latency"),
        Rejected("--latency", "soon", naming: "--latency"),
        Rejected("--latency", "nan", naming: "--latency"),
        Rejected("--latency", "inf", naming: "--latency"),
        Rejected("--latency", "1e400", naming: "--latency"),
        Rejected("--latency", "60.001", naming: "--latency"),
        Rejected("--latency", "0x1p3", naming: "--latency"),
        Rejected("--latency", ".", naming: "--latency"),
        // --fail-rate
        Rejected("--fail-rate", "", naming: "--fail-rate"),
        Rejected("--fail-rate", "-0.1", naming: "--fail-rate"),
        Rejected("--fail-rate", "half", naming: "--fail-rate"),
        Rejected("--fail-rate", "1.01", naming: "--fail-rate"),
        Rejected("--fail-rate", "NaN", naming: "--fail-rate"),
        Rejected("--fail-rate", "1e400", naming: "--fail-rate"),
        // --page-size
        Rejected("--page-size", "", naming: "--page-size"),
        Rejected("--page-size", "0", naming: "--page-size"),
        Rejected("--page-size", "-3", naming: "--page-size"),
        Rejected("--page-size", "ten", naming: "--page-size"),
        Rejected("--page-size", "10001", naming: "--page-size"),
        Rejected("--page-size", "99999999999999999999", naming: "--page-size"),
        // --pages
        Rejected("--pages", "", naming: "--pages"),
        Rejected("--pages", "-1", naming: "--pages"),
        Rejected("--pages", "many", naming: "--pages"),
        Rejected("--pages", "1000001", naming: "--pages"),
        Rejected("--pages", "1e400", naming: "--pages"),
        // --header, --footer
        Rejected("--header", "", naming: "--header"),
        Rejected("--header", "fancy", naming: "--header"),
        Rejected("--header", "JIKE", naming: "--header"),
        Rejected("--footer", "", naming: "--footer"),
        Rejected("--footer", "manual", naming: "--footer"),
        // --seed
        Rejected("--seed", "", naming: "--seed"),
        Rejected("--seed", "-1", naming: "--seed"),
        Rejected("--seed", "lucky", naming: "--seed"),
        Rejected("--seed", "18446744073709551616", naming: "--seed"),
        // --source
        Rejected("--source", "", naming: "--source"),
        Rejected("--source", "callback", naming: "--source"),
        Rejected("--source", "ASYNC", naming: "--source"),
        Rejected("--source", naming: "--source"),
        // Unknown options and stray arguments.
        Rejected("--colour", "blue", naming: "--colour"),
        Rejected("run", "--rows", "x", naming: "--rows"),
        // Nothing test-only in the shipped demo: the soak is refresh-soak, a test tool.
        Rejected("soak", naming: "soak"),
        Rejected("soak", "--provoke-critical", naming: "--provoke-critical"),
    ]

    @Test(arguments: rejected)
    func badValueIsRejectedWithStatus2(_ input: Rejected) {
        guard case let .exit(status, stdout, stderr) = DemoCommandLine.parse(input.arguments) else {
            Issue.record("accepted \(input.arguments)")
            return
        }
        #expect(input.problems("refresh-demo", status: status, stdout: stdout, stderr: stderr) == [])
    }

    struct Accepted: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let expected: DemoOptions
        var testDescription: String { arguments.isEmpty ? "(no arguments)" : arguments.joined(separator: " ") }
        init(_ arguments: [String], _ change: (inout DemoOptions) -> Void = { _ in }) {
            self.arguments = arguments
            var options = DemoOptions()
            change(&options)
            expected = options
        }
    }

    static let accepted: [Accepted] = [
        Accepted([]),
        Accepted(["run"]),
        Accepted(["--rows", "5"]) { $0.rows = 5 },
        Accepted(["run", "--rows", "5"]) { $0.rows = 5 },
        Accepted(["--rows=0"]) { $0.rows = 0 },
        Accepted(["--rows", "100000000"]) { $0.rows = 100_000_000 },
        Accepted(["--rows", "007"]) { $0.rows = 7 },
        Accepted(["--latency", "0"]) { $0.latency = 0 },
        Accepted(["--latency", "60"]) { $0.latency = 60 },
        Accepted(["--latency", ".25"]) { $0.latency = 0.25 },
        Accepted(["--latency", "2e1"]) { $0.latency = 20 },
        Accepted(["--fail-rate", "1"]) { $0.failRate = 1 },
        Accepted(["--fail-rate", "0.3"]) { $0.failRate = 0.3 },
        Accepted(["--page-size", "1"]) { $0.pageSize = 1 },
        Accepted(["--page-size", "10000"]) { $0.pageSize = 10_000 },
        Accepted(["--pages", "0"]) { $0.pages = 0 },
        Accepted(["--pages", "1000000"]) { $0.pages = 1_000_000 },
        Accepted(["--header", "classic", "--footer", "pull"]) { $0.header = .classic; $0.footer = .pull },
        Accepted(["--footer", "none"]) { $0.footer = .none },
        Accepted(["--header", "plain"]) { $0.header = .plain },
        Accepted(["--trace", "--seed", "42"]) { $0.trace = true; $0.seed = 42 },
        Accepted(["--seed", "18446744073709551615"]) { $0.seed = .max },
        Accepted(["--source", "async"]) { $0.source = .async },
        Accepted(["--source", "timeout"]) { $0.source = .timeout },
        Accepted(["--maximized"]) { $0.maximized = true },
    ]

    @Test(arguments: accepted)
    func goodValuesParse(_ input: Accepted) throws {
        guard case let .command(command) = DemoCommandLine.parse(input.arguments) else {
            Issue.record("rejected \(input.arguments)")
            return
        }
        let run = try #require(command as? RunCommand)
        #expect(try run.options() == input.expected)
    }

    @Test func helpGoesToStdoutWithStatus0() {
        for arguments in [["--help"], ["-h"], ["run", "--help"], ["help", "run"]] {
            guard case let .exit(status, stdout, stderr) = DemoCommandLine.parse(arguments) else {
                Issue.record("\(arguments) did not exit")
                continue
            }
            #expect(status == 0)
            #expect(stderr.isEmpty)
            #expect(stdout.contains("USAGE") || stdout.contains("Usage"))
        }
        if case let .exit(_, stdout, _) = DemoCommandLine.parse(["run", "--help"]) {
            for option in ["--rows", "--latency", "--fail-rate", "--page-size", "--pages", "--header", "--footer",
                           "--trace", "--seed", "--source"] {
                #expect(stdout.contains(option), "help lacks \(option)")
            }
        }
    }

    @Test func validatorIsUsableDirectly() {
        #expect(throws: DemoOptionError(option: "--latency", value: "inf", expected: "a number from 0 to 60")) {
            try DemoOptions.validated(latency: "inf")
        }
        #expect((try? DemoOptions.validated()) == DemoOptions())
    }

    // MARK: - The built binary

    /// `refresh-demo` beside the test bundle (both live in `.build*/<config>/`).
    static let binary = BuiltProducts.demo

    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let run = try BuiltProducts.runHeadless(try #require(binary), arguments)
        return (run.status, run.stdout, run.stderr)
    }

    @Test(.enabled { try Prerequisite.check(.built("refresh-demo")) })
    func binaryExitsWith2OnBadValues() throws {
        let huge = try Self.run(["--rows", "99999999999999999999"])
        #expect(huge.status == 2)
        #expect(huge.stdout.isEmpty)
        #expect(huge.stderr == "refresh-demo: invalid value '99999999999999999999' for --rows: expected a whole number from 0 to 100000000\n")

        let latency = try Self.run(["--latency", "nan"])
        #expect(latency.status == 2)
        #expect(latency.stderr.contains("--latency"))
    }

    @Test(.enabled { try Prerequisite.check(.built("refresh-demo")) })
    func binaryPrintsHelpWithStatus0() throws {
        let help = try Self.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("refresh-demo"))
        #expect(help.stderr.isEmpty)
    }

    /// The shipped demo links no test code: no symbol of RefreshTestSupport (Swift's mangled
    /// module name) is in the binary; the soak, a test tool that links it, shows the check sees one.
    @Test(.enabled { try Prerequisite.check(.built("refresh-demo"), .built("refresh-soak")) })
    func theDemoLinksNoTestSupport() throws {
        let module = Data("18RefreshTestSupport".utf8)
        let demo = try Data(contentsOf: URL(fileURLWithPath: try #require(Self.binary)))
        let soak = try Data(contentsOf: URL(fileURLWithPath: try #require(BuiltProducts.soak)))
        #expect(demo.range(of: module) == nil, "refresh-demo links RefreshTestSupport")
        #expect(soak.range(of: module) != nil)
    }
}

// MARK: - Reliability point 9: every option × every class of bad value

/// Every option of every subcommand (run, snapshot, filmstrip) given an empty, negative,
/// non-numeric, out-of-range and absurdly large value, the rest of the line valid: a one-line
/// message naming the option, exit status 2.
@Suite struct CommandLineMatrixTests {
    enum BadClass: String, CaseIterable, Sendable {
        case empty, negative, nonNumeric, outOfRange, absurdlyLarge
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let option: String
        let badClass: BadClass
        var testDescription: String { "\(option) \(badClass.rawValue): \(arguments.joined(separator: " "))" }
    }

    /// A writable output path for the render commands (nothing is written: parsing only).
    static let out = FileManager.default.temporaryDirectory.appendingPathComponent("ptr-cli-matrix.png").path

    /// Option, the valid rest of the command line, and its out-of-range value.
    static let options: [(option: String, context: [String], outOfRange: String)] = [
        ("--rows", [], "100000001"),
        ("--latency", [], "60.5"),
        ("--fail-rate", [], "1.5"),
        ("--page-size", [], "10001"),
        ("--pages", [], "1000001"),
        ("--seed", [], "18446744073709551616"),
        ("--header", [], "JIKE"),
        ("--footer", [], "PULL"),
        ("--source", [], "Async"),
        ("--style", ["snapshot", "--phase", "failed", "--out", out], "fancy"),
        ("--phase", ["snapshot", "--style", "jike", "--out", out], "spin"),
        ("--progress", ["snapshot", "--style", "jike", "--phase", "pull", "--out", out], "1.01"),
        ("--time", ["snapshot", "--style", "jike", "--phase", "refresh", "--out", out], "3600.5"),
        ("--time", ["snapshot", "--style", "jike", "--phase", "end", "--out", out], "0.51"),
        ("--theme", ["snapshot", "--style", "jike", "--phase", "failed", "--out", out], "blue"),
        ("--scale", ["snapshot", "--style", "jike", "--phase", "failed", "--out", out], "8.5"),
        ("--width", ["snapshot", "--style", "classic", "--phase", "failed", "--out", out], "4001"),
        ("--background", ["snapshot", "--style", "jike", "--phase", "failed", "--out", out], "rgb(300,0)"),
        ("--style", ["filmstrip", "--out", out], "fancy"),
        ("--scale", ["filmstrip", "--style", "jike", "--out", out], "4.5"),
    ]

    static func value(_ badClass: BadClass, outOfRange: String) -> String {
        switch badClass {
        case .empty: return ""
        case .negative: return "-1"
        case .nonNumeric: return "abc"
        case .outOfRange: return outOfRange
        case .absurdlyLarge: return String(repeating: "9", count: 400)
        }
    }

    static let cases: [Case] = options.flatMap { entry in
        BadClass.allCases.map { badClass in
            Case(arguments: entry.context + [entry.option, value(badClass, outOfRange: entry.outOfRange)],
                 option: entry.option, badClass: badClass)
        }
    } + [
        // --out is a path, not a number: its bad classes are empty, no such directory, a directory.
        Case(arguments: ["snapshot", "--style", "jike", "--phase", "failed", "--out", ""], option: "--out",
             badClass: .empty),
        Case(arguments: ["snapshot", "--style", "jike", "--phase", "failed", "--out", "/nonexistent-ptr/x.png"],
             option: "--out", badClass: .outOfRange),
        Case(arguments: ["snapshot", "--style", "jike", "--phase", "failed", "--out", "/tmp"], option: "--out",
             badClass: .outOfRange),
        Case(arguments: ["filmstrip", "--style", "jike", "--out", ""], option: "--out", badClass: .empty),
        Case(arguments: ["filmstrip", "--style", "jike", "--out", "/nonexistent-ptr/x.png"], option: "--out",
             badClass: .outOfRange),
    ]

    @Test(arguments: cases)
    func everyBadValueIsRejectedWithStatus2(_ input: Case) {
        guard case let .exit(status, stdout, stderr) = DemoCommandLine.parse(input.arguments) else {
            Issue.record("accepted \(input.arguments)")
            return
        }
        #expect(Rejected.problems(option: input.option, program: "refresh-demo", status: status, stdout: stdout,
                                  stderr: stderr) == [])
    }

    /// The matrix's valid context lines are themselves accepted (else every case above would
    /// pass for the wrong reason).
    @Test func theContextsAreValid() {
        let contexts: [[String]] = [
            [], ["snapshot", "--style", "jike", "--phase", "failed", "--out", Self.out],
            ["snapshot", "--style", "jike", "--phase", "pull", "--progress", "0.5", "--out", Self.out],
            ["snapshot", "--style", "jike", "--phase", "refresh", "--time", "1", "--out", Self.out],
            ["snapshot", "--style", "jike", "--phase", "end", "--time", "0.25", "--out", Self.out],
            ["snapshot", "--style", "classic", "--phase", "failed", "--width", "300", "--background", "white",
             "--theme", "dark", "--scale", "2", "--out", Self.out],
            ["filmstrip", "--style", "jike", "--scale", "2", "--out", Self.out],
            ["--rows", "5", "--latency", "0.5", "--fail-rate", "0.5", "--page-size", "3", "--pages", "2",
             "--seed", "9", "--header", "plain", "--footer", "pull"],
        ]
        for arguments in contexts {
            guard case .command = DemoCommandLine.parse(arguments) else {
                Issue.record("rejected a valid line: \(arguments)")
                continue
            }
        }
    }

    /// The built binary, for a few of them: status 2, the message on stderr, nothing on stdout.
    @Test(.enabled { try Prerequisite.check(.built("refresh-demo")) })
    func binaryRejectsBadValuesWithStatus2() throws {
        let lines: [([String], String)] = [
            (["--pages", ""], "--pages"),
            (["--seed", "abc"], "--seed"),
            (["--source", "callbacks"], "--source"),
            (["--fail-rate", "-1"], "--fail-rate"),
            (["--page-size", String(repeating: "9", count: 400)], "--page-size"),
            (["snapshot", "--style", "jike", "--phase", "failed", "--scale", "1e400", "--out", Self.out], "--scale"),
            (["filmstrip", "--style", "jike", "--scale", "-1", "--out", Self.out], "--scale"),
            (["snapshot", "--style", "jike", "--phase", "pull", "--progress", "", "--out", Self.out], "--progress"),
        ]
        for (arguments, option) in lines {
            let result = try CommandLineTests.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            #expect(result.stderr.hasPrefix("refresh-demo: ") && result.stderr.contains(option), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: Self.out), "a rejected line wrote its output")
    }
}
