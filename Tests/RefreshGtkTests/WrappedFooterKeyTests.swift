import RefreshDemo
import RefreshTestSupport
import CGtk
import CGtkShim
import RefreshCore
@testable import RefreshGtk
import Testing

/// Issue 23: End and Enter/Space reach the footer on every wrapped list, as on our own list; a
/// pull over a text view selects nothing.
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct WrappedFooterKeyTests {
    init() {
        GLibCriticals.install()
    }

    /// The rows have the keyboard focus, as after a click on them (a tree view's cursor on its
    /// first row).
    private func focusRows(_ h: HostHarness) {
        EventSynthesis.focus(h.window)
        if h.list.kind == .listbox {
            _ = gtk_widget_child_focus(h.list.content, GTK_DIR_TAB_FORWARD)
        } else {
            gtk_widget_grab_focus(h.list.content)
        }
        if h.list.kind == .treeview {
            let path = gtk_tree_path_new_first()
            gtk_tree_view_set_cursor(gcast(h.list.content), path, nil, 0)
            gtk_tree_path_free(path)
        }
    }

    /// Defect 3: End goes to the very end, past the rows: the footer that says "Loading…" shows
    /// below the last row (the child moved up by the footer's room), and stays for the retry.
    @Test(arguments: HostTests.kinds)
    func endShowsTheLoadingFooter(kind: ListKind) throws {
        let h = try HostHarness(kind, rows: 40)
        defer { h.close() }
        focusRows(h)
        EventSynthesis.tapKey(h.target, keyval: UInt32(GDK_KEY_End))
        #expect(MainLoop.run(until: { h.loads == 1 }))
        #expect(MainLoop.run(until: { h.childOffset == -gint(Tuning.footerHeight) }),
                "the footer is not on screen: the child is at \(h.childOffset)")
        #expect(h.bin.footerPhase == .loading)
        #expect(abs(h.bin.state.offset - h.bin.state.maxOffset) < 0.5)
        h.bin.endLoading(ok: false, added: 0, exhausted: false)
        MainLoop.drain()
        #expect(h.bin.footerPhase == .failed)
        #expect(h.childOffset == -gint(Tuning.footerHeight), "the retry went out of view")
    }

    /// Defect 4: Enter and Space on a failed footer on screen retry, on every list; the tree
    /// view's cursor row is not activated.
    @Test(arguments: HostTests.kinds, [GDK_KEY_Return, GDK_KEY_space])
    func enterOrSpaceOnAFailedFooterRetries(kind: ListKind, key: Int32) throws {
        let h = try HostHarness(kind, rows: 40)
        defer { h.close() }
        var activated: [Int] = []
        h.list.onRowActivated { activated.append($0) }
        focusRows(h)
        EventSynthesis.tapKey(h.target, keyval: UInt32(GDK_KEY_End))
        #expect(MainLoop.run(until: { h.loads == 1 }))
        h.bin.endLoading(ok: false, added: 0, exhausted: false)
        #expect(MainLoop.run(until: { h.bin.footerPhase == .failed && h.childOffset == -gint(Tuning.footerHeight) }))
        let value = h.value
        EventSynthesis.tapKey(h.target, keyval: UInt32(key))
        MainLoop.drain()
        #expect(h.loads == 2, "the key did not retry")
        #expect(activated.isEmpty, "the key activated row \(activated)")
        #expect(h.value == value, "the list scrolled away from the footer")
    }

    /// Defect 5: pulling a held header down over a text view moves the list, and selects no text.
    @Test func pullingAHeldHeaderOnATextViewSelectsNoText() throws {
        let h = try HostHarness(.textview)
        defer { h.close() }
        h.bin.header = .classic
        h.bin.beginRefreshing()
        #expect(MainLoop.run(until: { h.refreshes == 1 && abs(h.bin.pull - h.bin.headerStyle.heldHeight) < 0.5 }))
        let buffer = gtk_text_view_get_buffer(gcast(h.list.content))
        EventSynthesis.drag(h.target, from: (120, 150), to: (120, 250), steps: 20, release: false, deepest: true)
        #expect(h.bin.pull > h.bin.headerStyle.heldHeight + 20, "the drag did not pull")
        #expect(gtk_text_buffer_get_has_selection(buffer) == 0, "the pull selected text")
        EventSynthesis.button(h.target, press: false, x: 120, y: 250, deepest: true)
        MainLoop.drain()
        #expect(gtk_text_buffer_get_has_selection(buffer) == 0, "the pull selected text")
    }
}
