import CGtk4
import CGtk4Shim
import RefreshCore

/// GDK 4's key and modifiers as the engine's `KeyIntent` (what the key then does is the engine's
/// `route`, docs/behaviour.md#keyboard-and-accessibility). F5 and Ctrl+R come through the bin's
/// shortcut controller instead.
enum KeyTranslation {
    static let significantModifiers = GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue

    /// Tab (true) or Shift+Tab (false) with no other modifier; nil for anything else.
    static func tab(keyval: guint, state: GdkModifierType) -> Bool? {
        guard state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue) == 0 else { return nil }
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Tab, GDK_KEY_KP_Tab: return state.rawValue & GDK_SHIFT_MASK.rawValue == 0
        case GDK_KEY_ISO_Left_Tab: return false
        default: return nil
        }
    }

    static func intent(keyval: guint, state: GdkModifierType) -> KeyIntent? {
        guard state.rawValue & significantModifiers == 0 else { return nil }
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Home, GDK_KEY_KP_Home: return .scroll(.home)
        case GDK_KEY_End, GDK_KEY_KP_End: return .scroll(.end)
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: return .scroll(.pageUp)
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: return .scroll(.pageDown)
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_space, GDK_KEY_KP_Space: return .activate
        default: return nil
        }
    }
}

extension RefreshBin {
    /// A key pressed with the focus inside the bin, before the focus widget sees it; true: the
    /// key was ours. The arrows stay the list's (its cursor); Home, End and the Page keys move
    /// the adjustment (End into the auto footer's room, which loads); Enter and Space load or
    /// retry while the footer offers it. The list's cursor does not follow Home/End/Page: GTK 4's
    /// lists would otherwise scroll to their last row and stop short of the footer.
    func keyPressed(keyval: guint, state: GdkModifierType) -> Bool {
        guard !isDestroyed else { return false }
        if let forward = KeyTranslation.tab(keyval: keyval, state: state) { return tabbed(forward: forward) }
        guard let intent = KeyTranslation.intent(keyval: keyval, state: state) else { return false }
        // No focus stop on the footer yet: Enter and Space are the footer's whenever it offers
        // load more or a retry, as on a GTK 3 bin (a wrapped list's rows are its own).
        switch engine.route(intent, hostMovesCursor: false, footerFocused: false) {
        case .scroll(let command):
            keyScroll(command)
            return true
        case .activate(_, footer: true):
            _ = engine.loadMore(at: now())
            apply()
            return true
        case .refresh:
            beginRefreshing()
            return true
        case .host, .line, .activate:
            return false
        }
    }

    /// Tab from the rows goes to the footer while it offers load more or a retry (the engine's
    /// `tab`, as on GTK 3): GTK 4.8's GtkListView would otherwise take one Tab per row. Anything
    /// else is GTK's own focus chain.
    private func tabbed(forward: Bool) -> Bool {
        guard let footer = ptr4_refresh_bin_accessible_footer(OpaquePointer(widget)) else { return false }
        let current: FocusStop = gtk_widget_has_focus(footer) != 0 ? .footer : .rows
        guard current == .rows, engine.tab(from: current, forward: forward) == .footer,
              gtk_widget_get_visible(footer) != 0, gtk_widget_get_focusable(footer) != 0 else { return false }
        return gtk_widget_grab_focus(footer) != 0
    }

    /// Moves the adjustment at once, as the list's own keys would (its `value-changed` tells the
    /// engine); End also scrolls into the footer's room past the adjustment's end.
    private func keyScroll(_ command: ScrollCommand) {
        if let value = position.keyScroll(command, reading) {
            gtk_adjustment_set_value(adjustment, value)
        } else {
            engine.externalScroll(to: position.offset(reading), at: now())
            apply()
        }
    }
}
