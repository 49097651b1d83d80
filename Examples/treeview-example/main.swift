// A mail client's GtkTreeView given pull-to-refresh by wrapping its scrolled window in a
// RefreshBin; the DocC article "Wrapping your GtkTreeView" walks through it.
// Run: swift run treeview-example
import RefreshGtk

/// The app's data: the tree view's model, a GtkListStore of (subject, sender).
@MainActor
final class Mailbox {
    let store: UnsafeMutablePointer<GtkListStore>
    private var received = 0

    init() {
        // gtk_list_store_new is variadic, which Swift cannot call: gtk_list_store_newv takes an
        // array. G_TYPE_STRING is a macro Swift does not import: look the type up by its name.
        var columns = [g_type_from_name("gchararray"), g_type_from_name("gchararray")]
        store = gtk_list_store_newv(2, &columns)
        for _ in 0..<30 { append(nextMessage()) }
    }

    var count: Int { Int(gtk_tree_model_iter_n_children(OpaquePointer(store), nil)) }

    func nextMessage() -> (subject: String, sender: String) {
        received += 1
        return ("Message \(received)", "alice@example.org")
    }

    func prepend(_ message: (subject: String, sender: String)) {
        var row = GtkTreeIter()
        gtk_list_store_prepend(store, &row)
        set(&row, [message.subject, message.sender])
    }

    func append(_ message: (subject: String, sender: String)) {
        var row = GtkTreeIter()
        gtk_list_store_append(store, &row)
        set(&row, [message.subject, message.sender])
    }

    /// gtk_list_store_set is variadic too: one GValue per cell, through gtk_list_store_set_value.
    private func set(_ row: inout GtkTreeIter, _ texts: [String]) {
        for (column, text) in texts.enumerated() {
            var value = GValue()
            g_value_init(&value, g_type_from_name("gchararray"))
            g_value_set_string(&value, text)
            gtk_list_store_set_value(store, &row, gint(column), &value)
            g_value_unset(&value)
        }
    }
}

/// Stands in for the mail server.
@MainActor
func fetchNewMail(for mailbox: Mailbox) async throws -> [(subject: String, sender: String)] {
    try await Task.sleep(for: .seconds(1))
    return [mailbox.nextMessage(), mailbox.nextMessage()]
}

/// The tree view the app already had: two text columns over the store.
@MainActor
func makeTreeView(_ mailbox: Mailbox) -> UnsafeMutablePointer<GtkWidget> {
    let tree = gtk_tree_view_new_with_model(OpaquePointer(mailbox.store))!
    for (index, title) in ["Subject", "From"].enumerated() {
        let column = gtk_tree_view_column_new()!
        let cell = gtk_cell_renderer_text_new()!
        gtk_tree_view_column_set_title(column, title)
        gtk_tree_view_column_pack_start(column, cell, 1)
        gtk_tree_view_column_add_attribute(column, cell, "text", gint(index))
        gtk_tree_view_append_column(gcast(tree), column)
    }
    return tree
}

@MainActor
func buildWindow() {
    let mailbox = Mailbox()
    let tree = makeTreeView(mailbox)
    let scrolled = gtk_scrolled_window_new(nil, nil)!
    gtk_container_add(gcast(scrolled), tree)

    let bin = RefreshBin(wrapping: scrolled)              // keeps the scrolled window, the tree view and its model
    bin.header = .classic
    bin.refreshAction = {                                 // the header stays open while this runs
        let mails = try await fetchNewMail(for: mailbox)
        for mail in mails.reversed() { mailbox.prepend(mail) }
        return mails.count                                // rows inserted at the top
    }
    bin.onLoadMore = { [weak bin] in                     // the callback API: answer when the page is there
        _ = Timeout(after: 1) {
            for _ in 0..<20 { mailbox.append(mailbox.nextMessage()) }
            bin?.endLoading(ok: true, added: 20, exhausted: mailbox.count >= 200)
        }
    }
    GSignal.connectPointers(tree, "row-activated") { path, _ in   // (GtkTreePath *, GtkTreeViewColumn *)
        let row = gtk_tree_path_get_indices(OpaquePointer(path))![0]
        print("open message in row \(row)")
    }

    let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
    gtk_window_set_default_size(gcast(window), 480, 600)
    gtk_container_add(gcast(window), bin.widget)          // pack the bin where the scrolled window would go
    GSignal.connect(window, "destroy") { gtk_main_quit() }
    gtk_widget_show_all(window)
}

gtk_init(nil, nil)
MainActor.assumeIsolated { buildWindow() }
gtk_main()
MainActor.assumeIsolated { GtkMainQueue.finishPendingActions() }  // a refresh cut short by quitting unwinds
