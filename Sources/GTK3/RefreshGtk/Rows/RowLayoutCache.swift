import CGtk
import RefreshCore

/// Laid-out rows kept from frame to frame (docs/behaviour.md, "Layout cache"): a scrolled frame
/// lays out only the rows that scrolled in; the rest are drawn from their cached PangoLayouts.
/// Bounded (least recently used first out, a few viewports' worth), and emptied when the width,
/// font, scale factor, theme or data change — the list does that; a renderer whose row content
/// changed calls `invalidate(row:)` through the list's `reloadRows`.
@MainActor
public final class RowLayoutCache {
    struct Key: Hashable {
        var row: Int
        var part: Int
    }

    /// Owns one reference on a PangoLayout; dropping it (eviction, invalidation) releases it.
    private final class Entry {
        let layout: OpaquePointer
        init(_ layout: OpaquePointer) { self.layout = layout }
        deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }
    }

    /// The benchmark's switch and counters (package access: not for apps). Off: every frame lays
    /// out and draws every row again, as without a cache (the benchmark's comparison): the list
    /// then keeps no row images either. Layouts still live until the end of the frame.
    package var isEnabled = true {
        didSet { if !isEnabled { invalidate() } }
    }
    /// Layouts built since creation (misses) and served from the cache (hits).
    package private(set) var builds = 0
    package private(set) var hits = 0
    package var count: Int { entries.count }
    package var capacity: Int { entries.capacity }

    private var entries: LRUCache<Key, Entry>

    /// The smallest bound, whatever the viewport.
    public static let minimumCapacity = 64
    /// Viewports' worth of layouts kept: scrolling back a little finds its rows still laid out.
    public static let viewports = 4

    public init(capacity: Int = RowLayoutCache.minimumCapacity) {
        entries = LRUCache(capacity: max(capacity, 1))
    }

    /// Sizes the bound to `layoutsPerViewport` layouts on screen (the list calls it every frame).
    func fitViewport(layoutsPerViewport: Int) {
        let wanted = max(RowLayoutCache.minimumCapacity, RowLayoutCache.viewports * layoutsPerViewport)
        if wanted > entries.capacity { entries.setCapacity(wanted) }
    }

    /// Start of a frame: without the cache, nothing survives from the last frame.
    func beginFrame() {
        if !isEnabled { invalidate() }
    }

    func layout(key: Key, build: () -> OpaquePointer) -> OpaquePointer {
        if let entry = entries.value(for: key) {
            hits += 1
            return entry.layout
        }
        builds += 1
        let entry = Entry(build())
        entries.insert(entry, for: key)
        return entry.layout
    }

    /// Forgets every layout (width, font, scale, theme or data changed).
    public func invalidate() {
        entries.removeAll()
    }

    /// Forgets the layouts of the row with stable key `row` (its content changed).
    func invalidate(rowKey row: Int, parts: Int) {
        for part in 0..<parts { entries.remove(Key(row: row, part: part)) }
    }

    /// Resets the counters (the benchmark measures one run at a time).
    package func resetCounters() {
        builds = 0
        hits = 0
    }
}
