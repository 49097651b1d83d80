// Compiles only against RefreshGtk's public API, beside an app module whose types take the names
// of the engine's (AppGeometry). Built by scripts/check-dependent.sh, not run.
import AppGeometry
import RefreshGtk

// The app's own types, unqualified: nothing from the engine collides with them.
let appTypes = (Point(), Rect(), Shape(), Tween(), LRUCache(), Tuning.margin, RGBA(), Palette(), Easing.linear,
                RubberBand(), RowHeights(), RefreshEngine())

/// A header the app draws, with the plain bar's timings.
final class BarHeader: RefreshHeaderStyle {
    var heldHeight: Double { 40 }
    var timings: HeaderStyle { .plain }
    func draw(_ frame: HeaderFrame, cr: OpaquePointer) {
        let panel: RefreshRect = frame.snappedPanel(heldHeight: heldHeight, cr: cr)
        let palette: RefreshPalette = frame.palette
        let color: RefreshColor = frame.visual.phase == .failed ? palette.error : palette.accent
        cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
        cairo_rectangle(cr, panel.x, panel.y, panel.width * min(frame.visual.pullFraction, 1), panel.height)
        cairo_fill(cr)
        print(frame.text, frame.lastUpdatedText)
    }
}

/// A footer the app draws.
final class BarFooter: RefreshFooterStyle {
    func draw(_ frame: FooterFrame, cr: OpaquePointer) {
        let bar: RefreshRect = frame.bar
        let loading = frame.visual.phase == FooterPhase.loading
        cairo_rectangle(cr, bar.x, bar.y, loading ? bar.width : 0, bar.height)
        cairo_fill(cr)
        print(frame.text)
    }
}

final class Subjects: RowSource {
    var subjects = ["One", "Two"]
    var rowCount: Int { subjects.count }
    func row(at index: Int) -> (title: String, subtitle: String) { (subjects[index], "") }
}

@MainActor
func exercise() {
    let view = RefreshView(source: Subjects())
    view.header = .classic
    view.header = .plain
    view.header = BarHeader()
    view.header = .jike
    view.appDrawnFooter = BarFooter()
    view.footerMode = FooterMode.pull
    view.onHeaderPhase = { (phase: HeaderPhase, pull: Double) in print(phase, pull) }
    view.onLoadMore = { view.endLoading(ok: true, added: 2, exhausted: false) }
    view.onRefresh = { view.endRefreshing(ok: true, insertedAtTop: 1) }
    view.endLoading(ok: false)
    print(RefreshView.owning(view.widget) === view, appTypes)

    let scrolled = gtk_scrolled_window_new(nil, nil)!
    let bin = RefreshBin(wrapping: scrolled)
    bin.header = .classic
    print(RefreshBin.owning(bin.widget) === bin)
}

MainActor.assumeIsolated { _ = exercise }
