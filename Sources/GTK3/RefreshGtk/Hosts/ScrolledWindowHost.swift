import CGtk
import CGtkShim
import RefreshCore
import RefreshWidgetCore

/// An app's own GtkScrolledWindow — over a GtkTreeView, a GtkListBox (in a GtkViewport or not),
/// a GtkTextView, a GtkIconView or GtkFlowBox, anything in a GtkViewport — as a host, wrapped in
/// a `PtrRefreshBin` (docs/architecture.md, "Hosts").
///
/// - Scroll position: the scrolled window's vertical adjustment, plus, in auto footer mode, the
///   footer's room after its end, which is ours (`footerShift`): the adjustment cannot scroll
///   into it, so the bin moves the child up instead.
/// - Displacement: the bin moves its child window (`ptr_refresh_bin_set_child_offset`); the
///   app's widgets are never re-allocated while the content follows the pull. A GtkTreeView with
///   visible column headers keeps them pinned: the pull moves its rows' window instead
///   (`PinnedColumnHeaders`), and the header is drawn between the column headers and the rows.
/// - Rows prepended during a refresh: the host lays them out later, on its own schedule; when
///   the adjustment grows, the scroll position moves by what grew so that the rows on screen
///   stay put (an anchoring bias, folded into the engine's offset once the header rests).
@MainActor
package final class ScrolledWindowHost: ScrollHost {
    /// What the scrolled window shows, for the row count and the key policy.
    package enum Kind: String, Sendable {
        case treeView, listBox, textView, iconView, flowBox, other
    }

    /// The PtrRefreshBin; it owns the controller.
    package let bin: UnsafeMutablePointer<GtkWidget>
    package let scrolledWindow: UnsafeMutablePointer<GtkWidget>
    package let kind: Kind
    /// The widget that shows the rows (the tree view, the list box, the text view, …).
    package let content: UnsafeMutablePointer<GtkWidget>?
    /// The scrolled window's direct child (`content`, or the GtkViewport around it).
    private let child: UnsafeMutablePointer<GtkWidget>?

    private var vadjustment: UnsafeMutablePointer<GtkAdjustment>?
    private var hooks: HostHooks?
    private var connections: [SignalConnection] = []
    private var adjustmentConnections: [SignalConnection] = []
    private var isDetached = false
    /// The engine's offset in terms of the adjustment and every value set for its own reasons
    /// (RefreshWidgetCore, shared with the GTK 4 bin); this class is its port.
    private lazy var wrapped = WrappedListHost(port: self, quirks: .gtk3)
    private var keyFollowUp: Timeout?
    /// Runs the wrapped host's `afterLayout` in the idle after this turn's layout.
    private var afterLayout: Timeout?
    package private(set) var hasDrawnFirstFrame = false
    /// A tree view's column headers, pinned during a pull (nil for other lists).
    private var pinnedHeaders: PinnedColumnHeaders?
    /// The selection and cursor at the last press, put back if the press becomes a pull.
    private var pressSelection: HostSelection?

    package var displacement: Double {
        get { wrapped.displacement }
        set { if newValue != wrapped.displacement { wrapped.displacement = newValue } }
    }
    /// The auto-mode footer's room: not in the app's adjustment (left as the app configured
    /// it) but past its end, where the bin moves the child up to show the footer.
    package var footerRoom: Double {
        get { wrapped.footerRoom }
        set { wrapped.footerRoom = newValue }
    }

    /// `scrolledWindow` is already `bin`'s child (added from C, GtkBuilder or `RefreshBin`).
    package init(bin: UnsafeMutablePointer<GtkWidget>, scrolledWindow: UnsafeMutablePointer<GtkWidget>) {
        self.scrolledWindow = scrolledWindow
        g_object_ref(scrolledWindow)
        self.bin = bin
        let child = gtk_bin_get_child(gcast(scrolledWindow))
        self.child = child
        var content = child
        if let viewport = child, ptr_is_a(viewport, ptr_type_viewport()) != 0 {
            content = gtk_bin_get_child(gcast(viewport))
        }
        self.content = content
        kind = ScrolledWindowHost.kind(of: content)
        // Touch events reach the widgets under the finger only if their windows ask for them.
        for widget in [child, content].compactMap({ $0 }) {
            gtk_widget_add_events(widget, gint(bitPattern: GDK_TOUCH_MASK.rawValue | GDK_SMOOTH_SCROLL_MASK.rawValue))
        }
    }

    isolated deinit {
        detach()
        g_object_unref(scrolledWindow)
    }

    private static func kind(of content: UnsafeMutablePointer<GtkWidget>?) -> Kind {
        guard let content else { return .other }
        if ptr_is_a(content, ptr_type_tree_view()) != 0 { return .treeView }
        if ptr_is_a(content, ptr_type_list_box()) != 0 { return .listBox }
        if ptr_is_a(content, ptr_type_text_view()) != 0 { return .textView }
        if ptr_is_a(content, gtk_icon_view_get_type()) != 0 { return .iconView }
        if ptr_is_a(content, gtk_flow_box_get_type()) != 0 { return .flowBox }
        return .other
    }

    // MARK: - ScrollHost

    /// The y in the bin the refresh header hangs from: 0, or below a tree view's pinned column
    /// headers (the QA tools draw their reference outline there).
    package var headerTop: Double {
        guard let pinnedHeaders, pinnedHeaders.isActive else { return 0 }
        return pinnedHeaders.gapTop(in: bin)
    }

    package var widgets: HostWidgets {
        // Scroll events: the scrolled window's child sees them before the scrolled window (which
        // swallows them, even at an edge); the bin sees those over the gaps it uncovers.
        let scrollWidgets = [child, bin].compactMap { $0 }
        // Keys: the focus widget inside the scrolled window sees them first, as the list they
        // reach (`keyHost`); F5 and Ctrl+R are taken before the host (no host binds them). A key
        // the list leaves unhandled reaches the bin as on a view without a cursor.
        var keyWidgets: [(UnsafeMutablePointer<GtkWidget>, Bool)] = []
        if let content { keyWidgets.append((content, true)) }
        keyWidgets.append((bin, false))
        // HACK (docs/gtk3-notes.md, "Capture-phase gestures on the bin"): the gestures go on the
        // bin in the capture phase: they see every press and touch before the app's widgets (whose
        // own gestures would start a selection or a drag and drop), and claim the sequence only
        // once the engine says it is a pull (`PressGesture`).
        return HostWidgets(root: bin, style: bin, scrollWidgets: scrollWidgets, keyWidgets: keyWidgets,
                           gestureWidget: bin, gesturePhase: GTK_PHASE_CAPTURE, mouseSelects: true,
                           footerRoomOutsideRange: true, scrolledWindow: scrolledWindow)
    }

    /// The list the keys reach (`KeyTable.action(for:on:)`): one with a cursor of its own, or a
    /// view without one (a read-only GtkTextView without a cursor, which would scroll sideways on
    /// Home/End; a viewport of widgets).
    package var keyHost: KeyHost {
        switch kind {
        case .treeView, .listBox, .iconView, .flowBox: return .gtk3CursorList
        case .textView:
            guard let content, gtk_text_view_get_cursor_visible(gcast(content)) != 0 else { return .plainView }
            return .gtk3CursorList
        case .other: return .plainView
        }
    }

    /// GTK 3 sets values at once: the wrapped host always knows its offset.
    package var offset: Double {
        get { wrapped.offset ?? 0 }
        set {
            guard vadjustment != nil else { return }
            wrapped.setOffset(newValue)
        }
    }

    package var rowsHeight: Double { wrapped.rowsHeight }

    package var viewportHeight: Double { wrapped.viewportHeight }

    package var rowCount: Int {
        guard !isDetached, let content else { return 0 }
        switch kind {
        case .treeView:
            guard let model = gtk_tree_view_get_model(gcast(content)) else { return 0 }
            return Int(gtk_tree_model_iter_n_children(model, nil))
        case .iconView:
            guard let model = gtk_icon_view_get_model(gcast(content)) else { return 0 }
            return Int(gtk_tree_model_iter_n_children(model, nil))
        case .textView:
            // One paragraph per row; a buffer ends with an empty line after its last newline.
            guard let buffer = gtk_text_view_get_buffer(gcast(content)) else { return 0 }
            var end = GtkTextIter()
            gtk_text_buffer_get_end_iter(buffer, &end)
            let lines = Int(gtk_text_buffer_get_line_count(buffer))
            return gtk_text_iter_starts_line(&end) != 0 ? max(0, lines - 1) : lines
        case .listBox, .flowBox, .other:
            let children = gtk_container_get_children(gcast(content))
            defer { g_list_free(children) }
            return Int(g_list_length(children))
        }
    }

    /// The engine's own target: a wrapped list's rows are its own, so a page is the engine's.
    package func easedScrollTarget(_ command: ScrollCommand, from base: Double) -> Double? { nil }

    /// HACK (docs/gtk3-notes.md, "End on a wrapped tree view"): measured under Xvfb, a wrapped
    /// GtkTreeView's End moves its cursor to the last row but leaves the adjustment a few px from
    /// the top (why is not established). End and Home mean the very end and start on every list:
    /// once the host has handled the key (from an idle), the adjustment goes there.
    package func hostHandlesKey(_ command: ScrollCommand) {
        guard command == .end || command == .home else { return }
        keyFollowUp?.cancel()
        keyFollowUp = Timeout(after: 0) { [weak self] in
            guard let self, !self.isDetached, self.vadjustment != nil else { return }
            self.wrapped.keyScroll(command)
        }
    }

    package var lineHeight: Double {
        guard let vadjustment else { return 20 }
        return max(1, gtk_adjustment_get_step_increment(vadjustment))
    }

    /// The host lays rows out on its own schedule (a tree view validates rows in an idle, a
    /// viewport on the next size allocation): their height is known when the adjustment grows.
    /// Rows the ending refresh prepended: the next growth is theirs.
    package func rowsChanged(_ change: RowsChange) -> Double? {
        wrapped.rowsChanged(change)
        if change == .reloaded { queueDraw() }
        return nil
    }

    package func headerDidSettle() {
        wrapped.headerDidSettle()
    }

    package func queueDraw() {
        guard !isDetached else { return }
        let offset = gint(ptr_refresh_bin_get_child_offset(binPointer))
        ptr_refresh_bin_queue_draw_decorations(binPointer, max(offset, 0), max(-offset, 0))
        pinnedHeaders?.queueDraw()
    }

    /// HACK (docs/gtk3-notes.md, "A pull selects nothing"): the press reached the tree view or
    /// list box before the engine decided it is a pull or a scroll, and it selected the row under
    /// it: a press keeps the selection and cursor as they were, and they go back when it becomes
    /// the engine's.
    package func pressChanged(_ phase: PressGesture.Phase) {
        guard !isDetached, let content else { return }
        switch phase {
        case .pending:
            pressSelection = HostSelection(kind: kind, content: content)
        case .scrolling:
            if kind == .listBox { releaseListBoxRow(content) }
            guard let saved = pressSelection else { return }
            pressSelection = nil
            saved.restore(content)
        case .none, .rejected, .finished:
            break
        }
    }

    /// HACK (docs/gtk3-notes.md, "Touch sequences"): a GtkListBox (GTK 3.24) activates the row a
    /// press began on when the press ends over it, and claiming the sequence from the bin does not
    /// stop it seeing a touch's end: measured under Wayland, every touch pull or scroll activated a
    /// row. A leave-notify tells it the press left the row (its own rule when a mouse drags off a
    /// row), so the end activates nothing.
    /// The crossing carries the device of the event that made the press a scroll (the motion
    /// under way): a gesture of the app's on the list box reads it, and GDK warns for a crossing
    /// without one ("Event with type 11 not holding a GdkDevice").
    private func releaseListBoxRow(_ box: UnsafeMutablePointer<GtkWidget>) {
        guard let window = gtk_widget_get_window(box),
              let device = gtk_get_current_event_device()
                ?? gdk_seat_get_pointer(gdk_display_get_default_seat(gdk_window_get_display(window))),
              let leave = gdk_event_new(GDK_LEAVE_NOTIFY) else { return }
        leave.pointee.crossing.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(window)))
        leave.pointee.crossing.time = gtk_get_current_event_time()
        gdk_event_set_device(leave, device)
        if let current = gtk_get_current_event() {
            if let source = gdk_event_get_source_device(current) { gdk_event_set_source_device(leave, source) }
            gdk_event_free(current)
        }
        leave.pointee.crossing.detail = GDK_NOTIFY_NONLINEAR
        leave.pointee.crossing.mode = GDK_CROSSING_NORMAL
        leave.pointee.crossing.x = -1
        leave.pointee.crossing.y = -1
        _ = gtk_widget_event(box, leave)
        gdk_event_free(leave)
    }

    package func attach(_ hooks: HostHooks) {
        self.hooks = hooks
        adoptAdjustment()
        let bin = self.bin
        connections = [
            GSignal.connectNotify(scrolledWindow, property: "vadjustment") { [weak self] in self?.adoptAdjustment() },
            GSignal.connectSizeAllocate(bin) { [weak self] _ in self?.geometryChanged() },
            GSignal.connect(bin, "style-updated", after: true) { hooks.styleChanged() },
            GSignal.connectPointer(bin, "screen-changed", after: true) { _ in hooks.styleChanged() },
            GSignal.connectNotify(bin, property: "scale-factor") { hooks.styleChanged() },
        ]
        let draw: PtrRefreshBinDraw = { _, cr, width, height, data in
            let bits = Int(bitPattern: data)
            MainActor.assumeIsolated {
                guard let host = WeakBox.target(UnsafeMutableRawPointer(bitPattern: bits), as: ScrolledWindowHost.self),
                      let cr else { return }
                host.draw(cr, width: Double(width), height: Double(height))
            }
        }
        ptr_refresh_bin_set_draw_callback(binPointer, draw, WeakBox(self).retainedPointer(), WeakBox.destroyNotify)
        if kind == .treeView, let content {
            pinnedHeaders = PinnedColumnHeaders(
                treeView: content,
                drawHeader: { [weak self] cr, width, height in self?.hooks?.draw(cr, width, height, 0, .header) },
                modeChanged: { [weak self] in
                    self?.applyChildOffset()
                    self?.queueDraw()
                })
        }
        applyChildOffset()
    }

    package func detach() {
        guard !isDetached else { return }
        isDetached = true
        ptr_refresh_bin_set_draw_callback(binPointer, nil, nil, nil)
        pinnedHeaders?.detach()
        pinnedHeaders = nil
        pressSelection = nil
        keyFollowUp?.cancel()
        keyFollowUp = nil
        afterLayout?.cancel()
        afterLayout = nil
        for connection in connections + adjustmentConnections { connection.disconnect() }
        connections = []
        adjustmentConnections = []
        vadjustment = nil
        hooks = nil
    }

    // MARK: - Plumbing

    private var binPointer: OpaquePointer { OpaquePointer(bin) }

    private func adoptAdjustment() {
        guard !isDetached else { return }
        for connection in adjustmentConnections { connection.disconnect() }
        vadjustment = gtk_scrolled_window_get_vadjustment(gcast(scrolledWindow))
        guard let vadjustment else { return }
        wrapped.onScroll = { [weak self] offset in self?.hooks?.offsetChanged(offset) }
        wrapped.onGeometry = { [weak self] viewport, rows in
            if let viewport { self?.hooks?.viewportChanged(viewport) }
            if let rows { self?.hooks?.rowsHeightChanged(rows.height, rows.insertedAbove) }
        }
        adjustmentConnections = [
            GSignal.connect(vadjustment, "value-changed") { [weak self] in self?.valueChanged() },
            GSignal.connect(vadjustment, "changed") { [weak self] in self?.geometryChanged() },
        ]
        geometryChanged()
    }

    private func valueChanged() {
        guard !isDetached else { return }
        wrapped.valueChanged()
    }

    /// The adjustment's upper or page size changed (rows laid out, a resize).
    private func geometryChanged() {
        guard !isDetached, vadjustment != nil else { return }
        wrapped.geometryChanged()
    }

    /// The pull moves the tree view's rows below pinned column headers, or else the whole
    /// scrolled window; the push and the footer's room always move the scrolled window up.
    private func applyChildOffset() {
        moveContent(displacement: displacement, footerShift: wrapped.footerShift)
    }


    private func draw(_ cr: OpaquePointer, width: Double, height: Double) {
        // The viewport's top in the bin: below the scrolled window's chrome (column headers).
        // With pinned column headers the refresh header is drawn in the tree view's gap instead.
        let parts: DecorationParts = pinnedHeaders?.isActive == true ? .footer : .all
        hooks?.draw(cr, width, height, height - viewportHeight, parts)
        if !hasDrawnFirstFrame {
            hasDrawnFirstFrame = true
            hooks?.firstFrame()
        }
    }
}

// MARK: - The wrapped host's port

extension ScrolledWindowHost: WrappedListPort {
    /// The adjustment now (all 0 when there is none).
    package var reading: AdjustmentReading {
        guard let a = vadjustment else { return AdjustmentReading(value: 0, lower: 0, upper: 0, pageSize: 0, pageIncrement: 0) }
        return AdjustmentReading(value: gtk_adjustment_get_value(a), lower: gtk_adjustment_get_lower(a),
                                 upper: gtk_adjustment_get_upper(a), pageSize: gtk_adjustment_get_page_size(a),
                                 pageIncrement: gtk_adjustment_get_page_increment(a))
    }

    package func setValue(_ value: Double) {
        guard let vadjustment else { return }
        gtk_adjustment_set_value(vadjustment, value)
    }

    /// The pull moves the tree view's rows below pinned column headers, or else the whole
    /// scrolled window; the push and the footer's room always move the scrolled window up.
    package func moveContent(displacement: Double, footerShift: Double) {
        guard !isDetached else { return }
        let total = gint((displacement - footerShift).rounded())
        let pinned = pinnedHeaders?.isActive == true ? max(0, gint(displacement.rounded())) : 0
        pinnedHeaders?.setOffset(Int(pinned))
        ptr_refresh_bin_set_child_offset(binPointer, total - pinned)
    }

    /// Pulled: a tree view keeping its old first row in view moves its value in the same turn as
    /// its rows grow, in either order; the idle after the frame's layout tells that from a
    /// scrollbar's move.
    package func scheduleAfterLayout() {
        guard !isDetached, afterLayout?.isPending != true else { return }
        afterLayout = Timeout(idle: { [weak self] in
            guard let self, !self.isDetached else { return }
            self.wrapped.afterLayout()
        })
    }

    /// A GTK 3 list shows what its value says.
    package func showFirstRow() {}
}
