import RefreshGtk
import RefreshQA
import CGtk
import RefreshCore

/// The T key's panel: a small window with a GtkScale over the header's whole sequence (pull
/// 0→1, armed, morph, spin, end, failed — `ScrubSequence`), a style and a theme combo box. The
/// live clock is paused while it is open; the list shows the scene's header at the scale's
/// moment, drawn by the live painter for the current style, theme and scale. All keyboard:
/// Tab between the controls, arrows and Page keys on the scale, Escape closes.
@MainActor
final class Scrubber {
    let window: UnsafeMutablePointer<GtkWidget>
    let scale: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private let styles: UnsafeMutablePointer<GtkWidget>
    private let themes: UnsafeMutablePointer<GtkWidget>
    private var connections: [SignalConnection] = []
    private var closed = false
    private(set) var caption: String?

    var onMoment: ((HeaderMoment) -> Void)?
    var onStyle: ((HeaderStyle) -> Void)?
    var onClosed: (() -> Void)?

    init(style: HeaderStyle, parent: UnsafeMutablePointer<GtkWidget>?) {
        window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
        gtk_window_set_title(gcast(window), L10n.qaScrubberTitle)
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
        for item in HeaderStyle.allCases { gtk_combo_box_text_append(gcast(styles), item.rawValue, item.rawValue) }
        _ = gtk_combo_box_set_active_id(gcast(styles), style.rawValue)
        themes = gtk_combo_box_text_new()
        gtk_combo_box_text_append(gcast(themes), "light", L10n.qaLight)
        gtk_combo_box_text_append(gcast(themes), "dark", L10n.qaDark)
        _ = gtk_combo_box_set_active_id(gcast(themes), Scrubber.prefersDark() ? "dark" : "light")

        gtk_grid_attach(gcast(grid), scale, 0, 0, 4, 1)
        gtk_grid_attach(gcast(grid), label, 0, 1, 4, 1)
        gtk_grid_attach(gcast(grid), gtk_label_new(L10n.qaStyle), 0, 2, 1, 1)
        gtk_grid_attach(gcast(grid), styles, 1, 2, 1, 1)
        gtk_grid_attach(gcast(grid), gtk_label_new(L10n.qaTheme), 2, 2, 1, 1)
        gtk_grid_attach(gcast(grid), themes, 3, 2, 1, 1)
        gtk_container_add(gcast(window), grid)

        connections.append(GSignal.connect(scale, "value-changed") { [weak self] in self?.changed() })
        connections.append(GSignal.connect(styles, "changed") { [weak self] in
            guard let self, let id = gtk_combo_box_get_active_id(gcast(self.styles)),
                  let style = HeaderStyle(rawValue: String(cString: id)) else { return }
            self.onStyle?(style)
            self.changed()
        })
        connections.append(GSignal.connect(themes, "changed") { [weak self] in
            guard let self, let id = gtk_combo_box_get_active_id(gcast(self.themes)) else { return }
            Scrubber.setPrefersDark(String(cString: id) == "dark")
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

    func setPosition(_ position: Double) {
        gtk_range_set_value(gcast(scale), position)
        changed()
    }

    private func changed() {
        let (moment, caption) = ScrubSequence.moment(at: gtk_range_get_value(gcast(scale)))
        self.caption = caption
        gtk_label_set_text(gcast(label), caption)
        onMoment?(moment)
    }

    func close() {
        guard !closed else { return }
        gtk_widget_destroy(window)
    }

    private func destroyed() {
        guard !closed else { return }
        closed = true
        for connection in connections { connection.disconnect() }
        connections.removeAll()
        let done = onClosed
        onMoment = nil
        onStyle = nil
        onClosed = nil
        done?()
    }

    // MARK: Theme: GtkSettings' gtk-application-prefer-dark-theme (Adwaita ↔ Adwaita dark)

    static func prefersDark() -> Bool {
        guard let settings = gtk_settings_get_default() else { return false }
        var value = GValue()
        g_value_init(&value, g_type_from_name("gboolean"))
        defer { g_value_unset(&value) }
        g_object_get_property(gcast(settings, to: GObject.self), "gtk-application-prefer-dark-theme", &value)
        return g_value_get_boolean(&value) != 0
    }

    static func setPrefersDark(_ dark: Bool) {
        guard let settings = gtk_settings_get_default() else { return }
        var value = GValue()
        g_value_init(&value, g_type_from_name("gboolean"))
        defer { g_value_unset(&value) }
        g_value_set_boolean(&value, dark ? 1 : 0)
        g_object_set_property(gcast(settings, to: GObject.self), "gtk-application-prefer-dark-theme", &value)
    }
}
