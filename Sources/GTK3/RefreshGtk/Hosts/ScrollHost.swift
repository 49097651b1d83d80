import CGtk
import RefreshCore
import RefreshWidgetCore

/// A scrolling widget the engine drives: our virtual list (`ListView`) or an app's own
/// GtkScrolledWindow wrapped in a `PtrRefreshBin` (`ScrolledWindowHost`). The engine plumbing
/// (`RefreshController`: input capture → engine → ticks → decorations → handlers) is the same for
/// every host, and every decision is the engine's; a host only answers what it alone knows — its
/// extent, its scroll position, how it moves its content, its row count and where input arrives
/// (docs/architecture.md, "Hosts"). Rows the user can activate and select are a separate, optional
/// role (`RowInteraction`).
@MainActor
package protocol ScrollHost: AnyObject {
    /// Where input arrives, which widget owns the controller and which one paints.
    var widgets: HostWidgets { get }

    // MARK: Extent

    /// The viewport's height (the vertical adjustment's page size), in logical px.
    var viewportHeight: Double { get }
    /// Height of all rows (what the engine calls rowsHeight), in logical px.
    var rowsHeight: Double { get }
    /// The host's real row count (the trace's `rows`).
    var rowCount: Int { get }

    // MARK: Scroll position and moving the content

    /// The engine's scroll offset, 0 … engine.maxOffset, in logical px. Setting it moves the
    /// host's vertical adjustment (and whatever extra room the host adds for the footer).
    var offset: Double { get set }
    /// Logical px the content is shown shifted down from its scroll position (pull − push).
    var displacement: Double { get set }
    /// The engine's `footerRoom`: scrollable space after the last row for the auto-mode footer.
    var footerRoom: Double { get set }

    // MARK: Keys

    /// Where the engine's eased key scroll goes (`KeyAction.easedScroll`), from the rows the
    /// host knows, or nil: the engine's own target.
    func easedScrollTarget(_ command: ScrollCommand, from base: Double) -> Double?
    /// The host's own key bindings handle `command` (`KeyAction.native`: it moves its cursor).
    func hostHandlesKey(_ command: ScrollCommand)
    /// The kind of list the keys reach (read at each key: an app may show or hide a text view's
    /// cursor at any time).
    var keyHost: KeyHost { get }
    /// One arrow-key step, in logical px.
    var lineHeight: Double { get }

    // MARK: Rows changing

    /// The app changed its rows: the height of the rows it prepended or appended, when the host
    /// knows it now; nil when the host only knows once it has laid them out (it then reports
    /// the change through `HostHooks.rowsHeightChanged`).
    func rowsChanged(_ change: RowsChange) -> Double?
    /// The header came back to rest: the rows an ending refresh prepended have all arrived.
    func headerDidSettle()

    // MARK: Notifications

    /// Redraw the decorations (the header and footer areas).
    func queueDraw()
    /// Connects the host's notifications to the controller.
    func attach(_ hooks: HostHooks)
    /// The widget is going away: disconnect everything, drop the hooks.
    func detach()
    /// The press's phase after the engine took a press input (`PressGesture`): a host whose
    /// own handling of the press changes something (a tree view selects the row under it)
    /// undoes that when the press becomes the engine's.
    func pressChanged(_ phase: PressGesture.Phase)
}

/// Rows the user activates and selects, with hover: our list has them (`RefreshView`); a
/// wrapped host's rows are its own and it has none of ours. The controller asks this role
/// instead of overridden methods or downcasts.
@MainActor
package protocol RowInteraction: AnyObject {
    /// A click on the content at viewport y (the engine said it is one): activate and select.
    func click(atViewportY y: Double)
    /// Up or Down moved the selection (true), or there is none to move (false: the keys scroll).
    func moveSelection(by step: Int) -> Bool
    /// Enter activated the selected row (true), or none is selected.
    func activateSelection() -> Bool
    /// An AT ran a row action ("activate-row:N") or AtkSelection asked for a selection
    /// ("select-row:N", "select-none").
    func accessibleAction(_ id: String)
    /// The widget is going away: drop the app's handlers.
    func detach()
}

/// Which decorations a host's draw callback paints.
package struct DecorationParts: OptionSet, Sendable {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
    package static let header = DecorationParts(rawValue: 1)
    package static let footer = DecorationParts(rawValue: 2)
    package static let all: DecorationParts = [.header, .footer]
}

/// What a host tells the controller.
package struct HostHooks {
    /// The scroll position changed from outside (scrollbar, the scrolled window, the host's keys).
    var offsetChanged: @MainActor (Double) -> Void
    /// The viewport's height changed.
    var viewportChanged: @MainActor (Double) -> Void
    /// The content's height changed on the host's own (rows laid out), with the part inserted
    /// above the rows on screen.
    var rowsHeightChanged: @MainActor (_ height: Double, _ insertedAbove: Double) -> Void
    /// Draw the header and footer: cairo context, width, height of the drawing area, the y of
    /// the viewport's top in it (where footerVisual.top is measured from), and which of the two.
    var draw: @MainActor (OpaquePointer, Double, Double, Double, DecorationParts) -> Void
    var firstFrame: @MainActor () -> Void
    /// Theme, font, screen or scale changed.
    var styleChanged: @MainActor () -> Void
}

/// Where a host's input arrives, and the widgets the controller hangs on.
package struct HostWidgets {
    /// The widget the app packs; it owns the controller and its "destroy" tears it down.
    var root: UnsafeMutablePointer<GtkWidget>
    /// Frame-clock ticks run on it, and its style (colours, fonts, scale) paints the decorations.
    var style: UnsafeMutablePointer<GtkWidget>
    /// Widgets whose "scroll-event" the controller sees before their class handler (the first
    /// one that sees an event decides; the others skip it).
    var scrollWidgets: [UnsafeMutablePointer<GtkWidget>]
    /// Widgets whose "key-press-event" the controller sees before their class handler: the list
    /// itself (`listKeys`: its keys are `ScrollHost.keyHost`'s, read at each key) or a widget
    /// that sees what the list left unhandled (as on a view without a cursor). What a key does
    /// is `KeyTable.action(for:on:)`.
    var keyWidgets: [(widget: UnsafeMutablePointer<GtkWidget>, listKeys: Bool)]
    /// The widget the drag and click gestures attach to, and in which phase.
    var gestureWidget: UnsafeMutablePointer<GtkWidget>
    var gesturePhase: GtkPropagationPhase
    /// The host selects rows or text with a mouse drag: such a drag mid-list is the host's, not
    /// a scroll (`PressGesture.Device.mouse(hostSelects:)`).
    var mouseSelects: Bool
    /// The footer's room is not in the host's scroll range: the engine scrolls into it
    /// (`RefreshEngine.footerRoomOutsideHost`).
    var footerRoomOutsideRange: Bool
    /// The scrolled window whose own kinetic scrolling is switched off (docs/architecture.md).
    var scrolledWindow: UnsafeMutablePointer<GtkWidget>
}
