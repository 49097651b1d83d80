import CGtk
import RefreshCore

/// The list's keys (SPEC §2 keyboard): what a key press means, decided without GTK state.
enum KeyAction: Equatable {
    case refresh                 // F5, Ctrl+R
    case scroll(ScrollCommand)   // Home, End, Page Up, Page Down
    case lineUp, lineDown        // arrow keys
    case activate                // Enter / Space on the focused footer: load more or retry

    static func from(keyval: UInt32, state: UInt32) -> KeyAction? {
        let modifiers = state & (GDK_CONTROL_MASK.rawValue | GDK_MOD1_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
        let control = modifiers == GDK_CONTROL_MASK.rawValue
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_F5 where modifiers == 0: return .refresh
        case GDK_KEY_r where control, GDK_KEY_R where control: return .refresh
        case GDK_KEY_Home where modifiers == 0, GDK_KEY_KP_Home where modifiers == 0: return .scroll(.home)
        case GDK_KEY_End where modifiers == 0, GDK_KEY_KP_End where modifiers == 0: return .scroll(.end)
        case GDK_KEY_Page_Up where modifiers == 0, GDK_KEY_KP_Page_Up where modifiers == 0: return .scroll(.pageUp)
        case GDK_KEY_Page_Down where modifiers == 0, GDK_KEY_KP_Page_Down where modifiers == 0:
            return .scroll(.pageDown)
        case GDK_KEY_Up where modifiers == 0, GDK_KEY_KP_Up where modifiers == 0: return .lineUp
        case GDK_KEY_Down where modifiers == 0, GDK_KEY_KP_Down where modifiers == 0: return .lineDown
        case GDK_KEY_Return where modifiers == 0, GDK_KEY_KP_Enter where modifiers == 0,
             GDK_KEY_space where modifiers == 0, GDK_KEY_KP_Space where modifiers == 0:
            return .activate
        default: return nil
        }
    }
}
