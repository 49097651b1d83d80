import CGtk
import RefreshDrawing
import CGtkShim

/// The rows of a PtrRefreshList: its GtkTreeModel, column 0 the title, column 1 the subtitle
/// (docs/gobject-api.md, "PtrRefreshList"). Holds a reference to the model it reads.
@MainActor
final class TreeModelRows: RowSource {
    var model: OpaquePointer? {
        didSet {
            if let model { g_object_ref(UnsafeMutableRawPointer(model)) }
            if let oldValue { g_object_unref(UnsafeMutableRawPointer(oldValue)) }
        }
    }

    isolated deinit {
        model = nil
    }

    var rowCount: Int { model.map { Int(gtk_tree_model_iter_n_children($0, nil)) } ?? 0 }

    func row(at index: Int) -> (title: String, subtitle: String) {
        (text(index, column: 0), text(index, column: 1))
    }

    private func text(_ index: Int, column: gint) -> String {
        guard let model, let text = ptr_tree_model_dup_string(model, gint(index), column) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// The qdata key under which the list holds its rows.
    static let ownerKey = "ptr-refresh-list-rows"
}

/// The list's view (the child the list packed in its instance init), if it is still there.
@MainActor
private func listView(_ list: OpaquePointer) -> RefreshView? {
    guard let child = gtk_bin_get_child(UnsafeMutablePointer(list)) else { return nil }
    return RefreshView.owning(child)
}

@_cdecl("ptr_refresh_list_swift_init")
func ptrRefreshListSwiftInit(_ list: OpaquePointer?) {
    let bits = Int(bitPattern: list)
    MainActor.assumeIsolated {
        guard let list = OpaquePointer(bitPattern: bits) else { return }
        let rows = TreeModelRows()
        // The list owns the rows; the view holds them until it is torn down.
        GObjectOwnership.attach(rows, to: list, key: TreeModelRows.ownerKey)
        let view = RefreshView(source: rows)
        view.gobjectList = list
        // The view's widget (its scrolled window) owns the view; the list owns the widget.
        gtk_container_add(UnsafeMutablePointer(list), view.widget)
        gtk_widget_show(view.widget)
    }
}

@_cdecl("ptr_refresh_list_swift_reload")
func ptrRefreshListSwiftReload(_ list: OpaquePointer?) {
    let bits = Int(bitPattern: list)
    MainActor.assumeIsolated {
        guard let list = OpaquePointer(bitPattern: bits) else { return }
        GObjectOwnership.owned(by: list, key: TreeModelRows.ownerKey, as: TreeModelRows.self)?.model =
            ptr_refresh_list_get_model(list)
        listView(list)?.reloadData()
    }
}

@_cdecl("ptr_refresh_list_swift_command")
func ptrRefreshListSwiftCommand(_ list: OpaquePointer?, _ command: PtrListCommand, _ count: gint, _ ok: gboolean,
                                _ exhausted: gboolean) {
    let bits = Int(bitPattern: list)
    MainActor.assumeIsolated {
        guard let list = OpaquePointer(bitPattern: bits), let view = listView(list) else { return }
        switch command {
        case PTR_LIST_COMMAND_APPLY:
            let style = HeaderStyle(ptr_refresh_list_get_header_style(list))
            if style != view.headerStyle { view.header = style.makeStyle() }
            view.footerMode = FooterMode(ptr_refresh_list_get_footer_mode(list))
        case PTR_LIST_COMMAND_BEGIN_REFRESHING:
            view.beginRefreshing()
        case PTR_LIST_COMMAND_END_REFRESHING:
            view.endRefreshing(ok: ok != 0, insertedAtTop: Int(count))
        case PTR_LIST_COMMAND_END_LOADING:
            view.endLoading(ok: ok != 0, added: Int(count), exhausted: exhausted != 0)
        default:
            break
        }
    }
}
