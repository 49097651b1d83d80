import Foundation
import RefreshCore
import RefreshGtk
import Testing

/// `refresh-demo`'s command line: every bad value is rejected with a one-line message naming the
/// option and exit status 2; good ones parse to the expected options. Pure (no window, no
/// process) except the two tests at the end, which run the built binary.
@Suite struct CommandLineTests {
    struct Rejected: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let option: String
        var testDescription: String { arguments.joined(separator: " ") }
        init(_ arguments: String..., naming option: String) {
            self.arguments = arguments
            self.option = option
        }
    }

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
        // Unknown options and stray arguments.
        Rejected("--colour", "blue", naming: "--colour"),
        Rejected("run", "--rows", "x", naming: "--rows"),
    ]

    @Test(arguments: rejected)
    func badValueIsRejectedWithStatus2(_ input: Rejected) {
        guard case let .exit(status, stdout, stderr) = DemoCommandLine.parse(input.arguments) else {
            Issue.record("accepted \(input.arguments)")
            return
        }
        #expect(status == 2)
        #expect(stdout.isEmpty)
        #expect(stderr.hasPrefix("refresh-demo: "))
        #expect(stderr.contains(input.option), "message does not name \(input.option): \(stderr)")
        // One line, newline-terminated.
        #expect(stderr.filter { $0 == "\n" }.count == 1 && stderr.hasSuffix("\n"))
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
        Accepted(["--header", "plain"]) { $0.header = .plain },
        Accepted(["--trace", "--seed", "42"]) { $0.trace = true; $0.seed = 42 },
        Accepted(["--seed", "18446744073709551615"]) { $0.seed = .max },
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
                           "--trace", "--seed"] {
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
    static let binary: String? = {
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        // On some layouts the test executable sits inside a `.xctest` directory.
        if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
        let candidate = directory.appendingPathComponent("refresh-demo").path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }()

    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(binary))
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        // If validation ever let a bad value through, the window must not open here.
        environment["DISPLAY"] = ""
        environment["WAYLAND_DISPLAY"] = ""
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    @Test(.enabled(if: binary != nil, "refresh-demo is not built next to the tests (swift build first)"))
    func binaryExitsWith2OnBadValues() throws {
        let huge = try Self.run(["--rows", "99999999999999999999"])
        #expect(huge.status == 2)
        #expect(huge.stdout.isEmpty)
        #expect(huge.stderr == "refresh-demo: invalid value '99999999999999999999' for --rows: expected a whole number from 0 to 100000000\n")

        let latency = try Self.run(["--latency", "nan"])
        #expect(latency.status == 2)
        #expect(latency.stderr.contains("--latency"))
    }

    @Test(.enabled(if: binary != nil, "refresh-demo is not built next to the tests (swift build first)"))
    func binaryPrintsHelpWithStatus0() throws {
        let help = try Self.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("refresh-demo"))
        #expect(help.stderr.isEmpty)
    }
}
