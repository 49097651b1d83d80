import RefreshDemo
import CGtk
import Foundation
import RefreshCore
import RefreshGtk
import RefreshTestSupport
import Testing

/// An app's own header and footer looks on the view (docs/behaviour.md, "App-drawn headers"):
/// drawn instead of the built-in ones, in the header's space and the footer's bar only, with the
/// header held open at the app's height.
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct AppDrawnStyleTests {
    final class Header: RefreshHeaderStyle {
        var frames: [HeaderFrame] = []
        var heldHeight: Double { 90 }
        func draw(_ frame: HeaderFrame, cr: OpaquePointer) { frames.append(frame) }
    }

    final class Footer: RefreshFooterStyle {
        var frames: [FooterFrame] = []
        func draw(_ frame: FooterFrame, cr: OpaquePointer) { frames.append(frame) }
    }

    /// Draws the view once into an image (what the "draw" handler does).
    static func render(_ h: GtkHarness) {
        let list = h.view.list
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(list.viewportWidth),
                                                 Int32(list.viewportHeight))
        let cr = cairo_create(surface)!
        list.render(cr, width: list.viewportWidth, height: list.viewportHeight)
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    @Test func theAppsHeaderIsDrawnAndHeldAtItsHeight() throws {
        let h = try GtkHarness()
        defer { h.close() }
        let clock = ManualClock(h.view.state.now)
        h.view.clock = clock.reading
        let header = Header()
        h.view.customHeaderStyle = header
        h.view.beginRefreshing()
        clock.now += 1
        h.view.tick()
        #expect(h.view.pull == 90, "held at the app's height")
        Self.render(h)
        let frame = try #require(header.frames.last)
        #expect(frame.visual.phase == .refreshing && frame.visual.contentTop == 90)
        h.view.endRefreshing(ok: true)
        clock.now += 2
        h.view.tick()
        h.view.customHeaderStyle = nil
        let drawn = header.frames.count
        h.view.beginRefreshing()
        clock.now += 1
        h.view.tick()
        Self.render(h)
        #expect(header.frames.count == drawn, "back to the built-in look")
        #expect(h.view.pull == h.view.headerStyle.heldHeight)
    }

    @Test func theAppsFooterIsDrawnInTheFootersBar() throws {
        let h = try GtkHarness(rows: 40)
        defer { h.close() }
        let clock = ManualClock(h.view.state.now)
        h.view.clock = clock.reading
        let footer = Footer()
        h.view.customFooterStyle = footer
        EventSynthesis.tapKey(h.view.list.area, keyval: UInt32(GDK_KEY_End))
        clock.now += 1
        h.view.tick()
        Self.render(h)
        let frame = try #require(footer.frames.last, "the footer at the end is on screen")
        #expect(frame.bar.height == Tuning.footerHeight && frame.bar.y == frame.visual.top)
    }
}
