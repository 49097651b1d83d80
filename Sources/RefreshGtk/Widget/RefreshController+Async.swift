import CGtk

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
    /// ``GtkMainQueue``). A second refresh cannot start while it runs. When the widget is
    /// destroyed the task is cancelled (`Task.isCancelled` turns true, `Task.sleep` and
    /// cancellation-aware calls throw) and whatever it returns or throws afterwards is ignored.
    /// Calling ``endRefreshing(ok:insertedAtTop:)`` yourself while it runs ends the refresh at
    /// once; the task's result then changes nothing (and a new refresh cancels that task).
    ///
    /// When set, it is used instead of ``onRefresh``. Set it to `nil` to go back to `onRefresh`;
    /// a refresh already running keeps its task.
    public var refreshAction: (@MainActor () async throws -> Int)? {
        get { asyncActions.refresh }
        set { asyncActions.refresh = newValue }
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
        get { asyncActions.loadMore }
        set { asyncActions.loadMore = newValue }
    }
}

/// The async handlers of one view and the task running one of them. The view calls
/// `startRefresh`/`startLoadMore` where it would call `onRefresh`/`onLoadMore`, and `tearDown`
/// when its widget is destroyed.
@MainActor
package final class AsyncActions {
    var refresh: (@MainActor () async throws -> Int)?
    var loadMore: (@MainActor () async throws -> (added: Int, exhausted: Bool))?

    /// Tasks started by all views and not finished yet (for tests: back to 0 after teardown).
    package private(set) static var liveTasks = 0

    private var refreshTask: Task<Void, Never>?
    private var loadTask: Task<Void, Never>?
    /// Identifies the current task of each kind: a task whose token was replaced (a new refresh
    /// started after the app ended the previous one itself) or cleared (teardown) applies nothing.
    private var refreshToken = 0
    private var loadToken = 0
    private var nextToken = 0

    init() {
        // The first view makes async code work under GTK's loop (docs/main-loop.md).
        GtkMainQueue.installForView()
    }

    /// Starts the async refresh if there is one; false: the view calls `onRefresh` instead.
    func startRefresh(for view: RefreshController) -> Bool {
        guard let action = refresh else { return false }
        refreshTask?.cancel()
        nextToken += 1
        let token = nextToken
        refreshToken = token
        refreshTask = run(action) { [weak self, weak view] outcome in
            guard let self, self.refreshToken == token else { return }
            self.refreshToken = 0
            self.refreshTask = nil
            guard let view, !view.isDestroyed else { return }
            switch outcome {
            case let .success(inserted): view.endRefreshing(ok: true, insertedAtTop: inserted)
            case .failure: view.endRefreshing(ok: false)
            }
        }
        return true
    }

    /// Starts the async load-more if there is one; false: the view calls `onLoadMore` instead.
    func startLoadMore(for view: RefreshController) -> Bool {
        guard let action = loadMore else { return false }
        loadTask?.cancel()
        nextToken += 1
        let token = nextToken
        loadToken = token
        loadTask = run(action) { [weak self, weak view] outcome in
            guard let self, self.loadToken == token else { return }
            self.loadToken = 0
            self.loadTask = nil
            guard let view, !view.isDestroyed else { return }
            switch outcome {
            case let .success(page): view.endLoading(ok: true, added: page.added, exhausted: page.exhausted)
            case .failure: view.endLoading(ok: false, added: 0, exhausted: false)
            }
        }
        return true
    }

    /// The widget was destroyed: cancel both tasks, ignore their results, drop the closures
    /// (they may hold the view or the row source).
    func tearDown() {
        refreshToken = 0
        loadToken = 0
        refreshTask?.cancel()
        loadTask?.cancel()
        refreshTask = nil
        loadTask = nil
        refresh = nil
        loadMore = nil
    }

    /// Runs `action` in a main-actor task and hands its outcome to `finish`, unless cancelled.
    private func run<T: Sendable>(
        _ action: @escaping @MainActor () async throws -> T,
        finish: @escaping @MainActor (Result<T, any Error>) -> Void
    ) -> Task<Void, Never> {
        AsyncActions.liveTasks += 1
        return Task { @MainActor in
            defer { AsyncActions.liveTasks -= 1 }
            let outcome: Result<T, any Error>
            do { outcome = .success(try await action()) } catch { outcome = .failure(error) }
            // Cancelled: the widget went away or the app ended it; a late result changes nothing.
            guard !Task.isCancelled else { return }
            finish(outcome)
        }
    }
}
