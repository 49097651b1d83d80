import RefreshDemo
import RefreshTestSupport
import CGtk
import CGtkShim
import Foundation
import RefreshCore
import RefreshDrawing
import RefreshWidgetCore
import Testing
@testable import RefreshGtk

/// The list's accessible object, read in-process through ATK (what GTK's AT-SPI bridge exports),
/// and the footer as a keyboard focus stop.
@MainActor
@Suite(.serialized, .enabled { try Prerequisite.check(.display) })
struct AccessibilityTests {
    private static func accessible(_ h: GtkHarness) throws -> UnsafeMutablePointer<AtkObject> {
        try #require(gtk_widget_get_accessible(h.view.list.area))
    }

    private static func has(_ object: UnsafeMutablePointer<AtkObject>, _ state: AtkStateType) -> Bool {
        let set = atk_object_ref_state_set(object)
        defer { g_object_unref(set) }
        return atk_state_set_contains_state(set, state) != 0
    }

    private static func description(_ object: UnsafeMutablePointer<AtkObject>) -> String {
        atk_object_get_description(object).map { String(cString: $0) } ?? ""
    }

    private static func actionNames(_ object: UnsafeMutablePointer<AtkObject>) -> [String] {
        actions(object).map(\.name)
    }

    /// Every action's name, localized name and key binding; a missing one fails the test.
    private static func actions(_ object: UnsafeMutablePointer<AtkObject>) -> [(name: String, localized: String, key: String)] {
        let action = OpaquePointer(object)
        func text(_ value: UnsafePointer<gchar>?, _ what: String, _ i: Int32) -> String {
            guard let value else {
                Issue.record("action \(i) has no \(what)")
                return ""
            }
            return String(cString: value)
        }
        return (0..<atk_action_get_n_actions(action)).map { i in
            (text(atk_action_get_name(action, i), "name", i),
             text(atk_action_get_localized_name(action, i), "localized name", i),
             text(atk_action_get_keybinding(action, i), "key binding", i))
        }
    }

    private static func child(_ object: UnsafeMutablePointer<AtkObject>, _ index: Int32) -> UnsafeMutablePointer<AtkObject>? {
        guard let child = atk_object_ref_accessible_child(object, index) else { return nil }
        g_object_unref(child)  // the list keeps its children
        return child
    }

    /// The toplevel gets the keyboard focus as if the window manager gave it (there is none under
    /// Xvfb): has-focus, GtkWidgetAccessible's FOCUSED and our focused descendant depend on it.
    static func focusWindow(_ h: GtkHarness) throws {
        gtk_widget_grab_focus(h.view.list.area)
        let window = try #require(gtk_widget_get_window(h.window), "the window is not realized")
        let event = try #require(gdk_event_new(GDK_FOCUS_CHANGE))
        event.pointee.focus_change.window = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(window)))
        event.pointee.focus_change.send_event = 1
        event.pointee.focus_change.`in` = 1
        let seat = try #require(gdk_display_get_default_seat(gdk_display_get_default()))
        gdk_event_set_device(event, gdk_seat_get_keyboard(seat))
        gtk_main_do_event(event)
        gdk_event_free(event)
        MainLoop.drain()
    }

    private static func name(_ object: UnsafeMutablePointer<AtkObject>?) -> String {
        object.flatMap { atk_object_get_name($0) }.map { String(cString: $0) } ?? ""
    }

    @Test func roleNameRowsAndBusyWhileRefreshing() throws {
        let h = try GtkHarness(rows: 300)
        defer { h.close() }
        let list = try Self.accessible(h)
        #expect(atk_object_get_role(list) == ATK_ROLE_LIST)
        #expect(Self.name(list) == L10n.listAccessibleName)
        #expect(Self.description(list) == L10n.neverUpdated)
        #expect(Atk.attribute(list, "row-count") == "300")
        #expect(Self.actionNames(list).contains("refresh"))
        #expect(!Self.has(list, ATK_STATE_BUSY))

        // The visible rows are list items named "Title, subtitle", with their place in the list.
        let count = atk_object_get_n_accessible_children(list)
        #expect(count >= 10)
        let first = try #require(Self.child(list, 0))
        #expect(atk_object_get_role(first) == ATK_ROLE_LIST_ITEM)
        #expect(Self.name(first) == "Row 0, Subtitle 0")
        #expect(Atk.attribute(first, "posinset") == "1")
        #expect(Atk.attribute(first, "setsize") == "300")
        #expect(atk_object_get_parent(first) == list)
        #expect(atk_object_get_index_in_parent(first) == 0)
        // The first row is the focused descendant while the list has the keyboard focus.
        try Self.focusWindow(h)
        #expect(gtk_widget_has_focus(h.view.list.area) != 0)
        #expect(Self.has(list, ATK_STATE_FOCUSED))
        #expect(Self.has(first, ATK_STATE_FOCUSED))
        #expect(Atk.attribute(list, "focused-row") == "0")

        h.view.beginRefreshing()
        #expect(Self.has(list, ATK_STATE_BUSY))
        #expect(Self.description(list) == L10n.refreshing)
        #expect(!Self.actionNames(list).contains("refresh"))
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
        h.rows.rowCount += 3
        h.view.endRefreshing(ok: true, insertedAtTop: 3)
        #expect(!Self.has(list, ATK_STATE_BUSY))
        let updated = "\(L10n.updated), \(L10n.newRows(3))"
        #expect(Self.description(list) == updated)
        #expect(Atk.attribute(list, "row-count") == "303")
        #expect(MainLoop.run(until: { h.view.headerPhase == .idle }))
        #expect(Self.description(list) == "\(updated). \(L10n.lastUpdated(L10n.justNow))")
    }

    @Test func aFailedRefreshSaysSo() throws {
        let h = try GtkHarness(rows: 300)
        defer { h.close() }
        let list = try Self.accessible(h)
        h.view.beginRefreshing()
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
        h.view.endRefreshing(ok: false)
        #expect(!Self.has(list, ATK_STATE_BUSY))
        #expect(Self.description(list) == L10n.refreshFailed)
        #expect(MainLoop.run(until: { h.view.headerPhase == .idle }))
        #expect(Self.description(list) == "\(L10n.refreshFailed). \(L10n.neverUpdated)")
    }

    @Test func theRefreshActionRefreshesFromTheMainLoop() throws {
        let h = try GtkHarness(rows: 300)
        defer { h.close() }
        let list = try Self.accessible(h)
        let index = try #require(Self.actionNames(list).firstIndex(of: "refresh"))
        #expect(atk_action_do_action(OpaquePointer(list), Int32(index)) != 0)
        // Not inside the AT's call: on the next main-loop iteration.
        #expect(h.view.headerPhase == .idle)
        #expect(MainLoop.run(until: { h.view.headerPhase == .refreshing }))
        #expect(MainLoop.run(until: { h.refreshes == 1 }))
    }

    /// Tab: rows → footer (when it is on screen and offers retry) → out; Shift+Tab back; Return
    /// on the focused footer retries; the footer child reports the focus and its click action.
    @Test func tabFocusesTheRetryFooterAndReturnRetries() throws {
        let h = try GtkHarness(rows: 40)
        defer { h.close() }
        let list = try Self.accessible(h)
        let area = h.view.list.area
        try Self.focusWindow(h)
        // Without a reachable footer, Tab leaves the area at once.
        #expect(gtk_widget_child_focus(area, GTK_DIR_TAB_FORWARD) == 0)
        #expect(!h.view.footerFocused)

        EventSynthesis.tapKey(area, keyval: UInt32(GDK_KEY_End))
        #expect(MainLoop.run(until: { h.loads == 1 }))
        h.view.endLoading(ok: false, added: 0, exhausted: false)
        #expect(h.view.footerPhase == .failed)
        #expect(Self.actionNames(list).contains("retry"))
        let footerIndex = atk_object_get_n_accessible_children(list) - 1
        let footer = try #require(Self.child(list, footerIndex))
        #expect(atk_object_get_role(footer) == ATK_ROLE_PUSH_BUTTON)
        #expect(Self.name(footer) == L10n.loadFailed)
        #expect(Self.actionNames(footer) == ["click"])
        #expect(!Self.has(footer, ATK_STATE_FOCUSED))

        #expect(gtk_widget_child_focus(area, GTK_DIR_TAB_FORWARD) != 0)
        #expect(h.view.footerFocused)
        #expect(gtk_widget_has_focus(area) != 0)
        #expect(Self.has(footer, ATK_STATE_FOCUSED))
        #expect(Atk.attribute(list, "focused-row") == "footer")

        // Shift+Tab goes back to the rows, Tab to the footer again.
        #expect(gtk_widget_child_focus(area, GTK_DIR_TAB_BACKWARD) != 0)
        #expect(!h.view.footerFocused)
        #expect(!Self.has(footer, ATK_STATE_FOCUSED))
        #expect(gtk_widget_child_focus(area, GTK_DIR_TAB_FORWARD) != 0)
        #expect(h.view.footerFocused)

        // The focus ring is drawn: the footer's pixels differ from the unfocused footer's.
        let focused = try FooterPixels(h)
        EventSynthesis.tapKey(area, keyval: UInt32(GDK_KEY_Return))
        #expect(h.loads == 2)
        #expect(h.view.footerPhase == .loading)
        #expect(Self.name(footer) == L10n.loading)
        h.view.endLoading(ok: false, added: 0, exhausted: false)
        #expect(h.view.footerFocused)
        #expect(gtk_widget_child_focus(area, GTK_DIR_TAB_BACKWARD) != 0)
        let unfocused = try FooterPixels(h)
        #expect(focused.bytes != unfocused.bytes, "the focused footer looks the same as the unfocused one")

        // Tab from the footer leaves the area (to the next widget, or out of the window).
        #expect(gtk_widget_child_focus(area, GTK_DIR_TAB_FORWARD) != 0)
        #expect(gtk_widget_child_focus(area, GTK_DIR_TAB_FORWARD) == 0)
    }

    /// The selected row's child is SELECTED (every row is SELECTABLE), and a row's "activate"
    /// action selects and activates it from the main loop (docs/behaviour.md, "Rows").
    @Test func theSelectedRowIsExposedAndARowActivatesThroughItsAction() throws {
        let h = try GtkHarness(rows: 40)
        defer { h.close() }
        var activated: [Int] = []
        h.view.onActivate = { activated.append($0) }
        let list = try Self.accessible(h)
        let third = try #require(Self.child(list, 2))
        #expect(Self.has(third, ATK_STATE_SELECTABLE) && !Self.has(third, ATK_STATE_SELECTED))
        h.view.selectedRow = 2
        #expect(Self.has(third, ATK_STATE_SELECTED))
        let fifth = try #require(Self.child(list, 4))
        #expect(Self.actionNames(fifth) == ["activate"])
        #expect(atk_action_do_action(OpaquePointer(fifth), 0) != 0)
        #expect(activated.isEmpty, "an AT's action runs after its call returns")
        #expect(MainLoop.run(until: { activated == [4] }))
        #expect(h.view.selectedRow == 4)
        #expect(Self.has(fifth, ATK_STATE_SELECTED) && !Self.has(third, ATK_STATE_SELECTED))
    }

    @Test func theFooterActionRetries() throws {
        let h = try GtkHarness(rows: 40)
        defer { h.close() }
        let list = try Self.accessible(h)
        EventSynthesis.tapKey(h.view.list.area, keyval: UInt32(GDK_KEY_End))
        #expect(MainLoop.run(until: { h.loads == 1 }))
        h.view.endLoading(ok: false, added: 0, exhausted: false)
        let footer = try #require(Self.child(list, atk_object_get_n_accessible_children(list) - 1))
        #expect(atk_action_do_action(OpaquePointer(footer), 0) != 0)
        #expect(MainLoop.run(until: { h.loads == 2 }))
        #expect(h.view.footerPhase == .loading)
    }

    /// The key bindings the accessible reports are the keys the list handles (both come from
    /// the widget core's KeyTable), with the localized action names.
    @Test func actionsReportTheKeysTheListHandles() throws {
        let h = try GtkHarness(rows: 40)
        defer { h.close() }
        let list = try Self.accessible(h)
        let refresh = try #require(Self.actions(list).first { $0.name == "refresh" })
        #expect(refresh.localized == L10n.refreshAction)
        #expect(refresh.key == "F5")
        #expect(Self.keyAction(refresh.key) == .refresh)
        for binding in KeyTable.refresh {
            #expect(KeyTable.intent(keyval: binding.keyval, state: binding.modifiers) == .refresh)
            #expect(Self.keyAction(binding.accelerator) == .refresh)
        }
        for binding in KeyTable.activate {
            #expect(KeyTable.intent(keyval: binding.keyval, state: binding.modifiers) == .activate)
            #expect(Self.keyAction(binding.accelerator) == .activate)
        }
        #expect(Self.keyAction("<Control>r") == .refresh)
        #expect(Self.keyAction("<Control><Shift>r") == nil)
        #expect(Self.keyAction("<Control>F5") == nil)

        EventSynthesis.tapKey(h.view.list.area, keyval: UInt32(GDK_KEY_End))
        #expect(MainLoop.run(until: { h.loads == 1 }))
        h.view.endLoading(ok: false, added: 0, exhausted: false)
        let retry = try #require(Self.actions(list).first { $0.name == "retry" })
        #expect(retry.localized == L10n.retryAction)
        #expect(Self.keyAction(retry.key) == .activate)
        let footer = try #require(Self.child(list, atk_object_get_n_accessible_children(list) - 1))
        let click = try #require(Self.actions(footer).first)
        #expect(click.name == "click")
        #expect(click.localized == L10n.retryAction)
        #expect(click.key == "Return")
        #expect(Self.keyAction(click.key) == .activate)
    }

    /// The widget core's key table names GDK's keysyms (it cannot include GDK): each key it
    /// knows is the number GTK 3's header gives it, so GTK 4's (the same X keysyms) too.
    @Test func theKeyTableNamesGdksKeysyms() {
        let pairs: [(UInt32, Int32)] = [
            (KeyTable.Key.f5, GDK_KEY_F5), (KeyTable.Key.r, GDK_KEY_r), (KeyTable.Key.upperR, GDK_KEY_R),
            (KeyTable.Key.returnKey, GDK_KEY_Return), (KeyTable.Key.keypadEnter, GDK_KEY_KP_Enter),
            (KeyTable.Key.space, GDK_KEY_space), (KeyTable.Key.keypadSpace, GDK_KEY_KP_Space),
            (KeyTable.Key.home, GDK_KEY_Home), (KeyTable.Key.keypadHome, GDK_KEY_KP_Home),
            (KeyTable.Key.end, GDK_KEY_End), (KeyTable.Key.keypadEnd, GDK_KEY_KP_End),
            (KeyTable.Key.pageUp, GDK_KEY_Page_Up), (KeyTable.Key.keypadPageUp, GDK_KEY_KP_Page_Up),
            (KeyTable.Key.pageDown, GDK_KEY_Page_Down), (KeyTable.Key.keypadPageDown, GDK_KEY_KP_Page_Down),
            (KeyTable.Key.up, GDK_KEY_Up), (KeyTable.Key.keypadUp, GDK_KEY_KP_Up),
            (KeyTable.Key.down, GDK_KEY_Down), (KeyTable.Key.keypadDown, GDK_KEY_KP_Down),
            (KeyTable.Key.tab, GDK_KEY_Tab), (KeyTable.Key.keypadTab, GDK_KEY_KP_Tab),
            (KeyTable.Key.isoLeftTab, GDK_KEY_ISO_Left_Tab),
        ]
        for (ours, gdk) in pairs { #expect(ours == UInt32(gdk), "0x\(String(ours, radix: 16)) is not GDK's 0x\(String(gdk, radix: 16))") }
        #expect(KeyTable.shift == GDK_SHIFT_MASK.rawValue && KeyTable.control == GDK_CONTROL_MASK.rawValue
                && KeyTable.alt == GDK_MOD1_MASK.rawValue)
    }

    /// What the list does with the key an accelerator string names.
    private static func keyAction(_ accelerator: String) -> KeyIntent? {
        var keyval: guint = 0
        var modifiers = GdkModifierType(0)
        gtk_accelerator_parse(accelerator, &keyval, &modifiers)
        guard keyval != 0 else {
            Issue.record("\(accelerator) does not parse as an accelerator")
            return nil
        }
        return KeyTable.intent(keyval: keyval, state: modifiers.rawValue)
    }

    /// C holds the bridge's registration through a retained box with a destroy-notify: the area's
    /// dispose releases it (the bridge stops calling C), and it keeps neither the bridge nor the
    /// row source alive.
    @Test func theRegistrationFollowsTheAreaAndHoldsNothingAlive() throws {
        try #require(MainLoop.initializeGtk())
        let area = try #require(ptr_scrollable_area_new())
        g_object_ref_sink(area)
        var rows: GtkHarness.Rows? = GtkHarness.Rows(10)
        weak let weakRows = rows
        var bridge: AccessibilityBridge? = AccessibilityBridge(area: area, source: try #require(rows))
        weak let weakBridge = bridge
        // The accessible created after the registration asks Swift for its first snapshot.
        let list = try #require(gtk_widget_get_accessible(area))
        #expect(Self.name(list) == L10n.listAccessibleName)
        #expect(Self.description(list) == L10n.neverUpdated)

        rows = nil
        #expect(weakRows == nil, "the bridge keeps the row source alive")
        gtk_widget_destroy(area)  // dispose: C runs the destroy-notify
        #expect(bridge?.isConnected == false)
        bridge?.focusChanged()  // no C call after dispose
        g_object_unref(area)
        bridge = nil  // its deinit does not touch the finalized area
        #expect(weakBridge == nil)

        // Dropping the bridge first: it unregisters; C neither keeps it alive nor calls it.
        let second = try #require(ptr_scrollable_area_new())
        g_object_ref_sink(second)
        defer { g_object_unref(second) }
        let secondList = try #require(gtk_widget_get_accessible(second))
        var other: AccessibilityBridge? = AccessibilityBridge(area: second, source: GtkHarness.Rows(10))
        weak let weakOther = other
        #expect(Self.description(secondList) == L10n.neverUpdated)
        other = nil
        #expect(weakOther == nil, "C's registration keeps the bridge alive")
        gtk_widget_destroy(second)
    }

    @Test func destroyingTheWindowMakesTheChildrenDefunct() throws {
        let h = try GtkHarness(rows: 300)
        let list = try Self.accessible(h)
        let row = try #require(atk_object_ref_accessible_child(list, 0))
        defer { g_object_unref(row) }
        #expect(!Self.has(row, ATK_STATE_DEFUNCT))
        h.close()
        #expect(Self.has(row, ATK_STATE_DEFUNCT))
        #expect(atk_object_get_parent(row) == nil)
        #expect(Self.name(row).isEmpty)
    }
}

/// The bottom 44 px of the viewport, rendered through the widget's own drawing.
@MainActor
private struct FooterPixels {
    let bytes: [UInt8]

    init(_ h: GtkHarness) throws {
        let width = Int32(h.view.list.viewportWidth), height = Int32(h.view.list.viewportHeight)
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height))
        defer { cairo_surface_destroy(surface) }
        let cr = try #require(cairo_create(surface))
        h.view.list.render(cr, width: Double(width), height: Double(height))
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = try #require(cairo_image_surface_get_data(surface))
        let top = Int(height) - Int(Tuning.footerHeight)
        bytes = Array(UnsafeBufferPointer(start: data + top * stride, count: Int(Tuning.footerHeight) * stride))
    }
}

/// The demo's accessibility tree as a real AT-SPI client reads it: scripts/a11y-check.py
/// (pyatspi) drives refresh-demo with xdotool and checks every state (idle, pulling, armed,
/// refreshing, updated, load failure, footer focus, loading, the AT's refresh action, the
/// list's AtkSelection); with `--list treeview|listbox|textview`, the PtrRefreshBin's panel
/// around GTK's own list (the same states and actions, the host's list below it, the trace).
@Suite(.serialized, .enabled { try Prerequisite.require(AtSpiEnvironment.missing == nil, AtSpiEnvironment.missing ?? "") })
struct AtSpiTests {
    @Test func aRealAtSpiClientReadsEveryState() throws {
        try Self.check(list: "virtual")
    }

    @Test(arguments: ["treeview", "listbox", "textview"])
    func aRealAtSpiClientReadsTheBinAroundGtksOwnList(kind: String) throws {
        try Self.check(list: kind)
    }

    private static func check(list: String) throws {
        try TestResourceLock.withLock("at-spi") { try checkAlone(list: list) }
    }

    private static func checkAlone(list: String) throws {
        let demo = try #require(AtSpiEnvironment.demo)
        // A private X server: no other test's window can sit over the demo and take its input.
        let (server, display) = try AtSpiEnvironment.startServer()
        // SIGKILL: children inherit the test runner's blocked signal mask, SIGTERM included.
        defer { AtSpiEnvironment.kill(server) }
        // A private session bus (and so accessibility bus): the client sees the demo only, never
        // this test process, whose other tests create and destroy GTK widgets meanwhile (AT-SPI's
        // bridge here can hold a stale object then, and a client's GetItems would crash us).
        let (bus, address) = try AtSpiEnvironment.startSessionBus(display: display)
        defer { AtSpiEnvironment.kill(bus) }
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        environment.removeValue(forKey: "NO_AT_BRIDGE")
        environment["DISPLAY"] = display
        environment["LANG"] = "C.UTF-8"
        environment["LANGUAGE"] = ""
        environment.removeValue(forKey: "LC_ALL")
        environment.removeValue(forKey: "LC_MESSAGES")
        environment["GTK_THEME"] = "Adwaita"

        // The demo's trace (stdout), which the script reads for the refresh it started.
        let directory = FileManager.default.temporaryDirectory
        let trace = directory.appendingPathComponent("a11y-trace-\(getpid())-\(list).jsonl")
        _ = FileManager.default.createFile(atPath: trace.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: trace) }
        let traceOutput = try FileHandle(forWritingTo: trace)
        defer { try? traceOutput.close() }
        let app = Process()
        app.executableURL = URL(fileURLWithPath: demo)
        app.arguments = ["--rows", "40", "--latency", "2", "--fail-rate", "0.5", "--seed", "8", "--list", list, "--trace"]
        app.environment = environment
        app.standardOutput = traceOutput
        try app.run()
        defer { AtSpiEnvironment.kill(app) }

        let log = directory.appendingPathComponent("a11y-check-\(getpid())-\(list).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let output = try FileHandle(forWritingTo: log)
        let checker = Process()
        checker.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        checker.arguments = [AtSpiEnvironment.script, String(app.processIdentifier), "--latency", "2",
                             "--list", list, "--trace", trace.path]
        // The checker is the assistive technology (as Orca is), not the app under test: its AT-SPI
        // client warns about other members of the bus (docs/testing.md, "Warnings are failures").
        checker.environment = environment.filter { $0.key != "G_DEBUG" }
        checker.standardOutput = output
        checker.standardError = output
        try checker.run()
        let deadline = Date().addingTimeInterval(120)
        while checker.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        AtSpiEnvironment.kill(checker)
        try output.close()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let failures = text.split(separator: "\n").filter { $0.hasPrefix("FAIL") || $0.hasPrefix("SKIP") }
        #expect(checker.terminationStatus == 0, "a11y-check.py --list \(list) failed:\n\(failures.joined(separator: "\n"))\n\(text)")
        #expect(text.contains("all checks passed"))
    }
}

/// What the AT-SPI test needs; `missing` names the first thing that is not there.
enum AtSpiEnvironment {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let script = root.appendingPathComponent("scripts/a11y-check.py").path

    /// refresh-demo beside the test bundle.
    static let demo = BuiltProducts.demo

    /// Starts Xvfb on a display it picks itself (`-displayfd`: the first free one, whatever
    /// stale locks other runs left), once it accepts connections.
    static func startServer() throws -> (Process, String) {
        let server = Process()
        guard let display = try PrivateXvfb.start(server, screen: "1024x900x24") else {
            kill(server)
            throw AtSpiError.noDisplay
        }
        return (server, display)
    }

    /// A private session bus, with its accessibility bus and registry running: the daemon and
    /// its address.
    static func startSessionBus(display: String) throws -> (Process, String) {
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--nosyslog", "--print-address=1"]
        // What the bus activates sees the daemon's environment. The accessibility bus launcher
        // names its socket after DISPLAY (~/.cache/at-spi/bus_N): with the display every test
        // shares, two tests' launchers took one socket and an app's registration found the
        // other's bus gone ("Couldn't register with accessibility bus", then "Could not obtain
        // desktop path or name"). With the test's own display, each bus has its own.
        daemon.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display]) { $1 }
        let output = Pipe()
        daemon.standardOutput = output
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        // The daemon prints its address as its first line once it listens.
        var data = Data()
        while !data.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            data.append(chunk)
        }
        let address = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !address.isEmpty else {
            kill(daemon)
            throw AtSpiError.noBus
        }
        // The accessibility bus and its registry start on first use, slowly on a loaded machine: a
        // client asking for the desktop starts both before any app registers with them (docs/testing.md,
        // "Warnings are failures").
        let warm = Process()
        warm.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        warm.arguments = ["-c", "import gi; gi.require_version('Atspi', '2.0'); from gi.repository import Atspi; "
                          + "Atspi.get_desktop(0).get_child_count()"]
        warm.environment = ProcessInfo.processInfo.environment
            .merging(["DBUS_SESSION_BUS_ADDRESS": address, "DISPLAY": display]) { $1 }
            .filter { $0.key != "G_DEBUG" }
        warm.standardOutput = FileHandle.nullDevice
        warm.standardError = FileHandle.nullDevice
        try warm.run()
        let deadline = Date().addingTimeInterval(90)
        while warm.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        guard !warm.isRunning, warm.terminationStatus == 0 else {
            kill(warm)
            kill(daemon)
            throw AtSpiError.noRegistry
        }
        return (daemon, address)
    }

    static func kill(_ process: Process) {
        if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    enum AtSpiError: Error { case noDisplay, noBus, noRegistry }

    static let missing: String? = {
        let environment = ProcessInfo.processInfo.environment
        if environment["DISPLAY"] == nil { return "no display: run under xvfb-run (scripts/test.sh)" }
        if environment["DBUS_SESSION_BUS_ADDRESS"] == nil {
            return "no session bus: run under dbus-run-session (scripts/test.sh)"
        }
        let launchers = ["/usr/libexec/at-spi-bus-launcher", "/usr/lib/at-spi2-core/at-spi-bus-launcher"]
        if !launchers.contains(where: FileManager.default.isExecutableFile(atPath:)) {
            return "at-spi2 is not installed (apt-get install at-spi2-core)"
        }
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool") { return "xdotool is not installed" }
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") { return "Xvfb is not installed" }
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon") { return "dbus-daemon is not installed" }
        if demo == nil { return "refresh-demo is not built next to the tests (swift build first)" }
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        probe.arguments = ["-c", "import pyatspi"]
        probe.standardOutput = FileHandle.nullDevice
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return "/usr/bin/python3 is missing" }
        probe.waitUntilExit()
        if probe.terminationStatus != 0 { return "pyatspi is missing (apt-get install python3-pyatspi)" }
        return nil
    }()
}
