import RefreshDemo
import RefreshTestSupport
import CGtk
import CGtkShim
import RefreshCore
@testable import RefreshGtk
import Testing

/// Issue 19: a wrapped GtkTreeView keeps its visible column headers pinned (the pull gap opens
/// between them and the first row), and a press that becomes a pull selects nothing on a tree
/// view or a list box. Real windows under Xvfb; pointer events are delivered to the innermost
/// GdkWindow under the point, as the display server does (a tree view's rows window).
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct PinnedHeaderTests {
    init() {
        GLibCriticals.install()
    }

    @Test func aPullOpensTheGapBetweenPinnedColumnHeadersAndTheFirstRow() throws {
        let h = try HostHarness(.treeview)
        defer { h.close() }
        let tree = Tree(h)
        let headersTop = tree.headersTop, firstRowTop = tree.firstRowTop, gapTop = Int(tree.homeY)
        try #require(gapTop > 10, "no column headers")
        // The rows have the focus, as the press below gives it, and the theme has finished fading
        // to its focused look: two frames in a row are the same.
        gtk_window_move(gcast(h.window), 840, 0)  // away from other tests' windows at 0, 0
        gtk_widget_grab_focus(h.list.content)
        // Only the top of the window is read back (the headers, the gap and a few rows): cheap.
        let band = 240
        var idle = WindowImage(h.window, rows: band)
        #expect(MainLoop.run(until: {
            let next = WindowImage(h.window, rows: band)
            defer { idle = next }
            return next.pixels == idle.pixels
        }))

        EventSynthesis.drag(h.target, from: (100, 60), to: (100, 260), steps: 20, release: false, deepest: true)
        let d = Int32(h.bin.state.displacement.rounded())
        #expect(d > 50 && gapTop + Int(d) < band, "pull \(d)")
        #expect(tree.headersTop == headersTop, "the column headers moved")
        #expect(tree.firstRowTop == firstRowTop + d, "the first row did not move down by the pull")
        #expect(h.childOffset == 0, "the whole scrolled window moved")
        var image = WindowImage(h.window, rows: band)
        #expect(idle.painted && image.painted)
        let origin = tree.originInWindow(h.window)
        // The column headers' pixels are the same as before the pull (but their last pixel row,
        // which the selected first row's background overlaps before the pull; within a few
        // levels: the theme fades the column separator's colour as the press changes the state).
        let headerStrip = (x: origin.x..<(origin.x + 380), y: origin.y..<(origin.y + gapTop - 1))
        #expect(image.differences(from: idle, x: headerStrip.x, y: headerStrip.y).isEmpty,
                "the column headers changed at \(image.differences(from: idle, x: headerStrip.x, y: headerStrip.y).prefix(8))")
        // The gap: no row text where the titles are, the J drawn in the middle.
        let top: Int = origin.y + gapTop
        let gap: Range<Int> = (top + 2)..<(top + Int(d) - 2)
        let background = image.pixel(origin.x + 4, top + 2)
        #expect(image.count(x: origin.x..<(origin.x + 100), y: gap, differingFrom: background) == 0,
                "rows drawn in the gap")
        #expect(image.count(x: (origin.x + 150)..<(origin.x + 250), y: gap, differingFrom: background) > 100,
                "no refresh header in the gap")

        EventSynthesis.button(h.target, press: false, x: 100, y: 260, deepest: true)
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
        #expect(MainLoop.run(until: { !h.bin.state.needsTicks || abs(h.bin.pull - h.bin.headerStyle.heldHeight) < 0.5 }))
        // Held while refreshing: below the column headers, above the first row.
        let held = Int32(h.bin.headerStyle.heldHeight.rounded())
        #expect(tree.headersTop == headersTop)
        #expect(abs(tree.firstRowTop - (firstRowTop + held)) <= 1)
        image = WindowImage(h.window, rows: band)
        #expect(image.painted)
        let heldGap: Range<Int> = (top + 2)..<(top + Int(held) - 2)
        #expect(image.count(x: (origin.x + 150)..<(origin.x + 250), y: heldGap, differingFrom: background) > 100,
                "no refresh header held in the gap")

        // A click while the rows are held down selects the row under the pointer.
        let y = 200.0
        let expected = tree.row(atWidgetY: y)
        EventSynthesis.button(h.target, press: true, x: 100, y: y, deepest: true)
        EventSynthesis.button(h.target, press: false, x: 100, y: y, deepest: true)
        #expect(expected != nil && tree.selectedRows == [expected!], "selected \(tree.selectedRows), under the pointer \(String(describing: expected))")
        // And a finger's tap.
        let tapped = tree.row(atWidgetY: 300)
        EventSynthesis.touch(h.target, .begin, x: 100, y: 300, sequence: 7, deepest: true)
        EventSynthesis.touch(h.target, .end, x: 100, y: 300, sequence: 7, deepest: true)
        #expect(tapped != nil && tree.selectedRows == [tapped!], "selected \(tree.selectedRows), under the finger \(String(describing: tapped))")

        h.bin.endRefreshing(ok: true)
        #expect(MainLoop.run(until: { h.bin.headerPhase == .idle && !h.bin.state.needsTicks }))
        #expect(tree.firstRowTop == firstRowTop && tree.headersTop == headersTop)
    }

    @Test func pushingPastTheBottomRevealsTheFooterBelowTheTreeView() throws {
        let h = try HostHarness(.treeview, rows: 40)
        defer { h.close() }
        gtk_adjustment_set_value(h.adjustment, h.upper - h.page)
        MainLoop.drain()
        h.bin.footerMode = .pull
        EventSynthesis.drag(h.target, from: (100, 400), to: (100, 200), steps: 20, release: false, deepest: true)
        #expect(h.bin.push > 20)
        #expect(h.childOffset < 0, "the footer was not revealed below the host")
        #expect(h.rowsWindowOffset == 0)
        EventSynthesis.button(h.target, press: false, x: 100, y: 200, deepest: true)
    }

    @Test func headersToggledAtRunTimeSwitchWhatMoves() throws {
        let h = try HostHarness(.treeview)
        defer { h.close() }
        let tree = h.list.content
        gtk_tree_view_set_headers_visible(gcast(tree), 0)
        MainLoop.drain()
        EventSynthesis.drag(h.target, from: (100, 60), to: (100, 200), steps: 10, release: false, deepest: true)
        #expect(h.bin.pull > 20)
        #expect(h.childOffset > 20 && h.rowsWindowOffset == 0, "headers hidden: the scrolled window moves")
        // Shown mid-pull: the rows' window takes the displacement over.
        gtk_tree_view_set_headers_visible(gcast(tree), 1)
        MainLoop.drain()
        #expect(h.childOffset == 0 && h.rowsWindowOffset > 20, "headers shown: the rows move below them")
        EventSynthesis.button(h.target, press: false, x: 100, y: 200, deepest: true)
        #expect(MainLoop.run(until: { h.bin.pull == 0 && !h.bin.state.needsTicks || h.refreshes == 1 }))
    }

    @Test(arguments: HostTests.Target.allCases)
    func destroyingMidRefreshLeavesNoHandlerOnTheTreeView(target: HostTests.Target) throws {
        let criticals = GLibCriticals.count
        defer { #expect(GLibCriticals.count == criticals, "GLib criticals: \(GLibCriticals.last ?? "")") }
        MainLoop.drain()
        let before = InteropCounters.snapshot
        let h = try HostHarness(.treeview)
        defer { h.close() }
        let tree = h.list.content
        EventSynthesis.drag(h.target, from: (100, 60), to: (100, 420), steps: 20, deepest: true)
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
        #expect(h.rowsWindowOffset > 0)
        // When the tree view itself goes (after the bin, its ancestor, tore the controller
        // down), nothing of ours is connected to it any more.
        var pending: [String] = []
        var checked = false
        let signals = ["event-after", "draw", "size-allocate", "button-press-event", "button-release-event",
                       "motion-notify-event", "touch-event"]
        // GTK's own handlers on a tree view that was never wrapped are allowed.
        let baseline = Self.pendingSignals(signals, onUnwrapped: true)
        let check: @MainActor () -> Void = {
            checked = true
            for signal in signals where g_signal_has_handler_pending(tree, g_signal_lookup(signal, gtk_widget_get_type()), 0, 0) != 0
                && !baseline.contains(signal) {
                pending.append(signal)
            }
        }
        let probe = GSignal.connect(tree, "destroy") { check() }
        // (Its own "destroy" handler is the only one allowed: it is not in the list.)
        if target == .window { h.close() } else { gtk_widget_destroy(h.bin.widget) }
        MainLoop.drain()
        probe.disconnect()
        #expect(checked)
        #expect(pending.isEmpty, "handlers left on the tree view: \(pending)")
        #expect(h.bin.isDestroyed)
        h.close()
        #expect(InteropCounters.snapshot == before, "left alive: \(InteropCounters.snapshot), before \(before)")
    }

    /// The signals of `signals` with a handler on a tree view shown in a window, not wrapped.
    private static func pendingSignals(_ signals: [String], onUnwrapped: Bool) -> Set<String> {
        let list = ForeignList(kind: .treeview, rows: (0..<60).map { ("Row \($0)", "Subtitle \($0)") })
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(gcast(window), 400, 600)
        gtk_container_add(gcast(window), list.scrolledWindow)
        gtk_widget_show_all(window)
        MainLoop.drain()
        defer {
            gtk_widget_destroy(window)
            MainLoop.drain()
        }
        return Set(signals.filter {
            g_signal_has_handler_pending(list.content, g_signal_lookup($0, gtk_widget_get_type()), 0, 0) != 0
        })
    }

    /// A press on a row that becomes a pull leaves the app's selection (and a tree view's cursor)
    /// as it was; a plain click still selects.
    @Test(arguments: [ListKind.treeview, .listbox])
    func aPullSelectsNothingAndAClickSelects(kind: ListKind) throws {
        let h = try HostHarness(kind)
        defer { h.close() }
        let rows = Rows(h)
        rows.select(3)
        let cursor = rows.cursor
        #expect(rows.selected == [3])

        EventSynthesis.drag(h.target, from: (100, 60), to: (100, 420), steps: 20, deepest: true)
        #expect(h.bin.headerPhase == .refreshing)
        #expect(rows.selected == [3], "the pull selected \(rows.selected)")
        #expect(rows.cursor == cursor, "the pull moved the cursor from \(String(describing: cursor)) to \(String(describing: rows.cursor))")
        h.bin.endRefreshing(ok: true)
        #expect(MainLoop.run(until: { h.bin.headerPhase == .idle && !h.bin.state.needsTicks }))

        // A short press-and-drag that stays a click, then a plain click: the host selects.
        let target = rows.index(atY: 130)
        #expect(target != nil && target != 3)
        EventSynthesis.button(h.target, press: true, x: 100, y: 130, deepest: true)
        EventSynthesis.button(h.target, press: false, x: 100, y: 130, deepest: true)
        MainLoop.drain()
        #expect(rows.selected == [target!], "a click selected \(rows.selected), not \(target!)")
    }
}

/// Geometry of a wrapped tree view, in root-window coordinates.
@MainActor
private struct Tree {
    let view: UnsafeMutablePointer<GtkWidget>

    init(_ h: HostHarness) { view = h.list.content }

    private var treeView: UnsafeMutablePointer<GtkTreeView> { gcast(view) }

    /// The column headers' window (where the column buttons are drawn), on screen.
    var headersTop: Int32 {
        let column = gtk_tree_view_get_column(treeView, 0)!
        let button = gtk_tree_view_column_get_button(column)!
        var x: gint = 0, y: gint = 0
        gdk_window_get_origin(gtk_widget_get_window(button), &x, &y)
        return y
    }

    /// The first row's top on screen.
    var firstRowTop: Int32 {
        let path = gtk_tree_path_new_first()!
        defer { gtk_tree_path_free(path) }
        var area = GdkRectangle()
        gtk_tree_view_get_background_area(treeView, path, nil, &area)
        var x: gint = 0, y: gint = 0
        gdk_window_get_origin(gtk_tree_view_get_bin_window(treeView), &x, &y)
        return y + area.y
    }

    /// Where the rows' window sits when not moved: the column headers' height.
    var homeY: Int32 {
        var x: gint = 0, y: gint = 0
        gtk_tree_view_convert_bin_window_to_widget_coords(treeView, 0, 0, &x, &y)
        return y
    }

    func originInWindow(_ window: UnsafeMutablePointer<GtkWidget>) -> (x: Int, y: Int) {
        var tx: gint = 0, ty: gint = 0, wx: gint = 0, wy: gint = 0
        gdk_window_get_origin(gtk_widget_get_window(view), &tx, &ty)
        gdk_window_get_origin(gtk_widget_get_window(window), &wx, &wy)
        return (Int(tx - wx), Int(ty - wy))
    }

    /// The row under widget y, where the rows' window really is.
    func row(atWidgetY y: Double) -> Int? {
        var x: gint = 0, top: gint = 0
        gdk_window_get_position(gtk_tree_view_get_bin_window(treeView), &x, &top)
        var path: OpaquePointer?
        guard gtk_tree_view_get_path_at_pos(treeView, 100, gint(y) - top, &path, nil, nil, nil) != 0, let path else {
            return nil
        }
        defer { gtk_tree_path_free(path) }
        return Int(gtk_tree_path_get_indices(path)[0])
    }

    var selectedRows: [Int] { Rows.treeSelection(treeView) }
}

/// Selection of a wrapped tree view or list box (made selectable).
@MainActor
private struct Rows {
    let kind: ListKind
    let view: UnsafeMutablePointer<GtkWidget>

    init(_ h: HostHarness) {
        kind = h.list.kind
        view = h.list.content
        if kind == .listbox { gtk_list_box_set_selection_mode(gcast(view), GTK_SELECTION_SINGLE) }
    }

    func select(_ index: Int) {
        if kind == .treeview {
            let path = gtk_tree_path_new_from_string("\(index)")
            gtk_tree_view_set_cursor(gcast(view), path, nil, 0)
            gtk_tree_path_free(path)
        } else {
            gtk_list_box_select_row(gcast(view), gtk_list_box_get_row_at_index(gcast(view), gint(index)))
        }
    }

    var selected: [Int] {
        if kind == .treeview { return Rows.treeSelection(gcast(view)) }
        let rows = gtk_list_box_get_selected_rows(gcast(view))
        defer { g_list_free(rows) }
        var result: [Int] = []
        var node = rows
        while let current = node {
            result.append(Int(gtk_list_box_row_get_index(current.pointee.data.assumingMemoryBound(to: GtkListBoxRow.self))))
            node = current.pointee.next
        }
        return result.sorted()
    }

    /// A tree view's cursor row (nil for a list box).
    var cursor: Int? {
        guard kind == .treeview else { return nil }
        var path: OpaquePointer?
        gtk_tree_view_get_cursor(gcast(view), &path, nil)
        guard let path else { return nil }
        defer { gtk_tree_path_free(path) }
        return Int(gtk_tree_path_get_indices(path)[0])
    }

    /// The row at widget y (the list at its top, not pulled).
    func index(atY y: Double) -> Int? {
        if kind == .listbox {
            return gtk_list_box_get_row_at_y(gcast(view), gint(y)).map { Int(gtk_list_box_row_get_index($0)) }
        }
        var path: OpaquePointer?
        var x: gint = 0, top: gint = 0
        gtk_tree_view_convert_bin_window_to_widget_coords(gcast(view), 0, 0, &x, &top)
        guard gtk_tree_view_get_path_at_pos(gcast(view), 100, gint(y) - top, &path, nil, nil, nil) != 0, let path else {
            return nil
        }
        defer { gtk_tree_path_free(path) }
        return Int(gtk_tree_path_get_indices(path)[0])
    }

    static func treeSelection(_ tree: UnsafeMutablePointer<GtkTreeView>) -> [Int] {
        let rows = gtk_tree_selection_get_selected_rows(gtk_tree_view_get_selection(tree), nil)
        defer { g_list_free_full(rows) { gtk_tree_path_free(OpaquePointer($0)) } }
        var result: [Int] = []
        var node = rows
        while let current = node {
            result.append(Int(gtk_tree_path_get_indices(OpaquePointer(current.pointee.data))[0]))
            node = current.pointee.next
        }
        return result.sorted()
    }
}

/// The toplevel as it is on screen, read back from the X server after the next frame was
/// painted (`gtk_widget_draw` would not do: offscreen, GTK 3 draws every GdkWindow of a
/// multi-window widget as if at its place, so a moved rows window is not seen). The window is
/// raised first: other tests' windows may be open at the same place. In device pixels (twice
/// the logical size at scale 2).
@MainActor
struct WindowImage {
    /// How often a toplevel window was mapped or unmapped in this process (`watchToplevels`).
    private static var toplevelChanges = 0
    private static var watching = false

    /// Counts every toplevel's map and unmap, once per process (an emission hook on GtkWidget's
    /// "map" and "unmap", which stays for the process's life).
    private static func watchToplevels() {
        guard !watching else { return }
        watching = true
        let hook: GSignalEmissionHook = { _, count, values, _ in
            guard count > 0, let values, let instance = g_value_get_object(values) else { return 1 }
            if ptr_is_a(instance, gtk_window_get_type()) != 0 {
                MainActor.assumeIsolated { WindowImage.toplevelChanges += 1 }
            }
            return 1
        }
        for signal in ["map", "unmap"] {
            g_signal_add_emission_hook(g_signal_lookup(signal, gtk_widget_get_type()), 0, hook, nil, nil)
        }
    }

    let width: Int, height: Int
    let pixels: [UInt32]
    /// False if no frame was painted in time (the image may be stale) or an unpainted band stayed.
    let painted: Bool

    /// The top `rows` pixel rows of the window.
    init(_ window: UnsafeMutablePointer<GtkWidget>, rows: Int) {
        let gdkWindow = gtk_widget_get_window(window)!
        // The image is read back from the X server, which keeps nothing a window does not show:
        // whatever covered this one (another suite's window mapped over it inside a wait here,
        // since the GTK suites share the main actor, or another process's on the same display)
        // leaves it black until GTK handles the expose. So the window is raised, repainted whole,
        // and read; the read counts only if no toplevel of this process came or went and the X
        // server reported no change of this window's visibility (VisibilityNotify, which covers
        // other processes' windows too) from the raise until after the read. A few tries at most.
        WindowImage.watchToplevels()
        let display = gtk_widget_get_display(window)
        gdk_window_set_events(gdkWindow, GdkEventMask(gdk_window_get_events(gdkWindow).rawValue
                                                      | GDK_VISIBILITY_NOTIFY_MASK.rawValue))
        var visibilityChanges = 0
        let visibility = GSignal.connectEvent(window, "visibility-notify-event") { _ in
            visibilityChanges += 1
            return false
        }
        var painted = false
        let clock = gdk_window_get_frame_clock(gdkWindow)!
        let connection = GSignal.connect(clock, "after-paint") { painted = true }
        defer {
            connection.disconnect()
            visibility.disconnect()
        }
        /// Events the X server sent up to now are handled (a round trip, then the queue).
        func settle() {
            gdk_display_sync(display)
            MainLoop.drain()
        }
        var framePainted = false
        var pixbuf: OpaquePointer?
        for _ in 0..<6 {
            gdk_window_raise(gdkWindow)
            settle()
            let changes = WindowImage.toplevelChanges
            visibilityChanges = 0
            painted = false
            gdk_window_invalidate_rect(gdkWindow, nil, 1)
            framePainted = MainLoop.run(until: { painted })
            let logicalHeight = min(rows, Int(gdk_window_get_height(gdkWindow)))
            if let old = pixbuf { g_object_unref(old.gpointer) }
            pixbuf = gdk_pixbuf_get_from_window(gdkWindow, 0, 0, gdk_window_get_width(gdkWindow), gint(logicalHeight))
            settle()
            if WindowImage.toplevelChanges == changes, visibilityChanges == 0, !WindowImage.hasUnpaintedBand(pixbuf!) { break }
        }
        self.painted = framePainted && !WindowImage.hasUnpaintedBand(pixbuf!)
        let image = pixbuf!
        defer { g_object_unref(image.gpointer) }
        width = Int(gdk_pixbuf_get_width(image))
        height = Int(gdk_pixbuf_get_height(image))
        if let dir = g_getenv("PINNED_TEST_DUMP") {
            WindowImage.dumps += 1
            _ = gdk_pixbuf_savev(image, String(cString: dir) + "/pinned-\(WindowImage.dumps).png", "png", nil, nil, nil)
        }
        let stride = Int(gdk_pixbuf_get_rowstride(image)), channels = Int(gdk_pixbuf_get_n_channels(image))
        let data = gdk_pixbuf_get_pixels(image)!
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                let p = data + y * stride + x * channels
                pixels.append(UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2]))
            }
        }
        self.pixels = pixels
    }

    static var dumps = 0

    /// Eight or more pixel rows that are black from edge to edge: what the X server shows of a
    /// window area nothing has painted yet (no theme draws a list's rows so; a high-contrast
    /// border is a line or two). Seen twice in fresh-root runs under full load, with no other
    /// window coming or going, cause not established: such a read is taken again.
    static func hasUnpaintedBand(_ pixbuf: OpaquePointer) -> Bool {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        let stride = Int(gdk_pixbuf_get_rowstride(pixbuf)), channels = Int(gdk_pixbuf_get_n_channels(pixbuf))
        let data = gdk_pixbuf_get_pixels(pixbuf)!
        var run = 0
        for y in 0..<height {
            let row = data + y * stride
            let black = (0..<width).allSatisfy { x in row[x * channels] == 0 && row[x * channels + 1] == 0 && row[x * channels + 2] == 0 }
            run = black ? run + 1 : 0
            if run >= 8 { return true }
        }
        return false
    }

    func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] }

    func count(x: Range<Int>, y: Range<Int>, differingFrom value: UInt32) -> Int {
        var n = 0
        for py in y.clamped(to: 0..<height) {
            for px in x.clamped(to: 0..<width) where pixel(px, py) != value { n += 1 }
        }
        return n
    }

    /// Pixels that differ by more than `tolerance` levels in a channel.
    func differences(from other: WindowImage, x: Range<Int>, y: Range<Int>, tolerance: Int = 16) -> [String] {
        var found: [String] = []
        for py in y.clamped(to: 0..<height) {
            for px in x.clamped(to: 0..<width) {
                let a = pixel(px, py), b = other.pixel(px, py)
                var far = false
                for shift: UInt32 in [16, 8, 0] {
                    let ca = Int((a >> shift) & 0xff), cb = Int((b >> shift) & 0xff)
                    if abs(ca - cb) > tolerance { far = true }
                }
                if far { found.append("(\(px),\(py)) \(String(b, radix: 16))→\(String(a, radix: 16))") }
            }
        }
        return found
    }
}
