import CGtk
import CGtkShim
import RefreshCore
import RefreshWidgetCore

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
    /// The app's rows; replaced by an empty renderer at teardown, so that no cycle through the
    /// app outlives the widget.
    package private(set) var renderer: RowRenderer
    /// Row heights: measured rows and the estimate for the rest (docs/behaviour.md, "Variable
    /// row heights"). Rows are measured when they first come into view, in `measureVisibleRows`.
    package internal(set) var heights: RowHeights
    /// The style rows draw with, and the layout cache (docs/behaviour.md, "Layout cache").
    /// `layoutCache.isEnabled = false` turns all frame-to-frame caching off, the row images too.
    package let layoutCache = RowLayoutCache()
    /// The visible rows' drawn images, kept from frame to frame (docs/behaviour.md, "Layout cache").
    package let rowImages = RowImageCache()
    var rowContext: RowContext?
    /// The width rows were measured at: another width forgets every measurement.
    var measuredWidth = -1.0
    /// Row heights changed by measuring: the new total and how much of it lies above the
    /// viewport's top (the scroll position moved by that much, so nothing on screen jumps).
    package var onRowsMeasured: ((Double) -> Void)?
    /// Row under the pointer, and the single selection (`RowState`).
    package var hoveredRow: Int? { didSet { if hoveredRow != oldValue { queueDraw() } } }
    package var selectedRow: Int? { didSet { if selectedRow != oldValue { queueDraw() } } }
    package var cursorFocused = false { didSet { if cursorFocused != oldValue { queueDraw() } } }

    /// The estimate for rows not measured yet, in logical px (every row's height for fixed rows).
    package var rowHeight: Double { heights.estimate }

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
    package internal(set) var hasDrawnFirstFrame = false

    /// The vertical adjustment the scrolled window gave the area (nil only while unparented).
    package private(set) var vadjustment: UnsafeMutablePointer<GtkAdjustment>?
    private var hadjustment: UnsafeMutablePointer<GtkAdjustment>?
    private var valueChanged: SignalConnection?
    private var connections: [SignalConnection] = []
    /// Redraws once a minute while the list is mapped, so that times such as "3 min ago" in rows
    /// stay current (docs/behaviour.md, "Rows"); nil while unmapped and after teardown.
    private var minuteTimer: Timeout?
    package var hasMinuteTimer: Bool { minuteTimer?.isPending == true }
    /// The controller's theme-change handlers (`attach`), removed at `detach`.
    fileprivate var styleConnections: [SignalConnection] = []
    /// The offset while no adjustment is attached.
    private var detachedOffset = 0.0
    package private(set) var viewportWidth = 0.0
    package private(set) var viewportHeight = 0.0

    package convenience init(source: RowSource) {
        self.init(renderer: TextRowRenderer(source: source))
    }

    package init(renderer: RowRenderer) {
        self.renderer = renderer
        let estimate = renderer.estimatedRowHeight
        heights = RowHeights(count: renderer.rowCount, estimate: estimate > 0 && estimate.isFinite ? estimate : 56)
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

    /// The app's row count now (the trace's `rows`); `heights` follows it on `reloadData`.
    package var rowCount: Int { renderer.rowCount }
    package var rowsHeight: Double { heights.totalHeight }
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
        return heights.row(at: contentY)
    }

    /// Row `index` is wholly or partly on screen.
    package func rowIsOnScreen(_ index: Int) -> Bool {
        let rect = rowRect(index)
        return rect.y < viewportHeight && rect.y + rect.height > 0
    }

    /// The first row wholly on screen (the first partly shown one if none is whole).
    package var firstWholeRow: Int? {
        guard let first = rowIndex(atViewportY: max(0, displacement)) else { return nil }
        return rowRect(first).y >= -0.5 || first + 1 >= rowCount ? first : first + 1
    }

    /// Viewport y of row `index`'s top edge and its height (displacement included).
    package func rowRect(_ index: Int) -> (y: Double, height: Double) {
        (heights.offset(of: index) - offset + displacement, heights.height(of: index))
    }

    /// `n` rows were prepended (a refresh): they count as the estimate until they show, and every
    /// measured row keeps its height and cached layout. Call before `reloadData`.
    package func rowsInsertedAtTop(_ n: Int) {
        guard n > 0 else { return }
        heights.prepend(n)
        if let selected = selectedRow { selectedRow = selected + n }
        if let hovered = hoveredRow { hoveredRow = hovered + n }
    }

    /// The row count (or extra bottom) changed: updates the adjustment's upper, keeps the value
    /// (clamped to the new range) and redraws. Rows added at the end keep every measurement; any
    /// other change of count forgets them (the data changed in ways we cannot see).
    package func reloadData() {
        let count = renderer.rowCount
        if count > heights.count {
            heights.append(count - heights.count)
        } else if count < heights.count {
            heights.reset(count: count)
            forgetDrawnRows()
            if let selected = selectedRow, selected >= count { selectedRow = nil }
        }
        configureAdjustments()
        queueDraw()
    }

    /// The content of every row may have changed: forget heights and layouts.
    package func reloadRows() {
        heights.reset(count: renderer.rowCount)
        forgetDrawnRows()
        measuredWidth = -1
        configureAdjustments()
        queueDraw()
    }

    /// Forgets every kept layout and row image (width, font, scale, theme or data changed).
    func forgetDrawnRows() {
        layoutCache.invalidate()
        rowImages.invalidate()
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

    func configureAdjustments() {
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
            // Fonts, theme, screen or scale changed: cached layouts and measured heights are stale.
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
            GSignal.connect(area, "map") { [weak self] in self?.startMinuteTimer() },
            GSignal.connect(area, "unmap") { [weak self] in self?.stopMinuteTimer() },
        ]
        if gtk_widget_get_mapped(area) != 0 { startMinuteTimer() }
    }

    private func startMinuteTimer() {
        guard !isDestroyed, minuteTimer?.isPending != true else { return }
        minuteTimer = Timeout(every: 60_000) { [weak self] in
            self?.queueDraw()
            return self != nil
        }
    }

    private func stopMinuteTimer() {
        minuteTimer?.cancel()
        minuteTimer = nil
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
        stopMinuteTimer()
        valueChanged?.disconnect()
        valueChanged = nil
        isDestroyed = true
        onOffsetChanged = nil
        onViewportChanged = nil
        drawOverlay = nil
        onFirstFrame = nil
        onRowsMeasured = nil
        rowContext = nil
        forgetDrawnRows()
        renderer = NoRows()
    }

    private func invalidateText() {
        rowContext = nil
        measuredWidth = -1
        queueDraw()
    }
}

/// Our list is one host among others (docs/architecture.md, "Hosts"): it draws its own rows
/// shifted by the displacement (cheaper than moving or re-allocating a widget) and knows every
/// row's height, so nothing waits for a layout.
extension ListView: ScrollHost {
    package var widgets: HostWidgets {
        HostWidgets(root: scrolledWindow, style: area, scrollWidgets: [area], keyWidgets: [(area, true)],
                    gestureWidget: area, gesturePhase: GTK_PHASE_BUBBLE, mouseSelects: false,
                    footerRoomOutsideRange: false, scrolledWindow: scrolledWindow)
    }
    package var lineHeight: Double { rowHeight }
    /// The footer's room is in our adjustment.
    package var footerRoom: Double {
        get { extraBottom }
        set { extraBottom = newValue }
    }

    /// End first measures the last rows, so that it aims at the true last row, and Page Up/Down
    /// land on exact pages (docs/behaviour.md, "Variable row heights").
    package func easedScrollTarget(_ command: ScrollCommand, from base: Double) -> Double? {
        if command == .end { measureTail() }
        return pageTarget(command, from: base)
    }

    package func hostHandlesKey(_ command: ScrollCommand) {}
    package var keyHost: KeyHost { .ourList }

    /// Rows count as the estimate until they show; measured rows keep their heights (prepended
    /// ones by the refresh that ends move them down).
    package func rowsChanged(_ change: RowsChange) -> Double? {
        switch change {
        case let .insertedAtTop(count, refreshing, _):
            if refreshing { rowsInsertedAtTop(count) }
            return Double(count) * rowHeight
        case let .appended(count):
            return Double(count) * rowHeight
        case .reloaded:
            reloadData()
            return nil
        }
    }
    package func headerDidSettle() {}
    package func pressChanged(_ phase: PressGesture.Phase) {}

    package func attach(_ hooks: HostHooks) {
        onOffsetChanged = hooks.offsetChanged
        onViewportChanged = { _, height in hooks.viewportChanged(height) }
        drawOverlay = { cr, width, height in hooks.draw(cr, width, height, 0, .all) }
        onFirstFrame = hooks.firstFrame
        // Rows measured as they came into view: the new height, and the part corrected above the
        // viewport as a shift of the scroll position (no visible jump).
        onRowsMeasured = { [weak self] shiftAbove in
            guard let self else { return }
            hooks.rowsHeightChanged(self.rowsHeight, shiftAbove)
        }
        styleConnections = [
            GSignal.connect(area, "style-updated", after: true) { hooks.styleChanged() },
            GSignal.connectPointer(area, "screen-changed", after: true) { _ in hooks.styleChanged() },
            GSignal.connectNotify(area, property: "scale-factor") { hooks.styleChanged() },
        ]
    }

    package func detach() {
        onRowsMeasured = nil
        for connection in styleConnections { connection.disconnect() }
        styleConnections = []
    }
}

/// What a destroyed list shows: nothing (the app's source is released at teardown).
@MainActor
private final class NoRows: RowRenderer {
    var rowCount: Int { 0 }
    func heightOfRow(at index: Int, width: Double, context: RowContext) -> Double { 0 }
    func drawRow(at index: Int, in rect: Rect, state: RowState, cr: OpaquePointer, context: RowContext) {}
}
