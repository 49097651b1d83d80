// Issue 16: the widget from other languages, through the library, header, pkg-config file and
// typelib that scripts/install.sh puts in a test PREFIX (built by scripts/build-gir.sh,
// which scripts/test.sh runs first). Each language runs in its own process, under the same
// Xvfb display and G_DEBUG=fatal-warnings, and sees only that PREFIX (docs/gobject-api.md).

import Foundation
import RefreshTestSupport
import Testing

@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct IntrospectionTests {
    /// One install for the whole suite, in .build-gi/test-prefix.
    nonisolated(unsafe) static var installed: Result<String, InstallFailure>?

    struct InstallFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// The PREFIX the library is installed in.
    static func prefix() throws -> String {
        if installed == nil { installed = try install(into: "test-prefix") }
        return try installed!.get()
    }

    /// Installs both libraries with scripts/install.sh into `.build-gi/FOLDER`, beside the build
    /// (install.sh replaces the previous install there: nothing left in /tmp). Each suite that
    /// may run beside another has a folder of its own.
    static func install(into folder: String) throws -> Result<String, InstallFailure> {
        guard let gi = InstallTests.giDirectory else {
            return .failure(InstallFailure(description: "no .build-gi/gi: run scripts/build-gir.sh (scripts/test.sh does)"))
        }
        let prefix = ScriptHarness.repoRoot.appendingPathComponent(".build-gi/\(folder)").standardized.path
        let run = try ScriptHarness.run(
            ScriptHarness.script("install.sh"), ["--binary", try InstallTests.binary, "--gi-dir", gi, prefix],
            environment: ["DESTDIR": nil, "PTR_INSTALL_BINARY": nil, "PTR_INSTALL_GI_DIR": nil,
                          "PTR_INSTALL_REFERENCE_DIR": InstallTests.referenceDirectory])
        return run.status == 0 ? .success(prefix) : .failure(InstallFailure(description: run.output))
    }

    /// The environment a program using the installed library gets: the PREFIX only, no other
    /// typelib or library path.
    static func environment(_ prefix: String) -> [String: String?] {
        [
            "GI_TYPELIB_PATH": "\(prefix)/lib/girepository-1.0",
            "LD_LIBRARY_PATH": "\(prefix)/lib",
            "PKG_CONFIG_PATH": "\(prefix)/lib/pkgconfig",
            "XDG_DATA_DIRS": nil,
        ]
    }

    static let examples = ScriptHarness.repoRoot.appendingPathComponent("Examples").path

    @Test func theTypelibLoadsWithOnlyThePrefixInTheEnvironment() throws {
        let prefix = try Self.prefix()
        // env -i: nothing but the PREFIX's paths (no DISPLAY: loading needs no GTK init).
        let run = try ScriptHarness.run("/usr/bin/env", [
            "-i", "PATH=/usr/bin:/bin", "GI_TYPELIB_PATH=\(prefix)/lib/girepository-1.0", "LD_LIBRARY_PATH=\(prefix)/lib",
            "/usr/bin/python3", "-c", """
            import gi
            gi.require_version("Gtk", "3.0"); gi.require_version("Ptr", "1.0")
            from gi.repository import GObject, Ptr
            t = Ptr.RefreshBin.__gtype__
            print(t.name, GObject.type_name(t.parent), Ptr.HeaderStyle.CLASSIC.value_nick,
                  [p.name for p in GObject.list_properties(t) if p.owner_type == t],
                  GObject.signal_list_names(t))
            """,
        ])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.hasPrefix("PtrRefreshBin GtkBin classic"), "\(run.output)")
        for name in ["header-style", "footer-mode", "refreshing", "loading", "last-updated", "refresh", "load-more",
                     "header-state-changed", "footer-state-changed"] {
            #expect(run.output.contains("'\(name)'"), "\(name) missing: \(run.output)")
        }
    }

    @Test func pythonDrivesATreeViewThroughTheTypelib() throws {
        let prefix = try Self.prefix()
        let dir = ScriptHarness.repoRoot.appendingPathComponent("Tests/introspection").path
        let run = try ScriptHarness.run("/usr/bin/python3", ["\(dir)/test_refresh_bin.py"],
                                        environment: Self.environment(prefix), currentDirectory: dir)
        #expect(run.status == 0, "test_refresh_bin.py failed:\n\(run.output)")
        #expect(run.output.contains("Ran 7 tests") && run.output.contains("OK"), "\(run.output)")
    }

    @Test func thePythonExampleRefreshes() throws {
        let run = try ScriptHarness.run("/usr/bin/python3", ["\(Self.examples)/python/treeview.py", "--self-test"],
                                        environment: Self.environment(try Self.prefix()))
        #expect(run.status == 0, "treeview.py --self-test failed:\n\(run.output)")
    }

    @Test
    func gjsRefreshesAListBox() throws {
        let run = try ScriptHarness.run(try Prerequisite.path(of: .program("gjs", package: "gjs")), ["\(Self.examples)/gjs/listbox.js", "--self-test"],
                                        environment: Self.environment(try Self.prefix()))
        #expect(run.status == 0, "listbox.js --self-test failed:\n\(run.output)")
    }

    @Test func theCExampleBuildsWithPkgConfigAloneAndRefreshes() throws {
        let prefix = try Self.prefix()
        let env = Self.environment(prefix)
        let flags = try ScriptHarness.run("/usr/bin/pkg-config", ["--cflags", "--libs", "ptr-refresh-1.0"], environment: env)
        #expect(flags.status == 0, "\(flags.output)")
        #expect(flags.output.contains("-I\(prefix)/include/ptr-refresh-1.0") && flags.output.contains("-lPtrRefresh"))
        let out = try ScriptHarness.makeTempDirectory("gi-c")
        defer { ScriptHarness.removeTree(out) }
        let arguments = ["-Wall", "-Wextra", "-Werror", "\(Self.examples)/c/refresh-bin.c", "-o", "\(out)/refresh-bin"]
            + flags.output.split(whereSeparator: \.isWhitespace).map(String.init)
        let cc = try ScriptHarness.run("/usr/bin/cc", arguments, environment: env)
        #expect(cc.status == 0, "cc failed:\n\(cc.output)")
        let run = try ScriptHarness.run("\(out)/refresh-bin", ["--self-test"], environment: env)
        #expect(run.status == 0, "refresh-bin --self-test failed:\n\(run.output)")
    }

    /// The installed gi-docgen reference (PREFIX/share/doc/…) names every function, property,
    /// signal and enum value of the installed GIR, the GTK 3 library's and the GTK 4 library's
    /// (scripts/build-reference.sh checks each one's page and text).
    @Test(arguments: [("Ptr-1.0", "ptr-refresh-1.0"), ("Ptr4-1.0", "ptr4-refresh-1.0")])
    func theInstalledReferenceCoversTheGIR(_ namespace: String, _ book: String) throws {
        let prefix = try Self.prefix()
        let gir = try String(contentsOfFile: "\(prefix)/share/gir-1.0/\(namespace).gir", encoding: .utf8)
        let docs = "\(prefix)/share/doc/\(book)"
        let pages = ScriptHarness.tree(docs).filter { $0.hasSuffix(".html") }
        #expect(pages.contains("index.html"), "no \(docs)/index.html")
        let page = try pages.map { try String(contentsOfFile: "\(docs)/\($0)", encoding: .utf8) }.joined(separator: "\n")
        var names: [String] = []
        for pattern in [#"c:identifier="([a-z0-9_]+)""#, #"<property name="([a-z-]+)""#, #"glib:signal name="([a-z-]+)""#,
                        #"<member name="[a-z_]+"[^>]*c:identifier="([A-Z0-9_]+)""#] {
            let regex = try NSRegularExpression(pattern: pattern)
            for match in regex.matches(in: gir, range: NSRange(gir.startIndex..., in: gir)) {
                names.append(String(gir[Range(match.range(at: 1), in: gir)!]))
            }
        }
        #expect(names.count > 30)
        let missing = Set(names).filter { !page.contains(">\($0)<") && !page.contains(">\($0) <") }
        #expect(missing.isEmpty, "\(docs) does not mention: \(missing.sorted())")
    }
}
