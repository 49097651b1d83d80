import CGtk
import RefreshDemo
import RefreshGtk

/// A toplevel holding a ListView over rows that repeat every 10.
@MainActor
package final class ListHarness {
    package final class Rows: RowSource {
        package var rowCount: Int
        package init(_ count: Int) { rowCount = count }
        package func row(at index: Int) -> (title: String, subtitle: String) {
            ("Row \(index % 10)", "Subtitle number \(index % 10)")
        }
    }

    package let window: UnsafeMutablePointer<GtkWidget>
    package let rows: Rows
    package let list: ListView
    private var closed = false

    package init(rows count: Int, width: Int32 = 400, height: Int32 = 600) throws {
        try HarnessFailure.require(MainLoop.initializeGtk(), "GTK could not be initialized")
        rows = Rows(count)
        list = ListView(source: rows)
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_default_size(gcast(window), width, height)
        gtk_container_add(gcast(window), list.scrolledWindow)
        gtk_widget_show_all(window)
        let drawn = MainLoop.run(until: { self.list.hasDrawnFirstFrame })
        try HarnessFailure.require(drawn, "the window never drew its first frame")
    }

    package func close() {
        guard !closed else { return }
        closed = true
        gtk_widget_destroy(window)
        MainLoop.drain()
    }
}
