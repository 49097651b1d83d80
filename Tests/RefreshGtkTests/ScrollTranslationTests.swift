import CGtk
import RefreshCore
@testable import RefreshGtk
import Testing

/// GDK scroll events → engine input, on the translation alone (docs/behaviour.md#input-model):
/// only the vertical part of a scroll moves the list; sideways scrolling is not the list's.
/// No display: the events are made with `gdk_event_new` and never delivered (with no source
/// device they count as a mouse's). SidewaysScrollTests checks the same in real windows.
@MainActor
@Suite struct ScrollTranslationTests {
    static let page = 600.0
    static var line: Double { ScrollTranslation.smoothUnit(pageSize: page) }

    static func step(_ direction: GdkScrollDirection, dx: Double = 0, dy: Double = 0, stop: Bool = false)
        -> ScrollTranslation.Step?
    {
        let event = gdk_event_new(GDK_SCROLL)!
        defer { gdk_event_free(event) }
        event.pointee.scroll.direction = direction
        event.pointee.scroll.delta_x = dx
        event.pointee.scroll.delta_y = dy
        event.pointee.scroll.is_stop = stop ? 1 : 0
        return ScrollTranslation.translate(event, pageSize: page)
    }

    /// A sideways swipe, either way, is no vertical movement at all.
    @Test(arguments: [-3.0, -0.25, 0.25, 3.0])
    func aSidewaysSmoothScrollHasNoVerticalDelta(dx: Double) {
        #expect(Self.step(GDK_SCROLL_SMOOTH, dx: dx) == .init(delta: 0, source: .wheel, isStop: false))
    }

    /// A diagonal swipe moves by its vertical part only, the same as the straight one.
    @Test(arguments: [(-2.0, -0.5), (2.0, -0.5), (-2.0, 0.5), (2.0, 0.5), (0.1, -1.5)])
    func aDiagonalSmoothScrollUsesOnlyItsVerticalPart(dx: Double, dy: Double) throws {
        let diagonal = try #require(Self.step(GDK_SCROLL_SMOOTH, dx: dx, dy: dy))
        #expect(diagonal == Self.step(GDK_SCROLL_SMOOTH, dy: dy))
        #expect(abs(diagonal.delta - dy * Self.line) < 1e-9)
    }

    /// Discrete sideways notches (a tilting wheel) are not input for the list.
    @Test func leftAndRightNotchesAreNotTranslated() {
        #expect(Self.step(GDK_SCROLL_LEFT) == nil)
        #expect(Self.step(GDK_SCROLL_RIGHT) == nil)
        #expect(Self.step(GDK_SCROLL_UP)?.delta == -Tuning.wheelNotchRaw)
        #expect(Self.step(GDK_SCROLL_DOWN)?.delta == Tuning.wheelNotchRaw)
    }

    /// The scroll-stop that ends a sideways swipe is still a stop (it releases the gesture), with
    /// no movement.
    @Test func aSidewaysScrollStopIsAStopWithoutMovement() {
        #expect(Self.step(GDK_SCROLL_SMOOTH, dx: 1.5, stop: true) == .init(delta: 0, source: .wheel, isStop: true))
    }
}
