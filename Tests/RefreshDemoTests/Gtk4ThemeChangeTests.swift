// Issue 38: the GTK 4 bin's header follows the desktop's font and theme while the app runs, on
// every GTK 4 list (Tests/introspection/theme4_check.py through the installed typelib).

import Foundation
import RefreshTestSupport
import Testing

extension Gtk4IntrospectionTests {
    @Suite struct Gtk4ThemeChangeTests {
        /// A header held open (a refresh) redraws in a larger font, another family and the dark
        /// theme as each is switched, and the next refresh keeps them. The screen is read, so the
        /// script gets an X server of its own (no other test's window over its header).
        @Test(arguments: ["listbox", "listview", "columnview", "textview"])
        func aHeldHeaderFollowsTheFontAndTheThemeAsTheyChange(_ list: String) throws {
            let run = try Gtk4IntrospectionTests.runOnAScreenOfItsOwn("theme4_check.py", [list])
            #expect(run.status == 0 && run.output.contains("all checks passed"),
                    "theme4_check.py \(list):\n\(IntrospectionTests.failures(run.output))\n\(run.output)")
            Gtk4IntrospectionTests.expectNoWarnings(run.output, "theme4_check.py \(list)")
        }
    }
}

extension Gtk4IntrospectionTests {
    /// Runs a Python check of Tests/introspection through the installed typelib on an 800×700
    /// Xvfb of its own (it reads the screen: no other test's window may cover its own), in an
    /// environment with nothing but what it needs and warnings fatal.
    static func runOnAScreenOfItsOwn(_ script: String, _ arguments: [String] = []) throws -> ScriptHarness.Result {
        let xvfb = try Prerequisite.path(of: .program("Xvfb", package: "xvfb"))
        _ = try Prerequisite.path(of: .program("import", package: "imagemagick"))
        let prefix = try prefix()
        let server = Process()
        // The pointer starts at the screen's centre (400,350), outside the checks' windows: no
        // hover colours.
        let display = try #require(try PrivateXvfb.start(server, xvfb: xvfb, screen: "800x700x24"), "Xvfb gave no display")
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
        var environment = [
            "PATH=/usr/bin:/bin", "GI_TYPELIB_PATH=\(prefix)/lib/girepository-1.0", "LD_LIBRARY_PATH=\(prefix)/lib",
            "G_DEBUG=fatal-warnings", "DISPLAY=\(display)", "LANG=C.UTF-8", "GTK_A11Y=none",
        ]
        if let home = ProcessInfo.processInfo.environment["HOME"] { environment.append("HOME=\(home)") }
        return try Gtk4AccessibilityTests.run(["/usr/bin/env", "-i"] + environment + [
            "/usr/bin/python3", "\(introspection)/\(script)",
        ] + arguments, deadline: 60)
    }
}
