import RefreshMainLoop

/// The async way to answer a refresh or a load-more, as on GTK 3 (`RefreshController.refreshAction`,
/// docs/main-loop.md): the header stays open exactly while the closure runs, on the main actor,
/// which GLib's loop services through `GtkMainQueue`.
extension RefreshBin {
    /// Runs when a refresh starts; the refresh lasts exactly while it runs. Prepend the new rows
    /// to the model, then return how many there are; throwing ends the refresh as failed with
    /// every row kept. When the bin is destroyed the task is cancelled and its result ignored.
    /// Used instead of `onRefresh` when set.
    ///
    /// ```swift
    /// bin.refreshAction = {
    ///     let posts = try await server.newPosts()
    ///     store.prepend(posts)
    ///     return posts.count
    /// }
    /// ```
    public var refreshAction: (@MainActor () async throws -> Int)? {
        get { driver.asyncActions.refresh }
        set { driver.asyncActions.refresh = newValue }
    }

    /// Runs when the footer asks for more rows; loading lasts exactly while it runs. Append the
    /// page, then return how many rows were `added` and whether the source is `exhausted`;
    /// throwing ends the load as failed ("click to retry"). Used instead of `onLoadMore` when set.
    public var loadMoreAction: (@MainActor () async throws -> (added: Int, exhausted: Bool))? {
        get { driver.asyncActions.loadMore }
        set { driver.asyncActions.loadMore = newValue }
    }
}
