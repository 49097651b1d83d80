import CGtk4
import CGtk4Shim
import RefreshCore
import RefreshDrawing

// The Swift side of the GObject API (docs/gobject-api.md, "Ptr4RefreshBin"): a Ptr4RefreshBin made
// from C, Python, JavaScript or GtkBuilder gets its RefreshBin when a GtkScrolledWindow becomes
// its child (refresh_bin4.c calls the @_cdecl functions below), and its properties and signals
// follow the engine's state. The properties live in the C instance; this file reads them into the
// engine and reports the engine's state back.

/// Making the bin for the Swift API.
@MainActor
enum GObjectBin {
    /// A new Ptr4RefreshBin around `scrolledWindow` with no Swift side yet: the caller makes it.
    static func adopting(_ scrolledWindow: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let widget: UnsafeMutablePointer<GtkWidget> = ptr4_refresh_bin_new()
        let bin = OpaquePointer(widget)
        ptr4_refresh_bin_set_adopting(bin, 1)
        ptr4_refresh_bin_set_child(bin, scrolledWindow)
        ptr4_refresh_bin_set_adopting(bin, 0)
        return widget
    }
}

extension GObjectOwnership {
    /// The RefreshBin a Ptr4RefreshBin owns, if any.
    static func owned(by widget: UnsafeMutablePointer<GtkWidget>) -> RefreshBin? {
        guard let data = g_object_get_data(UnsafeMutablePointer<GObject>(OpaquePointer(widget)), key) else { return nil }
        return Unmanaged<RefreshBin>.fromOpaque(data).takeUnretainedValue()
    }

    /// Gives the bin's reference back (GLib runs the destroy-notify `attach` set).
    static func detach(from widget: UnsafeMutablePointer<GtkWidget>) {
        g_object_set_data(UnsafeMutablePointer<GObject>(OpaquePointer(widget)), key, nil)
    }
}

extension RefreshBin {
    private var gobject: OpaquePointer { OpaquePointer(widget) }

    /// Reads header-style, footer-mode and last-updated from the GObject into the engine. A
    /// header-style the app set (not `header`'s timings, which the Swift API wrote) chooses that
    /// built-in look.
    func applyGObjectProperties() {
        guard !isDestroyed else { return }
        let style = HeaderStyle(ptr4_refresh_bin_get_header_style(gobject))
        if style != header.timings { header = style.makeStyle() }
        driver.objectLastUpdated(ptr4_refresh_bin_get_last_updated(gobject).map(Self.unixSeconds))
        driver.objectSettings(style: style, footerMode: FooterMode(ptr4_refresh_bin_get_footer_mode(gobject)))
    }

    /// Mirrors one engine event into the GObject (after the Swift handlers ran): the state
    /// properties and signals, the request signals, last-updated (docs/gobject-api.md, "Signals").
    package func report(_ event: EngineEvent) {
        switch event {
        case let .header(phase, _):
            // At rest: rows a refresh prepended are no longer held.
            if phase == .idle { wrapped.headerDidSettle() }
            ptr4_refresh_bin_report_header_state(gobject, Ptr4HeaderState(phase))
            // A successful refresh set a new time.
            if let wall = driver.lastUpdatedToReport {
                ptr4_refresh_bin_report_last_updated(gobject, 1, wall)
                driver.lastUpdatedReported(ptr4_refresh_bin_get_last_updated(gobject).map(Self.unixSeconds))
            }
        case let .footer(phase):
            ptr4_refresh_bin_report_footer_state(gobject, Ptr4FooterState(phase))
        case .refreshRequested:
            ptr4_refresh_bin_emit_refresh(gobject)
        case .loadRequested:
            ptr4_refresh_bin_emit_load_more(gobject)
        case .refreshQueued:
            break
        }
    }

    /// A handler is connected to the GObject's `refresh` (`load-more`) signal.
    package func objectAnswers(loadMore: Bool) -> Bool {
        ptr4_refresh_bin_has_handler(gobject, loadMore ? 1 : 0) != 0
    }

    private static func unixSeconds(_ time: OpaquePointer) -> Double {
        Double(g_date_time_to_unix(time)) + Double(g_date_time_get_microsecond(time)) / 1_000_000
    }

}

// MARK: - The C entry points (Sources/GTK4/CGtk4Shim/refresh_bin4_swift.h)

/// Runs `body` with the RefreshBin of a bin C passed, if it has one. C calls these on GTK's
/// thread; the pointer crosses into the main actor as bits (raw pointers are not Sendable).
private func withRefreshBin(_ bin: OpaquePointer?, _ body: @MainActor @Sendable (RefreshBin) -> Void) {
    let bits = Int(bitPattern: bin)
    MainActor.assumeIsolated {
        guard let widget = UnsafeMutablePointer<GtkWidget>(bitPattern: bits), let owner = GObjectOwnership.owned(by: widget)
        else { return }
        body(owner)
    }
}

@_cdecl("ptr4_refresh_bin_swift_attach")
func ptr4RefreshBinSwiftAttach(_ bin: OpaquePointer?, _ child: UnsafeMutablePointer<GtkWidget>?) {
    let binBits = Int(bitPattern: bin), childBits = Int(bitPattern: child)
    MainActor.assumeIsolated {
        guard let widget = UnsafeMutablePointer<GtkWidget>(bitPattern: binBits),
              let child = UnsafeMutablePointer<GtkWidget>(bitPattern: childBits), GObjectOwnership.owned(by: widget) == nil
        else { return }
        // The bin owns it (the initializer attaches it to the bin's qdata).
        _ = RefreshBin(bin: widget, scrolledWindow: child)
    }
}

@_cdecl("ptr4_refresh_bin_swift_detach")
func ptr4RefreshBinSwiftDetach(_ bin: OpaquePointer?) {
    // refresh_bin4.c has cleared the hooks already: their destroy-notify tore the RefreshBin down.
    withRefreshBin(bin) { GObjectOwnership.detach(from: $0.widget) }
}

@_cdecl("ptr4_refresh_bin_swift_apply")
func ptr4RefreshBinSwiftApply(_ bin: OpaquePointer?) {
    withRefreshBin(bin) { $0.applyGObjectProperties() }
}

@_cdecl("ptr4_refresh_bin_swift_begin_refreshing")
func ptr4RefreshBinSwiftBeginRefreshing(_ bin: OpaquePointer?) {
    withRefreshBin(bin) { $0.beginRefreshing() }
}

@_cdecl("ptr4_refresh_bin_swift_end_refreshing")
func ptr4RefreshBinSwiftEndRefreshing(_ bin: OpaquePointer?, _ ok: gboolean, _ inserted: gint) {
    withRefreshBin(bin) { $0.endRefreshing(ok: ok != 0, insertedAtTop: Int(inserted)) }
}

@_cdecl("ptr4_refresh_bin_swift_end_loading")
func ptr4RefreshBinSwiftEndLoading(_ bin: OpaquePointer?, _ added: gint, _ exhausted: gboolean, _ ok: gboolean) {
    withRefreshBin(bin) { $0.endLoading(ok: ok != 0, added: Int(added), exhausted: exhausted != 0) }
}

@_cdecl("ptr4_refresh_bin_swift_load_more")
func ptr4RefreshBinSwiftLoadMore(_ bin: OpaquePointer?) {
    withRefreshBin(bin) { $0.loadMore() }
}

// MARK: - Enum mapping (the C values are declared in the order of the Swift cases)

extension HeaderStyle {
    init(_ value: Ptr4HeaderStyle) { self = Self.allCases[min(Int(value.rawValue), Self.allCases.count - 1)] }
}

extension Ptr4HeaderStyle {
    init(_ style: HeaderStyle) { self.init(UInt32(HeaderStyle.allCases.firstIndex(of: style)!)) }
}

extension FooterMode {
    init(_ value: Ptr4FooterMode) { self = Self.allCases[min(Int(value.rawValue), Self.allCases.count - 1)] }
}

extension Ptr4FooterMode {
    init(_ mode: FooterMode) { self.init(UInt32(FooterMode.allCases.firstIndex(of: mode)!)) }
}

extension Ptr4HeaderState {
    init(_ phase: HeaderPhase) { self.init(UInt32(HeaderPhase.allCases.firstIndex(of: phase)!)) }
}

extension Ptr4FooterState {
    init(_ phase: FooterPhase) { self.init(UInt32(FooterPhase.allCases.firstIndex(of: phase)!)) }
}
