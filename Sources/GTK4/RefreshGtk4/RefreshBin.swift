import CGtk4
import CGtk4Shim
import Glibc
import RefreshCore
import RefreshDrawing
import RefreshMainLoop
import RefreshWidgetCore

/// Pull-to-refresh for any GtkScrolledWindow in a GTK 4 app (docs/gtk4-notes.md): the app's
/// scrolled window goes into a `Ptr4RefreshBin`, which the app packs in its place. This is GTK 4's
/// front end of the widget core: the engine and every decision around it are the core's
/// `RefreshDriver`, as on GTK 3; this class only turns the bin's input into driver calls and the
/// driver's answers into the adjustment, the child's offset and the drawing
/// (docs/architecture.md, "The widget core").
///
/// Ownership: the bin owns this object (its qdata), as the GTK 3 bin owns its controller; an
/// app may keep only `widget`. After the bin is disposed every call is a no-op.
@MainActor
public final class RefreshBin {
    /// The widget the app packs: the `Ptr4RefreshBin` around its scrolled window.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// Runs when a refresh starts; answer with `endRefreshing(ok:)`.
    public var onRefresh: (() -> Void)? {
        get { driver.onRefresh }
        set { driver.onRefresh = newValue }
    }
    /// Runs when a load starts (the auto footer came into view); answer with `endLoading`.
    public var onLoadMore: (() -> Void)? {
        get { driver.onLoadMore }
        set { driver.onLoadMore = newValue }
    }
    /// A refresh was asked for (F5, `beginRefreshing`, an AT) while a load runs: it begins as soon
    /// as the load ends, as on GTK 3.
    public var onRefreshQueued: (() -> Void)? {
        get { driver.onRefreshQueued }
        set { driver.onRefreshQueued = newValue }
    }
    /// Every header state change, with the displayed pull then (the demo's trace).
    public var onHeaderPhase: ((HeaderPhase, Double) -> Void)? {
        get { driver.onHeaderPhase }
        set { driver.onHeaderPhase = newValue }
    }
    /// Every footer state change.
    public var onFooterPhase: ((FooterPhase) -> Void)? {
        get { driver.onFooterPhase }
        set { driver.onFooterPhase = newValue }
    }

    /// The header: a built-in look (`.jike`, the default, `.classic`, `.plain`) or one the app
    /// draws, held open at its `heldHeight` while refreshing, with the timings of its `timings`
    /// (as `RefreshView.header` on GTK 3). Settable at any time.
    public var header: any RefreshHeaderStyle = JikeHeader() {
        didSet {
            let appDrawn = header is any BuiltInHeaderStyle ? nil : header
            decorations.appDrawnHeader = appDrawn
            driver.update { $0.setHeldHeight(appDrawn?.heldHeight, at: $1) }
            // The GObject's header-style holds the timings (its setter applies them to the engine).
            ptr4_refresh_bin_set_header_style(bin, Ptr4HeaderStyle(header.timings))
            gtk_widget_queue_draw(widget)
        }
    }
    /// An app-drawn footer, drawn instead of the built-in bar (same place and height). Nil: built-in.
    public var appDrawnFooter: RefreshFooterStyle? {
        didSet {
            decorations.appDrawnFooter = appDrawnFooter
            gtk_widget_queue_draw(widget)
        }
    }
    /// The name `appDrawnFooter` had before: "app-drawn" is the one name of a look the app draws.
    @available(*, deprecated, renamed: "appDrawnFooter")
    public var customFooterStyle: RefreshFooterStyle? {
        get { appDrawnFooter }
        set { appDrawnFooter = newValue }
    }
    /// The Pango context the built-in header and footer lay their text out in; nil (the default):
    /// the widget's. For the QA tools (`HeadlessText`), which draw the headless renderer's text.
    package var textContext: OpaquePointer? {
        get { decorations.textContext }
        set {
            decorations.textContext = newValue
            gtk_widget_queue_draw(widget)
        }
    }
    /// Load-more when the footer comes into view (`.auto`), on a push past the bottom (`.pull`),
    /// or never, with no footer at all (`.none`).
    public var footerMode: FooterMode {
        get { engine.footerMode }
        set {
            // The GObject's footer-mode holds it (its setter applies it to the engine).
            ptr4_refresh_bin_set_footer_mode(bin, Ptr4FooterMode(newValue))
            gtk_widget_queue_draw(widget)
        }
    }

    public var headerPhase: HeaderPhase { engine.header }
    /// The engine as it is now, to read (the demo's live QA tools: overlay, outline, trace).
    package var state: RefreshEngine { engine }
    public var pull: Double { engine.pull }
    public var footerPhase: FooterPhase { engine.footer }

    private let scrolledWindow: UnsafeMutablePointer<GtkWidget>
    let adjustment: UnsafeMutablePointer<GtkAdjustment>
    /// The widget core: the engine and everything decided around it (RefreshWidgetCore).
    let driver: RefreshDriver
    var engine: RefreshEngine { driver.engine }
    /// The engine's offset in the adjustment's terms and every value set for the bin's own
    /// reasons (RefreshWidgetCore, shared with the GTK 3 bin); this class is its port.
    private(set) lazy var wrapped = WrappedListHost(port: self, quirks: .gtk4)
    private var connections: [SignalConnection] = []
    /// The bin was disposed: every call is a no-op from then on.
    package var isDestroyed: Bool { driver.isDestroyed }
    /// A GtkColumnView's header row, kept in place during a pull (nil for other lists).
    private var pinnedHeader: PinnedColumnHeader?
    private var bin: OpaquePointer { OpaquePointer(widget) }
    private let decorations: Decorations

    /// Wraps `scrolledWindow` (a GtkScrolledWindow with no parent yet) in a new bin.
    public convenience init(wrapping scrolledWindow: UnsafeMutablePointer<GtkWidget>) {
        self.init(bin: GObjectBin.adopting(scrolledWindow), scrolledWindow: scrolledWindow)
    }

    /// Over a bin whose child is `scrolledWindow` (GObject/RefreshBinGObject.swift); the bin owns it.
    init(bin: UnsafeMutablePointer<GtkWidget>, scrolledWindow: UnsafeMutablePointer<GtkWidget>) {
        self.scrolledWindow = scrolledWindow
        let sw = OpaquePointer(scrolledWindow)
        // HACK (docs/gtk4-notes.md, "Kinetic scrolling off"): the scrolled window's own touch
        // gestures would claim a touch after the drag threshold and deny ours for the rest of the
        // touch.
        gtk_scrolled_window_set_kinetic_scrolling(sw, 0)
        adjustment = gtk_scrolled_window_get_vadjustment(sw)
        // Held until teardown, so that its handlers are disconnected from a live object.
        g_object_ref(UnsafeMutableRawPointer(adjustment))
        widget = bin
        decorations = Decorations(widget: widget)
        L10n.bindLibraryDomain()
        driver = RefreshDriver(engine: RefreshEngine(
            style: .jike, footerMode: .auto, viewportHeight: gtk_adjustment_get_page_size(adjustment),
            rowsHeight: gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_lower(adjustment),
            now: RefreshDriver.monotonic(), footerRoomOutsideHost: true))
        driver.host = self
        GObjectOwnership.attach(self, to: widget)
        installHooks()
        pinnedHeader = PinnedColumnHeader(scrolledWindow: scrolledWindow) { [weak self] cr, width, height in
            guard let self else { return }
            draw(cr, x: 0, y: 0, width: width, height: height, scale: Int(gtk_widget_get_scale_factor(widget)))
        }
        applyGObjectProperties()
        wrapped.clock = { [weak self] in self?.now() ?? RefreshDriver.monotonic() }
        wrapped.onScroll = { [weak self] offset in self?.driver.update { $0.externalScroll(to: offset, at: $1) } }
        wrapped.onGeometry = { [weak self] viewport, rows in
            self?.driver.update { engine, now in
                if let viewport { engine.resize(viewportHeight: viewport, at: now) }
                if let rows { engine.setRowsHeight(rows.height, insertedAbove: rows.insertedAbove, at: now) }
            }
        }
        connections.append(GSignal.connect(adjustment, "value-changed") { [weak self] in self?.valueChanged() })
        connections.append(GSignal.connect(adjustment, "changed") { [weak self] in self?.geometryChanged() })
        // Unrooted (its window destroyed, the bin taken out of it) with the app still holding the
        // bin: the refresh can no longer be shown, so it ends (docs/behaviour.md, "Refresh lifecycle").
        connections.append(GSignal.connect(widget, "unrealize") { [weak self] in self?.driver.abandon() })
    }

    /// Starts a refresh as a pull would (F5): at the top the header opens, scrolled the refresh
    /// runs in place (docs/behaviour.md#refresh-lifecycle); then `onRefresh` runs.
    public func beginRefreshing() {
        driver.beginRefreshing()
    }

    /// The app's answer to `onRefresh`; `insertedAtTop` rows were prepended (0 on failure).
    public func endRefreshing(ok: Bool, insertedAtTop: Int = 0) {
        driver.endRefreshing(ok: ok, insertedAtTop: insertedAtTop)
    }

    /// The app's answer to `onLoadMore`; `added` rows were appended, `exhausted`: nothing more.
    /// Pass the count: until the list has laid those rows out, a gesture at its end loads
    /// nothing more (docs/behaviour.md#footer-and-load-more).
    public func endLoading(ok: Bool, added: Int = 0, exhausted: Bool = false) {
        driver.endLoading(ok: ok, added: added, exhausted: exhausted)
    }

    /// Puts the bin into `engine`'s state at once, as if its input had brought it there (the
    /// frames tool puts a live bin into a moment of `HeaderScene` to compare it with the headless
    /// renderer). The clock should read `engine.now`.
    package func adopt(_ engine: RefreshEngine) {
        guard !isDestroyed else { return }
        driver.adopt(engine)
        gtk_widget_queue_draw(widget)
    }

    // MARK: - Hooks from the bin

    private func installHooks() {
        var hooks = Ptr4RefreshBinHooks()
        hooks.scroll = { data, dy, unit, source in
            RefreshBin.from(data)?.scrolled(dy: dy, unit: unit, source: source) == true ? 1 : 0
        }
        hooks.scroll_end = { data, isStop in RefreshBin.from(data)?.scrollEnded(isStop: isStop != 0) }
        hooks.press_down = { data in RefreshBin.from(data)?.pressDown() }
        hooks.press_moved = { data, offsetY, touch in
            RefreshBin.from(data)?.pressMoved(offsetY: offsetY, touch: touch != 0) ?? PTR4_REFRESH_BIN_PRESS_WAIT
        }
        hooks.press_up = { data in RefreshBin.from(data)?.pressUp() }
        hooks.tick = { data, _ in RefreshBin.from(data)?.tick() }
        hooks.gap_texture = { data, x, y, width, height, scale in
            RefreshBin.from(data)?.gapTexture(x: x, y: y, width: width, height: height, scale: Int(scale))
        }
        hooks.draw = { data, cr, x, y, width, height, scale in
            guard let cr else { return }
            RefreshBin.from(data)?.draw(cr, x: x, y: y, width: width, height: height, scale: Int(scale))
        }
        hooks.resized = { data, _, _ in RefreshBin.from(data)?.geometryChanged() }
        hooks.style_changed = { data in RefreshBin.from(data)?.styleChanged() }
        hooks.warm_up = { data in RefreshBin.from(data)?.warmUp() }
        hooks.key = { data, keyval, state in
            RefreshBin.from(data)?.keyPressed(keyval: keyval, state: state) == true ? 1 : 0
        }
        // The bin gives the box back (and this object tears down) when it is disposed.
        let box = Unmanaged.passRetained(WeakBox(self)).toOpaque()
        ptr4_refresh_bin_set_hooks(bin, &hooks, box) { data in
            guard let data else { return }
            let box = Unmanaged<WeakBox>.fromOpaque(data).takeRetainedValue()
            MainActor.assumeIsolated { box.value?.tearDown() }
        }
    }

    private nonisolated static func from(_ data: UnsafeMutableRawPointer?) -> RefreshBin? {
        guard let data else { return nil }
        let box = Unmanaged<WeakBox>.fromOpaque(data).takeUnretainedValue()
        return MainActor.assumeIsolated { box.value }
    }

    private func scrolled(dy: Double, unit: GdkScrollUnit, source: GdkInputSource) -> Bool {
        let step = ScrollTranslation(dy: dy, unit: unit, source: source)
        var disposition = ScrollDisposition.passThrough
        driver.update { disposition = $0.scroll(delta: step.delta, source: step.source, at: $1) }
        return disposition == .consumed
    }

    private func scrollEnded(isStop: Bool) {
        guard isStop else { return }
        driver.update { $0.scrollStop(at: $1) }
    }

    /// The press path (the drag gesture's, without GTK's gesture: also `record`'s scripted drag).
    package func pressDown() {
        driver.update { $0.pressDown(at: $1) }
    }

    package func pressMoved(offsetY: Double, touch: Bool) -> Ptr4RefreshBinPressAnswer {
        // A mouse drag mid-list is the list's (text selection, drag and drop); GtkListView,
        // GtkListBox and GtkTextView all select with the mouse.
        let device: PressGesture.Device = touch ? .touch : .mouse(hostSelects: true)
        var decision = PressGesture.Decision.wait
        driver.update { decision = $0.pressMoved(offsetY: offsetY, device: device, at: $1) }
        switch decision {
        case .claim: return PTR4_REFRESH_BIN_PRESS_CLAIM
        case .reject: return PTR4_REFRESH_BIN_PRESS_DENY
        case .wait, .follow: return PTR4_REFRESH_BIN_PRESS_WAIT
        }
    }

    package func pressUp() {
        driver.update { $0.pressUp(at: $1) }
    }

    /// A frame tick; also what QA tools and `record` call after changing the injected clock, so
    /// that the engine sees its new time at once.
    package func tick() {
        guard !isDestroyed else { return }
        wrapped.afterLayout()
        _ = driver.tick()
    }

    // MARK: - The adjustment

    private func valueChanged() {
        guard !isDestroyed else { return }
        wrapped.valueChanged()
    }

    private func geometryChanged() {
        guard !isDestroyed else { return }
        wrapped.geometryChanged()
    }

    /// The theme's colours the header and footer are drawn with now: read from the list inside the
    /// scrolled window once, and again after the bin's CSS changes (`styleChanged`) or the list does.
    package var colours: ThemeColours {
        let list = gtk_scrolled_window_get_child(OpaquePointer(scrolledWindow)) ?? scrolledWindow
        if let themeColours, themeColours.list == list { return themeColours.colours }
        let colours = ThemeColours(list)
        themeColours = (list, colours)
        return colours
    }

    private var themeColours: (list: UnsafeMutablePointer<GtkWidget>, colours: ThemeColours)?

    /// The theme changed (or dark or high contrast, or the bin's state): colours and images are read
    /// and drawn again.
    private func styleChanged() {
        themeColours = nil
        decorations.invalidate()
        if ptr4_refresh_bin_get_child_offset(bin) != 0 { gtk_widget_queue_draw(widget) }
    }

    /// Draws the header's messages and the footer once where nobody sees them (the bin's idle after
    /// its first frame): the first pull then finds its fonts loaded and its text laid out.
    private func warmUp() {
        guard !isDestroyed else { return }
        decorations.warmUp(style: engine.style, heldHeight: engine.heldHeight, lastUpdated: engine.headerVisual(drawnAt: now()).sinceLastUpdate,
                           footer: engine.footerMode == .none ? nil : engine.footerVisual,
                           width: Double(gtk_widget_get_width(widget)),
                           scale: Int(gtk_widget_get_scale_factor(widget)), colours: colours)
    }

    /// The viewport's top in the bin: below a scrolled window's own chrome, if any.
    private var viewportTop: Double { Double(gtk_widget_get_height(widget)) - gtk_adjustment_get_page_size(adjustment) }

    private func gapTexture(x: Double, y: Double, width: Double, height: Double, scale: Int) -> OpaquePointer? {
        decorations.texture(header: engine.headerVisual(drawnAt: now()), footer: engine.footerVisual,
                            footerFocused: false, gap: Rect(x: x, y: y, width: width, height: height),
                            width: width, viewportTop: viewportTop, scale: scale, colours: colours)
    }

    private func draw(_ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double, scale: Int) {
        decorations.draw(header: engine.headerVisual(drawnAt: now()), footer: engine.footerVisual,
                         footerFocused: false, into: cr, gap: Rect(x: x, y: y, width: width, height: height),
                         width: width, viewportTop: viewportTop, scale: scale, colours: colours)
    }

    // MARK: - For the GObject (GObject/RefreshBinGObject.swift)

    /// Starts a load-more, or retries a failed one, as a click on the footer does; with the end of
    /// the rows in view the footer eases fully into view (docs/behaviour.md#footer-and-load-more).
    public func loadMore() {
        driver.loadMore()
    }

    // MARK: - Lifetime

    /// The bin is being disposed: nothing reaches GTK or the app after this.
    private func tearDown() {
        guard !isDestroyed else { return }
        driver.tearDown()
        connections.forEach { $0.disconnect() }
        connections.removeAll()
        pinnedHeader?.detach()
        pinnedHeader = nil
        tearDownAccessibility()
        g_object_unref(UnsafeMutableRawPointer(adjustment))
    }

    /// The engine's time base, in seconds. Nil: GLib's monotonic clock. For tests that step time
    /// themselves, as `RefreshController.clock` on GTK 3.
    package var clock: (@MainActor () -> Double)? {
        get { driver.clock }
        set { driver.clock = newValue }
    }

    func now() -> Double { driver.now() }
}

// MARK: - The widget core's host (RefreshWidgetCore's DriverHost)

extension RefreshBin: DriverHost {
    /// Nil while a value waits for the next frame (`WrappedListQuirks.gtk4`).
    package var hostOffset: Double? { wrapped.offset }

    /// HACK (docs/gtk4-notes.md, "Split at the top edge"): writing the engine's offset back also
    /// splits a scroll that crosses the top: the list rests at `lower` and the rest is the pull,
    /// with no overshoot left in the scrolled window.
    package func place(_ placement: HostPlacement) {
        wrapped.place(footerRoom: placement.footerRoom, offset: placement.offset, displacement: placement.displacement)
        if placement.redraw {
            gtk_widget_queue_draw(widget)
            pinnedHeader?.queueDraw()
        }
    }

    package func accessible(_ update: AccessibleUpdate) {
        switch update {
        case .sync: syncAccessibility(engine)
        case let .refreshEnding(ok, newRows): accessibleRefreshEnded(ok: ok, newRows: newRows)
        }
    }

    package func setTicking(_ needed: Bool) {
        ptr4_refresh_bin_set_ticking(bin, needed || wrapped.needsAfterLayout ? 1 : 0)
    }

    /// The list reports every change of its rows' height through its adjustment.
    package func rowsChanged(_ change: RowsChange) -> Double? {
        wrapped.rowsChanged(change)
        return nil
    }
}

// MARK: - The wrapped host's port

extension RefreshBin: WrappedListPort {
    package var reading: AdjustmentReading {
        AdjustmentReading(value: gtk_adjustment_get_value(adjustment), lower: gtk_adjustment_get_lower(adjustment),
                          upper: gtk_adjustment_get_upper(adjustment), pageSize: gtk_adjustment_get_page_size(adjustment),
                          pageIncrement: gtk_adjustment_get_page_increment(adjustment))
    }

    package func setValue(_ value: Double) { gtk_adjustment_set_value(adjustment, value) }

    /// The push and the footer's room past the adjustment's end move the child up; a column
    /// view's header row stays put (the pull moves only its rows). A new offset redraws the bin
    /// and the pinned gap by itself (`ptr4_refresh_bin_set_child_offset`, `setOffset`).
    package func moveContent(displacement: Double, footerShift: Double) {
        guard !isDestroyed else { return }
        let scale = Double(max(gtk_widget_get_scale_factor(widget), 1))
        let childOffset = ((displacement - footerShift) * scale).rounded() / scale
        let pinned = pinnedHeader?.isActive == true ? max(0, (displacement * scale).rounded() / scale) : 0
        pinnedHeader?.setOffset(pinned)
        ptr4_refresh_bin_set_child_offset(bin, childOffset - pinned)
    }

    /// The next frame tick runs it, before that frame's layout.
    package func scheduleAfterLayout() { ptr4_refresh_bin_set_ticking(bin, 1) }

    /// HACK in ptr4_refresh_bin_show_first_row (docs/gtk4-notes.md, "Rows prepended during a refresh").
    package func showFirstRow() { ptr4_refresh_bin_show_first_row(bin) }
}
