// scripts/install.sh and scripts/uninstall.sh into temporary DESTDIRs: the exact file list, a
// valid desktop entry, and an uninstall that leaves the prefix exactly as it was.

import Foundation
import RefreshTestSupport
import Testing

/// Runs the project's scripts for the localization and install tests.
enum ScriptHarness {
    /// The repository root (this file is Tests/RefreshDemoTests/InstallTests.swift).
    static let repoRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func script(_ name: String) -> String {
        repoRoot.appendingPathComponent("scripts/\(name)").path
    }

    struct Result {
        var status: Int32
        var output: String  // stdout and stderr, interleaved
    }

    /// Runs `executable` with `arguments`; `environment` entries are added (nil removes one).
    static func run(
        _ executable: String, _ arguments: [String] = [],
        environment: [String: String?] = [:], currentDirectory: String? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        if let currentDirectory {
            process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory)
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// A fresh empty directory; remove it with `removeTree`.
    static func makeTempDirectory(_ label: String) throws -> String {
        var template = Array("\(NSTemporaryDirectory())/ptr-\(label)-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard let made else { throw CocoaError(.fileWriteUnknown) }
        return String(cString: made)
    }

    static func removeTree(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Every path under `root`, relative, directories with a trailing "/", sorted.
    static func tree(_ root: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else {
            Issue.record("cannot list \(root)")
            return []
        }
        var out: [String] = []
        while let rel = walker.nextObject() as? String {
            var isDir: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: "\(root)/\(rel)", isDirectory: &isDir)
            out.append(isDir.boolValue ? rel + "/" : rel)
        }
        return out.sorted()
    }

    static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

@Suite struct InstallTests {
    static let appID = "io.github.gtk_pull_to_refresh.Demo"
    static let prefix = "/opt/ptr-test"

    /// The debug refresh-demo next to the test bundle.
    static var binary: String { get throws { try Prerequisite.path(of: .built("refresh-demo")) } }

    /// The library scripts/build-gir.sh built (scripts/test.sh runs it first); without it,
    /// install.sh builds it.
    static var giDirectory: String? {
        let dir = ScriptHarness.repoRoot.appendingPathComponent(".build-gi/gi").path
        let built = ["Ptr-1.0.typelib", "Ptr4-1.0.typelib"].allSatisfy { FileManager.default.fileExists(atPath: "\(dir)/\($0)") }
        return built ? dir : nil
    }

    /// The gi-docgen reference of .build-gi/gi's GIRs, which scripts/build-reference.sh builds in
    /// .build-gi/reference (scripts/test.sh's full run does); built here, once, when it is missing
    /// or older than a GIR. The installs of the tests take it (PTR_INSTALL_REFERENCE_DIR).
    static let referenceDirectory: String? = {
        guard let gi = giDirectory else { return nil }
        let dir = ScriptHarness.repoRoot.appendingPathComponent(".build-gi/reference").path
        func modified(_ path: String) -> Date? {
            (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        }
        let built = ["ptr-refresh-1.0", "ptr4-refresh-1.0"].compactMap { modified("\(dir)/\($0)/index.html") }.min()
        let girs = ["Ptr-1.0.gir", "Ptr4-1.0.gir"].compactMap { modified("\(gi)/\($0)") }.max()
        if let built, let girs, built >= girs { return dir }
        let run = try? ScriptHarness.run(ScriptHarness.script("build-reference.sh"), ["--gir-dir", gi, dir])
        return run?.status == 0 ? dir : nil
    }()

    /// The two libraries' files under PREFIX (relative), sorted: the library under its SONAME and
    /// the development link, header, pkg-config file, typelib, GIR, Vala's vapi and deps, and the
    /// reference in share/doc/ (every file scripts/build-reference.sh made).
    static var libraryFiles: [String] {
        [("PtrRefresh", "ptr-refresh", "Ptr"), ("PtrRefresh4", "ptr4-refresh", "Ptr4")].flatMap { name, pc, ns in
            [
                "lib/lib\(name).so.1", "lib/lib\(name).so", "include/\(pc)-1.0/\(pc).h", "lib/pkgconfig/\(pc)-1.0.pc",
                "lib/girepository-1.0/\(ns)-1.0.typelib", "share/gir-1.0/\(ns)-1.0.gir",
                "share/vala/vapi/\(pc)-1.0.vapi", "share/vala/vapi/\(pc)-1.0.deps",
            ] + (referenceDirectory.map { ScriptHarness.tree("\($0)/\(pc)-1.0") } ?? [])
                .filter { !$0.hasSuffix("/") }.map { "share/doc/\(pc)-1.0/\($0)" }
        }.sorted()
    }

    /// The files an install puts under PREFIX (relative), one catalogue per po/LINGUAS entry.
    static var expectedFiles: [String] {
        var files = [
            "bin/refresh-demo",
            "share/applications/\(appID).desktop",
            "share/metainfo/\(appID).metainfo.xml",
            "share/icons/hicolor/scalable/apps/\(appID).svg",
            "share/gtk-pull-to-refresh/install-manifest.txt",
        ] + libraryFiles
        for lang in LocalizationTests.languages {
            files.append("share/locale/\(lang)/LC_MESSAGES/gtk-pull-to-refresh.mo")
        }
        return files.sorted()
    }

    func install(destdir: String, prefix: String = InstallTests.prefix) throws -> ScriptHarness.Result {
        try ScriptHarness.run(
            ScriptHarness.script("install.sh"), ["--binary", try Self.binary, prefix],
            environment: ["DESTDIR": destdir, "PTR_INSTALL_BINARY": nil, "PTR_INSTALL_GI_DIR": Self.giDirectory,
                          "PTR_INSTALL_REFERENCE_DIR": Self.referenceDirectory])
    }

    func uninstall(destdir: String, prefix: String = InstallTests.prefix) throws -> ScriptHarness.Result {
        try ScriptHarness.run(
            ScriptHarness.script("uninstall.sh"), [prefix], environment: ["DESTDIR": destdir])
    }

    @Test func installsExactlyTheManifestAndUninstallLeavesNothing() throws {
        let destdir = try ScriptHarness.makeTempDirectory("install")
        defer { ScriptHarness.removeTree(destdir) }

        let installed = try install(destdir: destdir)
        #expect(installed.status == 0, "install.sh failed:\n\(installed.output)")

        let root = destdir + Self.prefix
        let files = ScriptHarness.tree(root).filter { !$0.hasSuffix("/") }
        #expect(files == Self.expectedFiles)
        // The reference, where GNOME puts a library's (libadwaita: share/doc/libadwaita-1/).
        for page in ["ptr-refresh-1.0/index.html", "ptr-refresh-1.0/class.RefreshList.html",
                     "ptr-refresh-1.0/ptr-refresh-1.0.devhelp2", "ptr4-refresh-1.0/class.RefreshBin.html"] {
            #expect(files.contains("share/doc/\(page)"), "share/doc/\(page) is not installed")
        }

        // The manifest: every installed file (itself included) as an absolute path without
        // DESTDIR, then every directory it created, down from DESTDIR's first new one.
        let manifest = try String(
            contentsOfFile: root + "/share/gtk-pull-to-refresh/install-manifest.txt", encoding: .utf8)
        let lines = manifest.split(separator: "\n").map(String.init)
        let manifestFiles = lines.filter { !$0.hasSuffix("/") }
        let manifestDirs = lines.filter { $0.hasSuffix("/") }
        #expect(manifestFiles.sorted() == Self.expectedFiles.map { Self.prefix + "/" + $0 }.sorted())
        let everyDir = ["/opt/"] + ScriptHarness.tree(root).filter { $0.hasSuffix("/") }
            .map { Self.prefix + "/" + $0 } + [Self.prefix + "/"]
        #expect(manifestDirs.sorted() == everyDir.sorted())

        // The binary is the one given, executable; the icon and catalogues are readable.
        let binaryPath = root + "/bin/refresh-demo"
        #expect(FileManager.default.isExecutableFile(atPath: binaryPath))
        #expect(try FileManager.default.contentsEqual(atPath: binaryPath, andPath: Self.binary))
        #expect(FileManager.default.contentsEqual(
            atPath: root + "/share/icons/hicolor/scalable/apps/\(Self.appID).svg",
            andPath: ScriptHarness.repoRoot.appendingPathComponent("Resources/\(Self.appID).svg").path))

        // The desktop entry is valid and, outside /usr and /usr/local, names the binary by path.
        let desktop = root + "/share/applications/\(Self.appID).desktop"
        let validator = try #require(
            ScriptHarness.which("desktop-file-validate"),
            "desktop-file-validate is missing: scripts/deps.sh test installs desktop-file-utils")
        let validation = try ScriptHarness.run(validator, [desktop])
        #expect(validation.status == 0, "desktop-file-validate:\n\(validation.output)")
        #expect(validation.output.isEmpty, "desktop-file-validate:\n\(validation.output)")
        let entry = try String(contentsOfFile: desktop, encoding: .utf8)
        #expect(entry.contains("\nExec=\(Self.prefix)/bin/refresh-demo\n"))
        #expect(entry.contains("\nIcon=\(Self.appID)\n"))

        let removed = try uninstall(destdir: destdir)
        #expect(removed.status == 0, "uninstall.sh failed:\n\(removed.output)")
        #expect(ScriptHarness.tree(destdir) == [])
    }

    @Test func reinstallAndUninstallKeepWhatWasThere() throws {
        let destdir = try ScriptHarness.makeTempDirectory("reinstall")
        defer { ScriptHarness.removeTree(destdir) }
        // A prefix that already holds other software and an empty directory we also use.
        let fm = FileManager.default
        let root = destdir + "/usr/local"
        try fm.createDirectory(atPath: root + "/share/applications", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: root + "/share/icons/hicolor", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
        try "[Desktop Entry]\n".write(
            toFile: root + "/share/applications/other.desktop", atomically: true, encoding: .utf8)
        try "#!/bin/sh\n".write(toFile: root + "/bin/other", atomically: true, encoding: .utf8)
        let before = ScriptHarness.tree(destdir)

        for _ in 0..<2 {
            let installed = try install(destdir: destdir, prefix: "/usr/local")
            #expect(installed.status == 0, "install.sh failed:\n\(installed.output)")
        }
        // /usr/local is on PATH: the entry keeps Exec=refresh-demo.
        let entry = try String(
            contentsOfFile: root + "/share/applications/\(Self.appID).desktop", encoding: .utf8)
        #expect(entry.contains("\nExec=refresh-demo\n"))
        let manifest = try String(
            contentsOfFile: root + "/share/gtk-pull-to-refresh/install-manifest.txt", encoding: .utf8)
        #expect(!manifest.contains("/usr/local/bin/\n"), "bin/ existed before: not ours to remove")
        #expect(manifest.contains("/usr/local/share/icons/hicolor/scalable/\n"))

        let removed = try uninstall(destdir: destdir, prefix: "/usr/local")
        #expect(removed.status == 0, "uninstall.sh failed:\n\(removed.output)")
        #expect(ScriptHarness.tree(destdir) == before)

        // Nothing is installed any more: a second uninstall says so and fails.
        let again = try uninstall(destdir: destdir, prefix: "/usr/local")
        #expect(again.status != 0)
        #expect(ScriptHarness.tree(destdir) == before)
    }

    @Test func aFailedInstallRemovesWhatItInstalled() throws {
        let destdir = try ScriptHarness.makeTempDirectory("rollback")
        defer { ScriptHarness.removeTree(destdir) }
        // share/icons is a file, so the icon's directory cannot be made: bin/ is already in.
        let root = destdir + Self.prefix
        try FileManager.default.createDirectory(atPath: root + "/share", withIntermediateDirectories: true)
        try "not a directory".write(toFile: root + "/share/icons", atomically: true, encoding: .utf8)
        let before = ScriptHarness.tree(destdir)

        let installed = try install(destdir: destdir)
        #expect(installed.status != 0)
        #expect(installed.output.contains("removing what was installed"), "\(installed.output)")
        #expect(ScriptHarness.tree(destdir) == before)
    }

    @Test func uninstallRefusesEntriesOutsideThePrefix() throws {
        let destdir = try ScriptHarness.makeTempDirectory("refuse")
        defer { ScriptHarness.removeTree(destdir) }
        let fm = FileManager.default
        let root = destdir + Self.prefix
        try fm.createDirectory(atPath: root + "/share/gtk-pull-to-refresh", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: destdir + "/etc", withIntermediateDirectories: true)
        try "keep".write(toFile: destdir + "/etc/precious", atomically: true, encoding: .utf8)
        for hostile in ["/etc/precious", "\(Self.prefix)/../../etc/precious", "etc/precious"] {
            try "\(Self.prefix)/share/gtk-pull-to-refresh/install-manifest.txt\n\(hostile)\n".write(
                toFile: root + "/share/gtk-pull-to-refresh/install-manifest.txt",
                atomically: true, encoding: .utf8)
            let removed = try uninstall(destdir: destdir)
            #expect(removed.status != 0, "accepted \(hostile)")
            #expect(removed.output.contains("refusing"), "\(removed.output)")
            #expect(fm.fileExists(atPath: destdir + "/etc/precious"))
            #expect(fm.fileExists(atPath: root + "/share/gtk-pull-to-refresh/install-manifest.txt"))
        }
    }

    @Test func badArgumentsAreRefusedClearly() throws {
        let destdir = try ScriptHarness.makeTempDirectory("args")
        defer { ScriptHarness.removeTree(destdir) }
        let relative = try ScriptHarness.run(
            ScriptHarness.script("install.sh"), ["--binary", try Self.binary, "relative/prefix"],
            environment: ["DESTDIR": destdir])
        #expect(relative.status == 2)
        #expect(relative.output.contains("absolute"))
        let missing = try ScriptHarness.run(
            ScriptHarness.script("install.sh"), ["--binary", destdir + "/nope", "/p"],
            environment: ["DESTDIR": destdir])
        #expect(missing.status == 1)
        #expect(missing.output.contains("not an executable"))
        let unknown = try ScriptHarness.run(ScriptHarness.script("uninstall.sh"), ["--bogus"])
        #expect(unknown.status == 2)
        #expect(ScriptHarness.tree(destdir) == [])
    }
}
