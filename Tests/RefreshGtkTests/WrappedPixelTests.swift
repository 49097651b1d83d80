import Glibc
import RefreshDemo
import RefreshTestSupport
import CGtk
import CGtkShim
import RefreshCore
import RefreshDrawing
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
            Self.expectNoStaleRows(h, look, "after the hover")
        }
    }

    /// What the user does on a wrapped tree view around a refresh (defect 1's sequences).
    enum Sequence: String, CaseIterable, Sendable {
        /// A prepending refresh from 8 wheel notches; at rest, scrolled 150 px down, a press a
        /// third of the way down and a 220 px drag down (mid-list: GTK's own drag, no pull).
        case dragDownAfterAPrepend
        /// A prepending refresh; at rest, a click selects a row, the pointer crosses the rows
        /// and leaves them (onto the window's header bar).
        case pointerLeavesAfterAPrepend
        /// F5; a drag on the rows while the header is held pulls it further; then a prepend.
        case dragWhileHeld
        /// A prepending refresh; at rest, a fast drag up.
        case fastDragUpAfterAPrepend
        /// From the bottom, a fast run of wheel notches up that runs on into a refresh.
        case wheelFromTheBottomIntoARefresh
        /// A refresh started by a mouse drag; the pointer then moves slowly down across the rows
        /// while the header is held.
        case hoverAfterADragStartedRefresh
    }

    /// Defect 1: each sequence leaves the tree view's rows as a fresh render draws them, at
    /// every checkpoint (held, mid-gesture, at rest).
    @Test(arguments: Sequence.allCases, looks)
    func rowsAroundARefreshMatchAFreshRender(sequence: Sequence, look: Look) throws {
        try Self.inLook(look) {
            let h = try HostHarness(.treeview, height: 400)
            defer { h.close() }
            let third = Double(Self.rowsTop(h)) + 100
            switch sequence {
            case .dragDownAfterAPrepend:
                try Self.prependingRefresh(h, start: .wheel, look: look)
                Self.expectNoStaleRows(h, look, "at rest after the prepend")
                // The refresh left the list at its top, the new rows first: scrolled down past
                // them, the drag is mid-list.
                gtk_adjustment_set_value(h.adjustment, 150)
                MainLoop.drain()
                Self.expectNoStaleRows(h, look, "scrolled down after the prepend")
                EventSynthesis.drag(h.target, from: (120, third), to: (120, third + 220), steps: 22, release: false, deepest: true)
                MainLoop.drain()
                #expect(h.bin.pull == 0, "mid-list, a mouse drag is GTK's own")
                Self.expectNoStaleRows(h, look, "during the drag down")
                EventSynthesis.button(h.target, press: false, x: 120, y: third + 220, deepest: true)
                MainLoop.drain()
                Self.expectNoStaleRows(h, look, "after the drag down")
            case .pointerLeavesAfterAPrepend:
                try Self.prependingRefresh(h, start: .call, look: look)
                EventSynthesis.button(h.target, press: true, x: 120, y: third, deepest: true)
                EventSynthesis.button(h.target, press: false, x: 120, y: third, deepest: true)
                for y in stride(from: third, through: 380, by: 8) {
                    EventSynthesis.motion(h.target, x: 120, y: y, deepest: true)
                    MainLoop.drain()
                }
                EventSynthesis.crossing(h.target, enter: false, x: 120, y: 380, deepest: true)
                MainLoop.drain()
                Self.expectNoStaleRows(h, look, "after the pointer left")
            case .dragWhileHeld:
                h.bin.beginRefreshing()
                let held = h.bin.headerStyle.heldHeight
                #expect(MainLoop.run(until: { h.refreshes == 1 && abs(h.bin.pull - held) < 0.5 }))
                let from = third + held
                EventSynthesis.drag(h.target, from: (120, from), to: (120, from + 80), steps: 16, release: false, deepest: true)
                MainLoop.drain()
                #expect(h.bin.pull > held + 20, "the drag did not pull the held header")
                Self.expectNoStaleRows(h, look, "while the held header is pulled")
                for i in 1...16 {
                    EventSynthesis.motion(h.target, x: 120, y: from + 80 - 5 * Double(i), state: EventSynthesis.button1Mask, deepest: true)
                }
                EventSynthesis.button(h.target, press: false, x: 120, y: from, deepest: true)
                #expect(MainLoop.run(until: { abs(h.bin.pull - held) < 0.5 }))
                Self.expectNoStaleRows(h, look, "held again after the drag")
                try Self.endWithAPrepend(h)
                Self.expectNoStaleRows(h, look, "at rest after the prepend")
            case .fastDragUpAfterAPrepend:
                try Self.prependingRefresh(h, start: .call, look: look)
                EventSynthesis.drag(h.target, from: (120, 360), to: (120, third - 40), steps: 3, release: true, deepest: true)
                MainLoop.drain()
                Self.expectNoStaleRows(h, look, "after the fast drag up")
            case .wheelFromTheBottomIntoARefresh:
                gtk_adjustment_set_value(h.adjustment, h.upper - h.page)
                #expect(MainLoop.run(until: { h.bin.state.offset > 100 && h.loads == 1 }))
                // The load the bottom started ends (a refresh waits for it), nothing more to load.
                h.bin.endLoading(ok: true, added: 0, exhausted: true)
                MainLoop.drain()
                try Self.prependingRefresh(h, start: .wheelFromAnywhere, look: look)
                Self.expectNoStaleRows(h, look, "at rest after the prepend")
            case .hoverAfterADragStartedRefresh:
                EventSynthesis.drag(h.target, from: (120, third), to: (120, third + 300), steps: 30, deepest: true)
                let held = h.bin.headerStyle.heldHeight
                #expect(MainLoop.run(until: { h.refreshes == 1 && abs(h.bin.pull - held) < 0.5 }), "the drag did not refresh")
                for y in stride(from: 100.0, through: 380, by: 4) {
                    EventSynthesis.motion(h.target, x: 120, y: y, deepest: true)
                    MainLoop.drain()
                }
                Self.expectNoStaleRows(h, look, "after the hover while held")
                try Self.endWithAPrepend(h)
                Self.expectNoStaleRows(h, look, "at rest after the prepend")
            }
        }
    }

    // MARK: - Helpers

    enum RefreshStart {
        /// `beginRefreshing` (as F5).
        case call
        /// 8 wheel notches up at the top.
        case wheel
        /// Wheel notches up, 20 ms apart, until the list has scrolled to the top and on into an
        /// armed pull (released by the quiet period).
        case wheelFromAnywhere
    }

    /// A refresh that prepends 5 rows, started by `start`, checked while held, then followed to
    /// rest.
    static func prependingRefresh(_ h: HostHarness, start: RefreshStart, look: Look) throws {
        switch start {
        case .call:
            h.bin.beginRefreshing()
        case .wheel:
            for _ in 0..<8 {
                EventSynthesis.scroll(h.target, x: 120, y: 200, .up)
                MainLoop.drain()
            }
        case .wheelFromAnywhere:
            var notches = 0
            while h.bin.headerPhase != .armed && notches < 120 {
                EventSynthesis.scroll(h.target, x: 120, y: 200, .up)
                notches += 1
                MainLoop.run(for: 0.02)
            }
        }
        let held = h.bin.headerStyle.heldHeight
        try #require(MainLoop.run(until: { h.refreshes == 1 && abs(h.bin.pull - held) < 0.5 }),
                     "the refresh never held its header")
        expectNoStaleRows(h, look, "while the header is held")
        try endWithAPrepend(h)
    }

    /// The app answers the refresh with 5 new rows; returns once the header has collapsed.
    static func endWithAPrepend(_ h: HostHarness) throws {
        let upper = h.upper
        h.list.prepend((0..<5).map { ("New \($0)", "prepended") })
        h.bin.endRefreshing(ok: true, insertedAtTop: 5)
        try #require(MainLoop.run(until: { h.upper > upper + 1 && h.bin.headerPhase == .idle && !h.bin.state.needsTicks }),
                     "the header never came to rest")
        MainLoop.drain()
    }

    /// The tree view's rows on screen, below the header's gap, equal a fresh render of them:
    /// the whole tree view repainted (GtkTreeView drops its cached rows). Not the overlay
    /// scrollbar at the right edge, which fades in and out on its own.
    static func expectNoStaleRows(_ h: HostHarness, _ look: Look, _ when: String,
                                  sourceLocation: SourceLocation = #_sourceLocation) {
        let seen = WindowImage(h.window, rows: 400)
        gtk_widget_queue_draw(h.list.content)
        let fresh = WindowImage(h.window, rows: 400)
        #expect(seen.painted && fresh.painted, sourceLocation: sourceLocation)
        let scale = Int(look.scale)
        let rows = (rowsTop(h) + Int(h.rowsWindowOffset) + 2) * scale
        let diff = seen.differences(from: fresh, x: 0..<(seen.width - 20 * scale), y: rows..<seen.height, tolerance: 2)
        #expect(diff.isEmpty, "rows drawn stale \(when): \(diff.count) px, \(diff.prefix(6))", sourceLocation: sourceLocation)
    }

    /// A refresh begun at the top shows what it brought (docs/behaviour.md, "Refresh lifecycle"):
    /// the rows it prepended slide into the header's place as it collapses, frame by frame, never
    /// down, and the list rests at its top with the first new row at the top. Every frame's rows
    /// equal a fresh render of them; the first new row's pixels are found in every frame where
    /// the geometry puts them, under the collapsing header.
    @Test(arguments: [
        (ListKind.treeview, HeaderStyle.jike, looks[0]), (.treeview, .classic, looks[0]), (.treeview, .plain, looks[0]),
        (.treeview, .jike, looks[1]), (.treeview, .classic, looks[2]), (.treeview, .plain, looks[3]),
        (.listbox, .jike, looks[0]), (.listbox, .classic, looks[3]), (.textview, .plain, looks[0]),
        (.textview, .jike, looks[3]),
    ])
    func theNewRowsSlideIntoTheHeadersPlaceAndTheListRestsAtItsTop(kind: ListKind, style: HeaderStyle, look: Look) throws {
        try Self.inLook(look) {
            let h = try HostHarness(kind, height: 400)
            defer { h.close() }
            h.bin.header = style.makeStyle()
            let clock = ManualClock(h.bin.state.now)
            h.bin.clock = clock.reading
            let scale = Int(look.scale)
            let top = Self.rowsTop(h)

            h.bin.beginRefreshing()
            clock.now += Tuning.revealDuration + 0.05
            h.bin.tick()
            #expect(MainLoop.run(until: { h.refreshes == 1 }))
            let held = h.bin.headerStyle.heldHeight
            let upper = h.upper
            h.list.prepend((0..<5).map { ("New \($0)", "prepended") })
            h.bin.endRefreshing(ok: true, insertedAtTop: 5)
            #expect(MainLoop.run(until: { h.upper > upper + 1 }))
            MainLoop.drain()
            var frames: [(image: WindowImage, expected: Double)] = []
            while true {
                let image = WindowImage(h.window, rows: 400)
                // The list's first row is where the geometry puts it: at its top, moved by the pull.
                #expect(h.value <= 0.5, "frame \(frames.count): the list left its top (value \(h.value))")
                frames.append((image, Double(top) + Double(h.contentOffset) - h.value))
                Self.expectNoStaleRows(h, look, "in frame \(frames.count - 1) of the collapse")
                if h.bin.headerPhase == .idle && !h.bin.state.needsTicks || frames.count > 60 { break }
                clock.now += 1.0 / 30
                h.bin.tick()
                MainLoop.drain()
            }
            #expect(frames.count > 10, "the collapse was not seen frame by frame")
            #expect(h.bin.headerPhase == .idle)
            #expect(h.value == 0 && h.bin.state.offset == 0, "the list does not rest at its top")
            // The first new row's look at rest (its first 14 logical px, across its text), then
            // found in every frame of the collapse where the geometry put it, never moving down.
            let rest = try #require(frames.last).image
            let strip = Strip(rest, x: 4 * scale..<(160 * scale), y: (top + 1) * scale..<((top + 15) * scale))
            var last = Int.max
            for (index, frame) in frames.enumerated() {
                let found = strip.find(in: frame.image, from: top * scale - 4 * scale, to: (top + Int(held) + 20) * scale)
                #expect(found != nil, "frame \(index): the first new row is not on screen")
                guard let found else { continue }
                #expect(abs(Double(found) - (frame.expected + 1) * Double(scale)) <= Double(scale),
                        "frame \(index): drawn at \(found), its place is \((frame.expected + 1) * Double(scale))")
                #expect(last == Int.max || found <= last + scale, "frame \(index): the first new row jumped down from \(last) to \(found)")
                last = found
            }
            #expect(last == (top + 1) * scale, "rests at \(last), the list's top is \((top + 1) * scale)")
        }
    }

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
    static func setWindowScale(_ scale: Int32) {
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
