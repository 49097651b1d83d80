import RefreshCore

/// A key with the modifiers it needs (Control, Alt and Shift are compared; others are ignored),
/// and its name in GTK's accelerator syntax.
package struct KeyBinding: Equatable, Sendable {
    package let keyval: UInt32
    package let modifiers: UInt32
    /// "F5", "<Control>r": what the accessible reports as the action's key binding.
    package let accelerator: String

    package init(_ keyval: UInt32, _ modifiers: UInt32 = 0, named accelerator: String) {
        self.keyval = keyval
        self.modifiers = modifiers
        self.accelerator = accelerator
    }

    package func matches(keyval: UInt32, state: UInt32) -> Bool {
        keyval == self.keyval && state & KeyTable.significantModifiers == modifiers
    }
}

/// The widget's keys, for both toolkits (docs/behaviour.md#keyboard-and-accessibility): a key
/// value and modifier state as GDK reports them, as the engine's `KeyIntent` (what the key then
/// does is the engine's `route`). GDK's key values are X keysyms and its modifier bits X's, the
/// same numbers in GTK 3 and GTK 4, so the table needs no toolkit.
package enum KeyTable {
    /// GDK_SHIFT_MASK, GDK_CONTROL_MASK, and GDK_MOD1_MASK (GTK 3) = GDK_ALT_MASK (GTK 4).
    package static let shift: UInt32 = 1 << 0
    package static let control: UInt32 = 1 << 2
    package static let alt: UInt32 = 1 << 3
    package static let significantModifiers = shift | control | alt

    /// The keysyms the table names (gdkkeysyms.h).
    package enum Key {
        package static let f5: UInt32 = 0xffc2
        package static let r: UInt32 = 0x072, upperR: UInt32 = 0x052
        package static let returnKey: UInt32 = 0xff0d, keypadEnter: UInt32 = 0xff8d
        package static let space: UInt32 = 0x020, keypadSpace: UInt32 = 0xff80
        package static let home: UInt32 = 0xff50, keypadHome: UInt32 = 0xff95
        package static let end: UInt32 = 0xff57, keypadEnd: UInt32 = 0xff9c
        package static let pageUp: UInt32 = 0xff55, keypadPageUp: UInt32 = 0xff9a
        package static let pageDown: UInt32 = 0xff56, keypadPageDown: UInt32 = 0xff9b
        package static let up: UInt32 = 0xff52, keypadUp: UInt32 = 0xff97
        package static let down: UInt32 = 0xff54, keypadDown: UInt32 = 0xff99
        package static let tab: UInt32 = 0xff09, keypadTab: UInt32 = 0xff89, isoLeftTab: UInt32 = 0xfe20
    }

    /// Refresh: F5, Ctrl+R (either case: Caps Lock gives an upper-case keyval).
    package static let refresh = [
        KeyBinding(Key.f5, named: "F5"),
        KeyBinding(Key.r, control, named: "<Control>r"),
        KeyBinding(Key.upperR, control, named: "<Control>r"),
    ]
    /// Activate the footer (load more or retry): Return, Enter, Space.
    package static let activate = [
        KeyBinding(Key.returnKey, named: "Return"),
        KeyBinding(Key.keypadEnter, named: "KP_Enter"),
        KeyBinding(Key.space, named: "space"),
        KeyBinding(Key.keypadSpace, named: "KP_Space"),
    ]

    /// The key binding an accessible reports for an action: its first (main) key.
    package static func accessibleName(_ bindings: [KeyBinding]) -> String { bindings.first?.accelerator ?? "" }

    /// What the key means to the widget, or nil: not one of its keys.
    package static func intent(keyval: UInt32, state: UInt32) -> KeyIntent? {
        if refresh.contains(where: { $0.matches(keyval: keyval, state: state) }) { return .refresh }
        if activate.contains(where: { $0.matches(keyval: keyval, state: state) }) { return .activate }
        guard state & significantModifiers == 0 else { return nil }
        switch keyval {
        case Key.home, Key.keypadHome: return .scroll(.home)
        case Key.end, Key.keypadEnd: return .scroll(.end)
        case Key.pageUp, Key.keypadPageUp: return .scroll(.pageUp)
        case Key.pageDown, Key.keypadPageDown: return .scroll(.pageDown)
        case Key.up, Key.keypadUp: return .lineUp
        case Key.down, Key.keypadDown: return .lineDown
        default: return nil
        }
    }

    /// Tab (true) or Shift+Tab (false) with no other modifier; nil for anything else.
    package static func tab(keyval: UInt32, state: UInt32) -> Bool? {
        guard state & (control | alt) == 0 else { return nil }
        switch keyval {
        case Key.tab, Key.keypadTab: return state & shift == 0
        case Key.isoLeftTab: return false
        default: return nil
        }
    }

    /// What a movement key (Home, End, Page Up/Down, the arrows) does on `host`; nil for the
    /// others (refresh and activation mean the same everywhere: `RefreshEngine.route`). The one
    /// place the widget decides it, for every list of both toolkits
    /// (docs/behaviour.md#keyboard-and-accessibility); the hosts only carry it out.
    package static func action(for intent: KeyIntent, on host: KeyHost) -> KeyAction? {
        switch (intent, host) {
        case (.refresh, _), (.activate, _):
            return nil
        // Home, End and the Page keys ease on every list the widget scrolls itself (our list: a page
        // lands on a whole row).
        case (.scroll, .ourList), (.scroll, .gtk4CursorList), (.scroll, .plainView):
            return .easedScroll
        // The arrows move our list's selection, or the content by a line with none to move.
        case (.lineUp, .ourList), (.lineDown, .ourList):
            return .line
        // A list with a cursor keeps its keys' meaning: the cursor moves and the list follows it;
        // Home and End are then followed to the very start and end (past its last row, into the
        // footer's room), which a GTK 3 list stops short of.
        case (.scroll, .gtk3CursorList), (.lineUp, .gtk3CursorList), (.lineDown, .gtk3CursorList),
             (.lineUp, .gtk4CursorList), (.lineDown, .gtk4CursorList):
            return .native
        // A view without a cursor scrolls by its adjustment's line step (GTK 4's text view
        // would otherwise take the arrows for nothing).
        case (.lineUp, .plainView), (.lineDown, .plainView):
            return .line
        }
    }
}

/// The kind of list a key reaches, as far as keys go (`KeyTable.action(for:on:)`).
package enum KeyHost: String, CaseIterable, Sendable {
    /// GTK 3's RefreshView: our rows, their heights and our selection.
    case ourList
    /// A GTK 3 list that moves a cursor of its own with the movement keys: a tree view, a list
    /// box, an icon view, a flow box, a text view with a visible cursor.
    case gtk3CursorList
    /// A GTK 4 list with a cursor (its focus): a list, column or grid view, a list box, a flow
    /// box, a text view with a visible cursor.
    case gtk4CursorList
    /// A view with no cursor on either toolkit: a text view without one, a viewport of widgets.
    case plainView
}

/// What a movement key does (`KeyTable.action(for:on:)`).
package enum KeyAction: Equatable, Sendable {
    /// The list's own binding runs (its cursor moves); End and Home are then followed to the
    /// very end and start.
    case native
    /// The engine eases there (Page: to the exact next page of whole rows).
    case easedScroll
    /// One line: our list's selection moves if it has one, else the content by a line step.
    case line
}
