// Issue 26: the GTK 4 bin through GtkAccessible, read by a real AT-SPI client (docs/accessibility.md,
// "GTK 4"). Tests/introspection/a11y4_check.py (pyatspi) starts a11y4_app.py, a Gtk.ListView in a
// Ptr4.RefreshBin loaded from the installed PREFIX (Gtk4IntrospectionTests' install), and checks
// the bin's busy state, its description through a held pull, a refresh, a failed refresh and
// their rest, its refresh action (run by the AT), F5, and the footer button: reached with End and
// Tab, retried with Return and with its AT action; and, in-process, that the footer button and
// the action come and go with the child.

import Foundation
import RefreshTestSupport
import Testing

extension Gtk4IntrospectionTests {
    /// Nested in Gtk4IntrospectionTests, whose serialization covers it: both install into one prefix.
    @Suite struct Gtk4AccessibilityTests {
        static let introspection = ScriptHarness.repoRoot.appendingPathComponent("Tests/introspection").path

        @Test func aRealAtSpiClientReadsAndOperatesTheGtk4Bin() throws {
            try TestResourceLock.withLock("at-spi") { try readsAndOperatesTheGtk4Bin() }
        }

        private func readsAndOperatesTheGtk4Bin() throws {
            let xvfb = try Prerequisite.path(of: .program("Xvfb", package: "xvfb"))
            _ = try Prerequisite.path(of: .program("xdotool", package: "xdotool"))
            // a11y4_check.py runs itself again under dbus-run-session.
            _ = try Prerequisite.path(of: .program("dbus-run-session", package: "dbus-daemon"))
            try Prerequisite.require(FileManager.default.isExecutableFile(atPath: "/usr/libexec/at-spi-bus-launcher"),
                                     "at-spi-bus-launcher is not installed (Debian package at-spi2-core)")
            let pyatspi = try ScriptHarness.run("/usr/bin/python3", ["-c", "import pyatspi"])
            try Prerequisite.require(pyatspi.status == 0, "pyatspi is not importable (Debian package python3-pyatspi)")
            let prefix = try Gtk4IntrospectionTests.prefix()

            // An X server of its own: xdotool's keys and wheel go to the window under the pointer,
            // and no other test's window may be there.
            let server = Process()
            let display = try #require(try PrivateXvfb.start(server, xvfb: xvfb, screen: "800x600x24"), "Xvfb gave no display")
            defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }

            // The script's own session bus (through which GTK 4 starts the accessibility bus): the
            // client sees this app only. The C locale gives the English texts the script compares.
            var environment = [
                "PATH=/usr/bin:/bin", "GI_TYPELIB_PATH=\(prefix)/lib/girepository-1.0", "LD_LIBRARY_PATH=\(prefix)/lib",
                "G_DEBUG=fatal-warnings", "DISPLAY=\(display)", "LANG=C.UTF-8", "GTK_THEME=Adwaita",
            ]
            if let home = ProcessInfo.processInfo.environment["HOME"] { environment.append("HOME=\(home)") }
            let run = try Self.run(["/usr/bin/env", "-i"] + environment + [
                "/usr/bin/python3", "\(Self.introspection)/a11y4_check.py", "\(Self.introspection)/a11y4_app.py",
            ], deadline: 150)
            let failures = run.output.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
            #expect(run.status == 0 && run.output.contains("all checks passed"),
                    "a11y4_check.py failed:\n\(failures.joined(separator: "\n"))\n\(run.output)")
            Gtk4IntrospectionTests.expectNoWarnings(run.output, "a11y4_check.py")
        }

        /// The footer button and the action group come and go with the bin's Swift side: one per
        /// scrolled-window child, gone with the child and when the bin is disposed; the action's
        /// request waits for the main loop (Tests/introspection/a11y4_lifetime.py, in-process).
        @Test func theAccessibilityPartsComeAndGoWithTheChild() throws {
            let run = try Gtk4IntrospectionTests.run("/usr/bin/python3", ["\(Self.introspection)/a11y4_lifetime.py"])
            #expect(run.status == 0 && run.output.contains("all checks passed"), "a11y4_lifetime.py failed:\n\(run.output)")
            Gtk4IntrospectionTests.expectNoWarnings(run.output, "a11y4_lifetime.py")
        }

        /// Runs `command` with its output in a file, not a pipe (a process it started and left behind
        /// would hold a pipe open), and kills it after `deadline` seconds.
        static func run(_ command: [String], deadline: TimeInterval) throws -> ScriptHarness.Result {
            let directory = try ScriptHarness.makeTempDirectory("a11y4")
            defer { ScriptHarness.removeTree(directory) }
            let log = URL(fileURLWithPath: "\(directory)/output.log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let output = try FileHandle(forWritingTo: log)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: command[0])
            process.arguments = Array(command.dropFirst())
            process.standardOutput = output
            process.standardError = output
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let end = Date().addingTimeInterval(deadline)
            while process.isRunning, Date() < end { Thread.sleep(forTimeInterval: 0.1) }
            let timedOut = process.isRunning
            // SIGKILL: children inherit the test runner's blocked signal mask, SIGTERM included.
            if timedOut { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            try output.close()
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return ScriptHarness.Result(status: timedOut ? -1 : process.terminationStatus,
                                        output: timedOut ? "timed out after \(Int(deadline)) s\n\(text)" : text)
        }
    }
}
