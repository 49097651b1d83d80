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
            let xvfb = try Prerequisite.path(of: .program("Xvfb", package: "xvfb"))
            _ = try Prerequisite.path(of: .program("import", package: "imagemagick"))
            let prefix = try Gtk4IntrospectionTests.prefix()
            let server = Process()
            let display = try #require(try PrivateXvfb.start(server, xvfb: xvfb, screen: "800x700x24"), "Xvfb gave no display")
            defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
            var environment = [
                "PATH=/usr/bin:/bin", "GI_TYPELIB_PATH=\(prefix)/lib/girepository-1.0", "LD_LIBRARY_PATH=\(prefix)/lib",
                "G_DEBUG=fatal-warnings", "DISPLAY=\(display)", "LANG=C.UTF-8", "GTK_A11Y=none",
            ]
            if let home = ProcessInfo.processInfo.environment["HOME"] { environment.append("HOME=\(home)") }
            let run = try Gtk4AccessibilityTests.run(["/usr/bin/env", "-i"] + environment + [
                "/usr/bin/python3", "\(Gtk4IntrospectionTests.introspection)/theme4_check.py", list,
            ], deadline: 60)
            #expect(run.status == 0 && run.output.contains("all checks passed"),
                    "theme4_check.py \(list):\n\(IntrospectionTests.failures(run.output))\n\(run.output)")
            Gtk4IntrospectionTests.expectNoWarnings(run.output, "theme4_check.py \(list)")
        }
    }
}
