import PropertyBased
import RefreshCore
import Testing

// docs/architecture.md, "Hosts": the scroll position on a wrapped GtkScrolledWindow — the footer's
// room past the adjustment's end and where the rows a refresh prepended go — decided without GTK.

/// An adjustment of `range` px of rows with a 600 px page at `value`.
private func adj(_ value: Double, range: Double = 3000, page: Double = 600) -> AdjustmentReading {
    AdjustmentReading(value: value, lower: 0, upper: range, pageSize: page, pageIncrement: page - 20)
}

private func withRoom() -> WrappedScrollPosition {
    var p = WrappedScrollPosition()
    p.footerRoom = Tuning.footerHeight
    _ = p.geometryChanged(adj(0))
    return p
}

@Suite("Wrapped host: the footer's room past the adjustment's end")
struct WrappedFooterRoomTests {
    @Test("The engine's offset past the adjustment's end is footer shift, at most the room")
    func setOffset() {
        var p = withRoom()
        #expect(p.setOffset(1000, adj(0)) == 1000 && p.footerShift == 0)
        #expect(p.setOffset(2420, adj(1000)) == 2400 && p.footerShift == 20)
        #expect(p.offset(adj(2400)) == 2420)
        #expect(p.setOffset(5000, adj(2400)) == 2400 && p.footerShift == Tuning.footerHeight)
        #expect(p.setOffset(-.infinity, adj(2400)) == 0 && p.footerShift == 0)
        #expect(p.hostEnd(adj(0)) == 2400 && p.rowsHeight(adj(0)) == 3000)
    }

    @Test("Keys: End goes into the room, the others out of it; a key already there sets nothing")
    func keys() {
        var p = withRoom()
        #expect(p.keyScroll(.end, adj(100)) == 2400 && p.footerShift == Tuning.footerHeight)
        #expect(p.keyScroll(.end, adj(2400)) == nil)
        #expect(p.keyScroll(.pageUp, adj(2400)) == 2400 - 580 && p.footerShift == 0)
        #expect(p.keyScroll(.pageDown, adj(2300)) == 2400)
        #expect(p.keyScroll(.home, adj(700)) == 0)
        #expect(p.keyScroll(.home, adj(0)) == nil)
    }

    @Test("Scrolling back from the end leaves the room; rows arriving in it keep the content where it is")
    func leavesAndFills() {
        var p = withRoom()
        _ = p.setOffset(2430, adj(2400))
        #expect(p.valueChanged(adj(2400)) == .scrolled)
        #expect(p.footerShift == 30)
        #expect(p.valueChanged(adj(2000)) == .scrolled)
        #expect(p.footerShift == 0)
        _ = p.setOffset(2430, adj(2000))
        let answer = p.geometryChanged(adj(2400, range: 3100))
        #expect(answer.value == 2430 && p.footerShift == 0)
        #expect(answer.rows?.height == 3100 && answer.rows?.insertedAbove == 0)
        #expect(p.geometryChanged(adj(2430, range: 3100)) == .init(value: nil, rows: nil))
    }
}

@Suite("Wrapped host: rows a refresh prepended")
struct WrappedAnchorTests {
    @Test("At the top they take the header's place: the list stays at its top, whatever the host did to keep its old first row")
    func atTheTop() {
        var p = withRoom()
        p.expectRowsInserted(atEngineOffset: 0)
        // A host that keeps its old first row in view (a tree view's top row, a list view's
        // anchor) moved its value by what was inserted: back to the top.
        var answer = p.geometryChanged(adj(300, range: 3300))
        #expect(answer.value == 0)
        #expect(answer.rows?.height == 3300 && answer.rows?.insertedAbove == 0)
        #expect(p.offset(adj(0, range: 3300)) == 0)
        // The host measures them: the change is theirs too, and the list stays at its top.
        answer = p.geometryChanged(adj(20, range: 3320))
        #expect(answer.value == 0 && answer.rows?.height == 3320 && answer.rows?.insertedAbove == 0)
        // Until the header rests, a value the host moves away from the top goes back there.
        #expect(p.valueChanged(adj(115, range: 3320)) == .set(0))
        #expect(p.valueChanged(adj(0.4, range: 3320)) == .scrolled)
        // A host that left its value at the top needs nothing set.
        answer = p.geometryChanged(adj(0, range: 3340))
        #expect(answer.value == nil && answer.rows?.insertedAbove == 0)
        p.headerDidSettle()
        // Rested: the list scrolls as any list, and a later growth is an ordinary one.
        #expect(p.valueChanged(adj(40, range: 3340)) == .scrolled)
        answer = p.geometryChanged(adj(40, range: 3400))
        #expect(answer.value == nil && answer.rows?.height == 3400 && answer.rows?.insertedAbove == 0)
    }

    @Test("Rows inserted at the top while the header shows go in under it; a scrollbar's move alone is the user's")
    func insertedWhileTheHeaderShows() {
        var p = withRoom()
        #expect(p.valueChanged(adj(40)) == .scrolled)
        _ = p.valueChanged(adj(0))
        p.displacementChanged(60)
        // A feed's rows arrive while the refresh holds the header open: the tree view keeps its
        // old first row in view, moving its value before it reports the new range...
        #expect(p.valueChanged(adj(46)) == .endOfTurn)
        var answer = p.geometryChanged(adj(46, range: 3046))
        #expect(answer.value == 0 && answer.rows?.height == 3046 && answer.rows?.insertedAbove == 0)
        #expect(p.endOfTurn(adj(0, range: 3046)) == nil)
        // ... or after: the turn's end puts it back.
        answer = p.geometryChanged(adj(0, range: 3092))
        #expect(answer.value == nil && answer.rows?.insertedAbove == 0)
        #expect(p.valueChanged(adj(46, range: 3092)) == .endOfTurn)
        #expect(p.endOfTurn(adj(46, range: 3092)) == 0)
        // A move alone in its turn (a scrollbar dragged while the header shows): the user's, once
        // the turn ends; until then the engine's offset stays at the top.
        #expect(p.valueChanged(adj(200, range: 3092)) == .endOfTurn)
        #expect(p.offset(adj(200, range: 3092)) == 0)
        #expect(p.endOfTurn(adj(200, range: 3092)) == nil)
        #expect(p.offset(adj(200, range: 3092)) == 200)
        // Not pulled: every move is the user's at once.
        p.displacementChanged(0)
        #expect(p.valueChanged(adj(40, range: 3092)) == .scrolled)
        answer = p.geometryChanged(adj(40, range: 3200))
        #expect(answer.value == nil && answer.rows?.insertedAbove == 0)
    }

    @Test("Within half a pixel of the top counts as the top; past it, what is on screen stays")
    func theTopsEdge() {
        var top = withRoom()
        top.expectRowsInserted(atEngineOffset: 0.5)
        #expect(top.geometryChanged(adj(300, range: 3300)).value == 0)
        var scrolled = withRoom()
        scrolled.expectRowsInserted(atEngineOffset: 0.6)
        let answer = scrolled.geometryChanged(adj(0.6, range: 3300))
        #expect(answer.value == nil && answer.rows?.insertedAbove == 300)
    }

    @Test("Scrolled down, the engine moves its offset by every change of the rows' height until the header rests")
    func scrolledDown() {
        var p = withRoom()
        p.expectRowsInserted(atEngineOffset: 500)
        var answer = p.geometryChanged(adj(500, range: 3300))
        #expect(answer.value == nil && answer.rows?.insertedAbove == 300)
        // A tree view's estimate, then its measure: the difference is taken back.
        answer = p.geometryChanged(adj(800, range: 3140))
        #expect(answer.value == nil && answer.rows?.height == 3140 && answer.rows?.insertedAbove == -160)
        answer = p.geometryChanged(adj(640, range: 3140))
        #expect(answer.rows == nil)
        p.headerDidSettle()
        // Rested: a later growth (rows loaded below) is an ordinary one.
        answer = p.geometryChanged(adj(640, range: 3400))
        #expect(answer.rows?.height == 3400 && answer.rows?.insertedAbove == 0)
    }

    fileprivate enum Step: Sendable, Equatable {
        case offset(Double), key(Int), value(Double), grow(Double), expect(Double), settle
    }
    fileprivate static let step = Gen<Step>.frequency(
        (2, Gen.double(in: -100...4000).map { Step.offset($0) }), (1, Gen.int(in: 0...3).map { Step.key($0) }),
        (2, Gen.double(in: 0...4000).map { Step.value($0) }), (2, Gen.double(in: -300...400).map { Step.grow($0) }),
        (1, Gen.double(in: 0...2).map { Step.expect($0) }), (1, Gen.always(Step.settle)))

    @Test("Any sequence: the footer shift stays within the room, the offset never negative")
    func anySequence() async {
        await propertyCheck(count: 300, input: Self.step.array(of: 1...40)) { steps in
            var p = withRoom()
            var a = adj(0)
            for step in steps {
                switch step {
                case .offset(let o): a.value = p.setOffset(o, a)
                case .key(let k): a.value = p.keyScroll([.home, .end, .pageUp, .pageDown][k], a) ?? a.value
                case .value(let v):
                    a.value = min(v, max(0, a.upper - a.pageSize))
                    if case .set(let value) = p.valueChanged(a) { a.value = value }
                case .grow(let g):
                    a.upper = max(a.pageSize, a.upper + g)
                    a.value = min(a.value, max(0, a.upper - a.pageSize))
                    a.value = p.geometryChanged(a).value ?? a.value
                case .expect(let o): p.expectRowsInserted(atEngineOffset: o)
                case .settle: p.headerDidSettle()
                }
                #expect(p.footerShift >= 0 && p.footerShift <= p.footerRoom)
                #expect(p.offset(a) >= 0)
            }
        }
    }
}
