// The demo's user-visible strings (its window, GTK's lists for --list, the live QA tools, the
// desktop entry), translated with gettext in the library's domain through the library's
// functions (`L10n.tr`, `trc`, `fill`). The refresh control's own strings are the library's
// (Sources/RefreshDrawing/Localization/Strings.swift); same rules as there: po/POTFILES lists this
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

    // MARK: Live QA tools (QA/): the help panel, the overlay and the scrubber

    // TRANSLATORS: title of the demo's help panel listing the visual-QA keys.
    package static var qaKeysTitle: String { L10n.tr("Live QA keys") }
    package static var qaKeySlowMotion: String { L10n.tr("Slow motion ×10 on or off") }
    package static var qaKeyPause: String { L10n.tr("Pause or resume the animation clock") }
    package static var qaKeyStep: String { L10n.tr("Step one frame (1/60 s)") }
    package static var qaKeyOverlay: String { L10n.tr("Overlay: states, pull, animation, frame times") }
    package static var qaKeyOutline: String { L10n.tr("Reference outline of the J") }
    package static var qaKeyScrubber: String { L10n.tr("Scrubber: the whole header sequence") }
    package static var qaKeySaveFrame: String { L10n.tr("Save the current frame as a PNG") }
    package static var qaKeyHelp: String { L10n.tr("Show or hide this help") }
    // TRANSLATORS: overlay labels; each is followed by a value (a state name, px, seconds…).
    package static var qaHeader: String { L10n.trc("QA overlay", "Header") }
    package static var qaFooter: String { L10n.trc("QA overlay", "Footer") }
    package static var qaPull: String { L10n.trc("QA overlay", "Pull") }
    package static var qaPush: String { L10n.trc("QA overlay", "Push") }
    package static var qaAnimation: String { L10n.trc("QA overlay", "Animation") }
    package static var qaRows: String { L10n.trc("QA overlay", "Rows") }
    package static var qaClock: String { L10n.trc("QA overlay", "Clock") }
    package static var qaFrames: String { L10n.trc("QA overlay", "Frames") }
    // TRANSLATORS: the overlay's count of frames that came later than one 60 Hz interval.
    package static var qaMissed: String { L10n.trc("QA overlay", "missed") }
    // TRANSLATORS: the animation clock is frozen (P key).
    package static var qaPaused: String { L10n.trc("QA overlay", "paused") }
    // TRANSLATORS: the scrubber's window title.
    package static var qaScrubberTitle: String { L10n.tr("Header scrubber") }
    package static var qaStyle: String { L10n.trc("QA scrubber", "Style") }
    package static var qaTheme: String { L10n.trc("QA scrubber", "Theme") }
    package static var qaLight: String { L10n.trc("QA scrubber theme", "Light") }
    package static var qaDark: String { L10n.trc("QA scrubber theme", "Dark") }
    /// "Saved <path>".
    package static func qaSaved(_ path: String) -> String {
        // TRANSLATORS: %@ is the path of the PNG file the current frame was saved to.
        L10n.fill(L10n.tr("Saved %@"), path)
    }
}
