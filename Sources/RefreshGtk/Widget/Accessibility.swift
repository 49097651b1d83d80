import CGtk
import CGtkShim
import RefreshCore

/// What the list tells assistive technologies (ATK, exported over AT-SPI by GTK's bridge).
///
/// The accessible itself is C (`Sources/CGtkShim/accessible.c`, role LIST); this pushes the
/// engine's state into it after every update and answers its text queries:
/// - description, asked at query time: "Pull down to refresh", "Release to refresh",
///   "Refreshing…", "Updated, 3 new rows", "Couldn't refresh"; at rest the last result and
///   "Last updated: 3 min ago" (or "Never updated");
/// - BUSY while refreshing; actions "refresh", "load-more" / "retry" while available;
/// - the visible rows as LIST_ITEM children named "Title, subtitle", the focused one (the first
///   row wholly in view) as the active descendant, and the footer as a PUSH_BUTTON child.
/// Strings only cross into C when they change; nothing is built in C until an AT asks.
@MainActor
final class AccessibilityBridge {
    enum Outcome: Equatable {
        case updated(newRows: Int)
        case failed
    }

    private let area: UnsafeMutablePointer<GtkWidget>
    /// Released at teardown: the widget must not keep the app's rows alive once it is gone.
    private var source: RowSource?
    /// Runs an AT's action ("refresh", "load-more", "retry") from the main loop.
    var onAction: ((String) -> Void)?
    /// Seconds on GLib's monotonic clock (the engine's time base); injectable for tests.
    var clock: @MainActor () -> Double = { RefreshView.clock() }

    /// The last refresh's result, spoken after it and at rest.
    private(set) var outcome: Outcome?
    private var header: HeaderPhase = .idle
    private var footerPhase: FooterPhase = .idle
    private var lastUpdated: Double?
    private var descriptionKey = ""
    private var busy = false
    private var actions: UInt32 = 0
    private var rows = (count: -1, first: -1, visible: -1, focused: -2)
    private var footer: (name: String?, showing: Bool, actionable: Bool, focused: Bool) = (nil, false, false, false)
    private var isTornDown = false

    init(area: UnsafeMutablePointer<GtkWidget>, source: RowSource) {
        self.area = area
        self.source = source
        let text: PtrA11yText = { _, kind, index, data in
            let bits = Int(bitPattern: data)
            // The copy travels out of the isolated block as an address (pointers are not Sendable).
            let copy: Int = MainActor.assumeIsolated {
                guard let pointer = UnsafeMutableRawPointer(bitPattern: bits) else { return 0 }
                let bridge = Unmanaged<AccessibilityBridge>.fromOpaque(pointer).takeUnretainedValue()
                guard let string = bridge.text(kind, index: Int(index)) else { return 0 }
                return Int(bitPattern: g_strdup(string))
            }
            return UnsafeMutablePointer(bitPattern: copy)
        }
        let activate: PtrA11yActivate = { _, action, data in
            let bits = Int(bitPattern: data)
            guard let action else { return }
            let name = String(cString: action)
            MainActor.assumeIsolated {
                guard let pointer = UnsafeMutableRawPointer(bitPattern: bits) else { return }
                Unmanaged<AccessibilityBridge>.fromOpaque(pointer).takeUnretainedValue().onAction?(name)
            }
        }
        // Unretained: cleared in `tearDown`, at the latest in deinit.
        ptr_scrollable_area_set_a11y_callbacks(area, text, activate, Unmanaged.passUnretained(self).toOpaque())
        ptr_scrollable_area_set_a11y_names(area, L10n.listAccessibleName, L10n.refreshAction, L10n.loadMoreAction,
                                           L10n.retryAction)
    }

    isolated deinit {
        tearDown()
    }

    func tearDown() {
        guard !isTornDown else { return }
        isTornDown = true
        ptr_scrollable_area_set_a11y_callbacks(area, nil, nil, nil)
        onAction = nil
        source = nil
    }

    /// A refresh ended (from `endRefreshing`).
    func refreshEnded(ok: Bool, newRows: Int) {
        outcome = ok ? .updated(newRows: max(newRows, 0)) : .failed
    }

    /// Mirrors the engine and the list into the accessible; cheap when nothing changed.
    func sync(engine: RefreshEngine, list: ListView, footerFocused: Bool, footerActionable: Bool) {
        guard !isTornDown else { return }
        header = engine.header
        footerPhase = engine.footer
        lastUpdated = engine.lastUpdated

        let refreshing = engine.header == .refreshing
        let key = descriptionKey(engine.header)
        let descriptionChanged = key != descriptionKey
        if descriptionChanged || refreshing != busy {
            descriptionKey = key
            busy = refreshing
            ptr_scrollable_area_set_a11y_busy(area, refreshing ? 1 : 0)
            ptr_scrollable_area_set_a11y_states(area, engine.header.rawValue, engine.footer.rawValue,
                                                descriptionChanged ? 1 : 0)
        }

        let headerAtRest = engine.header == .idle
        var available: UInt32 = 0
        if headerAtRest && engine.footer != .loading { available |= PTR_A11Y_ACTION_REFRESH.rawValue }
        if headerAtRest && !engine.isShortList {
            if engine.footer == .idle { available |= PTR_A11Y_ACTION_LOAD_MORE.rawValue }
            if engine.footer == .failed { available |= PTR_A11Y_ACTION_RETRY.rawValue }
        }
        if available != actions {
            actions = available
            ptr_scrollable_area_set_a11y_actions(area, available)
            ptr_scrollable_area_set_a11y_states(area, engine.header.rawValue, engine.footer.rawValue, 0)
        }

        let visible = AccessibilityBridge.visibleRows(list: list)
        let newRows = (count: list.rowCount, first: visible.first, visible: visible.count, focused: visible.focused)
        if newRows != rows {
            rows = newRows
            ptr_scrollable_area_set_a11y_rows(area, gint(clamping: newRows.count), gint(clamping: newRows.first),
                                              gint(clamping: newRows.visible), gint(clamping: newRows.focused))
        }

        let visual = engine.footerVisual
        let name: String? = visual.isShown ? L10n.footerText(for: engine.footer) : nil
        let showing = visual.isShown && visual.top < list.viewportHeight && visual.top + Tuning.footerHeight > 0
        let newFooter = (name: name, showing: showing, actionable: footerActionable, focused: footerFocused)
        if newFooter != footer {
            footer = newFooter
            ptr_scrollable_area_set_a11y_footer(area, name, showing ? 1 : 0, footerActionable ? 1 : 0,
                                                footerFocused ? 1 : 0)
            ptr_scrollable_area_set_a11y_states(area, engine.header.rawValue, engine.footer.rawValue, 0)
        }
    }

    /// The keyboard focus entered or left the area: the active descendant follows.
    func focusChanged() {
        guard !isTornDown else { return }
        ptr_scrollable_area_set_a11y_states(area, header.rawValue, footerPhase.rawValue, 0)
    }

    /// The rows drawn in the viewport (`first ..< first + count`) and the focused one: the first
    /// row wholly in view (the one arrow keys move past), or the first row when none is.
    static func visibleRows(list: ListView) -> (first: Int, count: Int, focused: Int) {
        let height = list.viewportHeight
        guard list.rowCount > 0, height > 0 else { return (0, 0, -1) }
        let top = list.offset - list.displacement
        let first = max(0, Int((top / list.rowHeight).rounded(.down)))
        let last = min(list.rowCount - 1, Int(((top + height) / list.rowHeight).rounded(.up)) - 1)
        guard first <= last else { return (first, 0, -1) }
        let whole = Int((top / list.rowHeight).rounded(.up))
        let focused = whole >= first && whole <= last ? whole : first
        return (first, last - first + 1, max(first, focused))
    }

    // MARK: - Texts

    private func text(_ kind: PtrA11yTextKind, index: Int) -> String? {
        guard !isTornDown else { return nil }
        switch kind {
        case PTR_A11Y_TEXT_DESCRIPTION:
            return description(now: clock())
        case PTR_A11Y_TEXT_ROW:
            guard let source, index >= 0, index < source.rowCount else { return nil }
            let row = source.row(at: index)
            return row.subtitle.isEmpty ? row.title : "\(row.title), \(row.subtitle)"
        default:
            return nil
        }
    }

    /// The list's description: the refresh status at `now` (the engine's monotonic seconds).
    func description(now: Double) -> String {
        switch header {
        case .pulling: return L10n.pullDownToRefresh
        case .armed: return L10n.releaseToRefresh
        case .refreshing: return L10n.refreshing
        case .failed: return L10n.refreshFailed
        case .finishing: return outcomeText ?? L10n.updated
        case .idle:
            // At rest: the last result, and how long ago the list was updated, correct whenever read.
            let since = lastUpdated.map { max(0, now - $0) }
            let wall = Double(g_get_real_time()) / 1_000_000
            let updated = L10n.lastUpdatedLine(lastUpdate: since.map { wall - $0 }, now: wall)
            guard let outcomeText else { return updated }
            return "\(outcomeText). \(updated)"
        }
    }

    private var outcomeText: String? {
        switch outcome {
        case .updated(let count): return "\(L10n.updated), \(L10n.newRows(count))"
        case .failed: return L10n.refreshFailed
        case nil: return nil
        }
    }

    /// Changes when the description's wording changes (not when only the time in it moves).
    private func descriptionKey(_ phase: HeaderPhase) -> String {
        "\(phase.rawValue)|\(String(describing: outcome))|\(lastUpdated ?? -1)"
    }
}
