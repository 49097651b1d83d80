import CGtk
import CGtkShim

/// Pull-to-refresh and load-more for a GtkScrolledWindow the app already has, whatever it shows:
/// a GtkTreeView, a GtkListBox, a GtkTextView, a GtkIconView or GtkFlowBox, anything in a
/// GtkViewport. The app keeps its widgets, model and signals; the bin wraps the scrolled window
/// as GtkOverlay wraps its child, and is the widget the app packs (docs/architecture.md, "Hosts").
///
/// ```swift
/// let bin = RefreshBin(wrapping: scrolledWindow)
/// bin.onRefresh = { fetch { added in bin.endRefreshing(ok: true, insertedAtTop: added) } }
/// bin.onLoadMore = { fetchMore { added in bin.endLoading(added: added, exhausted: false, ok: true) } }
/// gtk_container_add(gcast(window), bin.widget)
/// ```
///
/// Same engine, header styles, footer modes, input and API as `RefreshView`. `widget` is a
/// `PtrRefreshBin`; if the scrolled window was already packed, the bin takes its place (with the
/// container's default packing). The bin owns its controller, as `RefreshView`'s widget does,
/// and switches the scrolled window's kinetic scrolling off (the engine scrolls touch drags).
@MainActor
public final class RefreshBin: RefreshController {
    package let scrollHost: ScrolledWindowHost

    /// The qdata key under which the bin holds its controller.
    package static let ownerKey = "ptr-refresh-bin"

    public init(wrapping scrolledWindow: UnsafeMutablePointer<GtkWidget>) {
        precondition(ptr_is_a(scrolledWindow, gtk_scrolled_window_get_type()) != 0,
                     "RefreshBin wraps a GtkScrolledWindow")
        let host = ScrolledWindowHost(wrapping: scrolledWindow)
        scrollHost = host
        super.init(host: host, accessibility: nil, focusArea: nil, ownerKey: RefreshBin.ownerKey)
    }

    /// The scrolled window the bin wraps.
    public var scrolledWindow: UnsafeMutablePointer<GtkWidget> { scrollHost.scrolledWindow }

    /// The controller a PtrRefreshBin made by `RefreshBin` belongs to (nil for any other widget).
    public static func owning(_ widget: UnsafeMutablePointer<GtkWidget>) -> RefreshBin? {
        GObjectOwnership.owned(by: widget, key: ownerKey, as: RefreshBin.self)
    }
}
