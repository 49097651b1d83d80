import CGtk
import CGtkShim
import RefreshCore

/// The virtual list under the refresh header and footer: a GtkScrolledWindow hosting a
/// `PtrScrollableArea` (a GtkDrawingArea that implements GtkScrollable).
///
/// Nothing is ever sized to the content. The list configures the vertical adjustment the scrolled
/// window hands it (upper = content height, page size = viewport height) and draws only the
/// visible rows, in viewport-relative coordinates: Cairo loses precision past ~2^23, and ten
/// million 56 px rows are 5.6·10^8 px tall. Opening and scrolling cost the same for 100 rows as
/// for 100 million.
///
/// Input is not handled here (apart from taking focus on click): the owner connects its own
/// handlers to `area`, which receives scroll (incl. smooth), button, motion, key and touch events.
@MainActor
package final class ListView {
    /// The widget to pack (floating until packed). Valid until it is destroyed.
    package let scrolledWindow: UnsafeMutablePointer<GtkWidget>
    /// The drawing and event widget inside the scrolled window (focusable).
    package let area: UnsafeMutablePointer<GtkWidget>
    /// The app's rows; replaced by an empty source at teardown, so that no cycle through the
    /// app outlives the widget.
    package private(set) var source: RowSource

    /// Height of every row, in logical px.
    package var rowHeight: Double = 56 {
        didSet {
            precondition(rowHeight > 0 && rowHeight.isFinite, "rowHeight must be positive")
            if rowHeight != oldValue { reloadData() }
        }
    }

    /// Scrollable space after the last row (the footer's room); part of the adjustment's upper.
    package var extraBottom: Double = 0 {
        didSet {
            precondition(extraBottom >= 0 && extraBottom.isFinite, "extraBottom must be ≥ 0")
            if extraBottom != oldValue { reloadData() }
        }
    }

    /// Logical px the content is drawn shifted down from its scroll position (negative: up), for
    /// pull and push overscroll. Row `i` is drawn at `i * rowHeight - offset + displacement`.
    package var displacement: Double = 0 {
        didSet { if displacement != oldValue { queueDraw() } }
    }

    /// The vertical adjustment's value changed, from any source: the scrollbar, the scrolled
    /// window's wheel handling, `offset`'s setter, `reloadData` clamping.
    package var onOffsetChanged: ((Double) -> Void)?
    /// The viewport was allocated a new size (width, height), in logical px.
    package var onViewportChanged: ((Double, Double) -> Void)?
    /// Called at the end of every draw, over the rows, with the viewport's cairo_t (origin at the
    /// viewport's top left), width and height. The header and footer are drawn here.
    package var drawOverlay: ((OpaquePointer, Double, Double) -> Void)?
    /// Called once, after the first frame was drawn.
    package var onFirstFrame: (() -> Void)?

    /// The scrolled window was destroyed: handlers are disconnected and nothing fires any more.
    package private(set) var isDestroyed = false
    package private(set) var hasDrawnFirstFrame = false

    /// The vertical adjustment the scrolled window gave the area (nil only while unparented).
    package private(set) var vadjustment: UnsafeMutablePointer<GtkAdjustment>?
    private var hadjustment: UnsafeMutablePointer<GtkAdjustment>?
    private var valueChanged: SignalConnection?
    private var connections: [SignalConnection] = []
    /// The controller's theme-change handlers (`attach`), removed at `detach`.
    fileprivate var styleConnections: [SignalConnection] = []
    /// The offset while no adjustment is attached.
    private var detachedOffset = 0.0
    package private(set) var viewportWidth = 0.0
    package private(set) var viewportHeight = 0.0

    private var text: RowText?

    package init(source: RowSource) {
        self.source = source
        // The scrolled window stays floating: the container the app packs it into owns it, and
        // it owns our controller (docs/architecture.md, "Lifetime"). The area is held so that
        // its pointer stays valid for as long as this object lives.
        scrolledWindow = gtk_scrolled_window_new(nil, nil)
        area = g_object_ref_sink(ptr_scrollable_area_new()).assumingMemoryBound(to: GtkWidget.self)

        gtk_scrolled_window_set_policy(gcast(scrolledWindow), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_can_focus(area, 1)
        gtk_widget_add_events(area, ListView.eventMask)
        // "view" gives the area the theme's content background and text colour (white/black in
        // Adwaita, dark grey/white in Adwaita:dark), as GtkTreeView and GtkTextView have.
        gtk_style_context_add_class(gtk_widget_get_style_context(area), "view")

        let adjustmentsChanged: PtrAdjustmentsChanged = { _, data in
            let bits = Int(bitPattern: data)
            MainActor.assumeIsolated {
                WeakBox.target(UnsafeMutableRawPointer(bitPattern: bits), as: ListView.self)?.adoptAdjustments()
            }
        }
        ptr_scrollable_area_set_adjustments_callback(area, adjustmentsChanged, WeakBox(self).retainedPointer(),
                                                     WeakBox.destroyNotify)
        gtk_container_add(gcast(scrolledWindow), area)  // hands the area its adjustments
        connectSignals()
        gtk_widget_show(area)
        gtk_widget_show(scrolledWindow)
    }

    isolated deinit {
        tearDown()
        g_object_unref(area)
    }

    // MARK: - Geometry

    package var rowCount: Int { source.rowCount }
    package var rowsHeight: Double { Double(source.rowCount) * rowHeight }
    /// Everything that scrolls: the rows and `extraBottom`.
    package var contentHeight: Double { rowsHeight + extraBottom }
    /// The largest offset: the content's bottom at the viewport's bottom (0 if it fits).
    package var maxOffset: Double { max(0, contentHeight - viewportHeight) }

    /// The scroll position (the vertical adjustment's value), in logical px from the content
    /// top. Setting clamps to [0, maxOffset], redraws and reports through `onOffsetChanged`.
    package var offset: Double {
        get { vadjustment.map { gtk_adjustment_get_value($0) } ?? detachedOffset }
        set {
            let clamped = min(max(newValue.isFinite ? newValue : 0, 0), maxOffset)
            if let vadjustment {
                gtk_adjustment_set_value(vadjustment, clamped)
            } else {
                detachedOffset = clamped
                queueDraw()
            }
        }
    }

    /// The row under viewport y (what is drawn there, displacement included), if any.
    package func rowIndex(atViewportY y: Double) -> Int? {
        let contentY = y + offset - displacement
        guard contentY >= 0, contentY < rowsHeight else { return nil }
        return min(Int(contentY / rowHeight), rowCount - 1)
    }

    /// The row count (or row height, or extra bottom) changed: updates the adjustment's upper,
    /// keeps the value (clamped to the new range) and redraws.
    package func reloadData() {
        configureAdjustments()
        queueDraw()
    }

    package func queueDraw() {
        guard !isDestroyed else { return }
        gtk_widget_queue_draw(area)
    }

    // MARK: - Adjustments

    private func adoptAdjustments() {
        let newV = ptr_scrollable_area_get_vadjustment(area)
        if newV != vadjustment {
            let keep = offset
            valueChanged?.disconnect()
            valueChanged = nil
            vadjustment = newV
            if let newV {
                valueChanged = GSignal.connect(newV, "value-changed") { [weak self] in self?.valueDidChange() }
                gtk_adjustment_set_value(newV, keep)
            } else {
                detachedOffset = keep
            }
        }
        hadjustment = ptr_scrollable_area_get_hadjustment(area)
        configureAdjustments()
    }

    private func configureAdjustments() {
        guard !isDestroyed else { return }
        if let vadjustment {
            let page = viewportHeight
            // Upper never below the page: the value then stays 0 and the scrollbar hides.
            let upper = max(contentHeight, page)
            let value = min(max(gtk_adjustment_get_value(vadjustment), 0), max(0, upper - page))
            // Page keys move by a page less one row, so the row at the edge stays in view.
            gtk_adjustment_configure(vadjustment, value, 0, upper, rowHeight, max(rowHeight, page - rowHeight), page)
        }
        if let hadjustment {
            // Rows are always as wide as the viewport: nothing to scroll sideways.
            gtk_adjustment_configure(hadjustment, 0, 0, viewportWidth, 1, viewportWidth, viewportWidth)
        }
    }

    private func valueDidChange() {
        queueDraw()
        onOffsetChanged?(offset)
    }

    // MARK: - Signals and teardown

    private static let eventMask: gint = {
        let masks = [
            GDK_SCROLL_MASK, GDK_SMOOTH_SCROLL_MASK, GDK_BUTTON_PRESS_MASK, GDK_BUTTON_RELEASE_MASK,
            GDK_POINTER_MOTION_MASK, GDK_KEY_PRESS_MASK, GDK_KEY_RELEASE_MASK, GDK_TOUCH_MASK,
            GDK_ENTER_NOTIFY_MASK, GDK_LEAVE_NOTIFY_MASK, GDK_FOCUS_CHANGE_MASK,
        ]
        return gint(bitPattern: masks.reduce(0) { $0 | $1.rawValue })
    }()

    private func connectSignals() {
        connections = [
            GSignal.connectDraw(area) { [weak self] cr in
                self?.draw(cr)
                return false
            },
            GSignal.connectSizeAllocate(area) { [weak self] allocation in
                self?.allocated(width: Double(allocation.width), height: Double(allocation.height))
            },
            // Fonts, theme, screen or scale changed: the cached layout and metrics are stale.
            GSignal.connect(area, "style-updated") { [weak self] in self?.invalidateText() },
            GSignal.connectPointer(area, "screen-changed") { [weak self] _ in self?.invalidateText() },
            GSignal.connectNotify(area, property: "scale-factor") { [weak self] in self?.invalidateText() },
            // A drawing area does not take focus on click by itself; keys need it. Returning
            // false leaves the press to every other handler.
            GSignal.connectEvent(area, "button-press-event") { [weak self] _ in
                if let self, gtk_widget_is_focus(self.area) == 0 { gtk_widget_grab_focus(self.area) }
                return false
            },
            GSignal.connect(scrolledWindow, "destroy") { [weak self] in self?.tearDown() },
        ]
    }

    private func allocated(width: Double, height: Double) {
        guard width != viewportWidth || height != viewportHeight else { return }
        viewportWidth = width
        viewportHeight = height
        configureAdjustments()
        onViewportChanged?(width, height)
    }

    /// Disconnects everything and drops the owner's callbacks (which may capture the owner).
    private func tearDown() {
        guard !isDestroyed else { return }
        ptr_scrollable_area_set_adjustments_callback(area, nil, nil, nil)
        // The adjustments die with the scrolled window: keep the value, forget the pointers.
        detachedOffset = offset
        vadjustment = nil
        hadjustment = nil
        for connection in connections { connection.disconnect() }
        connections = []
        valueChanged?.disconnect()
        valueChanged = nil
        isDestroyed = true
        onOffsetChanged = nil
        onViewportChanged = nil
        drawOverlay = nil
        onFirstFrame = nil
        text = nil
        source = NoRows()
    }

    private func invalidateText() {
        text = nil
        queueDraw()
    }

    // MARK: - Drawing

    private func draw(_ cr: OpaquePointer) {
        render(cr, width: Double(gtk_widget_get_allocated_width(area)),
               height: Double(gtk_widget_get_allocated_height(area)))
        if !hasDrawnFirstFrame {
            hasDrawnFirstFrame = true
            onFirstFrame?()
        }
    }

    /// Draws the viewport — background, visible rows, then `drawOverlay` — into `cr`, whose
    /// origin is the viewport's top left. The "draw" handler uses it; tests and snapshots can
    /// call it with any cairo context (an image surface's, say).
    package func render(_ cr: OpaquePointer, width: Double, height: Double) {
        let style = gtk_widget_get_style_context(area)
        gtk_render_background(style, cr, 0, 0, width, height)

        if rowCount > 0, width > 0, height > 0 {
            cairo_save(cr)
            cairo_rectangle(cr, 0, 0, width, height)
            cairo_clip(cr)
            drawRows(cr, style: style, width: width, height: height)
            cairo_restore(cr)
        }
        drawOverlay?(cr, width, height)
    }

    private func drawRows(_ cr: OpaquePointer, style: UnsafeMutablePointer<GtkStyleContext>!, width: Double, height: Double) {
        var color = GdkRGBA()
        gtk_style_context_get_color(style, gtk_style_context_get_state(style), &color)
        let text = self.text ?? RowText(widget: area)
        self.text = text
        text.setWidth(width - 2 * ListView.horizontalPadding)

        // Device pixels per logical px (2 at GDK_SCALE=2): positions snap to whole device pixels.
        // The surface's device scale is not part of cairo_user_to_device_distance (Cairo 1.16).
        var unitX = 0.0, unitY = 1.0, deviceScaleX = 1.0, deviceScaleY = 1.0
        cairo_user_to_device_distance(cr, &unitX, &unitY)
        cairo_surface_get_device_scale(cairo_get_target(cr), &deviceScaleX, &deviceScaleY)
        let scale = max(1, abs(unitY * deviceScaleY))
        func snap(_ y: Double) -> Double { (y * scale).rounded() / scale }

        // Content y at the viewport's top edge; only this difference meets Cairo, never a huge y.
        let top = offset - displacement
        let first = max(0, Int((top / rowHeight).rounded(.down)))
        let last = min(rowCount - 1, Int(((top + height) / rowHeight).rounded(.down)))
        guard first <= last else { return }

        let hairline = 1 / scale
        let titleTop = ((rowHeight - text.blockHeight) / 2).rounded()
        let subtitleTop = titleTop + text.titleHeight + RowText.lineGap
        for index in first...last {
            let y = snap(Double(index) * rowHeight - top)
            let bottom = snap(Double(index + 1) * rowHeight - top)
            let row = source.row(at: index)

            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            text.show(cr, row.title, subtitle: false, x: ListView.horizontalPadding, y: y + titleTop)
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * ListView.subtitleAlpha)
            text.show(cr, row.subtitle, subtitle: true, x: ListView.horizontalPadding, y: y + subtitleTop)

            // A one-device-pixel separator at the bottom of the row, inside it.
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * ListView.separatorAlpha)
            cairo_rectangle(cr, 0, bottom - hairline, width, hairline)
            cairo_fill(cr)
        }
    }

    static let horizontalPadding = 16.0
    /// GNOME's "dim-label" opacity.
    static let subtitleAlpha = 0.55
    static let separatorAlpha = 0.12
}

/// Our list is one host among others (docs/architecture.md, "Hosts"): it draws its own rows
/// shifted by the displacement (cheaper than moving or re-allocating a widget) and knows every
/// row's height, so nothing waits for a layout.
extension ListView: ScrollHost {
    package var rootWidget: UnsafeMutablePointer<GtkWidget> { scrolledWindow }
    package var styleWidget: UnsafeMutablePointer<GtkWidget> { area }
    package var input: HostInput {
        HostInput(scrollWidgets: [area], keyWidgets: [(area, true)], gestureWidget: area,
                  gesturePhase: GTK_PHASE_BUBBLE, mouseDragsScroll: true, scrolledWindow: scrolledWindow)
    }
    package var lineHeight: Double { rowHeight }
    package var footerRoomIsVirtual: Bool { false }

    package func scroll(_ command: ScrollCommand) -> Bool { false }
    package func hostWillHandle(_ command: ScrollCommand) {}
    package func heightOfRowsInserted(atTop count: Int) -> Double? { Double(count) * rowHeight }
    package func heightOfRowsAppended(_ count: Int) -> Double? { Double(count) * rowHeight }
    package func expectRowsInserted(atTop count: Int, engineOffset: Double) {}
    package func headerDidSettle() -> Double? { nil }

    package func attach(_ hooks: HostHooks) {
        onOffsetChanged = hooks.offsetChanged
        onViewportChanged = { _, height in hooks.viewportChanged(height) }
        drawOverlay = { cr, width, height in hooks.draw(cr, width, height, 0) }
        onFirstFrame = hooks.firstFrame
        styleConnections = [
            GSignal.connect(area, "style-updated", after: true) { hooks.styleChanged() },
            GSignal.connectPointer(area, "screen-changed", after: true) { _ in hooks.styleChanged() },
            GSignal.connectNotify(area, property: "scale-factor") { hooks.styleChanged() },
        ]
    }

    package func detach() {
        for connection in styleConnections { connection.disconnect() }
        styleConnections = []
    }
}

/// What a destroyed list shows: nothing (the app's source is released at teardown).
@MainActor
private final class NoRows: RowSource {
    var rowCount: Int { 0 }
    func row(at index: Int) -> (title: String, subtitle: String) { ("", "") }
}

/// The one PangoLayout every row's text goes through, with the two line styles' metrics.
/// Re-created (by dropping it) when fonts, theme, screen or scale change.
@MainActor
private final class RowText {
    static let lineGap = 2.0
    static let subtitleScale = 0.86

    private let layout: OpaquePointer
    private let titleAttributes: OpaquePointer
    private let subtitleAttributes: OpaquePointer
    private var width: gint = -1
    let titleHeight: Double
    let subtitleHeight: Double
    var blockHeight: Double { titleHeight + RowText.lineGap + subtitleHeight }

    init(widget: UnsafeMutablePointer<GtkWidget>) {
        layout = gtk_widget_create_pango_layout(widget, nil)
        pango_layout_set_single_paragraph_mode(layout, 1)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        titleAttributes = pango_attr_list_new()
        subtitleAttributes = pango_attr_list_new()
        pango_attr_list_insert(subtitleAttributes, pango_attr_scale_new(RowText.subtitleScale))

        titleHeight = RowText.lineHeight(layout, titleAttributes)
        subtitleHeight = RowText.lineHeight(layout, subtitleAttributes)
    }

    /// A line's height from the font's metrics ("Ag" covers ascent and descent), in whole px so
    /// that baselines land on pixel rows.
    private static func lineHeight(_ layout: OpaquePointer, _ attributes: OpaquePointer) -> Double {
        pango_layout_set_attributes(layout, attributes)
        pango_layout_set_text(layout, "Ag", -1)
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &logical)
        return Double(logical.height)
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
        pango_attr_list_unref(titleAttributes)
        pango_attr_list_unref(subtitleAttributes)
    }

    func setWidth(_ logicalWidth: Double) {
        let w = gint(max(0, logicalWidth) * Double(PANGO_SCALE))
        if w != width {
            width = w
            pango_layout_set_width(layout, w)
        }
    }

    func show(_ cr: OpaquePointer, _ string: String, subtitle: Bool, x: Double, y: Double) {
        pango_layout_set_attributes(layout, subtitle ? subtitleAttributes : titleAttributes)
        pango_layout_set_text(layout, string, -1)
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout(cr, layout)
    }
}
