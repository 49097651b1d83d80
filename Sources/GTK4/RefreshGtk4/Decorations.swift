import CGtk4
import CGtk4Shim
import RefreshCore
import RefreshDrawing

/// The header and footer in the gaps the bin opens, drawn by RefreshDrawing's painters: the same
/// code that draws them on GTK 3 and headless, so a GTK 4 header frame is the GTK 3 one.
///
/// HACK (docs/gtk4-notes.md, "The gap's image at the widget's scale"): the painters draw into
/// an image at the widget's scale, which covers the gap's device pixels one to one (edges and text
/// on device pixels, as on GTK 3 and headless), not into a snapshot's cairo_t, which records at
/// scale 1. The image and its texture are kept, and drawn again only when what they show changes.
@MainActor
final class Decorations {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private let painters = DecorationPainters()
    /// The app's own looks (RefreshBin.header when app-drawn, RefreshBin.appDrawnFooter). Their
    /// drawing may depend on more than the visual, so their gaps are drawn every time.
    var appDrawnHeader: RefreshHeaderStyle? {
        get { painters.appDrawnHeader }
        set {
            painters.appDrawnHeader = newValue
            invalidate()
        }
    }
    var appDrawnFooter: RefreshFooterStyle? {
        get { painters.appDrawnFooter }
        set {
            painters.appDrawnFooter = newValue
            invalidate()
        }
    }

    /// What the image shows: the gap drawn again when this changes.
    private struct Look: Equatable {
        var header: HeaderVisual?
        var footer: FooterVisual?
        var footerFocused: Bool
        var gap: Rect
        var width: Double
        var viewportTop: Double
        var scale: Int
        var palette: Palette
    }

    private var look: Look?
    /// Reused while the gap fits in it (its width in pixels the same, its height at least the gap's).
    private var image: OpaquePointer?
    private var imageSize = (width: Int32(0), height: Int32(0))
    private var texture: OpaquePointer?

    /// The Pango context the built-in painters lay their text out in: the widget's when nil (it
    /// follows the widget's font and GTK's font rendering settings), else this one, held here.
    /// The QA tools give the headless renderer's (`HeadlessText`); setting it makes new painters.
    var textContext: OpaquePointer? {
        willSet { if let newValue { g_object_ref(UnsafeMutableRawPointer(newValue)) } }
        didSet {
            if let oldValue { g_object_unref(UnsafeMutableRawPointer(oldValue)) }
            themeChanged()
        }
    }

    private var pangoContext: OpaquePointer { textContext ?? gtk_widget_get_pango_context(widget) }

    init(widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
    }

    isolated deinit {
        invalidate()
        if let image { cairo_surface_destroy(image) }
        if let textContext { g_object_unref(UnsafeMutableRawPointer(textContext)) }
    }

    /// The text context changed: new painters (their text laid out again) and a new image. A font
    /// change needs none: the painters' text follows the context's font itself (`PainterText`).
    func themeChanged() {
        painters.reset()
        invalidate()
    }

    /// What the image shows changed, or an app look was set: it is drawn again.
    func invalidate() {
        look = nil
        if let texture { g_object_unref(UnsafeMutableRawPointer(texture)) }
        texture = nil
    }

    /// The gap's image as a texture (a new reference) for `gap` (bin coordinates, where the
    /// viewport's top is at `viewportTop`), over the list's background (the bin renders it
    /// first). `colours` are the theme's now.
    func texture(header visual: HeaderVisual, footer footerVisual: FooterVisual, footerFocused: Bool,
                 gap: Rect, width: Double, viewportTop: Double, scale: Int, colours: ThemeColours) -> OpaquePointer? {
        guard let pixels = render(header: visual, footer: footerVisual, footerFocused: footerFocused, gap: gap,
                                  width: width, viewportTop: viewportTop, scale: scale, colours: colours) else { return nil }
        if texture == nil, let image { texture = ptr4_refresh_bin_texture_from_surface(image, pixels.height) }
        guard let texture else { return nil }
        g_object_ref(UnsafeMutableRawPointer(texture))
        return texture
    }

    /// Paints the gap's image into `cr` at `gap`'s place (for GSK's Cairo renderer, and a column view's
    /// pinned header gap).
    func draw(header visual: HeaderVisual, footer footerVisual: FooterVisual, footerFocused: Bool,
              into cr: OpaquePointer, gap: Rect, width: Double, viewportTop: Double, scale: Int,
              colours: ThemeColours) {
        guard let pixels = render(header: visual, footer: footerVisual, footerFocused: footerFocused, gap: gap,
                                  width: width, viewportTop: viewportTop, scale: scale, colours: colours),
              let image else { return }
        let factor = Double(max(scale, 1))
        cairo_save(cr)
        cairo_rectangle(cr, gap.x, gap.y, Double(pixels.width) / factor, Double(pixels.height) / factor)
        cairo_clip(cr)
        cairo_set_source_surface(cr, image, gap.x, gap.y)
        cairo_paint(cr)
        cairo_restore(cr)
    }

    /// Draws the header with each of `style`'s messages, and `footer` (nil: none), into a scratch
    /// image: the painters' first draw loads fonts and lays out text (≈10 ms for the classic
    /// header), which the first pull's frame would otherwise pay. App-drawn looks are left alone.
    func warmUp(style: HeaderStyle, heldHeight: Double, lastUpdated: Double?, footer footerVisual: FooterVisual?,
                width: Double, scale: Int, colours: ThemeColours) {
        let factor = Double(max(scale, 1))
        guard width > 0, let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32((width * factor).rounded(.up)),
                                                                  Int32((max(heldHeight, Tuning.footerHeight) * factor).rounded(.up)))
        else { return }
        defer { cairo_surface_destroy(image) }
        cairo_surface_set_device_scale(image, factor, factor)
        let cr = cairo_create(image)!
        defer { cairo_destroy(cr) }
        let context = pangoContext
        let palette = colours.palette
        if appDrawnHeader == nil {
            let messages: [HeaderMessage] = [.pullToRefresh, .releaseToRefresh, .refreshing, .updated, .failed]
            for message in messages {
                let visual = HeaderVisual(style: style, phase: .pulling, pull: heldHeight, contentTop: heldHeight,
                                          glyph: .fill(1), indicator: .arrow(turn: 0), message: message,
                                          sinceLastUpdate: lastUpdated)
                painters.drawHeader(visual, cr: cr, width: width, palette: palette, pangoContext: context)
            }
        }
        if appDrawnFooter == nil, var footerVisual {
            footerVisual.top = 0
            footerVisual.isShown = true
            for message in [FooterMessage.loading, .noMoreData, .failedRetry] {
                footerVisual.message = message
                painters.drawFooter(footerVisual, cr: cr, width: width, palette: palette, focused: false,
                                    pangoContext: context) { _ in }
            }
        }
    }

    /// Draws the gap into `image` unless it already shows it; nil when the gap has no pixels.
    private func render(header visual: HeaderVisual, footer footerVisual: FooterVisual, footerFocused: Bool,
                        gap: Rect, width: Double, viewportTop: Double, scale: Int,
                        colours: ThemeColours) -> (width: Int32, height: Int32)? {
        let factor = Double(max(scale, 1))
        let pixelWidth = Int32((gap.width * factor).rounded(.up)), pixelHeight = Int32((gap.height * factor).rounded(.up))
        guard pixelWidth > 0, pixelHeight > 0 else { return nil }
        let palette = colours.palette
        let wanted = Look(header: visual.isVisible ? visual : nil, footer: footerVisual.isShown ? footerVisual : nil,
                          footerFocused: footerFocused, gap: gap, width: width, viewportTop: viewportTop,
                          scale: scale, palette: palette)
        if wanted == look, image != nil { return (pixelWidth, pixelHeight) }
        invalidate()
        if image == nil || imageSize.width != pixelWidth || imageSize.height < pixelHeight {
            if let image { cairo_surface_destroy(image) }
            image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pixelWidth, pixelHeight)
            imageSize = (pixelWidth, pixelHeight)
        }
        guard let image, cairo_surface_status(image) == CAIRO_STATUS_SUCCESS else { return nil }
        cairo_surface_set_device_scale(image, factor, factor)
        let cr = cairo_create(image)!
        defer { cairo_destroy(cr) }
        // Only the gap's rows are used: they start transparent, and nothing is drawn below them.
        cairo_rectangle(cr, 0, 0, Double(pixelWidth) / factor, Double(pixelHeight) / factor)
        cairo_clip(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_translate(cr, -gap.x, -gap.y)
        let context = pangoContext
        if visual.isVisible {
            painters.drawHeader(visual, cr: cr, width: width, palette: palette, pangoContext: context)
        }
        if footerVisual.isShown {
            cairo_save(cr)
            cairo_translate(cr, 0, viewportTop)
            let widget = widget
            painters.drawFooter(footerVisual, cr: cr, width: width, palette: palette, focused: footerFocused,
                                pangoContext: context) { ring in
                ptr4_theme_render_focus(widget, cr, ring.x, ring.y, ring.width, ring.height)
            }
            cairo_restore(cr)
        }
        if appDrawnHeader == nil, appDrawnFooter == nil { look = wanted }
        return (pixelWidth, pixelHeight)
    }
}
