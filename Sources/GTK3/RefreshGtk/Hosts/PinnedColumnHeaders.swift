import CGtk
import CGtkShim

/// Keeps a wrapped GtkTreeView's visible column headers pinned during a pull: the pull gap opens
/// between the headers and the first row (docs/architecture.md, "Hosts"; docs/gtk3-notes.md,
/// "Pinned column headers").
///
/// GtkTreeView shows its rows in a private child GdkWindow, the *bin window*, placed at
/// y = header height beside a header window. Instead of moving the whole scrolled window (what
/// the bin does for other hosts), the pull moves the bin window down (where rows are hit,
/// damaged and drawn: `draw` keeps the tree view's pixel cache out of it), and the refresh
/// header is drawn in the gap between the column headers and the first row.
@MainActor
final class PinnedColumnHeaders {
    private let treeView: UnsafeMutablePointer<GtkWidget>
    /// Draws the refresh header into `cr` (origin at the gap's top, clipped to it): cr, width, height.
    private let drawHeader: @MainActor (OpaquePointer, Double, Double) -> Void
    /// Headers were shown or hidden: the host moves the displacement to or from the bin window.
    private let modeChanged: @MainActor () -> Void
    private var connections: [SignalConnection] = []
    private var adjustmentConnections: [SignalConnection] = []
    /// Px the bin window is moved below its place.
    private(set) var offset = 0
    /// The bin window sits at its place while the tree view handles one pointer or touch event.
    private var inputAtHome = false
    private var isDetached = false

    init(treeView: UnsafeMutablePointer<GtkWidget>, drawHeader: @escaping @MainActor (OpaquePointer, Double, Double) -> Void,
         modeChanged: @escaping @MainActor () -> Void) {
        self.treeView = treeView
        self.drawHeader = drawHeader
        self.modeChanged = modeChanged
        g_object_ref(treeView)
        // HACK (docs/gtk3-notes.md, "Pinned column headers"): GtkTreeView puts its bin window back
        // at y = header height in size_allocate, and in its handler of either adjustment's
        // "value-changed" (gtk_tree_view_adjustment_changed, GTK 3.24); these handlers run after
        // its own and move the window down again.
        connections = [
            GSignal.connectSizeAllocate(treeView) { [weak self] _ in self?.apply() },
            GSignal.connectNotify(treeView, property: "headers-visible") { [weak self] in self?.headersToggled() },
            GSignal.connectNotify(treeView, property: "hadjustment") { [weak self] in self?.adoptAdjustments() },
            GSignal.connectNotify(treeView, property: "vadjustment") { [weak self] in self?.adoptAdjustments() },
            GSignal.connectDraw(treeView) { [weak self] cr in self?.draw(cr) ?? false },
            GSignal.connectPointer(treeView, "event-after") { [weak self] _ in self?.inputHandled() },
        ]
        // HACK (docs/gtk3-notes.md, "Pinned column headers"): the tree view's own gestures turn
        // widget coordinates into row coordinates by subtracting the header height only
        // (gtk_tree_view_convert_widget_to_bin_window_coords), not where the bin window really is:
        // with the window moved down, a click would hit the row `offset` px lower. While it handles
        // a press, drag or touch, the window is put back at its place and moved down again right
        // after ("event-after"), so clicks and drags hit the row under the pointer; handlers
        // reading the event's own bin-window coordinates (motion, an app's button-press-event with
        // gtk_tree_view_get_path_at_pos) are right either way.
        for signal in ["button-press-event", "button-release-event", "motion-notify-event", "touch-event"] {
            GSignal.connectEvent(treeView, signal) { [weak self] event in
                self?.inputArrives(event)
                return false
            }.keep(in: &connections)
        }
        adoptAdjustments()
    }

    isolated deinit {
        detach()
        g_object_unref(treeView)
    }

    /// True when the headers are visible and the tree view is realized: the pull moves the bin
    /// window; otherwise the host moves the whole scrolled window as for any other list.
    var isActive: Bool {
        !isDetached && gtk_tree_view_get_headers_visible(gcast(treeView)) != 0
            && gtk_widget_get_realized(treeView) != 0 && binWindow != nil
    }

    /// Moves the rows `offset` px below the column headers (0: back in place).
    func setOffset(_ newValue: Int) {
        let old = offset
        offset = max(0, newValue)
        guard offset != old else { return }
        apply()
        invalidateGap(max(old, offset))
    }

    /// Redraws the gap (the header animates while the rows hold still).
    func queueDraw() {
        guard offset > 0 else { return }
        invalidateGap(offset)
    }

    /// Disconnects everything and puts the bin window back where GtkTreeView keeps it.
    func detach() {
        guard !isDetached else { return }
        let wasMoved = offset != 0 || inputAtHome
        offset = 0
        inputAtHome = false
        if wasMoved { apply() }
        isDetached = true
        for connection in connections + adjustmentConnections { connection.disconnect() }
        connections = []
        adjustmentConnections = []
    }

    /// The y in `widget`'s coordinates of the gap's top (below the column headers), where the
    /// refresh header hangs from while the headers are pinned.
    func gapTop(in widget: UnsafeMutablePointer<GtkWidget>) -> Double {
        var x: gint = 0, y: gint = 0
        _ = gtk_widget_translate_coordinates(treeView, widget, 0, homeY, &x, &y)
        return Double(y)
    }

    // MARK: - Plumbing

    private var binWindow: OpaquePointer? { gtk_tree_view_get_bin_window(gcast(treeView)) }

    /// The bin window's y when not moved: the effective header height (0 with headers hidden).
    private var homeY: Int32 {
        var x: gint = 0, y: gint = 0
        gtk_tree_view_convert_bin_window_to_widget_coords(gcast(treeView), 0, 0, &x, &y)
        return y
    }

    private func apply() {
        guard !isDetached, gtk_widget_get_realized(treeView) != 0, let bin = binWindow else { return }
        var x: gint = 0, y: gint = 0
        gdk_window_get_position(bin, &x, &y)
        let active = gtk_tree_view_get_headers_visible(gcast(treeView)) != 0
        let target = homeY + (active && !inputAtHome ? gint(offset) : 0)
        if y != target { gdk_window_move(bin, x, target) }
    }

    private func adoptAdjustments() {
        guard !isDetached else { return }
        for connection in adjustmentConnections { connection.disconnect() }
        adjustmentConnections = []
        let scrollable = OpaquePointer(treeView)
        for adjustment in [gtk_scrollable_get_hadjustment(scrollable), gtk_scrollable_get_vadjustment(scrollable)] {
            guard let adjustment else { continue }
            adjustmentConnections.append(GSignal.connect(adjustment, "value-changed", after: true) { [weak self] in
                self?.apply()
            })
        }
    }

    private func headersToggled() {
        guard !isDetached else { return }
        modeChanged()
        apply()
        gtk_widget_queue_draw(treeView)
    }

    private func inputArrives(_ event: UnsafeMutablePointer<GdkEvent>) {
        guard offset != 0, !inputAtHome, let bin = binWindow, event.pointee.any.window == bin else { return }
        let type = event.pointee.type
        let pressed = GDK_BUTTON1_MASK.rawValue | GDK_BUTTON2_MASK.rawValue | GDK_BUTTON3_MASK.rawValue
        // Motion matters to the gestures only while a button is down (a drag or a rubber band).
        if type == GDK_MOTION_NOTIFY, event.pointee.motion.state & pressed == 0 { return }
        inputAtHome = true
        apply()
    }

    private func inputHandled() {
        guard inputAtHome else { return }
        inputAtHome = false
        apply()
    }

    private func invalidateGap(_ height: Int) {
        guard height > 0, gtk_widget_get_realized(treeView) != 0, let window = gtk_widget_get_window(treeView) else {
            return
        }
        var rect = GdkRectangle(x: 0, y: homeY, width: gtk_widget_get_allocated_width(treeView), height: gint(height))
        gdk_window_invalidate_rect(window, &rect, 0)
    }

    /// HACK (docs/gtk3-notes.md, "Pinned column headers"): GtkTreeView (GTK 3.24) draws its rows
    /// through a pixel cache, an image of the rows in tree coordinates shown at y = header height
    /// whatever the bin window's position, and repaints the cache's damaged parts in the bin
    /// window's real coordinates: repainted while the window is moved, the cache keeps rows shifted
    /// by the offset and shows them so, partly (a hover, a selection, a drag: rows doubled, missing
    /// or out of order) or wholly (a prepend: the rows rest off their place), until that part is
    /// repainted at home. Measured. So while the rows are moved, the tree view's class draw goes to
    /// a recording surface: not the window's surface type, so GtkTreeView skips its cache and draws
    /// the damaged rows directly, where the bin window is; the recording is played onto the window
    /// below the gap. Back home the cache needs nothing: GDK invalidates a moved child window's
    /// old and new areas, which dirties the cache whole. Then the tree view clipped to its column
    /// headers, and the gap: background and refresh header. Returns true when it drew the tree view.
    private func draw(_ cr: OpaquePointer) -> Bool {
        guard offset > 0, isActive else { return false }
        let width = Double(gtk_widget_get_allocated_width(treeView))
        let height = Double(gtk_widget_get_allocated_height(treeView))
        let top = Double(homeY), gap = Double(offset)
        let rows = (top: top + gap, height: max(0, height - top - gap))
        var scaleX = 1.0, scaleY = 1.0
        cairo_surface_get_device_scale(cairo_get_target(cr), &scaleX, &scaleY)
        let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil)
        defer { cairo_surface_destroy(recording) }
        cairo_surface_set_device_scale(recording, scaleX, scaleY)
        let recorder = cairo_create(recording)
        // The damaged part of the rows only: GtkTreeView draws rows from the clip's top in the
        // bin window, and from the clip's top itself when that lies above the window.
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        cairo_rectangle(recorder, x1, max(y1, rows.top), x2 - x1, max(0, y2 - max(y1, rows.top)))
        cairo_clip(recorder)
        _ = ptr_widget_class_draw(treeView, recorder)
        cairo_destroy(recorder)
        cairo_save(cr)
        cairo_rectangle(cr, 0, rows.top, width, rows.height)
        cairo_clip(cr)
        cairo_set_source_surface(cr, recording, 0, 0)
        cairo_paint(cr)
        cairo_restore(cr)
        if top > 0 {
            cairo_save(cr)
            cairo_rectangle(cr, 0, 0, width, top)
            cairo_clip(cr)
            _ = ptr_widget_class_draw(treeView, cr)
            cairo_restore(cr)
        }
        cairo_save(cr)
        cairo_rectangle(cr, 0, top, width, gap)
        cairo_clip(cr)
        gtk_render_background(gtk_widget_get_style_context(treeView), cr, 0, top, width, gap)
        cairo_translate(cr, 0, top)
        drawHeader(cr, width, gap)
        cairo_restore(cr)
        return true
    }
}
