import RefreshCore

/// What a front end gives the widget core (docs/architecture.md, "The widget core"): the scroll
/// position and the drawing of one toolkit's widget, seen as numbers. `RefreshDriver` decides;
/// the host answers what only it knows and shows what the driver hands it.
///
/// GTK 3's `RefreshController` (our list and the bin for a GtkScrolledWindow) and GTK 4's
/// `RefreshBin` are the two hosts; `Tests/RefreshWidgetCoreTests` drives the core through a
/// fake one, with no display.
@MainActor
package protocol DriverHost: AnyObject {
    /// The scroll offset in the engine's terms (0 at the rows' top), or nil while the host cannot
    /// take one (GTK 4 sets a value on the next frame instead, during a layout).
    var hostOffset: Double? { get }
    /// Shows the engine's geometry after an update: the footer's room, then the offset (when it
    /// moved; the host's own report of this move is no user scroll: it checks
    /// `RefreshDriver.isWritingOffset`), then the displacement.
    func place(_ placement: HostPlacement)
    /// Frame ticks run exactly while `needed` (the host may need them for its own work too).
    func setTicking(_ needed: Bool)
    /// The app changed its rows: their height when the host knows it now (`.reloaded`: all the
    /// rows' height), nil when it reports the change itself once it has laid them out.
    func rowsChanged(_ change: RowsChange) -> Double?
    /// The accessible follows the engine.
    func accessible(_ update: AccessibleUpdate)
    /// Mirrors an engine event into the toolkit's object (GObject properties and signals), after
    /// the Swift handlers ran. `.header(.idle, _)`: rows a refresh prepended are no longer held.
    func report(_ event: EngineEvent)
    /// The toolkit's object has a handler for the refresh (`loadMore`: load-more) request.
    func objectAnswers(loadMore: Bool) -> Bool
}

/// The engine's geometry as a host shows it after an update (`DriverHost.place`).
package struct HostPlacement: Equatable, Sendable {
    /// The engine's `footerRoom`: how far past the rows' end it may scroll.
    package var footerRoom: Double
    /// The offset to scroll to, or nil: the host is there already.
    package var offset: Double?
    /// The content moved by the pull (down) or the push (up).
    package var displacement: Double
    /// The header or footer changed where it is (an animation, and its last frame): drawn again
    /// even if the content did not move.
    package var redraw: Bool
}

/// What the accessible hears from the driver (`DriverHost.accessible`).
package enum AccessibleUpdate: Equatable, Sendable {
    /// After every update: its state follows the engine.
    case sync
    /// A refresh is about to end (only while refreshing): it is announced.
    case refreshEnding(ok: Bool, newRows: Int)
}

/// What the app did to its rows (`DriverHost.rowsChanged`).
package enum RowsChange: Equatable, Sendable {
    /// `count` rows prepended; `refreshing`: by the refresh that is ending, at engine offset
    /// `engineOffset` (the host keeps the rows on screen where they are when it lays them out).
    case insertedAtTop(Int, refreshing: Bool, engineOffset: Double)
    /// `count` rows appended by a load.
    case appended(Int)
    /// Any change: re-read the row count and content height, redraw.
    case reloaded
}
