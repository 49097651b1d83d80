import RefreshGtk
import RefreshQA
import CGtk
import RefreshCore

/// The QA layer's drawing: a transparent GtkDrawingArea laid over the list (ours, or the bin
/// around GTK's) in a GtkOverlay, passing every input event through
/// (`gtk_overlay_set_overlay_pass_through`). It draws, in the header's coordinates: the
/// scrubber's frame (when scrubbing), the J's reference outline, the overlay panel (bottom left,
/// away from the header) and the help panel. It is a widget of its own, so `HostSurface.render`
/// — saved frames and recordings — never contains it.
@MainActor
final class QACanvas {
    let widget: UnsafeMutablePointer<GtkWidget>
    private unowned let tools: QATools
    private var connections: [SignalConnection] = []

    init(tools: QATools) {
        self.tools = tools
        widget = gtk_drawing_area_new()
        // No GdkWindow of its own: it draws into the overlay's child window, which passes every
        // input event through to the list (a window of its own would take them).
        gtk_widget_set_has_window(widget, 0)
        gtk_widget_set_halign(widget, GTK_ALIGN_FILL)
        gtk_widget_set_valign(widget, GTK_ALIGN_FILL)
        connections.append(GSignal.connectDraw(widget) { [weak self] cr in
            self?.draw(cr)
            return false
        })
    }

    func queueDraw() { gtk_widget_queue_draw(widget) }

    /// The origin and size in the canvas of the widget the header hangs from (our list's area,
    /// or the bin around GTK's list).
    private func areaFrame() -> Rect {
        let area = tools.surface.widget
        var x: gint = 0, y: gint = 0
        _ = gtk_widget_translate_coordinates(area, widget, 0, 0, &x, &y)
        return Rect(x: Double(x), y: Double(y), width: Double(gtk_widget_get_allocated_width(area)),
                    height: Double(gtk_widget_get_allocated_height(area)))
    }

    private func draw(_ cr: OpaquePointer) {
        let frame = areaFrame()
        guard frame.width > 0, frame.height > 0 else { return }
        cairo_save(cr)
        cairo_translate(cr, frame.x, frame.y)
        cairo_rectangle(cr, 0, 0, frame.width, frame.height)
        cairo_clip(cr)
        if let scrub = tools.scrubMoment {
            tools.drawScrubFrame(cr, moment: scrub, width: frame.width, height: frame.height, inPaint: true)
        }
        if tools.showsOutline {
            cairo_save(cr)
            cairo_translate(cr, 0, tools.surface.headerTop)
            QAReadout.drawOutline(cr, visual: tools.currentHeaderVisual(), width: frame.width,
                                  scale: Double(gtk_widget_get_scale_factor(widget)), appDrawn: tools.appDrawnHeader)
            cairo_restore(cr)
        }
        let context = gtk_widget_get_pango_context(widget)!
        if tools.showsOverlay {
            OverlayPanel.draw(cr, context: context, lines: tools.overlayLines(), stats: tools.frameStats,
                              width: frame.width, height: frame.height)
        }
        if tools.showsHelp { HelpPanel.keys.draw(cr, context: context, width: frame.width, height: frame.height) }
        cairo_restore(cr)
    }
}
