import Glibc
import RefreshDemo
import RefreshTestSupport
import CGtk
import CGtkShim
import RefreshCore
@testable import RefreshGtk
import Testing

/// Issue 23: nothing stale on screen on a wrapped list. The window's pixels, read back from the X
/// server, against a fresh render of the same rows or their place by geometry, at scale 1 and 2,
/// light and dark (docs/gtk3-notes.md, "Pinned column headers").
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct WrappedPixelTests {
    init() {
        GLibCriticals.install()
    }

    /// The window's scale and theme a test runs in.
    struct Look: Sendable, CustomTestStringConvertible {
        let scale: Int32
        let dark: Bool
        var testDescription: String { "scale \(scale) \(dark ? "dark" : "light")" }
    }

    nonisolated static let looks = [Look(scale: 1, dark: false), Look(scale: 2, dark: false),
                                    Look(scale: 1, dark: true), Look(scale: 2, dark: true)]

    /// Defect 1: while the header is held, rows the tree view redraws (the pointer crossing them,
    /// then leaving) are drawn where they are shown: the window equals a fresh render of it.
    @Test(arguments: looks)
    func rowsRedrawnWhileTheHeaderIsHeldMatchAFreshRender(look: Look) throws {
        try Self.inLook(look) {
            let h = try HostHarness(.treeview, height: 400)
            defer { h.close() }
            h.bin.header = .classic
            h.bin.beginRefreshing()
            let held = h.bin.headerStyle.heldHeight
            #expect(MainLoop.run(until: { h.refreshes == 1 && abs(h.bin.pull - held) < 0.5 }))
            MainLoop.drain()
            for y in stride(from: 100.0, through: 360, by: 4) {
                EventSynthesis.motion(h.target, x: 120, y: y, deepest: true)
                MainLoop.drain()
            }
            EventSynthesis.motion(h.target, x: 120, y: 200, deepest: true)
            let seen = WindowImage(h.window, rows: 400)
            // A fresh render: the whole tree view repainted (GtkTreeView drops its cached rows).
            gtk_widget_queue_draw(h.list.content)
            let fresh = WindowImage(h.window, rows: 400)
            #expect(seen.painted && fresh.painted)
            let scale = Int(look.scale)
            let rows = Self.rowsTop(h) * scale + Int(held.rounded()) * scale + 2 * scale
            // (Not the overlay scrollbar at the right edge, which fades in and out on its own.)
            let diff = seen.differences(from: fresh, x: 0..<(seen.width - 20 * scale), y: rows..<seen.height, tolerance: 2)
            let stale = diff.count
            #expect(stale == 0, "rows drawn stale after the hover: \(stale) px, \(diff.prefix(6))")
        }
    }

    /// Defect 2: a refresh that prepends rows leaves the old first row where the user was looking
    /// (docs/behaviour.md, "Refresh lifecycle"): it follows the collapsing header, frame by frame,
    /// never down, and rests where it was before the pull. Its pixels are found in every frame.
    @Test(arguments: [
        (ListKind.treeview, HeaderStyle.jike, looks[0]), (.treeview, .classic, looks[0]), (.treeview, .plain, looks[0]),
        (.treeview, .jike, looks[1]), (.treeview, .classic, looks[2]), (.treeview, .plain, looks[3]),
        (.listbox, .jike, looks[0]), (.listbox, .classic, looks[3]), (.textview, .plain, looks[0]),
        (.textview, .jike, looks[3]),
    ])
    func theOldFirstRowFollowsTheCollapsingHeaderAndRestsWhereItWas(kind: ListKind, style: HeaderStyle, look: Look) throws {
        try Self.inLook(look) {
            let h = try HostHarness(kind, height: 400)
            defer { h.close() }
            h.bin.header = style.makeStyle()
            let clock = ManualClock(h.bin.state.now)
            h.bin.clock = clock.reading
            let scale = Int(look.scale)
            let top = Self.rowsTop(h)
            let before = WindowImage(h.window, rows: 400)
            // The old first row's look: its first 14 logical px, across its text.
            let strip = Strip(before, x: 4 * scale..<(160 * scale), y: (top + 1) * scale..<((top + 15) * scale))

            h.bin.beginRefreshing()
            clock.now += Tuning.revealDuration + 0.05
            h.bin.tick()
            #expect(MainLoop.run(until: { h.refreshes == 1 }))
            let held = h.bin.headerStyle.heldHeight
            let upper = h.upper
            h.list.prepend((0..<5).map { ("New \($0)", "prepended") })
            h.bin.endRefreshing(ok: true, insertedAtTop: 5)
            #expect(MainLoop.run(until: { h.upper > upper + 1 }))
            var last = Int.max
            var frames = 0
            while true {
                let image = WindowImage(h.window, rows: 400)
                // Where the geometry says it is: below what was prepended, moved by the pull.
                let expected = Double(top) + Double(h.contentOffset) + (h.upper - upper) - h.value
                let found = strip.find(in: image, from: top * scale - 4 * scale, to: (top + Int(held) + 20) * scale)
                #expect(found != nil, "frame \(frames): the old first row is not on screen")
                if let found {
                    #expect(abs(Double(found) - (expected + 1) * Double(scale)) <= Double(scale),
                            "frame \(frames): drawn at \(found), its place is \((expected + 1) * Double(scale))")
                    #expect(last == Int.max || found <= last + scale, "frame \(frames): the old first row jumped down from \(last) to \(found)")
                    last = found
                }
                frames += 1
                if h.bin.headerPhase == .idle && !h.bin.state.needsTicks || frames > 60 { break }
                clock.now += 1.0 / 30
                h.bin.tick()
            }
            #expect(frames > 10, "the collapse was not seen frame by frame")
            #expect(h.bin.headerPhase == .idle)
            // At rest: where it was before the pull, the new rows above it.
            #expect(last == (top + 1) * scale, "rests at \(last), was at \((top + 1) * scale)")
            #expect(h.value > 1)
        }
    }

    // MARK: - Helpers

    /// Runs `body` with every new window at `look`'s scale and theme, then puts both back.
    static func inLook(_ look: Look, _ body: () throws -> Void) throws {
        try #require(MainLoop.initializeGtk())
        let settings = gtk_settings_get_default()
        setWindowScale(look.scale)
        ptr_settings_set_boolean(settings, "gtk-application-prefer-dark-theme", look.dark ? 1 : 0)
        defer {
            setWindowScale(1)
            ptr_settings_set_boolean(settings, "gtk-application-prefer-dark-theme", 0)
            MainLoop.drain()
        }
        MainLoop.drain()
        try body()
    }

    /// GDK's X11 window scale for new windows (GDK_SCALE, set at run time). Not in GTK's headers
    /// the package imports (gdkx.h brings X11's macros), so it is looked up by name.
    private static func setWindowScale(_ scale: Int32) {
        typealias SetScale = @convention(c) (OpaquePointer?, Int32) -> Void
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "gdk_x11_display_set_window_scale") else {
            Issue.record("gdk_x11_display_set_window_scale not found")
            return
        }
        unsafeBitCast(symbol, to: SetScale.self)(gdk_display_get_default(), scale)
    }

    /// The y in the window, in logical px, of the first row's top when the list is at rest.
    static func rowsTop(_ h: HostHarness) -> Int {
        var x: gint = 0, y: gint = 0
        _ = gtk_widget_translate_coordinates(h.list.content, h.window, 0, 0, &x, &y)
        guard h.list.kind == .treeview else { return Int(y) }
        var homeX: gint = 0, homeY: gint = 0
        gtk_tree_view_convert_bin_window_to_widget_coords(gcast(h.list.content), 0, 0, &homeX, &homeY)
        return Int(y + homeY)
    }
}

/// A rectangle of pixels from one image, found again in another by its rows.
@MainActor
private struct Strip {
    let x: Range<Int>
    let rows: [[UInt32]]

    init(_ image: WindowImage, x: Range<Int>, y: Range<Int>) {
        self.x = x
        rows = y.map { py in x.map { image.pixel($0, py) } }
    }

    /// The y in `image` where the strip's top row is, searched from `from` to `to` (nil: nowhere).
    func find(in image: WindowImage, from: Int, to: Int) -> Int? {
        for top in max(0, from)..<min(to, image.height - rows.count) where matches(image, at: top) {
            return top
        }
        return nil
    }

    private func matches(_ image: WindowImage, at top: Int) -> Bool {
        var far = 0
        for (dy, row) in rows.enumerated() {
            for (dx, value) in row.enumerated() {
                let other = image.pixel(x.lowerBound + dx, top + dy)
                if other == value { continue }
                for shift: UInt32 in [16, 8, 0] where abs(Int((other >> shift) & 0xff) - Int((value >> shift) & 0xff)) > 24 {
                    far += 1
                    break
                }
                if far > 4 { return false }
            }
        }
        return true
    }
}
