import Glibc
import RefreshDemo
import RefreshTestSupport
import CGtk
import CGtkShim
import RefreshCore
import RefreshDrawing
@testable import RefreshGtk
import Testing

/// The look changes while the app runs (docs/gtk3-notes.md, "Theme colours and changes"): a
/// header held open on our list and on each wrapped list, mid-pull or refreshing, is switched to
/// the dark theme, HighContrast, a custom accent, another font or scale 2, and the window then
/// equals, in pixels read back from the X server, a window made fresh in the new look holding
/// the same header. The new look must also be visible: the live window differs from itself
/// before the switch. The expected pixels come from GTK drawing a new window, not from our
/// palette code.
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct LiveThemeSwitchTests {
    init() {
        GLibCriticals.install()
    }

    /// What changes, and the header style in which the change shows most.
    enum Change: String, CaseIterable, Sendable {
        /// gtk-application-prefer-dark-theme: the classic header's text and arrow.
        case dark
        /// gtk-theme-name HighContrast: the J's track and ink.
        case highContrast
        /// A screen-wide CSS provider with another selection colour: the plain bar.
        case accent
        /// gtk-font-name: the classic header's text layouts.
        case font
        /// The window scale (GDK's X11 scale for every window, existing ones too): the J's
        /// geometry in device pixels.
        case scale

        var style: HeaderStyle {
            switch self {
            case .dark, .font: .classic
            case .highContrast, .scale: .jike
            case .accent: .plain
            }
        }
    }

    /// Where the header is held when the look changes.
    enum Held: String, CaseIterable, Sendable {
        /// A mouse drag of 110 px, the button still down.
        case midPull
        /// A refresh begun by the app, its header held open.
        case refreshing
    }

    @Test(arguments: ListKind.allCases, Change.allCases)
    func aHeldHeaderRedrawsInTheNewLook(kind: ListKind, change: Change) throws {
        guard LiveThemeSwitchTests.forcedTheme.isEmpty else {
            Issue.record("GTK_THEME is set: gtk-theme-name cannot change the theme")
            return
        }
        for held in Held.allCases {
            try Self.check(kind: kind, change: change, held: held)
        }
    }

    nonisolated static var forcedTheme: String { g_getenv("GTK_THEME").map { String(cString: $0) } ?? "" }

    private static func check(kind: ListKind, change: Change, held: Held) throws {
        try #require(MainLoop.initializeGtk())
        let live = try Subject(kind: kind, style: change.style, held: held)
        defer { live.close() }
        let before = live.image()
        let restore = apply(change)
        defer {
            restore()
            MainLoop.drain()
        }
        MainLoop.run(for: 0.5)
        let after = live.image()
        let fresh = try Subject(kind: kind, style: change.style, held: held)
        defer { fresh.close() }
        let expected = fresh.image()
        let when = "\(kind.rawValue), \(held.rawValue), \(change.rawValue)"
        #expect(after.painted && expected.painted, "\(when): no frame was painted")
        try #require(after.width == expected.width && after.height == expected.height,
                     "\(when): the live window is \(after.width)×\(after.height) px, a fresh one \(expected.width)×\(expected.height)")
        let scale = after.width / Int(Subject.width)
        let region = live.headerRows(scale: scale)
        // Not the scrollbar at the right edge, which fades in and out on its own.
        let columns = 0..<(after.width - 20 * scale)
        let diff = after.differences(from: expected, x: columns, y: region, tolerance: 2)
        #expect(diff.isEmpty, "\(when): the held header is not drawn in the new look: \(diff.count) px differ from a fresh window, \(diff.prefix(6))")
        if before.width == after.width {
            #expect(!before.differences(from: after, x: columns, y: region, tolerance: 2).isEmpty,
                    "\(when): the switch changed nothing in the header: the check would not see a stale one")
        }
    }

    /// Switches the look for every window; returns how to switch it back.
    private static func apply(_ change: Change) -> () -> Void {
        let settings = gtk_settings_get_default()
        switch change {
        case .dark:
            ptr_settings_set_boolean(settings, "gtk-application-prefer-dark-theme", 1)
            return { ptr_settings_set_boolean(settings, "gtk-application-prefer-dark-theme", 0) }
        case .highContrast:
            let old = stringSetting("gtk-theme-name")
            setStringSetting("gtk-theme-name", "HighContrast")
            return { setStringSetting("gtk-theme-name", old) }
        case .accent:
            let provider = gtk_css_provider_new()!
            _ = gtk_css_provider_load_from_data(provider, "@define-color theme_selected_bg_color #c01c28;", -1, nil)
            let screen = gdk_screen_get_default()
            gtk_style_context_add_provider_for_screen(screen, OpaquePointer(provider),
                                                      UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            return {
                gtk_style_context_remove_provider_for_screen(screen, OpaquePointer(provider))
                g_object_unref(provider)
            }
        case .font:
            let old = stringSetting("gtk-font-name")
            setStringSetting("gtk-font-name", "DejaVu Serif 15")
            return { setStringSetting("gtk-font-name", old) }
        case .scale:
            // GDK's X11 scale applies to existing windows too.
            WrappedPixelTests.setWindowScale(2)
            return { WrappedPixelTests.setWindowScale(1) }
        }
    }

    /// A string GtkSettings property, through a GValue (g_object_get and _set are variadic).
    static func stringSetting(_ name: String) -> String {
        var value = GValue()
        g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutablePointer(OpaquePointer(gtk_settings_get_default())), name, &value)
        return g_value_get_string(&value).map { String(cString: $0) } ?? ""
    }

    static func setStringSetting(_ name: String, _ text: String) {
        var value = GValue()
        g_value_init(&value, GType(16 << 2))  // G_TYPE_STRING
        defer { g_value_unset(&value) }
        g_value_set_string(&value, text)
        g_object_set_property(UnsafeMutablePointer(OpaquePointer(gtk_settings_get_default())), name, &value)
    }

    /// A window with one list, its header held with a stopped clock: two subjects made the same
    /// way draw the same pixels.
    @MainActor
    final class Subject {
        static let width: Int32 = 400
        let window: UnsafeMutablePointer<GtkWidget>
        let controller: RefreshController
        let list: ForeignList?
        /// Keeps the rows our list reads alive.
        private let rows: DemoRows
        private let clock: ManualClock
        private var closed = false

        /// `beside`: a widget packed below the list in the same window. `held` nil: at rest.
        init(kind: ListKind, style: HeaderStyle, held: Held?, beside: UnsafeMutablePointer<GtkWidget>? = nil) throws {
            rows = DemoRows(count: 60)
            if kind == .virtual {
                list = nil
                controller = RefreshView(source: rows)
            } else {
                let foreign = ForeignList(kind: kind, rows: (0..<60).map { ("Row \($0)", "Subtitle \($0)") })
                list = foreign
                controller = RefreshBin(wrapping: foreign.scrolledWindow)
            }
            controller.header = style.makeStyle()
            // An app that answers later: a refresh nothing answers would end at once.
            controller.onRefresh = {}
            clock = ManualClock(controller.state.now)
            controller.clock = clock.reading
            window = gtk_window_new(GTK_WINDOW_TOPLEVEL)
            gtk_window_set_default_size(gcast(window), Self.width, 500)
            gtk_window_set_resizable(gcast(window), 0)
            if let beside {
                let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
                gtk_box_pack_start(gcast(box), controller.widget, 1, 1, 0)
                gtk_box_pack_start(gcast(box), beside, 0, 0, 0)
                gtk_container_add(gcast(window), box)
            } else {
                gtk_container_add(gcast(window), controller.widget)
            }
            gtk_widget_show_all(window)
            try #require(MainLoop.run(until: { self.controller.hasDrawnFirstFrame && self.controller.state.viewportHeight > 0 }),
                         "the window never drew its first frame")
            MainLoop.drain()
            rowsTop = readRowsTop()
            switch held {
            case nil:
                break
            case .midPull?:
                // A hand's pace: one 5 px motion per frame of the test's clock.
                let target = inputWidget
                let top = Double(rowsTop) + 40
                EventSynthesis.button(target, press: true, x: 120, y: top, deepest: true)
                for step in 1...22 {
                    clock.now += 1.0 / 60
                    EventSynthesis.motion(target, x: 120, y: top + 5 * Double(step), state: EventSynthesis.button1Mask,
                                          deepest: true)
                }
                controller.tick()
                MainLoop.drain()
                try #require(controller.pull > 40, "the drag did not pull (pull \(controller.pull))")
            case .refreshing?:
                controller.beginRefreshing()
                let held = controller.headerStyle.heldHeight
                for _ in 0..<60 where controller.headerPhase != .refreshing || abs(controller.pull - held) > 0.01 {
                    clock.now += 1.0 / 60
                    controller.tick()
                }
                try #require(controller.headerPhase == .refreshing && abs(controller.pull - held) <= 0.01,
                             "the refresh never held its header (\(controller.headerPhase), pull \(controller.pull))")
                MainLoop.drain()
            }
        }

        /// Advances the test's clock a frame at a time, for at most 2 s, until `done`.
        func settle(until done: () -> Bool) throws {
            for _ in 0..<120 where !done() {
                clock.now += 1.0 / 60
                controller.tick()
            }
            try #require(done(), "never settled (header \(controller.headerPhase), footer \(controller.footerPhase))")
            MainLoop.drain()
        }

        /// Where input goes: our list's drawing area, or the scrolled window's child.
        var inputWidget: UnsafeMutablePointer<GtkWidget> {
            if let list { return gtk_bin_get_child(gcast(list.scrolledWindow))! }
            return (controller as! RefreshView).list.area
        }

        /// The y in the window, in logical px, where the list's rows start at rest: below a tree
        /// view's column headers. Read before the pull moves them.
        private(set) var rowsTop = 0

        private func readRowsTop() -> Int {
            let content = list?.content ?? inputWidget
            var x: gint = 0, y: gint = 0
            _ = gtk_widget_translate_coordinates(content, window, 0, 0, &x, &y)
            guard list?.kind == .treeview else { return Int(y) }
            var homeX: gint = 0, homeY: gint = 0
            gtk_tree_view_convert_bin_window_to_widget_coords(gcast(content), 0, 0, &homeX, &homeY)
            return Int(y + homeY)
        }

        /// The device-pixel rows from the list's top to 30 px below the open header.
        func headerRows(scale: Int) -> Range<Int> {
            (rowsTop * scale)..<((rowsTop + Int(controller.pull.rounded(.up)) + 30) * scale)
        }

        func image(rows: Int = 400) -> WindowImage { WindowImage(window, rows: rows) }

        func close() {
            guard !closed else { return }
            closed = true
            EventSynthesis.button(inputWidget, press: false, x: 120, y: 200, deepest: true)
            gtk_widget_destroy(window)
            MainLoop.drain()
        }
    }
}
