import RefreshDemo
import CGtk
import CGtkShim
import Foundation
import RefreshCore
import RefreshDrawing
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

    /// An app's header that takes the plain bar's timings and wording.
    final class PlainTimedHeader: RefreshHeaderStyle {
        var frames: [HeaderFrame] = []
        var heldHeight: Double { 50 }
        var timings: HeaderStyle { .plain }
        func draw(_ frame: HeaderFrame, cr: OpaquePointer) { frames.append(frame) }
    }

    final class Footer: RefreshFooterStyle {
        var frames: [FooterFrame] = []
        func draw(_ frame: FooterFrame, cr: OpaquePointer) { frames.append(frame) }
    }

    /// Starts a refresh and lets the header open to its held height.
    static func refreshUntilHeld(_ h: GtkHarness, _ clock: ManualClock) {
        h.view.beginRefreshing()
        clock.now += 1
        h.view.tick()
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
        h.view.header = header
        Self.refreshUntilHeld(h, clock)
        #expect(h.view.pull == 90, "held at the app's height")
        Self.render(h)
        let frame = try #require(header.frames.last)
        #expect(frame.visual.phase == .refreshing && frame.visual.contentTop == 90)
        h.view.endRefreshing(ok: true)
        clock.now += 2
        h.view.tick()
        h.view.header = .jike
        let drawn = header.frames.count
        Self.refreshUntilHeld(h, clock)
        Self.render(h)
        #expect(header.frames.count == drawn, "back to the built-in look")
        #expect(h.view.pull == h.view.headerStyle.heldHeight)
    }

    /// One way to choose the header: `header` takes the built-in looks as values and an app's
    /// style, which carries its own timings.
    @Test func theHeaderTakesBuiltInValuesAndAnAppsStyleWithItsTimings() throws {
        let h = try GtkHarness()
        defer { h.close() }
        let clock = ManualClock(h.view.state.now)
        h.view.clock = clock.reading
        #expect(h.view.header is JikeHeader && h.view.headerStyle == .jike && h.view.appDrawnHeader == nil)
        h.view.header = .classic
        #expect(h.view.header is ClassicHeader && h.view.headerStyle == .classic && h.view.appDrawnHeader == nil)
        #expect(h.view.state.heldHeight == HeaderStyle.classic.heldHeight)

        let header = PlainTimedHeader()
        h.view.header = header
        #expect(h.view.appDrawnHeader === header && h.view.headerStyle == .plain, "the style's timings")
        Self.refreshUntilHeld(h, clock)
        #expect(h.view.pull == 50, "held at the app's height")
        Self.render(h)
        let frame = try #require(header.frames.last)
        #expect(frame.visual.message == .refreshing, "the plain bar's wording")
        #expect(frame.text == L10n.refreshing && frame.lastUpdatedText == L10n.neverUpdated)

        // A built-in value mid-refresh: drawn by the widget again, held at its own height.
        h.view.header = .plain
        let drawn = header.frames.count
        clock.now += 1
        h.view.tick()
        Self.render(h)
        #expect(header.frames.count == drawn && h.view.appDrawnHeader == nil)
        #expect(h.view.pull == HeaderStyle.plain.heldHeight)
    }

    /// The GObject's `header-style` follows `header` (an app's style: its timings) and chooses
    /// a built-in look when set.
    @Test func theGObjectsHeaderStyleFollowsTheHeader() throws {
        let h = try HostHarness(.listbox)
        defer { h.close() }
        let gobject = OpaquePointer(h.bin.widget)
        let header = PlainTimedHeader()
        h.bin.header = header
        #expect(ptr_refresh_bin_get_header_style(gobject) == PTR_HEADER_STYLE_PLAIN)
        ptr_refresh_bin_set_header_style(gobject, PTR_HEADER_STYLE_CLASSIC)
        #expect(h.bin.header is ClassicHeader && h.bin.headerStyle == .classic && h.bin.appDrawnHeader == nil)
        h.bin.header = .jike
        #expect(ptr_refresh_bin_get_header_style(gobject) == PTR_HEADER_STYLE_JIKE)
    }

    /// The Swift API's settings reach the engine through the GObject, as on GTK 4: by the time
    /// `notify::header-style` or `notify::footer-mode` runs the engine follows the new value, a
    /// value set again notifies nothing, and one the app sets on the GObject comes back the same way.
    @Test func swiftSettingsReachTheEngineThroughTheGObject() throws {
        let h = try HostHarness(.listbox)
        defer { h.close() }
        let gobject = OpaquePointer(h.bin.widget)
        var seen: [String] = []
        let connections = [
            GSignal.connectNotify(h.bin.widget, property: "header-style") { seen.append("style \(h.bin.headerStyle)") },
            GSignal.connectNotify(h.bin.widget, property: "footer-mode") { seen.append("mode \(h.bin.footerMode)") },
        ]
        defer { connections.forEach { $0.disconnect() } }
        h.bin.header = .classic
        h.bin.header = .classic
        h.bin.footerMode = .pull
        h.bin.footerMode = .pull
        ptr_refresh_bin_set_footer_mode(gobject, PTR_FOOTER_MODE_NONE)
        h.bin.header = PlainTimedHeader()
        #expect(seen == ["style classic", "mode pull", "mode none", "style plain"])
        #expect(ptr_refresh_bin_get_header_style(gobject) == PTR_HEADER_STYLE_PLAIN && h.bin.appDrawnHeader != nil)
    }

    @Test func theAppsFooterIsDrawnInTheFootersBar() throws {
        let h = try GtkHarness(rows: 40)
        defer { h.close() }
        let clock = ManualClock(h.view.state.now)
        h.view.clock = clock.reading
        let footer = Footer()
        h.view.appDrawnFooter = footer
        EventSynthesis.tapKey(h.view.list.area, keyval: UInt32(GDK_KEY_End))
        clock.now += 1
        h.view.tick()
        Self.render(h)
        let frame = try #require(footer.frames.last, "the footer at the end is on screen")
        #expect(frame.bar.height == Tuning.footerHeight && frame.bar.y == frame.visual.top)
    }
}
