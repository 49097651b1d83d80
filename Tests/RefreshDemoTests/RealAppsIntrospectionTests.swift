// Issue 47: feed readers written as real GNOME apps are (their own gestures, a scrolled window
// subclass in a stack page, rows inserted while the refresh runs, a sorted model, a tree view from
// GtkBuilder, a list cleared and refilled from idles), with the bin added as docs/real-apps.md
// says, driven by real X input (Tests/real-apps/feed_reader.py through the installed typelibs).
// Each runs on an X server of its own (xdotool moves the one pointer), with every GLib warning
// fatal. Part of the Debian 13 stage too (its name matches the stage's filter).

import Foundation
import RefreshTestSupport
import Testing

@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct RealAppsIntrospectionTests {
    static let script = ScriptHarness.repoRoot.appendingPathComponent("Tests/real-apps/feed_reader.py").path
    /// One install for the suite, in a PREFIX of its own (the other introspection suites install
    /// theirs at the same time).
    nonisolated(unsafe) static var installed: Result<String, IntrospectionTests.InstallFailure>?

    static func prefix() throws -> String {
        if installed == nil { installed = try IntrospectionTests.install(into: "test-prefix-apps") }
        return try installed!.get()
    }

    static let fixtures: [(gtk: String, fixture: String)] = [
        ("3", "listbox"), ("3", "treeview"), ("3", "refill"),
        ("4", "listbox"), ("4", "newest-first"), ("4", "oldest-first"), ("4", "refill"),
    ]

    /// The slow wheel, the drag pull, the refresh's rows in view, a click and F5 on each fixture.
    @Test(arguments: fixtures)
    func aFeedReaderRefreshesAsItsUsersPull(gtk: String, fixture: String) throws {
        let xvfb = try Prerequisite.path(of: .program("Xvfb", package: "xvfb"))
        _ = try Prerequisite.path(of: .program("xdotool", package: "xdotool"))
        let prefix = try Self.prefix()
        let server = Process()
        let display = try #require(try PrivateXvfb.start(server, xvfb: xvfb, screen: "800x700x24"), "Xvfb gave no display")
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
        var environment = [
            "PATH=/usr/bin:/bin", "GI_TYPELIB_PATH=\(prefix)/lib/girepository-1.0", "LD_LIBRARY_PATH=\(prefix)/lib",
            "G_DEBUG=fatal-warnings", "DISPLAY=\(display)", "GDK_BACKEND=x11", "LANG=C.UTF-8",
            // Accessibility is not under test here (its own suites run it with a bus of their own).
            "GTK_A11Y=none", "NO_AT_BRIDGE=1",
        ]
        if let home = ProcessInfo.processInfo.environment["HOME"] { environment.append("HOME=\(home)") }
        let run = try Gtk4IntrospectionTests.Gtk4AccessibilityTests.run(["/usr/bin/env", "-i"] + environment + [
            "/usr/bin/python3", Self.script, gtk, fixture,
        ], deadline: 120)
        #expect(run.status == 0 && run.output.contains("all checks passed"),
                "feed_reader.py \(gtk) \(fixture):\n\(IntrospectionTests.failures(run.output))\n\(run.output)")
        Gtk4IntrospectionTests.expectNoWarnings(run.output, "feed_reader.py \(gtk) \(fixture)")
    }
}
