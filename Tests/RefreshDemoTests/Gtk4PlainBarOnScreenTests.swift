// Issue 46: the GTK 4 bin's plain bar on screen is the theme's accent as GTK itself draws it, in
// light and dark, with the default and a custom accent (Tests/introspection/bar4_check.py through
// the installed typelib). The expected colour is read from GTK's own drawing of a suggested-action
// button and a selected row in the same window, never from our palette code; a failed refresh's
// mark is checked the same way, against the hue GTK gives an `.error` label, and the loading
// footer's words against a GTK label's ink.

import Foundation
import RefreshTestSupport
import Testing

extension Gtk4IntrospectionTests {
    @Suite struct Gtk4PlainBarOnScreenTests {
        /// A plain bar held open (a refresh) has the colour of GTK's suggested-action button and
        /// selected row beside it, within 2 levels per channel, and its text reaches a contrast of
        /// 3 on it. A failed refresh's mark, in light and dark, is a colour within 20° of the hue of
        /// GTK's `.error` label beside it. The loading footer's words, in light and dark, are on
        /// the same side of what is under them as GTK's label ink beside it, at contrast 3 or more.
        /// Under HighContrast the held classic header's words are GTK's label ink (12 levels).
        @Test func thePlainBarIsTheAccentGtkDraws() throws {
            let run = try Gtk4IntrospectionTests.runOnAScreenOfItsOwn("bar4_check.py")
            #expect(run.status == 0 && run.output.contains("all checks passed"),
                    "bar4_check.py:\n\(IntrospectionTests.failures(run.output))\n\(run.output)")
            Gtk4IntrospectionTests.expectNoWarnings(run.output, "bar4_check.py")
        }
    }
}
