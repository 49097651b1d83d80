import Glibc
import RefreshDemo
import RefreshTestSupport
import CGtk
import CGtkShim
import RefreshCore
@testable import RefreshGtk
import Testing

/// The plain bar is the theme's accent (docs/behaviour.md#plain-header), as GTK itself draws it:
/// in one window, a refresh held open in the plain style above a GtkListBox whose second row is
/// selected, the bar's colour read back from the X server equals the selected row's, and the
/// bar's words read on it (WCAG contrast ≥ 3 between its text and the bar). The expected colour
/// is what GTK drew for the theme, never our palette code's answer. Our list and each wrapped list,
/// light and dark, Adwaita's accent, a custom accent and HighContrast. The classic header's words
/// are checked the same way against a GtkTextView's ink.
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct PlainBarOnScreenTests {
    init() {
        GLibCriticals.install()
    }

    enum Look: String, CaseIterable, Sendable {
        case light, dark
        /// An app's CSS provider with its own accent. GTK 3's Adwaita compiles its selection colour
        /// into its rules, so the provider recolours selected rows with the named colour too, as a
        /// theme built on it does: the oracle is still GTK drawing a selected row.
        case customLight, customDark
        case highContrast
    }

    @Test(arguments: ListKind.allCases, Look.allCases)
    func theBarIsTheAccentGtkDrawsForASelectedRow(kind: ListKind, look: Look) throws {
        guard LiveThemeSwitchTests.forcedTheme.isEmpty else {
            Issue.record("GTK_THEME is set: the looks cannot be switched")
            return
        }
        try #require(MainLoop.initializeGtk())
        let restore = Self.apply(look)
        defer {
            restore()
            MainLoop.drain()
        }
        let oracle = gtk_list_box_new()!
        // Adwaita fades a row's selection in over 150 ms (a CSS transition): without it the row
        // is drawn in its final colour in the next frame. The colour stays the theme's.
        let instant = gtk_css_provider_new()!
        defer { g_object_unref(instant) }
        _ = gtk_css_provider_load_from_data(instant, "row { transition: none; }", -1, nil)
        for index in 0..<3 {
            let label = gtk_label_new("Row \(index) of GTK's own list")!
            gtk_label_set_xalign(gcast(label), 0)
            gtk_container_add(gcast(oracle), label)
            let row = gtk_list_box_get_row_at_index(gcast(oracle), gint(index))!
            gtk_style_context_add_provider(gtk_widget_get_style_context(gcast(row)), OpaquePointer(instant),
                                           UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        }
        let subject = try LiveThemeSwitchTests.Subject(kind: kind, style: .plain, held: .refreshing, beside: oracle)
        defer { subject.close() }
        let selected = gtk_list_box_get_row_at_index(gcast(oracle), 1)!
        gtk_list_box_select_row(gcast(oracle), selected)
        MainLoop.drain()
        let image = subject.image(rows: 2000)
        #expect(image.painted, "no frame was painted")
        let scale = image.width / Int(LiveThemeSwitchTests.Subject.width)

        // GTK's selected row, at its right end (away from its label).
        var rowX: gint = 0, rowY: gint = 0
        _ = gtk_widget_translate_coordinates(gcast(selected), subject.window, 0, 0, &rowX, &rowY)
        let rowWidth = Int(gtk_widget_get_allocated_width(gcast(selected)))
        let rowHeight = Int(gtk_widget_get_allocated_height(gcast(selected)))
        let accent = image.pixel((Int(rowX) + rowWidth - 6) * scale, (Int(rowY) + rowHeight / 2) * scale)

        // The bar fills the held header: from the list's top, plainHeldHeight tall. Its left end
        // holds no text (the words are centred).
        let top = subject.rowsTop
        let bar = image.pixel(3 * scale, (top + Int(Tuning.plainHeldHeight) / 2) * scale)
        #expect(Self.close(bar, accent), "\(kind.rawValue), \(look.rawValue) [row at \(rowX),\(rowY) \(rowWidth)×\(rowHeight), image \(image.width)×\(image.height)]: the bar is \(Self.hex(bar)), GTK's selected row \(Self.hex(accent))")

        // The words on it: the pixel farthest from the bar inside it is the text's colour.
        let rows = (top * scale + 2)..<((top + Int(Tuning.plainHeldHeight)) * scale - 2)
        var text = bar
        for y in rows {
            for x in 0..<(image.width - 20 * scale) where Self.distance(image.pixel(x, y), bar) > Self.distance(text, bar) {
                text = image.pixel(x, y)
            }
        }
        let contrast = RGBA(pixel: text).contrast(with: RGBA(pixel: bar))
        #expect(contrast >= 3, "\(kind.rawValue), \(look.rawValue): text \(Self.hex(text)) on the bar \(Self.hex(bar)): contrast \(contrast)")
    }

    /// The held classic header's words are the ink of a GtkTextView's words GTK draws below the
    /// list in the same window (the view's text colour), laid at 80 % over the header's background
    /// (docs/behaviour.md#jike-header, its colours), and at full strength under HighContrast: within 12
    /// levels, in light, dark and HighContrast.
    @Test(arguments: ListKind.allCases, [Look.light, .dark, .highContrast])
    func classicHeaderWordsAreGtksViewInk(kind: ListKind, look: Look) throws {
        try Self.inLook(look) {
            let label = Self.wordsInAView("Refreshing… GTK's own words")
            let subject = try LiveThemeSwitchTests.Subject(kind: kind, style: .classic, held: .refreshing, beside: label)
            defer { subject.close() }
            let image = subject.image(rows: 2000)
            #expect(image.painted, "no frame was painted")
            let scale = image.width / Int(LiveThemeSwitchTests.Subject.width)

            let top = subject.rowsTop
            let (ground, words) = Self.greyWords(in: image, from: top, to: top + Int(Tuning.classicHeldHeight), scale: scale)
            let (paper, ink) = Self.ink(of: label, in: image, window: subject.window, scale: scale)
            #expect(Self.distance(ink, paper) > 100, "\(kind.rawValue): no ink found in GTK's text view (\(Self.hex(ink)) on \(Self.hex(paper)))")
            let strength = look == .highContrast ? 1.0 : 0.8
            let expected = Self.blend(ink, over: ground, strength)
            #expect(Self.distance(words, expected) <= 12,
                    "\(kind.rawValue), \(look.rawValue): expected \(Self.hex(expected)); the header's words \(Self.hex(words)) on \(Self.hex(ground)), GTK's text view's ink \(Self.hex(ink)) on \(Self.hex(paper))")
        }
    }

    /// The loading footer's words, on a wrapped GtkListBox held loading at its end, are the ink of
    /// a GtkTextView's words GTK draws below the list, laid at 80 % over the footer (full strength
    /// under HighContrast), within 12 levels: in light, dark and HighContrast.
    @Test(arguments: [Look.light, .dark, .highContrast])
    func loadingFooterWordsAreGtksViewInk(look: Look) throws {
        try Self.inLook(look) {
            let view = Self.wordsInAView("Loading… GTK's own words")
            let subject = try LiveThemeSwitchTests.Subject(kind: .listbox, style: .plain, held: nil, beside: view)
            defer { subject.close() }
            // Pull mode holds the footer in view while it loads (docs/behaviour.md, "Footer and load-more").
            subject.controller.footerMode = .pull
            let scrolled = try #require(subject.list?.scrolledWindow)
            let adjustment = gtk_scrolled_window_get_vadjustment(gcast(scrolled))!
            gtk_adjustment_set_value(adjustment, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
            MainLoop.drain()
            subject.controller.onLoadMore = {}  // an app that answers later
            subject.controller.loadMore()
            try subject.settle { subject.controller.footerPhase == .loading }
            // Then the footer's reveal: 0.5 s of frames.
            var frames = 0
            try subject.settle {
                frames += 1
                return frames > 30
            }
            let image = subject.image(rows: 2000)
            #expect(image.painted, "no frame was painted")
            let scale = image.width / Int(LiveThemeSwitchTests.Subject.width)

            // The footer: the bottom footerHeight px of the bin.
            var binX: gint = 0, binY: gint = 0
            _ = gtk_widget_translate_coordinates(subject.controller.widget, subject.window, 0, 0, &binX, &binY)
            let bottom = Int(binY) + Int(gtk_widget_get_allocated_height(subject.controller.widget))
            let footerTop = bottom - Int(Tuning.footerHeight)
            let (ground, words) = Self.greyWords(in: image, from: footerTop, to: bottom, scale: scale)
            let (paper, ink) = Self.ink(of: view, in: image, window: subject.window, scale: scale)
            #expect(Self.distance(ink, paper) > 100, "\(look.rawValue): no ink found in GTK's text view (\(Self.hex(ink)) on \(Self.hex(paper)))")
            let expected = Self.blend(ink, over: ground, look == .highContrast ? 1.0 : 0.8)
            #expect(Self.distance(words, expected) <= 12,
                    "\(look.rawValue): expected \(Self.hex(expected)); the footer's words \(Self.hex(words)) on \(Self.hex(ground)), GTK's text view's ink \(Self.hex(ink)) on \(Self.hex(paper))")
        }
    }

    /// Runs `body` with every window switched to `look`, then switches back (an issue instead
    /// when GTK_THEME forces a theme).
    private static func inLook(_ look: Look, _ body: () throws -> Void) throws {
        guard LiveThemeSwitchTests.forcedTheme.isEmpty else {
            Issue.record("GTK_THEME is set: the looks cannot be switched")
            return
        }
        try #require(MainLoop.initializeGtk())
        let restore = apply(look)
        defer {
            restore()
            MainLoop.drain()
        }
        try body()
    }

    /// Words GTK draws in a view, as the header's and footer's are (the view class: HighContrast's
    /// views write black, its window's labels dark grey).
    private static func wordsInAView(_ text: String) -> UnsafeMutablePointer<GtkWidget> {
        let view = gtk_text_view_new()!
        gtk_text_view_set_editable(gcast(view), 0)
        gtk_text_view_set_cursor_visible(gcast(view), 0)
        gtk_text_buffer_set_text(gtk_text_view_get_buffer(gcast(view)), text, -1)
        return view
    }

    /// The ground of the band of logical rows `top..<bottom` (its pixel 3 px in from the top left)
    /// and its words: the grey pixel farthest from it (an arrow or spinner beside them is the
    /// accent), clear of the scrollbar at the right edge.
    private static func greyWords(in image: WindowImage, from top: Int, to bottom: Int,
                                  scale: Int) -> (ground: UInt32, words: UInt32) {
        let ground = image.pixel(3 * scale, (top + 3) * scale)
        var words = ground
        for y in ((top + 2) * scale)..<((bottom - 2) * scale) {
            for x in 0..<(image.width - 20 * scale) {
                let pixel = image.pixel(x, y)
                if isGrey(pixel), distance(pixel, ground) > distance(words, ground) { words = pixel }
            }
        }
        return (ground, words)
    }

    /// A widget's paper (the pixel at its top left corner) and ink (the pixel farthest from it).
    private static func ink(of widget: UnsafeMutablePointer<GtkWidget>, in image: WindowImage,
                            window: UnsafeMutablePointer<GtkWidget>, scale: Int) -> (paper: UInt32, ink: UInt32) {
        var x0: gint = 0, y0: gint = 0
        _ = gtk_widget_translate_coordinates(widget, window, 0, 0, &x0, &y0)
        let width = Int(gtk_widget_get_allocated_width(widget)), height = Int(gtk_widget_get_allocated_height(widget))
        let paper = image.pixel(Int(x0) * scale + 1, Int(y0) * scale + 1)
        var ink = paper
        for y in (Int(y0) * scale)..<((Int(y0) + height) * scale) {
            for x in (Int(x0) * scale)..<((Int(x0) + width) * scale) where distance(image.pixel(x, y), paper) > distance(ink, paper) {
                ink = image.pixel(x, y)
            }
        }
        return (paper, ink)
    }

    /// Switches every window to `look`; returns how to switch back.
    private static func apply(_ look: Look) -> () -> Void {
        let settings = gtk_settings_get_default()
        let dark: Int32 = look == .dark || look == .customDark ? 1 : 0
        ptr_settings_set_boolean(settings, "gtk-application-prefer-dark-theme", dark)
        var undo: [() -> Void] = [{ ptr_settings_set_boolean(settings, "gtk-application-prefer-dark-theme", 0) }]
        if look == .customLight || look == .customDark {
            let provider = gtk_css_provider_new()!
            _ = gtk_css_provider_load_from_data(provider, """
                @define-color theme_selected_bg_color #26a269;
                list row:selected { background-color: @theme_selected_bg_color; }
                """, -1, nil)
            let screen = gdk_screen_get_default()
            gtk_style_context_add_provider_for_screen(screen, OpaquePointer(provider),
                                                      UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            undo.append {
                gtk_style_context_remove_provider_for_screen(screen, OpaquePointer(provider))
                g_object_unref(provider)
            }
        }
        if look == .highContrast {
            let old = LiveThemeSwitchTests.stringSetting("gtk-theme-name")
            LiveThemeSwitchTests.setStringSetting("gtk-theme-name", "HighContrast")
            undo.append { LiveThemeSwitchTests.setStringSetting("gtk-theme-name", old) }
        }
        MainLoop.drain()
        return { undo.reversed().forEach { $0() } }
    }

    private static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        [16, 8, 0].map { shift in abs(Int((a >> UInt32(shift)) & 0xff) - Int((b >> UInt32(shift)) & 0xff)) }.max()!
    }

    private static func close(_ a: UInt32, _ b: UInt32) -> Bool { distance(a, b) <= 2 }

    private static func channels(_ pixel: UInt32) -> [Int] { [16, 8, 0].map { Int((pixel >> UInt32($0)) & 0xff) } }

    /// Text's grey: no channel more than 24 levels from another.
    private static func isGrey(_ pixel: UInt32) -> Bool {
        let c = channels(pixel)
        return c.max()! - c.min()! <= 24
    }

    /// `ink` laid at `strength` over `ground`.
    private static func blend(_ ink: UInt32, over ground: UInt32, _ strength: Double) -> UInt32 {
        zip(channels(ink), channels(ground)).reduce(UInt32(0)) { pixel, pair in
            pixel << 8 | UInt32((Double(pair.0) * strength + Double(pair.1) * (1 - strength)).rounded())
        }
    }

    private static func hex(_ pixel: UInt32) -> String { "#" + String(format: "%06x", pixel) }
}

private extension RGBA {
    init(pixel: UInt32) {
        self.init(Int((pixel >> 16) & 0xff), Int((pixel >> 8) & 0xff), Int(pixel & 0xff))
    }
}
