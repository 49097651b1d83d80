import CGtk
import RefreshCore
@testable import RefreshGtk
import Testing

/// The kept row images' key, on the cache itself (docs/behaviour.md, "Layout cache"): a row is
/// drawn again whenever anything its image depends on differs — state, device size, scale,
/// drawing version, background, the kind of surface drawn to — and shown from the kept image
/// when nothing does. No widget and no display: the cache paints into Cairo image surfaces. (The
/// widget forgets every image on a theme change anyway, so a key that ignored, say, the
/// background would pass every test made through the widget.)
@MainActor
@Suite struct RowImageLookTests {
    static let white = RGBA(r: 1, g: 1, b: 1)
    static let base = RowImageCache.Look(state: [], deviceWidth: 200, deviceHeight: 40, scale: 1, version: 3,
                                         background: white)

    /// One field of the key, changed.
    enum Field: String, CaseIterable {
        case state, deviceWidth, deviceHeight, scale, version, background

        func changed(_ look: RowImageCache.Look) -> RowImageCache.Look {
            var look = look
            switch self {
            case .state: look.state = .selected
            case .deviceWidth: look.deviceWidth += 1
            case .deviceHeight: look.deviceHeight += 1
            case .scale: look.scale = 2
            case .version: look.version += 1
            case .background: look.background = RGBA(r: 1, g: 0, b: 0)
            }
            return look
        }
    }

    /// An image surface the cache paints rows into, counting the rows it had to draw. The row
    /// drawn is a black 10 × 10 square in its top-left corner on the image's background.
    final class Canvas {
        let surface: OpaquePointer
        let cr: OpaquePointer
        private(set) var draws = 0

        init(format: cairo_format_t = CAIRO_FORMAT_ARGB32) throws {
            surface = try #require(cairo_image_surface_create(format, 300, 200))
            cr = try #require(cairo_create(surface))
            cairo_set_source_rgb(cr, 0, 0, 1)  // blue: whatever no row covers
            cairo_paint(cr)
        }

        deinit {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
        }

        /// Paints row 7 with `look` at y (200 × 40 user units at x 0).
        @MainActor func paint(_ cache: RowImageCache, _ look: RowImageCache.Look, y: Double = 0) {
            cache.paint(key: 7, look: look, rect: Rect(x: 0, y: y, width: 200, height: 40), cr: cr) { image, rect in
                self.draws += 1
                cairo_set_source_rgb(image, 0, 0, 0)
                cairo_rectangle(image, rect.x, rect.y, 10, 10)
                cairo_fill(image)
            }
        }

        /// The pixel at (x, y) as 0xRRGGBB.
        func rgb(x: Int, y: Int) -> UInt32 {
            cairo_surface_flush(surface)
            let stride = Int(cairo_image_surface_get_stride(surface))
            let data = UnsafeRawPointer(cairo_image_surface_get_data(surface)!)
            return data.load(fromByteOffset: y * stride + 4 * x, as: UInt32.self) & 0xFF_FFFF
        }
    }

    @Test func anIdenticalLookIsShownFromTheKeptImage() throws {
        let cache = RowImageCache()
        let canvas = try Canvas()
        canvas.paint(cache, Self.base)
        #expect(canvas.draws == 1 && cache.imagesDrawn == 1)
        // The same look again, at another place (the row scrolled): the kept image, not drawn.
        canvas.paint(cache, Self.base, y: 100)
        #expect(canvas.draws == 1, "an unchanged row was drawn again")
        #expect(cache.hits == 1 && cache.imagesDrawn == 1 && cache.count == 1)
        #expect(canvas.rgb(x: 5, y: 105) == 0x000000 && canvas.rgb(x: 100, y: 120) == 0xFFFFFF,
                "the kept image is not what the row drew")
    }

    @Test(arguments: Field.allCases)
    func aLookThatDiffersInOneFieldIsDrawnAgain(field: Field) throws {
        let cache = RowImageCache()
        let canvas = try Canvas()
        let changed = field.changed(Self.base)
        #expect(changed != Self.base)
        canvas.paint(cache, Self.base)
        canvas.paint(cache, changed)
        #expect(canvas.draws == 2, "a look differing in \(field) showed the image of the old look")
        #expect(cache.hits == 0 && cache.imagesDrawn == 2)
        #expect(cache.count == 1, "one image per row: the new look replaces the old")
        // And the new look is kept in turn.
        canvas.paint(cache, changed)
        #expect(canvas.draws == 2 && cache.hits == 1)
    }

    /// The image shown after a background change has the new background.
    @Test func aNewBackgroundIsWhatTheRowShows() throws {
        let cache = RowImageCache()
        let canvas = try Canvas()
        canvas.paint(cache, Self.base)
        #expect(canvas.rgb(x: 100, y: 20) == 0xFFFFFF)
        canvas.paint(cache, Field.background.changed(Self.base))
        #expect(canvas.rgb(x: 100, y: 20) == 0xFF0000, "the row still shows the old background")
        #expect(canvas.rgb(x: 5, y: 5) == 0x000000)
    }

    /// The kind of surface is part of the key too: the same look painted into a surface of
    /// other content (no alpha) is drawn again for it, and back on the first kind again.
    @Test func anotherKindOfSurfaceIsDrawnAgain() throws {
        let cache = RowImageCache()
        let argb = try Canvas(format: CAIRO_FORMAT_ARGB32)
        let rgb = try Canvas(format: CAIRO_FORMAT_RGB24)
        argb.paint(cache, Self.base)
        rgb.paint(cache, Self.base)
        #expect(rgb.draws == 1, "an image made for an ARGB32 surface was shown on an RGB24 one")
        rgb.paint(cache, Self.base)
        #expect(rgb.draws == 1)
        argb.paint(cache, Self.base)
        #expect(argb.draws == 2)
    }
}
