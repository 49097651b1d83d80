import CGtk
import Foundation
import RefreshCore
import RefreshDemo
@testable import RefreshGtk
import RefreshTestSupport
import Testing

/// Sideways scrolling in real windows under X11 (docs/behaviour.md#input-model): a touchpad's
/// horizontal swipe at an edge pulls nothing — no pull or push, the header and footer idle, the
/// list where it was — and a diagonal one moves the list by its vertical part only. On our list
/// and on GTK's own lists wrapped in a RefreshBin. Smooth scroll events come from a touchpad
/// source device (`EventSynthesis.touchpadDevice`); the engine runs on a clock the test moves,
/// so no quiet period can end a gesture half way.
@MainActor
@Suite(.serialized)
struct SidewaysScrollTests {
    enum Host: String, CaseIterable {
        case ours, treeview, listbox
    }

    /// One window: the host's controller, where its input goes, its adjustment and its clock.
    @MainActor
    final class Window {
        let controller: RefreshController
        let target: UnsafeMutablePointer<GtkWidget>
        let adjustment: UnsafeMutablePointer<GtkAdjustment>
        let clock: ManualClock
        let touchpad: OpaquePointer
        private let refreshCount: @MainActor () -> Int
        private let loadCount: @MainActor () -> Int
        private let closeWindow: @MainActor () -> Void

        init(_ host: Host) throws {
            switch host {
            case .ours:
                let h = try GtkHarness()
                controller = h.view
                target = h.view.list.area
                adjustment = gtk_scrolled_window_get_vadjustment(gcast(h.view.list.scrolledWindow))!
                (refreshCount, loadCount, closeWindow) = ({ h.refreshes }, { h.loads }, h.close)
            case .treeview, .listbox:
                let h = try HostHarness(host == .treeview ? .treeview : .listbox)
                controller = h.bin
                target = h.target
                adjustment = h.adjustment
                (refreshCount, loadCount, closeWindow) = ({ h.refreshes }, { h.loads }, h.close)
            }
            guard let device = EventSynthesis.touchpadDevice(target) else {
                closeWindow()
                throw TouchpadMissing()
            }
            touchpad = device
            clock = ManualClock(controller.state.now)
            controller.clock = clock.reading
        }

        struct TouchpadMissing: Error {}

        var refreshes: Int { refreshCount() }
        var loads: Int { loadCount() }
        var value: Double { gtk_adjustment_get_value(adjustment) }
        /// GtkScrolledWindow's unit for smooth deltas: one "line" is page^(2/3) px.
        var line: Double { pow(controller.state.viewportHeight, 2.0 / 3.0) }

        /// `count` touchpad smooth scroll events of (dx, dy) lines each.
        func swipe(dx: Double, dy: Double, count: Int = 8) {
            for _ in 0..<count {
                EventSynthesis.scroll(target, x: 100, y: 200, .smooth(dx: dx, dy: dy), sourceDevice: touchpad)
            }
        }

        /// The fingers lift: the touchpad's scroll-stop.
        func lift() {
            EventSynthesis.scroll(target, x: 100, y: 200, .smooth(dx: 0, dy: 0), isStop: true, sourceDevice: touchpad)
        }

        /// Lets `seconds` pass for the engine, and GTK run what is pending.
        func wait(_ seconds: Double) {
            clock.now += seconds
            controller.tick()
            MainLoop.drain()
        }

        /// Pull-mode footer, scrolled to the end of the rows.
        func toBottomInPullMode() throws {
            controller.footerMode = .pull
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
            MainLoop.drain()
            let state = controller.state
            try #require(state.offset > 0 && abs(state.offset - state.maxOffset) < 0.5,
                         "not at the end: offset \(state.offset) of \(state.maxOffset)")
        }

        /// The displayed pull (or push) of `raw` px of overscroll.
        func displayed(raw: Double) -> Double {
            RubberBand(dimension: controller.state.viewportHeight).displayed(raw: raw)
        }

        func close() { closeWindow() }
    }

    nonisolated static let sideways: [Double] = [-0.6, 0.6]

    @Test(arguments: Host.allCases, sideways)
    func aSidewaysSwipeAtTheTopPullsNothing(host: Host, dx: Double) throws {
        let w = try Window(host)
        defer { w.close() }
        #expect(w.controller.state.offset == 0 && w.value == 0)
        w.swipe(dx: dx, dy: 0)
        #expect(w.controller.pull == 0, "a sideways swipe pulled the header by \(w.controller.pull) px")
        #expect(w.controller.headerPhase == .idle)
        #expect(w.controller.state.offset == 0 && w.value == 0, "the list moved: \(w.controller.state.offset)")
        w.lift()
        w.wait(Tuning.releaseQuietPeriod + Tuning.refreshSettleDuration + Tuning.springBackDuration)
        #expect(w.controller.pull == 0 && w.controller.headerPhase == .idle)
        #expect(w.controller.state.offset == 0 && w.value == 0)
        #expect(w.refreshes == 0)
    }

    @Test(arguments: Host.allCases, sideways)
    func aSidewaysSwipeAtTheBottomInPullModePushesNothing(host: Host, dx: Double) throws {
        let w = try Window(host)
        defer { w.close() }
        try w.toBottomInPullMode()
        let offset = w.controller.state.offset, value = w.value
        w.swipe(dx: dx, dy: 0)
        #expect(w.controller.push == 0, "a sideways swipe pushed the footer by \(w.controller.push) px")
        #expect(w.controller.footerPhase == .idle)
        #expect(w.controller.state.offset == offset && w.value == value, "the list moved")
        w.lift()
        w.wait(Tuning.releaseQuietPeriod + Tuning.springBackDuration)
        #expect(w.controller.push == 0 && w.controller.footerPhase == .idle)
        #expect(w.controller.state.offset == offset && w.value == value)
        #expect(w.loads == 0)
    }

    /// A diagonal swipe pulls exactly as far as its vertical part alone would.
    @Test(arguments: Host.allCases, sideways)
    func aDiagonalSwipeAtTheTopPullsByItsVerticalPart(host: Host, dx: Double) throws {
        let w = try Window(host)
        defer { w.close() }
        w.swipe(dx: dx, dy: -0.1, count: 6)
        let expected = w.displayed(raw: 6 * 0.1 * w.line)
        #expect(abs(w.controller.pull - expected) < 1e-6, "pull \(w.controller.pull), its vertical part \(expected)")
        #expect(expected < Tuning.triggerPull && w.controller.headerPhase == .pulling)
        w.lift()
        w.wait(Tuning.springBackDuration)
        #expect(w.controller.pull == 0 && w.refreshes == 0)
    }

    @Test(arguments: Host.allCases, sideways)
    func aDiagonalSwipeAtTheBottomInPullModePushesByItsVerticalPart(host: Host, dx: Double) throws {
        let w = try Window(host)
        defer { w.close() }
        try w.toBottomInPullMode()
        w.swipe(dx: dx, dy: 0.1, count: 4)
        let expected = w.displayed(raw: 4 * 0.1 * w.line)
        #expect(abs(w.controller.push - expected) < 1e-6, "push \(w.controller.push), its vertical part \(expected)")
        #expect(expected < Tuning.footerHeight && w.controller.footerPhase == .idle)
        w.lift()
        w.wait(Tuning.springBackDuration)
        #expect(w.controller.push == 0 && w.loads == 0)
    }
}
