// The live QA tools' strings (the help panel, the overlay, the scrubber, the saved-frame
// message), shared by refresh-demo and refresh-demo-gtk4; same rules as the demo's own strings
// (Sources/Demos/RefreshDemo/DemoStrings.swift): po/POTFILES lists this file, each English text is one
// literal on the line of its tr/trc call, TRANSLATORS: notes on the line before.

import RefreshDrawing

/// The live QA tools' localized strings, in the library's gettext domain.
package enum QAL10n {
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
