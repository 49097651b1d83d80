import CPangoCairo
import RefreshCore

/// The kinds of text the painters draw, as sizes and weights relative to one base font.
package enum TextStyle: CaseIterable {
    /// The classic header's first line ("Pull down to refresh").
    case title
    /// The classic header's second line ("Last updated: …").
    case detail
    /// The footer's message and the plain bar's word.
    case body
    /// Filmstrip captions.
    case caption

    fileprivate var sizeFactor: Double {
        switch self {
        case .title: return 1.1
        case .detail: return 0.9
        case .body: return 1
        case .caption: return 0.8
        }
    }

    fileprivate var isBold: Bool { self == .title }
}

/// One reused PangoLayout and its fonts: every text a painter draws goes through it.
///
/// Live, it uses the widget's Pango context, so the theme's font, its size and the screen's
/// resolution and font options apply (GTK updates that context in place when they change, and
/// the fonts are re-derived when its font description changes). Headless (no context given) it
/// uses a fixed font and fixed rendering options, so that images are the same on every machine
/// with DejaVu Sans installed (`fonts-dejavu-core`, see scripts/deps.sh) whatever the user's
/// fontconfig settings.
package final class PainterText {
    /// The headless base font: DejaVu Sans is what "Sans" resolves to on Debian; naming it
    /// keeps a machine with more fonts from picking another one.
    package static let headlessFont = "DejaVu Sans 10"

    /// The Pango context the text is laid out in (an app's footer style gets it in its frame).
    package let context: OpaquePointer
    private let layout: OpaquePointer
    private let isHeadless: Bool
    /// A copy of the base font the styles were derived from.
    private var base: OpaquePointer?
    private var fonts: [TextStyle: OpaquePointer] = [:]
    private var currentWidth: Int32 = -1

    /// `pangoContext`: the widget's (`gtk_widget_get_pango_context`), or nil for headless.
    package init(pangoContext: OpaquePointer?) {
        if let pangoContext {
            context = pangoContext
            g_object_ref(UnsafeMutableRawPointer(pangoContext))
            isHeadless = false
        } else {
            context = PainterText.headlessPangoContext()
            isHeadless = true
        }
        layout = pango_layout_new(context)
        pango_layout_set_single_paragraph_mode(layout, 1)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
    }

    /// A new Pango context (the caller owns it) with the fixed headless font and rendering
    /// options: the thread's default Cairo font map, shared with everything else that draws text
    /// headless on this thread (fonts are loaded once).
    package static func headlessPangoContext() -> OpaquePointer {
        let context: OpaquePointer = pango_font_map_create_context(pango_cairo_font_map_get_default())
        pango_cairo_context_set_resolution(context, 96)
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        // Unhinted metrics: a layout has the same logical size at every scale factor.
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        let font = pango_font_description_from_string(headlessFont)
        pango_context_set_font_description(context, font)
        pango_font_description_free(font)
        return context
    }

    deinit {
        for font in fonts.values { pango_font_description_free(font) }
        if let base { pango_font_description_free(base) }
        g_object_unref(UnsafeMutableRawPointer(layout))
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    /// Sets the text and style of the layout and returns its logical size. `maxWidth` ellipsizes
    /// a longer text at its end (nil: no limit).
    @discardableResult
    package func set(_ text: String, style: TextStyle, maxWidth: Double? = nil) -> (width: Double, height: Double) {
        pango_layout_set_font_description(layout, font(style))
        let width = maxWidth.map { Int32(clamping: Int((max($0, 0) * Double(PANGO_SCALE)).rounded(.down))) } ?? -1
        if width != currentWidth {
            currentWidth = width
            pango_layout_set_width(layout, width)
        }
        pango_layout_set_text(layout, text, -1)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        return (Double(logical.width) / Double(PANGO_SCALE), Double(logical.height) / Double(PANGO_SCALE))
    }

    /// Draws the layout's text with its logical top left at `origin` (snapped to device pixels,
    /// so that the text renders the same wherever the animation puts it).
    package func show(at origin: Point, cr: OpaquePointer, color: RGBA) {
        let p = PixelGrid(cr).snap(origin)
        CairoShapes.setSource(cr, color)
        cairo_move_to(cr, p.x, p.y)
        pango_cairo_show_layout(cr, layout)
        // show_layout leaves a current point; later paths start with cairo_new_path anyway.
        cairo_new_path(cr)
    }

    private func font(_ style: TextStyle) -> OpaquePointer {
        refreshFontsIfNeeded()
        if let font = fonts[style] { return font }
        let font = pango_font_description_copy(base)!
        if style.isBold { pango_font_description_set_weight(font, PANGO_WEIGHT_BOLD) }
        let size = Double(pango_font_description_get_size(font)) * style.sizeFactor
        if pango_font_description_get_size_is_absolute(font) != 0 {
            pango_font_description_set_absolute_size(font, size)
        } else {
            pango_font_description_set_size(font, Int32(size.rounded()))
        }
        fonts[style] = font
        return font
    }

    /// Live, the theme's font can change under us (GTK updates the context in place).
    private func refreshFontsIfNeeded() {
        let current: OpaquePointer?
        if isHeadless {
            guard base == nil else { return }
            current = nil
        } else {
            current = pango_context_get_font_description(context)
            if let base, let current, pango_font_description_equal(base, current) != 0 { return }
        }
        for font in fonts.values { pango_font_description_free(font) }
        fonts.removeAll()
        if let base { pango_font_description_free(base) }
        let fresh = current.flatMap { pango_font_description_copy($0) }
            ?? pango_font_description_from_string(PainterText.headlessFont)!
        if pango_font_description_get_size(fresh) <= 0 {
            // A theme font without a size: Pango would fall back to a tiny default.
            pango_font_description_set_size(fresh, 10 * Int32(PANGO_SCALE))
        }
        base = fresh
    }
}
