import CGtk4
import CGtk4Shim
import RefreshCore
import RefreshDrawing

/// Everything a Ptr4RefreshBin tells assistive technologies at one moment (docs/accessibility.md,
/// "GTK 4"), decided here from the engine; `Sources/GTK4/CGtk4Shim/accessible4.c` only mirrors it into
/// GtkAccessible: the bin is a panel named "Pull-to-refresh list", busy while refreshing, its
/// description the header's state, its `refresh-bin.refresh` action enabled while a refresh can
/// start, `refresh-bin.load-more` / `refresh-bin.retry` while a load or its retry can (as on GTK
/// 3, wherever the footer is); the footer is a push button over the footer's gap while the footer
/// is on screen.
struct BinAccessibleState: Equatable {
    struct Footer: Equatable {
        /// The footer's top in the bin's coordinates, and its height.
        let y: Double
        let height: Double
        let label: String
        /// Load more or retry can run now: Tab stops on it and its click runs it.
        let actionable: Bool
        /// A load under way keeps it enabled (and the focus on it); "No more items" is disabled.
        let sensitive: Bool
    }

    enum Outcome: Equatable {
        /// `newRows`: what the app said it prepended (`endRefreshing(ok:insertedAtTop:)`); nil
        /// when the bin was put into the moment without it (`adopt`).
        case updated(newRows: Int?)
        case failed
    }

    let busy: Bool
    let description: String
    let canRefresh: Bool
    let canLoadMore: Bool
    let canRetry: Bool
    let footer: Footer?

    /// `description`: the bin's (`description(_:outcome:lastUpdatedWall:)`); `viewportTop`: where
    /// the engine's viewport starts in the bin.
    static func make(engine: RefreshEngine, description: String, viewportTop: Double) -> BinAccessibleState {
        var footer: Footer?
        if engine.footerOnScreen {
            footer = Footer(y: viewportTop + engine.footerVisual.top, height: Tuning.footerHeight,
                            label: L10n.footerText(for: engine.footer), actionable: engine.footerActionable,
                            sensitive: engine.footerActionable || engine.footer == .loading)
        }
        let offered = engine.offeredActions
        return BinAccessibleState(busy: engine.header == .refreshing, description: description,
                                  canRefresh: offered.refresh, canLoadMore: offered.loadMore, canRetry: offered.retry,
                                  footer: footer)
    }

    /// The header's state as words: "Pull down to refresh", "Release to refresh", "Refreshing…",
    /// "Updated, 3 new rows", "Couldn't refresh"; at rest the last result and "Last updated: <date
    /// and time>" (or "Never updated"). `lastUpdatedWall`: the last successful refresh in Unix seconds.
    ///
    /// HACK (docs/accessibility.md, "GTK 4"): GTK 4.8 reads a description only from the stored
    /// property, with no callback when an AT asks; a relative time ("3 min ago") would go stale,
    /// so the time at rest is absolute.
    static func description(_ header: HeaderPhase, outcome: Outcome?, lastUpdatedWall: Double?) -> String {
        switch header {
        case .pulling: return L10n.pullDownToRefresh
        case .armed: return L10n.releaseToRefresh
        case .refreshing: return L10n.refreshing
        case .failed: return L10n.refreshFailed
        case .finishing: return outcomeText(outcome) ?? L10n.updated
        case .idle:
            let updated = lastUpdatedWall.flatMap { L10n.formatDate(unixSeconds: Int($0.rounded(.down)), timeZone: nil) }
                .map(L10n.lastUpdated) ?? L10n.neverUpdated
            return outcomeText(outcome).map { "\($0). \(updated)" } ?? updated
        }
    }

    /// "Updated, 3 new rows" (GTK 3's words), "Updated", "Couldn't refresh".
    private static func outcomeText(_ outcome: Outcome?) -> String? {
        switch outcome {
        case .updated(let count?): return "\(L10n.updated), \(L10n.newRows(count))"
        case .updated(nil): return L10n.updated
        case .failed: return L10n.refreshFailed
        case nil: return nil
        }
    }
}

/// The Swift half of a bin's accessibility, owned by the C half (its data, released when the
/// bin's Swift side tears down).
@MainActor
final class BinAccessibility {
    weak var owner: RefreshBin?
    private(set) var state: BinAccessibleState?
    /// The last refresh's result: the app's answer (`refreshEnded`), or read from the header's
    /// phases (failed, or finishing) when the bin was put into a moment without one.
    private var outcome: BinAccessibleState.Outcome?
    /// The header's phase at the last sync: a new refresh forgets the last result.
    private var lastHeader: HeaderPhase = .idle
    /// What the description was made from, and the text: it is made again only when they change
    /// (the engine updates on every scroll event and frame).
    private var described: (header: HeaderPhase, outcome: BinAccessibleState.Outcome?, lastUpdated: Double?, text: String)?

    init(owner: RefreshBin) { self.owner = owner }

    /// The object C's `data` points at (C holds one retain until it releases it).
    nonisolated static func from(_ data: UnsafeMutableRawPointer?) -> BinAccessibility? {
        let bits = Int(bitPattern: data)
        return MainActor.assumeIsolated {
            guard let pointer = UnsafeMutableRawPointer(bitPattern: bits) else { return nil }
            return Unmanaged<BinAccessibility>.fromOpaque(pointer).takeUnretainedValue()
        }
    }

    /// `unixTime`: an engine time as Unix seconds.
    func sync(_ engine: RefreshEngine, bin: OpaquePointer, unixTime: (Double) -> Double, viewportTop: Double) {
        switch engine.header {
        case .failed: outcome = .failed
        case .finishing where outcome == nil: outcome = .updated(newRows: nil)
        case .refreshing where lastHeader != .refreshing: outcome = nil
        default: break
        }
        lastHeader = engine.header
        let last = engine.lastUpdated
        let text: String
        if let described, described.header == engine.header, described.outcome == outcome, described.lastUpdated == last {
            text = described.text
        } else {
            text = BinAccessibleState.description(engine.header, outcome: outcome, lastUpdatedWall: last.map(unixTime))
            described = (engine.header, outcome, last, text)
        }
        let next = BinAccessibleState.make(engine: engine, description: text, viewportTop: viewportTop)
        guard next != state else { return }
        state = next
        next.description.withCString { description in
            (next.footer?.label ?? "").withCString { label in
                var c = Ptr4BinAccessibleState()
                c.busy = next.busy ? 1 : 0
                c.description = description
                c.can_refresh = next.canRefresh ? 1 : 0
                c.can_load_more = next.canLoadMore ? 1 : 0
                c.can_retry = next.canRetry ? 1 : 0
                c.footer_shown = next.footer != nil ? 1 : 0
                c.footer_y = next.footer?.y ?? 0
                c.footer_height = next.footer?.height ?? 0
                c.footer_label = label
                c.footer_focusable = next.footer?.actionable == true ? 1 : 0
                c.footer_sensitive = next.footer?.sensitive == true ? 1 : 0
                ptr4_refresh_bin_accessible_update(bin, &c)
            }
        }
    }

    /// The app ended the refresh it was asked for; `newRows` were prepended.
    func refreshEnded(ok: Bool, newRows: Int) {
        outcome = ok ? .updated(newRows: max(newRows, 0)) : .failed
    }

    /// The refresh action (its AT-SPI action, from the main loop).
    fileprivate func refresh() {
        owner?.beginRefreshing()
    }

    /// The load-more and retry actions: run while still offered (the AT's call was answered first).
    fileprivate func loadMore() {
        guard state?.canLoadMore == true || state?.canRetry == true else { return }
        owner?.loadMore()
    }

    /// The footer button: load more or retry while it offers them; nothing while loading.
    fileprivate func footerActivated() {
        guard state?.footer?.actionable == true else { return }
        owner?.loadMore()
    }
}

extension RefreshBin {
    private var accessibility: BinAccessibility? {
        guard let data = ptr4_refresh_bin_accessible_get_data(OpaquePointer(widget)) else { return nil }
        return Unmanaged<BinAccessibility>.fromOpaque(data).takeUnretainedValue()
    }

    /// Tells ATs how the refresh the app was asked for ended (before the engine hears it).
    func accessibleRefreshEnded(ok: Bool, newRows: Int) {
        guard !isDestroyed, engine.header == .refreshing else { return }
        accessibility?.refreshEnded(ok: ok, newRows: newRows)
    }

    /// Mirrors the engine's state to ATs, after every update (RefreshBin.apply); the first call
    /// gives the bin its accessible label, action and footer button.
    func syncAccessibility(_ engine: RefreshEngine) {
        guard !isDestroyed else { return }
        let bin = OpaquePointer(widget)
        let accessibility = self.accessibility ?? installAccessibility(bin)
        let viewportTop = Double(gtk_widget_get_height(widget)) - engine.viewportHeight
        accessibility.sync(engine, bin: bin, unixTime: driver.wallClock(atEngineTime:),
                           viewportTop: viewportTop)
    }

    /// Takes the label, action and footer button away again (RefreshBin.tearDown): the bin is
    /// disposed or gets another child.
    func tearDownAccessibility() {
        ptr4_refresh_bin_accessible_remove(OpaquePointer(widget))
    }

    private func installAccessibility(_ bin: OpaquePointer) -> BinAccessibility {
        let accessibility = BinAccessibility(owner: self)
        var hooks = Ptr4BinAccessibleHooks()
        hooks.refresh = { data in BinAccessibility.from(data)?.refresh() }
        hooks.footer = { data in BinAccessibility.from(data)?.footerActivated() }
        hooks.load_more = { data in BinAccessibility.from(data)?.loadMore() }
        let retained = Unmanaged.passRetained(accessibility).toOpaque()
        ptr4_refresh_bin_accessible_install(bin, L10n.listAccessibleName, &hooks, retained) { data in
            guard let data else { return }
            Unmanaged<BinAccessibility>.fromOpaque(data).release()
        }
        return accessibility
    }
}
