import CGtk

/// A GtkTreeView's, GtkListBox's or GtkTextView's selection and cursor as they were when a press began, put
/// back when the press turns out to be a pull or a scroll (docs/architecture.md, "Hosts").
///
/// HACK (docs/gtk3-notes.md, "A pull selects nothing"): GTK 3.24 selects on press: GtkTreeView's
/// multi-press gesture moves the cursor to the row under the pointer and selects it when the button
/// goes down, before anyone knows whether the press is a click or the start of a pull. Our drag
/// gesture sees the press first (capture phase on the bin) and takes this snapshot; claiming the
/// drag as a pull puts it back.
@MainActor
final class HostSelection {
    private enum Saved {
        /// Selected rows and the cursor row (references follow rows inserted meanwhile).
        case treeView(selected: [OpaquePointer], cursor: OpaquePointer?)
        /// Selected rows (referenced).
        case listBox(selected: [UnsafeMutablePointer<GtkWidget>])
        /// A text view's cursor and selection bound, as character offsets.
        case textView(insert: gint, bound: gint)
    }

    private let saved: Saved

    init?(kind: ScrolledWindowHost.Kind, content: UnsafeMutablePointer<GtkWidget>) {
        switch kind {
        case .treeView:
            let tree: UnsafeMutablePointer<GtkTreeView> = gcast(content)
            guard let model = gtk_tree_view_get_model(tree), let selection = gtk_tree_view_get_selection(tree) else {
                return nil
            }
            var selected: [OpaquePointer] = []
            let rows = gtk_tree_selection_get_selected_rows(selection, nil)
            var node = rows
            while let current = node {
                let path = OpaquePointer(current.pointee.data)
                if let reference = gtk_tree_row_reference_new(model, path) { selected.append(reference) }
                node = current.pointee.next
            }
            g_list_free_full(rows) { gtk_tree_path_free(OpaquePointer($0)) }
            var cursorPath: OpaquePointer?
            gtk_tree_view_get_cursor(tree, &cursorPath, nil)
            let cursor = cursorPath.flatMap { gtk_tree_row_reference_new(model, $0) }
            if let cursorPath { gtk_tree_path_free(cursorPath) }
            saved = .treeView(selected: selected, cursor: cursor)
        case .listBox:
            let box: UnsafeMutablePointer<GtkListBox> = gcast(content)
            var selected: [UnsafeMutablePointer<GtkWidget>] = []
            let rows = gtk_list_box_get_selected_rows(box)
            var node = rows
            while let current = node {
                if let row = current.pointee.data?.assumingMemoryBound(to: GtkWidget.self) {
                    g_object_ref(row)
                    selected.append(row)
                }
                node = current.pointee.next
            }
            g_list_free(rows)
            saved = .listBox(selected: selected)
        case .textView:
            // GtkTextView moves its cursor on press and selects as the pointer drags, before the
            // drag is a pull: a pull over held text selects nothing either.
            guard let buffer = gtk_text_view_get_buffer(gcast(content)) else { return nil }
            var insert = GtkTextIter(), bound = GtkTextIter()
            gtk_text_buffer_get_iter_at_mark(buffer, &insert, gtk_text_buffer_get_insert(buffer))
            gtk_text_buffer_get_iter_at_mark(buffer, &bound, gtk_text_buffer_get_selection_bound(buffer))
            saved = .textView(insert: gtk_text_iter_get_offset(&insert), bound: gtk_text_iter_get_offset(&bound))
        case .iconView, .flowBox, .other:
            return nil
        }
    }

    isolated deinit {
        switch saved {
        case let .treeView(selected, cursor):
            selected.forEach { gtk_tree_row_reference_free($0) }
            cursor.map { gtk_tree_row_reference_free($0) }
        case let .listBox(selected):
            selected.forEach { g_object_unref($0) }
        case .textView:
            break
        }
    }

    /// Puts the selection and cursor back, if the press changed them.
    func restore(_ content: UnsafeMutablePointer<GtkWidget>) {
        switch saved {
        case let .treeView(selected, cursor):
            let tree: UnsafeMutablePointer<GtkTreeView> = gcast(content)
            guard let selection = gtk_tree_view_get_selection(tree) else { return }
            let paths = selected.compactMap { gtk_tree_row_reference_get_path($0) }
            defer { paths.forEach { gtk_tree_path_free($0) } }
            if let cursor, let path = gtk_tree_row_reference_get_path(cursor) {
                defer { gtk_tree_path_free(path) }
                var current: OpaquePointer?
                gtk_tree_view_get_cursor(tree, &current, nil)
                let moved = current.map { gtk_tree_path_compare($0, path) != 0 } ?? true
                if let current { gtk_tree_path_free(current) }
                // Setting the cursor scrolls it into view: only where that cannot scroll.
                if moved, isVisible(path, in: tree) {
                    gtk_tree_view_set_cursor(tree, path, nil, 0)
                }
            }
            let now = gtk_tree_selection_count_selected_rows(selection)
            let same = Int(now) == paths.count && paths.allSatisfy { gtk_tree_selection_path_is_selected(selection, $0) != 0 }
            guard !same else { return }
            gtk_tree_selection_unselect_all(selection)
            for path in paths { gtk_tree_selection_select_path(selection, path) }
        case let .listBox(selected):
            let box: UnsafeMutablePointer<GtkListBox> = gcast(content)
            let rows = gtk_list_box_get_selected_rows(box)
            var now: [UnsafeMutablePointer<GtkWidget>] = []
            var node = rows
            while let current = node {
                if let row = current.pointee.data?.assumingMemoryBound(to: GtkWidget.self) { now.append(row) }
                node = current.pointee.next
            }
            g_list_free(rows)
            guard Set(now) != Set(selected) else { return }
            gtk_list_box_unselect_all(box)
            for row in selected where gtk_widget_get_parent(row) == content {
                gtk_list_box_select_row(box, gcast(row))
            }
        case let .textView(insert, bound):
            guard let buffer = gtk_text_view_get_buffer(gcast(content)) else { return }
            var insertIter = GtkTextIter(), boundIter = GtkTextIter()
            gtk_text_buffer_get_iter_at_offset(buffer, &insertIter, insert)
            gtk_text_buffer_get_iter_at_offset(buffer, &boundIter, bound)
            gtk_text_buffer_select_range(buffer, &insertIter, &boundIter)
        }
    }

    private func isVisible(_ path: OpaquePointer, in tree: UnsafeMutablePointer<GtkTreeView>) -> Bool {
        var start: OpaquePointer?, end: OpaquePointer?
        guard gtk_tree_view_get_visible_range(tree, &start, &end) != 0, let start, let end else { return false }
        defer {
            gtk_tree_path_free(start)
            gtk_tree_path_free(end)
        }
        return gtk_tree_path_compare(start, path) <= 0 && gtk_tree_path_compare(path, end) <= 0
    }
}
