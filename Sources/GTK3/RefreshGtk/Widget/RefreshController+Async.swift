import CGtk
import RefreshMainLoop

/// The async way to answer a refresh or a load-more, SwiftUI's `.refreshable { await … }` for
/// GTK: the header stays open exactly while the closure runs (docs/main-loop.md).
extension RefreshController {
    /// Runs when the user (or ``beginRefreshing()``) asks for a refresh, once the header has
    /// settled open; the refresh lasts exactly while the closure runs.
    ///
    /// Prepend the new rows to the row source, then return how many there are: the header
    /// closes and the rows appear above the ones the user was reading. Throwing ends the refresh
    /// in the failed state ("Couldn't refresh") with every row kept.
    ///
    /// ```swift
    /// view.refreshAction = {
    ///     let messages = try await server.newMessages()
    ///     inbox.prepend(messages)
    ///     return messages.count
    /// }
    /// ```
    ///
    /// The closure runs in a `Task` on the main actor, which GTK's main loop services (see
    /// ``/RefreshMainLoop/GtkMainQueue``). A second refresh cannot start while it runs. When the widget is
    /// destroyed the task is cancelled (`Task.isCancelled` turns true, `Task.sleep` and
    /// cancellation-aware calls throw) and whatever it returns or throws afterwards is ignored.
    /// Calling ``endRefreshing(ok:insertedAtTop:)`` yourself while it runs ends the refresh at
    /// once; the task's result then changes nothing (and a new refresh cancels that task).
    ///
    /// When set, it is used instead of ``onRefresh``. Set it to `nil` to go back to `onRefresh`;
    /// a refresh already running keeps its task.
    public var refreshAction: (@MainActor () async throws -> Int)? {
        get { driver.asyncActions.refresh }
        set { driver.asyncActions.refresh = newValue }
    }

    /// Runs when the footer asks for more rows; loading lasts exactly while the closure runs.
    ///
    /// Append the page to the row source, then return how many rows were `added` and whether the
    /// source is `exhausted` (the footer then says "No more items" until the next refresh).
    /// Throwing ends the load in the failed state ("click to retry") with every row kept.
    ///
    /// ```swift
    /// view.loadMoreAction = {
    ///     let page = try await server.page(after: inbox.last)
    ///     inbox.append(page.messages)
    ///     return (added: page.messages.count, exhausted: page.isLast)
    /// }
    /// ```
    ///
    /// Cancellation, a late result and ``endLoading(ok:added:exhausted:)`` behave as for
    /// ``refreshAction``. When set, it is used instead of ``onLoadMore``.
    public var loadMoreAction: (@MainActor () async throws -> (added: Int, exhausted: Bool))? {
        get { driver.asyncActions.loadMore }
        set { driver.asyncActions.loadMore = newValue }
    }
}

