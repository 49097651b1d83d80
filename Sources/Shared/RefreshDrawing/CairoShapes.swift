import CPangoCairo
import RefreshCore

/// Draws RefreshCore's `Shape` values with Cairo, one path element to one Cairo call, so that
/// the live widget and headless snapshots draw the very same geometry.
package enum CairoShapes {
    /// Draws `shapes` back to front with their box origin at `origin` (user space of `cr`).
    /// Leaves `cr`'s state (source, line width, cap, matrix) as it found it.
    package static func draw(_ shapes: [Shape], cr: OpaquePointer, origin: Point = Point(0, 0)) {
        guard !shapes.isEmpty else { return }
        cairo_save(cr)
        cairo_translate(cr, origin.x, origin.y)
        // Round joins only matter for the arrow's head and the check mark; the J's paths are
        // tangent-continuous where their segments meet.
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        for shape in shapes {
            switch shape {
            case .fill(let path, let color):
                guard color.a > 0 else { continue }
                append(path, to: cr)
                setSource(cr, color)
                cairo_fill(cr)
            case .stroke(let path, let width, let color, let cap):
                guard width > 0, color.a > 0 else { continue }
                append(path, to: cr)
                setSource(cr, color)
                cairo_set_line_width(cr, width)
                cairo_set_line_cap(cr, cairoCap(cap))
                cairo_stroke(cr)
            }
        }
        cairo_restore(cr)
    }

    /// Replaces `cr`'s current path with `path`.
    package static func append(_ path: [PathElement], to cr: OpaquePointer) {
        // A current point left behind (pango_cairo_show_layout / cairo_show_text leave one)
        // would join the first arc with a stray line: always start from an empty path.
        cairo_new_path(cr)
        for element in path {
            switch element {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .arc(let c, let radius, let from, let to, let clockwise):
                // Screen coordinates (y down): increasing angle turns clockwise on screen.
                if clockwise {
                    cairo_arc(cr, c.x, c.y, radius, from, to)
                } else {
                    cairo_arc_negative(cr, c.x, c.y, radius, from, to)
                }
            case .close: cairo_close_path(cr)
            }
        }
    }

    package static func setSource(_ cr: OpaquePointer, _ color: RGBA) {
        cairo_set_source_rgba(cr, color.r, color.g, color.b, color.a)
    }

    private static func cairoCap(_ cap: LineCap) -> cairo_line_cap_t {
        switch cap {
        case .butt: return CAIRO_LINE_CAP_BUTT
        case .round: return CAIRO_LINE_CAP_ROUND
        case .square: return CAIRO_LINE_CAP_SQUARE
        }
    }
}

/// The device-pixel grid under a cairo context, to put edges and 1 px lines on whole device
/// pixels at any scale factor (1, 1.5, 2 …), so that they stay crisp.
///
/// `cairo_user_to_device` does not include the surface's device scale (GDK's scale factor, or
/// `cairo_surface_set_device_scale` headless), so it is read from the target and applied here.
package struct PixelGrid {
    private let cr: OpaquePointer
    private let deviceScaleX: Double
    private let deviceScaleY: Double
    /// Device pixels per user unit, vertically (the CTM is never rotated here).
    package let scale: Double

    package init(_ cr: OpaquePointer) {
        self.cr = cr
        var sx = 1.0, sy = 1.0
        cairo_surface_get_device_scale(cairo_get_group_target(cr), &sx, &sy)
        deviceScaleX = sx
        deviceScaleY = sy
        var dx = 0.0, dy = 1.0
        cairo_user_to_device_distance(cr, &dx, &dy)
        scale = max(abs(dy) * sy, 1e-6)
    }

    /// The device-pixel boundary nearest to `p`, back in user space.
    package func snap(_ p: Point) -> Point {
        var x = p.x, y = p.y
        cairo_user_to_device(cr, &x, &y)
        x = (x * deviceScaleX).rounded() / deviceScaleX
        y = (y * deviceScaleY).rounded() / deviceScaleY
        cairo_device_to_user(cr, &x, &y)
        return Point(x, y)
    }

    /// `rect` with each edge on its nearest device-pixel boundary.
    package func snap(_ rect: Rect) -> Rect {
        let a = snap(Point(rect.x, rect.y))
        let b = snap(Point(rect.x + rect.width, rect.maxY))
        return Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)
    }

    /// A line width that is a whole number of device pixels (at least one), near `logical`.
    package func lineWidth(_ logical: Double) -> Double {
        max((logical * scale).rounded(), 1) / scale
    }

    /// The path of a rectangle outline of `width` lying inside `rect` (snapped), so that a
    /// stroke covers whole device pixels instead of smearing over two half pixels.
    package func appendInsetRectangle(_ rect: Rect, lineWidth width: Double, radius: Double = 0) {
        let r = snap(rect)
        let half = width / 2
        let x0 = r.x + half, y0 = r.y + half, x1 = r.x + r.width - half, y1 = r.maxY - half
        guard x1 > x0, y1 > y0 else { return }
        cairo_new_path(cr)
        let k = min(radius, (x1 - x0) / 2, (y1 - y0) / 2)
        guard k > 0 else {
            cairo_rectangle(cr, x0, y0, x1 - x0, y1 - y0)
            return
        }
        cairo_arc(cr, x1 - k, y0 + k, k, -.pi / 2, 0)
        cairo_arc(cr, x1 - k, y1 - k, k, 0, .pi / 2)
        cairo_arc(cr, x0 + k, y1 - k, k, .pi / 2, .pi)
        cairo_arc(cr, x0 + k, y0 + k, k, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }
}
