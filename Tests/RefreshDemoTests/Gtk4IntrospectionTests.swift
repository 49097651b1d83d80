// Issue 26: the GTK 4 bin from other languages, through libPtrRefresh4.so, ptr4-refresh.h,
// ptr4-refresh-1.0.pc and Ptr4-1.0.typelib as scripts/install.sh puts them in a test PREFIX
// beside the GTK 3 library (built by scripts/build-gir.sh, which scripts/test.sh runs first).
// GTK 3 and GTK 4 cannot share a process: every GTK 4 program here is a child process, started
// under `env -i` with the PREFIX's paths, the display and G_DEBUG=fatal-warnings only
// (docs/gobject-api.md, "Ptr4RefreshBin").

import Foundation
import RefreshTestSupport
import Testing

@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct Gtk4IntrospectionTests {
    /// One install for the whole suite, in .build-gi/test-prefix4 (not IntrospectionTests' prefix:
    /// the two suites may run at once).
    nonisolated(unsafe) static var installed: Result<String, IntrospectionTests.InstallFailure>?

    static func prefix() throws -> String {
        if installed == nil { installed = try IntrospectionTests.install(into: "test-prefix4") }
        return try installed!.get()
    }

    /// Runs `program` under `env -i`: the PREFIX's typelib, library and pkg-config paths, the
    /// display and session bus this process has, and nothing else.
    static func run(_ program: String, _ arguments: [String], currentDirectory: String? = nil) throws
        -> ScriptHarness.Result
    {
        let prefix = try prefix()
        var environment = [
            "PATH=/usr/bin:/bin", "GI_TYPELIB_PATH=\(prefix)/lib/girepository-1.0", "LD_LIBRARY_PATH=\(prefix)/lib",
            "PKG_CONFIG_PATH=\(prefix)/lib/pkgconfig", "G_DEBUG=fatal-warnings",
            // The accessibility bus is not under test: GTK 4's, and GTK 3's for the GTK 3 cases the
            // GnomeLibraryTests run here (without a bus, its bridge warns).
            "GTK_A11Y=none", "NO_AT_BRIDGE=1",
        ]
        let inherited = ProcessInfo.processInfo.environment
        for key in ["DISPLAY", "XAUTHORITY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS", "HOME"] {
            if let value = inherited[key] { environment.append("\(key)=\(value)") }
        }
        return try ScriptHarness.run("/usr/bin/env", ["-i"] + environment + [program] + arguments,
                                     currentDirectory: currentDirectory)
    }

    /// Compiles the C program `source` against the installed `package` (pkg-config only, every
    /// warning an error) into `directory`; returns the program's path.
    static func buildC(_ source: String, package: String, into directory: String, defines: [String] = []) throws -> String {
        let flags = try run("/usr/bin/pkg-config", ["--cflags", "--libs", package])
        try #require(flags.status == 0, "\(flags.output)")
        let program = "\(directory)/" + ((source as NSString).lastPathComponent as NSString).deletingPathExtension
        let cc = try run("/usr/bin/cc", ["-Wall", "-Wextra", "-Werror", source, "-o", program] + defines
            + flags.output.split(whereSeparator: \.isWhitespace).map(String.init))
        try #require(cc.status == 0, "cc failed:\n\(cc.output)")
        return program
    }

    static let examples = ScriptHarness.repoRoot.appendingPathComponent("Examples/gtk4").path
    static let introspection = ScriptHarness.repoRoot.appendingPathComponent("Tests/introspection").path

    /// Nothing a GTK 4 program printed is a GLib warning or critical.
    static func expectNoWarnings(_ output: String, _ what: String) {
        #expect(!output.contains("-WARNING **") && !output.contains("-CRITICAL **"), "\(what) warned:\n\(output)")
    }

    @Test func theTypelibLoadsWithOnlyThePrefixInTheEnvironment() throws {
        let prefix = try Self.prefix()
        // No display: loading the typelib and its GTypes needs no GTK init.
        let run = try ScriptHarness.run("/usr/bin/env", [
            "-i", "PATH=/usr/bin:/bin", "GI_TYPELIB_PATH=\(prefix)/lib/girepository-1.0", "LD_LIBRARY_PATH=\(prefix)/lib",
            "/usr/bin/python3", "-c", """
            import gi
            gi.require_version("Gtk", "4.0"); gi.require_version("Ptr4", "1.0")
            from gi.repository import GObject, Gtk, Ptr4
            t = Ptr4.RefreshBin.__gtype__
            print(t.name, GObject.type_name(t.parent), Ptr4.HeaderStyle.CLASSIC.value_nick,
                  Ptr4.FooterMode.PULL.value_nick, Gtk.Buildable.__gtype__ in t.interfaces,
                  [p.name for p in GObject.list_properties(t) if p.owner_type == t],
                  GObject.signal_list_names(t))
            """,
        ])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.hasPrefix("Ptr4RefreshBin GtkWidget classic pull True"), "\(run.output)")
        for name in ["child", "header-style", "footer-mode", "refreshing", "loading", "header-state", "footer-state",
                     "last-updated", "refresh", "load-more", "header-state-changed", "footer-state-changed"] {
            #expect(run.output.contains("'\(name)'"), "\(name) missing: \(run.output)")
        }
    }

    @Test func thePythonListViewExampleRefreshesAndLoads() throws {
        let run = try Self.run("/usr/bin/python3", ["\(Self.examples)/python/listview.py", "--self-test"])
        #expect(run.status == 0, "listview.py --self-test failed:\n\(run.output)")
        Self.expectNoWarnings(run.output, "listview.py")
    }

    @Test func theGjsListBoxExampleRefreshesAndLoads() throws {
        let gjs = try Prerequisite.path(of: .program("gjs", package: "gjs"))
        let run = try Self.run(gjs, ["\(Self.examples)/gjs/listbox.js", "--self-test"])
        #expect(run.status == 0, "listbox.js --self-test failed:\n\(run.output)")
        Self.expectNoWarnings(run.output, "listbox.js")
    }

    @Test func theCExampleBuildsWithPkgConfigAloneAndRefreshesAndLoads() throws {
        let prefix = try Self.prefix()
        let flags = try Self.run("/usr/bin/pkg-config", ["--cflags", "--libs", "ptr4-refresh-1.0"])
        #expect(flags.status == 0, "\(flags.output)")
        #expect(flags.output.contains("-I\(prefix)/include/ptr4-refresh-1.0") && flags.output.contains("-lPtrRefresh4"),
                "\(flags.output)")
        let out = try ScriptHarness.makeTempDirectory("gi4-c")
        defer { ScriptHarness.removeTree(out) }
        let program = try Self.buildC("\(Self.examples)/c/refresh-bin4.c", package: "ptr4-refresh-1.0", into: out)
        let run = try Self.run(program, ["--self-test"])
        #expect(run.status == 0, "refresh-bin4 --self-test failed:\n\(run.output)")
        Self.expectNoWarnings(run.output, "refresh-bin4")
    }

    @Test func theLibadwaitaExampleRefreshesAndLoads() throws {
        let run = try Self.run("/usr/bin/python3", ["\(Self.examples)/adwaita/app.py", "--self-test"])
        #expect(run.status == 0, "adwaita/app.py --self-test failed (scripts/deps.sh test installs gir1.2-adw-1):\n\(run.output)")
        Self.expectNoWarnings(run.output, "adwaita/app.py")
    }

    /// g_object_new's properties, missing handlers, a replaced child, disposal, packing
    /// in a box, and a list view, grid view, column view and text view refreshing and loading.
    @Test func pythonDrivesTheBinThroughTheTypelib() throws {
        let run = try Self.run("/usr/bin/python3", ["\(Self.introspection)/test_refresh_bin4.py"],
                               currentDirectory: Self.introspection)
        #expect(run.status == 0, "test_refresh_bin4.py failed:\n\(run.output)")
        #expect(run.output.contains("Ran 13 tests") && run.output.contains("\nOK"), "\(run.output)")
    }

    /// Every signal and notification in its order, each handler's arguments and user data, wheel
    /// notches through the bin's own controller (as bin_signals.c on GTK 3).
    @Test func cSeesTheSignalsInTheirOrder() throws {
        let out = try ScriptHarness.makeTempDirectory("gi4-signals")
        defer { ScriptHarness.removeTree(out) }
        let program = try Self.buildC("\(Self.introspection)/bin4_signals.c", package: "ptr4-refresh-1.0", into: out)
        let run = try Self.run(program, [])
        #expect(run.status == 0 && run.output.contains("all checks passed"),
                "bin4_signals.c:\n\(IntrospectionTests.failures(run.output))\n\(run.output)")
        Self.expectNoWarnings(run.output, "bin4_signals.c")
    }

    /// Every signal and notification in its order, each handler's arguments (as bin_signals.js on GTK 3).
    @Test func gjsSeesTheSignalsInTheirOrder() throws {
        let gjs = try Prerequisite.path(of: .program("gjs", package: "gjs"))
        let run = try Self.run(gjs, ["\(Self.introspection)/bin4_signals.js"])
        #expect(run.status == 0 && run.output.contains("all checks passed"),
                "bin4_signals.js:\n\(IntrospectionTests.failures(run.output))\n\(run.output)")
        Self.expectNoWarnings(run.output, "bin4_signals.js")
    }
}
