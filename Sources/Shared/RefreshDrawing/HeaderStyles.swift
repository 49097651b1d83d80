import CPangoCairo
import RefreshCore

/// One frame of a header, as a header style draws it (docs/behaviour.md, "App-drawn headers").
public struct HeaderFrame {
    /// Everything the engine derived for this instant: phase, displayed pull (`pullFraction`: 1
    /// arms a refresh), content top, message, animation times (`refreshElapsed`, `endProgress`),
    /// seconds since the last update, and the built-in styles' glyph and indicator.
    public var visual: HeaderVisual
    /// The viewport's width, in logical px.
    public var width: Double
    /// Theme colours (the list's style context; fixed light or dark palettes headless).
    public var palette: RefreshPalette
    /// Device pixels per logical px.
    public var scaleFactor: Double
    /// The widget's Pango context (theme font); headless, a fixed "DejaVu Sans 10" one.
    public var pangoContext: OpaquePointer
    /// True for headless renders (snapshots, goldens): stable fonts matter more than the theme's.
    public var isHeadless: Bool
    /// Wall-clock seconds since the Unix epoch, for "Last updated: …".
    public var now: Double

    public init(visual: HeaderVisual, width: Double, palette: RefreshPalette, scaleFactor: Double,
                pangoContext: OpaquePointer, isHeadless: Bool, now: Double) {
        self.visual = visual; self.width = width; self.palette = palette; self.scaleFactor = scaleFactor
        self.pangoContext = pangoContext; self.isHeadless = isHeadless; self.now = now
    }

    /// The built-in header's words for this instant, translated ("Pull down to refresh",
    /// "Release to refresh", "Refreshing…", …; the plain bar's own with `.plain` timings).
    public var text: String { HeaderPainter.text(for: visual.message) }

    /// "Last updated: …" (or "never"), translated, as the classic header shows it.
    public var lastUpdatedText: String {
        L10n.lastUpdatedLine(lastUpdate: visual.sinceLastUpdate.map { now - $0 }, now: now)
    }

    /// The revealed space: full width, from the viewport's top (or the header's region top, when
    /// that hangs higher, in snapshots) down to the content top. The context is clipped to it.
    public func revealed(heldHeight: Double) -> RefreshRect {
        let top = min(0, visual.contentTop - heldHeight)
        return Rect(x: 0, y: top, width: width, height: max(0, visual.contentTop - top))
    }

    /// The `heldHeight`-tall panel whose bottom edge is the content top.
    public func panel(heldHeight: Double) -> RefreshRect {
        Rect(x: 0, y: visual.contentTop - heldHeight, width: width, height: heldHeight)
    }

    /// The panel with its bottom edge on the device pixel where the rows start: drawn on it, a
    /// header stays crisp and does not shimmer while the content top moves by fractions of a
    /// pixel (the built-in styles draw on it).
    public func snappedPanel(heldHeight: Double, cr: OpaquePointer) -> RefreshRect {
        let top = PixelGrid(cr).snap(Point(0, visual.contentTop)).y
        return Rect(x: 0, y: top - heldHeight, width: width, height: heldHeight)
    }
}

/// A header look, set on the view's `header`. The jike, classic and plain headers are
/// implementations of it (`.jike`, `.classic`, `.plain`: `JikeHeader`, `ClassicHeader`,
/// `PlainHeader`); an app can write its own. The widget clips the context to the space above the
/// content top, so a style never paints over a row.
public protocol RefreshHeaderStyle: AnyObject {
    /// `H`: how tall the header is held open while refreshing, in logical px.
    var heldHeight: Double { get }
    /// The built-in style whose timings and wording (`frame.visual.message`) this header follows.
    /// Default: `.jike`.
    var timings: HeaderStyle { get }
    /// Draws `frame` with `cr`, whose origin is the viewport's top left (logical px).
    func draw(_ frame: HeaderFrame, cr: OpaquePointer)
    /// The rectangle a snapshot of this header shows. Default: `frame.panel(heldHeight:)`.
    func snapshotRegion(_ frame: HeaderFrame) -> RefreshRect
}

extension RefreshHeaderStyle {
    public func snapshotRegion(_ frame: HeaderFrame) -> RefreshRect { frame.panel(heldHeight: heldHeight) }
    public var timings: HeaderStyle { .jike }
}

/// The built-in looks as values: `view.header = .classic`.
extension RefreshHeaderStyle where Self == JikeHeader {
    /// The animated "J" (`JikeHeader`), the default.
    public static var jike: JikeHeader { JikeHeader() }
}

extension RefreshHeaderStyle where Self == ClassicHeader {
    /// Arrow, spinner, title and "Last updated: …" (`ClassicHeader`).
    public static var classic: ClassicHeader { ClassicHeader() }
}

extension RefreshHeaderStyle where Self == PlainHeader {
    /// A 30 px bar naming the state (`PlainHeader`).
    public static var plain: PlainHeader { PlainHeader() }
}

/// The jike, classic and plain headers: the widget draws them through its own painter (cached
/// per style), where an app's header is drawn through its `draw`.
package protocol BuiltInHeaderStyle: RefreshHeaderStyle {}

/// One frame of the load-more footer, as an app's footer style draws it (docs/behaviour.md,
/// "App-drawn headers"). The context is clipped to `bar`.
public struct FooterFrame {
    /// Phase, position (`top`, from the viewport's top) and the built-in text.
    public var visual: FooterVisual
    /// The viewport's width, in logical px.
    public var width: Double
    public var palette: RefreshPalette
    /// Device pixels per logical px.
    public var scaleFactor: Double
    /// The footer is the keyboard focus stop (Tab): draw a focus ring.
    public var focused: Bool
    /// The widget's Pango context (theme font).
    public var pangoContext: OpaquePointer

    public init(visual: FooterVisual, width: Double, palette: RefreshPalette, scaleFactor: Double, focused: Bool,
                pangoContext: OpaquePointer) {
        self.visual = visual; self.width = width; self.palette = palette; self.scaleFactor = scaleFactor
        self.focused = focused; self.pangoContext = pangoContext
    }

    /// The footer's bar: full width, `Tuning.footerHeight` tall, at `visual.top`.
    public var bar: RefreshRect { visual.rect(viewportWidth: width) }

    /// The built-in footer's words for this instant, translated ("Load more", "Loading…", "No
    /// more items", …).
    public var text: String { FooterPainter.text(for: visual.message) }
}

/// A footer look an app draws itself, set on the view's `appDrawnFooter`; the built-in bar
/// is used otherwise. Clicks, keys and accessibility stay the widget's.
public protocol RefreshFooterStyle: AnyObject {
    func draw(_ frame: FooterFrame, cr: OpaquePointer)
}

/// The built-in styles' text: one PainterText per Pango context, remade when the context changes.
final class StyleText {
    private var text: PainterText?
    private var context: OpaquePointer?
    private var headless = false

    func text(for frame: HeaderFrame) -> PainterText {
        if let text, context == frame.pangoContext, headless == frame.isHeadless { return text }
        let fresh = PainterText(pangoContext: frame.isHeadless ? nil : frame.pangoContext)
        text = fresh
        context = frame.pangoContext
        headless = frame.isHeadless
        return fresh
    }
}

// MARK: - Jike (docs/behaviour.md#jike-header)

/// The animated "J" (docs/behaviour.md#jike-header): its fill follows the pull, it morphs into a spinning ring while
/// refreshing and thins away at the end.
public final class JikeHeader: BuiltInHeaderStyle {
    private let text = StyleText()
    /// Between the error mark and the words of a failure, in logical px.
    static let failureTextGap = 8.0

    public init() {}
    public var heldHeight: Double { HeaderStyle.jike.heldHeight }
    public var timings: HeaderStyle { .jike }

    public func snapshotRegion(_ frame: HeaderFrame) -> RefreshRect { frame.visual.jikeBox(viewportWidth: frame.width) }

    public func draw(_ frame: HeaderFrame, cr: OpaquePointer) {
        let box = frame.visual.jikeBox(viewportWidth: frame.width)
        let origin = PixelGrid(cr).snap(Point(box.x, box.y))
        CairoShapes.draw(JGlyph.shapes(frame.visual.glyph, palette: frame.palette), cr: cr, origin: origin)
        // A failure is said in words beside the mark, which stays where the ring spun: a red "!"
        // alone does not tell a user that the refresh failed (docs/behaviour.md#jike-header).
        guard frame.visual.message == .failed else { return }
        let left = origin.x + box.width + Self.failureTextGap
        let maxWidth = frame.width - left - ClassicHeader.Layout.margin
        guard maxWidth > 0 else { return }
        let text = self.text.text(for: frame)
        let size = text.set(frame.text, style: .body, maxWidth: maxWidth)
        text.show(at: Point(left, origin.y + box.height / 2 - size.height / 2), cr: cr, color: frame.palette.text)
    }
}

// MARK: - Classic (docs/behaviour.md#classic-header)

/// Arrow (turning up when armed), spinner, result mark, a title and "Last updated: …".
public final class ClassicHeader: BuiltInHeaderStyle {
    private let text = StyleText()

    /// Layout of the classic panel, in logical px.
    package enum Layout {
        static let margin = 8.0
        /// The indicator's box (the arrow is 20 px tall, the spinner 18 px across).
        static let indicatorSize = 20.0
        static let indicatorGap = 12.0
        static let lineGap = 2.0
        static let spinnerRadius = 9.0
    }

    public init() {}
    public var heldHeight: Double { HeaderStyle.classic.heldHeight }
    public var timings: HeaderStyle { .classic }

    public func draw(_ frame: HeaderFrame, cr: OpaquePointer) {
        let text = self.text.text(for: frame)
        let visual = frame.visual, palette = frame.palette
        let panel = frame.snappedPanel(heldHeight: heldHeight, cr: cr)
        let title = frame.text
        let detail = frame.lastUpdatedText
        // Both lines stay centred in the viewport with the indicator left of the wider one;
        // on a narrow viewport they are ellipsized to leave the indicator its room on both sides.
        let maxWidth = panel.width - 2 * (Layout.margin + Layout.indicatorSize + Layout.indicatorGap)
        // One layout: measure the second line, then set and draw the first, then the second.
        let detailSize = text.set(detail, style: .detail, maxWidth: maxWidth)
        let mainSize = text.set(title, style: .title, maxWidth: maxWidth)
        let blockHeight = mainSize.height + Layout.lineGap + detailSize.height
        let blockTop = panel.midY - blockHeight / 2
        let centerX = panel.midX
        text.show(at: Point(centerX - mainSize.width / 2, blockTop), cr: cr, color: palette.text)
        text.set(detail, style: .detail, maxWidth: maxWidth)
        text.show(at: Point(centerX - detailSize.width / 2, blockTop + mainSize.height + Layout.lineGap),
                  cr: cr, color: palette.text)

        let blockWidth = max(mainSize.width, detailSize.width)
        let indicatorX = centerX - blockWidth / 2 - Layout.indicatorGap - Layout.indicatorSize / 2
        let center = PixelGrid(cr).snap(Point(indicatorX, panel.midY))
        CairoShapes.draw(HeaderPainter.indicator(visual.indicator, center: center, palette: palette), cr: cr)
    }
}

// MARK: - Plain (docs/behaviour.md#plain-header)

/// A 30 px bar naming the state; the error colour when a refresh failed.
public final class PlainHeader: BuiltInHeaderStyle {
    private let text = StyleText()

    public init() {}
    public var heldHeight: Double { HeaderStyle.plain.heldHeight }
    public var timings: HeaderStyle { .plain }

    public func draw(_ frame: HeaderFrame, cr: OpaquePointer) {
        let text = self.text.text(for: frame)
        let visual = frame.visual, palette = frame.palette
        let rect = PixelGrid(cr).snap(frame.snappedPanel(heldHeight: heldHeight, cr: cr))
        // A failed refresh turns the bar into the error colour (docs/behaviour.md#plain-header: an error state), with
        // black or white text, whichever reads better on it.
        let failed = visual.message == .failed
        let fill = failed ? palette.error : palette.bar
        let ink = failed ? Palette.barText(on: fill, highContrast: true) : palette.barText
        CairoShapes.setSource(cr, fill)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(cr)
        let size = text.set(frame.text, style: .body,
                            maxWidth: rect.width - 2 * ClassicHeader.Layout.margin)
        text.show(at: Point(rect.midX - size.width / 2, rect.midY - size.height / 2), cr: cr, color: ink)
    }
}

extension HeaderStyle {
    /// The built-in implementation of this style (the GObject's `header-style`).
    package func makeStyle() -> any RefreshHeaderStyle {
        switch self {
        case .jike: return JikeHeader()
        case .classic: return ClassicHeader()
        case .plain: return PlainHeader()
        }
    }
}
