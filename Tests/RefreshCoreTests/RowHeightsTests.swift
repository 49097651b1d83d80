import RefreshCore
import Testing

// Variable row heights (docs/behaviour.md, "Variable row heights"): offset ↔ row against a plain
// array model over random heights and random inserts at both ends, estimate corrections without a
// jump, paging without skips or repeats, and the LRU bound of the layout cache. Fixed seeds: every
// run is the same.

/// A reference model: every row's height in an array, prefix sums by brute force.
private struct Model {
    var heights: [Double]
    func offset(of index: Int) -> Double { heights[0..<index].reduce(0, +) }
    func row(at y: Double) -> Int {
        var top = 0.0
        for (i, h) in heights.enumerated() {
            if y < top + h { return i }
            top += h
        }
        return heights.count - 1
    }
}

private let seeds: [UInt64] = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233]

@Suite struct RowHeightsTests {
    @Test func tenMillionRowsCostNothingAtOpen() {
        var rows = RowHeights(count: 10_000_000, estimate: 56)
        #expect(rows.totalHeight == 560_000_000)
        #expect(rows.measuredCount == 0)
        #expect(rows.row(at: 559_999_999) == 9_999_999)
        #expect(rows.row(at: 56 * 5_000_000 + 1) == 5_000_000)
        // A viewport's worth measured deep in the list: memory grows with those rows only.
        let top = rows.offset(of: 7_654_321)
        let anchor = rows.anchor(atOffset: top)!
        _ = rows.measureVisible(anchor: anchor, viewportHeight: 720) { 40 + Double($0 % 7) * 20 }
        #expect(rows.measuredCount < 30)
        #expect(rows.offset(of: 7_654_321) == top)
        #expect(rows.row(at: rows.offset(of: 9_999_999)) == 9_999_999)
    }

    @Test func offsetAndRowMatchTheModelOverRandomHeightsAndInsertsAtBothEnds() {
        for seed in seeds {
            var random = SeededRandom(seed)
            let start = random.int(0...60)
            var rows = RowHeights(count: start, estimate: 50)
            var model = Model(heights: Array(repeating: 50, count: start))
            for _ in 0..<300 {
                switch random.int(0...5) {
                case 0:
                    let n = random.int(1...8)
                    rows.prepend(n)
                    model.heights.insert(contentsOf: Array(repeating: 50, count: n), at: 0)
                case 1:
                    let n = random.int(1...8)
                    rows.append(n)
                    model.heights += Array(repeating: 50, count: n)
                case 2 where !model.heights.isEmpty:
                    let i = random.int(0...model.heights.count - 1)
                    rows.forget(i)
                    model.heights[i] = 50
                default:
                    guard !model.heights.isEmpty else { continue }
                    let i = random.int(0...model.heights.count - 1)
                    let h = Double(random.int(0...400)) / 2
                    rows.setMeasured(i, height: h)
                    model.heights[i] = h
                }
                #expect(rows.count == model.heights.count)
                #expect(abs(rows.totalHeight - model.offset(of: model.heights.count)) < 1e-6)
                guard !model.heights.isEmpty else { continue }
                for _ in 0..<5 {
                    let i = random.int(0...model.heights.count)
                    #expect(abs(rows.offset(of: i) - model.offset(of: i)) < 1e-6, "seed \(seed) row \(i)")
                    let y = random.double(-10...(rows.totalHeight + 10))
                    let expected = y <= 0 ? 0 : model.row(at: y)
                    #expect(rows.row(at: y) == expected, "seed \(seed) y \(y)")
                }
            }
        }
    }

    @Test func keysSurviveInsertsAtBothEnds() {
        var rows = RowHeights(count: 10, estimate: 20)
        rows.setMeasured(3, height: 99)
        let key = rows.key(of: 3)
        rows.prepend(5)
        rows.append(7)
        #expect(rows.key(of: 8) == key)
        #expect(rows.measuredHeight(of: 8) == 99)
        #expect(rows.measuredHeight(of: 3) == nil)
    }

    @Test func correctingEstimatesNeverMovesTheRowAtTheTop() {
        for seed in seeds {
            var random = SeededRandom(seed)
            var rows = RowHeights(count: 5_000, estimate: 60)
            var truth: [Int: Double] = [:]
            func measure(_ i: Int) -> Double {
                if let h = truth[i] { return h }
                let h = Double(random.int(20...300))
                truth[i] = h
                return h
            }
            var top = 0.0
            for _ in 0..<60 {
                // Scroll anywhere (scrollbar jumps and small steps), then measure what came into view.
                top = random.int(0...3) == 0 ? random.double(0...rows.totalHeight) : max(0, top + random.double(-400...400))
                let anchor = rows.anchor(atOffset: top)!
                let rowTopOnScreen = rows.offset(of: anchor.row) - top
                top = rows.measureVisible(anchor: anchor, viewportHeight: 700, measure: measure)
                // The anchor row is where it was on screen: no visible jump (unless it shrank to less
                // than the part of it scrolled out, when its bottom edge stays at the top instead).
                if anchor.intoRow <= rows.height(of: anchor.row) {
                    #expect(abs((rows.offset(of: anchor.row) - top) - rowTopOnScreen) < 1e-6, "seed \(seed)")
                }
                for i in rows.visibleRows(top: top, height: 700)! {
                    #expect(rows.measuredHeight(of: i) != nil)
                }
            }
        }
    }

    @Test func homeAndEndReachTheTrueFirstAndLastRows() {
        var rows = RowHeights(count: 1_000_000, estimate: 56)
        let end = rows.measureTail(viewportHeight: 700) { 100 + Double($0 % 3) * 50 }
        let visible = rows.visibleRows(top: end, height: 700)!
        #expect(visible.upperBound == 999_999)
        #expect(abs(rows.offset(of: 1_000_000) - (end + 700)) < 1e-6)
        #expect(rows.visibleRows(top: 0, height: 700)!.lowerBound == 0)
    }

    @Test func pagingNeverSkipsOrRepeatsARow() {
        for seed in seeds {
            var random = SeededRandom(seed)
            let count = random.int(1...400)
            var rows = RowHeights(count: count, estimate: 50)
            for i in 0..<count { rows.setMeasured(i, height: Double(random.int(10...(random.int(0...9) == 0 ? 1500 : 200)))) }
            let viewport = Double(random.int(200...800))
            let maxOffset = max(0, rows.totalHeight - viewport)
            func whole(_ top: Double) -> Set<Int> {
                guard let range = rows.visibleRows(top: top, height: viewport) else { return [] }
                return Set(range.filter { rows.offset(of: $0) >= top - 1e-6 && rows.offset(of: $0 + 1) <= top + viewport + 1e-6 })
            }
            // Down: consecutive pages overlap without a gap and share no wholly seen row.
            var top = 0.0
            var seen = Set(rows.visibleRows(top: top, height: viewport)!)
            while top < maxOffset {
                let next = rows.pageDown(from: top, viewportHeight: viewport, maxOffset: maxOffset)
                #expect(next > top, "seed \(seed): page down must move")
                #expect(next <= top + viewport + 1e-6, "seed \(seed): page down skipped content")
                if next < maxOffset { #expect(whole(top).isDisjoint(with: whole(next)), "seed \(seed): repeated a row") }
                top = next
                seen.formUnion(rows.visibleRows(top: top, height: viewport)!)
            }
            #expect(seen.count == count, "seed \(seed): a row was skipped paging down")
            // Up from the end, likewise.
            seen = Set(rows.visibleRows(top: top, height: viewport)!)
            while top > 0 {
                let next = rows.pageUp(from: top, viewportHeight: viewport)
                #expect(next < top && next >= top - viewport - 1e-6, "seed \(seed): page up skipped content")
                if next > 0 { #expect(whole(top).isDisjoint(with: whole(next)), "seed \(seed): repeated a row") }
                top = next
                seen.formUnion(rows.visibleRows(top: top, height: viewport)!)
            }
            #expect(seen.count == count, "seed \(seed): a row was skipped paging up")
        }
    }

    @Test func lruKeepsTheMostRecentAndReportsEvictions() {
        var cache = LRUCache<Int, String>(capacity: 3)
        cache.insert("a", for: 1)
        cache.insert("b", for: 2)
        cache.insert("c", for: 3)
        #expect(cache.value(for: 1) == "a")            // 1 becomes the most recent
        let evicted = cache.insert("d", for: 4)
        #expect(evicted.map(\.key) == [2])
        #expect(cache.keysByRecency == [4, 1, 3])
        #expect(cache.remove(3) == "c")
        #expect(cache.setCapacity(1).map(\.key) == [1])
        #expect(cache.keysByRecency == [4])
        // Random use against a model: never above capacity, recency order exact.
        var random = SeededRandom(7)
        var lru = LRUCache<Int, Int>(capacity: 16)
        var order: [Int] = []
        for _ in 0..<5_000 {
            let key = random.int(0...40)
            if random.int(0...1) == 0 {
                lru.insert(key, for: key)
                order.removeAll { $0 == key }
                order.insert(key, at: 0)
                if order.count > 16 { order.removeLast() }
            } else if lru.value(for: key) != nil {
                order.removeAll { $0 == key }
                order.insert(key, at: 0)
            }
            #expect(lru.count <= 16)
        }
        #expect(lru.keysByRecency == order)
    }
}

/// SplitMix64: reproducible draws for the seeded properties above.
struct SeededRandom {
    private var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }
    mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * Double(next() >> 11) / Double(1 << 53)
    }
}
