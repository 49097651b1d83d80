import CPangoCairo
import RefreshCore
import RefreshDrawing

/// One pixel as Cairo stores it: ARGB32, premultiplied alpha.
package struct Pixel: Equatable, Sendable {
    package var r: UInt8, g: UInt8, b: UInt8, a: UInt8

    package init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) { self.r = r; self.g = g; self.b = b; self.a = a }

    /// The colour without premultiplication (clear for a transparent pixel).
    package var color: RGBA {
        guard a > 0 else { return RGBA(r: 0, g: 0, b: 0, a: 0) }
        let alpha = Double(a)
        return RGBA(r: Double(r) / alpha, g: Double(g) / alpha, b: Double(b) / alpha, a: alpha / 255)
    }
}

/// A Cairo ARGB32 image surface: the headless canvas (no display needed) for snapshots, the
/// filmstrip and the golden tests, and its PNG input and output.
package final class ImageSurface {
    let surface: OpaquePointer
    package let pixelWidth: Int
    package let pixelHeight: Int
    /// Device pixels per logical pixel (1 for an image read from a file).
    package let scale: Double

    /// Cairo's limit on each side of an image surface.
    package static let maximumSide = 32_767

    /// Whole device pixels for `logical` px at `scale`: rounded up, so that nothing drawn in
    /// the logical area is cut (45 px at scale 1.5 is 68 px).
    package static func pixels(_ logical: Double, scale: Double) -> Int {
        Int((logical * scale - 1e-9).rounded(.up))
    }

    /// A transparent image of `logicalWidth × logicalHeight` logical px, `scale` device px each;
    /// drawing on it uses logical coordinates (Cairo's device scale does the rest).
    package init(logicalWidth: Double, logicalHeight: Double, scale: Double) {
        pixelWidth = min(max(ImageSurface.pixels(logicalWidth, scale: scale), 1), ImageSurface.maximumSide)
        pixelHeight = min(max(ImageSurface.pixels(logicalHeight, scale: scale), 1), ImageSurface.maximumSide)
        self.scale = scale
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
        cairo_surface_set_device_scale(surface, scale, scale)
    }

    /// Reads a PNG file; nil if it cannot be read.
    package init?(contentsOfPNG path: String) {
        guard let loaded = cairo_image_surface_create_from_png(path) else { return nil }
        guard cairo_surface_status(loaded) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(loaded)
            return nil
        }
        surface = loaded
        pixelWidth = Int(cairo_image_surface_get_width(loaded))
        pixelHeight = Int(cairo_image_surface_get_height(loaded))
        scale = 1
    }

    deinit { cairo_surface_destroy(surface) }

    /// The top-left `pixelWidth × pixelHeight` device pixels, as an image of `scale` (a region of
    /// a window's screenshot, to compare with a headless render of that scale).
    package func cropped(pixelWidth: Int, pixelHeight: Int, scale: Double) -> ImageSurface {
        let crop = ImageSurface(logicalWidth: Double(pixelWidth) / scale, logicalHeight: Double(pixelHeight) / scale,
                                scale: scale)
        let cr = cairo_create(crop.surface)!
        cairo_scale(cr, 1 / scale, 1 / scale)
        cairo_set_source_surface(cr, surface, 0, 0)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        return crop
    }

    /// Runs `body` with a fresh cairo context on the image (logical coordinates).
    package func draw(_ body: (_ cr: OpaquePointer) -> Void) {
        let cr = cairo_create(surface)!
        body(cr)
        cairo_destroy(cr)
    }

    /// Fills the whole image with `color` (the --background of snapshots).
    package func fill(_ color: RGBA) {
        draw { cr in
            CairoShapes.setSource(cr, color)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
        }
    }

    /// Writes the image as a PNG file.
    package func writePNG(to path: String) throws(ImageWriteError) {
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw ImageWriteError(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
    }

    /// Every pixel, row by row from the top left.
    package var pixels: [Pixel] {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let opaque = cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24
        var result: [Pixel] = []
        result.reserveCapacity(pixelWidth * pixelHeight)
        for y in 0..<pixelHeight {
            let row = UnsafeRawPointer(data + y * stride)
            for x in 0..<pixelWidth {
                // Native-endian 0xAARRGGBB words.
                let word = row.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self)
                result.append(Pixel(r: UInt8(truncatingIfNeeded: word >> 16), g: UInt8(truncatingIfNeeded: word >> 8),
                                    b: UInt8(truncatingIfNeeded: word),
                                    a: opaque ? 255 : UInt8(truncatingIfNeeded: word >> 24)))
            }
        }
        return result
    }
}

/// A PNG that could not be written; `description` is one line.
package struct ImageWriteError: Error, Equatable, CustomStringConvertible {
    package let path: String
    package let reason: String
    package var description: String { "cannot write '\(path)': \(reason)" }
}

/// An image's pixels, read once, addressed by logical position (tests and QA read drawings
/// back through it).
package struct Raster: CustomStringConvertible {
    package var description: String { "Raster \(width)×\(height)" }
    package let width: Int
    package let height: Int
    package let scale: Double
    package let pixels: [Pixel]

    package init(_ image: ImageSurface) {
        width = image.pixelWidth
        height = image.pixelHeight
        scale = image.scale
        pixels = image.pixels
    }

    /// The pixel under logical point (x, y), clamped to the image.
    package subscript(_ x: Double, _ y: Double) -> Pixel {
        let px = min(max(Int((x * scale).rounded(.down)), 0), width - 1)
        let py = min(max(Int((y * scale).rounded(.down)), 0), height - 1)
        return pixels[py * width + px]
    }

    package subscript(_ p: Point) -> Pixel { self[p.x, p.y] }
}
