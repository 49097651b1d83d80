import RefreshCore
import Testing

/// Keys while a header or footer is held open (SPEC §2 keyboard, §3.3): the held part scrolls
/// away with the rows, in one direction, and the keys reach the real end.
@Suite struct HeldKeyboardTests {
    /// Where row 0 is drawn: index·h − offset + pull − push.
    private func rowZero(_ e: RefreshEngine) -> Double { -e.offset + e.pull - e.push }

    @Test func endDuringARefreshReachesTheRealBottomMovingOneWay() {
        var e = longList()
        e.beginRefreshing(at: 0)
        e.tick(at: 1)
        #expect(e.header == .refreshing)
        #expect(near(e.pull, 70))
        var previous = rowZero(e)
        e.command(.end, at: 1)
        for frame in 1...40 {
            e.tick(at: 1 + Double(frame) / 60)
            #expect(rowZero(e) <= previous + 1e-9)
            previous = rowZero(e)
        }
        #expect(e.header == .refreshing)
        #expect(near(e.offset, e.maxOffset))
        #expect(e.pull == 0)
        // The footer ends exactly at the viewport bottom: nothing is cut off by the held header.
        #expect(near(e.footerVisual.top + Tuning.footerHeight, e.viewportHeight))
    }

    @Test func homeDuringAPullModeLoadReachesTheTopMovingOneWay() {
        var e = longList(footer: .pull)
        e.command(.end, at: 0)
        e.tick(at: 1)
        let started = e.loadMore(at: 1)
        #expect(started)
        e.tick(at: 2)
        #expect(e.footer == .loading)
        #expect(near(e.push, Tuning.footerHeight))
        var previous = rowZero(e)
        e.command(.home, at: 2)
        for frame in 1...40 {
            e.tick(at: 2 + Double(frame) / 60)
            #expect(rowZero(e) >= previous - 1e-9)
            previous = rowZero(e)
        }
        #expect(e.offset == 0)
        #expect(e.push == 0)
        #expect(e.footer == .loading)
    }
}

/// `gtk-enable-animations` off: nothing left to animate means no frame ticks (SPEC §3.4 static ring).
@Suite struct StillFramesTests {
    @Test func aRefreshWithoutAnimationsStopsTickingOnceTheActionFired() {
        var e = longList()
        e.setAnimationsEnabled(false, at: 0)
        e.beginRefreshing(at: 0)
        e.tick(at: 0)
        #expect(e.header == .refreshing)
        #expect(e.takeEvents().contains(.refreshRequested))
        #expect(!e.needsTicks)
        #expect(e.headerVisual.glyph == .ring(morph: 1, rotation: 0, lineWidth: JGlyph.lineWidth))
        e.endRefreshing(ok: false, at: 1)
        #expect(e.needsTicks)  // the failure hold still waits on time
        e.tick(at: 2.1)
        #expect(e.header == .idle)
        #expect(!e.needsTicks)
    }

    @Test func aLoadWithoutAnimationsDoesNotTick() {
        var e = longList()
        e.setAnimationsEnabled(false, at: 0)
        e.command(.end, at: 0)
        #expect(e.footer == .loading)
        #expect(!e.needsTicks)
    }
}
