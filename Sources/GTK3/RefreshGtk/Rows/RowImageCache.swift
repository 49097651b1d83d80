import CGtk
import RefreshCore

/// Drawn rows kept from frame to frame (docs/behaviour.md, "Layout cache"): the image of a row
/// that stays on screen is shown again at its new place instead of drawing the row again. Each
/// image is a surface similar to the one the list draws to, with its content (under X11 a
/// pixmap on the X server,
/// so a kept row costs the server one copy), at whole device pixels. One image per row, keyed by
/// the row's stable key and drawn again when its look changes: state, width, height, scale,
/// theme or the renderer's `drawingVersion`. Bounded in bytes (least recently used first out);
/// emptied on everything the layout cache is emptied on.
@MainActor
package final class RowImageCache {
    /// Everything a kept image depends on besides the row's content.
    struct Look: Equatable {
        var state: RowState
        var deviceWidth: Int
        var deviceHeight: Int
        var scale: Double
        var version: Int
        var background: RGBA
        /// The kind of surface drawn to (backend and content): an image made for one is not
        /// shown on another (a snapshot into an image surface, say, beside the X window's frames).
        var target: UInt32 = 0
    }

    /// Owns one surface; dropping it (eviction, invalidation) destroys it.
    private final class Entry {
        let surface: OpaquePointer
        let look: Look
        let bytes: Int
        var lastUsed: Int
        init(surface: OpaquePointer, look: Look, bytes: Int, lastUsed: Int) {
            self.surface = surface
            self.look = look
            self.bytes = bytes
            self.lastUsed = lastUsed
        }
        deinit { cairo_surface_destroy(surface) }
    }

    /// Off: rows are drawn in place every frame (the layout cache may still be on). The list
    /// also keeps no image while `RowLayoutCache.isEnabled` is false.
    package var isEnabled = true {
        didSet { if !isEnabled { invalidate() } }
    }
    private var entries: [Int: Entry] = [:]
    private var clock = 0
    /// Bytes the kept images take (4 per device pixel), never above `byteLimit` after a frame.
    package private(set) var bytes = 0
    /// The bound: `viewports` viewports' worth of device pixels, at least `minimumBytes`.
    package private(set) var byteLimit = RowImageCache.minimumBytes
    /// Images drawn (rows drawn into a new image) and shown again unchanged, since creation.
    package private(set) var imagesDrawn = 0
    package private(set) var hits = 0
    package var count: Int { entries.count }

    package static let minimumBytes = 1 << 20
    /// A few viewports: the visible rows (at most about two viewports with the rows cut at the
    /// edges) and a little scrolling back.
    package static let viewports = 3

    package init() {}

    /// Sizes the bound to a viewport of `deviceWidth` × `deviceHeight` device pixels (the list
    /// calls it every frame); a smaller bound drops the oldest images at once.
    func fitViewport(deviceWidth: Int, deviceHeight: Int) {
        byteLimit = max(RowImageCache.minimumBytes, RowImageCache.viewports * 4 * deviceWidth * deviceHeight)
        evict()
    }

    /// Whether an image of `deviceHeight` rows may be kept: never taller than a third of the bound.
    func fits(deviceWidth: Int, deviceHeight: Int) -> Bool {
        deviceWidth > 0 && deviceHeight > 0 && 4 * deviceWidth * deviceHeight * 3 <= byteLimit
    }

    /// Paints row `key`'s image with `look` into `cr` at device-pixel-aligned `rect` (user space,
    /// `scale` device pixels per unit): the kept one, or a new one that `draw` fills (a context
    /// on an opaque surface already painted with the background, the row at `Rect(0, 0, w, h)`).
    func paint(key: Int, look: Look, rect: Rect, cr: OpaquePointer, draw: (OpaquePointer, Rect) -> Void) {
        clock += 1
        var look = look
        if let target = cairo_get_target(cr) {
            look.target = cairo_surface_get_type(target).rawValue << 16 | cairo_surface_get_content(target).rawValue
        }
        let entry: Entry
        if let kept = entries[key], kept.look == look {
            hits += 1
            kept.lastUsed = clock
            entry = kept
        } else {
            if let stale = entries.removeValue(forKey: key) { bytes -= stale.bytes }
            guard let made = makeImage(look: look, rect: rect, cr: cr, draw: draw) else {
                draw(cr, rect)  // no surface to be had: draw in place, as without the cache
                return
            }
            imagesDrawn += 1
            entries[key] = made
            bytes += made.bytes
            entry = made
            evict(sparing: key)
        }
        cairo_save(cr)
        cairo_set_source_surface(cr, entry.surface, rect.x, rect.y)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    private func makeImage(look: Look, rect: Rect, cr: OpaquePointer, draw: (OpaquePointer, Rect) -> Void) -> Entry? {
        guard let target = cairo_get_target(cr) else { return nil }
        // create_similar multiplies by the target's device scale; ask for at least the row's
        // device pixels, then make the image's own scale the row's.
        var targetScaleX = 1.0, targetScaleY = 1.0
        cairo_surface_get_device_scale(target, &targetScaleX, &targetScaleY)
        let w = Int32((Double(look.deviceWidth) / max(targetScaleX, 1)).rounded(.up))
        let h = Int32((Double(look.deviceHeight) / max(targetScaleY, 1)).rounded(.up))
        // The target's own content: an opaque image drawn with an alpha channel (or without)
        // where the target has one (or not) takes the same rasterising paths, so the same pixels.
        guard let surface = cairo_surface_create_similar(target, cairo_surface_get_content(target), w, h),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else { return nil }
        cairo_surface_set_device_scale(surface, look.scale, look.scale)
        let image = cairo_create(surface)!
        let bg = look.background
        cairo_set_source_rgba(image, bg.r, bg.g, bg.b, 1)
        cairo_paint(image)
        let local = Rect(x: 0, y: 0, width: rect.width, height: rect.height)
        cairo_rectangle(image, 0, 0, local.width, local.height)
        cairo_clip(image)
        draw(image, local)
        cairo_destroy(image)
        let bytes = 4 * Int(Double(w) * max(targetScaleX, 1)) * Int(Double(h) * max(targetScaleY, 1))
        return Entry(surface: surface, look: look, bytes: bytes, lastUsed: clock)
    }

    /// Drops the least recently used images until the kept ones fit the bound.
    private func evict(sparing spared: Int? = nil) {
        while bytes > byteLimit {
            guard let oldest = entries.filter({ $0.key != spared }).min(by: { $0.value.lastUsed < $1.value.lastUsed })
            else { return }
            entries.removeValue(forKey: oldest.key)
            bytes -= oldest.value.bytes
        }
    }

    /// Forgets every image (width, font, scale, theme or data changed; the cache was switched off).
    package func invalidate() {
        entries.removeAll()
        bytes = 0
    }

    /// Forgets the image of the row with stable key `row` (its content changed).
    func invalidate(rowKey row: Int) {
        if let entry = entries.removeValue(forKey: row) { bytes -= entry.bytes }
    }
}
