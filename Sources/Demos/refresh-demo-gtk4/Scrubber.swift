import CGtk4
import DemoRendering
import RefreshCore
import RefreshScenes

/// The T key's window, as refresh-demo's (its state and logic: `ScrubberState`): a GtkScale over the header's whole sequence (pull
/// 0→1, armed, morph, spin, end, failed — `ScrubSequence`), a header GtkDropDown (the built-in
/// styles and the list's own app-drawn header, if it has one) and a theme GtkDropDown. All
/// keyboard: Tab between the controls, arrows and Page keys on the scale, Escape closes.
@MainActor
final class Scrubber {
    let window: UnsafeMutablePointer<GtkWidget>
    private let scale: UnsafeMutablePointer<GtkWidget>
    private let label: UnsafeMutablePointer<GtkWidget>
    private let styles: UnsafeMutablePointer<GtkWidget>
    private let themes: UnsafeMutablePointer<GtkWidget>
    private var handlers: [SignalConnection] = []
    let state: ScrubberState

    /// `state`: the header menu's entries and the list's header's id.
    init(state: ScrubberState, parent: UnsafeMutablePointer<GtkWindow>?) {
        self.state = state
        let window = gtk_window_new()!
        self.window = window
        let gtkWindow = window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { $0 }
        gtk_window_set_title(gtkWindow, QAL10n.qaScrubberTitle)
        gtk_window_set_default_size(gtkWindow, 420, -1)
        if let parent {
            gtk_window_set_transient_for(gtkWindow, parent)
            gtk_window_set_destroy_with_parent(gtkWindow, 1)
        }

        let grid = gtk_grid_new()!
        let gtkGrid = grid.withMemoryRebound(to: GtkGrid.self, capacity: 1) { $0 }
        gtk_grid_set_row_spacing(gtkGrid, 6)
        gtk_grid_set_column_spacing(gtkGrid, 8)
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            margin(grid, 10)
        }
        let scale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, ScrubSequence.length, 1)!
        self.scale = scale
        let range = scale.withMemoryRebound(to: GtkRange.self, capacity: 1) { $0 }
        gtk_scale_set_draw_value(scale.withMemoryRebound(to: GtkScale.self, capacity: 1) { $0 }, 0)
        gtk_widget_set_hexpand(scale, 1)
        gtk_range_set_increments(range, 1, 10)
        label = gtk_label_new("")
        gtk_label_set_xalign(OpaquePointer(label), 0)
        styles = Self.dropDown(state.headers.map(\.label))
        gtk_drop_down_set_selected(OpaquePointer(styles), guint(state.headers.firstIndex { $0.id == state.active } ?? 0))
        themes = Self.dropDown([QAL10n.qaLight, QAL10n.qaDark])
        gtk_drop_down_set_selected(OpaquePointer(themes), ScrubberState.prefersDark(UnsafeMutableRawPointer(gtk_settings_get_default())) ? 1 : 0)

        gtk_grid_attach(gtkGrid, scale, 0, 0, 4, 1)
        gtk_grid_attach(gtkGrid, label, 0, 1, 4, 1)
        gtk_grid_attach(gtkGrid, gtk_label_new(QAL10n.qaStyle), 0, 2, 1, 1)
        gtk_grid_attach(gtkGrid, styles, 1, 2, 1, 1)
        gtk_grid_attach(gtkGrid, gtk_label_new(QAL10n.qaTheme), 2, 2, 1, 1)
        gtk_grid_attach(gtkGrid, themes, 3, 2, 1, 1)
        gtk_window_set_child(gtkWindow, grid)

        handlers.append(SignalConnection(scale, "value-changed") { [weak self] in self?.changed() })
        handlers.append(SignalConnection(styles, "notify::selected", arguments: .onePointer) { [weak self] in
            guard let self else { return }
            let index = Int(gtk_drop_down_get_selected(OpaquePointer(self.styles)))
            guard self.state.headers.indices.contains(index) else { return }
            self.state.onHeader?(self.state.headers[index].id)
            self.changed()
        })
        handlers.append(SignalConnection(themes, "notify::selected", arguments: .onePointer) { [weak self] in
            guard let self else { return }
            ScrubberState.setPrefersDark(gtk_drop_down_get_selected(OpaquePointer(self.themes)) == 1, in: UnsafeMutableRawPointer(gtk_settings_get_default()))
        })
        handlers.append(SignalConnection(window, "destroy") { [weak self] in self?.state.windowClosed() })
        let escape = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(escape, gtk_shortcut_new(gtk_keyval_trigger_new(guint(GDK_KEY_Escape), GdkModifierType(0)),
                                                                      gtk_named_action_new("window.close")))
        gtk_widget_add_controller(window, escape)
    }

    private var range: UnsafeMutablePointer<GtkRange> { scale.withMemoryRebound(to: GtkRange.self, capacity: 1) { $0 } }

    private var gtkWindow: UnsafeMutablePointer<GtkWindow> { window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { $0 } }

    private static func dropDown(_ labels: [String]) -> UnsafeMutablePointer<GtkWidget> {
        var strings = labels.map { strdup($0) }
        strings.append(nil)
        defer { strings.forEach { free($0) } }
        return strings.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_drop_down_new_from_strings($0)
            }
        }
    }

    func show() {
        gtk_window_present(gtkWindow)
        _ = gtk_widget_grab_focus(scale)
        changed()
    }

    /// Moves the scale, as the user would.
    func setPosition(_ position: Double) {
        gtk_range_set_value(range, position)
    }

    private func changed() {
        state.moved(to: gtk_range_get_value(range)) { gtk_label_set_text(OpaquePointer(label), $0) }
    }

    func close() {
        guard !state.isClosed else { return }
        gtk_window_destroy(gtkWindow)
    }
}
