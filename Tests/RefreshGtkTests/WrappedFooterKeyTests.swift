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

    /// The rows have the focus and End is pressed: a load begins, its footer on screen.
    private func pressEnd(_ h: HostHarness, sourceLocation: SourceLocation = #_sourceLocation) {
        focusRows(h)
        EventSynthesis.tapKey(h.target, keyval: UInt32(GDK_KEY_End))
        #expect(MainLoop.run(until: { h.loads == 1 }), sourceLocation: sourceLocation)
        #expect(MainLoop.run(until: { h.childOffset == -gint(Tuning.footerHeight) }),
                "the footer is not on screen: the child is at \(h.childOffset)", sourceLocation: sourceLocation)
    }

    /// Defect 3: End goes to the very end, past the rows: the footer that says "Loading…" shows
    /// below the last row (the child moved up by the footer's room), and stays for the retry.
    @Test(arguments: HostTests.kinds)
    func endShowsTheLoadingFooter(kind: ListKind) throws {
        let h = try HostHarness(kind, rows: 40)
        defer { h.close() }
        pressEnd(h)
        #expect(h.bin.footerPhase == .loading)
        #expect(abs(h.bin.state.offset - h.bin.state.maxOffset) < 0.5)
        h.bin.endLoading(ok: false, added: 0, exhausted: false)
        MainLoop.drain()
        #expect(h.bin.footerPhase == .failed)
        #expect(h.childOffset == -gint(Tuning.footerHeight), "the retry went out of view")
    }

    /// Defect 6: the footer End shows sits right under the last row on every list, as on a tree
    /// view: between the last row's ink and the footer no more blank than a row's own margin (a
    /// text view whose buffer ended with a newline showed an empty line there, ≈45 px).
    @Test(arguments: HostTests.kinds)
    func theFooterSitsRightUnderTheLastRow(kind: ListKind) throws {
        let h = try HostHarness(kind, rows: 40)
        defer { h.close() }
        pressEnd(h)
        MainLoop.drain()
        let image = WindowImage(h.window, rows: 2000)
        var x: gint = 0, footerTop: gint = 0
        let binHeight = gtk_widget_get_allocated_height(h.bin.widget)
        _ = gtk_widget_translate_coordinates(h.bin.widget, h.window, 0, binHeight - gint(Tuning.footerHeight), &x, &footerTop)
        // A pixel row is blank when it is one colour across (the scrollbar's edge left out).
        func blank(_ y: Int) -> Bool {
            let first = image.pixel(Int(x) + 1, y)
            return image.count(x: (Int(x) + 1)..<(image.width - 20), y: y..<(y + 1), differingFrom: first) == 0
        }
        var gap = 0
        while gap < 100, blank(Int(footerTop) - 1 - gap) { gap += 1 }
        #expect(gap <= 12, "\(gap) px of blank between the last row and the footer")
    }

    /// Defect 4: Enter and Space on a failed footer on screen retry, on every list; the tree
    /// view's cursor row is not activated.
    @Test(arguments: HostTests.kinds, [GDK_KEY_Return, GDK_KEY_space])
    func enterOrSpaceOnAFailedFooterRetries(kind: ListKind, key: Int32) throws {
        let h = try HostHarness(kind, rows: 40)
        defer { h.close() }
        var activated: [Int] = []
        h.list.onRowActivated { activated.append($0) }
        pressEnd(h)
        h.bin.endLoading(ok: false, added: 0, exhausted: false)
        #expect(MainLoop.run(until: { h.bin.footerPhase == .failed && h.childOffset == -gint(Tuning.footerHeight) }))
        let value = h.value
        EventSynthesis.tapKey(h.target, keyval: UInt32(key))
        MainLoop.drain()
        #expect(h.loads == 2, "the key did not retry")
        #expect(activated.isEmpty, "the key activated row \(activated)")
        #expect(h.value == value, "the list scrolled away from the footer")
    }

    /// An app's `loadMore()` (or an AT's retry) with the last row at the bottom edge and the failed
    /// footer just below it eases the footer into view, on every list.
    @Test(arguments: HostTests.kinds)
    func anAppsRetryAtTheEndShowsTheFooter(kind: ListKind) throws {
        let h = try HostHarness(kind, rows: 40)
        defer { h.close() }
        let a = h.adjustment
        gtk_adjustment_set_value(a, gtk_adjustment_get_upper(a) - gtk_adjustment_get_page_size(a))
        #expect(MainLoop.run(until: { h.loads == 1 }), "the rows' end came into view and nothing loaded")
        h.bin.endLoading(ok: false, added: 0, exhausted: false)
        MainLoop.drain()
        #expect(h.bin.footerPhase == .failed)
        #expect(h.childOffset == 0, "the footer was already on screen")
        h.bin.loadMore()
        #expect(h.loads == 2)
        #expect(MainLoop.run(until: { h.childOffset == -gint(Tuning.footerHeight) }),
                "the retrying footer stayed out of view: the child is at \(h.childOffset)")
    }

    /// Defect 5: pulling a held header down over a text view moves the list, and selects no text.
    @Test func pullingAHeldHeaderOnATextViewSelectsNoText() throws {
        let h = try HostHarness(.textview)
        defer { h.close() }
        h.bin.header = .classic
        h.bin.beginRefreshing()
        #expect(MainLoop.run(until: { h.refreshes == 1 && abs(h.bin.pull - h.bin.headerStyle.heldHeight) < 0.5 }))
        let buffer = gtk_text_view_get_buffer(gcast(h.list.content))
        // As a hand drags: first a little sideways, within the slop (the text view selects the
        // characters crossed, before the drag is a pull), then down 100 px.
        EventSynthesis.drag(h.target, from: (120, 150), to: (160, 153), steps: 8, release: false, deepest: true)
        for i in 1...20 {
            EventSynthesis.motion(h.target, x: 160, y: 153 + 97 * Double(i) / 20, state: EventSynthesis.button1Mask, deepest: true)
        }
        #expect(h.bin.pull > h.bin.headerStyle.heldHeight + 20, "the drag did not pull")
        #expect(gtk_text_buffer_get_has_selection(buffer) == 0, "the pull selected text")
        EventSynthesis.button(h.target, press: false, x: 160, y: 250, deepest: true)
        MainLoop.drain()
        #expect(gtk_text_buffer_get_has_selection(buffer) == 0, "the pull selected text")
    }
}
