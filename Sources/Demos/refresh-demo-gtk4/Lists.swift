import CGtk4
import CGtk4DemoModel
import Glibc

/// One of GTK 4's lists, as the demo shows it in the scrolled window of the GTK 4 bin.
@MainActor
protocol DemoList: AnyObject {
    /// What goes into the scrolled window.
    var widget: UnsafeMutablePointer<GtkWidget> { get }
    /// The rows the list holds now (the trace's `rows`).
    var rowCount: Int { get }
    /// The column headers (GtkColumnView only), for the trace's `view` lines.
    var columnHeader: UnsafeMutablePointer<GtkWidget>? { get }
    /// The widget that shows the rows under the column headers (GtkColumnView only).
    var rowsWidget: UnsafeMutablePointer<GtkWidget>? { get }
    /// Runs with a row's index (0 at the top) when the list activates it.
    var onActivate: (@MainActor (Int) -> Void)? { get set }
    /// The selected rows' indices (0 at the top, ascending); nil for a list with no rows to
    /// select (GtkTextView).
    var selectedRows: [Int]? { get }
    /// Runs whenever the list's selection changes.
    var onSelect: (@MainActor () -> Void)? { get set }
    func prepend(_ count: Int)
    func append(_ count: Int)
}

extension DemoList {
    var columnHeader: UnsafeMutablePointer<GtkWidget>? { nil }
    var rowsWidget: UnsafeMutablePointer<GtkWidget>? { nil }
}

/// Makes the list `--list` names, with `rows` rows.
@MainActor
func makeList(_ kind: ListKind, rows: Int) -> any DemoList {
    switch kind {
    case .listview, .columnview: ModelList(columns: kind == .columnview, rows: rows)
    case .listbox: ListBoxList(rows: rows)
    case .textview: TextViewList(rows: rows)
    }
}

/// A row as a label: left aligned with room around it, the same in every list.
private let rowLabelTemplate = """
<?xml version="1.0" encoding="UTF-8"?>
<interface>
  <template class="GtkListItem">
    <property name="child">
      <object class="GtkLabel">
        <property name="xalign">0</property>
        <property name="margin-start">12</property>
        <property name="margin-top">10</property>
        <property name="margin-bottom">10</property>
        <binding name="label">
          <lookup name="string" type="GtkStringObject">
            <lookup name="item">GtkListItem</lookup>
          </lookup>
        </binding>
      </object>
    </property>
  </template>
</interface>
"""

/// GtkListView or GtkColumnView over `PtrDemoRows`: the items exist only for the rows on screen,
/// so 10,000,000 rows open as fast as 100.
@MainActor
final class ModelList: DemoList {
    let widget: UnsafeMutablePointer<GtkWidget>
    var onActivate: (@MainActor (Int) -> Void)?
    var onSelect: (@MainActor () -> Void)?
    private let model: OpaquePointer
    /// The list's selection model (the list holds it, and it holds `model`).
    private let selection: OpaquePointer
    private let isColumnView: Bool
    private var handler: SignalConnection?
    private var selectionHandler: SignalConnection?

    init(columns: Bool, rows: Int) {
        isColumnView = columns
        model = ptr_demo_rows_new(guint(rows))
        let factory = rowLabelTemplate.withCString { text in
            let bytes = g_bytes_new(text, gsize(strlen(text)))
            defer { g_bytes_unref(bytes) }
            return gtk_builder_list_item_factory_new_from_bytes(nil, bytes)
        }
        // Nothing selected until the user picks a row. Autoselect is off before the model comes:
        // GtkSingleSelection starts with it on and selects the first item as soon as it has a
        // model, and turning it off later keeps that selection (GTK 4.8).
        let single = gtk_single_selection_new(nil)!
        selection = single
        gtk_single_selection_set_autoselect(single, 0)
        gtk_single_selection_set_can_unselect(single, 1)
        gtk_single_selection_set_model(single, model)
        // From here on the selection model holds the model.
        g_object_unref(UnsafeMutableRawPointer(model))
        if columns {
            widget = gtk_column_view_new(selection)
            let column = gtk_column_view_column_new("Row", factory)
            gtk_column_view_column_set_expand(column, 1)
            gtk_column_view_append_column(OpaquePointer(widget), column)
            g_object_unref(UnsafeMutableRawPointer(column))
        } else {
            widget = gtk_list_view_new(selection, factory)
        }
        // The signal's argument is a guint: only its low 32 bits are set.
        handler = SignalConnection(widget, "activate", withArgument: { [weak self] position in
            self?.onActivate?(Int(UInt32(truncatingIfNeeded: position)))
        })
        selectionHandler = SignalConnection(UnsafeMutableRawPointer(selection), "selection-changed", arguments: .twoUInts) { [weak self] in
            self?.onSelect?()
        }
    }

    var selectedRows: [Int]? {
        let bitset = gtk_selection_model_get_selection(selection)
        defer { gtk_bitset_unref(bitset) }
        return (0..<gtk_bitset_get_size(bitset)).map { Int(gtk_bitset_get_nth(bitset, guint($0))) }
    }

    var rowCount: Int { Int(g_list_model_get_n_items(model)) }

    // GtkColumnView 4.8's children: the header row, then its own GtkListView of the rows.
    var columnHeader: UnsafeMutablePointer<GtkWidget>? { isColumnView ? gtk_widget_get_first_child(widget) : nil }
    var rowsWidget: UnsafeMutablePointer<GtkWidget>? { isColumnView ? gtk_widget_get_last_child(widget) : nil }

    func prepend(_ count: Int) { ptr_demo_rows_prepend(model, guint(count)) }
    func append(_ count: Int) { ptr_demo_rows_append(model, guint(count)) }
}

/// GtkListBox of GtkLabel rows (GtkListBox has no model here: every row is a widget).
@MainActor
final class ListBoxList: DemoList {
    let widget: UnsafeMutablePointer<GtkWidget>
    var onActivate: (@MainActor (Int) -> Void)?
    var onSelect: (@MainActor () -> Void)?
    private(set) var rowCount = 0
    private var prepended = 0
    private var handler: SignalConnection?
    private var selectionHandler: SignalConnection?

    init(rows: Int) {
        widget = gtk_list_box_new()
        for index in 0..<rows { gtk_list_box_append(box, label("Row \(index + 1)")) }
        rowCount = rows
        handler = SignalConnection(widget, "row-activated", withArgument: { [weak self] row in
            self?.onActivate?(Int(gtk_list_box_row_get_index(UnsafeMutablePointer(bitPattern: row))))
        })
        selectionHandler = SignalConnection(UnsafeMutableRawPointer(widget), "selected-rows-changed", arguments: .none) { [weak self] in
            self?.onSelect?()
        }
    }

    var selectedRows: [Int]? {
        let rows = gtk_list_box_get_selected_rows(box)
        defer { g_list_free(rows) }
        var indices: [Int] = []
        var node = rows
        while let current = node {
            indices.append(Int(gtk_list_box_row_get_index(current.pointee.data?.assumingMemoryBound(to: GtkListBoxRow.self))))
            node = current.pointee.next
        }
        return indices.sorted()
    }

    private var box: OpaquePointer { OpaquePointer(widget) }

    func prepend(_ count: Int) {
        for _ in 0..<count {
            prepended += 1
            gtk_list_box_prepend(box, label("New row \(prepended)"))
        }
        rowCount += count
    }

    func append(_ count: Int) {
        let numbered = rowCount - prepended
        for index in 0..<count { gtk_list_box_append(box, label("Row \(numbered + index + 1)")) }
        rowCount += count
    }

    private func label(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        gtk_label_set_xalign(OpaquePointer(label), 0)
        gtk_widget_set_margin_start(label, 12)
        gtk_widget_set_margin_top(label, 10)
        gtk_widget_set_margin_bottom(label, 10)
        return label
    }
}

/// A read-only GtkTextView with one paragraph per row.
@MainActor
final class TextViewList: DemoList {
    let widget: UnsafeMutablePointer<GtkWidget>
    var onActivate: (@MainActor (Int) -> Void)?
    var onSelect: (@MainActor () -> Void)?
    var selectedRows: [Int]? { nil }
    private(set) var rowCount = 0
    private var prepended = 0
    private let buffer: UnsafeMutablePointer<GtkTextBuffer>

    init(rows: Int) {
        widget = gtk_text_view_new()
        let view = widget.withMemoryRebound(to: GtkTextView.self, capacity: 1) { $0 }
        gtk_text_view_set_editable(view, 0)
        gtk_text_view_set_cursor_visible(view, 0)
        gtk_text_view_set_left_margin(view, 12)
        gtk_text_view_set_pixels_above_lines(view, 10)
        gtk_text_view_set_pixels_below_lines(view, 10)
        buffer = gtk_text_view_get_buffer(view)
        let text = (0..<rows).map { "Row \($0 + 1)" }.joined(separator: "\n")
        gtk_text_buffer_set_text(buffer, text, -1)
        rowCount = rows
    }

    func prepend(_ count: Int) {
        var lines: [String] = []
        for _ in 0..<count {
            prepended += 1
            lines.insert("New row \(prepended)", at: 0)
        }
        var start = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &start)
        gtk_text_buffer_insert(buffer, &start, lines.joined(separator: "\n") + (rowCount > 0 ? "\n" : ""), -1)
        rowCount += count
    }

    func append(_ count: Int) {
        let numbered = rowCount - prepended
        let lines = (0..<count).map { "Row \(numbered + $0 + 1)" }.joined(separator: "\n")
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        gtk_text_buffer_insert(buffer, &end, (rowCount > 0 ? "\n" : "") + lines, -1)
        rowCount += count
    }
}
