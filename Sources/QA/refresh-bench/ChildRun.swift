import RefreshDemo
import RefreshQA
import RefreshTestSupport
import CGtk
import Glibc
import RefreshCore
import RefreshGtk

/// One measurement in a process of its own (`--child LIST ROWS`): so that its peak memory is
/// its own, and no list warms a cache or a font for the next. Prints one JSON line on stdout
/// and exits without tearing the widgets down (destroying 100,000 GtkLabels takes seconds and
/// measures nothing).
@MainActor
enum ChildRun {
    static let windowWidth: gint = 800
    static let windowHeight: gint = 600
    /// Every list's rows are 56 px apart (RefreshView's default), so that the same number of
    /// rows is on screen in each and a frame draws the same amount of text. Under Adwaita (the
    /// default theme) GtkTreeView adds a 2 px vertical separator to its cells and a GtkListBoxRow
    /// 4 px of padding to its label, so those are asked for 54 and 52 px. The children report
    /// the pitch they got (`row_px`: the adjustment's upper over the row count).
    static let rowHeight: gint = 56
    static let treeCellHeight: gint = 54
    static let listBoxLabelHeight: gint = 52
    /// Scrolling moves a third of a page per frame, in this many runs spread over the list
    /// (top, a third, two thirds, the end): long lists are sampled throughout, not only at the top.
    static let segments = 4

    static func run(list: ListKind, rows: Int, frames: Int, data: RowData, layoutCache: Bool, rowImages: Bool = true)
        -> Int32 {
        guard MainLoop.initializeGtk() else { return failNoDisplay() }

        // The data exists before the clock starts (the issue's rule): the peers get every
        // string in a buffer; ours gets a RowSource computing rows from the index (or, for the
        // like-for-like line, the same buffer). The feed lists compute theirs from the id too.
        let rowData = RowInput(list: list, rows: rows, data: data)

        // The toplevel is not part of the list: created (not shown) before the clock too.
        let window = newWindow()
        let timer = DrawTimer()

        // First frame: creating the list, filling it, showing it, up to the end of its first
        // "draw". Timed on GLib's monotonic clock.
        let start = Int(g_get_monotonic_time())
        guard let built = build(list, rowData, layoutCache: layoutCache, rowImages: rowImages) else {
            return fail("the GTK 4 lists run in refresh-bench-gtk4")
        }
        let builtAt = Int(g_get_monotonic_time())
        timer.attach(built.widget)
        gtk_container_add(gcast(window), built.widget)
        gtk_widget_show_all(window)
        let shownAt = Int(g_get_monotonic_time())
        guard timer.followFrames(of: window) else { return fail("the window has no frame clock") }
        // Generous: GtkListBox needs 14–25 s for 100,000 rows on a 2-core machine.
        guard MainLoop.run(until: { timer.firstFrameEnd != nil }, timeout: 600), let end = timer.firstFrameEnd else {
            return fail("no first frame within 600 s")
        }
        let firstFrameMs = Double(end - start) / 1000
        // Where the first frame went: building the list (its model), showing the window
        // (realizing and mapping), and the rest up to the end of the first paint cycle.
        // The last part's own paint cycle and draw emission follow in brackets.
        let firstSplit = [builtAt - start, shownAt - builtAt, end - shownAt]
            .map { Format.fixed(Double($0) / 1000, 2) }.joined(separator: "/")
            + " (cycle \(Format.fixed(timer.firstCycleMs, 2)), draw \(Format.fixed(timer.firstDrawMs, 2)))"
        let steadyKB = steadyRSS()

        // Per-frame paint cycle (and draw emission) while scrolling steadily, then two jumps.
        let adjustment = gtk_scrolled_window_get_vadjustment(gcast(built.scrolledWindow))!
        guard scroll(adjustment, frames: frames, step: nil, timer: timer) else {
            return fail("a scrolled frame was not drawn within 10 s")
        }
        let paged = timer.recorded.count, pagedSplits = timer.recordedSplit.count
        // Our lists again at a touchpad's smooth pace (few rows new per frame), the same frames:
        // what keeping rows between frames is for. Printed beside the ⅓-page figure.
        let smooth = list.isRefreshView
        if smooth, !scroll(adjustment, frames: frames, step: Options.smoothStep, timer: timer) {
            return fail("a smoothly scrolled frame was not drawn within 10 s")
        }
        guard let jumps = jump(adjustment, timer: timer) else {
            return fail("a jump was not drawn within 10 s")
        }
        let times = Array(timer.recorded[..<paged])
        let draws = Array(timer.recordedDraw[..<paged])
        let peakKB = vmHWM()
        func splitText(_ split: ArraySlice<(layout: Double, paint: Double, after: Double)>) -> String {
            [split.map(\.layout), split.map(\.paint), split.map(\.after)]
                .map { Format.fixed(Stats.median($0) ?? 0, 3) }.joined(separator: "/")
        }
        var line = ChildLine()
        line.rows = rows
        line.list = list.rawValue
        line.data = rowData.strings == nil ? RowData.computed.rawValue : RowData.strings.rawValue
        line.firstFrameMs = firstFrameMs
        line.firstSplitMs = firstSplit
        line.frameMsMedian = Stats.median(times)
        line.frameMsP99 = Stats.percentile(times, 0.99)
        line.drawMsMedian = Stats.median(draws)
        line.drawMsP99 = Stats.percentile(draws, 0.99)
        line.jumpMidMs = jumps.middle
        line.jumpEndMs = jumps.end
        line.cycleSplitMs = splitText(timer.recordedSplit[..<pagedSplits])
        if smooth {
            let smoothTimes = Array(timer.recorded[paged...])
            line.smoothPxPerFrame = Options.smoothStep
            line.smoothFrameMsMedian = Stats.median(smoothTimes)
            line.smoothFrameMsP99 = Stats.percentile(smoothTimes, 0.99)
            line.smoothCycleSplitMs = splitText(timer.recordedSplit[pagedSplits...])
        }
        line.frames = times.count
        // RefreshView's upper includes its footer's 44 px (the same at every row count).
        line.rowPx = gtk_adjustment_get_upper(adjustment) / Double(rows)
        line.dataBytes = rowData.strings?.byteCount ?? 0
        line.steadyRssKb = steadyKB
        line.renderer = renderer
        line.vmhwmKb = peakKB
        emit(line)
        withExtendedLifetime(built.owner) {}
        // Straight out: no widget teardown (see the type's comment); stdout was written with
        // write(2), so nothing is left in a buffer.
        _exit(0)
    }

    /// The same list under callgrind (`--counted`): the first frame (creating the list to the
    /// end of the first paint cycle) in one `instructionsCountedRegion`, then `frames` frames of
    /// ⅓-page steps ending at the list's end in another (`countedScroll`). Nothing is timed: the
    /// parent reads callgrind's dump of each region.
    static func runCounted(list: ListKind, rows: Int, frames: Int, layoutCache: Bool) -> Int32 {
        guard MainLoop.initializeGtk() else { return failNoDisplay() }
        let rowData = RowInput(list: list, rows: rows, data: .computed)
        let window = newWindow()
        let timer = DrawTimer()
        var built: Built?
        var shown = false
        instructionsCountedRegion {
            built = build(list, rowData, layoutCache: layoutCache, rowImages: true)
            guard let built else { return }
            timer.attach(built.widget)
            gtk_container_add(gcast(window), built.widget)
            gtk_widget_show_all(window)
            shown = timer.followFrames(of: window) && MainLoop.run(until: { timer.firstFrameEnd != nil }, timeout: 600)
        }
        guard let built else { return fail("the GTK 4 lists run in refresh-bench-gtk4") }
        guard shown else { return fail("no first frame within 600 s") }
        let adjustment = gtk_scrolled_window_get_vadjustment(gcast(built.scrolledWindow))!
        guard countedScroll(adjustment, frames: frames, timer: timer) else {
            return fail("a scrolled frame was not drawn within 10 s")
        }
        var line = ChildLine()
        line.rows = rows
        line.list = list.rawValue
        line.frames = frames
        line.rowPx = gtk_adjustment_get_upper(adjustment) / Double(rows)
        line.renderer = renderer
        emit(line)
        withExtendedLifetime(built.owner) {}
        _exit(0)
    }

    /// The fixed scroll the instruction counts use: `frames` steps of ⅓ page that end at the
    /// list's end, the jump to the first one outside the region. Rows are numbered from the end
    /// (id = rows − index), so every row count scrolls past the same ids, the same text: what
    /// differs between 1,000 and 10,000,000 rows is the list's own work, not longer numbers.
    static func countedScroll(_ adjustment: UnsafeMutablePointer<GtkAdjustment>, frames: Int, timer: DrawTimer) -> Bool {
        let page = gtk_adjustment_get_page_size(adjustment)
        let maxValue = max(0, gtk_adjustment_get_upper(adjustment) - page)
        let step = max(1, (page / 3).rounded())
        guard maxValue > step else { return true }
        var value = max(0, maxValue - Double(frames) * step).rounded()
        guard show(adjustment, value: value, timer: timer) else { return false }
        var ok = true
        instructionsCountedRegion {
            for _ in 0..<frames {
                value += step
                // A list shorter than the scroll wraps around (a repeated value would not draw).
                if value > maxValue { value -= maxValue }
                if !show(adjustment, value: value, timer: timer) {
                    ok = false
                    return
                }
            }
        }
        return ok
    }

    /// The same window around an empty GtkScrolledWindow: what any GTK 3 process costs here
    /// before it shows a single row (the lists' common floor). Its first frame, then `frames`
    /// paint cycles of the whole window (`gtk_widget_queue_draw` on the toplevel: the floor of a
    /// frame in which a list repaints its viewport), then its peak memory. `counted`: under
    /// callgrind, the first frame and the frames each in an `instructionsCountedRegion`.
    static func runBaseline(frames: Int, counted: Bool) -> Int32 {
        guard MainLoop.initializeGtk() else { return failNoDisplay() }
        let window = newWindow()
        let timer = DrawTimer()
        var shown = false
        let start = Int(g_get_monotonic_time())
        let region: (() -> Void) -> Void = counted ? { instructionsCountedRegion($0) } : { $0() }
        region {
            let scrolled = gtk_scrolled_window_new(nil, nil)!
            timer.attach(scrolled)
            gtk_container_add(gcast(window), scrolled)
            gtk_widget_show_all(window)
            shown = timer.followFrames(of: window) && MainLoop.run(until: { timer.firstFrameEnd != nil }, timeout: 60)
        }
        guard shown, let end = timer.firstFrameEnd else { return fail("no first frame within 60 s") }
        var line = ChildLine()
        line.firstFrameMs = Double(end - start) / 1000
        if !counted { line.steadyRssKb = steadyRSS() }
        var ok = true
        timer.recording = true
        region {
            for _ in 0..<frames {
                let before = timer.framesDrawn
                gtk_widget_queue_draw(window)
                if !MainLoop.run(until: { timer.framesDrawn > before }, timeout: 10) {
                    ok = false
                    return
                }
            }
        }
        timer.recording = false
        guard ok else { return fail("a frame of the empty window was not drawn within 10 s") }
        line.frames = timer.recorded.count
        line.frameMsMedian = Stats.median(timer.recorded)
        line.frameMsP99 = Stats.percentile(timer.recorded, 0.99)
        line.vmhwmKb = vmHWM()
        line.renderer = renderer
        emit(line)
        _exit(0)
    }

    // MARK: - The lists

    /// A list's rows, made before the clock: every string in one buffer for the lists that
    /// store them (and ours over `--data strings`), else the rows computed from the index.
    @MainActor
    struct RowInput {
        let strings: RowStrings?
        let computed: DemoRows?

        init(list: ListKind, rows: Int, data: RowData) {
            let needsStrings = !list.isRefreshView || (list == .ours && data == .strings)
            strings = needsStrings ? RowStrings(count: rows) : nil
            computed = needsStrings ? nil : DemoRows(count: rows, reserve: 0)
        }
    }

    /// Creates and fills `list` (nil for the GTK 4 lists, which run in their own executable).
    static func build(_ list: ListKind, _ input: RowInput, layoutCache: Bool, rowImages: Bool) -> Built? {
        switch list {
        case .ours:
            let source: RowSource = input.strings.map { StoredRows($0) } ?? input.computed!
            return buildOurs(RefreshView(source: source), layoutCache: layoutCache, rowImages: rowImages)
        case .feed, .feedNocache:
            let feed = FeedRenderer(rows: input.computed!, referenceTime: Options.feedReferenceTime)
            return buildOurs(RefreshView(rows: feed), layoutCache: list == .feed && layoutCache, rowImages: rowImages)
        case .treeview:
            return buildTreeView(input.strings!)
        case .treeviewWrapped:
            return wrap(buildTreeView(input.strings!))
        case .listbox:
            return buildListBox(input.strings!)
        case .gtk4Listview, .gtk4ListviewWrapped, .gtk4Stringlist:
            return nil
        }
    }

    /// The benchmark's 800×600 toplevel, not shown.
    static func newWindow() -> UnsafeMutablePointer<GtkWidget> {
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(gcast(window), windowWidth, windowHeight)
        return window
    }

    // MARK: - The lists

    struct Built {
        /// Each list sits in a GtkScrolledWindow (NEVER / AUTOMATIC), whose vadjustment is scrolled.
        let scrolledWindow: UnsafeMutablePointer<GtkWidget>
        /// The widget packed into the window, whose "draw" is timed: the scrolled window, or the
        /// RefreshBin around it (its draw emission includes the scrolled window's).
        let widget: UnsafeMutablePointer<GtkWidget>
        /// Whatever must stay alive (RefreshView, RefreshBin).
        let owner: AnyObject?

        init(scrolledWindow: UnsafeMutablePointer<GtkWidget>, widget: UnsafeMutablePointer<GtkWidget>? = nil,
             owner: AnyObject?) {
            self.scrolledWindow = scrolledWindow
            self.widget = widget ?? scrolledWindow
            self.owner = owner
        }
    }

    /// A list built as the bare peer, then given pull-to-refresh by `RefreshBin(wrapping:)`, as
    /// an app would (issue 19): the bin is packed instead of the scrolled window.
    static func wrap(_ bare: Built) -> Built {
        let bin = RefreshBin(wrapping: bare.scrolledWindow)
        return Built(scrolledWindow: bare.scrolledWindow, widget: bin.widget, owner: bin)
    }

    /// RefreshView: its ListView's scrolled window around a GtkScrollable drawing area, its
    /// layout cache on or off (`--layout-cache`; always off for feed-nocache, which turns every
    /// frame-to-frame cache off), its row images on or off (the hidden `--row-images`, to split
    /// the cache's gain between kept layouts and kept images).
    static func buildOurs(_ view: RefreshView, layoutCache: Bool, rowImages: Bool) -> Built {
        view.list.layoutCache.isEnabled = layoutCache
        view.list.rowImages.isEnabled = rowImages
        return Built(scrolledWindow: view.widget, owner: view)
    }

    /// GtkTreeView over a one-column GtkListStore, filled before the view is attached (the
    /// documented fast path), fixed-height mode, one FIXED-sized, ellipsizing text column, no
    /// headers.
    static func buildTreeView(_ strings: RowStrings) -> Built {
        let stringType = g_type_from_name("gchararray")
        var types = [stringType]
        let store = gtk_list_store_newv(1, &types)!
        var value = GValue()
        g_value_init(&value, stringType)
        var column: gint = 0
        strings.forEachCString { text in
            // Static: the store copies the string; the GValue need not.
            g_value_set_static_string(&value, text)
            gtk_list_store_insert_with_valuesv(store, nil, -1, &column, &value, 1)
        }
        g_value_unset(&value)

        let view = gtk_tree_view_new_with_model(OpaquePointer(store))!
        g_object_unref(store)  // the view holds it
        let renderer = gtk_cell_renderer_text_new()!
        setEllipsizeEnd(renderer)
        gtk_cell_renderer_set_fixed_size(gcast(renderer), -1, treeCellHeight)
        let treeColumn = gtk_tree_view_column_new()!
        gtk_tree_view_column_pack_start(treeColumn, gcast(renderer), 1)
        gtk_tree_view_column_add_attribute(treeColumn, gcast(renderer), "text", 0)
        gtk_tree_view_column_set_sizing(treeColumn, GTK_TREE_VIEW_COLUMN_FIXED)
        gtk_tree_view_column_set_fixed_width(treeColumn, windowWidth - 40)
        gtk_tree_view_column_set_expand(treeColumn, 1)
        gtk_tree_view_append_column(gcast(view), treeColumn)
        gtk_tree_view_set_headers_visible(gcast(view), 0)
        gtk_tree_view_set_fixed_height_mode(gcast(view), 1)  // needs every column FIXED

        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(gcast(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_container_add(gcast(scrolled), view)
        return Built(scrolledWindow: scrolled, owner: nil)
    }

    /// GtkListBox of one ellipsizing, left-aligned GtkLabel per row, no selection, filled before
    /// it is parented; the scrolled window wraps it in a GtkViewport.
    static func buildListBox(_ strings: RowStrings) -> Built {
        let box = gtk_list_box_new()!
        gtk_list_box_set_selection_mode(gcast(box), GTK_SELECTION_NONE)
        strings.forEachCString { text in
            let label = gtk_label_new(text)!
            gtk_label_set_xalign(gcast(label), 0)
            gtk_label_set_ellipsize(gcast(label), PANGO_ELLIPSIZE_END)
            gtk_widget_set_size_request(label, -1, listBoxLabelHeight)
            gtk_container_add(gcast(box), label)
        }
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(gcast(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_container_add(gcast(scrolled), box)
        return Built(scrolledWindow: scrolled, owner: nil)
    }

    /// `g_object_set(renderer, "ellipsize", PANGO_ELLIPSIZE_END)`: the variadic setter is not
    /// imported, so through a GValue of the enum's type.
    private static func setEllipsizeEnd(_ renderer: UnsafeMutablePointer<GtkCellRenderer>) {
        var value = GValue()
        g_value_init(&value, pango_ellipsize_mode_get_type())
        g_value_set_enum(&value, gint(PANGO_ELLIPSIZE_END.rawValue))
        g_object_set_property(UnsafeMutablePointer(OpaquePointer(renderer)), "ellipsize", &value)
        g_value_unset(&value)
    }

    // MARK: - Scrolling

    /// Scrolls by `step` px per frame (nil: a third of a page), `frames` frames in `segments`
    /// runs: each run jumps to its start (a frame not recorded: it is a jump, not steady
    /// scrolling), then records one frame per step. Every step changes the value, so every step
    /// draws.
    static func scroll(_ adjustment: UnsafeMutablePointer<GtkAdjustment>, frames: Int, step: Double?,
                       timer: DrawTimer) -> Bool {
        let page = gtk_adjustment_get_page_size(adjustment)
        let maxValue = max(0, gtk_adjustment_get_upper(adjustment) - page)
        let step = max(1, (step ?? page / 3).rounded())
        guard maxValue > step else { return true }  // nothing to scroll
        let perSegment = (frames + segments - 1) / segments
        var remaining = frames
        for segment in 0..<segments {
            let count = min(perSegment, remaining)
            remaining -= count
            let span = Double(count) * step
            let start = min(maxValue * Double(segment) / Double(segments - 1), max(0, maxValue - span))
            timer.recording = false
            if !show(adjustment, value: start.rounded(), timer: timer) { return false }
            timer.recording = true
            var value = start.rounded()
            for _ in 0..<count {
                value += step
                // A short list wraps around instead of sticking at the end (a repeated value
                // would not draw).
                if value > maxValue { value -= maxValue }
                if !show(adjustment, value: value, timer: timer) { return false }
            }
        }
        timer.recording = false
        return true
    }

    /// From the top, a jump to the middle and then one to the end (a scrollbar drag, Ctrl+End):
    /// each jump's paint cycle in ms. Nil if a frame did not come.
    static func jump(_ adjustment: UnsafeMutablePointer<GtkAdjustment>, timer: DrawTimer) -> (middle: Double?, end: Double?)? {
        let maxValue = max(0, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
        guard maxValue > 1 else { return (nil, nil) }
        timer.recording = false
        guard show(adjustment, value: 0, timer: timer), show(adjustment, value: (maxValue / 2).rounded(), timer: timer)
        else { return nil }
        let middle = timer.lastCycleMs
        guard show(adjustment, value: maxValue, timer: timer) else { return nil }
        return (middle, timer.lastCycleMs)
    }

    /// Sets the value (as the scrollbar would) and waits for the frame that draws it.
    static func show(_ adjustment: UnsafeMutablePointer<GtkAdjustment>, value: Double, timer: DrawTimer) -> Bool {
        // Already there (the first run starts at the top, where the list opened): nothing
        // changes, so no frame comes. Only jumps can hit this; steps always move.
        if gtk_adjustment_get_value(adjustment) == value { return true }
        let before = timer.framesDrawn
        gtk_adjustment_set_value(adjustment, value)
        return MainLoop.run(until: { timer.framesDrawn > before }, timeout: 10)
    }

    // MARK: - Output

    /// The process's peak resident set (VmHWM, kB) from /proc/self/status: a cross-check of the
    /// parent's wait4 rusage.
    static func vmHWM() -> Int { statusKB("VmHWM:") }

    /// A "Key:   123 kB" line of /proc/self/status, in kB.
    static func statusKB(_ key: String) -> Int {
        guard let file = fopen("/proc/self/status", "r") else { return 0 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = string(fromCBuffer: line)
            if text.hasPrefix(key) {
                return Int(text.dropFirst(key.count).filter { $0.isNumber }) ?? 0
            }
        }
        return 0
    }

    /// GTK 3 draws widgets with Cairo whatever the GL setting (which only decides whether GDK
    /// probes GLX, mapping Mesa into the process).
    static var renderer: String {
        if let gl = g_getenv("GDK_GL"), String(cString: gl).contains("disable") { return "cairo (GTK 3, GL disabled)" }
        return "cairo (GTK 3, GL probe on)"
    }

    /// The resident set (kB) once the first frame has settled: 0.2 s of main loop, then VmRSS.
    static func steadyRSS() -> Int {
        MainLoop.run(for: 0.2)
        return statusKB("VmRSS:")
    }

    /// Prints a child's one result line (JSON) on stdout, for the parent.
    static func emit<Line: Encodable>(_ line: Line) {
        writeAll(1, JSONCoding.line(line) + "\n")
    }

    static func fail(_ message: String) -> Int32 {
        var line = ChildLine()
        line.error = message
        emit(line)
        return 3
    }

    static func failNoDisplay() -> Int32 {
        fail("cannot open the display '\(g_getenv("DISPLAY").map { String(cString: $0) } ?? "")'")
    }
}
