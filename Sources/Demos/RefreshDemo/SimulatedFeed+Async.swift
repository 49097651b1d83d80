import RefreshGtk

/// The demo's source as async functions (`refresh-demo --source async`): the same answers as the
/// GLib-timeout source — decided from the same seeded generator in the same order, applied after
/// the same latency — awaited with `Task.sleep` on the main actor (docs/main-loop.md).
extension SimulatedFeed {
    /// A refresh failed (the simulated network said no).
    package struct Failure: Error, Equatable {}

    /// After `latency`: prepends 1…pageSize rows and restarts paging, or fails. Throws
    /// `CancellationError` if cancelled while waiting, and then changes nothing.
    package func refresh() async throws -> Result {
        let apply = plannedRefresh()
        try await sleepLatency()
        return apply(self)
    }

    /// After `latency`: appends one page, or reports exhaustion, or fails; cancellation as above.
    package func loadMore() async throws -> Result {
        let apply = plannedLoad()
        try await sleepLatency()
        return apply(self)
    }

    private func sleepLatency() async throws {
        // Whole milliseconds, as the timeout source waits.
        let milliseconds = (latency * 1000).rounded()
        try await Task.sleep(nanoseconds: UInt64(max(0, milliseconds)) * 1_000_000)
    }
}

extension DemoApp {
    /// `--source async`: the view's async handlers await the feed; the trace lines are the ones
    /// the timeout source writes, in the same order (begin when asked, end before the view ends).
    func useAsyncSource(on view: RefreshController) {
        view.refreshAction = { [weak self] in
            guard let self else { throw CancellationError() }
            trace?.begin("refresh")
            let result = try await feed.refresh()
            applyRefresh(result)
            trace?.end("refresh", ok: result.ok, added: result.added, rows: control?.rowCount ?? rows.rowCount)
            guard result.ok else { throw SimulatedFeed.Failure() }
            return result.added
        }
        view.loadMoreAction = { [weak self] in
            guard let self else { throw CancellationError() }
            trace?.begin("load")
            let result = try await feed.loadMore()
            applyLoad(result)
            trace?.end("load", ok: result.ok, added: result.added, rows: control?.rowCount ?? rows.rowCount)
            guard result.ok else { throw SimulatedFeed.Failure() }
            return (added: result.added, exhausted: result.exhausted)
        }
    }
}
