import RefreshDemo
import RefreshTestSupport
import CGtk
import RefreshCore
import RefreshWidgetCore
@testable import RefreshGtk
import Testing

/// What Home, End, Page Down and the arrows do on our list and on every GTK 3 list a bin wraps,
/// against the one table that decides it (`KeyTable.action(for:on:)`,
/// docs/behaviour.md#keyboard-and-accessibility). Each case presses one key on a fresh list at
/// rest and tells the table's three answers apart by what happens: an eased scroll is still under
/// way when the key returns, a line moved by one step, and a key the list keeps
/// moved its own cursor. `Gtk4DemoProcessTests.movementKeysFollowTheCoreTable` does the same for
/// GTK 4's lists.
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct KeyTablePerListTests {
    /// Every list the GTK 3 widget drives, with the kind of list its keys reach.
    enum List: String, CaseIterable, Sendable {
        case ourList, treeview, listbox, textview, textviewWithCursor

        var keyHost: KeyHost {
            switch self {
            case .ourList: .ourList
            case .treeview, .listbox, .textviewWithCursor: .gtk3CursorList
            case .textview: .plainView
            }
        }
    }

    enum Key: String, CaseIterable, Sendable {
        case home, end, pageDown, down

        var keyval: Int32 {
            switch self {
            case .home: GDK_KEY_Home
            case .end: GDK_KEY_End
            case .pageDown: GDK_KEY_Page_Down
            case .down: GDK_KEY_Down
            }
        }
        var intent: KeyIntent {
            switch self {
            case .home: .scroll(.home)
            case .end: .scroll(.end)
            case .pageDown: .scroll(.pageDown)
            case .down: .lineDown
            }
        }
    }

    /// One list in a window, its rows focused, read as the keys see it.
    @MainActor
    final class Subject {
        private var ours: GtkHarness?
        private var wrapped: HostHarness?
        let list: List

        init(_ list: List) throws {
            self.list = list
            switch list {
            case .ourList:
                let h = try GtkHarness(rows: 300)
                ours = h
                gtk_widget_grab_focus(h.view.list.area)
            case .treeview, .listbox, .textview, .textviewWithCursor:
                let kind: ListKind = list == .treeview ? .treeview : list == .listbox ? .listbox : .textview
                let h = try HostHarness(kind, rows: 200)
                wrapped = h
                if list == .textviewWithCursor {
                    // The cursor at the start, where a reader begins (filling the buffer left it
                    // at the end).
                    gtk_text_view_set_cursor_visible(gcast(h.list.content), 1)
                    let buffer = gtk_text_view_get_buffer(gcast(h.list.content))
                    var start = GtkTextIter()
                    gtk_text_buffer_get_start_iter(buffer, &start)
                    gtk_text_buffer_place_cursor(buffer, &start)
                    MainLoop.drain()
                }
                HostTests.focusRows(h, kind)
            }
            MainLoop.drain()
        }

        var window: UnsafeMutablePointer<GtkWidget> { ours?.window ?? wrapped!.window }
        var controller: RefreshController { ours?.view ?? wrapped!.bin }
        /// The keyboard focus is on one of the list's rows (or the list itself), not its footer.
        var rowsFocused: Bool {
            guard let focus = gtk_window_get_focus(gcast(window)) else { return false }
            // Our list's footer is a stop inside its area: the area's focus is the rows' until Tab.
            if let ours { return focus == ours.view.list.area && !ours.view.footerFocused }
            return gtk_widget_is_ancestor(focus, wrapped!.list.scrolledWindow) != 0
        }
        var keyTarget: UnsafeMutablePointer<GtkWidget> { ours?.view.list.area ?? wrapped!.target }
        var state: RefreshEngine { ours?.view.state ?? wrapped!.bin.state }
        var loads: Int { ours?.loads ?? wrapped!.loads }
        /// The scroll position's step for one line and one page (our list: a row; a wrapped list:
        /// its adjustment's increments).
        var lineStep: Double {
            if let ours { return ours.view.list.lineHeight }
            return gtk_adjustment_get_step_increment(wrapped!.adjustment)
        }
        var pageIncrement: Double { gtk_adjustment_get_page_increment(wrapped!.adjustment) }
        /// The host's own key kind, as its controller reads it.
        var hostKeyHost: KeyHost { wrapped?.bin.scrollHost.keyHost ?? .ourList }

        /// Where the list's cursor is (a row, a character; our list: its selection), or nil.
        var cursor: Int? {
            if let ours { return ours.view.list.selectedRow }
            guard let h = wrapped else { return nil }
            switch list {
            case .treeview:
                var path: OpaquePointer?
                gtk_tree_view_get_cursor(gcast(h.list.content), &path, nil)
                guard let path else { return nil }
                defer { gtk_tree_path_free(path) }
                return Int(gtk_tree_path_get_indices(path)[0])
            case .listbox:
                guard let row = gtk_container_get_focus_child(gcast(h.list.content)) else { return nil }
                return Int(gtk_list_box_row_get_index(gcast(row)))
            case .textview, .textviewWithCursor:
                let buffer = gtk_text_view_get_buffer(gcast(h.list.content))
                var iter = GtkTextIter()
                gtk_text_buffer_get_iter_at_mark(buffer, &iter, gtk_text_buffer_get_insert(buffer))
                return Int(gtk_text_iter_get_offset(&iter))
            case .ourList:
                return nil
            }
        }

        /// Waits for rest; a load the key started is answered (nothing more), so that its footer
        /// stops animating.
        func settle() {
            MainLoop.run(until: { self.state.footer == .loading || !self.state.needsTicks })
            if state.footer == .loading {
                ours?.view.endLoading(ok: true, added: 0, exhausted: true)
                wrapped?.bin.endLoading(ok: true, added: 0, exhausted: true)
            }
            #expect(MainLoop.run(until: { !self.state.needsTicks }))
            MainLoop.drain()
        }

        func close() {
            ours?.close()
            wrapped?.close()
        }
    }

    @Test(arguments: List.allCases, Key.allCases)
    func movementKeysFollowTheCoreTable(list: List, key: Key) throws {
        let subject = try Subject(list)
        defer { subject.close() }
        #expect(subject.hostKeyHost == list.keyHost, "the host reads its list as another kind")
        let action = try #require(KeyTable.action(for: key.intent, on: list.keyHost))
        if key == .home {
            // Somewhere to go from: the end (a list's own End also takes its cursor there).
            EventSynthesis.tapKey(subject.keyTarget, keyval: UInt32(GDK_KEY_End))
            subject.settle()
            #expect(subject.state.offset > 1000)
        }
        let before = (offset: subject.state.offset, cursor: subject.cursor)
        EventSynthesis.focus(subject.window)
        EventSynthesis.tapKey(subject.keyTarget, keyval: UInt32(key.keyval))
        // What the key did before the main loop ran again: an ease is under way, a line
        // has landed, a key the list keeps moved its cursor.
        let atOnce = (offset: subject.state.offset, cursor: subject.cursor)
        subject.settle()
        let after = subject.state
        let end = after.maxOffset
        switch action {
        case .easedScroll:
            #expect(abs(atOnce.offset - before.offset) < abs(after.offset - before.offset) - 1,
                    "\(list) \(key): the scroll landed at once (\(before.offset) → \(atOnce.offset) → \(after.offset))")
        case .line where list == .ourList:
            // Our list's selection moves first (here: onto the first row, from none).
            #expect(atOnce.cursor != before.cursor, "\(list) \(key): the selection did not move")
        case .line:
            #expect(abs(after.offset - (before.offset + subject.lineStep)) < 0.5,
                    "\(list) \(key): not one line (\(before.offset) → \(after.offset), step \(subject.lineStep))")
        case .native:
            #expect(atOnce.cursor != nil && atOnce.cursor != before.cursor,
                    "\(list) \(key): the list's cursor did not move (\(String(describing: before.cursor)))")
        }
        // Where each key leads, whoever moved: Home to the top, End to the very end (into the
        // footer's room, which loads), Page Down a page on.
        switch key {
        case .home:
            #expect(after.offset < 0.5, "\(list): Home left the list at \(after.offset)")
        case .end:
            #expect(subject.loads == 1, "\(list): End did not load")
            #expect(after.offset >= end - 0.5, "\(list): End stopped at \(after.offset) of \(end)")
        case .pageDown where action == .native:
            // The list moves its cursor a page on and scrolls only as far as it needs to show it.
            #expect(after.offset >= before.offset, "\(list): Page Down scrolled back")
        case .pageDown:
            let page = list == .ourList ? after.viewportHeight * 0.8 : min(subject.pageIncrement, end) * 0.8
            #expect(after.offset > before.offset + page, "\(list): Page Down went \(after.offset - before.offset)")
        case .down:
            #expect(after.offset >= before.offset)
        }
    }

    /// Tab and Shift+Tab on every list, against the engine's `tab`: the list's rows, then the
    /// footer while it offers load more or a retry (a failed load at the end), then out; never the
    /// footer while it is off screen. On a bin the footer's stop is the bin itself, which the
    /// child's own chain leads to; a text view keeps Tab for its text, so it is left with Ctrl+Tab
    /// as GTK's text views are. `Gtk4DemoProcessTests.tabReachesTheFooter` does the same on GTK 4.
    @Test(arguments: List.allCases)
    func tabStopsOnTheFooterAsTheEngineSays(list: List) throws {
        let subject = try Subject(list)
        defer { subject.close() }
        EventSynthesis.focus(subject.window)
        let textView = list == .textview || list == .textviewWithCursor
        let control = textView ? UInt32(GDK_CONTROL_MASK.rawValue) : 0
        func tab(backward: Bool = false) {
            let shift = backward ? UInt32(GDK_SHIFT_MASK.rawValue) : 0
            EventSynthesis.tapKey(subject.keyTarget, keyval: UInt32(GDK_KEY_Tab), state: control | shift)
            MainLoop.drain()
        }
        #expect(subject.rowsFocused, "\(list): the rows did not start with the focus")

        // At the top the footer is off screen: no Tab reaches it.
        #expect(subject.state.tab(from: .rows, forward: true) == nil)
        for _ in 0..<3 {
            tab()
            #expect(!subject.controller.footerFocused, "\(list): Tab focused a footer that is off screen")
        }

        // At the end, after a failed load, the footer offers a retry: the next stop after the rows.
        gtk_widget_grab_focus(subject.keyTarget)
        if list == .listbox { _ = gtk_widget_child_focus(subject.keyTarget, GTK_DIR_TAB_FORWARD) }
        EventSynthesis.tapKey(subject.keyTarget, keyval: UInt32(GDK_KEY_End))
        #expect(MainLoop.run(until: { subject.state.footer == .loading }), "\(list): End did not load")
        subject.controller.endLoading(ok: false)
        subject.settle()
        #expect(subject.state.footerActionable && subject.state.tab(from: .rows, forward: true) == .footer)
        #expect(subject.rowsFocused, "\(list): the rows lost the focus at the end")
        tab()
        #expect(subject.controller.footerFocused, "\(list): Tab from the rows did not reach the footer")
        #expect(!subject.rowsFocused)
        if list != .ourList {
            // ATs are told: the bin's footer child (after the app's widgets) has the focus.
            let panel = try #require(gtk_widget_get_accessible(subject.controller.widget))
            let footer = try #require(Atk.child(panel, atk_object_get_n_accessible_children(panel) - 1))
            #expect(atk_object_get_role(footer) == ATK_ROLE_PUSH_BUTTON && Atk.has(footer, ATK_STATE_FOCUSED),
                    "\(list): ATs are not told the footer has the focus")
        }
        tab(backward: true)
        #expect(!subject.controller.footerFocused && subject.rowsFocused,
                "\(list): Shift+Tab from the footer did not go back to the rows")
        #expect(subject.loads == 1, "\(list): going back to the rows started a load")
        tab()
        #expect(subject.controller.footerFocused)
        // Enter is the focused footer's: the retry.
        EventSynthesis.tapKey(subject.keyTarget, keyval: UInt32(GDK_KEY_Return))
        #expect(subject.loads == 2, "\(list): Enter on the footer did not retry")
        #expect(subject.state.tab(from: .footer, forward: true) == nil)
        tab()
        #expect(!subject.controller.footerFocused, "\(list): Tab from the footer did not leave it")
    }
}
