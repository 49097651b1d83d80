import CGtk
import RefreshCore

/// A key with the modifiers it needs (Control, Alt and Shift are compared; others are ignored),
/// and its name in GTK's accelerator syntax.
struct KeyBinding: Equatable, Sendable {
    let keyval: Int32
    let modifiers: UInt32
    /// "F5", "<Control>r": what the accessible reports as the action's key binding.
    let accelerator: String

    init(_ keyval: Int32, _ modifiers: GdkModifierType = GdkModifierType(0), named accelerator: String) {
        self.keyval = keyval
        self.modifiers = modifiers.rawValue
        self.accelerator = accelerator
    }

    static let significantModifiers = GDK_CONTROL_MASK.rawValue | GDK_MOD1_MASK.rawValue | GDK_SHIFT_MASK.rawValue

    func matches(keyval: UInt32, state: UInt32) -> Bool {
        Int32(bitPattern: keyval) == self.keyval && state & Self.significantModifiers == modifiers
    }

    /// Refresh: F5, Ctrl+R (either case: Caps Lock gives an upper-case keyval).
    static let refresh = [
        KeyBinding(GDK_KEY_F5, named: "F5"),
        KeyBinding(GDK_KEY_r, GDK_CONTROL_MASK, named: "<Control>r"),
        KeyBinding(GDK_KEY_R, GDK_CONTROL_MASK, named: "<Control>r"),
    ]
    /// Activate the focused footer (load more or retry): Return, Enter, Space.
    static let activate = [
        KeyBinding(GDK_KEY_Return, named: "Return"),
        KeyBinding(GDK_KEY_KP_Enter, named: "KP_Enter"),
        KeyBinding(GDK_KEY_space, named: "space"),
        KeyBinding(GDK_KEY_KP_Space, named: "KP_Space"),
    ]

    /// The key binding an accessible reports for an action: its first (main) key.
    static func accessibleName(_ bindings: [KeyBinding]) -> String { bindings.first?.accelerator ?? "" }
}

/// The list's keys: GDK's key and modifiers as the engine's `KeyIntent` (what the key then does
/// is the engine's `route`).
typealias KeyAction = KeyIntent

extension KeyIntent {
    static func from(keyval: UInt32, state: UInt32) -> KeyIntent? {
        if KeyBinding.refresh.contains(where: { $0.matches(keyval: keyval, state: state) }) { return .refresh }
        if KeyBinding.activate.contains(where: { $0.matches(keyval: keyval, state: state) }) { return .activate }
        guard state & KeyBinding.significantModifiers == 0 else { return nil }
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Home, GDK_KEY_KP_Home: return .scroll(.home)
        case GDK_KEY_End, GDK_KEY_KP_End: return .scroll(.end)
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: return .scroll(.pageUp)
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: return .scroll(.pageDown)
        case GDK_KEY_Up, GDK_KEY_KP_Up: return .lineUp
        case GDK_KEY_Down, GDK_KEY_KP_Down: return .lineDown
        default: return nil
        }
    }
}
