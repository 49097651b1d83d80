import RefreshDemo
import RefreshTestSupport
import CGtk
import CGtkShim
import RefreshCore
@testable import RefreshGtk
import Testing

/// Issue 16: PtrRefreshBin used the way C, Python and GtkBuilder use it (g_object_new, then
/// gtk_container_add): the controller is created by the bin, owned by it, driven through the
/// GObject methods, reported through properties and signals, and gone with the bin
/// (docs/gobject-api.md). The other languages are IntrospectionTests' subject.
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct GObjectBinTests {
    init() {
        GLibCriticals.install()
    }

    @Test func addingAScrolledWindowCreatesTheControllerAndRemovingItReleasesIt() throws {
        try #require(MainLoop.initializeGtk())
        MainLoop.drain()
        let before = InteropCounters.snapshot
        let list = ForeignList(kind: .treeview, rows: (0..<40).map { ("Row \($0)", "") })
        let bin: UnsafeMutablePointer<GtkWidget> = ptr_refresh_bin_new()
        g_object_ref_sink(bin)
        defer { g_object_unref(bin) }
        #expect(RefreshBin.owning(bin) == nil, "no controller without a child")
        gtk_container_add(gcast(bin), list.scrolledWindow)
        weak let controller = RefreshBin.owning(bin)
        #expect(controller != nil)
        #expect(controller?.scrolledWindow == list.scrolledWindow)
        gtk_container_remove(gcast(bin), list.scrolledWindow)
        MainLoop.drain()
        #expect(controller == nil, "removing the child did not release the controller")
        #expect(InteropCounters.snapshot == before, "left alive: \(InteropCounters.snapshot), before \(before)")
    }

    @Test func methodsDriveItAndPropertiesAndSignalsReportIt() throws {
        try #require(MainLoop.initializeGtk())
        MainLoop.drain()
        let before = InteropCounters.snapshot
        let list = ForeignList(kind: .listbox, rows: (0..<40).map { ("Row \($0)", "") })
        let bin: UnsafeMutablePointer<GtkWidget> = ptr_refresh_bin_new()
        g_object_ref_sink(bin)  // kept past its destruction, as a binding's wrapper keeps it
        defer { g_object_unref(bin) }
        let gobject = OpaquePointer(bin)
        // Set before the child exists, as GtkBuilder does.
        ptr_refresh_bin_set_header_style(gobject, PTR_HEADER_STYLE_PLAIN)
        gtk_container_add(gcast(bin), list.scrolledWindow)
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(gcast(window), 400, 600)
        gtk_container_add(gcast(window), bin)
        gtk_widget_show_all(window)
        let controller = try #require(RefreshBin.owning(bin))
        #expect(controller.headerStyle == .plain)

        var refreshes = 0
        var states: [PtrHeaderState] = []
        let refresh = GSignal.connect(bin, "refresh") { refreshes += 1 }
        let notify = GSignal.connectNotify(bin, property: "header-state") {
            states.append(ptr_refresh_bin_get_header_state(gobject))
        }
        ptr_refresh_bin_begin_refreshing(gobject)
        #expect(MainLoop.run(until: { refreshes == 1 }))
        #expect(ptr_refresh_bin_get_refreshing(gobject) != 0)
        ptr_refresh_bin_end_refreshing(gobject, 1, 0)
        #expect(ptr_refresh_bin_get_refreshing(gobject) == 0)
        #expect(MainLoop.run(until: { ptr_refresh_bin_get_header_state(gobject) == PTR_HEADER_STATE_IDLE }))
        #expect(states.contains(PTR_HEADER_STATE_REFRESHING) && states.last == PTR_HEADER_STATE_IDLE)
        #expect(ptr_refresh_bin_get_last_updated(gobject) != nil)
        // The Swift API and the GObject stay one object.
        controller.footerMode = .pull
        #expect(ptr_refresh_bin_get_footer_mode(gobject) == PTR_FOOTER_MODE_PULL)

        refresh.disconnect()
        notify.disconnect()
        gtk_widget_destroy(window)
        MainLoop.drain()
        #expect(controller.isDestroyed)
        #expect(InteropCounters.snapshot == before, "left alive: \(InteropCounters.snapshot), before \(before)")
        #expect(RefreshBin.owning(bin) == nil, "the destroyed bin still holds its controller")
        ptr_refresh_bin_end_refreshing(gobject, 1, 0)  // a destroyed bin: a no-op
        ptr_refresh_bin_begin_refreshing(gobject)
        #expect(ptr_refresh_bin_get_refreshing(gobject) == 0)
    }
    enum Departure: String, CaseIterable, Sendable { case destroyed, emptied, unrooted, windowDestroyed }

    /// A bin whose refresh can no longer be shown ends it, notified, when the app still holds it:
    /// destroyed, its child removed, taken out of its window, or its window destroyed. An app
    /// that binds a spinner or a button's sensitivity to `refreshing` must not read TRUE for ever.
    @Test(arguments: Departure.allCases)
    func aBinThatGoesAwayMidRefreshEndsIt(_ departure: Departure) throws {
        try #require(MainLoop.initializeGtk())
        let list = ForeignList(kind: .listbox, rows: (0..<40).map { ("Row \($0)", "") })
        let bin: UnsafeMutablePointer<GtkWidget> = ptr_refresh_bin_new()
        g_object_ref_sink(bin)  // the app holds it, as a binding's wrapper does
        defer { g_object_unref(bin) }
        let gobject = OpaquePointer(bin)
        gtk_container_add(gcast(bin), list.scrolledWindow)
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        defer { if departure != .windowDestroyed { gtk_widget_destroy(window) } }
        gtk_window_set_default_size(gcast(window), 400, 600)
        gtk_container_add(gcast(window), bin)
        gtk_widget_show_all(window)
        var refreshes = 0
        let refresh = GSignal.connect(bin, "refresh") { refreshes += 1 }
        defer { refresh.disconnect() }
        ptr_refresh_bin_begin_refreshing(gobject)
        #expect(MainLoop.run(until: { refreshes == 1 }))
        #expect(ptr_refresh_bin_get_refreshing(gobject) != 0)
        var notified = 0
        let notify = GSignal.connectNotify(bin, property: "refreshing") { notified += 1 }
        defer { notify.disconnect() }
        switch departure {
        case .destroyed: gtk_widget_destroy(bin)
        case .emptied: gtk_container_remove(gcast(bin), list.scrolledWindow)
        case .unrooted: gtk_container_remove(gcast(window), bin)
        case .windowDestroyed: gtk_widget_destroy(window)
        }
        MainLoop.drain()
        #expect(ptr_refresh_bin_get_refreshing(gobject) == 0, "still refreshing after the bin was \(departure)")
        #expect(ptr_refresh_bin_get_header_state(gobject) == PTR_HEADER_STATE_IDLE)
        #expect(notified == 1, "refreshing notified \(notified) times")
        ptr_refresh_bin_end_refreshing(gobject, 1, 2)  // the app's answer comes later: a no-op
        #expect(ptr_refresh_bin_get_refreshing(gobject) == 0)
    }
}

