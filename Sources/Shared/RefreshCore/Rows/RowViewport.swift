/// A place in the rows that survives height corrections: a row and how far into it the
/// viewport's top edge is (docs/behaviour.md, "Variable row heights": the row at the top of the
/// viewport stays put when an estimate above or in it is corrected).
public struct RowAnchor: Equatable, Sendable {
    public var row: Int
    /// Logical px from the row's top edge down to the viewport's top edge.
    public var intoRow: Double

    public init(row: Int, intoRow: Double) {
        self.row = row
        self.intoRow = intoRow
    }
}

extension RowHeights {
    /// The anchor of a viewport whose top edge is at content y `top` (nil without rows).
    public func anchor(atOffset top: Double) -> RowAnchor? {
        guard let row = row(at: top) else { return nil }
        return RowAnchor(row: row, intoRow: top - offset(of: row))
    }

    /// The content y that puts `anchor` at the viewport's top edge.
    public func offset(for anchor: RowAnchor) -> Double {
        let row = min(max(anchor.row, 0), max(count - 1, 0))
        return offset(of: row) + min(anchor.intoRow, height(of: row))
    }

    /// The rows a viewport of `height` at content y `top` shows, partly or wholly.
    public func visibleRows(top: Double, height: Double) -> ClosedRange<Int>? {
        guard count > 0, height > 0, let first = row(at: max(top, 0)) else { return nil }
        let bottom = top + height
        guard offset(of: first) < bottom else { return nil }
        // Walk from the first row: only rows on screen are visited (O(rows shown)).
        var last = first
        var y = offset(of: first) + self.height(of: first)
        while last + 1 < count, y < bottom {
            last += 1
            y += self.height(of: last)
        }
        return first...last
    }

    /// Measures every unmeasured row on screen and returns the top offset that keeps `anchor`
    /// where it was: corrections above and inside the anchor row move the content, not the
    /// picture. Repeats until no new row comes into view (a row that shrank pulls others in).
    public mutating func measureVisible(anchor: RowAnchor, viewportHeight: Double,
                                        measure: (Int) -> Double) -> Double {
        var top = offset(for: anchor)
        while true {
            var changed = false
            if let rows = visibleRows(top: top, height: viewportHeight) {
                for index in rows where measuredHeight(of: index) == nil {
                    setMeasured(index, height: measure(index))
                    changed = true
                }
            }
            let next = offset(for: anchor)
            if !changed { return next }
            top = next
        }
    }

    /// Measures the last rows until they fill a viewport of `height` and returns the offset that
    /// shows the true last row at the bottom (End, and a list pinned to its end).
    public mutating func measureTail(viewportHeight: Double, measure: (Int) -> Double) -> Double {
        var filled = 0.0
        var index = count - 1
        while index >= 0, filled < viewportHeight {
            if measuredHeight(of: index) == nil { setMeasured(index, height: measure(index)) }
            filled += height(of: index)
            index -= 1
        }
        return max(0, totalHeight - viewportHeight)
    }

    /// Page Down from a viewport at `top`: the last row on screen, if cut by the bottom edge,
    /// becomes the top row, so no row is skipped and no wholly seen row is shown again; a row
    /// taller than the viewport is paged through. Clamped to the end (`maxOffset`).
    public func pageDown(from top: Double, viewportHeight: Double, maxOffset: Double) -> Double {
        guard viewportHeight > 0, let last = row(at: top + viewportHeight - 0.5) else { return top }
        let lastTop = offset(of: last)
        let next = lastTop > top + 0.5 ? (lastTop + height(of: last) <= top + viewportHeight ? lastTop + height(of: last) : lastTop)
            : top + viewportHeight
        return min(max(next, top), max(maxOffset, top))
    }

    /// Page Up, the mirror image: the first row on screen, if cut by the top edge, ends at the
    /// bottom edge. Clamped to 0.
    public func pageUp(from top: Double, viewportHeight: Double) -> Double {
        guard viewportHeight > 0, top > 0, let first = row(at: top) else { return max(top, 0) }
        let firstTop = offset(of: first)
        let bottom = firstTop + height(of: first)
        let next: Double
        if firstTop < top - 0.5, bottom - viewportHeight < top {
            next = bottom - viewportHeight           // the cut row ends at the bottom edge
        } else if firstTop >= top - 0.5 {
            next = firstTop - viewportHeight         // the top row was whole: the page above ends at it
        } else {
            next = top - viewportHeight              // inside a row taller than the viewport
        }
        return max(0, min(next, top))
    }
}

/// Keyboard selection in a list of rows (docs/behaviour.md, "Rows").
public enum RowSelection {
    /// The row Up (`step` −1) or Down (1) selects among `count` rows: the next one from the
    /// selected row while that row is on screen, else the first row wholly on screen (the first
    /// partly shown one if none is whole); nil when there is none (the keys then scroll).
    public static func next(from selected: Int?, step: Int, count: Int, selectedOnScreen: Bool,
                            firstWholeRow: Int?) -> Int? {
        guard count > 0 else { return nil }
        if let selected, selectedOnScreen { return min(max(selected + step, 0), count - 1) }
        return firstWholeRow
    }
}
