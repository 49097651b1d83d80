import CPangoCairo
import RefreshCore
import RefreshDrawing

/// Headless images of the header and footer, drawn by the same painters as the widget.
package enum Snapshot {
    /// The viewport width classic and plain headers are drawn at unless told otherwise.
    package static let defaultWidth = 360.0

    /// The part of the viewport a header image shows: for jike the 45×45 box of docs/behaviour.md#jike-header (in a
    /// viewport as wide as the box), for classic and plain the panel, `width` × held height.
    package static func headerRegion(_ visual: HeaderVisual, width: Double) -> (viewportWidth: Double, region: Rect) {
        switch visual.style {
        case .jike:
            return (JGlyph.boxSize, visual.jikeBox(viewportWidth: JGlyph.boxSize))
        case .classic, .plain:
            return (width, visual.panel(viewportWidth: width))
        }
    }

    /// The header image: see `headerRegion`. Transparent unless `background` is given.
    package static func header(_ visual: HeaderVisual, width: Double = defaultWidth, scale: Double,
                              palette: Palette, background: RGBA? = nil,
                              painter: HeaderPainter = HeaderPainter()) -> ImageSurface {
        let region = headerRegion(visual, width: width).region
        let image = ImageSurface(logicalWidth: region.width, logicalHeight: region.height, scale: scale)
        if let background { image.fill(background) }
        image.draw { cr in
            drawHeader(visual, cr: cr, at: Point(0, 0), width: width, palette: palette, painter: painter)
        }
        return image
    }

    /// An app-drawn header's image: its panel (`heldHeight` tall, `width` wide, bottom edge at
    /// the content top), drawn through the public protocol as the widget draws it.
    package static func header(_ visual: HeaderVisual, style: RefreshHeaderStyle, width: Double = defaultWidth,
                              scale: Double, palette: Palette, background: RGBA? = nil) -> ImageSurface {
        let region = Rect(x: 0, y: visual.contentTop - style.heldHeight, width: width, height: style.heldHeight)
        let image = ImageSurface(logicalWidth: region.width, logicalHeight: region.height, scale: scale)
        if let background { image.fill(background) }
        let painter = HeaderPainter()
        image.draw { cr in
            cairo_translate(cr, -region.x, -region.y)
            painter.draw(visual, style: style, cr: cr, width: width, palette: palette)
        }
        return image
    }

    /// Draws the header's region (see `headerRegion`) with its top left at `origin` of `cr`.
    package static func drawHeader(_ visual: HeaderVisual, cr: OpaquePointer, at origin: Point, width: Double,
                                  palette: Palette, painter: HeaderPainter) {
        let (viewportWidth, region) = headerRegion(visual, width: width)
        cairo_save(cr)
        cairo_translate(cr, origin.x - region.x, origin.y - region.y)
        painter.draw(visual, cr: cr, width: viewportWidth, palette: palette)
        cairo_restore(cr)
    }

    /// The footer bar, `width` × 44 px. Transparent unless `background` is given.
    package static func footer(_ visual: FooterVisual, width: Double = defaultWidth, scale: Double,
                              palette: Palette, background: RGBA? = nil, focused: Bool = false,
                              painter: FooterPainter = FooterPainter()) -> ImageSurface {
        let region = visual.rect(viewportWidth: width)
        let image = ImageSurface(logicalWidth: region.width, logicalHeight: region.height, scale: scale)
        if let background { image.fill(background) }
        image.draw { cr in
            cairo_translate(cr, -region.x, -region.y)
            painter.draw(visual, cr: cr, width: width, palette: palette, focused: focused)
        }
        return image
    }
}
