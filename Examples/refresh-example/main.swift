// The smallest app with pull-to-refresh: README's "Using the widget" is this file.
// Run: swift run refresh-example
import RefreshGtk

@MainActor
final class Inbox: RowSource {
    var subjects = (1...50).map { "Message \($0)" }
    var rowCount: Int { subjects.count }
    func row(at index: Int) -> (title: String, subtitle: String) { (subjects[index], "from the example") }

    /// Stands in for a network request.
    func fetchNewer() async throws -> [String] {
        print("request sent")
        defer { print("request closed") }             // runs even when quitting cancels the request
        try await Task.sleep(for: .seconds(1))
        return ["New message"]
    }
}

@MainActor
func buildWindow() {
    let inbox = Inbox()
    let view = RefreshView(source: inbox)
    view.header = .jike                               // .classic, .plain, or your own
    view.footerMode = .auto                           // .pull
    view.refreshAction = {                            // the header stays open while this runs
        let newer = try await inbox.fetchNewer()      // throwing ends it as failed, rows kept
        inbox.subjects.insert(contentsOf: newer, at: 0)
        return newer.count                            // rows inserted at the top
    }
    view.loadMoreAction = {
        try await Task.sleep(for: .seconds(1))
        let start = inbox.subjects.count
        inbox.subjects += (start + 1...start + 20).map { "Message \($0)" }
        return (added: 20, exhausted: inbox.rowCount >= 200)
    }

    let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
    gtk_window_set_default_size(gcast(window), 400, 600)
    gtk_container_add(gcast(window), view.widget)     // the window now owns the view
    GSignal.connect(window, "destroy") { gtk_main_quit() }
    gtk_widget_show_all(window)
}

gtk_init(nil, nil)
MainActor.assumeIsolated { buildWindow() }            // the view makes async code run under gtk_main
gtk_main()
MainActor.assumeIsolated { GtkMainQueue.finishPendingActions() }  // a refresh cut short by quitting unwinds
