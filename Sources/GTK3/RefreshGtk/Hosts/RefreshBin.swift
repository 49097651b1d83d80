import CGtk
import RefreshCore
import RefreshDrawing
import CGtkShim

/// Pull-to-refresh and load-more for a GtkScrolledWindow the app already has, whatever it shows:
/// a GtkTreeView, a GtkListBox, a GtkTextView, a GtkIconView or GtkFlowBox, anything in a
/// GtkViewport. The app keeps its widgets, model and signals; the bin wraps the scrolled window
/// as GtkOverlay wraps its child, and is the widget the app packs (docs/architecture.md, "Hosts").
///
/// ```swift
/// let bin = RefreshBin(wrapping: scrolledWindow)
/// bin.onRefresh = { fetch { added in bin.endRefreshing(ok: true, insertedAtTop: added) } }
/// bin.onLoadMore = { fetchMore { added in bin.endLoading(ok: true, added: added, exhausted: false) } }
/// gtk_container_add(gcast(window), bin.widget)
/// ```
///
/// Same engine, header styles, footer modes, input and API as `RefreshView`. `widget` is a
/// `PtrRefreshBin`; if the scrolled window was already packed, the bin takes its place (with the
/// container's default packing). The bin owns its controller, as `RefreshView`'s widget does,
/// and switches the scrolled window's kinetic scrolling off (the engine scrolls touch drags).
///
/// The same object is the GObject API other languages use (docs/gobject-api.md): a
/// `PtrRefreshBin` made from C, Python or GtkBuilder creates its `RefreshBin` when a scrolled
/// window is added, and its properties and signals follow the controller's state.
@MainActor
public final class RefreshBin: RefreshController {
    package let scrollHost: ScrolledWindowHost

    /// The qdata key under which the bin holds its controller.
    package static let ownerKey = "ptr-refresh-bin"

    public convenience init(wrapping scrolledWindow: UnsafeMutablePointer<GtkWidget>) {
        precondition(ptr_is_a(scrolledWindow, gtk_scrolled_window_get_type()) != 0,
                     "RefreshBin wraps a GtkScrolledWindow")
        let bin: UnsafeMutablePointer<GtkWidget> = ptr_refresh_bin_new()
        // This controller is the bin's: adding the child must not create another one.
        ptr_refresh_bin_set_adopting(OpaquePointer(bin), 1)
        // The bin takes the scrolled window's place in its parent, if it has one (with the
        // container's default packing).
        g_object_ref(scrolledWindow)
        if let parent = gtk_widget_get_parent(scrolledWindow) {
            gtk_container_remove(gcast(parent), scrolledWindow)
            gtk_container_add(gcast(parent), bin)
        }
        gtk_container_add(gcast(bin), scrolledWindow)
        g_object_unref(scrolledWindow)
        ptr_refresh_bin_set_adopting(OpaquePointer(bin), 0)
        gtk_widget_show(bin)
        self.init(bin: bin, scrolledWindow: scrolledWindow)
    }

    /// Over a bin whose child is `scrolledWindow`; the bin owns the new controller.
    package init(bin: UnsafeMutablePointer<GtkWidget>, scrolledWindow: UnsafeMutablePointer<GtkWidget>) {
        let host = ScrolledWindowHost(bin: bin, scrolledWindow: scrolledWindow)
        scrollHost = host
        // The bin's accessible carries the refresh status and actions (the list's snapshot and
        // strings); the app's own widgets stay its children (docs/behaviour.md, "Accessibility on a
        // foreign host").
        super.init(host: host, accessibility: AccessibilityBridge(bin: bin), focusStop: .bin(bin),
                   ownerKey: RefreshBin.ownerKey)
        // Properties set before the child was added (g_object_new, GtkBuilder) apply now.
        applyGObjectProperties()
        publishState()
        // Taken out of its window (or the window went away) with the app still holding the bin:
        // the refresh can no longer be shown, so it ends (docs/behaviour.md, "Refresh lifecycle").
        GSignal.connect(bin, "unrealize") { [weak self] in self?.driver.abandon() }.keep(in: &connections)
    }

    /// The scrolled window the bin wraps.
    public var scrolledWindow: UnsafeMutablePointer<GtkWidget> { scrollHost.scrolledWindow }

    /// The controller a PtrRefreshBin belongs to (nil for any other widget, or a bin without a
    /// scrolled window).
    public static func owning(_ widget: UnsafeMutablePointer<GtkWidget>) -> RefreshBin? {
        GObjectOwnership.owned(by: widget, key: ownerKey, as: RefreshBin.self)
    }

    // MARK: - The GObject's state (docs/gobject-api.md)

    private var gobject: OpaquePointer { OpaquePointer(widget) }

    /// Reads header-style, footer-mode and last-updated from the GObject into the engine. A
    /// header-style the app set (not `header`'s timings, which the Swift API wrote) chooses that
    /// built-in look.
    func applyGObjectProperties() {
        guard !isDestroyed else { return }
        let style = HeaderStyle(ptr_refresh_bin_get_header_style(gobject))
        if style != header.timings { header = style.makeStyle() }
        driver.objectLastUpdated(ptr_refresh_bin_get_last_updated(gobject).map(Self.unixSeconds))
        driver.objectSettings(style: style, footerMode: FooterMode(ptr_refresh_bin_get_footer_mode(gobject)))
    }

    private static func unixSeconds(_ time: OpaquePointer) -> Double {
        Double(g_date_time_to_unix(time)) + Double(g_date_time_get_microsecond(time)) / 1_000_000
    }

    /// Mirrors the engine's state into the GObject (which notifies what changed).
    private func publishState() {
        ptr_refresh_bin_report_header_state(gobject, PtrHeaderState(headerPhase))
        ptr_refresh_bin_report_footer_state(gobject, PtrFooterState(footerPhase))
    }

    /// The GObject holds the Swift API's settings: its setters apply them (and notify) on a change.
    override func store(_ style: HeaderStyle) {
        if !isDestroyed { ptr_refresh_bin_set_header_style(gobject, PtrHeaderStyle(style)) }
    }
    override func store(_ footerMode: FooterMode) {
        if !isDestroyed { ptr_refresh_bin_set_footer_mode(gobject, PtrFooterMode(footerMode)) }
    }

    override func didReport(_ event: EngineEvent) {
        switch event {
        case let .header(phase, _):
            ptr_refresh_bin_report_header_state(gobject, PtrHeaderState(phase))
            // A successful refresh set a new time.
            if let wall = driver.lastUpdatedToReport {
                ptr_refresh_bin_report_last_updated(gobject, 1, wall)
                driver.lastUpdatedReported(ptr_refresh_bin_get_last_updated(gobject).map(Self.unixSeconds))
            }
        case let .footer(phase):
            ptr_refresh_bin_report_footer_state(gobject, PtrFooterState(phase))
        case .refreshRequested:
            ptr_refresh_bin_emit_refresh(gobject)
        case .loadRequested:
            ptr_refresh_bin_emit_load_more(gobject)
        case .refreshQueued:
            break
        }
    }

    override func gobjectAnswers(loadMore: Bool) -> Bool {
        ptr_refresh_bin_has_handler(gobject, loadMore ? 1 : 0) != 0
    }
}

// MARK: - The C entry points (Sources/GTK3/CGtkShim/refresh_bin_swift.h)

/// Runs `body` with the controller of a bin C passed, if it has one. C calls these on GTK's
/// thread; the pointer crosses into the main actor as bits (raw pointers are not Sendable).
private func withRefreshBin(_ bin: OpaquePointer?, _ body: @MainActor @Sendable (RefreshBin) -> Void) {
    let bits = Int(bitPattern: bin)
    MainActor.assumeIsolated {
        guard let bin = UnsafeMutablePointer<GtkWidget>(bitPattern: bits), let controller = RefreshBin.owning(bin)
        else { return }
        body(controller)
    }
}

@_cdecl("ptr_refresh_bin_swift_attach")
func ptrRefreshBinSwiftAttach(_ bin: OpaquePointer?, _ child: UnsafeMutablePointer<GtkWidget>?) {
    let binBits = Int(bitPattern: bin), childBits = Int(bitPattern: child)
    MainActor.assumeIsolated {
        // refresh_bin.c warns about a child that is not a scrolled window.
        guard let bin = UnsafeMutablePointer<GtkWidget>(bitPattern: binBits),
              let child = UnsafeMutablePointer<GtkWidget>(bitPattern: childBits),
              RefreshBin.owning(bin) == nil, ptr_is_a(child, gtk_scrolled_window_get_type()) != 0
        else { return }
        // The bin owns it (RefreshController.init attaches it to the bin's qdata).
        _ = RefreshBin(bin: bin, scrolledWindow: child)
    }
}

@_cdecl("ptr_refresh_bin_swift_detach")
func ptrRefreshBinSwiftDetach(_ bin: OpaquePointer?) {
    // Releasing it tears it down: every handler, tick and gesture it added goes.
    withRefreshBin(bin) { GObjectOwnership.detach(from: $0.widget, key: RefreshBin.ownerKey) }
}

@_cdecl("ptr_refresh_bin_swift_apply")
func ptrRefreshBinSwiftApply(_ bin: OpaquePointer?) {
    withRefreshBin(bin) { $0.applyGObjectProperties() }
}

@_cdecl("ptr_refresh_bin_swift_begin_refreshing")
func ptrRefreshBinSwiftBeginRefreshing(_ bin: OpaquePointer?) {
    withRefreshBin(bin) { $0.beginRefreshing() }
}

@_cdecl("ptr_refresh_bin_swift_end_refreshing")
func ptrRefreshBinSwiftEndRefreshing(_ bin: OpaquePointer?, _ ok: gboolean, _ inserted: gint) {
    withRefreshBin(bin) { $0.endRefreshing(ok: ok != 0, insertedAtTop: Int(inserted)) }
}

@_cdecl("ptr_refresh_bin_swift_end_loading")
func ptrRefreshBinSwiftEndLoading(_ bin: OpaquePointer?, _ added: gint, _ exhausted: gboolean, _ ok: gboolean) {
    withRefreshBin(bin) { $0.endLoading(ok: ok != 0, added: Int(added), exhausted: exhausted != 0) }
}

@_cdecl("ptr_refresh_bin_swift_load_more")
func ptrRefreshBinSwiftLoadMore(_ bin: OpaquePointer?) {
    withRefreshBin(bin) { $0.loadMore() }
}

@_cdecl("ptr_refresh_bin_swift_tab")
func ptrRefreshBinSwiftTab(_ bin: OpaquePointer?, _ from: PtrBinFocus, _ forward: gboolean) -> PtrBinFocus {
    let bits = Int(bitPattern: bin)
    return MainActor.assumeIsolated {
        guard let bin = UnsafeMutablePointer<GtkWidget>(bitPattern: bits), let controller = RefreshBin.owning(bin)
        else { return PTR_BIN_FOCUS_NONE }
        return controller.binTab(from: from, forward: forward != 0)
    }
}

// MARK: - Enum mapping (the C values are declared in the order of the Swift cases)

extension HeaderStyle {
    init(_ value: PtrHeaderStyle) { self = HeaderStyle.allCases[min(Int(value.rawValue), HeaderStyle.allCases.count - 1)] }
}

extension FooterMode {
    init(_ value: PtrFooterMode) { self = FooterMode.allCases[min(Int(value.rawValue), FooterMode.allCases.count - 1)] }
}

extension PtrHeaderStyle {
    init(_ style: HeaderStyle) { self.init(UInt32(HeaderStyle.allCases.firstIndex(of: style)!)) }
}

extension PtrFooterMode {
    init(_ mode: FooterMode) { self.init(UInt32(FooterMode.allCases.firstIndex(of: mode)!)) }
}

extension PtrHeaderState {
    init(_ phase: HeaderPhase) { self.init(UInt32(HeaderPhase.allCases.firstIndex(of: phase)!)) }
}

extension PtrFooterState {
    init(_ phase: FooterPhase) { self.init(UInt32(FooterPhase.allCases.firstIndex(of: phase)!)) }
}
