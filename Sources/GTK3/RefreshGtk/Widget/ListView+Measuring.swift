import CGtk
import RefreshCore

/// Measuring rows (docs/behaviour.md, "Variable row heights"): the rows coming into view before
/// they are drawn, the tail before End, a row before it is shown whole, the rows of the page Page
/// Up or Down lands on; every correction above the viewport moves the scroll position by as much,
/// so nothing on screen jumps. Drawing is ListView+Drawing.swift's.
extension ListView {
    /// Measures the rows coming into view (only those never measured at this width) and keeps
    /// the row at the viewport's top where it is on screen (docs/behaviour.md, "Variable row
    /// heights"): the scroll position absorbs every correction above it.
    func measureVisibleRows(_ context: RowContext, width: Double, height: Double) {
        if width != measuredWidth {
            // Heights depend on the width: forget them, keeping the top row in place.
            let anchor = heights.anchor(atOffset: offset)
            heights.reset(count: renderer.rowCount)
            forgetDrawnRows()
            measuredWidth = width
            if let anchor { setOffsetKeepingEngine(heights.offset(for: anchor), oldTotal: nil) }
        }
        guard let anchor = heights.anchor(atOffset: max(0, offset - max(displacement, 0))) else { return }
        let oldTotal = heights.totalHeight
        let oldTop = max(0, offset - max(displacement, 0))
        // At the end (End, or scrolled to the bottom): the true last row stays at the bottom.
        let pinnedToEnd = offset > 0 && offset >= maxOffset - 0.5
        let renderer = self.renderer
        let measure: (Int) -> Double = { max(0, renderer.heightOfRow(at: $0, width: width, context: context)) }
        var newTop = heights.measureVisible(anchor: anchor, viewportHeight: height + abs(displacement), measure: measure)
        if pinnedToEnd {
            _ = heights.measureTail(viewportHeight: height, measure: measure)
            newTop = oldTop + (max(0, heights.totalHeight + extraBottom - viewportHeight) - offset)
        }
        if heights.totalHeight != oldTotal {
            setOffsetKeepingEngine(offset + (newTop - oldTop), oldTotal: oldTotal)
        }
    }

    /// Measures the last rows before End scrolls there, so that it aims at the true last row
    /// (docs/behaviour.md, "Variable row heights"). Needs a drawn frame (width and style known).
    package func measureTail() {
        guard let measure = measurer, viewportHeight > 0 else { return }
        _ = heights.measureTail(viewportHeight: viewportHeight, measure: measure)
        configureAdjustments()
        onRowsMeasured?(0)
    }

    /// Measures row `index` if it was not yet (before scrolling to show it whole); a correction
    /// above the viewport shifts the scroll position as drawing does.
    package func measureRow(_ index: Int) {
        guard index >= 0, index < heights.count, heights.measuredHeight(of: index) == nil, let measure = measurer
        else { return }
        let oldTop = offset, oldTotal = heights.totalHeight
        let anchor = heights.anchor(atOffset: oldTop)
        heights.setMeasured(index, height: measure(index))
        setOffsetKeepingEngine(anchor.map { heights.offset(for: $0) } ?? oldTop, oldTotal: oldTotal)
    }

    /// Measures a row at the width and style of the last frame (nil before the first frame).
    private var measurer: ((Int) -> Double)? {
        guard let context = rowContext, measuredWidth > 0 else { return nil }
        let renderer = self.renderer, width = measuredWidth
        return { max(0, renderer.heightOfRow(at: $0, width: width, context: context)) }
    }

    /// Page Up or Down from content y `base` (the viewport's top, or where a key scroll under way
    /// ends): the rows of the page it lands on are measured first, then the exact paging of
    /// `RowHeights` picks the offset — no row is skipped, none wholly seen is shown again
    /// (docs/behaviour.md, "Variable row heights"). Corrections above the viewport shift it as
    /// drawing does.
    package func pageTarget(_ command: ScrollCommand, from base: Double) -> Double? {
        guard command == .pageUp || command == .pageDown, viewportHeight > 0, rowCount > 0,
              let baseAnchor = heights.anchor(atOffset: min(max(base, 0), max(rowsHeight - 0.001, 0)))
        else { return nil }
        let oldTotal = heights.totalHeight, oldTop = offset
        let topAnchor = heights.anchor(atOffset: oldTop)
        if let measure = measurer {
            // Measuring can move the page's rows; a few rounds settle it (each only measures).
            for _ in 0..<8 {
                let from = heights.offset(for: baseAnchor)
                // The page landed on lies within [top, bottom].
                let top = command == .pageDown ? from : heights.pageUp(from: from, viewportHeight: viewportHeight)
                let bottom = from + (command == .pageDown ? 2 : 1) * viewportHeight
                guard let rows = heights.visibleRows(top: top, height: bottom - top) else { break }
                var changed = false
                for index in rows where heights.measuredHeight(of: index) == nil {
                    heights.setMeasured(index, height: measure(index))
                    changed = true
                }
                if !changed { break }
            }
        }
        if heights.totalHeight != oldTotal {
            let shift = topAnchor.map { heights.offset(for: $0) - oldTop } ?? 0
            setOffsetKeepingEngine(oldTop + shift, oldTotal: oldTotal)
        }
        let from = heights.offset(for: baseAnchor)
        return command == .pageDown
            ? heights.pageDown(from: from, viewportHeight: viewportHeight, maxOffset: maxOffset)
            : heights.pageUp(from: from, viewportHeight: viewportHeight)
    }

    /// Moves the scroll position by the height corrected above the viewport, and tells the owner
    /// (whose engine holds the offset and the rows' height) before anything is drawn.
    private func setOffsetKeepingEngine(_ newOffset: Double, oldTotal: Double?) {
        let shift = newOffset - offset
        configureAdjustments()
        if let onRowsMeasured {
            onRowsMeasured(shift)
        } else {
            offset = newOffset
        }
    }
}
