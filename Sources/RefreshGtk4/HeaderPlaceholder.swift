import CGtk4
import Glibc

/// PLACEHOLDER until the header and footer painters move out of RefreshGtk (they import GTK 3's
/// CGtk for Cairo and Pango, and GTK 3 and GTK 4 cannot share a process): a neutral gap with an
/// arc that fills as the pull grows and turns while refreshing. Not the project's header styles.
enum HeaderPlaceholder {
    static func draw(_ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double,
                     progress: Double, spinning: Bool, time: Double) {
        cairo_save(cr)
        cairo_rectangle(cr, x, y, width, height)
        cairo_clip(cr)
        cairo_set_source_rgb(cr, 0.93, 0.93, 0.93)
        cairo_paint(cr)
        let radius = 10.0
        let centerY = y + height - 26
        if centerY - radius > y {
            let start = spinning ? time.truncatingRemainder(dividingBy: 1) * 2 * .pi : -.pi / 2
            let sweep = spinning ? 1.5 * .pi : max(progress, 0.02) * 2 * .pi
            cairo_set_line_width(cr, 3)
            cairo_set_source_rgb(cr, 0.21, 0.52, 0.89)
            cairo_new_path(cr)
            cairo_arc(cr, x + width / 2, centerY, radius, start, start + sweep)
            cairo_stroke(cr)
        }
        cairo_restore(cr)
    }
}
