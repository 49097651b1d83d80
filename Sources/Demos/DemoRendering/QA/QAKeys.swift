/// The live QA tools' keys, the same in both demos (docs/qa-tools.md, "Live QA tools"). Key
/// values are X keysyms, which GDK 3 and GDK 4 both use for `keyval`; each demo checks the
/// modifiers itself (their masks differ between the two).
package enum QAKey: Sendable, Equatable {
    case slowMotion, pause, step, overlay, outline, scrubber, saveFrame, help
    /// Escape while the help shows.
    case closeHelp

    /// The tool for `keyval` pressed with no Ctrl, Alt or Super, or nil; `helpShown`: Escape closes it.
    package init?(keyval: UInt32, helpShown: Bool) {
        switch keyval {
        case 0x73, 0x53: self = .slowMotion  // s, S
        case 0x70, 0x50: self = .pause  // p, P
        case 0x2e, 0xffae: self = .step  // period, KP_Decimal
        case 0x6f, 0x4f: self = .overlay  // o, O
        case 0x67, 0x47: self = .outline  // g, G
        case 0x74, 0x54: self = .scrubber  // t, T
        case 0x66, 0x46: self = .saveFrame  // f, F
        case 0xffbe, 0x3f: self = .help  // F1, question
        case 0xff1b where helpShown: self = .closeHelp  // Escape
        default: return nil
        }
    }

    /// The keys, in the order the help lists them.
    package static let table: [(keys: String, action: @MainActor () -> String)] = [
        ("S", { QAL10n.qaKeySlowMotion }),
        ("P", { QAL10n.qaKeyPause }),
        (".", { QAL10n.qaKeyStep }),
        ("O", { QAL10n.qaKeyOverlay }),
        ("G", { QAL10n.qaKeyOutline }),
        ("T", { QAL10n.qaKeyScrubber }),
        ("F", { QAL10n.qaKeySaveFrame }),
        ("F1, ?", { QAL10n.qaKeyHelp }),
    ]
}

/// What the QA keys act on: each demo's live tools.
@MainActor
package protocol QAKeyTarget: AnyObject {
    var clock: QAClock { get }
    var showsOverlay: Bool { get }
    var showsOutline: Bool { get }
    var showsHelp: Bool { get }
    func setOverlay(_ on: Bool)
    func setOutline(_ on: Bool)
    func setHelp(_ on: Bool)
    func toggleScrubber()
    /// F: saves the current frame.
    func saveFrameForKey()
}

extension QAKeyTarget {
    /// Does what `key` asks: one meaning for every key, in both demos.
    package func perform(_ key: QAKey) {
        switch key {
        case .slowMotion: clock.toggleBoost()
        case .pause: clock.setPaused(!clock.isPaused)
        case .step: clock.step()
        case .overlay: setOverlay(!showsOverlay)
        case .outline: setOutline(!showsOutline)
        case .scrubber: toggleScrubber()
        case .saveFrame: saveFrameForKey()
        case .help: setHelp(!showsHelp)
        case .closeHelp: setHelp(false)
        }
    }
}
