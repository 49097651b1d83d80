import RefreshGtk
import CGtk
import RefreshCore

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
    static let themes: [(name: String, palette: Palette, background: RGBA, caption: RGBA)] = [
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

    /// Renders the sheet for `style` at `scale` device px per logical px.
    package static func render(style: HeaderStyle, scale: Double) -> ImageSurface {
        let painter = HeaderPainter()
        let text = PainterText(pangoContext: nil)
        let visuals = cells.map { HeaderScene.visual($0.moment, style: style) }
        return style == .jike
            ? renderJike(visuals, scale: scale, painter: painter, text: text)
            : renderPanels(visuals, style: style, scale: scale, painter: painter, text: text)
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

    private static func renderPanels(_ visuals: [HeaderVisual], style: HeaderStyle, scale: Double,
                                     painter: HeaderPainter, text: PainterText) -> ImageSurface {
        let panelHeight = style.heldHeight
        let width = 2 * Layout.margin + Layout.captionWidth + Double(themes.count) * (Layout.panelWidth + Layout.gap)
            - Layout.gap
        let top = Layout.margin + Layout.headingHeight
        let height = top + Double(cells.count) * (panelHeight + Layout.gap) - Layout.gap + Layout.margin
        let image = ImageSurface(logicalWidth: width, logicalHeight: height, scale: scale)
        image.fill(Layout.sheet)
        image.draw { cr in
            for (column, theme) in themes.enumerated() {
                let x = Layout.margin + Layout.captionWidth + Double(column) * (Layout.panelWidth + Layout.gap)
                caption(theme.name, text: text, cr: cr, color: Layout.sheetCaption,
                        center: Point(x + Layout.panelWidth / 2, Layout.margin + Layout.headingHeight / 2))
                for (row, visual) in visuals.enumerated() {
                    let y = top + Double(row) * (panelHeight + Layout.gap)
                    fill(cr, Rect(x: x, y: y, width: Layout.panelWidth, height: panelHeight), theme.background)
                    Snapshot.drawHeader(visual, cr: cr, at: Point(x, y), width: Layout.panelWidth,
                                        palette: theme.palette, painter: painter)
                }
            }
            for (row, cell) in cells.enumerated() {
                let y = top + Double(row) * (panelHeight + Layout.gap)
                caption(cell.caption, text: text, cr: cr, color: Layout.sheetCaption,
                        center: Point(Layout.margin + Layout.captionWidth / 2, y + panelHeight / 2))
            }
        }
        return image
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
