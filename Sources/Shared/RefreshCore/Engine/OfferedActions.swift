/// Which of the control's actions an assistive technology is offered now
/// (docs/accessibility.md): one rule for every front end. A refresh is offered at rest unless a
/// load runs; load-more while the footer waits; retry while it shows a failed load. Mid-pull,
/// mid-refresh and during the end animation nothing is offered: the header is busy.
public struct OfferedActions: Sendable, Equatable {
    public var refresh: Bool
    public var loadMore: Bool
    public var retry: Bool

    public init(refresh: Bool, loadMore: Bool, retry: Bool) {
        self.refresh = refresh
        self.loadMore = loadMore
        self.retry = retry
    }
}

extension RefreshEngine {
    /// The actions offered now.
    public var offeredActions: OfferedActions {
        let atRest = header == .idle
        let canLoad = atRest && hasFooter
        return OfferedActions(refresh: atRest && footer != .loading, loadMore: canLoad && footer == .idle,
                              retry: canLoad && footer == .failed)
    }
}
