import CGtk
import RefreshCore

/// A scrolling widget the engine drives: our virtual list (`ListView`) or an app's own
/// GtkScrolledWindow wrapped in a `PtrRefreshBin` (`ScrolledWindowHost`). The engine plumbing
/// (`RefreshController`: input capture → engine → ticks → decorations → handlers) is the same for
/// every host; a host only says where its scroll position lives, how the content is displaced
/// by the pull and push, and which widgets receive input (docs/architecture.md, "Hosts").
@MainActor
package protocol ScrollHost: AnyObject {
    /// The widget the app packs; its "destroy" tears the controller down.
    var rootWidget: UnsafeMutablePointer<GtkWidget> { get }
    /// Frame-clock ticks run on it, and its style (colours, fonts, scale) paints the decorations.
    var styleWidget: UnsafeMutablePointer<GtkWidget> { get }
    /// Where input is captured, and how.
    var input: HostInput { get }

    /// The engine's scroll offset, 0 … engine.maxOffset, in logical px. Setting it moves the
    /// host's vertical adjustment (and whatever extra room the host adds for the footer).
    var offset: Double { get set }
    /// Logical px the content is shown shifted down from its scroll position (pull − push).
    var displacement: Double { get set }
    /// Auto-mode footer room after the last row (the virtual list puts it in its adjustment).
    var extraBottom: Double { get set }
    /// True: the footer's room is not in the host's adjustment, the engine scrolls into it itself.
    var footerRoomIsVirtual: Bool { get }
    /// Height of all rows (what the engine calls rowsHeight), in logical px.
    var rowsHeight: Double { get }
    /// The viewport's height (the vertical adjustment's page size), in logical px.
    var viewportHeight: Double { get }
    /// The host's real row count (the trace's `rows`).
    var rowCount: Int { get }
    /// One arrow-key step, in logical px.
    var lineHeight: Double { get }
    var hasDrawnFirstFrame: Bool { get }

    /// Home/End/Page keys that reached the controller: true if the host scrolled itself, false
    /// to let the engine scroll (eased).
    func scroll(_ command: ScrollCommand) -> Bool
    /// The offset Page Up or Down goes to from `base`, computed from the host's rows; nil: the
    /// engine's page (0.9 of the viewport).
    func pageTarget(_ command: ScrollCommand, from base: Double) -> Double?
    /// Home or End is about to be handled by the host's own key bindings (it moves its cursor).
    func hostWillHandle(_ command: ScrollCommand)
    /// Height of `count` rows the app has just prepended; nil when the host only knows once it
    /// has laid them out (it then reports the change through `rowsHeightChanged`).
    func heightOfRowsInserted(atTop count: Int) -> Double?
    /// Height of `count` rows the app has just appended, or nil (as above).
    func heightOfRowsAppended(_ count: Int) -> Double?
    /// The app is about to end a refresh that prepended rows: the host keeps the rows on screen
    /// where they are when it lays the new ones out.
    func expectRowsInserted(atTop count: Int, engineOffset: Double)
    /// The header came back to rest: any anchoring bias is folded into the scroll position.
    func headerDidSettle() -> Double?
    /// The rows changed: re-read the row count and content height, redraw.
    func reloadData()
    /// Redraw the decorations (the header and footer areas).
    func queueDraw()
    /// Connects the host's notifications to the controller.
    func attach(_ hooks: HostHooks)
    /// The widget is going away: disconnect everything, drop the hooks.
    func detach()
    /// A press or touch began on the host (seen before the host's own handling of it).
    func pressBegan()
    /// The press became a pull or a scroll of ours: whatever the host's own handling of the
    /// press changed (a row selected under the pointer) is undone.
    func pressBecameScroll()
}

extension ScrollHost {
    package func pressBegan() {}
    package func pressBecameScroll() {}
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

/// Where a host's input is captured.
package struct HostInput {
    /// Widgets whose "scroll-event" the controller sees before their class handler (the first
    /// one that sees an event decides; the others skip it).
    var scrollWidgets: [UnsafeMutablePointer<GtkWidget>]
    /// Widgets whose "key-press-event" the controller sees before their class handler;
    /// `scrollKeys: false` leaves Home/End/Page/arrow keys to the widget (a GtkTreeView moves its
    /// cursor with them) and takes only F5 and Ctrl+R there.
    var keyWidgets: [(widget: UnsafeMutablePointer<GtkWidget>, scrollKeys: Bool)]
    /// The widget the drag and click gestures attach to, and in which phase.
    var gestureWidget: UnsafeMutablePointer<GtkWidget>
    var gesturePhase: GtkPropagationPhase
    /// True: a mouse drag mid-list scrolls, as a finger does (our list). False: a mouse drag
    /// only pulls or pushes at an edge and is otherwise left to the host (it selects text or
    /// rows with the mouse).
    var mouseDragsScroll: Bool
    /// The scrolled window whose own kinetic scrolling is switched off (docs/architecture.md).
    var scrolledWindow: UnsafeMutablePointer<GtkWidget>
}
