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
    /// The app's rows; replaced by an empty renderer at teardown, so that no cycle through the
    /// app outlives the widget.
    package private(set) var renderer: RowRenderer
    /// Row heights: measured rows and the estimate for the rest (docs/behaviour.md, "Variable
    /// row heights"). Rows are measured when they first come into view, in `measureVisibleRows`.
    package private(set) var heights: RowHeights
    /// The style rows draw with, and the layout cache (docs/behaviour.md, "Layout cache").
    /// `layoutCache.isEnabled = false` turns all frame-to-frame caching off, the row images too.
    package let layoutCache = RowLayoutCache()
    /// The visible rows' drawn images, kept from frame to frame (docs/behaviour.md, "Layout cache").
    package let rowImages = RowImageCache()
    private var rowContext: RowContext?
    /// The width rows were measured at: another width forgets every measurement.
    private var measuredWidth = -1.0
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
    package private(set) var hasDrawnFirstFrame = false

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
    private func forgetDrawnRows() {
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

    /// The context rows draw with, made on first use after a theme, font or scale change.
    private func context(width: Double, scale: Double) -> RowContext {
        let style = gtk_widget_get_style_context(area)!
        let now = Double(g_get_real_time()) / 1_000_000
        let context = rowContext ?? {
            let made = RowContext(pangoContext: gtk_widget_get_pango_context(area), palette: .light, foreground: .black,
                                  background: .white, selectionBackground: .black, selectionForeground: .white,
                                  scaleFactor: scale, width: width, styleContext: style, now: now, layouts: layoutCache)
            made.updateTheme(from: style, pangoContext: gtk_widget_get_pango_context(area))
            // Theme, font or scale changed: every layout, image and height is stale.
            forgetDrawnRows()
            measuredWidth = -1
            rowContext = made
            return made
        }()
        context.rowKey = { [heights] in heights.key(of: $0) }
        context.scaleFactor = scale
        context.width = width
        context.now = now
        return context
    }

    /// Measures the rows coming into view (only those never measured at this width) and keeps
    /// the row at the viewport's top where it is on screen (docs/behaviour.md, "Variable row
    /// heights"): the scroll position absorbs every correction above it.
    private func measureVisibleRows(_ context: RowContext, width: Double, height: Double) {
        if width != measuredWidth {
            // Heights depend on the width: forget them, keeping the top row in place.
            let anchor = heights.anchor(atOffset: offset)
            heights.reset(count: renderer.rowCount)
            forgetDrawnRows()
            measuredWidth = width
            if let anchor { setOffsetKeepingEngine(heights.offset(for: anchor), oldTotal: nil) }
        }
        guard let anchor = heights.anchor(atOffset: max(0, offset - max(displacement, 0))) else { return }
        let oldTotal = heights.totalHeight
        let oldTop = max(0, offset - max(displacement, 0))
        // At the end (End, or scrolled to the bottom): the true last row stays at the bottom.
        let pinnedToEnd = offset > 0 && offset >= maxOffset - 0.5
        let renderer = self.renderer
        let measure: (Int) -> Double = { max(0, renderer.heightOfRow(at: $0, width: width, context: context)) }
        var newTop = heights.measureVisible(anchor: anchor, viewportHeight: height + abs(displacement), measure: measure)
        if pinnedToEnd {
            _ = heights.measureTail(viewportHeight: height, measure: measure)
            newTop = oldTop + (max(0, heights.totalHeight + extraBottom - viewportHeight) - offset)
        }
        if heights.totalHeight != oldTotal {
            setOffsetKeepingEngine(offset + (newTop - oldTop), oldTotal: oldTotal)
        }
    }

    /// Measures the last rows before End scrolls there, so that it aims at the true last row
    /// (docs/behaviour.md, "Variable row heights"). Needs a drawn frame (width and style known).
    package func measureTail() {
        guard let measure = measurer, viewportHeight > 0 else { return }
        _ = heights.measureTail(viewportHeight: viewportHeight, measure: measure)
        configureAdjustments()
        onRowsMeasured?(0)
    }

    /// Measures row `index` if it was not yet (before scrolling to show it whole); a correction
    /// above the viewport shifts the scroll position as drawing does.
    package func measureRow(_ index: Int) {
        guard index >= 0, index < heights.count, heights.measuredHeight(of: index) == nil, let measure = measurer
        else { return }
        let oldTop = offset, oldTotal = heights.totalHeight
        let anchor = heights.anchor(atOffset: oldTop)
        heights.setMeasured(index, height: measure(index))
        setOffsetKeepingEngine(anchor.map { heights.offset(for: $0) } ?? oldTop, oldTotal: oldTotal)
    }

    /// Measures a row at the width and style of the last frame (nil before the first frame).
    private var measurer: ((Int) -> Double)? {
        guard let context = rowContext, measuredWidth > 0 else { return nil }
        let renderer = self.renderer, width = measuredWidth
        return { max(0, renderer.heightOfRow(at: $0, width: width, context: context)) }
    }

    /// Page Up or Down from content y `base` (the viewport's top, or where a key scroll under way
    /// ends): the rows of the page it lands on are measured first, then the exact paging of
    /// `RowHeights` picks the offset — no row is skipped, none wholly seen is shown again
    /// (docs/behaviour.md, "Variable row heights"). Corrections above the viewport shift it as
    /// drawing does.
    package func pageTarget(_ command: ScrollCommand, from base: Double) -> Double? {
        guard command == .pageUp || command == .pageDown, viewportHeight > 0, rowCount > 0,
              let baseAnchor = heights.anchor(atOffset: min(max(base, 0), max(rowsHeight - 0.001, 0)))
        else { return nil }
        let oldTotal = heights.totalHeight, oldTop = offset
        let topAnchor = heights.anchor(atOffset: oldTop)
        if let measure = measurer {
            // Measuring can move the page's rows; a few rounds settle it (each only measures).
            for _ in 0..<8 {
                let from = heights.offset(for: baseAnchor)
                // The page landed on lies within [top, bottom].
                let top = command == .pageDown ? from : heights.pageUp(from: from, viewportHeight: viewportHeight)
                let bottom = from + (command == .pageDown ? 2 : 1) * viewportHeight
                guard let rows = heights.visibleRows(top: top, height: bottom - top) else { break }
                var changed = false
                for index in rows where heights.measuredHeight(of: index) == nil {
                    heights.setMeasured(index, height: measure(index))
                    changed = true
                }
                if !changed { break }
            }
        }
        if heights.totalHeight != oldTotal {
            let shift = topAnchor.map { heights.offset(for: $0) - oldTop } ?? 0
            setOffsetKeepingEngine(oldTop + shift, oldTotal: oldTotal)
        }
        let from = heights.offset(for: baseAnchor)
        return command == .pageDown
            ? heights.pageDown(from: from, viewportHeight: viewportHeight, maxOffset: maxOffset)
            : heights.pageUp(from: from, viewportHeight: viewportHeight)
    }

    /// Moves the scroll position by the height corrected above the viewport, and tells the owner
    /// (whose engine holds the offset and the rows' height) before anything is drawn.
    private func setOffsetKeepingEngine(_ newOffset: Double, oldTotal: Double?) {
        let shift = newOffset - offset
        configureAdjustments()
        if let onRowsMeasured {
            onRowsMeasured(shift)
        } else {
            offset = newOffset
        }
    }

    private func drawRows(_ cr: OpaquePointer, style: UnsafeMutablePointer<GtkStyleContext>!, width: Double, height: Double) {
        // Device pixels per logical px (2 at GDK_SCALE=2): positions snap to whole device pixels.
        // The surface's device scale is not part of cairo_user_to_device_distance (Cairo 1.16).
        var unitX = 0.0, unitY = 1.0, deviceScaleX = 1.0, deviceScaleY = 1.0
        cairo_user_to_device_distance(cr, &unitX, &unitY)
        cairo_surface_get_device_scale(cairo_get_target(cr), &deviceScaleX, &deviceScaleY)
        let scale = max(1, abs(unitY * deviceScaleY))
        func snap(_ y: Double) -> Double { (y * scale).rounded() / scale }

        let context = context(width: width, scale: scale)
        layoutCache.beginFrame()
        measureVisibleRows(context, width: width, height: height)

        // Content y at the viewport's top edge; only this difference meets Cairo, never a huge y.
        let top = offset - displacement
        guard let rows = heights.visibleRows(top: max(0, top), height: height - max(0, -top)) else { return }
        layoutCache.fitViewport(layoutsPerViewport: 3 * rows.count)
        // Kept row images stand in for drawing only where the result is the same: the cache on,
        // one opaque background colour under the rows, user space a plain scale of whole device
        // pixels (docs/behaviour.md, "Layout cache").
        let background = layoutCache.isEnabled && rowImages.isEnabled ? ListView.plainBackground(of: style) : nil
        let images = background != nil && ListView.isPixelAligned(cr, scale: scale)
        if images {
            rowImages.fitViewport(deviceWidth: Int((width * scale).rounded(.up)),
                                  deviceHeight: Int((height * scale).rounded(.up)))
        } else if rowImages.count > 0 {
            rowImages.invalidate()
        }
        let hasFocus = gtk_widget_has_focus(area) != 0
        var y = heights.offset(of: rows.lowerBound) - top
        for index in rows {
            let h = heights.height(of: index)
            let rect = Rect(x: 0, y: snap(y), width: width, height: snap(y + h) - snap(y))
            y += h
            var state: RowState = []
            if index == selectedRow { state.insert(.selected) }
            if index == selectedRow, hasFocus, cursorFocused { state.insert(.focused) }
            if index == hoveredRow { state.insert(.hovered) }
            cairo_save(cr)
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            cairo_clip(cr)
            let deviceWidth = Int((rect.width * scale).rounded()), deviceHeight = Int((rect.height * scale).rounded())
            if images, let background, rowImages.fits(deviceWidth: deviceWidth, deviceHeight: deviceHeight),
               let version = renderer.drawingVersion(ofRow: index, context: context) {
                let look = RowImageCache.Look(state: state, deviceWidth: deviceWidth, deviceHeight: deviceHeight,
                                              scale: scale, version: version, background: background)
                let renderer = self.renderer
                rowImages.paint(key: heights.key(of: index), look: look, rect: rect, cr: cr) { imageCr, imageRect in
                    renderer.drawRow(at: index, in: imageRect, state: state, cr: imageCr, context: context)
                }
            } else {
                renderer.drawRow(at: index, in: rect, state: state, cr: cr, context: context)
            }
            cairo_restore(cr)
        }
    }

    /// The theme's background behind the rows when it is one opaque colour with square corners
    /// (what `gtk_render_background` then fills every row's place with), else nil.
    private static func plainBackground(of style: UnsafeMutablePointer<GtkStyleContext>) -> RGBA? {
        let state = gtk_style_context_get_state(style)
        var value = GValue()
        gtk_style_context_get_property(style, "background-image", state, &value)
        let hasImage = g_value_get_boxed(&value) != nil
        g_value_unset(&value)
        guard !hasImage else { return nil }
        value = GValue()
        gtk_style_context_get_property(style, "border-radius", state, &value)
        let radius = g_value_get_int(&value)
        g_value_unset(&value)
        guard radius == 0 else { return nil }
        value = GValue()
        gtk_style_context_get_property(style, "background-color", state, &value)
        defer { g_value_unset(&value) }
        guard let boxed = g_value_get_boxed(&value) else { return nil }
        let color = boxed.assumingMemoryBound(to: GdkRGBA.self).pointee
        guard color.alpha >= 1 else { return nil }
        return RGBA(r: color.red, g: color.green, b: color.blue, a: 1)
    }

    /// User space is an unrotated, uniform scale whose origin sits on a whole device pixel, so
    /// that a row's image lands pixel for pixel where the row would have been drawn.
    private static func isPixelAligned(_ cr: OpaquePointer, scale: Double) -> Bool {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        var sx = 1.0, sy = 1.0
        cairo_surface_get_device_scale(cairo_get_target(cr), &sx, &sy)
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.xx == matrix.yy, sx == sy,
              abs(matrix.xx * sx - scale) < 1e-9 else { return false }
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(cairo_get_target(cr), &offsetX, &offsetY)
        func whole(_ v: Double) -> Bool { abs(v - v.rounded()) < 1e-6 }
        return whole(matrix.x0 * sx) && whole(matrix.y0 * sy) && whole(offsetX) && whole(offsetY)
    }
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

    /// The engine scrolls (eased); End first measures the last rows, so that it aims at the
    /// true last row (docs/behaviour.md, "Variable row heights").
    package func scroll(_ command: ScrollCommand) -> Bool {
        if command == .end { measureTail() }
        return false
    }
    package func hostWillHandle(_ command: ScrollCommand) {}
    package func heightOfRowsInserted(atTop count: Int) -> Double? { Double(count) * rowHeight }
    package func heightOfRowsAppended(_ count: Int) -> Double? { Double(count) * rowHeight }
    /// Prepended rows count as the estimate until they show; measured rows keep their heights.
    package func expectRowsInserted(atTop count: Int, engineOffset: Double) { rowsInsertedAtTop(count) }
    package func headerDidSettle() -> Double? { nil }

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
