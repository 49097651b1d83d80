import CGtk
import RefreshCore

/// What the list shows: the app owns the rows, the widget asks for the visible ones only.
@MainActor
public protocol RowSource: AnyObject {
    var rowCount: Int { get }
    /// Title and subtitle of row `index` (0 ≤ index < rowCount). Called only for visible rows.
    func row(at index: Int) -> (title: String, subtitle: String)
}

/// The reusable pull-to-refresh list (SPEC §3.5). API CONTRACT — the body is being written.
@MainActor
public final class RefreshView {
    /// The widget to pack into a container (a GtkScrolledWindow).
    public private(set) var widget: UnsafeMutablePointer<GtkWidget>!

    public var headerStyle: HeaderStyle = .jike
    public var footerMode: FooterMode = .auto

    /// Called once per refresh, when the header has settled open. Call `endRefreshing` when done.
    public var onRefresh: (() -> Void)?
    /// Called once per load-more. Call `endLoading` when done.
    public var onLoadMore: (() -> Void)?
    /// Every header state change, with the pull in logical px (for tracing and accessibility).
    public var onHeaderPhase: ((HeaderPhase, Double) -> Void)?
    /// Every footer state change.
    public var onFooterPhase: ((FooterPhase) -> Void)?
    /// Once, after the first frame was drawn.
    public var onFirstFrame: (() -> Void)?

    public init(source: RowSource) {}

    /// Reveals the header and refreshes, as if the user had pulled. No-op while refreshing or loading.
    public func beginRefreshing() {}
    /// Ends the refresh. `insertedAtTop` rows were prepended by the app (0 on failure). No-op when not refreshing.
    public func endRefreshing(ok: Bool, insertedAtTop: Int = 0) {}
    /// Ends the load; `added` rows were appended by the app. No-op when not loading.
    public func endLoading(added: Int, exhausted: Bool, ok: Bool) {}

    public var headerPhase: HeaderPhase { .idle }
    public var footerPhase: FooterPhase { .idle }
}
