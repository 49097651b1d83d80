import CGtk
import RefreshCore
import RefreshDemo
import RefreshGtk
import RefreshTestSupport
import Testing

/// Kept row images (docs/behaviour.md, "Layout cache"): a frame drawn from kept images equals,
/// pixel for pixel, the same frame drawn row by row; only rows that scrolled in or changed are
/// drawn again; the images are bounded in bytes; the switch turns every kept thing off.
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct RowImageCacheTests {
    /// The demo's feed rows (text, circles, a gradient picture, dimmed ink), counting which rows
    /// were drawn; `versions` overrides a row's drawing version.
    final class CountingFeed: RowRenderer {
        let feed: FeedRenderer
        var drawn: [Int] = []
        var versions: [Int: Int?] = [:]
        init(rows: Int) {
            // A fixed, long-past reference time: every post shows a date, which the clock never changes.
            feed = FeedRenderer(rows: DemoRows(count: rows, reserve: 0), referenceTime: 1_700_000_000)
        }
        var rowCount: Int { feed.rowCount }
        var estimatedRowHeight: Double { feed.estimatedRowHeight }
        func heightOfRow(at index: Int, width: Double, context: RowContext) -> Double {
            feed.heightOfRow(at: index, width: width, context: context)
        }
        func drawRow(at index: Int, in rect: Rect, state: RowState, cr: OpaquePointer, context: RowContext) {
            drawn.append(index)
            feed.drawRow(at: index, in: rect, state: state, cr: cr, context: context)
        }
        func drawingVersion(ofRow index: Int, context: RowContext) -> Int? {
            if let version = versions[index] { return version }
            return feed.drawingVersion(ofRow: index, context: context)
        }
    }

    /// A toplevel around one list of feed rows.
    @MainActor
    final class Side {
        let window: UnsafeMutablePointer<GtkWidget>
        let rows: CountingFeed
        let list: ListView

        init(rows count: Int, cached: Bool, height: Int32 = 500) throws {
            try #require(MainLoop.initializeGtk())
            rows = CountingFeed(rows: count)
            list = ListView(renderer: rows)
            list.layoutCache.isEnabled = cached
            window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
            gtk_window_set_default_size(gcast(window), 420, height)
            gtk_container_add(gcast(window), list.scrolledWindow)
            gtk_widget_show_all(window)
            let drawn = MainLoop.run(until: { self.list.hasDrawnFirstFrame })
            if !drawn { gtk_widget_destroy(window) }
            try #require(drawn, "the window never drew its first frame")
        }

        func close() {
            gtk_widget_destroy(window)
            MainLoop.drain()
        }
    }

    enum Target: String, CaseIterable {
        /// An ARGB32 image surface (what snapshots draw to).
        case image
        /// A surface similar to the list's X window (an X pixmap drawn by the X server, as GTK's own frames).
        case x11
    }

    /// The viewport drawn into a `target` surface at `scale`, read back as pixels.
    func frame(_ list: ListView, scale: Int, target: Target) -> [UInt32] {
        let width = Int(list.viewportWidth), height = Int(list.viewportHeight)
        let surface: OpaquePointer
        switch target {
        case .image:
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width * scale), Int32(height * scale))
        case .x11:
            surface = gdk_window_create_similar_surface(gtk_widget_get_window(list.area), CAIRO_CONTENT_COLOR,
                                                        gint(width * scale), gint(height * scale))
        }
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        let cr = cairo_create(surface)!
        list.render(cr, width: Double(width), height: Double(height))
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let image = cairo_surface_map_to_image(surface, nil)!
        let stride = Int(cairo_image_surface_get_stride(image))
        let data = cairo_image_surface_get_data(image)!
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height * scale * scale)
        for y in 0..<(height * scale) {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            // X pixmaps have no alpha channel: compare colours only.
            pixels.append(contentsOf: UnsafeBufferPointer(start: row, count: width * scale).map { $0 & 0x00FF_FFFF })
        }
        cairo_surface_unmap_image(surface, image)
        cairo_surface_destroy(surface)
        return pixels
    }

    /// Where two frames differ (for the failure message).
    func difference(_ a: [UInt32], _ b: [UInt32], width: Int) -> String {
        let diffs = zip(a, b).enumerated().filter { $0.element.0 != $0.element.1 }
        guard let first = diffs.first else { return "no difference" }
        return "\(diffs.count) pixels differ, the first at (\(first.offset % width), \(first.offset / width))"
    }

    /// One list with kept images and one without, put through the same scrolling, hover,
    /// selection, focus, width and theme changes: every frame of the first (drawn partly from
    /// images kept from earlier frames, at other places) equals the second's pixel for pixel.
    @Test(arguments: [1, 2], Target.allCases)
    func keptImagesDrawTheSamePixelsAsDrawingInPlace(scale: Int, target: Target) throws {
        let cached = try Side(rows: 100_000, cached: true)
        defer { cached.close() }
        let direct = try Side(rows: 100_000, cached: false)
        defer { direct.close() }
        let settings = gtk_settings_get_default()
        defer {
            g_object_set_property_bool(settings, "gtk-application-prefer-dark-theme", false)
            MainLoop.drain()
        }
        var hitsSeen = false
        func compare(_ what: String) {
            let hitsBefore = cached.list.rowImages.hits
            // Twice: the second frame is all kept images.
            _ = frame(cached.list, scale: scale, target: target)
            let a = frame(cached.list, scale: scale, target: target)
            let b = frame(direct.list, scale: scale, target: target)
            if cached.list.rowImages.hits > hitsBefore { hitsSeen = true }
            #expect(cached.list.rowImages.count > 0, "\(what): no row image was kept")
            #expect(direct.list.rowImages.count == 0, "\(what): the uncached list kept images")
            let same = a == b
            #expect(same, "\(what): \(difference(a, b, width: Int(cached.list.viewportWidth) * scale))")
        }
        func both(_ change: (ListView) -> Void) {
            change(cached.list)
            change(direct.list)
        }
        compare("first frame")
        // Scrolling: whole px, half px (rows at half device pixels at scale 2), far.
        for offset in [30.0, 67.5, 101.0, 433.5, 1_000_000.0, 1_000_029.5, 12_345_678.0] {
            both { $0.offset = offset }
            compare("offset \(offset)")
        }
        // Pulled down by a fractional displacement (the header's room).
        both { $0.displacement = 23.5 }
        compare("displacement 23.5")
        both { $0.displacement = 0 }
        let top = try #require(cached.list.rowIndex(atViewportY: 10))
        both { $0.hoveredRow = top + 1 }
        compare("hover")
        both { $0.hoveredRow = top + 2 }
        compare("hover moved")
        both { $0.selectedRow = top }
        compare("selection")
        both {
            gtk_widget_grab_focus($0.area)
            $0.cursorFocused = true
        }
        compare("selection with the keyboard cursor")
        both { $0.offset += 45 }
        compare("scrolled with a selection and the hover")
        // Width: both windows wider.
        let oldWidth = cached.list.viewportWidth
        gtk_window_resize(gcast(cached.window), 520, 500)
        gtk_window_resize(gcast(direct.window), 520, 500)
        #expect(MainLoop.run(until: { cached.list.viewportWidth != oldWidth && direct.list.viewportWidth != oldWidth }))
        compare("wider")
        both { $0.offset += 30 }
        compare("wider, scrolled")
        // Theme: dark.
        g_object_set_property_bool(settings, "gtk-application-prefer-dark-theme", true)
        MainLoop.drain()
        compare("dark theme")
        both { $0.offset += 30 }
        compare("dark theme, scrolled")
        #expect(hitsSeen, "no frame was drawn from kept images")
    }

    /// Scrolling a little draws only the rows that scrolled in; hover, selection, the drawing
    /// version and reloading draw only the rows whose look changed.
    @Test func onlyRowsThatScrolledInOrChangedAreDrawn() throws {
        let side = try Side(rows: 1_000_000, cached: true, height: 1000)
        defer { side.close() }
        let list = side.list, rows = side.rows
        func visible() -> Set<Int> {
            guard let range = list.heights.visibleRows(top: list.offset, height: list.viewportHeight) else { return [] }
            return Set(range)
        }
        list.offset = 500_000 * 120
        _ = frame(list, scale: 1, target: .x11)
        var before = visible()
        for step in 0..<20 {
            rows.drawn = []
            list.offset += 30
            _ = frame(list, scale: 1, target: .x11)
            let now = visible()
            #expect(Set(rows.drawn) == now.subtracting(before), "step \(step): drew \(rows.drawn.sorted())")
            before = now
        }
        let shown = before.sorted()
        try #require(shown.count >= 4, "rows on screen: \(shown)")
        rows.drawn = []
        list.hoveredRow = shown[1]
        _ = frame(list, scale: 1, target: .x11)
        #expect(rows.drawn == [shown[1]])
        rows.drawn = []
        list.hoveredRow = shown[2]
        list.selectedRow = shown[0]
        _ = frame(list, scale: 1, target: .x11)
        #expect(Set(rows.drawn) == [shown[0], shown[1], shown[2]])
        rows.drawn = []
        rows.versions[shown[3]] = 7
        _ = frame(list, scale: 1, target: .x11)
        #expect(rows.drawn == [shown[3]], "a new drawing version draws the row again")
        rows.drawn = []
        rows.versions[shown[3]] = .some(nil)
        _ = frame(list, scale: 1, target: .x11)
        _ = frame(list, scale: 1, target: .x11)
        #expect(rows.drawn == [shown[3], shown[3]], "a row without a version is drawn every frame")
        rows.drawn = []
        list.reloadRows()
        _ = frame(list, scale: 1, target: .x11)
        #expect(Set(rows.drawn) == visible(), "reloadRows forgets every image")
    }

    /// The images stay within their bound (a few viewports of device pixels) however far the list
    /// scrolls, at scale 1 and 2, and the bound follows the viewport.
    @Test(arguments: [1, 2])
    func imagesAreBoundedInBytes(scale: Int) throws {
        let side = try Side(rows: 1_000_000, cached: true)
        defer { side.close() }
        let list = side.list
        let viewportBytes = 4 * Int(list.viewportWidth) * Int(list.viewportHeight) * scale * scale
        var seen = Set<Int>()
        for step in 0..<150 {
            list.offset = Double(step) * 170
            _ = frame(list, scale: scale, target: .x11)
            if let range = list.heights.visibleRows(top: list.offset, height: list.viewportHeight) {
                seen.formUnion(range)
            }
            #expect(list.rowImages.bytes <= list.rowImages.byteLimit)
        }
        #expect(list.rowImages.byteLimit == max(RowImageCache.minimumBytes, RowImageCache.viewports * viewportBytes))
        #expect(list.rowImages.count > 0 && list.rowImages.count < seen.count,
                "\(list.rowImages.count) images kept of \(seen.count) rows shown")
        #expect(list.rowImages.bytes > list.rowImages.byteLimit / 2, "the bound was never reached: the test shows nothing")
    }

    /// `layoutCache.isEnabled = false` (the benchmark's feed-nocache) keeps nothing between
    /// frames: every visible row is laid out and drawn every frame.
    @Test func theSwitchTurnsEveryKeptThingOff() throws {
        let side = try Side(rows: 1_000, cached: true)
        defer { side.close() }
        let list = side.list, rows = side.rows
        _ = frame(list, scale: 1, target: .image)
        #expect(list.rowImages.count > 0)
        list.layoutCache.isEnabled = false
        rows.drawn = []
        _ = frame(list, scale: 1, target: .image)
        let first = rows.drawn
        rows.drawn = []
        _ = frame(list, scale: 1, target: .image)
        #expect(!first.isEmpty && rows.drawn == first, "every visible row is drawn again")
        #expect(list.rowImages.count == 0)
        #expect(list.layoutCache.count <= 3 * first.count, "only this frame's layouts")
        let builds = list.layoutCache.builds
        _ = frame(list, scale: 1, target: .image)
        #expect(list.layoutCache.builds > builds, "layouts are built again")
    }

    /// Over a background that is not one plain colour (here a gradient, or a translucent colour)
    /// an image would not equal drawing in place: every row is drawn in place, and the frames
    /// stay equal to the uncached list's.
    @Test(arguments: [
        ".view { background-image: linear-gradient(to bottom, #ffffff, #a0b0ff); }",
        ".view { background-color: rgba(255, 240, 200, 0.5); }",
    ])
    func anythingButAPlainBackgroundDrawsRowsInPlace(css: String) throws {
        let cached = try Side(rows: 1_000, cached: true)
        defer { cached.close() }
        let direct = try Side(rows: 1_000, cached: false)
        defer { direct.close() }
        // The plain theme first: images are kept.
        _ = frame(cached.list, scale: 1, target: .x11)
        #expect(cached.list.rowImages.count > 0)
        for side in [cached, direct] {
            let provider = try #require(gtk_css_provider_new())
            #expect(gtk_css_provider_load_from_data(provider, css, -1, nil) != 0)
            gtk_style_context_add_provider(gtk_widget_get_style_context(side.list.area), OpaquePointer(provider),
                                           UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            g_object_unref(provider)
        }
        MainLoop.drain()
        for offset in [0.0, 45.0, 90.0] {
            cached.list.offset = offset
            direct.list.offset = offset
            let a = frame(cached.list, scale: 1, target: .image), b = frame(direct.list, scale: 1, target: .image)
            let same = a == b
            #expect(same, "offset \(offset): \(difference(a, b, width: Int(cached.list.viewportWidth)))")
            #expect(cached.list.rowImages.count == 0, "offset \(offset): row images over a \(css)")
        }
    }

    /// The feed's relative time moves its drawing version; a date does not move.
    @Test func feedDrawingVersionFollowsTheRelativeTime() throws {
        try #require(MainLoop.initializeGtk())
        let reference = 1_767_225_600.0
        let feed = FeedRenderer(rows: DemoRows(count: 100, reserve: 0), referenceTime: reference)
        func version(_ row: Int, at now: Double) -> Int? {
            feed.drawingVersion(ofRow: row, context: RowContext(headlessWidth: 400, scale: 1, now: now))
        }
        // Row 0 is the newest post: "just now", then "1 min ago", "2 min ago".
        #expect(version(0, at: reference + 10) == version(0, at: reference + 50))
        #expect(version(0, at: reference + 50) != version(0, at: reference + 70))
        #expect(version(0, at: reference + 70) == version(0, at: reference + 110))
        #expect(version(0, at: reference + 110) != version(0, at: reference + 130))
        // Days later the row shows its date, which no longer changes.
        #expect(version(0, at: reference + 5 * 86_400) == version(0, at: reference + 6 * 86_400))
    }
}

private func g_object_set_property_bool(_ object: UnsafeMutablePointer<GtkSettings>?, _ name: String, _ value: Bool) {
    var gvalue = GValue()
    g_value_init(&gvalue, GType(5 << 2))  // G_TYPE_BOOLEAN
    g_value_set_boolean(&gvalue, value ? 1 : 0)
    g_object_set_property(UnsafeMutablePointer(OpaquePointer(object)), name, &gvalue)
    g_value_unset(&gvalue)
}
