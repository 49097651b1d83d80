import CGtk
import CGtkShim
import RefreshCore
import RefreshWidgetCore
import RefreshDrawing

/// Everything the refresh control tells assistive technologies at one moment, immutable: built in
/// Swift once per change, read by the C accessible (`Sources/GTK3/CGtkShim/accessible_model.c`), which only maps it onto
/// ATK and emits the signals for what differs from the last one. The same snapshot, with the
/// same strings, serves our list (rows as children) and a `RefreshBin` (the app's own widgets
/// are the children; no rows of ours).
struct AccessibleSnapshot: Equatable {
    struct Action: Equatable {
        /// The AtkAction name ("refresh", "click").
        let name: String
        /// What `AccessibilityBridge.onAction` receives when an AT runs it; empty: cannot run now.
        let id: String
        let localizedName: String
        let keyBinding: String
    }

    enum Outcome: Equatable {
        case updated(newRows: Int)
        case failed
    }

    /// The names that do not change while the list lives (looked up once, not per frame).
    struct Names: Equatable {
        let list = L10n.listAccessibleName
        let refresh = L10n.refreshAction
        let loadMore = L10n.loadMoreAction
        let retry = L10n.retryAction
    }

    let name: String
    let header: HeaderPhase
    let footerPhase: FooterPhase
    let outcome: Outcome?
    /// Monotonic seconds of the last successful refresh.
    let lastUpdated: Double?
    let actions: [Action]
    let rowCount: Int
    /// The rows exposed as children: `firstRow ..< firstRow + visibleRows`.
    let firstRow: Int
    let visibleRows: Int
    /// The first row wholly in view (the one arrow keys move past), -1 when no row is visible.
    let focusedRow: Int
    /// The area has the keyboard focus: only then does a child have the virtual focus.
    let hasFocus: Bool
    /// Tab moved the focus from the rows to the footer.
    let footerFocused: Bool
    /// Nil: no footer (short list).
    let footer: Footer?
    /// The selected row, -1 none (ATK_STATE_SELECTED on its child; docs/behaviour.md, "Rows").
    var selectedRow = -1
    /// Our list: the visible rows are children (transient: MANAGES_DESCENDANTS). False on a
    /// `RefreshBin`, whose host's own accessible shows its rows.
    var exposesRows = true

    struct Footer: Equatable {
        let name: String
        let showing: Bool
        /// Load more or retry can run now: enabled and focusable.
        let actionable: Bool
        let action: Action
    }

    var busy: Bool { header == .refreshing }

    /// Changes when the description's wording changes (not when only the time in it moves).
    var descriptionKey: String { "\(header.rawValue)|\(String(describing: outcome))|\(lastUpdated ?? -1)" }

    enum FocusedChild: Equatable {
        case row(Int)
        case footer
    }

    /// The child with the virtual focus: the footer after Tab, else the focused row.
    var focusedChild: FocusedChild? {
        guard hasFocus else { return nil }
        if footerFocused { return footer != nil ? .footer : nil }
        guard focusedRow >= firstRow, focusedRow < firstRow + visibleRows else { return nil }
        return .row(focusedRow)
    }

    var attributes: [(name: String, value: String)] {
        let states = [("refresh-state", header.rawValue), ("footer-state", footerPhase.rawValue)]
        guard exposesRows else { return [("row-count", "\(rowCount)")] + states }
        return [("row-count", "\(rowCount)"), ("first-visible-row", "\(firstRow)"), ("visible-rows", "\(visibleRows)"),
                ("focused-row", footerFocused ? "footer" : "\(focusedRow)")] + states
    }

    /// The list's description at `now` (the engine's monotonic seconds): "Pull down to refresh",
    /// "Release to refresh", "Refreshing…", "Updated, 3 new rows", "Couldn't refresh"; at rest the
    /// last result and "Last updated: 3 min ago" (or "Never updated"), correct whenever read.
    func description(now: Double) -> String {
        switch header {
        case .pulling: return L10n.pullDownToRefresh
        case .armed: return L10n.releaseToRefresh
        case .refreshing: return L10n.refreshing
        case .failed: return L10n.refreshFailed
        case .finishing: return outcomeText ?? L10n.updated
        case .idle:
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

    /// The same snapshot, with the keyboard focus in or out of the area.
    func with(hasFocus: Bool) -> AccessibleSnapshot {
        AccessibleSnapshot(name: name, header: header, footerPhase: footerPhase, outcome: outcome,
                           lastUpdated: lastUpdated, actions: actions, rowCount: rowCount, firstRow: firstRow,
                           visibleRows: visibleRows, focusedRow: focusedRow, hasFocus: hasFocus,
                           footerFocused: footerFocused, footer: footer, selectedRow: selectedRow,
                           exposesRows: exposesRows)
    }

    /// Before the first update: the name, nothing else.
    static func empty(names: Names) -> AccessibleSnapshot {
        AccessibleSnapshot(name: names.list, header: .idle, footerPhase: .idle, outcome: nil, lastUpdated: nil,
                           actions: [], rowCount: 0, firstRow: 0, visibleRows: 0, focusedRow: -1, hasFocus: false,
                           footerFocused: false, footer: nil)
    }

    /// Every decision about what ATs see: the available actions, what the footer runs, which
    /// child has the focus, the key bindings. `list`: our list, whose rows are children; nil on
    /// a foreign host (a `RefreshBin`), which has no rows of ours.
    @MainActor
    static func make(engine: RefreshEngine, host: any ScrollHost, list: ListView?, names: Names, outcome: Outcome?,
                     hasFocus: Bool, footerFocused: Bool, footerActionable: Bool) -> AccessibleSnapshot {
        let offered = engine.offeredActions
        let activateKey = KeyTable.accessibleName(KeyTable.activate)
        var actions: [Action] = []
        if offered.refresh {
            actions.append(Action(name: "refresh", id: "refresh", localizedName: names.refresh,
                                  keyBinding: KeyTable.accessibleName(KeyTable.refresh)))
        }
        if offered.loadMore {
            actions.append(Action(name: "load-more", id: "load-more", localizedName: names.loadMore,
                                  keyBinding: activateKey))
        }
        if offered.retry {
            actions.append(Action(name: "retry", id: "retry", localizedName: names.retry, keyBinding: activateKey))
        }

        var footer: Footer?
        let visual = engine.footerVisual
        if visual.isShown {
            // A button always has its click; it runs the list's load-more or retry while offered.
            let runs = actions.first { $0.id == "retry" || $0.id == "load-more" }
            let click = Action(name: "click", id: runs?.id ?? "",
                               localizedName: engine.footer == .failed ? names.retry : names.loadMore,
                               keyBinding: activateKey)
            footer = Footer(name: L10n.footerText(for: engine.footer), showing: engine.footerOnScreen,
                            actionable: footerActionable,
                            action: click)
        }

        let rows = list.map { visibleRows(list: $0) } ?? (first: 0, count: 0, focused: -1)
        // The selected row has the virtual focus while it is on screen (the arrow keys move it).
        let selected = list?.selectedRow ?? -1
        let focused = selected >= rows.first && selected < rows.first + rows.count ? selected : rows.focused
        return AccessibleSnapshot(name: names.list, header: engine.header, footerPhase: engine.footer,
                                  outcome: outcome, lastUpdated: engine.lastUpdated, actions: actions,
                                  rowCount: host.rowCount, firstRow: rows.first, visibleRows: rows.count,
                                  focusedRow: focused, hasFocus: hasFocus, footerFocused: footerFocused,
                                  footer: footer, selectedRow: selected, exposesRows: list != nil)
    }

    /// The rows drawn in the viewport (`first ..< first + count`) and the focused one: the first
    /// row wholly in view, or the first row when none is.
    @MainActor
    static func visibleRows(list: ListView) -> (first: Int, count: Int, focused: Int) {
        let height = list.viewportHeight
        guard list.rowCount > 0, height > 0 else { return (0, 0, -1) }
        let top = list.offset - list.displacement
        // Variable heights: the row index comes from the list's offset index (O(log n)).
        guard let rows = list.heights.visibleRows(top: max(0, top), height: height - max(0, -top)) else {
            return (list.heights.row(at: max(0, top)) ?? 0, 0, -1)
        }
        let first = rows.lowerBound, last = rows.upperBound
        let whole = list.heights.offset(of: first) >= top - 0.5 ? first : first + 1
        let focused = whole >= first && whole <= last ? whole : first
        return (first, last - first + 1, max(first, focused))
    }
}

/// What the refresh control tells assistive technologies (ATK, exported over AT-SPI by GTK's
/// bridge), on our list's area or on a `PtrRefreshBin`.
///
/// After every update the controller hands over the engine's state; the bridge builds an
/// `AccessibleSnapshot` and, when it differs from the last one, tells the C accessible once
/// (`ptr_a11y_changed`). The accessible pulls the snapshot through a callback
/// only when an AT created it, and asks for the texts that must be true whenever read (the
/// description, row names) at read time.
@MainActor
final class AccessibilityBridge {
    typealias Outcome = AccessibleSnapshot.Outcome

    /// What C holds (retained, released by its destroy-notify): a weak way back to the bridge,
    /// so the registration neither dangles nor keeps the bridge alive.
    private final class Registration {
        weak var bridge: AccessibilityBridge?
        init(_ bridge: AccessibilityBridge) { self.bridge = bridge }
    }

    /// Our list's area or the bin: the widget whose accessible C makes.
    private let widget: UnsafeMutablePointer<GtkWidget>
    /// Weak, and cleared at teardown: the app's controller may own the view and be its source.
    private weak var source: RowRenderer?
    /// Tests build a bridge over a bare `RowSource` (what `TextRowRenderer` reads).
    private weak var textSource: RowSource?
    /// Our list, whose rows are children; nil on a bin.
    weak var list: ListView?
    /// Runs an AT's action ("refresh", "load-more", "retry", "activate-row:N") from the main
    /// loop, and AtkSelection's requests ("select-row:N", "select-none") at once.
    var onAction: ((String) -> Void)?
    /// Seconds on GLib's monotonic clock (the engine's time base); injectable for tests.
    var clock: @MainActor () -> Double = { RefreshDriver.monotonic() }

    /// The last refresh's result, spoken after it and at rest.
    private(set) var outcome: Outcome?
    private let names = AccessibleSnapshot.Names()
    /// What C reads; replaced whole, once per change.
    private(set) var snapshot: AccessibleSnapshot
    /// Set by `tearDown` or when C dropped the registration (the area's dispose, the bin's
    /// finalize): no more C calls.
    private var isTornDown = false
    /// C holds the registration: false after `tearDown` or when C dropped it.
    var isConnected: Bool { !isTornDown }

    convenience init(area: UnsafeMutablePointer<GtkWidget>, source: RowSource) {
        self.init(area: area, rows: nil)
        textSource = source
    }

    convenience init(area: UnsafeMutablePointer<GtkWidget>, source: RowRenderer) {
        self.init(area: area, rows: source)
    }

    /// A `PtrRefreshBin`'s: the same status and actions, no rows of ours.
    convenience init(bin: UnsafeMutablePointer<GtkWidget>) {
        self.init(area: bin, rows: nil)
    }

    private init(area: UnsafeMutablePointer<GtkWidget>, rows source: RowRenderer?) {
        widget = area
        self.source = source
        snapshot = .empty(names: names)
        let getSnapshot: PtrA11yGetSnapshot = { _, out, data in
            let (bits, outBits) = (Int(bitPattern: data), Int(bitPattern: out))
            MainActor.assumeIsolated {
                guard let out = UnsafeMutablePointer<PtrA11ySnapshot>(bitPattern: outBits) else { return }
                AccessibilityBridge.registered(bits)?.snapshot.fill(out)
            }
        }
        let text: PtrA11yText = { _, kind, index, data in
            let bits = Int(bitPattern: data)
            // The copy travels out of the isolated block as an address (pointers are not Sendable).
            let copy: Int = MainActor.assumeIsolated {
                guard let string = AccessibilityBridge.registered(bits)?.text(kind, index: Int(index)) else { return 0 }
                return Int(bitPattern: g_strdup(string))
            }
            return UnsafeMutablePointer(bitPattern: copy)
        }
        let activate: PtrA11yActivate = { _, action, data in
            let bits = Int(bitPattern: data)
            guard let action else { return }
            let id = String(cString: action)
            MainActor.assumeIsolated { AccessibilityBridge.registered(bits)?.onAction?(id) }
        }
        let release: GDestroyNotify = { data in
            let bits = Int(bitPattern: data)
            MainActor.assumeIsolated {
                guard let pointer = UnsafeMutableRawPointer(bitPattern: bits) else { return }
                let registration = Unmanaged<Registration>.fromOpaque(pointer).takeRetainedValue()
                // Replaced by `tearDown`, or the widget is going away: never call C again.
                registration.bridge?.detach()
            }
        }
        let registration = Unmanaged.passRetained(Registration(self)).toOpaque()
        ptr_a11y_set_callbacks(area, getSnapshot, text, activate, registration, release)
    }

    isolated deinit {
        tearDown()
    }

    private static func registered(_ bits: Int) -> AccessibilityBridge? {
        guard let pointer = UnsafeMutableRawPointer(bitPattern: bits) else { return nil }
        guard let bridge = Unmanaged<Registration>.fromOpaque(pointer).takeUnretainedValue().bridge,
              !bridge.isTornDown else { return nil }
        return bridge
    }

    func tearDown() {
        guard !isTornDown else { return }
        // C runs the destroy-notify, releasing the registration; from deinit it no longer
        // reaches this bridge, hence the explicit detach.
        ptr_a11y_set_callbacks(widget, nil, nil, nil, nil, nil)
        detach()
    }

    private func detach() {
        isTornDown = true
        onAction = nil
        source = nil
        textSource = nil
    }

    /// A refresh ended (from `endRefreshing`).
    func refreshEnded(ok: Bool, newRows: Int) {
        outcome = ok ? .updated(newRows: max(newRows, 0)) : .failed
    }

    /// Builds the snapshot from the engine, the host and our list's rows (`list`, nil on a
    /// bin); tells C only when it changed.
    func sync(engine: RefreshEngine, host: any ScrollHost, footerFocused: Bool, footerActionable: Bool) {
        guard !isTornDown else { return }
        publish(.make(engine: engine, host: host, list: list, names: names, outcome: outcome,
                      hasFocus: gtk_widget_has_focus(widget) != 0, footerFocused: footerFocused,
                      footerActionable: footerActionable))
    }

    /// The keyboard focus entered or left the area: the virtual focus follows.
    func focusChanged() {
        guard !isTornDown else { return }
        publish(snapshot.with(hasFocus: gtk_widget_has_focus(widget) != 0))
    }

    private func publish(_ next: AccessibleSnapshot) {
        guard next != snapshot else { return }
        snapshot = next
        ptr_a11y_changed(widget)
    }

    // MARK: - Texts asked at read time

    private func text(_ kind: PtrA11yTextKind, index: Int) -> String? {
        switch kind {
        case PTR_A11Y_TEXT_DESCRIPTION:
            return snapshot.description(now: clock())
        case PTR_A11Y_TEXT_ROW:
            if let textSource, index >= 0, index < textSource.rowCount {
                let row = textSource.row(at: index)
                return row.subtitle.isEmpty ? row.title : "\(row.title), \(row.subtitle)"
            }
            guard let source, index >= 0, index < source.rowCount else { return nil }
            return source.accessibleName(ofRow: index)
        default:
            return nil
        }
    }
}

// MARK: - Into C

extension AccessibleSnapshot {
    /// Copies the snapshot into C's struct (g_malloc'ed strings, which C owns).
    func fill(_ out: UnsafeMutablePointer<PtrA11ySnapshot>) {
        out.pointee.name = g_strdup(name)
        out.pointee.description_key = g_strdup(descriptionKey)
        out.pointee.busy = busy ? 1 : 0
        out.pointee.manages_descendants = exposesRows ? 1 : 0
        out.pointee.actions = Self.strv(actions.flatMap(\.fields))
        out.pointee.attributes = Self.strv(attributes.flatMap { [$0.name, $0.value] })
        out.pointee.row_count = gint(clamping: rowCount)
        out.pointee.first_row = gint(clamping: firstRow)
        out.pointee.n_rows = gint(clamping: visibleRows)
        switch focusedChild {
        case .row(let row): out.pointee.focused_child = gint(clamping: row - firstRow)
        case .footer: out.pointee.focused_child = gint(clamping: visibleRows)
        case nil: out.pointee.focused_child = -1
        }
        out.pointee.footer_name = footer.map { g_strdup($0.name) } ?? nil
        out.pointee.footer_showing = footer?.showing == true ? 1 : 0
        out.pointee.footer_actionable = footer?.actionable == true ? 1 : 0
        out.pointee.footer_actions = footer.map { Self.strv($0.action.fields) } ?? nil
        out.pointee.selected_row = gint(clamping: selectedRow)
        // C puts each row's index after the id: "activate-row:5" (onAction).
        guard exposesRows else { return }
        out.pointee.row_actions = Self.strv(Action(name: "activate", id: "activate-row", localizedName: L10n.activateRow,
                                                   keyBinding: KeyTable.accessibleName(KeyTable.activate)).fields)
    }

    /// A NULL-terminated, g_malloc'ed string vector (g_strfreev frees it).
    private static func strv(_ strings: [String]) -> UnsafeMutablePointer<UnsafeMutablePointer<gchar>?> {
        let vector = g_malloc0_n(gsize(strings.count + 1), gsize(MemoryLayout<UnsafeMutablePointer<gchar>?>.stride))!
            .bindMemory(to: UnsafeMutablePointer<gchar>?.self, capacity: strings.count + 1)
        for (i, string) in strings.enumerated() { vector[i] = g_strdup(string) }
        return vector
    }
}

extension AccessibleSnapshot.Action {
    /// In the order of PTR_A11Y_ACTION_NAME … PTR_A11Y_ACTION_KEYBINDING.
    fileprivate var fields: [String] { [name, id, localizedName, keyBinding] }
}
