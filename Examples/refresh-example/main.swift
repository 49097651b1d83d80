// The smallest app with pull-to-refresh: README's "Using the widget" is this file.
// Run: swift run refresh-example
import RefreshGtk

@MainActor
final class Inbox: RowSource {
    var subjects = (1...50).map { "Message \($0)" }
    var rowCount: Int { subjects.count }
    func row(at index: Int) -> (title: String, subtitle: String) { (subjects[index], "from the example") }
}

@MainActor
func buildWindow() {
    let inbox = Inbox()
    let view = RefreshView(source: inbox)
    view.headerStyle = .jike                          // .classic, .plain
    view.footerMode = .auto                           // .pull
    view.onRefresh = { [unowned view] in              // the header has settled open
        inbox.subjects.insert("New message", at: 0)   // answer whenever the data has arrived
        view.endRefreshing(ok: true, insertedAtTop: 1)
    }
    view.onLoadMore = { [unowned view] in
        let start = inbox.subjects.count
        inbox.subjects += (start + 1...start + 20).map { "Message \($0)" }
        view.endLoading(added: 20, exhausted: inbox.rowCount >= 200, ok: true)
    }

    let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
    gtk_window_set_default_size(gcast(window), 400, 600)
    gtk_container_add(gcast(window), view.widget)     // the window now owns the view
    let quit: GCallback = { gtk_main_quit() }
    _ = g_signal_connect_data(window, "destroy", quit, nil, nil, GConnectFlags(0))
    gtk_widget_show_all(window)
}

gtk_init(nil, nil)
MainActor.assumeIsolated { buildWindow() }
gtk_main()
