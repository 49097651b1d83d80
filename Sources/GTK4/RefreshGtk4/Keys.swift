import CGtk4
import CGtk4Shim
import RefreshCore
import RefreshWidgetCore

extension RefreshBin {
    /// A key pressed with the focus inside the bin, before the focus widget sees it; true: the
    /// key was ours. The arrows stay the list's (its cursor); Home, End and the Page keys move
    /// the adjustment (End into the auto footer's room, which loads); Enter and Space load or
    /// retry while the footer offers it. The list's cursor does not follow Home/End/Page: GTK 4's
    /// lists would otherwise scroll to their last row and stop short of the footer.
    func keyPressed(keyval: guint, state: GdkModifierType) -> Bool {
        guard !isDestroyed else { return false }
        if let forward = KeyTable.tab(keyval: keyval, state: state.rawValue) { return tabbed(forward: forward) }
        guard let intent = KeyTable.intent(keyval: keyval, state: state.rawValue) else { return false }
        // No focus stop on the footer yet: Enter and Space are the footer's whenever it offers
        // load more or a retry, as on a GTK 3 bin (a wrapped list's rows are its own).
        switch engine.route(intent, hostMovesCursor: false, footerFocused: false) {
        case .scroll(let command):
            keyScroll(command)
            return true
        case .activate(_, footer: true):
            driver.loadMore()
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
        wrapped.keyScroll(command)
    }
}
