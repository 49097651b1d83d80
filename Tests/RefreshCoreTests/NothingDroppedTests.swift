import RefreshCore
import Testing

// Inputs and requests that must never be lost without a word (docs/behaviour.md): a drag's first
// motion, a refresh asked for during a load, a wheel notch during a key scroll, and a list with
// no footer at all.

/// A drag of `travel` px down from a press at the top, its motion delivered in `batches` equal
/// events 1/60 s apart (one event: the whole travel at once). Returns the time of the last event.
@discardableResult
private func drag(_ e: inout RefreshEngine, travel: Double, batches: Int, at t: Double) -> Double {
    e.dragBegin(at: t)
    var time = t
    for i in 1...batches {
        time = t + Double(i) / 60
        e.dragUpdate(offsetY: travel * Double(i) / Double(batches), at: time)
    }
    return time
}

@Suite("Input: a drag's travel maps to pull however its motion is batched (docs/behaviour.md#input-model)")
struct DragBatchingTests {
    @Test("One, few or many motion events: the same travel gives the same pull (travel − slop, rubber-banded)",
          arguments: [1, 2, 4, 17, 240])
    func batchingDoesNotMatter(batches: Int) {
        for travel in [9.0, 20, 60, 120, 240] {
            var e = longList()
            drag(&e, travel: travel, batches: batches, at: 0)
            let expected = RubberBand(dimension: 600).displayed(raw: travel - Tuning.dragSlop)
            #expect(near(e.pull, expected, 1e-9), "travel \(travel) in \(batches) events: pull \(e.pull), expected \(expected)")
        }
    }

    @Test("The J arms after the same pointer travel whatever the first motion (9, 20 or 60 px)")
    func armsAtTheSameTravel() {
        // The travel that arms: the slop, then the raw excess that shows as the trigger pull.
        let arming = Tuning.dragSlop + rawFor(pull: Tuning.triggerPull)
        for first in [9.0, 20, 60] {
            var e = longList()
            e.dragBegin(at: 0)
            e.dragUpdate(offsetY: first, at: 0.01)
            var y = first, t = 0.01
            while e.header != .armed, y < 400 {
                y += 0.25
                t += 0.001
                e.dragUpdate(offsetY: y, at: t)
            }
            #expect(e.header == .armed)
            #expect(abs(y - arming) <= 0.25, "first motion \(first): armed at \(y) px of travel, expected \(arming)")
        }
    }

    @Test("A flick of 240 px arms and refreshes on release, in one, four or sixty events")
    func flickRefreshes() {
        for batches in [1, 4, 60] {
            var e = longList()
            let last = drag(&e, travel: 240, batches: batches, at: 0)
            #expect(e.header == .armed, "\(batches) events: pull \(e.pull)")
            e.dragEnd(at: last + 0.01)
            #expect(e.header == .refreshing, "\(batches) events: the release did not refresh")
        }
    }

    @Test("Upwards too, and mid-list: the list scrolls by travel − slop in any batching")
    func midListScrollsTheSame() {
        for batches in [1, 3, 50] {
            var e = longList()
            e.externalScroll(to: 1000, at: 0)
            drag(&e, travel: -150, batches: batches, at: 0.1)
            #expect(near(e.offset, 1000 + 150 - Tuning.dragSlop), "\(batches) events: offset \(e.offset)")
        }
    }

    @Test("The slop is swallowed once: back at the press point the content is back where it was")
    func slopGivenBack() {
        var e = longList()
        e.externalScroll(to: 1000, at: 0)
        e.dragBegin(at: 0.1)
        e.dragUpdate(offsetY: -60, at: 0.11)
        #expect(near(e.offset, 1000 + 60 - Tuning.dragSlop))
        e.dragUpdate(offsetY: 0, at: 0.2)
        #expect(near(e.offset, 1000))
    }
}

@Suite("A refresh asked for during a load is queued (docs/behaviour.md#refresh-lifecycle)")
struct QueuedRefreshTests {
    /// A long list loading (auto load-more fired at the bottom).
    private func loading() -> RefreshEngine {
        var e = longList()
        e.command(.end, at: 0)
        e.run(from: 0, to: 0.5)
        #expect(e.footer == .loading)
        _ = e.takeEvents()
        return e
    }

    @Test("beginRefreshing during a load is accepted, reported once as queued, and changes nothing yet")
    func queuedOnce() {
        var e = loading()
        var untouched = e
        untouched.tick(at: 1.1)
        let first = e.beginRefreshing(at: 1), second = e.beginRefreshing(at: 1.1)
        #expect(first && second)
        #expect(e.refreshQueued)
        #expect(e.observed == untouched.observed)
        let events = e.takeEvents()
        #expect(events == [.refreshQueued])
    }

    @Test("When the load ends — with rows, exhausted or failed — the refresh begins: refreshing, then the action",
          arguments: [(true, false, 400.0), (true, true, 0.0), (false, false, 0.0)])
    func beginsWhenTheLoadEnds(ok: Bool, exhausted: Bool, added: Double) {
        var e = loading()
        e.beginRefreshing(at: 1)
        _ = e.takeEvents()
        let ended = e.endLoading(ok: ok, addedHeight: added, exhausted: exhausted, at: 2)
        #expect(ended)
        let offset = e.offset
        #expect(!e.refreshQueued)
        #expect(e.header == .refreshing)
        let atEnd = e.takeEvents()
        #expect(atEnd.footerPhases.count == 1 && atEnd.headerPhases == [.refreshing])
        e.run(from: 2, to: 3)
        let later = e.takeEvents()
        #expect(later.refreshRequests == 1)
        // At the bottom, it runs where the user reads, as beginRefreshing mid-list does.
        #expect(offset > 0 && e.offset == offset && e.pull == 0)
    }

    @Test("A pull during a load still never arms: only a request is queued")
    func pullNeverArms() {
        var e = loading()
        e.command(.home, at: 1)
        e.run(from: 1, to: 1.5)
        _ = e.scroll(delta: -rawFor(pull: 150), source: .touchpad, at: 1.6)
        #expect(e.header == .pulling)
        e.scrollStop(at: 1.7)
        e.endLoading(ok: true, addedHeight: 400, at: 2)
        e.run(from: 2, to: 4)
        let events = e.takeEvents()
        #expect(events.refreshRequests == 0)
        #expect(!e.refreshQueued)
    }

    @Test("A refresh under way still refuses a second one (no queue behind a refresh)")
    func noQueueBehindARefresh() {
        var e = longList()
        let fired = e.pullToRefresh(at: 0)
        let again = e.beginRefreshing(at: fired + 0.1)
        #expect(!again)
        #expect(!e.refreshQueued)
        e.endRefreshing(ok: true, at: fired + 1)
        e.run(from: fired + 1, to: fired + 3)
        #expect(e.header == .idle)
    }
}

@Suite("A wheel notch during a key scroll keeps the key's target (docs/behaviour.md#keyboard-and-accessibility)")
struct KeyScrollTargetTests {
    @Test("End, then a notch down during its 0.2 s scroll: the bottom is reached and auto load-more fires")
    func endThenNotchDown() {
        for source in [ScrollSource.wheel, .touchpad] {
            var e = longList()
            e.command(.end, at: 0)
            e.run(from: 0, to: 0.1)
            #expect(e.offset < e.maxOffset)
            let disposition = e.scroll(delta: Tuning.wheelNotchRaw, source: source, at: 0.1)
            #expect(disposition == .consumed)
            e.run(from: 0.1, to: 0.5)
            #expect(e.offset == e.maxOffset, "\(source): stopped at \(e.offset) of \(e.maxOffset)")
            let events = e.takeEvents()
            #expect(events.loadRequests == 1)
        }
    }

    @Test("Page Down, then a notch down: the scroll goes on past the page by the notch")
    func pageThenNotch() {
        var e = longList()
        e.command(.pageDown, at: 0)
        let page = e.scrollBase
        e.run(from: 0, to: 0.05)
        _ = e.scroll(delta: Tuning.wheelNotchRaw, source: .wheel, at: 0.05)
        e.run(from: 0.05, to: 0.5)
        #expect(near(e.offset, page + Tuning.wheelNotchRaw))
    }

    @Test("A notch the other way still stops the key scroll where it is")
    func oppositeStops() {
        var e = longList()
        e.command(.end, at: 0)
        e.run(from: 0, to: 0.1)
        let stopped = e.offset
        e.hostNotch(down: false, at: 0.1)
        e.run(from: 0.1, to: 0.5)
        #expect(near(e.offset, stopped - Tuning.wheelNotchRaw))
    }
}

@Suite("Footer mode none: no footer at all (docs/behaviour.md#footer-and-load-more)")
struct NoFooterTests {
    @Test("No room below the rows, nothing drawn, nothing offered")
    func noRoom() {
        let e = longList(footer: .none)
        #expect(e.maxOffset == 3000 - 600)
        #expect(!e.footerInScrollRange)
        #expect(!e.hasFooter)
        #expect(!e.footerVisual.isShown)
    }

    @Test("Nothing loads: End, the wheel at the bottom, a push and release, loadMore")
    func nothingLoads() {
        var e = longList(footer: .none)
        e.command(.end, at: 0)
        e.run(from: 0, to: 0.5)
        #expect(e.offset == e.maxOffset)
        e.hostNotches(5, at: 0.6)
        e.run(from: 0.6, to: 1.5)
        _ = e.scroll(delta: rawFor(pull: 100), source: .touchpad, at: 2)
        #expect(e.push > 0, "the bottom still rubber-bands")
        e.scrollStop(at: 2.1)
        e.run(from: 2.1, to: 3)
        let loaded = e.loadMore(at: 3)
        #expect(!loaded)
        #expect(e.footer == .idle && e.push == 0)
        let events = e.takeEvents()
        #expect(events.loadRequests == 0)
    }

    @Test("Switched to none at the bottom: the footer's room goes, the offset stays in range")
    func switchedAtTheBottom() {
        var e = longList(footer: .auto, rows: 3000)
        e.externalScroll(to: 2400, at: 0)
        e.endLoading(ok: true, exhausted: true, at: 0.1)
        e.command(.end, at: 0.2)
        e.run(from: 0.2, to: 0.6)
        #expect(e.offset == 3000 + Tuning.footerHeight - 600)
        e.setFooterMode(.none, at: 1)
        #expect(e.offset == e.maxOffset && e.maxOffset == 2400)
    }

    @Test("A load under way when the footer goes still ends with endLoading")
    func loadUnderWayEnds() {
        var e = longList()
        let started = e.loadMore(at: 0)
        e.setFooterMode(.none, at: 0.1)
        let ended = e.endLoading(ok: true, addedHeight: 300, at: 0.2)
        #expect(started && ended)
        #expect(e.footer == .idle && e.rowsHeight == 3300)
    }
}
