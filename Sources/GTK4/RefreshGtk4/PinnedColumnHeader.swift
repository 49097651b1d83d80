import CGtk4

/// Keeps a wrapped GtkColumnView's header row in place during a pull: the pull moves only the
/// column view's rows, and the gap opens between the header row and the first row, as
/// `PinnedColumnHeaders` does for a GtkTreeView on GTK 3 (docs/gtk4-notes.md, "The pinned column
/// header").
///
/// HACK (docs/gtk4-notes.md, "The pinned column header"): GtkColumnView 4.8 has no API for this. Its
/// children are the header row, then a private GtkListView of the rows, which
/// `gtk_column_view_allocate` places at `translate(-x, header height)` every time the column view
/// is allocated. After the window's layout of each frame (a handler run after the frame clock's
/// `layout` signal), the rows are allocated again at the same size, `pull` px lower (GTK then only
/// changes their transform: no row is laid out again), and a drawing area inserted between the
/// two children draws the gap. It relies on that private child order.
@MainActor
final class PinnedColumnHeader {
    private let columnView: UnsafeMutablePointer<GtkWidget>
    private let header: UnsafeMutablePointer<GtkWidget>
    private let rows: UnsafeMutablePointer<GtkWidget>
    private let gap: UnsafeMutablePointer<GtkWidget>
    /// Px the rows are moved below the header row.
    private(set) var offset = 0.0
    /// The offset the last layout gave the rows.
    private var applied = 0.0
    private var clock: OpaquePointer?
    private var layoutHandler: gulong = 0
    private var isDetached = false

    /// Nil unless `scrolledWindow` shows a GtkColumnView laid out as 4.8 does (a header row and
    /// a list view). `draw` paints the gap: cr, width, height (origin at the gap's top).
    init?(scrolledWindow: UnsafeMutablePointer<GtkWidget>, draw: @escaping @MainActor (OpaquePointer, Double, Double) -> Void) {
        guard let child = gtk_scrolled_window_get_child(OpaquePointer(scrolledWindow)),
              Self.isA(child, gtk_column_view_get_type()),
              let header = gtk_widget_get_first_child(child), let rows = gtk_widget_get_last_child(child),
              header != rows, Self.isA(rows, gtk_list_view_get_type())
        else { return nil }
        columnView = child
        // Held until `detach`: the app may take the column view out of its scrolled window.
        g_object_ref(UnsafeMutableRawPointer(child))
        self.header = header
        self.rows = rows
        gap = gtk_drawing_area_new()
        gtk_widget_set_can_target(gap, 0)
        gtk_widget_set_child_visible(gap, 0)
        // Between the header and the rows: the rows stay the column view's last child.
        gtk_widget_insert_after(gap, columnView, header)
        let box = Unmanaged.passRetained(DrawBox(draw)).toOpaque()
        gtk_drawing_area_set_draw_func(gap.withMemoryRebound(to: GtkDrawingArea.self, capacity: 1) { $0 }, { _, cr, width, height, data in
            guard let cr else { return }
            let box = Unmanaged<DrawBox>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.draw(cr, Double(width), Double(height)) }
        }, box, { data in Unmanaged<DrawBox>.fromOpaque(data!).release() })
    }

    private final class DrawBox {
        let draw: @MainActor (OpaquePointer, Double, Double) -> Void
        init(_ draw: @escaping @MainActor (OpaquePointer, Double, Double) -> Void) { self.draw = draw }
    }

    /// The header row is shown: the pull moves the rows below it; otherwise the bin moves the
    /// whole scrolled window as for any list.
    var isActive: Bool {
        !isDetached && gtk_widget_get_visible(header) != 0 && gtk_widget_get_realized(columnView) != 0
    }

    /// Moves the rows `offset` px below the header row (0: back in place), in this frame's layout.
    func setOffset(_ newValue: Double) {
        guard !isDetached, newValue != offset else { return }
        offset = max(0, newValue)
        watchLayout()
        if let clock { gdk_frame_clock_request_phase(clock, GDK_FRAME_CLOCK_PHASE_LAYOUT) }
        gtk_widget_queue_draw(gap)
    }

    /// Redraws the gap (the header animates while the rows hold still).
    func queueDraw() {
        if offset > 0 { gtk_widget_queue_draw(gap) }
    }

    /// The bin is going away (with the column view): removes the gap's widget and the layout handler.
    func detach() {
        guard !isDetached else { return }
        isDetached = true
        disconnectClock()
        gtk_widget_unparent(gap)
        g_object_unref(UnsafeMutableRawPointer(columnView))
    }

    // MARK: - Plumbing

    static func isA(_ widget: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> Bool {
        g_type_check_instance_is_a(UnsafeMutablePointer<GTypeInstance>(OpaquePointer(widget)), type) != 0
    }

    /// Runs `layout` after every layout of the column view's frame clock (a realized widget's
    /// clock; a new one after the window is realized again).
    private func watchLayout() {
        let current = gtk_widget_get_frame_clock(columnView)
        guard current != clock else { return }
        disconnectClock()
        guard let current else { return }
        clock = current
        g_object_ref(UnsafeMutableRawPointer(current))
        let box = Unmanaged.passRetained(WeakPinned(self)).toOpaque()
        let handler: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
            let box = Unmanaged<WeakPinned>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { box.value?.layout() }
        }
        // After: the window's own handlers allocate the widgets first.
        layoutHandler = g_signal_connect_data(UnsafeMutableRawPointer(current), "layout",
                                              unsafeBitCast(handler, to: GCallback.self), box,
                                              { data, _ in Unmanaged<WeakPinned>.fromOpaque(data!).release() },
                                              G_CONNECT_AFTER)
    }

    private func disconnectClock() {
        guard let clock else { return }
        // A clock disposed with its surface (the window unrealized) has dropped its handlers already.
        if layoutHandler != 0, g_signal_handler_is_connected(UnsafeMutableRawPointer(clock), layoutHandler) != 0 {
            g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), layoutHandler)
        }
        layoutHandler = 0
        g_object_unref(UnsafeMutableRawPointer(clock))
        self.clock = nil
    }

    private final class WeakPinned {
        weak var value: PinnedColumnHeader?
        init(_ value: PinnedColumnHeader) { self.value = value }
    }

    /// Allocates the rows `offset` px below their place and the gap's widget over the space.
    private func layout() {
        guard !isDetached, offset != 0 || applied != 0, gtk_widget_get_width(rows) > 0 else { return }
        applied = offset
        var origin = graphene_point_t(), headerOrigin = graphene_point_t()
        _ = gtk_widget_compute_point(header, columnView, &origin, &headerOrigin)
        let homeY = gtk_widget_should_layout(header) != 0 ? Float(gtk_widget_get_height(header)) : 0
        var rowsAt = graphene_point_t(x: headerOrigin.x, y: homeY + Float(offset))
        gtk_widget_allocate(rows, gtk_widget_get_width(rows), gtk_widget_get_height(rows), -1,
                            gsk_transform_translate(nil, &rowsAt))
        gtk_widget_set_child_visible(gap, offset > 0 ? 1 : 0)
        guard offset > 0 else { return }
        var minimum: gint = 0, natural: gint = 0
        // GTK asks that a widget be measured before it is allocated.
        gtk_widget_measure(gap, GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, nil, nil)
        var gapAt = graphene_point_t(x: 0, y: homeY)
        gtk_widget_allocate(gap, gtk_widget_get_width(columnView), gint(offset.rounded(.up)), -1,
                            gsk_transform_translate(nil, &gapAt))
    }
}
