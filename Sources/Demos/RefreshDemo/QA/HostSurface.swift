import RefreshGtk
import RefreshQA
import CGtk
import RefreshCore

/// What the QA tools draw over, save and record, for any list kind: our own list
/// (`RefreshView`: its drawing area, rendered by `list.render`) or GTK's list wrapped in a
/// `RefreshBin` (the bin: the header hangs from its top, and the realized widget is rendered with
/// `gtk_widget_draw`, its child window at the pull's offset, over the window's background).
@MainActor
package struct HostSurface {
    package let controller: RefreshController

    package init(_ controller: RefreshController) { self.controller = controller }

    /// The widget whose top the header hangs from, and whose style and fonts paint it.
    package var widget: UnsafeMutablePointer<GtkWidget> {
        (controller as? RefreshView)?.list.area ?? controller.widget
    }

    /// The y in `widget` the header hangs from: 0, or below a wrapped tree view's pinned column
    /// headers.
    package var headerTop: Double { (controller as? RefreshBin)?.scrollHost.headerTop ?? 0 }

    package var width: Double { Double(gtk_widget_get_allocated_width(widget)) }
    package var height: Double { Double(gtk_widget_get_allocated_height(widget)) }
    package var scale: Double { Double(gtk_widget_get_scale_factor(widget)) }

    /// The widget that receives pointer input over the rows, as the display server delivers it:
    /// our drawing area, or the wrapped scrolled window's child (tree view, viewport, text view).
    package var inputWidget: UnsafeMutablePointer<GtkWidget> {
        if let bin = controller as? RefreshBin, let child = gtk_bin_get_child(gcast(bin.scrolledWindow)) { return child }
        return widget
    }

    /// A point in `widget`'s coordinates as `inputWidget`'s, where it is now (a bin's child
    /// window moves with the pull, so the same point on screen is elsewhere in the child).
    package func inputPoint(x: Double, y: Double) -> (x: Double, y: Double) {
        let target = inputWidget
        guard target != widget else { return (x, y) }
        var tx: gint = 0, ty: gint = 0
        _ = gtk_widget_translate_coordinates(widget, target, gint(x.rounded()), gint(y.rounded()), &tx, &ty)
        return (Double(tx) + (x - x.rounded()), Double(ty) + (y - y.rounded()))
    }

    /// What shows behind the header: the list's own background, or for a bin (which has none of
    /// its own in the stock themes) the window's, then the bin's.
    package func renderBackground(_ cr: OpaquePointer, width: Double, height: Double) {
        if controller is RefreshBin, let toplevel = gtk_widget_get_toplevel(widget), gtk_widget_is_toplevel(toplevel) != 0 {
            gtk_render_background(gtk_widget_get_style_context(toplevel), cr, 0, 0, width, height)
        }
        gtk_render_background(gtk_widget_get_style_context(widget), cr, 0, 0, width, height)
    }

    /// The frame as the window shows it: rows, header and footer, never the QA canvas.
    package func render(_ cr: OpaquePointer) {
        if let view = controller as? RefreshView {
            view.list.render(cr, width: width, height: height)
        } else if gtk_widget_get_realized(widget) != 0 {
            layOut()
            renderBackground(cr, width: width, height: height)
            withoutScrollbars { gtk_widget_draw(widget, cr) }
            drawColumnHeaders(cr, in: widget)
        }
    }

    /// Runs `body` with the wrapped scrolled window's scrollbars drawing nothing: no saved,
    /// recorded or scrubbed frame contains them (docs/qa-tools.md). GTK's overlay scrollbar fades
    /// in and out on its own, over the rows and, on a tree view with pinned column headers,
    /// inside the header's gap. A `draw` handler returning true keeps a widget's drawing out
    /// without changing its state (a new opacity would queue a redraw, here often mid-paint).
    private func withoutScrollbars(_ body: () -> Void) {
        guard let bin = controller as? RefreshBin else { return body() }
        let scrolled: UnsafeMutablePointer<GtkScrolledWindow> = gcast(bin.scrolledWindow)
        let hidden = [gtk_scrolled_window_get_vscrollbar(scrolled), gtk_scrolled_window_get_hscrollbar(scrolled)]
            .compactMap { $0 }.map { GSignal.connectDraw($0) { _ in true } }
        defer { for connection in hidden { connection.disconnect() } }
        body()
    }

    /// HACK (docs/gtk3-notes.md, "Column headers in the QA tools' images"): `gtk_widget_draw`
    /// leaves a GtkTreeView's column header buttons out (measured on GTK 3.24.38: drawing the tree
    /// view, its scrolled window or the toplevel alike gives an empty strip), so they are drawn one
    /// by one where they are in `origin`.
    private func drawColumnHeaders(_ cr: OpaquePointer, in origin: UnsafeMutablePointer<GtkWidget>) {
        guard let bin = controller as? RefreshBin, bin.scrollHost.kind == .treeView, let tree = bin.scrollHost.content,
              gtk_tree_view_get_headers_visible(gcast(tree)) != 0 else { return }
        for index in 0..<gtk_tree_view_get_n_columns(gcast(tree)) {
            guard let column = gtk_tree_view_get_column(gcast(tree), gint(index)),
                  gtk_tree_view_column_get_visible(column) != 0, let button = gtk_tree_view_column_get_button(column),
                  gtk_widget_is_drawable(button) != 0 else { continue }
            var x: gint = 0, y: gint = 0
            guard gtk_widget_translate_coordinates(button, origin, 0, 0, &x, &y) != 0 else { continue }
            cairo_save(cr)
            cairo_translate(cr, Double(x), Double(y))
            gtk_widget_draw(button, cr)
            cairo_restore(cr)
        }
    }

    /// `gtk_widget_draw` refuses a widget waiting for its size allocation, and GTK's lists queue
    /// one whenever they measure rows in an idle (a text view's lines): run the window's pending
    /// layout now, as the frame clock's layout phase would.
    private func layOut() {
        guard let toplevel = gtk_widget_get_toplevel(widget), gtk_widget_is_toplevel(toplevel) != 0 else { return }
        gtk_container_check_resize(gcast(toplevel))
    }

    /// The rows without the live decorations, their top at `contentTop` below where the header
    /// hangs (the scrubber's scene).
    /// `inPaint`: called from a draw handler, where the layout is done and must not be redone.
    package func renderContent(_ cr: OpaquePointer, contentTop: Double, inPaint: Bool = false) {
        renderBackground(cr, width: width, height: height)
        cairo_save(cr)
        if let view = controller as? RefreshView {
            cairo_translate(cr, 0, contentTop - view.list.displacement)
            view.list.render(cr, width: width, height: height)
        } else if let bin = controller as? RefreshBin, gtk_widget_get_realized(widget) != 0 {
            if !inPaint { layOut() }
            let top = headerTop
            if top > 0 {
                // A tree view's pinned column headers stay; only its rows move down below them.
                cairo_save(cr)
                cairo_rectangle(cr, 0, 0, width, top)
                cairo_clip(cr)
                withoutScrollbars { gtk_widget_draw(bin.scrolledWindow, cr) }
                drawColumnHeaders(cr, in: bin.scrolledWindow)
                cairo_restore(cr)
                cairo_rectangle(cr, 0, top + contentTop, width, max(0, height - top - contentTop))
                cairo_clip(cr)
            }
            cairo_translate(cr, 0, contentTop)
            withoutScrollbars { gtk_widget_draw(bin.scrolledWindow, cr) }
            drawColumnHeaders(cr, in: bin.scrolledWindow)
        }
        cairo_restore(cr)
    }

    /// The current frame at the widget's device scale.
    package func image() -> ImageSurface {
        let image = ImageSurface(logicalWidth: width, logicalHeight: height, scale: scale)
        image.draw { cr in render(cr) }
        return image
    }

    /// The colour behind the header (index.json's `background`, for comparing with `snapshot`).
    package func backgroundColor() -> RGBA {
        let image = ImageSurface(logicalWidth: 1, logicalHeight: 1, scale: 1)
        image.draw { cr in renderBackground(cr, width: 1, height: 1) }
        return image.pixels.first?.color ?? RGBA(r: 1, g: 1, b: 1, a: 1)
    }
}
