import RefreshGtk

/// A header the app draws itself: a line that grows from the middle as the list is pulled and
/// is full when releasing would refresh, a dot running along it while refreshing, red when the
/// refresh failed, and a line of text under it. The DocC article "Drawing your own header"
/// walks through it.
final class LineHeader: RefreshHeaderStyle {
    /// How far the header stays open while refreshing, in logical px.
    var heldHeight: Double { 44 }
    /// The built-in style whose timings (the end's length) and wording the header follows.
    var timings: HeaderStyle { .plain }

    static let margin = 24.0
    static let thickness = 3.0

    /// Called for every frame in which the header shows; `cr` is clipped to the space above the
    /// rows, its origin the list's top left.
    func draw(_ frame: HeaderFrame, cr: OpaquePointer) {
        let visual = frame.visual
        let palette = frame.palette
        // The panel's bottom edge is where the rows start, on a whole device pixel.
        let panel = frame.snappedPanel(heldHeight: heldHeight, cr: cr)
        let lineY = panel.y + 12
        let lineWidth = max(0, panel.width - 2 * Self.margin)

        // The track, then the part the pull has filled.
        set(cr, palette.track)
        cairo_rectangle(cr, panel.x + Self.margin, lineY, lineWidth, Self.thickness)
        cairo_fill(cr)
        set(cr, visual.phase == .failed ? palette.error : palette.accent)
        switch visual.phase {
        case .refreshing:
            // One run along the line per second, from the refresh's own clock.
            let progress = (visual.refreshElapsed ?? 0).truncatingRemainder(dividingBy: 1)
            let x = panel.x + Self.margin + lineWidth * progress
            cairo_arc(cr, x, lineY + Self.thickness / 2, 2 * Self.thickness, 0, 2 * .pi)
        case .finishing, .failed:
            cairo_rectangle(cr, panel.x + Self.margin, lineY, lineWidth, Self.thickness)
        case .idle, .pulling, .armed:
            // pullFraction is 1 at the trigger line: releasing there refreshes.
            let filled = lineWidth * min(max(visual.pullFraction, 0), 1)
            cairo_rectangle(cr, panel.midX - filled / 2, lineY, filled, Self.thickness)
        }
        cairo_fill(cr)

        // The text, in the widget's font (its Pango context).
        let layout = pango_layout_new(frame.pangoContext)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_text(layout, Self.label(for: visual.phase), -1)
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        set(cr, palette.text)
        cairo_move_to(cr, panel.midX - Double(width) / 2, lineY + 2 * Self.thickness + 2)
        pango_cairo_show_layout(cr, layout)
    }

    static func label(for phase: HeaderPhase) -> String {
        switch phase {
        case .idle, .pulling: "Pull to refresh"
        case .armed: "Release to refresh"
        case .refreshing: "Refreshing…"
        case .finishing: "Up to date"
        case .failed: "Couldn't refresh"
        }
    }

    private func set(_ cr: OpaquePointer, _ color: RefreshColor) {
        cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
    }
}
