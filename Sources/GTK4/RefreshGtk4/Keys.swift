import CGtk4
import CGtk4Shim
import RefreshCore
import RefreshWidgetCore

extension RefreshBin {
    /// A key pressed with the focus inside the bin, before the focus widget sees it; true: the
    /// key was ours. What a movement key does is the core's table (`KeyTable.action(for:on:)`):
    /// Home, End and the Page keys ease the list there (End into the auto footer's room, which
    /// loads); the arrows stay a list's with a cursor and move a view without one by a line.
    /// Enter and Space load or retry while the footer offers it.
    func keyPressed(keyval: guint, state: GdkModifierType) -> Bool {
        guard !isDestroyed else { return false }
        if let forward = KeyTable.tab(keyval: keyval, state: state.rawValue) { return tabbed(forward: forward) }
        guard let intent = KeyTable.intent(keyval: keyval, state: state.rawValue) else { return false }
        let action = KeyTable.action(for: intent, on: keyHost)
        // Enter and Space are the footer's whenever it offers load more or a retry, as on a GTK 3
        // bin (a wrapped list's rows are its own); focused by Tab, its button takes them itself.
        switch engine.route(intent, hostMovesCursor: action == .native, footerFocused: false) {
        case .scroll(let command):
            driver.update { $0.command(command, at: $1) }
            return true
        case .line(let step):
            let target = engine.offset + Double(step) * max(1, gtk_adjustment_get_step_increment(adjustment))
            driver.update { $0.externalScroll(to: target, at: $1) }
            return true
        case .activate(_, footer: true):
            driver.loadMore()
            return true
        case .refresh:
            beginRefreshing()
            return true
        case .host, .activate:
            return false
        }
    }

    /// The list the keys reach (`KeyTable.action(for:on:)`): one with a cursor (its focus), or a
    /// view without one (a text view without a visible cursor, a viewport of widgets).
    var keyHost: KeyHost {
        guard let list = ptr4_refresh_bin_list(OpaquePointer(widget)) else { return .plainView }
        if PinnedColumnHeader.isA(list, gtk_text_view_get_type()) {
            let view = list.withMemoryRebound(to: GtkTextView.self, capacity: 1) { $0 }
            return gtk_text_view_get_cursor_visible(view) != 0 ? .gtk4CursorList : .plainView
        }
        let cursorLists = [gtk_list_view_get_type(), gtk_column_view_get_type(), gtk_grid_view_get_type(),
                           gtk_list_box_get_type(), gtk_flow_box_get_type()]
        return cursorLists.contains { PinnedColumnHeader.isA(list, $0) } ? .gtk4CursorList : .plainView
    }

    /// The focus widget takes Tab as text: an editable text view that accepts it.
    private var focusTypesTab: Bool {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root),
              PinnedColumnHeader.isA(focus, gtk_text_view_get_type()) else { return false }
        let view = focus.withMemoryRebound(to: GtkTextView.self, capacity: 1) { $0 }
        return gtk_text_view_get_editable(view) != 0 && gtk_text_view_get_accepts_tab(view) != 0
    }

    /// Where the window's keyboard focus is in the bin: the footer (Tab's stop after the rows), the
    /// rows (anything inside the child), or nil outside the bin.
    package var focusedStop: FocusStop? {
        guard let root = gtk_widget_get_root(widget), let focus = gtk_root_get_focus(root) else { return nil }
        if focus == ptr4_refresh_bin_accessible_footer(OpaquePointer(widget)) { return .footer }
        return gtk_widget_is_ancestor(focus, widget) != 0 ? .rows : nil
    }

    /// Tab from the rows goes to the footer while it offers load more or a retry (the engine's
    /// `tab`, as on GTK 3): GTK 4.8's GtkListView would otherwise take one Tab per row. An editable
    /// text view keeps Tab for its text, as on GTK 3 (Ctrl+Tab leaves it). Anything else is GTK's
    /// own focus chain.
    private func tabbed(forward: Bool) -> Bool {
        guard let footer = ptr4_refresh_bin_accessible_footer(OpaquePointer(widget)), !focusTypesTab else { return false }
        let current: FocusStop = gtk_widget_has_focus(footer) != 0 ? .footer : .rows
        guard current == .rows, engine.tab(from: current, forward: forward) == .footer,
              gtk_widget_get_visible(footer) != 0, gtk_widget_get_focusable(footer) != 0 else { return false }
        return gtk_widget_grab_focus(footer) != 0
    }
}
