import CGtk
import CGtkShim
import RefreshCore
import RefreshDrawing

/// What the list shows: the app owns the rows, the widget asks for the visible ones only.
///
/// The widget holds the source until it is destroyed, then lets it go: a source that also holds
/// the view makes no cycle that outlives the widget.
@MainActor
public protocol RowSource: AnyObject {
    /// How many rows there are now; read again after every refresh, load and `reloadData()`.
    var rowCount: Int { get }
    /// Title and subtitle of row `index` (0 ≤ index < rowCount). Called only for visible rows.
    func row(at index: Int) -> (title: String, subtitle: String)
}

/// A pull-to-refresh list: rows from a `RowSource` in a GtkScrolledWindow, a refresh header
/// above them and a load-more footer below, driven by the wheel, a touchpad, a mouse or touch
/// drag and the keyboard (docs/behaviour.md). To add pull-to-refresh to a list the app already
/// has (a GtkTreeView, GtkListBox, GtkTextView, …), use `RefreshBin`.
///
/// ```swift
/// let view = RefreshView(source: rows)
/// view.onRefresh = { fetch { added in view.endRefreshing(ok: true, insertedAtTop: added) } }
/// gtk_container_add(gcast(window), view.widget)
/// ```
///
/// Lifetime: `widget` owns the view, as a GTK container owns its children. Keeping only the
/// widget is enough; when it is destroyed every handler, tick callback and gesture the view
/// added is removed, the handlers and the row source are released, and every later call is a
/// no-op.
@MainActor
public final class RefreshView: RefreshController {
    /// Our virtual list, the view's host: it draws its rows displaced by the pull itself.
    package let list: ListView
    /// ATK: role, name, status, busy state, actions, rows and footer (Widget/Accessibility.swift).
    var accessibility: AccessibilityBridge { accessibilityBridge! }

    /// The qdata key under which the widget holds its view.
    package static let ownerKey = "ptr-refresh-view"

    /// Rows of title and subtitle, drawn by `TextRowRenderer`.
    public convenience init(source: RowSource) {
        self.init(rows: TextRowRenderer(source: source))
    }

    /// Rows the app measures and draws (docs/behaviour.md, "Rows").
    public init(rows: RowRenderer) {
        L10n.bindLibraryDomain()
        let list = ListView(renderer: rows)
        self.list = list
        let accessibility = AccessibilityBridge(area: list.area, source: rows)
        accessibility.list = list
        super.init(host: list, accessibility: accessibility, focusStop: .inArea(list.area), ownerKey: RefreshView.ownerKey)
        rowInteraction = self
        connectPointer()
    }

    /// A click, Enter or an AT's "activate" on a row (docs/behaviour.md, "Rows"): the row's index.
    /// A drag that turns into a scroll or pull, and the tap that stops a fling, activate nothing.
    public var onActivate: ((Int) -> Void)?

    /// The single selection: follows a click and Up/Down; nil: none. Setting it does not scroll.
    public var selectedRow: Int? {
        get { isDestroyed ? nil : list.selectedRow }
        set {
            guard !isDestroyed else { return }
            list.selectedRow = newValue.flatMap { $0 >= 0 && $0 < list.rowCount ? $0 : nil }
            rowStateChanged()
        }
    }

    /// The row under the pointer (drawn hovered), nil when the pointer is away.
    public var hoveredRow: Int? { isDestroyed ? nil : list.hoveredRow }

    /// Hover follows the pointer; it leaves with the pointer and during a pull.
    private func connectPointer() {
        GSignal.connectEvent(list.area, "motion-notify-event") { [weak self] event in
            guard let self, !self.isDestroyed else { return false }
            let y = self.state.hover(atViewportY: event.pointee.motion.y)
            self.list.hoveredRow = y.flatMap(self.list.rowIndex(atViewportY:))
            return false
        }.keep(in: &connections)
        GSignal.connectEvent(list.area, "leave-notify-event") { [weak self] _ in
            self?.list.hoveredRow = nil
            return false
        }.keep(in: &connections)
    }

    private func activate(_ row: Int) {
        guard !isDestroyed else { return }
        onActivate?(row)
    }

    /// The PtrRefreshList this view is the child of (docs/gobject-api.md), if it was made by one;
    /// it outlives the view's teardown (it destroys the view's widget when it is destroyed).
    var gobjectList: OpaquePointer?

    override func didReport(_ event: EngineEvent) {
        guard let list = gobjectList else { return }
        switch event {
        case .refreshRequested: ptr_refresh_list_emit(list, 0)
        case .loadRequested: ptr_refresh_list_emit(list, 1)
        case .header, .footer:
            ptr_refresh_list_report(list, headerPhase == .refreshing ? 1 : 0, footerPhase == .loading ? 1 : 0)
        case .refreshQueued: break
        }
    }

    override func gobjectAnswers(loadMore: Bool) -> Bool {
        gobjectList.map { ptr_refresh_list_has_handler($0, loadMore ? 1 : 0) != 0 } ?? false
    }

    /// The view a widget made by `RefreshView` belongs to (nil for any other widget).
    public static func owning(_ widget: UnsafeMutablePointer<GtkWidget>) -> RefreshView? {
        GObjectOwnership.owned(by: widget, key: ownerKey, as: RefreshView.self)
    }
}

/// Our list's rows are activated, selected and hovered (docs/behaviour.md, "Rows").
extension RefreshView: RowInteraction {
    package func click(atViewportY viewportY: Double) {
        guard let row = list.rowIndex(atViewportY: viewportY) else { return }
        list.cursorFocused = true
        selectedRow = row
        activate(row)
    }

    package func moveSelection(by step: Int) -> Bool {
        let onScreen = list.selectedRow.map(list.rowIsOnScreen) ?? false
        guard let row = RowSelection.next(from: list.selectedRow, step: step, count: list.rowCount,
                                          selectedOnScreen: onScreen, firstWholeRow: list.firstWholeRow)
        else { return false }
        list.cursorFocused = true
        selectedRow = row
        list.measureRow(row)  // shown whole at its true height
        let rect = list.rowRect(row)
        let top = list.offset - list.displacement + rect.y
        scrollToShow(top: top, bottom: top + rect.height)
        return true
    }

    package func activateSelection() -> Bool {
        guard let row = list.selectedRow else { return false }
        activate(row)
        return true
    }

    package func accessibleAction(_ id: String) {
        if id == "select-none" {
            selectedRow = nil
            return
        }
        let (activates, select) = ("activate-row:", "select-row:")
        guard let prefix = [activates, select].first(where: id.hasPrefix),
              let row = Int(id.dropFirst(prefix.count)), row >= 0, row < list.rowCount
        else { return }
        if prefix == activates {
            selectedRow = row
            activate(row)
        } else {
            // AtkSelection selects as a click does (the focus ring on the row), without activating.
            list.cursorFocused = true
            selectedRow = row
        }
    }

    package func detach() {
        onActivate = nil
    }
}
