// The async refresh and load-more handlers (docs/main-loop.md), shared by both toolkits' widgets.

/// What runs an async refresh or load-more: a refresh widget of either toolkit (GTK 3's
/// `RefreshController`, GTK 4's `RefreshBin`), answered as its `endRefreshing`/`endLoading` would be.
@MainActor
package protocol AsyncActionsOwner: AnyObject {
    var isDestroyed: Bool { get }
    func endRefreshing(ok: Bool, insertedAtTop: Int)
    func endLoading(ok: Bool, added: Int, exhausted: Bool)
}

/// The async handlers of one view and the task running one of them. The view calls
/// `startRefresh`/`startLoadMore` where it would call `onRefresh`/`onLoadMore`, and `tearDown`
/// when its widget is destroyed.
@MainActor
package final class AsyncActions {
    package var refresh: (@MainActor () async throws -> Int)?
    package var loadMore: (@MainActor () async throws -> (added: Int, exhausted: Bool))?

    /// Tasks started by all views and not finished yet (for tests: back to 0 after teardown).
    package private(set) static var liveTasks = 0

    private var refreshTask: Task<Void, Never>?
    private var loadTask: Task<Void, Never>?
    /// Identifies the current task of each kind: a task whose token was replaced (a new refresh
    /// started after the app ended the previous one itself) or cleared (teardown) applies nothing.
    private var refreshToken = 0
    private var loadToken = 0
    private var nextToken = 0

    package init() {
        // The first view makes async code work under GTK's loop (docs/main-loop.md).
        GtkMainQueue.installForView()
    }

    /// Starts the async refresh if there is one; false: the view calls `onRefresh` instead.
    package func startRefresh(for view: some AsyncActionsOwner) -> Bool {
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
            case .failure: view.endRefreshing(ok: false, insertedAtTop: 0)
            }
        }
        return true
    }

    /// Starts the async load-more if there is one; false: the view calls `onLoadMore` instead.
    package func startLoadMore(for view: some AsyncActionsOwner) -> Bool {
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
    package func tearDown() {
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
