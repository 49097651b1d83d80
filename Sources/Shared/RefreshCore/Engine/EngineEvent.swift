/// What the engine tells its host. Drained after every call with `RefreshEngine.takeEvents()`.
public enum EngineEvent: Sendable, Equatable {
    /// The header changed state; `pull` is the displayed pull then (logical px).
    case header(HeaderPhase, pull: Double)
    /// The footer changed state.
    case footer(FooterPhase)
    /// Run the refresh action now (exactly once per refresh). Answer with `endRefreshing`.
    case refreshRequested
    /// Run the load-more action now (exactly once per load). Answer with `endLoading`.
    case loadRequested
    /// A refresh was asked for while a load runs: it begins (`header(.refreshing)`, then
    /// `refreshRequested`) as soon as the load ends. Reported once per queued refresh.
    case refreshQueued
}
