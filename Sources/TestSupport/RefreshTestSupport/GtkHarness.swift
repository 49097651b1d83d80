import CGtk
import RefreshDemo
import RefreshCore
import RefreshGtk

/// A window with a RefreshView over generated rows, counting what the view asks for.
@MainActor
package final class GtkHarness {

    package final class Rows: RowSource {
        package var rowCount: Int
        package init(_ count: Int) { rowCount = count }
        package func row(at index: Int) -> (title: String, subtitle: String) { ("Row \(index)", "Subtitle \(index)") }
    }

    package let window: UnsafeMutablePointer<GtkWidget>
    package let rows: Rows
    package let view: RefreshView
    package private(set) var refreshes = 0
    package private(set) var loads = 0
    package private(set) var headerTrace: [HeaderPhase] = []
    package private(set) var footerTrace: [FooterPhase] = []
    private var closed = false

    package init(rows count: Int = 300, width: Int32 = 400, height: Int32 = 600) throws {
        try HarnessFailure.require(MainLoop.initializeGtk(), "GTK could not be initialized")
        rows = Rows(count)
        view = RefreshView(source: rows)
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_default_size(gcast(window), width, height)
        gtk_container_add(gcast(window), view.widget)
        view.onRefresh = { [unowned self] in refreshes += 1 }
        view.onLoadMore = { [unowned self] in loads += 1 }
        view.onHeaderPhase = { [unowned self] phase, _ in headerTrace.append(phase) }
        view.onFooterPhase = { [unowned self] phase in footerTrace.append(phase) }
        gtk_widget_show_all(window)
        gtk_widget_grab_focus(view.list.area)
        let drawn = MainLoop.run(until: { self.view.list.hasDrawnFirstFrame })
        try HarnessFailure.require(drawn, "the window never drew its first frame")
    }

    /// A touchpad source device (`GDK_SOURCE_TOUCHPAD`) on this display: Xvfb has none, so
    /// EventSynthesis makes one (see `touchpadDevice`).
    package var touchpad: OpaquePointer {
        get throws {
            try HarnessFailure.unwrap(EventSynthesis.touchpadDevice(view.list.area), "no touchpad device could be made")
        }
    }

    /// The physical mouse that synthesized events come from by default.
    package var mouse: OpaquePointer {
        get throws { try HarnessFailure.unwrap(EventSynthesis.mouseDevice(view.list.area), "no mouse device") }
    }

    package func close() {
        guard !closed else { return }
        closed = true
        gtk_widget_destroy(window)
        MainLoop.drain()
    }
}
