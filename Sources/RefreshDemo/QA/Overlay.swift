import RefreshGtk
import RefreshQA
import CGtk
import RefreshCore

/// Frame intervals from the frame clock's timestamps (`gdk_frame_clock_get_frame_time` at each
/// frame), the last `capacity` of them, and how many frames were missed (an interval of n
/// 60 Hz periods misses n − 1 frames).
package struct FrameStats: Equatable, Sendable {
    package static let capacity = 120
    package static let period = 1.0 / 60
    /// Seconds between successive frames, oldest first.
    package private(set) var intervals: [Double] = []
    package private(set) var missed = 0
    private var last: Double?

    package init() {}

    /// A frame at `time` (seconds). Gaps longer than half a second (the clock was idle) are
    /// not frames that were missed: the series restarts.
    package mutating func frame(at time: Double) {
        defer { last = time }
        guard let last, time > last else { return }
        let interval = time - last
        guard interval < 0.5 else { return }
        intervals.append(interval)
        if intervals.count > FrameStats.capacity { intervals.removeFirst(intervals.count - FrameStats.capacity) }
        missed += max(0, Int((interval / FrameStats.period).rounded()) - 1)
    }

    package mutating func reset() { self = FrameStats() }
}

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
            drawOutline(cr, width: frame.width)
            cairo_restore(cr)
        }
        if tools.showsOverlay { drawPanel(cr, width: frame.width, height: frame.height) }
        if tools.showsHelp { drawHelp(cr, width: frame.width, height: frame.height) }
        cairo_restore(cr)
    }

    // MARK: Reference outline

    private func drawOutline(_ cr: OpaquePointer, width: Double) {
        let visual = tools.currentHeaderVisual()
        guard visual.isVisible else { return }
        let scale = Double(gtk_widget_get_scale_factor(widget))
        switch visual.style {
        case .jike where tools.appDrawnHeader == nil:
            let origin = ReferenceOutline.boxOrigin(visual, viewportWidth: width, scale: scale)
            ReferenceOutline(visual.glyph).draw(cr: cr, origin: origin)
        default:
            // The panel the header hangs above the content, and its centre line.
            let panel = tools.headerPanel(visual, width: width)
            let line = 1 / scale
            cairo_set_line_width(cr, line)
            cairo_set_source_rgba(cr, 0.93, 0.0, 0.75, 0.95)
            cairo_new_path(cr)
            cairo_rectangle(cr, panel.x + line / 2, panel.y + line / 2, panel.width - line, panel.height - line)
            cairo_stroke(cr)
            cairo_set_source_rgba(cr, 0.0, 0.85, 0.85, 0.95)
            cairo_move_to(cr, panel.x, panel.midY)
            cairo_line_to(cr, panel.x + panel.width, panel.midY)
            cairo_stroke(cr)
        }
    }

    // MARK: Overlay panel

    private func text(_ cr: OpaquePointer, _ string: String, at point: Point, bold: Bool = false,
                      color: (Double, Double, Double) = (1, 1, 1)) -> (width: Double, height: Double) {
        let layout = gtk_widget_create_pango_layout(widget, nil)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let font = pango_font_description_from_string(bold ? "Monospace Bold 9" : "Monospace 9")
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_text(layout, string, -1)
        var w: gint = 0, h: gint = 0
        pango_layout_get_pixel_size(layout, &w, &h)
        cairo_set_source_rgb(cr, color.0, color.1, color.2)
        cairo_move_to(cr, point.x, point.y)
        pango_cairo_show_layout(cr, layout)
        cairo_new_path(cr)
        return (Double(w), Double(h))
    }

    /// The dark box the overlay panel and the help are drawn in.
    static func panelBackground(_ cr: OpaquePointer, _ rect: Rect) {
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_set_source_rgba(cr, 0.1, 0.1, 0.12, 0.82)
        cairo_fill(cr)
    }

    private func drawPanel(_ cr: OpaquePointer, width: Double, height: Double) {
        let lines = tools.overlayLines()
        let graphHeight = 50.0, pad = 6.0, lineHeight = 14.0
        let panelWidth = min(max(width - 16, 100), 300.0)
        let panelHeight = pad * 2 + Double(lines.count) * lineHeight + 6 + graphHeight + lineHeight
        // Bottom left, clear of the header (which hangs from the top).
        let rect = Rect(x: 8, y: max(8, height - panelHeight - 8), width: panelWidth, height: panelHeight)
        Self.panelBackground(cr, rect)
        var y = rect.y + pad
        for line in lines {
            _ = text(cr, line, at: Point(rect.x + pad, y))
            y += lineHeight
        }
        // The frame-interval graph: one bar per frame, the 16.7 ms line, red for late frames.
        let graph = Rect(x: rect.x + pad, y: y + 4, width: rect.width - 2 * pad, height: graphHeight)
        let stats = tools.frameStats
        let maxMs = 50.0
        let bar = graph.width / Double(FrameStats.capacity)
        for (i, interval) in stats.intervals.enumerated() {
            let ms = interval * 1000
            let h = min(ms / maxMs, 1) * graph.height
            let late = interval > FrameStats.period * 1.5
            cairo_set_source_rgba(cr, late ? 0.95 : 0.35, late ? 0.3 : 0.8, late ? 0.3 : 0.45, 0.95)
            cairo_rectangle(cr, graph.x + Double(i) * bar, graph.maxY - h, max(bar - 0.5, 0.5), h)
            cairo_fill(cr)
        }
        let target = graph.maxY - (1000 / 60) / maxMs * graph.height
        cairo_set_source_rgba(cr, 1, 1, 1, 0.8)
        cairo_set_line_width(cr, 1)
        cairo_move_to(cr, graph.x, target.rounded() + 0.5)
        cairo_line_to(cr, graph.x + graph.width, target.rounded() + 0.5)
        cairo_stroke(cr)
        let last = stats.intervals.last.map { ScrubSequence.decimal($0 * 1000, 1) } ?? "–"
        _ = text(cr, "\(DemoL10n.qaFrames): \(last) ms  16.7 ms ─  \(DemoL10n.qaMissed): \(stats.missed)",
                 at: Point(graph.x, graph.maxY + 2))
    }

    // MARK: Help

    private func drawHelp(_ cr: OpaquePointer, width: Double, height: Double) {
        HelpPanel(title: DemoL10n.qaKeysTitle, rows: QATools.keyTable.map { ($0.keys, $0.action()) })
            .draw(cr, widget: widget, width: width, height: height)
    }
}

/// The F1 help: a title, then each key and what it does, in a dark box that fits its text and
/// stays inside the list: when the list is narrower than the text, the actions wrap (at word
/// boundaries, or between characters in Chinese) instead of running past the box.
@MainActor
package struct HelpPanel {
    /// Logical px: the box's distance from the list's edges, its padding, and the gaps.
    package static let margin = 8.0
    static let pad = 10.0
    static let columnGap = 12.0
    static let rowGap = 2.0
    static let titleGap = 6.0

    package let title: String
    package let rows: [(keys: String, action: String)]

    package init(title: String, rows: [(keys: String, action: String)]) {
        self.title = title
        self.rows = rows
    }

    /// One PangoLayout in the widget's context (its font options and resolution).
    private final class Text {
        let layout: OpaquePointer
        init(_ widget: UnsafeMutablePointer<GtkWidget>, _ string: String, bold: Bool) {
            layout = gtk_widget_create_pango_layout(widget, nil)!
            let font = pango_font_description_from_string(bold ? "Monospace Bold 9" : "Monospace 9")
            pango_layout_set_font_description(layout, font)
            pango_font_description_free(font)
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_text(layout, string, -1)
        }
        deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

        /// Wraps at `width` logical px (nil: one line per paragraph).
        func wrap(at width: Double?) {
            pango_layout_set_width(layout, width.map { Int32(clamping: Int(max($0, 1) * Double(PANGO_SCALE))) } ?? -1)
        }

        var size: (width: Double, height: Double) {
            var w: gint = 0, h: gint = 0
            pango_layout_get_pixel_size(layout, &w, &h)
            return (Double(w), Double(h))
        }

        func show(_ cr: OpaquePointer, at point: Point, color: (Double, Double, Double)) {
            cairo_set_source_rgb(cr, color.0, color.1, color.2)
            cairo_move_to(cr, point.x, point.y)
            pango_cairo_show_layout(cr, layout)
            cairo_new_path(cr)
        }
    }

    /// Draws the box centred in a `width` × `height` list.
    package func draw(_ cr: OpaquePointer, widget: UnsafeMutablePointer<GtkWidget>, width: Double, height: Double) {
        let pad = Self.pad
        let heading = Text(widget, title, bold: true)
        let keys = rows.map { Text(widget, $0.keys, bold: true) }
        let actions = rows.map { Text(widget, $0.action, bold: false) }
        let keyWidth = keys.map(\.size.width).max() ?? 0
        let natural = max(heading.size.width, keyWidth + Self.columnGap + (actions.map(\.size.width).max() ?? 0))
        // The text's own width, or what the list leaves; the actions' column takes the rest.
        let inner = max(1, min(natural, width - 2 * Self.margin - 2 * pad))
        heading.wrap(at: inner)
        for action in actions { action.wrap(at: inner - keyWidth - Self.columnGap) }
        let rowHeights = zip(keys, actions).map { max($0.size.height, $1.size.height) }
        let boxHeight = 2 * pad + heading.size.height + Self.titleGap
            + rowHeights.reduce(0, +) + Self.rowGap * Double(max(rows.count - 1, 0))
        let box = Rect(x: ((width - inner) / 2 - pad).rounded(), y: max(Self.margin, ((height - boxHeight) / 2).rounded()),
                       width: inner + 2 * pad, height: boxHeight)
        QACanvas.panelBackground(cr, box)
        heading.show(cr, at: Point(box.x + pad, box.y + pad), color: (1, 1, 1))
        var y = box.y + pad + heading.size.height + Self.titleGap
        for (index, height) in rowHeights.enumerated() {
            keys[index].show(cr, at: Point(box.x + pad, y), color: (0.6, 0.85, 1))
            actions[index].show(cr, at: Point(box.x + pad + keyWidth + Self.columnGap, y), color: (1, 1, 1))
            y += height + Self.rowGap
        }
    }
}
