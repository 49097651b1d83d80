import RefreshGtk

/// Rows the app draws itself: posts of different lengths, each with a coloured avatar, the
/// author in bold and the text wrapped to the list's width, so every row has its own height.
/// The DocC article "Drawing your own rows" walks through it.
@MainActor
final class PostRows: RowRenderer {
    var posts: [(author: String, text: String)]

    static let padding = 12.0
    static let avatarSize = 32.0
    static let lineGap = 4.0

    init(posts: [(author: String, text: String)]) {
        self.posts = posts
    }

    var rowCount: Int { posts.count }
    /// Rows not measured yet count as this much: near the average keeps the scrollbar steady.
    var estimatedRowHeight: Double { 72 }

    func heightOfRow(at index: Int, width: Double, context: RowContext) -> Double {
        let author = authorLayout(index, width: width, context: context)
        let text = textLayout(index, width: width, context: context)
        let textHeight = Self.height(author) + Self.lineGap + Self.height(text)
        return 2 * Self.padding + max(Self.avatarSize, textHeight)
    }

    func drawRow(at index: Int, in rect: RefreshRect, state: RowState, cr: OpaquePointer, context: RowContext) {
        // The selection or hover background, in the theme's colours; the ink to write with.
        let ink = RowDrawing.background(for: state, in: rect, cr: cr, context: context)

        // Positions relative to `rect`: the list may show a kept image of the row elsewhere.
        let hue = Double(index % 6) / 6
        cairo_set_source_rgb(cr, 0.4 + 0.4 * hue, 0.6, 0.8 - 0.4 * hue)
        let radius = Self.avatarSize / 2
        cairo_arc(cr, rect.x + Self.padding + radius, rect.y + Self.padding + radius, radius, 0, 2 * .pi)
        cairo_fill(cr)

        let textX = rect.x + 2 * Self.padding + Self.avatarSize
        let author = authorLayout(index, width: rect.width, context: context)
        cairo_set_source_rgba(cr, ink.r, ink.g, ink.b, ink.a)
        cairo_move_to(cr, textX, rect.y + Self.padding)
        pango_cairo_show_layout(cr, author)
        cairo_move_to(cr, textX, rect.y + Self.padding + Self.height(author) + Self.lineGap)
        pango_cairo_show_layout(cr, textLayout(index, width: rect.width, context: context))

        RowDrawing.separator(in: rect, cr: cr, context: context)
        RowDrawing.focusRing(for: state, in: rect, cr: cr, context: context)
    }

    func accessibleName(ofRow index: Int) -> String {
        "\(posts[index].author): \(posts[index].text)"
    }

    // MARK: Layouts

    /// The author's name, in bold. The list's layout cache keeps it while the row is in use
    /// (part 0 of the row); the width is set on every use, as the window may have been resized.
    private func authorLayout(_ index: Int, width: Double, context: RowContext) -> OpaquePointer {
        let layout = context.layout(forRow: index, part: 0) { layout in
            pango_layout_set_markup(layout, "<b>\(escaped(posts[index].author))</b>", -1)
            pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        }
        pango_layout_set_width(layout, Self.pangoWidth(width))
        return layout
    }

    /// The post's text, wrapped at word boundaries (part 1 of the row).
    private func textLayout(_ index: Int, width: Double, context: RowContext) -> OpaquePointer {
        let layout = context.layout(forRow: index, part: 1) { layout in
            pango_layout_set_text(layout, posts[index].text, -1)
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        }
        pango_layout_set_width(layout, Self.pangoWidth(width))
        return layout
    }

    /// The width left for text in a row `width` px wide, in Pango units.
    private static func pangoWidth(_ width: Double) -> Int32 {
        let textWidth = max(0, width - 3 * padding - avatarSize)
        return Int32(textWidth * Double(PANGO_SCALE))
    }

    private static func height(_ layout: OpaquePointer) -> Double {
        var width: Int32 = 0, height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        return Double(height)
    }

    private func escaped(_ text: String) -> String {
        let markup = g_markup_escape_text(text, -1)!
        defer { g_free(markup) }
        return String(cString: markup)
    }
}
