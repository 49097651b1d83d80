import CGLib
import RefreshCore
import RefreshMainLoop

/// The engine driver of every refresh widget, whatever the toolkit (docs/architecture.md, "The
/// widget core"): it runs each engine call, writes the result into the host, tells the app what
/// happened and keeps frames ticking while the engine animates. The front ends capture input
/// and call it; they own no rule of their own.
///
/// ```swift
/// let driver = RefreshDriver(engine: RefreshEngine(viewportHeight: 600, rowsHeight: 4000))
/// driver.host = self                  // a DriverHost
/// driver.onRefresh = { fetch { n in driver.endRefreshing(ok: true, insertedAtTop: n) } }
/// driver.update { $0.scroll(delta: -40, source: .wheel, at: $1) }
/// ```
///
/// Lifetime: the widget owns its driver and calls `tearDown()` when it goes away; every call after
/// it is a no-op, and nothing it holds (handlers, an async task) runs again.
@MainActor
package final class RefreshDriver: AsyncActionsOwner {
    /// The host; the widget that owns the driver (weak: the widget owns the driver).
    package weak var host: (any DriverHost)?
    package private(set) var engine: RefreshEngine

    /// Runs once per refresh, when the header has settled open (begun mid-list: after 0.25 s).
    package var onRefresh: (() -> Void)?
    /// Runs once per load-more.
    package var onLoadMore: (() -> Void)?
    /// A refresh was asked for while a load runs: it begins when the load ends.
    package var onRefreshQueued: (() -> Void)?
    /// Every header state change, with the pull in logical px.
    package var onHeaderPhase: ((HeaderPhase, Double) -> Void)?
    /// Every footer state change.
    package var onFooterPhase: ((FooterPhase) -> Void)?
    /// The async handlers and their task (docs/main-loop.md).
    package let asyncActions = AsyncActions()

    /// The engine's time base, in seconds. Nil: GLib's monotonic clock (the frame clock's base).
    /// Tests inject one so that nothing waits in real time; the demos slow it down.
    package var clock: (@MainActor () -> Double)?
    /// Unix seconds now; injected by tests of the last-updated time.
    package var wallClock: @MainActor () -> Double = RefreshDriver.realTime
    /// True once the widget went away: every call is a no-op.
    package private(set) var isDestroyed = false
    /// True while the driver writes the engine's offset into the host: the host's report of that
    /// move is no user scroll.
    package private(set) var isWritingOffset = false
    /// The object's last-updated as last mirrored, on both clocks.
    private var mirror: (wallClock: Double?, engineTime: Double?) = (nil, nil)
    private var decorationsWereAnimating = false

    package init(engine: RefreshEngine) {
        self.engine = engine
    }

    /// Seconds on GLib's monotonic clock, the frame clock's time base.
    package nonisolated static func monotonic() -> Double { Double(g_get_monotonic_time()) / 1_000_000 }
    package nonisolated static func realTime() -> Double { Double(g_get_real_time()) / 1_000_000 }

    /// The engine's time now.
    package func now() -> Double { clock?() ?? Self.monotonic() }

    // MARK: - Running the engine

    /// Runs one engine call at `time` (now by default), writes the result into the host, then
    /// tells the app what happened. Handlers may call back in (`endRefreshing` from `onRefresh`):
    /// the engine call has finished by then, so re-entry is an ordinary new update.
    package func update(at time: Double? = nil, _ body: (inout RefreshEngine, Double) -> Void) {
        guard !isDestroyed else { return }
        body(&engine, time ?? now())
        sync()
        dispatch(engine.takeEvents())
        host?.setTicking(engine.needsTicks)
    }

    /// A frame tick at the frame clock's `frameTime` (an injected clock wins); true while the
    /// engine still needs ticks.
    package func tick(frameTime: Double? = nil) -> Bool {
        guard !isDestroyed else { return false }
        update(at: clock == nil ? frameTime : nil) { $0.tick(at: $1) }
        return engine.needsTicks
    }

    /// Puts the driver into `engine`'s state at once, as if input had brought it there (the QA
    /// tools compare a live widget with the headless renderer in a given moment).
    package func adopt(_ engine: RefreshEngine) {
        update { current, _ in current = engine }
    }

    /// Writes the engine's footer room, offset and displacement into the host.
    package func sync() {
        guard !isDestroyed, let host else { return }
        let offset = host.hostOffset.flatMap { abs($0 - engine.offset) > 0.001 ? engine.offset : nil }
        let animating = engine.decorationsAnimate
        // A header or footer that just stopped animating is drawn once more, at rest.
        let placement = HostPlacement(footerRoom: engine.footerRoom, offset: offset, displacement: engine.displacement,
                                      redraw: animating || decorationsWereAnimating)
        decorationsWereAnimating = animating
        isWritingOffset = offset != nil
        host.place(placement)
        isWritingOffset = false
        host.accessible(.sync)
    }

    private func dispatch(_ events: [EngineEvent]) {
        for event in events {
            guard !isDestroyed else { return }
            // Read before the handlers run (one may replace itself).
            let unanswered = event == .refreshRequested && !answers(loadMore: false)
                || event == .loadRequested && !answers(loadMore: true)
            switch event {
            case let .header(phase, pull): onHeaderPhase?(phase, pull)
            case let .footer(phase): onFooterPhase?(phase)
            case .refreshRequested: if !asyncActions.startRefresh(for: self) { onRefresh?() }
            case .loadRequested: if !asyncActions.startLoadMore(for: self) { onLoadMore?() }
            case .refreshQueued: onRefreshQueued?()
            }
            guard !isDestroyed else { return }
            host?.report(event)
            if unanswered { endUnanswered(event) }
        }
    }

    /// Something answers a refresh (load) request: an async action, a Swift handler or a handler
    /// of the toolkit's object.
    private func answers(loadMore: Bool) -> Bool {
        (loadMore ? asyncActions.loadMore != nil || onLoadMore != nil
                  : asyncActions.refresh != nil || onRefresh != nil) || host?.objectAnswers(loadMore: loadMore) == true
    }

    /// Nothing answers the request: it ends at once rather than spin for ever (docs/behaviour.md#footer-and-load-more,
    /// its missing handlers). A refresh succeeds with no new rows (the header closes); a load finds
    /// nothing more (the footer says so until the next refresh).
    private func endUnanswered(_ event: EngineEvent) {
        if event == .refreshRequested, engine.header == .refreshing {
            endRefreshing(ok: true)
        } else if event == .loadRequested, engine.footer == .loading {
            endLoading(ok: true, added: 0, exhausted: true)
        }
    }

    // MARK: - The refresh lifecycle (docs/behaviour.md#refresh-lifecycle)

    /// Refreshes as if the user had pulled: at the top the header opens, scrolled it runs in place
    /// (queued during a load).
    package func beginRefreshing() {
        update { _ = $0.beginRefreshing(at: $1) }
    }

    /// Ends the refresh; `insertedAtTop` rows were prepended by the app (0 on failure). No-op
    /// when not refreshing.
    package func endRefreshing(ok: Bool, insertedAtTop: Int = 0) {
        guard !isDestroyed else { return }
        let count = ok ? max(insertedAtTop, 0) : 0
        let refreshing = engine.header == .refreshing
        if refreshing { host?.accessible(.refreshEnding(ok: ok, newRows: insertedAtTop)) }
        let inserted = count > 0
            ? host?.rowsChanged(.insertedAtTop(count, refreshing: refreshing, engineOffset: engine.offset)) ?? 0 : 0
        update { _ = $0.endRefreshing(ok: ok, insertedHeight: inserted, at: $1) }
        reloadRows()
    }

    /// Ends the load; `added` rows were appended (0 on failure), `exhausted`: nothing more to
    /// load. No-op when not loading.
    package func endLoading(ok: Bool, added: Int = 0, exhausted: Bool = false) {
        guard !isDestroyed else { return }
        // nil: the host lays the rows out later and reports their height then.
        var height: Double? = 0
        if ok, added > 0, let host { height = host.rowsChanged(.appended(added)) }
        update { _ = $0.endLoading(ok: ok, addedHeight: height, exhausted: exhausted, at: $1) }
        reloadRows()
    }

    /// The widget can no longer show the list (unrealized: its window went away, or it was taken
    /// out of it): a refresh or load under way ends at once, reported idle, so an app that still
    /// holds the widget does not read `refreshing` for ever; the app's later answer is a no-op.
    package func abandon() {
        update { $0.abandon(at: $1) }
    }

    /// Starts a load-more, or retries a failed one, as a click on the footer does.
    package func loadMore() {
        update { _ = $0.loadMore(at: $1) }
    }

    /// The app changed its rows outside a refresh or a load: the engine takes the host's height
    /// (the host knows it better than any count the app reported).
    package func reloadRows() {
        guard !isDestroyed, let height = host?.rowsChanged(.reloaded) else { return }
        // Once: a host whose layout depends on the engine (the footer's room) follows it itself.
        if abs(engine.rowsHeight - height) > 0.001 { update { $0.setRowsHeight(height, at: $1) } }
        sync()
    }

    // MARK: - Last updated (the GObject's `last-updated` is wall-clock time)

    /// The last successful refresh on the wall clock (Unix seconds), or nil: the engine keeps it
    /// in its own time, which only moves forward with the monotonic clock.
    package var lastUpdatedWallClock: Double? {
        get { engine.lastUpdated.map(wallClock(atEngineTime:)) }
        set {
            let time = newValue.map { now() - (wallClock() - $0) }
            update { engine, _ in engine.setLastUpdated(time) }
        }
    }

    /// Engine time `t` on the wall clock (Unix seconds), as the accessible's description says it.
    package func wallClock(atEngineTime t: Double) -> Double { wallClock() - (now() - t) }

    /// A header style or footer mode into the engine (each only when it changed). On both bins they
    /// come from the GObject, which holds them: the Swift API writes the object, whose setter
    /// applies them here, then notifies (docs/gobject-api.md, "How it is built").
    package func objectSettings(style: HeaderStyle? = nil, footerMode: FooterMode? = nil) {
        update { engine, now in
            if let style, style != engine.style { engine.setStyle(style, at: now) }
            if let footerMode, footerMode != engine.footerMode { engine.setFooterMode(footerMode, at: now) }
        }
    }

    /// Mirrors the toolkit object's `last-updated` (wall-clock time, which an app or a binding
    /// sets) into the engine: a new value is taken, the value last mirrored from the engine is
    /// not (the two clocks drift apart, so it would move a little on every round trip).
    package func objectLastUpdated(_ wall: Double?) {
        guard wall != mirror.wallClock else { return }
        lastUpdatedWallClock = wall
        mirror = (wall, engine.lastUpdated)
    }

    /// A successful refresh set a new time: what to write into the object's `last-updated`, or nil
    /// when it holds the engine's time already. The host writes it, then gives back what the
    /// object holds (`lastUpdatedReported`).
    package var lastUpdatedToReport: Double? {
        engine.lastUpdated != mirror.engineTime ? lastUpdatedWallClock : nil
    }

    /// The object now holds `wall` for the engine's last-updated (after `lastUpdatedToReport`).
    package func lastUpdatedReported(_ wall: Double?) {
        mirror = (wall, engine.lastUpdated)
    }

    // MARK: - Lifetime

    /// The widget is going away: the async task is cancelled and no handler runs again.
    package func tearDown() {
        guard !isDestroyed else { return }
        isDestroyed = true
        asyncActions.tearDown()
        onRefresh = nil
        onLoadMore = nil
        onRefreshQueued = nil
        onHeaderPhase = nil
        onFooterPhase = nil
    }
}
