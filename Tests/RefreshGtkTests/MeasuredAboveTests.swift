import CGtk
import RefreshCore
import RefreshGtk
import RefreshTestSupport
import Testing

/// A row above the viewport gets its real height (docs/behaviour.md, "Variable row heights"):
/// the rows on screen must not move. After End, ↑ from the top row selects the row above it,
/// which only had the estimate; it is measured before the eased scroll that shows it starts, and
/// the anchored correction moves the scroll position by what the row grew, not the picture.
/// Asserted frame by frame from the first frame: every row keeps its y, except for the one
/// shift the intended scroll gives them all, which only grows until the selected row is at the
/// top. (Without the correction the rows jump on the first frame; the final position is the
/// same either way.) Time is the view's injected clock, one frame at a time.
@MainActor
@Suite(.serialized)
struct MeasuredAboveTests {
    @Test func rowsOnScreenKeepTheirPlaceWhenARowAboveIsMeasured() throws {
        let w = try VariableRowsTests.Window(rows: 400)
        defer { w.close() }
        w.key(GDK_KEY_End)
        w.run(1.0)
        // End's eased scroll measured the rows it showed on its way; ↑ goes up through them to
        // rows that only have the estimate. Every step is checked; three must correct a height.
        w.view.selectedRow = try #require(w.visibleRows).lowerBound
        var corrected = 0
        for _ in 0..<60 where corrected < 3 {
            let row = try #require(w.view.selectedRow) - 1
            try #require(row >= 0, "reached the first row")
            if try step(w, to: row) { corrected += 1 }
        }
        #expect(corrected == 3, "no row above the viewport had to be measured")
    }

    /// ↑ to `row` (just above the viewport), then the eased scroll that shows it, frame by frame.
    /// True when the row got a real height that differs from the estimate.
    func step(_ w: VariableRowsTests.Window, to row: Int) throws -> Bool {
        let list = w.view.list
        let estimated = list.heights.measuredHeight(of: row) == nil
        let shown = try #require(w.visibleRows)
        #expect(shown.lowerBound == row + 1, "row \(row) is not the one above the viewport (\(shown))")
        let before = shown.map { list.rowRect($0).y }
        /// The one shift every row on screen has had since the key (nil: they moved apart).
        func shift() -> Double? {
            let moved = zip(shown, before).map { list.rowRect($0.0).y - $0.1 }
            return moved.allSatisfy({ abs($0 - moved[0]) < 0.01 }) ? moved[0] : nil
        }

        w.key(GDK_KEY_Up)
        #expect(w.view.selectedRow == row)
        let real = try #require(list.heights.measuredHeight(of: row), "↑ did not measure row \(row)")
        // The first frame, before the eased scroll has moved anything.
        w.drawNow()
        let first = shift()
        #expect(first == 0, "row \(row) measured \(real) px: the rows on screen jumped on the first frame by \(String(describing: first)) px (nil: apart)")
        // The intended scroll: up to the selected row's top, the rows moving down together.
        let total = -list.rowRect(row).y
        #expect(total > 0)
        var last = 0.0
        for frame in 1...Int((Tuning.keyScrollDuration * 60).rounded(.up)) + 2 {
            w.run(1.0 / 60)
            let moved = try #require(shift(), "row \(row), frame \(frame): the rows on screen moved apart")
            #expect(moved >= last - 1e-6 && moved <= total + 1e-6,
                    "row \(row), frame \(frame): the rows are \(moved) px down, after \(last), of \(total)")
            last = moved
        }
        #expect(abs(last - total) < 0.01, "the scroll to row \(row) ended \(last) px down, not \(total)")
        #expect(abs(list.rowRect(row).y) < 0.5, "row \(row) is not at the top")
        return estimated && abs(real - w.rows.estimatedRowHeight) > 10
    }
}
