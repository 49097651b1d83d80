import CPangoCairo
import RefreshCore
import RefreshDrawing

/// A contact sheet of a header style's whole sequence — pull, armed, morph, spin, end, failed —
/// in a light and a dark theme, each cell captioned with its moment, for visual QA.
package enum Filmstrip {
    package struct Cell: Equatable, Sendable {
        /// A QA caption naming the moment (English on purpose: it labels test data, not UI).
        package let caption: String
        package let moment: HeaderMoment
    }

    /// The sequence, in order. "spin +X s" is X seconds after the morph ended (refresh time
    /// 0.15 + X); "end X s" starts at refresh time `HeaderScene.refreshEndsAt`.
    package static let cells: [Cell] = {
        var cells = [0, 0.1, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9, 1].map {
            Cell(caption: "pull \(decimal($0))", moment: .pull(progress: $0))
        }
        cells.append(Cell(caption: "armed +0.10s", moment: .armed(seconds: 0.1)))
        cells += [0.05, 0.1, 0.15].map { Cell(caption: "morph \(decimal($0))s", moment: .refresh(seconds: $0)) }
        cells += [0.25, 0.5].map {
            Cell(caption: "spin +\(decimal($0))s", moment: .refresh(seconds: Tuning.morphDuration + $0))
        }
        cells += [0.1, 0.25, 0.4, 0.5].map { Cell(caption: "end \(decimal($0))s", moment: .end(seconds: $0)) }
        cells.append(Cell(caption: "failed", moment: .failed))
        return cells
    }()

    /// The two themes, in the order drawn: light on white, dark on Adwaita-dark's view background.
    package static let themes: [(name: String, palette: Palette, background: RGBA, caption: RGBA)] = [
        ("light", .light, .white, RGBA(85, 87, 83)),
        ("dark", .dark, .nearBlack, RGBA(186, 189, 182)),
    ]

    enum Layout {
        static let margin = 8.0
        static let sheet = RGBA(222, 222, 222)
        static let sheetCaption = RGBA(46, 52, 54)
        // jike: a row per theme, a column per moment.
        static let legendWidth = 40.0
        static let cellWidth = 84.0
        static let boxInset = 8.0
        static let captionHeight = 18.0
        // classic and plain: a row per moment, a column per theme.
        static let panelWidth = 320.0
        static let captionWidth = 100.0
        static let headingHeight = 20.0
        static let gap = 6.0
    }

    /// Renders the sheet for `style` at `scale` device px per logical px. With `appHeader`, the
    /// sheet shows that app-drawn header (through the public protocol, as the widget draws it)
    /// over `style`'s timings, one panel per moment like classic and plain.
    package static func render(style: HeaderStyle, appHeader: RefreshHeaderStyle? = nil, scale: Double) -> ImageSurface {
        let painter = HeaderPainter()
        let text = PainterText(pangoContext: nil)
        let visuals = cells.map { HeaderScene.visual($0.moment, style: style, heldHeight: appHeader?.heldHeight) }
        if let appHeader {
            return renderPanels(visuals, panelHeight: appHeader.heldHeight, scale: scale, text: text) {
                visual, cr, origin, palette in
                // The panel hangs above the content top; the cell shows exactly that panel.
                let panel = Rect(x: origin.x, y: origin.y, width: Layout.panelWidth, height: appHeader.heldHeight)
                cairo_save(cr)
                cairo_rectangle(cr, panel.x, panel.y, panel.width, panel.height)
                cairo_clip(cr)
                cairo_translate(cr, origin.x, origin.y - (visual.contentTop - appHeader.heldHeight))
                painter.draw(visual, style: appHeader, cr: cr, width: Layout.panelWidth, palette: palette)
                cairo_restore(cr)
            }
        }
        if style == .jike {
            return renderJike(visuals, scale: scale, painter: painter, text: text)
        }
        return renderPanels(visuals, panelHeight: style.heldHeight, scale: scale, text: text) {
            visual, cr, origin, palette in
            Snapshot.drawHeader(visual, cr: cr, at: origin, width: Layout.panelWidth, palette: palette, painter: painter)
        }
    }

    private static func renderJike(_ visuals: [HeaderVisual], scale: Double, painter: HeaderPainter,
                                   text: PainterText) -> ImageSurface {
        let box = JGlyph.boxSize
        let rowHeight = Layout.boxInset + box + Layout.captionHeight + 4
        let width = 2 * Layout.margin + Layout.legendWidth + Double(cells.count) * Layout.cellWidth
        let height = 2 * Layout.margin + Double(themes.count) * rowHeight + Double(themes.count - 1) * Layout.gap
        let image = ImageSurface(logicalWidth: width, logicalHeight: height, scale: scale)
        image.fill(Layout.sheet)
        image.draw { cr in
            let grid = PixelGrid(cr)
            for (row, theme) in themes.enumerated() {
                let y = Layout.margin + Double(row) * (rowHeight + Layout.gap)
                fill(cr, Rect(x: Layout.margin, y: y, width: width - 2 * Layout.margin, height: rowHeight),
                     theme.background)
                caption(theme.name, text: text, cr: cr, color: theme.caption,
                        center: Point(Layout.margin + Layout.legendWidth / 2, y + rowHeight / 2))
                for (column, visual) in visuals.enumerated() {
                    let cellX = Layout.margin + Layout.legendWidth + Double(column) * Layout.cellWidth
                    let origin = Point(cellX + (Layout.cellWidth - box) / 2, y + Layout.boxInset)
                    // A faint outline of the 45×45 box, to judge the J's place in it.
                    let line = grid.lineWidth(1)
                    grid.appendInsetRectangle(Rect(x: origin.x - line, y: origin.y - line, width: box + 2 * line,
                                                   height: box + 2 * line), lineWidth: line)
                    CairoShapes.setSource(cr, theme.caption.withAlpha(0.25))
                    cairo_set_line_width(cr, line)
                    cairo_stroke(cr)
                    Snapshot.drawHeader(visual, cr: cr, at: origin, width: box, palette: theme.palette,
                                        painter: painter)
                    caption(cells[column].caption, text: text, cr: cr, color: theme.caption,
                            center: Point(cellX + Layout.cellWidth / 2,
                                          origin.y + box + Layout.captionHeight / 2 + 2))
                }
            }
        }
        return image
    }

    /// A row per moment, a column per theme; `drawPanel` draws one moment's panel with its top
    /// left at the given point, `Layout.panelWidth` wide and `panelHeight` tall.
    private static func renderPanels(_ visuals: [HeaderVisual], panelHeight: Double, scale: Double, text: PainterText,
                                     drawPanel: (HeaderVisual, OpaquePointer, Point, Palette) -> Void) -> ImageSurface {
        let last = panelRect(row: cells.count - 1, column: themes.count - 1, panelHeight: panelHeight)
        let image = ImageSurface(logicalWidth: last.x + last.width + Layout.margin,
                                 logicalHeight: last.y + last.height + Layout.margin, scale: scale)
        image.fill(Layout.sheet)
        image.draw { cr in
            for (column, theme) in themes.enumerated() {
                let heading = panelRect(row: 0, column: column, panelHeight: panelHeight)
                caption(theme.name, text: text, cr: cr, color: Layout.sheetCaption,
                        center: Point(heading.x + heading.width / 2, Layout.margin + Layout.headingHeight / 2))
                for (row, visual) in visuals.enumerated() {
                    let panel = panelRect(row: row, column: column, panelHeight: panelHeight)
                    fill(cr, panel, theme.background)
                    drawPanel(visual, cr, Point(panel.x, panel.y), theme.palette)
                }
            }
            for (row, cell) in cells.enumerated() {
                let panel = panelRect(row: row, column: 0, panelHeight: panelHeight)
                caption(cell.caption, text: text, cr: cr, color: Layout.sheetCaption,
                        center: Point(Layout.margin + Layout.captionWidth / 2, panel.y + panel.height / 2))
            }
        }
        return image
    }

    /// Where a panel sheet (classic, plain, an app-drawn header) shows moment `row` (an index in
    /// `cells`) in theme `column` (an index in `themes`), in logical px.
    package static func panelRect(row: Int, column: Int, panelHeight: Double) -> Rect {
        Rect(x: Layout.margin + Layout.captionWidth + Double(column) * (Layout.panelWidth + Layout.gap),
             y: Layout.margin + Layout.headingHeight + Double(row) * (panelHeight + Layout.gap),
             width: Layout.panelWidth, height: panelHeight)
    }

    private static func fill(_ cr: OpaquePointer, _ rect: Rect, _ color: RGBA) {
        let r = PixelGrid(cr).snap(rect)
        CairoShapes.setSource(cr, color)
        cairo_rectangle(cr, r.x, r.y, r.width, r.height)
        cairo_fill(cr)
    }

    private static func caption(_ string: String, text: PainterText, cr: OpaquePointer, color: RGBA, center: Point) {
        let size = text.set(string, style: .caption)
        text.show(at: Point(center.x - size.width / 2, center.y - size.height / 2), cr: cr, color: color)
    }

    /// "0.25", "0.10", "1.00": two decimals, without Foundation's formatter.
    static func decimal(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
