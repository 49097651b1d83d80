import RefreshCore

/// What a front end gives the widget core (docs/architecture.md, "The widget core"): the scroll
/// position and the drawing of one toolkit's widget, seen as numbers. `RefreshDriver` writes the
/// engine's answers through it; the front end calls the driver with the input it captured.
///
/// GTK 3's `RefreshController` (our list and the bin for a GtkScrolledWindow) and GTK 4's
/// `RefreshBin` are the two hosts; `Tests/RefreshWidgetCoreTests` drives the core through a
/// fake one, with no display.
@MainActor
package protocol DriverHost: AnyObject {
    /// The scroll offset in the engine's terms (0 at the rows' top), or nil while the host cannot
    /// take one (GTK 4 sets a value on the next frame instead, during a layout).
    var hostOffset: Double? { get }
    /// Scrolls the host to the engine's offset. The host's own report of this move is no user
    /// scroll: it checks `RefreshDriver.isWritingOffset`.
    func setHostOffset(_ offset: Double)
    /// The room the footer takes past the rows, in logical px.
    func setFooterRoom(_ room: Double)
    /// Moves the content by the pull (down) or the push (up), redrawing the gaps when it moved;
    /// `redraw`: the header or footer changed where it is (an animation, and its last frame) and
    /// is drawn again too.
    func show(displacement: Double, redraw: Bool)
    /// After every update: the accessible state follows the engine.
    func didSync()
    /// Frame ticks run exactly while `needed` (the host may need them for its own work too).
    func setTicking(_ needed: Bool)
    /// The header came to rest in `.idle`: rows a refresh prepended are no longer held.
    func headerDidSettle()
    /// A refresh is about to end: the accessible announces it (only while refreshing).
    func refreshWillEnd(ok: Bool, newRows: Int)
    /// `count` rows were prepended by a refresh (`refreshing`: it was still running); the height
    /// they take if the host knows it now, else 0 (it reports the growth when it lays them out).
    func rowsInsertedAtTop(_ count: Int, refreshing: Bool, engineOffset: Double) -> Double
    /// `count` rows were appended by a load: their height if known now, else nil (the host
    /// reports the growth when it lays them out).
    func rowsAppended(_ count: Int) -> Double?
    /// The app's rows may have changed: the host's rows' height now, or nil when it reports
    /// changes itself.
    func reloadRows() -> Double?
    /// Mirrors an engine event into the toolkit's object (GObject properties and signals), after
    /// the Swift handlers ran.
    func report(_ event: EngineEvent)
    /// The toolkit's object has a handler for the refresh (`loadMore`: load-more) request.
    func objectAnswers(loadMore: Bool) -> Bool
}
