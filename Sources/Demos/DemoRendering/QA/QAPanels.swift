import CPangoCairo
import RefreshCore
import RefreshScenes

/// Frame intervals from the frame clock's timestamps (the frame time at each frame), the last
/// `capacity` of them, and how many frames were missed (an interval of n 60 Hz periods misses
/// n − 1 frames).
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

/// One PangoLayout of the QA panels' monospace text, in a widget's Pango context (its font
/// options and resolution), whichever toolkit made the context.
private final class PanelText {
    let layout: OpaquePointer

    init(_ context: OpaquePointer, _ string: String, bold: Bool) {
        layout = pango_layout_new(context)
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
        var w: Int32 = 0, h: Int32 = 0
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

/// The O key's panel: the overlay's lines of text and the frame-interval graph, bottom left in
/// the list (away from the header, which hangs from the top).
@MainActor
package enum OverlayPanel {
    /// The dark box the overlay panel and the help are drawn in.
    package static func background(_ cr: OpaquePointer, _ rect: Rect) {
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_set_source_rgba(cr, 0.1, 0.1, 0.12, 0.82)
        cairo_fill(cr)
    }

    /// Draws `lines` and the graph of `stats` in a `width` × `height` list; `context`: the
    /// widget's PangoContext.
    package static func draw(_ cr: OpaquePointer, context: OpaquePointer, lines: [String], stats: FrameStats,
                             width: Double, height: Double) {
        let graphHeight = 50.0, pad = 6.0, lineHeight = 14.0
        let panelWidth = min(max(width - 16, 100), 300.0)
        let panelHeight = pad * 2 + Double(lines.count) * lineHeight + 6 + graphHeight + lineHeight
        let rect = Rect(x: 8, y: max(8, height - panelHeight - 8), width: panelWidth, height: panelHeight)
        background(cr, rect)
        var y = rect.y + pad
        for line in lines {
            PanelText(context, line, bold: false).show(cr, at: Point(rect.x + pad, y), color: (1, 1, 1))
            y += lineHeight
        }
        // The frame-interval graph: one bar per frame, the 16.7 ms line, red for late frames.
        let graph = Rect(x: rect.x + pad, y: y + 4, width: rect.width - 2 * pad, height: graphHeight)
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
        PanelText(context, "\(QAL10n.qaFrames): \(last) ms  16.7 ms ─  \(QAL10n.qaMissed): \(stats.missed)", bold: false)
            .show(cr, at: Point(graph.x, graph.maxY + 2), color: (1, 1, 1))
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

    /// The help of the QA keys (`QAKey.table`), in the current locale.
    package static var keys: HelpPanel {
        HelpPanel(title: QAL10n.qaKeysTitle, rows: QAKey.table.map { ($0.keys, $0.action()) })
    }

    /// Draws the box centred in a `width` × `height` list; `context`: the widget's PangoContext.
    package func draw(_ cr: OpaquePointer, context: OpaquePointer, width: Double, height: Double) {
        let pad = Self.pad
        let heading = PanelText(context, title, bold: true)
        let keys = rows.map { PanelText(context, $0.keys, bold: true) }
        let actions = rows.map { PanelText(context, $0.action, bold: false) }
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
        OverlayPanel.background(cr, box)
        heading.show(cr, at: Point(box.x + pad, box.y + pad), color: (1, 1, 1))
        var y = box.y + pad + heading.size.height + Self.titleGap
        for (index, height) in rowHeights.enumerated() {
            keys[index].show(cr, at: Point(box.x + pad, y), color: (0.6, 0.85, 1))
            actions[index].show(cr, at: Point(box.x + pad + keyWidth + Self.columnGap, y), color: (1, 1, 1))
            y += height + Self.rowGap
        }
    }
}
