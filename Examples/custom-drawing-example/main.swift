// A list whose rows and header the app draws itself (PostRows.swift, LineHeader.swift); the
// DocC articles "Drawing your own rows" and "Drawing your own header" walk through it.
// Run: swift run custom-drawing-example
import RefreshGtk

/// A post of `length` words, different for every number.
func post(_ number: Int, length: Int) -> (author: String, text: String) {
    let words = "the quick brown fox jumps over a lazy dog while GTK draws every frame with Cairo".split(separator: " ")
    let text = (0..<length).map { words[($0 * 7 + number) % words.count] }.joined(separator: " ")
    return ("Author \(number % 7 + 1)", "Post \(number): \(text)")
}

@MainActor
func buildWindow() {
    let rows = PostRows(posts: (1...40).map { post($0, length: 4 + $0 * 5 % 40) })
    let view = RefreshView(rows: rows)
    view.header = LineHeader()                            // drawn instead of a built-in look
    view.onActivate = { row in print("open post \(row)") }
    view.refreshAction = {
        try await Task.sleep(for: .seconds(1))
        let first = rows.rowCount + 1
        rows.posts.insert(contentsOf: (first..<first + 3).map { post($0, length: 12) }, at: 0)
        return 3                                          // rows inserted at the top
    }

    let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
    gtk_window_set_default_size(gcast(window), 420, 640)
    gtk_container_add(gcast(window), view.widget)
    GSignal.connect(window, "destroy") { gtk_main_quit() }
    gtk_widget_show_all(window)
}

gtk_init(nil, nil)
MainActor.assumeIsolated { buildWindow() }
gtk_main()
MainActor.assumeIsolated { GtkMainQueue.finishPendingActions() }  // a refresh cut short by quitting unwinds
