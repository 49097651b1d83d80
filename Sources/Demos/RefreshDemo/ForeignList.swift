import CGtk
import CGtkShim
import RefreshGtk

/// Which list the demo shows: our virtual list, or one of GTK's own lists in a
/// GtkScrolledWindow wrapped in a `RefreshBin` (docs/architecture.md, "Hosts").
package enum ListKind: String, CaseIterable, Sendable {
    case virtual, treeview, listbox, textview

    /// Most rows the demo builds for this kind: GTK's stock lists store every row (a GtkListBox
    /// of 100,000 labels takes ≈14 s and 600 MB to open, measured by refresh-bench). More is clamped with
    /// a warning.
    package var rowLimit: Int {
        switch self {
        case .virtual: return RunOptions.rowsRange.upperBound
        case .treeview: return 1_000_000
        case .listbox: return 10_000
        case .textview: return 100_000
        }
    }
}

/// One of GTK's own lists, built the way an app builds it, with nothing of ours inside: a
/// GtkTreeView over a GtkListStore (two columns, headers visible), a GtkListBox of GtkLabel rows
/// (in the GtkViewport that gtk_container_add makes), or a read-only GtkTextView with one
/// paragraph per row. The demo and the tests wrap its scrolled window in a `RefreshBin`.
@MainActor
package final class ForeignList {
    package typealias Row = (title: String, subtitle: String)

    package let kind: ListKind
    /// Floating until packed (the RefreshBin packs it).
    package let scrolledWindow: UnsafeMutablePointer<GtkWidget>
    /// The tree view, list box or text view.
    package let content: UnsafeMutablePointer<GtkWidget>
    private var store: UnsafeMutablePointer<GtkListStore>?
    package private(set) var rowCount = 0

    /// Calls `handler` with a row's index when the list activates it its own way (a tree view:
    /// double click or Enter; a list box: a click or Enter). A text view has no rows to activate.
    /// The handler goes with the widget.
    package func onRowActivated(_ handler: @escaping @MainActor (Int) -> Void) {
        switch kind {
        case .treeview:
            _ = GSignal.connectPointers(content, "row-activated") { path, _ in
                guard let path, let indices = gtk_tree_path_get_indices(OpaquePointer(path)) else { return }
                handler(Int(indices[0]))
            }
        case .listbox:
            _ = GSignal.connectPointer(content, "row-activated") { row in
                guard let row else { return }
                handler(Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self))))
            }
        case .textview, .virtual:
            break
        }
    }

    package init(kind: ListKind, rows: [Row]) {
        precondition(kind != .virtual, "the virtual list is RefreshView's own")
        self.kind = kind
        scrolledWindow = gtk_scrolled_window_new(nil, nil)
        gtk_scrolled_window_set_policy(gcast(scrolledWindow), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        switch kind {
        case .treeview:
            let store = ptr_list_store_new_strings(2)!
            self.store = store
            content = gtk_tree_view_new_with_model(OpaquePointer(store))
            g_object_unref(store)  // the view holds it
            for (index, title) in [DemoL10n.columnTitle, DemoL10n.columnSubtitle].enumerated() {
                let renderer = gtk_cell_renderer_text_new()
                let column = gtk_tree_view_column_new()!
                gtk_tree_view_column_set_title(column, title)
                gtk_tree_view_column_pack_start(column, renderer, 1)
                gtk_tree_view_column_add_attribute(column, renderer, "text", gint(index))
                gtk_tree_view_column_set_resizable(column, 1)
                gtk_tree_view_append_column(gcast(content), column)
            }
            gtk_tree_view_set_headers_visible(gcast(content), 1)
        case .listbox:
            content = gtk_list_box_new()
            gtk_list_box_set_selection_mode(gcast(content), GTK_SELECTION_NONE)
        case .textview:
            content = gtk_text_view_new()
            gtk_text_view_set_editable(gcast(content), 0)
            gtk_text_view_set_cursor_visible(gcast(content), 0)
            gtk_text_view_set_wrap_mode(gcast(content), GTK_WRAP_WORD_CHAR)
            gtk_text_view_set_left_margin(gcast(content), 16)
            gtk_text_view_set_right_margin(gcast(content), 16)
            // The 12 px between paragraphs split above and below each: 6 px above the first
            // row and below the last, as a list box's labels have their margins.
            gtk_text_view_set_pixels_above_lines(gcast(content), 6)
            gtk_text_view_set_pixels_below_lines(gcast(content), 6)
        case .virtual:
            fatalError("unreachable")
        }
        gtk_container_add(gcast(scrolledWindow), content)
        gtk_widget_show_all(scrolledWindow)
        append(rows)
    }

    /// Inserts `rows` before the first row, in order (rows[0] becomes the first row).
    package func prepend(_ rows: [Row]) {
        guard !rows.isEmpty else { return }
        switch kind {
        case .treeview:
            for row in rows.reversed() {
                var iter = GtkTreeIter()
                gtk_list_store_prepend(store, &iter)
                set(&iter, row)
            }
        case .listbox:
            for (index, row) in rows.enumerated() {
                gtk_list_box_insert(gcast(content), label(row), gint(index))
            }
        case .textview:
            let buffer = gtk_text_view_get_buffer(gcast(content))
            var start = GtkTextIter()
            gtk_text_buffer_get_start_iter(buffer, &start)
            let text = paragraphs(rows) + (gtk_text_buffer_get_char_count(buffer) > 0 ? "\n" : "")
            gtk_text_buffer_insert(buffer, &start, text, -1)
        case .virtual:
            break
        }
        rowCount += rows.count
    }

    /// Adds `rows` after the last row.
    package func append(_ rows: [Row]) {
        guard !rows.isEmpty else { return }
        switch kind {
        case .treeview:
            for row in rows {
                var iter = GtkTreeIter()
                gtk_list_store_append(store, &iter)
                set(&iter, row)
            }
        case .listbox:
            for row in rows { gtk_list_box_insert(gcast(content), label(row), -1) }
        case .textview:
            let buffer = gtk_text_view_get_buffer(gcast(content))
            var end = GtkTextIter()
            gtk_text_buffer_get_end_iter(buffer, &end)
            let text = (gtk_text_buffer_get_char_count(buffer) > 0 ? "\n" : "") + paragraphs(rows)
            gtk_text_buffer_insert(buffer, &end, text, -1)
        case .virtual:
            break
        }
        rowCount += rows.count
    }

    private func set(_ iter: inout GtkTreeIter, _ row: Row) {
        ptr_list_store_set_string(store, &iter, 0, row.title)
        ptr_list_store_set_string(store, &iter, 1, row.subtitle)
    }

    private func label(_ row: Row) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(nil)!
        gtk_label_set_markup(gcast(label), "\(escaped(row.title))\n<small>\(escaped(row.subtitle))</small>")
        gtk_label_set_xalign(gcast(label), 0)
        gtk_widget_set_margin_start(label, 16)
        gtk_widget_set_margin_end(label, 16)
        gtk_widget_set_margin_top(label, 8)
        gtk_widget_set_margin_bottom(label, 8)
        gtk_widget_show(label)
        return label
    }

    private func escaped(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }

    /// One paragraph per row, newlines between them. None after the last: the buffer would end
    /// with an empty line, blank space between the last row and the footer.
    private func paragraphs(_ rows: [Row]) -> String {
        rows.map { "\($0.title) — \($0.subtitle)" }.joined(separator: "\n")
    }
}
