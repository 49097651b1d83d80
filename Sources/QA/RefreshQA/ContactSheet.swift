import CPangoCairo
import RefreshCore
import RefreshDrawing

/// One PNG of many frames side by side, each cropped to the same region and captioned: the
/// `record` command's contact sheet.
package enum ContactSheet {
    /// `frames`: PNG paths and captions, in order. `crop`: the region of each frame to show, in
    /// the frames' device pixels. `cellScale`: device px of the sheet per frame device px.
    package static func render(frames: [(path: String, caption: String)], crop: Rect, cellScale: Double,
                               columns: Int) -> ImageSurface {
        let margin = 6.0, captionHeight = 14.0
        let cellWidth = crop.width * cellScale, cellHeight = crop.height * cellScale
        let columns = max(1, min(columns, frames.count))
        let rows = (frames.count + columns - 1) / columns
        let width = margin + Double(columns) * (cellWidth + margin)
        let height = margin + Double(rows) * (cellHeight + captionHeight + margin)
        let sheet = ImageSurface(logicalWidth: width, logicalHeight: height, scale: 1)
        sheet.fill(RGBA(222, 222, 222))
        let text = PainterText(pangoContext: nil)
        sheet.draw { cr in
            for (index, frame) in frames.enumerated() {
                let x = margin + Double(index % columns) * (cellWidth + margin)
                let y = margin + Double(index / columns) * (cellHeight + captionHeight + margin)
                if let image = ImageSurface(contentsOfPNG: frame.path) {
                    cairo_save(cr)
                    cairo_rectangle(cr, x, y, cellWidth, cellHeight)
                    cairo_clip(cr)
                    cairo_translate(cr, x, y)
                    cairo_scale(cr, cellScale, cellScale)
                    cairo_set_source_surface(cr, image.surface, -crop.x, -crop.y)
                    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
                    cairo_paint(cr)
                    cairo_restore(cr)
                }
                let size = text.set(frame.caption, style: .caption, maxWidth: cellWidth)
                text.show(at: Point(x + (cellWidth - size.width) / 2, y + cellHeight + 1), cr: cr,
                          color: RGBA(46, 52, 54))
            }
        }
        return sheet
    }
}
