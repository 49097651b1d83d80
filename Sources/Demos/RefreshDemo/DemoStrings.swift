// The demo's user-visible strings (its window, GTK's lists for --list, the desktop entry; the
// live QA tools' are `QAL10n`, shared with the GTK 4 demo), translated with gettext in the
// library's domain through the library's functions (`L10n.tr`, `trc`, `fill`). The refresh control's own strings are the library's
// (Sources/Shared/RefreshDrawing/Localization/Strings.swift); same rules as there: po/POTFILES lists this
// file, each English text is one literal on the line of its tr/trc call, TRANSLATORS: notes on
// the line before.

import RefreshGtk
import RefreshDrawing

/// The demo's localized strings. Stateless; `L10n.setUp()` runs in `main` before the first lookup.
package enum DemoL10n {
    // MARK: Window and desktop entry

    /// The window title; also the desktop entry's Name.
    package static var windowTitle: String { L10n.tr("Pull to Refresh") }
    /// One sentence about the demo: the desktop entry's Comment.
    package static var appDescription: String {
        L10n.tr("Pull down to refresh and load more rows: a GTK 3 list demo")
    }
    /// The status line after a row was activated (a click or Enter on it).
    // TRANSLATORS: %@ is the row's number, counted from 1 at the top.
    package static func activatedRow(_ number: Int) -> String { L10n.fill(L10n.tr("Opened row %@"), String(number)) }
    // TRANSLATORS: the demo's GtkTreeView column titles (refresh-demo --list treeview).
    package static var columnTitle: String { L10n.trc("tree view column", "Title") }
    package static var columnSubtitle: String { L10n.trc("tree view column", "Subtitle") }
}
