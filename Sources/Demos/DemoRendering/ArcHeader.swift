import RefreshCore
import RefreshDrawing
import CPangoCairo

/// The demo's fourth header (`--header arc`), written only against the public
/// `RefreshHeaderStyle` protocol (docs/behaviour.md, "App-drawn headers"): a ring that fills
/// clockwise with the pull and shows the percentage inside; while refreshing, a quarter arc
/// turns once a second; a failed refresh turns the ring the error colour with "!".
package final class ArcHeader: RefreshHeaderStyle {
    package init() {}

    package var heldHeight: Double { 64 }
    /// The plain bar's timings and wording (`DemoHeader.timings`).
    package var timings: HeaderStyle { DemoHeader.arc.timings }
    /// The ring's centre line; 52 px across with the stroke, in the 64 px panel.
    package static let radius = 24.0
    package static let lineWidth = 4.0
    package static let labelFont = "Sans Bold 8"
    /// Clear px kept between the label's box and the ring's inner edge ("100%" is the widest).
    package static let labelClearance = 3.0

    package func draw(_ frame: HeaderFrame, cr: OpaquePointer) {
        let visual = frame.visual
        let panel = frame.snappedPanel(heldHeight: heldHeight, cr: cr)
        let center = (x: frame.width / 2, y: panel.y + panel.height / 2)
        let palette = frame.palette
        let r = Self.radius
        cairo_set_line_width(cr, Self.lineWidth)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        // Strokes part of the ring, clockwise from `from` to `to` (radians).
        func ring(from: Double, to: Double, _ color: RGBA) {
            set(cr, color)
            cairo_new_path(cr)
            cairo_arc(cr, center.x, center.y, r, from, to)
            cairo_stroke(cr)
        }
        // The track, a full faint ring.
        ring(from: 0, to: 2 * .pi, palette.track)

        let start = -Double.pi / 2
        var label: String
        switch visual.phase {
        case .refreshing:
            // A quarter arc turning once a second.
            let angle = start + 2 * .pi * ((visual.refreshElapsed ?? 0).truncatingRemainder(dividingBy: 1))
            ring(from: angle, to: angle + .pi / 2, palette.accent)
            label = ""
        case .failed:
            ring(from: 0, to: 2 * .pi, palette.error)
            label = "!"
        case .finishing:
            ring(from: 0, to: 2 * .pi, palette.accent)
            label = "✓"
        default:
            let fraction = min(max(visual.pullFraction, 0), 1)
            if fraction > 0 {
                ring(from: start, to: start + 2 * .pi * fraction, palette.accent)
            }
            label = "\(Int((fraction * 100).rounded()))%"
        }
        guard !label.isEmpty else { return }
        let layout = Self.labelLayout(label, pangoContext: frame.pangoContext)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        set(cr, visual.phase == .failed ? palette.error : palette.text)
        cairo_move_to(cr, center.x - Double(width) / 2, center.y - Double(height) / 2)
        pango_cairo_show_layout(cr, layout)
    }

    /// The label's layout (the caller owns it).
    package static func labelLayout(_ label: String, pangoContext: OpaquePointer) -> OpaquePointer {
        let layout = pango_layout_new(pangoContext)!
        let font = pango_font_description_from_string(labelFont)
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_text(layout, label, -1)
        return layout
    }

    /// True when a centred `width` × `height` label keeps `labelClearance` px from the ring.
    package static func labelFits(width: Double, height: Double) -> Bool {
        let halfDiagonal = (width * width + height * height).squareRoot() / 2
        return halfDiagonal + labelClearance <= radius - lineWidth / 2
    }

    private func set(_ cr: OpaquePointer, _ color: RGBA) {
        cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
    }
}

/// `--header`: the built-in styles, and the demo's own `arc` (an app-drawn header).
package enum DemoHeader: String, CaseIterable, Sendable {
    case jike, classic, plain, arc

    /// The built-in style whose timings the header follows (arc: the plain bar's).
    package var timings: HeaderStyle {
        switch self {
        case .jike: .jike
        case .classic: .classic
        case .plain, .arc: .plain
        }
    }

    /// The app-drawn look, if any.
    package func makeAppDrawnStyle() -> RefreshHeaderStyle? { self == .arc ? ArcHeader() : nil }
}
