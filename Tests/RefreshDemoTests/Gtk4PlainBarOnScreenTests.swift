// Issue 46: the GTK 4 bin's plain bar on screen is the theme's accent as GTK itself draws it, in
// light and dark, with the default and a custom accent (Tests/introspection/bar4_check.py through
// the installed typelib). The expected colour is read from GTK's own drawing of a suggested-action
// button and a selected row in the same window, never from our palette code.

import Foundation
import RefreshTestSupport
import Testing

extension Gtk4IntrospectionTests {
    @Suite struct Gtk4PlainBarOnScreenTests {
        /// A plain bar held open (a refresh) has the colour of GTK's suggested-action button and
        /// selected row beside it, within 2 levels per channel, and its text reaches a contrast of
        /// 3 on it. The screen is read, so the script gets an X server of its own.
        @Test func thePlainBarIsTheAccentGtkDraws() throws {
            let xvfb = try Prerequisite.path(of: .program("Xvfb", package: "xvfb"))
            _ = try Prerequisite.path(of: .program("import", package: "imagemagick"))
            let prefix = try Gtk4IntrospectionTests.prefix()
            let server = Process()
            // The pointer starts at the screen's centre (400,350), outside the 600x300 window: no
            // hover colours.
            let display = try #require(try PrivateXvfb.start(server, xvfb: xvfb, screen: "800x700x24"), "Xvfb gave no display")
            defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
            var environment = [
                "PATH=/usr/bin:/bin", "GI_TYPELIB_PATH=\(prefix)/lib/girepository-1.0", "LD_LIBRARY_PATH=\(prefix)/lib",
                "G_DEBUG=fatal-warnings", "DISPLAY=\(display)", "LANG=C.UTF-8", "GTK_A11Y=none",
            ]
            if let home = ProcessInfo.processInfo.environment["HOME"] { environment.append("HOME=\(home)") }
            let run = try Gtk4AccessibilityTests.run(["/usr/bin/env", "-i"] + environment + [
                "/usr/bin/python3", "\(Gtk4IntrospectionTests.introspection)/bar4_check.py",
            ], deadline: 60)
            #expect(run.status == 0 && run.output.contains("all checks passed"),
                    "bar4_check.py:\n\(IntrospectionTests.failures(run.output))\n\(run.output)")
            Gtk4IntrospectionTests.expectNoWarnings(run.output, "bar4_check.py")
        }
    }
}
