import RefreshDemo
import RefreshTestSupport
import CGtk
import CGtkShim
import RefreshCore
import RefreshDrawing
import Testing
@testable import RefreshGtk

/// Issue 19: a RefreshBin around GTK's own lists tells assistive technologies what our list
/// tells them (the same snapshot and strings), as a panel whose children stay the app's own
/// widgets. Issue 12: AtkSelection on our list. Read in-process through ATK, what GTK's AT-SPI
/// bridge exports (AtSpiTests reads both over AT-SPI).
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct BinAccessibilityTests {
    init() {
        GLibCriticals.install()
    }

    @Test(arguments: HostTests.kinds)
    func theBinIsAPanelWithTheListsStatusAndActionsAndTheHostBelowIt(kind: ListKind) throws {
        let h = try HostHarness(kind, rows: 60)
        defer { h.close() }
        let panel = try #require(gtk_widget_get_accessible(h.bin.widget))
        #expect(ptr_a11y_peek_accessible(h.bin.widget) == panel)
        #expect(atk_object_get_role(panel) == ATK_ROLE_PANEL)
        #expect(Atk.name(panel) == L10n.listAccessibleName)
        #expect(Atk.description(panel) == L10n.neverUpdated)
        #expect(Atk.attribute(panel, "row-count") == "60")
        #expect(Atk.attribute(panel, "refresh-state") == "idle")
        #expect(Atk.attribute(panel, "first-visible-row") == nil, "the host's own accessible shows its rows")
        #expect(Atk.actionNames(panel) == ["refresh", "load-more"])
        #expect(!Atk.has(panel, ATK_STATE_BUSY) && !Atk.has(panel, ATK_STATE_MANAGES_DESCENDANTS))

        // The app's widgets are still the accessible tree below the panel: its scrolled window is
        // the first child, its tree view / list box / text view inside it.
        let scrolled = try #require(gtk_widget_get_accessible(h.list.scrolledWindow))
        #expect(Atk.child(panel, 0) == scrolled)
        #expect(atk_object_get_parent(scrolled) == panel)
        let content = try #require(gtk_widget_get_accessible(h.list.content))
        let role: AtkRole = switch kind {
        case .treeview: ATK_ROLE_TABLE  // over a GtkListStore: a table, not a tree
        case .listbox: ATK_ROLE_LIST_BOX
        default: ATK_ROLE_TEXT
        }
        #expect(atk_object_get_role(content) == role)
        #expect(Atk.ancestors(of: content).contains(panel))

        // An AT's refresh runs from the main loop: BUSY, "Refreshing…", the state-changed event.
        let busy = StateChanges(panel, "busy")
        defer { busy.disconnect() }
        let index = try #require(Atk.actionNames(panel).firstIndex(of: "refresh"))
        #expect(atk_action_do_action(OpaquePointer(panel), Int32(index)) != 0)
        #expect(h.bin.headerPhase == .idle, "an AT's action runs after its call returned")
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
        #expect(Atk.has(panel, ATK_STATE_BUSY))
        #expect(Atk.description(panel) == L10n.refreshing)
        #expect(Atk.actionNames(panel).isEmpty)
        #expect(busy.values == [true])

        h.list.prepend((0..<3).map { ("New \($0)", "Fresh") })
        h.bin.endRefreshing(ok: true, insertedAtTop: 3)
        #expect(!Atk.has(panel, ATK_STATE_BUSY))
        #expect(busy.values == [true, false])
        let updated = "\(L10n.updated), \(L10n.newRows(3))"
        #expect(Atk.description(panel) == updated)
        #expect(Atk.attribute(panel, "row-count") == "63")
        #expect(MainLoop.run(until: { h.bin.headerPhase == .idle }))
        #expect(Atk.description(panel) == "\(updated). \(L10n.lastUpdated(L10n.justNow))")
        #expect(Atk.child(panel, 0) == scrolled, "the app's widgets stay the panel's children")
    }

    /// After a failed refresh an AT reads the panel as no longer busy, with the failure in its
    /// description while the error mark shows and at rest, and offers the refresh again.
    @Test(arguments: HostTests.kinds)
    func aFailedRefreshIsNotBusyAndOffersTheRefreshAgain(kind: ListKind) throws {
        let h = try HostHarness(kind, rows: 60)
        defer { h.close() }
        let panel = try #require(gtk_widget_get_accessible(h.bin.widget))
        let busy = StateChanges(panel, "busy")
        defer { busy.disconnect() }
        h.bin.beginRefreshing()
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
        #expect(Atk.has(panel, ATK_STATE_BUSY))
        h.bin.endRefreshing(ok: false)
        #expect(h.bin.headerPhase == .failed)
        #expect(!Atk.has(panel, ATK_STATE_BUSY), "busy while the failure shows")
        #expect(busy.values == [true, false])
        #expect(Atk.description(panel) == L10n.refreshFailed)
        #expect(MainLoop.run(until: { h.bin.headerPhase == .idle && !h.bin.state.needsTicks }))
        #expect(Atk.description(panel).hasPrefix(L10n.refreshFailed), "at rest: \(Atk.description(panel))")
        #expect(Atk.actionNames(panel).contains("refresh"), "at rest: \(Atk.actionNames(panel))")
    }

    /// The footer follows the app's widgets as a push button: Loading…, then a retry whose click
    /// loads again; the panel offers the retry too.
    @Test(arguments: HostTests.kinds)
    func theFooterIsAButtonAfterTheHostAndRetries(kind: ListKind) throws {
        let h = try HostHarness(kind, rows: 60)
        defer { h.close() }
        let panel = try #require(gtk_widget_get_accessible(h.bin.widget))
        let hostChildren = atk_object_get_n_accessible_children(panel) - 1
        #expect(hostChildren == 1, "the bin's one child, then the footer")
        let index = try #require(Atk.actionNames(panel).firstIndex(of: "load-more"))
        #expect(atk_action_do_action(OpaquePointer(panel), Int32(index)) != 0)
        #expect(MainLoop.run(until: { h.loads == 1 }))
        let footer = try #require(Atk.child(panel, hostChildren))
        #expect(atk_object_get_role(footer) == ATK_ROLE_PUSH_BUTTON)
        #expect(atk_object_get_index_in_parent(footer) == hostChildren)
        #expect(atk_object_get_parent(footer) == panel)
        #expect(Atk.name(footer) == L10n.loading)
        #expect(Atk.attribute(panel, "footer-state") == "loading")

        h.bin.endLoading(ok: false, added: 0, exhausted: false)
        #expect(Atk.name(footer) == L10n.loadFailed)
        #expect(Atk.actionNames(panel) == ["refresh", "retry"])
        #expect(Atk.actionNames(footer) == ["click"])
        #expect(atk_action_do_action(OpaquePointer(footer), 0) != 0)
        #expect(MainLoop.run(until: { h.loads == 2 }))
        #expect(Atk.name(footer) == L10n.loading)

        // Destroying the window: the footer a client may still hold reports DEFUNCT and has no
        // parent, even while the panel itself is still held (GTK unsets its widget).
        g_object_ref(footer)
        g_object_ref(panel)
        defer {
            g_object_unref(footer)
            g_object_unref(panel)
        }
        h.close()
        #expect(atk_object_get_n_accessible_children(panel) == 0)
        #expect(Atk.has(footer, ATK_STATE_DEFUNCT))
        #expect(atk_object_get_parent(footer) == nil)
        #expect(Atk.name(footer).isEmpty)
    }

    /// A PtrRefreshBin made as C or Python make it owns its controller; taking the scrolled window
    /// out releases it: the panel loses the busy state, actions and footer (and C never calls the
    /// released Swift side again).
    @Test func aBinWithoutItsControllerOffersNothing() throws {
        try #require(MainLoop.initializeGtk())
        let list = ForeignList(kind: .treeview, rows: (0..<60).map { ("Row \($0)", "Subtitle \($0)") })
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        defer {
            gtk_widget_destroy(window)
            MainLoop.drain()
        }
        gtk_window_set_default_size(gcast(window), 400, 600)
        let bin: UnsafeMutablePointer<GtkWidget> = ptr_refresh_bin_new()
        gtk_container_add(gcast(window), bin)
        gtk_container_add(gcast(bin), list.scrolledWindow)
        gtk_widget_show_all(window)
        #expect(MainLoop.run(until: { RefreshBin.owning(bin)?.scrollHost.hasDrawnFirstFrame == true }))
        weak let controller = RefreshBin.owning(bin)
        let panel = try #require(gtk_widget_get_accessible(bin))
        ptr_refresh_bin_begin_refreshing(OpaquePointer(bin))
        #expect(Atk.has(panel, ATK_STATE_BUSY))
        #expect(Atk.description(panel) == L10n.refreshing)

        gtk_container_remove(gcast(bin), list.scrolledWindow)
        #expect(controller == nil, "the bin still holds its controller")
        #expect(!Atk.has(panel, ATK_STATE_BUSY))
        #expect(Atk.actionNames(panel).isEmpty)
        #expect(atk_object_get_n_accessible_children(panel) == 0)
        #expect(Atk.description(panel) != L10n.refreshing, "a stale status")
        MainLoop.drain()
    }

    // MARK: - AtkSelection on our list (issue 12)

    @Test func theListsSelectionIsAtkSelection() throws {
        let h = try GtkHarness(rows: 40)
        defer { h.close() }
        var activated: [Int] = []
        h.view.onActivate = { activated.append($0) }
        let list = try #require(gtk_widget_get_accessible(h.view.list.area))
        let selection = OpaquePointer(list)
        let changes = SelectionChanges(list)
        defer { changes.disconnect() }
        #expect(atk_selection_get_selection_count(selection) == 0)
        #expect(atk_selection_ref_selection(selection, 0) == nil)

        // add_selection selects the row as a click would (at once, inside the AT's call), and
        // activates nothing.
        #expect(atk_selection_add_selection(selection, 2) != 0)
        #expect(h.view.selectedRow == 2)
        #expect(activated.isEmpty)
        #expect(changes.count == 1)
        #expect(atk_selection_get_selection_count(selection) == 1)
        #expect(atk_selection_is_child_selected(selection, 2) != 0)
        #expect(atk_selection_is_child_selected(selection, 3) == 0)
        let third = try #require(Atk.child(list, 2))
        let selected = try #require(atk_selection_ref_selection(selection, 0))
        g_object_unref(selected)
        #expect(selected == third)
        #expect(atk_selection_ref_selection(selection, 1) == nil)
        #expect(Atk.has(third, ATK_STATE_SELECTED))

        // The app (or a click, or Up/Down) moves it: selection-changed, the states follow.
        h.view.selectedRow = 5
        #expect(changes.count == 2)
        #expect(atk_selection_is_child_selected(selection, 5) != 0)
        #expect(!Atk.has(third, ATK_STATE_SELECTED))

        #expect(atk_selection_remove_selection(selection, 1) == 0, "one selected child: index 0 only")
        #expect(atk_selection_remove_selection(selection, 0) != 0)
        #expect(h.view.selectedRow == nil)
        #expect(changes.count == 3)
        #expect(atk_selection_get_selection_count(selection) == 0)

        #expect(atk_selection_add_selection(selection, 1) != 0)
        #expect(atk_selection_clear_selection(selection) != 0)
        #expect(h.view.selectedRow == nil)
        #expect(changes.count == 5)
        #expect(atk_selection_add_selection(selection, atk_object_get_n_accessible_children(list) + 1) == 0)
        #expect(atk_selection_select_all_selection(selection) == 0, "single selection")
        #expect(h.view.selectedRow == nil)
        #expect(activated.isEmpty)

        // A selected row scrolled out of view is no child: the selection (of children) is empty.
        h.view.selectedRow = 39
        #expect(h.view.list.rowIsOnScreen(39) == false)
        #expect(atk_selection_get_selection_count(selection) == 0)
        #expect(changes.count == 6)
    }
}

/// ATK reads shared by these tests.
@MainActor
enum Atk {
    static func has(_ object: UnsafeMutablePointer<AtkObject>, _ state: AtkStateType) -> Bool {
        let set = atk_object_ref_state_set(object)
        defer { g_object_unref(set) }
        return atk_state_set_contains_state(set, state) != 0
    }

    static func name(_ object: UnsafeMutablePointer<AtkObject>?) -> String {
        object.flatMap { atk_object_get_name($0) }.map { String(cString: $0) } ?? ""
    }

    static func description(_ object: UnsafeMutablePointer<AtkObject>) -> String {
        atk_object_get_description(object).map { String(cString: $0) } ?? ""
    }

    static func actionNames(_ object: UnsafeMutablePointer<AtkObject>) -> [String] {
        let action = OpaquePointer(object)
        return (0..<atk_action_get_n_actions(action)).map { atk_action_get_name(action, $0).map { String(cString: $0) } ?? "" }
    }

    static func attribute(_ object: UnsafeMutablePointer<AtkObject>, _ name: String) -> String? {
        let set = atk_object_get_attributes(object)
        defer { atk_attribute_set_free(set) }
        var node = set
        while let current = node {
            let attribute = current.pointee.data.assumingMemoryBound(to: AtkAttribute.self).pointee
            if String(cString: attribute.name) == name { return String(cString: attribute.value) }
            node = current.pointee.next
        }
        return nil
    }

    /// Child `index`, borrowed (its parent keeps it).
    static func child(_ object: UnsafeMutablePointer<AtkObject>, _ index: Int32) -> UnsafeMutablePointer<AtkObject>? {
        guard let child = atk_object_ref_accessible_child(object, index) else { return nil }
        g_object_unref(child)
        return child
    }

    static func ancestors(of object: UnsafeMutablePointer<AtkObject>) -> [UnsafeMutablePointer<AtkObject>] {
        var chain: [UnsafeMutablePointer<AtkObject>] = []
        var current = atk_object_get_parent(object)
        while let parent = current, chain.count < 50 {
            chain.append(parent)
            current = atk_object_get_parent(parent)
        }
        return chain
    }
}

/// Records one state's "state-change" signals on an ATK object.
final class StateChanges {
    private(set) var values: [Bool] = []
    private let object: UnsafeMutablePointer<AtkObject>
    private let state: String
    private var handler: gulong = 0

    @MainActor
    init(_ object: UnsafeMutablePointer<AtkObject>, _ state: String) {
        self.object = object
        self.state = state
        let callback: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<gchar>?, gboolean, UnsafeMutableRawPointer?)
            -> Void = { _, name, value, data in
                guard let data, let name else { return }
                let changes = Unmanaged<StateChanges>.fromOpaque(data).takeUnretainedValue()
                if String(cString: name) == changes.state { changes.values.append(value != 0) }
            }
        handler = g_signal_connect_data(object, "state-change", unsafeBitCast(callback, to: GCallback.self),
                                        Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(0))
    }

    /// Before the recorder goes (the signal holds it unretained).
    func disconnect() {
        if handler != 0 { g_signal_handler_disconnect(object, handler) }
        handler = 0
    }
}

/// Counts "selection-changed" on an AtkSelection.
final class SelectionChanges {
    private(set) var count = 0
    private let object: UnsafeMutablePointer<AtkObject>
    private var handler: gulong = 0

    @MainActor
    init(_ object: UnsafeMutablePointer<AtkObject>) {
        self.object = object
        let callback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            guard let data else { return }
            Unmanaged<SelectionChanges>.fromOpaque(data).takeUnretainedValue().count += 1
        }
        handler = g_signal_connect_data(object, "selection-changed", unsafeBitCast(callback, to: GCallback.self),
                                        Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(0))
    }

    func disconnect() {
        if handler != 0 { g_signal_handler_disconnect(object, handler) }
        handler = 0
    }
}
