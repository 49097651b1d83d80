import RefreshDemo
import CGtk
import RefreshCore
import RefreshGtk
import RefreshTestSupport
import Testing

/// The widget owns its Swift controller (docs/architecture.md, "Lifetime"): an app may keep only
/// `view.widget`, the way GTK containers own their children, and nothing the view added outlives
/// the widget — whoever drops what, in whichever order.
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct LifetimeTests {
    final class Rows: RowSource {
        var rowCount: Int
        init(_ count: Int) { rowCount = count }
        func row(at index: Int) -> (title: String, subtitle: String) { ("Row \(index)", "Subtitle \(index)") }
    }

    /// Counts what the handlers saw; separate from the view so the view can be dropped.
    final class Counts {
        var refreshes = 0
        var loads = 0
    }

    /// A source that is also the view's owner: the classic controller, and a cycle through the app.
    final class Controller: RowSource {
        var view: RefreshView?
        var rowCount: Int { 200 }
        func row(at index: Int) -> (title: String, subtitle: String) { ("Row \(index)", "") }
    }

    private static func window(holding widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(gcast(window), 400, 600)
        gtk_container_add(gcast(window), widget)
        return window
    }

    @Test func keepingOnlyTheWidgetGivesAWorkingListThatLeavesNothingBehind() throws {
        try #require(MainLoop.initializeGtk())
        MainLoop.drain()
        let before = InteropCounters.snapshot
        let counts = Counts()
        weak var weakView: RefreshView?
        weak var weakRows: Rows?
        let window: UnsafeMutablePointer<GtkWidget>
        do {
            let rows = Rows(300)
            let view = RefreshView(source: rows)
            view.onRefresh = { [unowned view] in
                counts.refreshes += 1
                view.endRefreshing(ok: true)
            }
            view.onLoadMore = { counts.loads += 1 }
            window = Self.window(holding: view.widget)
            weakView = view
            weakRows = rows
        }
        // Every Swift reference is gone; GTK sets the initial focus while showing (a use-after-free
        // here before the widget owned its view).
        gtk_widget_show_all(window)
        #expect(weakView != nil, "the widget must keep its view alive")
        #expect(weakRows != nil, "the view must keep the app's rows while the widget lives")
        #expect(MainLoop.run(until: { weakView?.list.hasDrawnFirstFrame == true }))
        let area = try #require(gtk_bin_get_child(gcast(gtk_bin_get_child(gcast(window)))))

        // Rows are drawn, not a blank list.
        let image = ListImage(try #require(weakView?.list))
        #expect(image.inkedPixels(x: 0..<200, y: 0..<56) > 50)
        // Scroll, pull and refresh.
        EventSynthesis.scroll(area, x: 100, y: 300, .down)
        #expect(MainLoop.run(until: { (weakView?.list.offset ?? 0) > 0 }))
        // The scrollbar's way back (the adjustment), as the app's other widgets would move it.
        let scrolled = try #require(gtk_bin_get_child(gcast(window)))
        gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(gcast(scrolled)), 0)
        #expect(MainLoop.run(until: { weakView?.list.offset == 0 && weakView?.state.needsTicks == false }))
        EventSynthesis.drag(area, from: (100, 40), to: (100, 400), steps: 12)
        #expect(MainLoop.run(until: { counts.refreshes == 1 }))
        // Tab moves focus through the list (the focus vfunc reaches the view).
        for _ in 0..<3 { _ = gtk_widget_child_focus(window, GTK_DIR_TAB_FORWARD) }
        MainLoop.drain()

        gtk_widget_destroy(window)
        MainLoop.drain()
        #expect(weakView == nil, "destroying the widget must release its view")
        #expect(weakRows == nil, "destroying the widget must release the app's rows")
        #expect(InteropCounters.snapshot == before)
    }

    /// The demo's old pattern: the window's "destroy" handler drops the app's reference before
    /// the window destroys its children. The view must still tear down.
    @Test func droppingTheViewInsideTheWindowsDestroyHandlerStillTearsItDown() throws {
        try #require(MainLoop.initializeGtk())
        MainLoop.drain()
        let before = InteropCounters.snapshot
        final class Holder { var view: RefreshView? }
        let holder = Holder()
        weak var weakView: RefreshView?
        let rows = Rows(300)
        holder.view = RefreshView(source: rows)
        weakView = holder.view
        let window = Self.window(holding: try #require(holder.view).widget)
        let dropped = GSignal.connect(window, "destroy") { holder.view = nil }
        gtk_widget_show_all(window)
        #expect(MainLoop.run(until: { weakView?.list.hasDrawnFirstFrame == true }))
        weakView?.beginRefreshing()  // a tick callback and the gestures are live
        #expect(InteropCounters.liveTickCallbacks > before.tickCallbacks)

        gtk_widget_destroy(window)
        MainLoop.drain()
        #expect(holder.view == nil)
        #expect(weakView == nil)
        #expect(!dropped.isConnected)
        #expect(InteropCounters.snapshot == before)
    }

    @Test func aRowSourceThatOwnsTheViewIsFreedWithTheWindow() throws {
        try #require(MainLoop.initializeGtk())
        MainLoop.drain()
        let before = InteropCounters.snapshot
        weak var weakController: Controller?
        weak var weakView: RefreshView?
        let window: UnsafeMutablePointer<GtkWidget>
        do {
            let controller = Controller()
            let view = RefreshView(source: controller)
            controller.view = view
            view.onRefresh = { [controller] in controller.view?.endRefreshing(ok: true) }
            window = Self.window(holding: view.widget)
            weakController = controller
            weakView = view
        }
        gtk_widget_show_all(window)
        #expect(MainLoop.run(until: { weakView?.list.hasDrawnFirstFrame == true }))
        #expect(weakController != nil)

        gtk_widget_destroy(window)
        MainLoop.drain()
        #expect(weakController == nil, "the controller ↔ view cycle outlived the window")
        #expect(weakView == nil)
        #expect(InteropCounters.snapshot == before)
    }

    /// An app that keeps the view after the widget is gone: every call is a no-op, nothing crashes.
    @Test func aViewKeptAfterItsWidgetWasDestroyedIgnoresEveryCall() throws {
        try #require(MainLoop.initializeGtk())
        MainLoop.drain()
        let before = InteropCounters.snapshot
        let view = RefreshView(source: Rows(50))
        let window = Self.window(holding: view.widget)
        gtk_widget_show_all(window)
        #expect(MainLoop.run(until: { view.list.hasDrawnFirstFrame }))
        gtk_widget_destroy(window)
        MainLoop.drain()
        #expect(view.isDestroyed)
        view.beginRefreshing()
        view.endRefreshing(ok: true, insertedAtTop: 3)
        view.endLoading(ok: true, added: 2, exhausted: false)
        view.loadMore()
        view.reloadData()
        view.header = .classic
        MainLoop.drain()
        #expect(view.headerPhase == .idle)
        #expect(InteropCounters.snapshot == before)
    }
}
