import CGtk
import RefreshCore
import RefreshDrawing

/// How a row is to be shown.
public struct RowState: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The list's single selection.
    public static let selected = RowState(rawValue: 1 << 0)
    /// The keyboard cursor is on the row and the list has the focus: draw a focus ring.
    public static let focused = RowState(rawValue: 1 << 1)
    /// The pointer is over the row.
    public static let hovered = RowState(rawValue: 1 << 2)
}

/// What the list shows, drawn by the app (docs/behaviour.md, "Rows"): the app says how many rows
/// there are, how tall a row is at a width, and draws one with Cairo. The list asks only for rows
/// that come into view — a height when a row first shows (or after the width, font, scale, theme
/// or data changed), a drawing every frame it is on screen — so ten million rows cost what ten do.
///
/// Rows not measured yet count as `estimatedRowHeight`; when a measurement differs, the row at the
/// top of the viewport stays where it is on screen. `TextRowRenderer` is the ready-made two-line
/// renderer over a `RowSource`.
///
/// The list holds the renderer until its widget is destroyed, then lets it go.
@MainActor
public protocol RowRenderer: AnyObject {
    var rowCount: Int { get }
    /// The height, in logical px, of rows not measured yet. The closer to the average, the less
    /// the scrollbar moves as rows are measured. Default: 56.
    var estimatedRowHeight: Double { get }
    /// Row `index`'s height, in logical px, when it is `width` px wide.
    func heightOfRow(at index: Int, width: Double, context: RowContext) -> Double
    /// Draws row `index` with `cr` into `rect` (viewport coordinates, whole device pixels; the
    /// context is clipped to it and restored afterwards).
    ///
    /// The list keeps the image of a row that stays on screen and shows it again at its new
    /// place (docs/behaviour.md, "Layout cache"), so the drawing must depend only on the row's
    /// content, `state`, the rect's size, the context's style and `drawingVersion(ofRow:context:)`
    /// — not on where `rect` is: round positions relative to `rect`, not to the viewport.
    func drawRow(at index: Int, in rect: RefreshRect, state: RowState, cr: OpaquePointer, context: RowContext)
    /// What assistive technologies read for row `index`. Default: "Row N".
    func accessibleName(ofRow index: Int) -> String
    /// Changes whenever row `index` would look different although its content, state, width and
    /// style did not — a relative time ("3 min ago") that moved on, say — so that a kept image of
    /// the row is drawn again; nil: never keep this row's image (it changes every frame). Asked
    /// every frame for each visible row: keep it cheap. Default: 0 (the row looks the same until
    /// the rows are reloaded).
    func drawingVersion(ofRow index: Int, context: RowContext) -> Int?
}

extension RowRenderer {
    public var estimatedRowHeight: Double { 56 }
    public func accessibleName(ofRow index: Int) -> String { "Row \(index + 1)" }
    public func drawingVersion(ofRow index: Int, context: RowContext) -> Int? { 0 }
}

/// The widget's style as rows need it, and the layout cache. One per list, updated when the
/// theme, font or scale changes.
@MainActor
public final class RowContext {
    /// Text colour of the list ("view" style class).
    public internal(set) var foreground: RefreshColor
    /// The list's background.
    public internal(set) var background: RefreshColor
    /// A selected row's background and text.
    public internal(set) var selectionBackground: RefreshColor
    public internal(set) var selectionForeground: RefreshColor
    /// The header and footer's colours, for rows that want to match them.
    public internal(set) var palette: RefreshPalette
    /// The widget's Pango context (theme font, screen resolution and font options); headless, a
    /// fixed "DejaVu Sans 10" context. Make layouts with `makeLayout()` or through `layout(…)`.
    public internal(set) var pangoContext: OpaquePointer
    /// Device pixels per logical px (2 at GDK_SCALE=2).
    public internal(set) var scaleFactor: Double
    /// The width rows are laid out at (the viewport's).
    public internal(set) var width: Double
    /// The list's style context, for `gtk_render_focus` and friends; nil headless.
    public internal(set) var styleContext: UnsafeMutablePointer<GtkStyleContext>?
    /// Wall-clock seconds since the Unix epoch at this frame, for relative times ("3 min ago").
    public internal(set) var now: Double
    /// Laid-out rows kept from frame to frame.
    public let layouts: RowLayoutCache
    /// Maps a row index to its stable key in the cache (prepends and appends keep keys).
    var rowKey: (Int) -> Int = { $0 }

    package init(pangoContext: OpaquePointer, palette: Palette, foreground: RGBA, background: RGBA,
                 selectionBackground: RGBA, selectionForeground: RGBA, scaleFactor: Double, width: Double,
                 styleContext: UnsafeMutablePointer<GtkStyleContext>?, now: Double,
                 layouts: RowLayoutCache = RowLayoutCache()) {
        g_object_ref(UnsafeMutableRawPointer(pangoContext))
        self.pangoContext = pangoContext
        self.palette = palette
        self.foreground = foreground
        self.background = background
        self.selectionBackground = selectionBackground
        self.selectionForeground = selectionForeground
        self.scaleFactor = scaleFactor
        self.width = width
        self.styleContext = styleContext
        self.now = now
        self.layouts = layouts
    }

    /// Headless: a fixed font and the given colours (snapshots, tests, the benchmark's micro runs).
    package convenience init(headlessWidth width: Double, scale: Double, dark: Bool = false, now: Double = 0) {
        let context = PainterText.headlessPangoContext()
        let palette = dark ? Palette.dark : Palette.light
        let fg = dark ? RGBA(238, 238, 236) : RGBA(46, 52, 54)
        self.init(pangoContext: context, palette: palette, foreground: fg,
                  background: dark ? RGBA.nearBlack : RGBA.white,
                  selectionBackground: RGBA(53, 132, 228), selectionForeground: .white,
                  scaleFactor: scale, width: width, styleContext: nil, now: now)
        g_object_unref(UnsafeMutableRawPointer(context))
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(pangoContext))
    }

    /// A new PangoLayout on `pangoContext`; the caller owns its reference.
    public func makeLayout() -> OpaquePointer {
        pango_layout_new(pangoContext)
    }

    /// The layout of part `part` of row `index` (a row may have several: name, text, time…), built
    /// with `build` when the cache does not hold it. The cache owns the returned layout: use it
    /// during this call of `heightOfRow` or `drawRow` only. `build` gets a fresh layout to fill in.
    public func layout(forRow index: Int, part: Int = 0, build: (OpaquePointer) -> Void) -> OpaquePointer {
        layouts.layout(key: RowLayoutCache.Key(row: rowKey(index), part: part)) {
            let layout = makeLayout()
            build(layout)
            return layout
        }
    }

    func updateTheme(from styleContext: UnsafeMutablePointer<GtkStyleContext>, pangoContext: OpaquePointer) {
        foreground = Palette.foreground(styleContext)
        background = Palette.background(styleContext) ?? .white
        selectionBackground = Palette.lookupColor(styleContext, "theme_selected_bg_color") ?? RGBA(53, 132, 228)
        selectionForeground = Palette.lookupColor(styleContext, "theme_selected_fg_color") ?? .white
        palette = Palette.theme(styleContext)
        self.styleContext = styleContext
        if pangoContext != self.pangoContext {
            g_object_ref(UnsafeMutableRawPointer(pangoContext))
            g_object_unref(UnsafeMutableRawPointer(self.pangoContext))
            self.pangoContext = pangoContext
        }
    }
}
