import RefreshDemo
import CGtk
import RefreshCore
import RefreshDrawing
import RefreshGtk
import RefreshTestSupport
import Testing

/// A pull taken back before release leaves the list where it was, as the content follows the
/// pointer through the rubber band (Flutter's "RefreshIndicator - list does not scroll when
/// canceling refresh"; docs/behaviour.md, "Peer scenarios"). The engine's round-trip property
/// tests prove it for any path; this is the reported scenario through a real window.
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct CancelledPullTests {
    @Test(arguments: [HeaderStyle.jike, .classic, .plain])
    func dragToArmedAndBackToThePressPointLeavesTheListWhereItWas(style: HeaderStyle) throws {
        let h = try GtkHarness(rows: 300)
        defer { h.close() }
        h.view.header = style.makeStyle()
        let area = h.view.list.area
        // A hand's pace: one motion per frame, on a clock the test moves.
        let clock = ManualClock(h.view.state.now)
        h.view.clock = clock.reading
        func step() { clock.now += 1.0 / 60 }
        let press = (x: 100.0, y: 40.0)
        // The pointer rests over the press point first: the row under it shows its hover
        // highlight in both images, so only a move of the rows can differ.
        EventSynthesis.motion(area, x: press.x, y: press.y)
        MainLoop.drain()
        let offsetBefore = h.view.list.offset
        let before = ListImage(h.view.list)

        EventSynthesis.button(area, press: true, x: press.x, y: press.y)
        var y = press.y
        // Down in 3 px steps until armed, as a hand moves, then 180 px in all.
        while y < press.y + 180 {
            y += 3
            step()
            EventSynthesis.motion(area, x: press.x, y: y, state: EventSynthesis.button1Mask)
        }
        #expect(h.view.headerPhase == .armed, "the pull never armed")
        // Back up the same way to the exact press point.
        while y > press.y {
            y = max(press.y, y - 3)
            step()
            EventSynthesis.motion(area, x: press.x, y: y, state: EventSynthesis.button1Mask)
        }
        #expect(h.view.pull == 0, "pull \(h.view.pull) at the press point")
        #expect(h.view.list.offset == offsetBefore, "offset \(h.view.list.offset) at the press point")
        // The hand rests a moment at the press point, then lets go: no fling.
        clock.now += 0.2
        EventSynthesis.motion(area, x: press.x, y: y, state: EventSynthesis.button1Mask)
        EventSynthesis.button(area, press: false, x: press.x, y: y)
        for _ in 0..<120 where h.view.state.needsTicks {
            step()
            h.view.tick()
        }
        #expect(!h.view.state.needsTicks, "still animating after 2 s of engine time")
        MainLoop.drain()

        #expect(h.refreshes == 0)
        #expect(h.view.headerPhase == .idle)
        #expect(h.headerTrace.contains(.armed) && h.headerTrace.last == .idle, "\(h.headerTrace)")
        #expect(h.view.list.offset == offsetBefore)
        let after = ListImage(h.view.list)
        let moved = zip(after.pixels, before.pixels).filter { $0 != $1 }.count
        #expect(moved == 0, "\(moved) pixels of the list area changed: the rows moved")
    }
}
