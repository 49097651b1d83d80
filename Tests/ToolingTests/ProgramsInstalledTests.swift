import Foundation
import Testing

/// Every program the test command and the scripts run is installed by `scripts/deps.sh`
/// (docs/testing.md, "Every program the suite runs is installed"): a machine that had a program
/// from a manual install (ImageMagick's `import`, once) can no longer hide a missing package
/// from a fresh one. The programs are found by reading the sources (``ProgramScan``); the
/// package that provides each is asked of dpkg, on this machine, after `scripts/deps.sh test`
/// has run; it must be one that deps.sh installs for the script's task (`scripts/deps.sh MODE`
/// in the script, `test` for the suite and the scripts it runs), one of their dependencies, or
/// one that every Debian root has.
@Suite struct ProgramsInstalledTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The files whose programs are checked, by kind.
    static func files(under folder: String, suffixes: [String]) -> [String] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        return walker.compactMap { $0 as? String }
            .filter { path in suffixes.contains { path.hasSuffix($0) } && !path.hasPrefix("dependent-package/.build") }
            .map { "\(folder)/\($0)" }.sorted()
    }

    static var shellFiles: [String] {
        files(under: "scripts", suffixes: [".sh"]) + [".ci/run"]
    }

    /// The packages `scripts/deps.sh MODE` installs.
    static func listed(_ mode: String) throws -> [String] {
        let run = try DebianPackages.run(root.appendingPathComponent("scripts/deps.sh").path, ["--list", mode])
        try #require(run.status == 0, "scripts/deps.sh --list \(mode) exited \(run.status)")
        return run.output.split(whereSeparator: \.isNewline).map(String.init)
    }

    /// The folder of the Swift toolchain (swift, swiftc, clang…), which is not Debian's.
    static let toolchain: String? = locate("swift").map {
        URL(fileURLWithPath: $0).resolvingSymlinksInPath().deletingLastPathComponent().path
    }

    static func locate(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let folders = ["/usr/bin", "/usr/sbin", "/bin", "/sbin"] + path.split(separator: ":").map(String.init)
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The mode a shell script installs its needs with; `test` for the rest.
    static func mode(of file: String) throws -> String {
        guard file.hasSuffix(".sh") || file == ".ci/run" else { return "test" }
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        let code = ProgramScan.shellCode(text).joined(separator: "\n")
        return ProgramScan.captures(#"^[^#=\n]*deps\.sh"?\s+(build|gi|test|root)\b"#, in: code).first ?? "test"
    }

    @Test func theScanFindsTheProgramsItShould() throws {
        let scan = ProgramScan(root: Self.root)
        let shell = try Self.shellFiles.flatMap { try scan.shellUses(in: $0) }.map(\.program)
        // One of each way a program is run: a command, a wrapper's, a `command -v`, a for-list, a
        // checker function's argument, inside `$(…)`.
        for name in ["xvfb-run", "dbus-run-session", "mutter", "gdbus", "xgettext", "msgcat", "g-ir-scanner", "apt-get",
                     "dpkg-query", "mktemp", "grep"] {
            #expect(shell.contains(name), "the shell scan misses \(name)")
        }
        for name in ["if", "local", "gir", "need", "cleanup", "echo"] {
            #expect(!shell.contains(name), "the shell scan takes \(name) for a program")
        }
        let swift = try scan.swiftUses(in: Self.files(under: "Tests", suffixes: [".swift"])).map(\.program)
        for name in ["import", "python3", "Xvfb", "stdbuf", "cc", "pkg-config", "appstreamcli", "valgrind"] {
            #expect(swift.contains(name), "the Swift scan misses \(name)")
        }
        #expect(!swift.contains("refresh-demo"), "a path of the test's own (root + \"/bin/refresh-demo\") is no program")
        let python = try scan.pythonUses(in: Self.files(under: "scripts", suffixes: [".py"])).map(\.program)
        #expect(python.contains("xdotool"))
    }

    @Test func everyProgramRunIsInstalledByDepsSh() throws {
        let scan = ProgramScan(root: Self.root)
        var uses = try Self.shellFiles.flatMap { try scan.shellUses(in: $0) }
        uses += try scan.swiftUses(in: Self.files(under: "Tests", suffixes: [".swift"]) + Self.files(under: "Sources", suffixes: [".swift"]))
        uses += try scan.pythonUses(in: Self.files(under: "scripts", suffixes: [".py"]) + Self.files(under: "Tests", suffixes: [".py"]))
        let packages = try DebianPackages()
        var closures: [String: Set<String>] = [:]
        var problems: [String] = []
        for use in Set(uses).sorted(by: { ($0.program, $0.file) < ($1.program, $1.file) }) {
            let mode = use.optional ? "test" : try Self.mode(of: use.file)
            if closures[mode] == nil { closures[mode] = packages.closure(of: try Self.listed(mode)) }
            guard let path = Self.locate(use.program) else {
                if Self.builtHere(use.program) || use.program == Self.missingOnPurpose { continue }
                problems.append("\(use): not installed; add the Debian package that provides it to scripts/deps.sh \(mode)")
                continue
            }
            let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            if let toolchain = Self.toolchain, real.hasPrefix(toolchain + "/") { continue }
            guard let owner = packages.owner(of: path) else {
                problems.append("\(use): \(path) is installed by no Debian package (a manual install?)")
                continue
            }
            if !closures[mode]!.contains(owner) {
                problems.append("\(use): its package \(owner) is not installed by scripts/deps.sh \(mode)")
            }
        }
        #expect(problems.isEmpty, "\(problems.count) programs:\n\(problems.joined(separator: "\n"))")
    }

    /// The packages a test names in its `Prerequisite.program(_:package:)` (the name its failure
    /// tells the reader to install) are ones deps.sh installs.
    @Test func theNamedPackagesAreInstalledByDepsSh() throws {
        let sources = Self.files(under: "Tests", suffixes: [".swift"]).filter { !$0.hasPrefix("Tests/ToolingTests") }
        let test = Set(try Self.listed("test"))
        let packages = try DebianPackages()
        let closure = packages.closure(of: Array(test))
        var named: [String] = []
        for file in sources {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            named += ProgramScan.matchGroups(#"program\("([^"]+)", package: "([^"]+)"\)"#, in: text)
                .filter { $0[0] != Self.missingOnPurpose }.map { "\($0[1])" }
        }
        #expect(!named.isEmpty)
        for package in Set(named).sorted() {
            #expect(closure.contains(package), "\(package) is named by a test but not installed by scripts/deps.sh test")
        }
    }

    /// The program PrerequisiteTests asks for to see a missing one reported.
    static let missingOnPurpose = "no-such-program"

    /// The package's own executables (run from its build folder) are not programs to install.
    static func builtHere(_ name: String) -> Bool {
        let text = (try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        return text.contains("name: \"\(name)\"")
    }
}
