import DemoOptionValues
import RefreshGtk
import CGtk
import RefreshCore
import RefreshDrawing

/// The demo's `--content feed` rows: a social timeline drawn through the public `RowRenderer`
/// protocol only — an avatar (a coloured circle with initials), a name, a relative time, a text of
/// one to eight wrapped lines and, for some rows, a picture block. Everything is derived from the
/// row's id (`DemoRows`), so ten million rows cost no memory; heights differ per row and are
/// measured only when a row comes into view (docs/behaviour.md, "Variable row heights").
@MainActor
package final class FeedRenderer: RowRenderer {
    package let rows: DemoRows
    /// Wall-clock seconds of the newest initial post; older ids are further in the past.
    private let referenceTime: Double
    /// One layout for the relative time: it changes with the clock, so it is not cached.
    private var timeLayout: OpaquePointer?
    private var timeContext: OpaquePointer?

    enum Layout {
        static let padding = 12.0
        static let avatar = 40.0
        static let textLeft = 16.0 + 40 + 12
        static let right = 16.0
        static let nameGap = 4.0
        static let pictureGap = 8.0
        static let pictureHeight = 140.0
    }

    package init(rows: DemoRows, referenceTime: Double) {
        self.rows = rows
        self.referenceTime = referenceTime
    }

    isolated deinit {
        if let timeLayout { g_object_unref(UnsafeMutableRawPointer(timeLayout)) }
    }

    package var rowCount: Int { rows.rowCount }
    package var estimatedRowHeight: Double { 120 }

    // MARK: - Content, from the id

    package struct Post: Equatable {
        var name: String
        var initials: String
        var hue: Double
        var text: String
        var hasPicture: Bool
        /// Seconds before the reference time the post was made (negative: after it, a refresh).
        var age: Double
    }

    package func post(at index: Int) -> Post {
        FeedRenderer.post(id: rows.id(at: index), newestInitialID: rows.initialNewestID)
    }

    package nonisolated static func post(id: Int, newestInitialID: Int) -> Post {
        var hash = SplitMix64(seed: UInt64(bitPattern: Int64(id)) &* 0x9E37_79B9)
        let first = firstNames[Int(hash.next() % UInt64(firstNames.count))]
        let last = lastNames[Int(hash.next() % UInt64(lastNames.count))]
        let sentences = 1 + Int(hash.next() % 8)
        let text = (0..<sentences).map { DemoRows.sentence(for: id &* 31 &+ $0) }.joined(separator: " ")
        let hue = Double(hash.next() % 360) / 360
        // Every fifth post or so carries a picture.
        let hasPicture = hash.next() % 5 == 0
        return Post(name: "\(first) \(last)", initials: "\(first.prefix(1))\(last.prefix(1))", hue: hue,
                    text: text, hasPicture: hasPicture, age: age(id: id, newestInitialID: newestInitialID))
    }

    /// Seconds before the reference time post `id` was made (97 s between posts).
    package nonisolated static func age(id: Int, newestInitialID: Int) -> Double {
        Double(newestInitialID - id) * 97
    }

    private nonisolated static let firstNames = ["Ada", "Bo", "Chen", "Dana", "Emil", "Farah", "Gus", "Hana",
                                                 "Ines", "Jun", "Kai", "Lena", "Mateo", "Noor", "Olu", "Pia"]
    private nonisolated static let lastNames = ["Ito", "Berg", "Okafor", "Lindqvist", "Moreau", "Tanaka", "Silva",
                                                "Novak", "Haddad", "Quinn", "Rossi", "Wang", "Yilmaz", "Zhou"]

    // MARK: - RowRenderer

    /// "Name, text" (what a screen reader reads for the row).
    package func accessibleName(ofRow index: Int) -> String {
        let post = post(at: index)
        return "\(post.name), \(post.text)"
    }

    package func heightOfRow(at index: Int, width: Double, context: RowContext) -> Double {
        let post = post(at: index)
        let name = nameLayout(index, post, width: width, context: context)
        let text = textLayout(index, post, width: width, context: context)
        var height = Layout.padding + pixelHeight(name) + Layout.nameGap + pixelHeight(text) + Layout.padding
        if post.hasPicture { height += Layout.pictureGap + Layout.pictureHeight }
        return max(height, Layout.padding * 2 + Layout.avatar)
    }

    package func drawRow(at index: Int, in rect: Rect, state: RowState, cr: OpaquePointer, context: RowContext) {
        let post = post(at: index)
        let ink = RowDrawing.background(for: state, in: rect, cr: cr, context: context)

        // Avatar: a coloured circle with white initials. Positions are rounded relative to the
        // row, so that the row looks the same wherever it is drawn (its image may be kept).
        let dx = 16 + Layout.avatar / 2, dy = Layout.padding + Layout.avatar / 2
        let cx = rect.x + dx, cy = rect.y + dy
        let (r, g, b) = FeedRenderer.rgb(hue: post.hue, saturation: 0.55, value: 0.75)
        cairo_set_source_rgb(cr, r, g, b)
        cairo_arc(cr, cx, cy, Layout.avatar / 2, 0, 2 * .pi)
        cairo_fill(cr)
        let initials = context.layout(forRow: index, part: 2) { layout in
            pango_layout_set_text(layout, post.initials, -1)
            FeedRenderer.setFont(layout, context: context, scale: 0.95, bold: true)
        }
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(initials, nil, &logical)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_move_to(cr, rect.x + (dx - Double(logical.width) / 2).rounded(),
                      rect.y + (dy - Double(logical.height) / 2).rounded())
        pango_cairo_show_layout(cr, initials)

        // Name, then the relative time at the right on the same line.
        let name = nameLayout(index, post, width: rect.width, context: context)
        let left = rect.x + Layout.textLeft
        let top = rect.y + Layout.padding
        cairo_set_source_rgba(cr, ink.r, ink.g, ink.b, ink.a)
        cairo_move_to(cr, left, top)
        pango_cairo_show_layout(cr, name)
        let time = timeLayout(context)
        pango_layout_set_text(time, relativeTime(age: post.age, now: context.now), -1)
        pango_layout_get_pixel_extents(time, nil, &logical)
        cairo_set_source_rgba(cr, ink.r, ink.g, ink.b, ink.a * 0.55)
        cairo_move_to(cr, rect.x + rect.width - Layout.right - Double(logical.width), top)
        pango_cairo_show_layout(cr, time)

        // The text, wrapped.
        let text = textLayout(index, post, width: rect.width, context: context)
        let textTop = top + pixelHeight(name) + Layout.nameGap
        cairo_set_source_rgba(cr, ink.r, ink.g, ink.b, ink.a * 0.9)
        cairo_move_to(cr, left, textTop)
        pango_cairo_show_layout(cr, text)
        cairo_new_path(cr)

        if post.hasPicture {
            let y = textTop + pixelHeight(text) + Layout.pictureGap
            let w = rect.x + rect.width - Layout.right - left
            drawPicture(Rect(x: left, y: y, width: w, height: Layout.pictureHeight), hue: post.hue, cr: cr)
        }
        RowDrawing.separator(in: rect, cr: cr, context: context)
        RowDrawing.focusRing(for: state, in: rect, cr: cr, context: context)
    }

    /// The relative time changes the row's look: a kept image of the row is drawn again when
    /// its text ("3 min ago") moves on.
    package func drawingVersion(ofRow index: Int, context: RowContext) -> Int? {
        let age = FeedRenderer.age(id: rows.id(at: index), newestInitialID: rows.initialNewestID)
        return relativeTime(age: age, now: context.now).hashValue
    }

    // MARK: - Pieces

    private func relativeTime(age: Double, now: Double) -> String {
        L10n.relativeTimeString(from: referenceTime - age, now: now)
    }

    private func nameLayout(_ index: Int, _ post: Post, width: Double, context: RowContext) -> OpaquePointer {
        context.layout(forRow: index, part: 0) { layout in
            pango_layout_set_text(layout, post.name, -1)
            FeedRenderer.setFont(layout, context: context, scale: 1, bold: true)
            // Room for the time at the right.
            pango_layout_set_width(layout, Int32((max(0, width - Layout.textLeft - Layout.right - 90)) * Double(PANGO_SCALE)))
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
    }

    private func textLayout(_ index: Int, _ post: Post, width: Double, context: RowContext) -> OpaquePointer {
        context.layout(forRow: index, part: 1) { layout in
            pango_layout_set_text(layout, post.text, -1)
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_width(layout, Int32((max(0, width - Layout.textLeft - Layout.right)) * Double(PANGO_SCALE)))
        }
    }

    private func timeLayout(_ context: RowContext) -> OpaquePointer {
        if let timeLayout, timeContext == context.pangoContext { return timeLayout }
        if let timeLayout { g_object_unref(UnsafeMutableRawPointer(timeLayout)) }
        let layout = context.makeLayout()
        FeedRenderer.setFont(layout, context: context, scale: 0.86, bold: false)
        timeLayout = layout
        timeContext = context.pangoContext
        return layout
    }

    private func pixelHeight(_ layout: OpaquePointer) -> Double {
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &logical)
        return Double(logical.height)
    }

    private static func setFont(_ layout: OpaquePointer, context: RowContext, scale: Double, bold: Bool) {
        let attributes = pango_attr_list_new()
        if scale != 1 { pango_attr_list_insert(attributes, pango_attr_scale_new(scale)) }
        if bold { pango_attr_list_insert(attributes, pango_attr_weight_new(PANGO_WEIGHT_BOLD)) }
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
    }

    /// A picture placeholder: a rounded block with a soft diagonal gradient and a "sun".
    private func drawPicture(_ rect: Rect, hue: Double, cr: OpaquePointer) {
        let radius = 8.0
        cairo_new_sub_path(cr)
        cairo_arc(cr, rect.x + rect.width - radius, rect.y + radius, radius, -.pi / 2, 0)
        cairo_arc(cr, rect.x + rect.width - radius, rect.maxY - radius, radius, 0, .pi / 2)
        cairo_arc(cr, rect.x + radius, rect.maxY - radius, radius, .pi / 2, .pi)
        cairo_arc(cr, rect.x + radius, rect.y + radius, radius, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
        let gradient = cairo_pattern_create_linear(rect.x, rect.y, rect.x + rect.width, rect.maxY)
        let a = FeedRenderer.rgb(hue: hue, saturation: 0.35, value: 0.95)
        let b = FeedRenderer.rgb(hue: (hue + 0.15).truncatingRemainder(dividingBy: 1), saturation: 0.6, value: 0.6)
        cairo_pattern_add_color_stop_rgb(gradient, 0, a.0, a.1, a.2)
        cairo_pattern_add_color_stop_rgb(gradient, 1, b.0, b.1, b.2)
        cairo_set_source(cr, gradient)
        cairo_fill(cr)
        cairo_pattern_destroy(gradient)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.7)
        cairo_arc(cr, rect.x + rect.width * 0.78, rect.y + rect.height * 0.32, 18, 0, 2 * .pi)
        cairo_fill(cr)
    }

    static func rgb(hue: Double, saturation s: Double, value v: Double) -> (Double, Double, Double) {
        let h = hue * 6
        let i = Int(h) % 6
        let f = h - Double(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        switch i {
        case 0: return (v, t, p)
        case 1: return (q, v, p)
        case 2: return (p, v, t)
        case 3: return (p, q, v)
        case 4: return (t, p, v)
        default: return (v, p, q)
        }
    }
}
