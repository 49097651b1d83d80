import CGtk
import RefreshCore
import RefreshDrawing

// `RowSource` (title and subtitle per row) is declared with `RefreshView`.

/// The ready-made renderer: two lines of text per row (a title and a dimmed subtitle, both
/// ellipsized), rows of one fixed height with a hairline separator. `RefreshView(source:)` uses it.
@MainActor
public final class TextRowRenderer: RowRenderer {
    public let source: RowSource
    /// Every row's height, in logical px.
    public var rowHeight: Double

    public static let horizontalPadding = 16.0
    static let lineGap = 2.0
    static let subtitleScale = 0.86
    /// GNOME's "dim-label" opacity.
    static let subtitleAlpha = 0.55
    static let separatorAlpha = 0.12
    static let hoverAlpha = 0.05

    public init(source: RowSource, rowHeight: Double = 56) {
        self.source = source
        self.rowHeight = rowHeight
    }

    public var rowCount: Int { source.rowCount }
    public var estimatedRowHeight: Double { rowHeight }

    public func heightOfRow(at index: Int, width: Double, context: RowContext) -> Double { rowHeight }

    public func accessibleName(ofRow index: Int) -> String {
        let row = source.row(at: index)
        return row.subtitle.isEmpty ? row.title : "\(row.title), \(row.subtitle)"
    }

    public func drawRow(at index: Int, in rect: RefreshRect, state: RowState, cr: OpaquePointer, context: RowContext) {
        let textWidth = max(0, rect.width - 2 * TextRowRenderer.horizontalPadding)
        // Both layouts come from the cache: a row that stays on screen is not laid out again.
        var row: (title: String, subtitle: String)?
        func text() -> (title: String, subtitle: String) {
            if let row { return row }
            let fresh = source.row(at: index)
            row = fresh
            return fresh
        }
        let title = context.layout(forRow: index, part: 0) { layout in
            TextRowRenderer.configure(layout, width: textWidth, scale: 1)
            pango_layout_set_text(layout, text().title, -1)
        }
        let subtitle = context.layout(forRow: index, part: 1) { layout in
            TextRowRenderer.configure(layout, width: textWidth, scale: TextRowRenderer.subtitleScale)
            pango_layout_set_text(layout, text().subtitle, -1)
        }
        let titleHeight = TextRowRenderer.height(title)
        let subtitleHeight = TextRowRenderer.height(subtitle)
        let block = titleHeight + TextRowRenderer.lineGap + subtitleHeight
        let titleTop = rect.y + ((rect.height - block) / 2).rounded()

        let ink = RowDrawing.background(for: state, in: rect, cr: cr, context: context)
        CairoShapes.setSource(cr, ink)
        cairo_move_to(cr, rect.x + TextRowRenderer.horizontalPadding, titleTop)
        pango_cairo_show_layout(cr, title)
        CairoShapes.setSource(cr, ink.withAlpha(ink.a * TextRowRenderer.subtitleAlpha))
        cairo_move_to(cr, rect.x + TextRowRenderer.horizontalPadding, titleTop + titleHeight + TextRowRenderer.lineGap)
        pango_cairo_show_layout(cr, subtitle)
        cairo_new_path(cr)
        RowDrawing.separator(in: rect, cr: cr, context: context)
        RowDrawing.focusRing(for: state, in: rect, cr: cr, context: context)
    }

    private static func configure(_ layout: OpaquePointer, width: Double, scale: Double) {
        pango_layout_set_single_paragraph_mode(layout, 1)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        pango_layout_set_width(layout, Int32(clamping: Int(width * Double(PANGO_SCALE))))
        if scale != 1 {
            let attributes = pango_attr_list_new()
            pango_attr_list_insert(attributes, pango_attr_scale_new(scale))
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
        }
    }

    /// A one-line layout's logical height in whole px (the font's line height: baselines land on
    /// pixel rows whatever the text).
    private static func height(_ layout: OpaquePointer) -> Double {
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &logical)
        return Double(logical.height)
    }
}

/// The parts every row renderer shares: the selection and hover background, the separator and
/// the focus ring, in the theme's colours. Public so that app renderers look like the default.
@MainActor
public enum RowDrawing {
    /// Fills the selection or hover background for `state`; returns the colour text should use.
    @discardableResult
    public static func background(for state: RowState, in rect: RefreshRect, cr: OpaquePointer, context: RowContext) -> RefreshColor {
        if state.contains(.selected) {
            CairoShapes.setSource(cr, context.selectionBackground)
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            cairo_fill(cr)
            return context.selectionForeground
        }
        if state.contains(.hovered) {
            CairoShapes.setSource(cr, context.foreground.withAlpha(TextRowRenderer.hoverAlpha))
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            cairo_fill(cr)
        }
        return context.foreground
    }

    /// A one-device-pixel line at the bottom of the row, inside it.
    public static func separator(in rect: RefreshRect, cr: OpaquePointer, context: RowContext) {
        let hairline = 1 / max(context.scaleFactor, 1)
        let fg = context.foreground
        CairoShapes.setSource(cr, fg.withAlpha(fg.a * TextRowRenderer.separatorAlpha))
        cairo_rectangle(cr, rect.x, rect.maxY - hairline, rect.width, hairline)
        cairo_fill(cr)
    }

    /// The theme's focus ring inside the row when `state` has `.focused` (a dashed rectangle headless).
    public static func focusRing(for state: RowState, in rect: RefreshRect, cr: OpaquePointer, context: RowContext) {
        guard state.contains(.focused) else { return }
        let inset = Rect(x: rect.x + 2, y: rect.y + 2, width: rect.width - 4, height: rect.height - 4)
        if let style = context.styleContext {
            gtk_render_focus(style, cr, inset.x, inset.y, inset.width, inset.height)
            return
        }
        var dashes = [2.0, 2.0]
        cairo_set_dash(cr, &dashes, 2, 0)
        cairo_set_line_width(cr, 1)
        CairoShapes.setSource(cr, context.foreground)
        cairo_rectangle(cr, inset.x + 0.5, inset.y + 0.5, inset.width - 1, inset.height - 1)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }
}
