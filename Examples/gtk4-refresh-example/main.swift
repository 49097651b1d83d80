// Pull-to-refresh in a GTK 4 app from Swift: a GtkListView over a GtkStringList in the GTK 4
// RefreshBin, answered with async closures (docs/gtk4-notes.md, "The Swift API").
// Run: swift run gtk4-refresh-example
import RefreshGtk4

@MainActor
func buildWindow() {
    let messages = gtk_string_list_new(nil)!
    for index in 1...50 { gtk_string_list_append(messages, "Message \(index)") }
    let factory = gtk_signal_list_item_factory_new()!
    // Each row a GtkLabel, set from its GtkStringObject when the row is bound.
    g_signal_connect_data(UnsafeMutableRawPointer(factory), "setup", unsafeBitCast(setUpRow, to: GCallback.self),
                          nil, nil, GConnectFlags(0))
    g_signal_connect_data(UnsafeMutableRawPointer(factory), "bind", unsafeBitCast(bindRow, to: GCallback.self),
                          nil, nil, GConnectFlags(0))
    // The selection model takes a reference of its own; `messages` stays ours for the closures.
    g_object_ref(UnsafeMutableRawPointer(messages))
    let list = gtk_list_view_new(gtk_no_selection_new(messages), factory)
    let scrolled = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_child(OpaquePointer(scrolled), list)

    let bin = RefreshBin(wrapping: scrolled)
    bin.header = .classic                             // .jike (the default), .plain, or your own
    bin.refreshAction = {                             // the header stays open while this runs
        print("request sent")
        defer { print("request closed") }             // runs even when closing cancels the request
        try await Task.sleep(for: .seconds(1))        // stands in for a network request
        "New message".withCString { text in
            var added: [UnsafePointer<CChar>?] = [text, nil]
            gtk_string_list_splice(messages, 0, 0, &added)
        }
        print("rows \(g_list_model_get_n_items(messages))")
        return 1                                      // rows inserted at the top
    }
    bin.loadMoreAction = {
        try await Task.sleep(for: .seconds(1))
        let count = g_list_model_get_n_items(messages)
        for index in 1...20 { gtk_string_list_append(messages, "Message \(Int(count) + index)") }
        return (added: 20, exhausted: count >= 100)
    }

    let window = gtk_window_new()!
    gtk_window_set_title(gcast(window), "Inbox")
    gtk_window_set_default_size(gcast(window), 400, 600)
    gtk_window_set_child(gcast(window), bin.widget)   // the window now owns the bin
    gtk_window_present(gcast(window))
}

let setUpRow: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> Void = { _, item, _ in
    let label = gtk_label_new(nil)!
    gtk_label_set_xalign(OpaquePointer(label), 0)
    gtk_widget_set_margin_start(label, 12)
    gtk_widget_set_margin_top(label, 10)
    gtk_widget_set_margin_bottom(label, 10)
    gtk_list_item_set_child(item, label)
}

let bindRow: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> Void = { _, item, _ in
    let text = gtk_string_object_get_string(OpaquePointer(gtk_list_item_get_item(item)))
    gtk_label_set_text(OpaquePointer(gtk_list_item_get_child(item)), text)
}

gtk_init()
MainActor.assumeIsolated { buildWindow() }            // the bin makes async code run under GLib's loop
// GTK 4 has no gtk_main: run the loop until the last window is closed.
while g_list_model_get_n_items(gtk_window_get_toplevels()) > 0 { g_main_context_iteration(nil, 1) }
MainActor.assumeIsolated { GtkMainQueue.finishPendingActions() }  // a refresh cut short by closing unwinds
