/// Row heights of a list with any number of rows of different heights, without per-row work:
/// rows nobody has measured count as `estimate`; a measured row stores only its difference from
/// the estimate (docs/behaviour.md, "Variable row heights").
///
/// The differences live in a sparse Fenwick tree over a fixed key space of 2^`keyBits` keys, so
/// that row ↔ offset is O(keyBits) whatever the row count, and memory grows with the rows
/// measured, never with the row count. Row `i` has key `origin + i`: a prepend moves `origin` down
/// (O(1), and every measured row keeps its key: keys are stable row identities until the next
/// `reset`), an append only raises `count`.
public struct RowHeights: Sendable, Equatable {
    /// 2^46 keys: room for 2^45 prepended rows and as many appended ones.
    static let keyBits = 46
    private static let keySpace = 1 << keyBits

    public private(set) var count: Int
    /// The height of every row not measured yet, in logical px.
    public let estimate: Double
    /// Key of row 0 (1-based Fenwick positions).
    private var origin: Int
    /// Sparse Fenwick tree of (measured − estimate): position → partial sum.
    private var tree: [Int: Double] = [:]
    /// Measured heights by key.
    private var measured: [Int: Double] = [:]
    /// Sum of all differences of rows 0..<count (kept so that `totalHeight` is O(1)).
    private var measuredDelta = 0.0

    public init(count: Int, estimate: Double) {
        precondition(estimate > 0 && estimate.isFinite, "the estimate must be positive")
        self.count = max(0, count)
        self.estimate = estimate
        origin = RowHeights.keySpace / 2
    }

    /// Every row's height summed: the rows' part of the scrollable height.
    public var totalHeight: Double { Double(count) * estimate + measuredDelta }
    /// How many rows carry a measured height (what the memory grows with).
    public var measuredCount: Int { measured.count }

    /// A stable identity of row `index` until the next `reset`: prepends and appends keep it.
    public func key(of index: Int) -> Int { origin + index }

    /// The measured height of row `index`, nil while it has only the estimate.
    public func measuredHeight(of index: Int) -> Double? {
        guard index >= 0, index < count else { return nil }
        return measured[key(of: index)]
    }

    /// The height row `index` counts with now.
    public func height(of index: Int) -> Double {
        measuredHeight(of: index) ?? estimate
    }

    /// Records row `index`'s real height; returns by how much the rows' total height changed.
    @discardableResult
    public mutating func setMeasured(_ index: Int, height: Double) -> Double {
        precondition(index >= 0 && index < count, "row out of range")
        let h = max(0, height.isFinite ? height : estimate)
        let k = key(of: index)
        let old = measured[k] ?? estimate
        // Recorded even when it equals the estimate: the row counts as measured from now on.
        measured[k] = h
        guard h != old else { return 0 }
        add(h - old, at: k)
        measuredDelta += h - old
        return h - old
    }

    /// Forgets row `index`'s measurement (its content changed): it counts as the estimate again.
    @discardableResult
    public mutating func forget(_ index: Int) -> Double {
        guard index >= 0, index < count, let old = measured.removeValue(forKey: key(of: index)) else { return 0 }
        add(estimate - old, at: key(of: index))
        measuredDelta += estimate - old
        return estimate - old
    }

    /// `n` rows before row 0 (a refresh); they count as the estimate until measured. O(1).
    public mutating func prepend(_ n: Int) {
        guard n > 0 else { return }
        precondition(origin - n >= 1, "too many rows prepended")
        origin -= n
        count += n
    }

    /// `n` rows after the last (load-more). O(1).
    public mutating func append(_ n: Int) {
        guard n > 0 else { return }
        precondition(origin + count + n < RowHeights.keySpace, "too many rows appended")
        count += n
    }

    /// Forgets every measurement (width, font, scale or data changed) and sets the row count.
    public mutating func reset(count: Int) {
        self = RowHeights(count: count, estimate: estimate)
    }

    // MARK: - Row ↔ offset

    /// Content y of row `index`'s top edge (`totalHeight` for `index == count`).
    public func offset(of index: Int) -> Double {
        let i = min(max(index, 0), count)
        return Double(i) * estimate + prefix(origin + i - 1) - prefix(origin - 1)
    }

    /// The row whose span [top, bottom) holds content y `y`, clamped to the rows (nil if none).
    public func row(at y: Double) -> Int? {
        guard count > 0 else { return nil }
        if y <= 0 { return 0 }
        if y >= totalHeight { return count - 1 }
        // Fenwick descent: the largest position m whose rows up to m end at or above y; row
        // (m − origin + 1) is the one holding y. Counts stay integers and only the row-relative
        // part becomes a Double, so 2^46 keys cost no precision.
        let base = prefix(origin - 1)
        var position = 0
        var sum = 0.0
        var step = RowHeights.keySpace >> 1
        while step > 0 {
            let next = position + step
            let candidate = sum + (tree[next] ?? 0)
            let bottom = Double(next - (origin - 1)) * estimate + candidate - base
            if next < RowHeights.keySpace, bottom <= y {
                position = next
                sum = candidate
            }
            step >>= 1
        }
        return min(max(position - origin + 1, 0), count - 1)
    }

    // MARK: - Fenwick tree

    private mutating func add(_ delta: Double, at key: Int) {
        var k = key
        while k < RowHeights.keySpace {
            let value = (tree[k] ?? 0) + delta
            tree[k] = value == 0 ? nil : value
            k += k & -k
        }
    }

    /// Sum of differences of keys 1...key.
    private func prefix(_ key: Int) -> Double {
        var k = key
        var sum = 0.0
        while k > 0 {
            sum += tree[k] ?? 0
            k -= k & -k
        }
        return sum
    }
}
