import RefreshGtk
import RefreshQA
import CGtk
import RefreshCore
import DemoRendering

/// The T key's panel (its state and logic: `ScrubberState`): a small window with a GtkScale over the header's whole sequence (pull
/// 0→1, armed, morph, spin, end, failed — `ScrubSequence`), a header combo box (the built-in
/// styles and the list's own app-drawn header, if it has one) and a theme combo box. The live
/// clock is paused while it is open; the list shows the scene's header at the scale's moment,
/// drawn by the live painter for the list's header, theme and scale. All keyboard:
/// Tab between the controls, arrows and Page keys on the scale, Escape closes.
@MainActor
final class Scrubber {
    let window: UnsafeMutablePointer<GtkWidget>
    let scale: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private let styles: UnsafeMutablePointer<GtkWidget>
    private let themes: UnsafeMutablePointer<GtkWidget>
    private var connections: [SignalConnection] = []
    let state: ScrubberState

    /// `state`: the header combo's entries and the list's header's id.
    init(state: ScrubberState, parent: UnsafeMutablePointer<GtkWidget>?) {
        self.state = state
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_title(gcast(window), QAL10n.qaScrubberTitle)
        gtk_window_set_default_size(gcast(window), 420, -1)
        gtk_window_set_type_hint(gcast(window), GDK_WINDOW_TYPE_HINT_UTILITY)
        if let parent {
            gtk_window_set_transient_for(gcast(window), gcast(parent))
            // Beside the main window, so that the header stays in sight.
            var x: gint = 0, y: gint = 0, width: gint = 0, height: gint = 0
            gtk_window_get_position(gcast(parent), &x, &y)
            gtk_window_get_size(gcast(parent), &width, &height)
            gtk_window_move(gcast(window), x + width + 12, y)
        }
        gtk_window_set_destroy_with_parent(gcast(window), 1)

        let grid = gtk_grid_new()!
        gtk_grid_set_row_spacing(gcast(grid), 6)
        gtk_grid_set_column_spacing(gcast(grid), 8)
        gtk_container_set_border_width(gcast(grid), 10)

        scale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, ScrubSequence.length, 1)
        gtk_scale_set_draw_value(gcast(scale), 0)
        gtk_widget_set_hexpand(scale, 1)
        gtk_range_set_increments(gcast(scale), 1, 10)
        label = gtk_label_new("")
        gtk_label_set_xalign(gcast(label), 0)

        styles = gtk_combo_box_text_new()
        for header in state.headers { gtk_combo_box_text_append(gcast(styles), header.id, header.label) }
        _ = gtk_combo_box_set_active_id(gcast(styles), state.active)
        themes = gtk_combo_box_text_new()
        gtk_combo_box_text_append(gcast(themes), "light", QAL10n.qaLight)
        gtk_combo_box_text_append(gcast(themes), "dark", QAL10n.qaDark)
        _ = gtk_combo_box_set_active_id(gcast(themes), ScrubberState.prefersDark(UnsafeMutableRawPointer(gtk_settings_get_default())) ? "dark" : "light")

        gtk_grid_attach(gcast(grid), scale, 0, 0, 4, 1)
        gtk_grid_attach(gcast(grid), label, 0, 1, 4, 1)
        gtk_grid_attach(gcast(grid), gtk_label_new(QAL10n.qaStyle), 0, 2, 1, 1)
        gtk_grid_attach(gcast(grid), styles, 1, 2, 1, 1)
        gtk_grid_attach(gcast(grid), gtk_label_new(QAL10n.qaTheme), 2, 2, 1, 1)
        gtk_grid_attach(gcast(grid), themes, 3, 2, 1, 1)
        gtk_container_add(gcast(window), grid)

        connections.append(GSignal.connect(scale, "value-changed") { [weak self] in self?.changed() })
        connections.append(GSignal.connect(styles, "changed") { [weak self] in
            guard let self, let id = gtk_combo_box_get_active_id(gcast(self.styles)) else { return }
            self.state.onHeader?(String(cString: id))
            self.changed()
        })
        connections.append(GSignal.connect(themes, "changed") { [weak self] in
            guard let self, let id = gtk_combo_box_get_active_id(gcast(self.themes)) else { return }
            ScrubberState.setPrefersDark(String(cString: id) == "dark", in: UnsafeMutableRawPointer(gtk_settings_get_default()))
        })
        connections.append(GSignal.connectEvent(window, "key-press-event") { [weak self] event in
            guard event.pointee.key.keyval == UInt32(GDK_KEY_Escape) else { return false }
            self?.close()
            return true
        })
        connections.append(GSignal.connect(window, "destroy") { [weak self] in self?.destroyed() })
    }

    func show() {
        gtk_widget_show_all(window)
        gtk_widget_grab_focus(scale)
        changed()
    }

    /// The header combo's entries and the chosen one's id, as the user sees them.
    var headerEntries: [(id: String, label: String)] {
        let model = gtk_combo_box_get_model(gcast(styles))
        var entries: [(id: String, label: String)] = []
        var iter = GtkTreeIter()
        var valid = gtk_tree_model_get_iter_first(model, &iter) != 0
        // GtkComboBoxText's model: column 0 the text, column 1 the id.
        func string(_ column: gint) -> String {
            var value = GValue()
            gtk_tree_model_get_value(model, &iter, column, &value)
            defer { g_value_unset(&value) }
            return g_value_get_string(&value).map { String(cString: $0) } ?? ""
        }
        while valid {
            entries.append((string(1), string(0)))
            valid = gtk_tree_model_iter_next(model, &iter) != 0
        }
        return entries
    }

    var activeHeader: String? { gtk_combo_box_get_active_id(gcast(styles)).map { String(cString: $0) } }

    /// Chooses a header entry, as the user would in the combo box.
    func selectHeader(_ id: String) { _ = gtk_combo_box_set_active_id(gcast(styles), id) }

    func setPosition(_ position: Double) {
        gtk_range_set_value(gcast(scale), position)
        changed()
    }

    private func changed() {
        state.moved(to: gtk_range_get_value(gcast(scale))) { gtk_label_set_text(gcast(label), $0) }
    }

    func close() {
        guard !state.isClosed else { return }
        gtk_widget_destroy(window)
    }

    private func destroyed() {
        guard !state.isClosed else { return }
        for connection in connections { connection.disconnect() }
        connections.removeAll()
        state.windowClosed()
    }
}
