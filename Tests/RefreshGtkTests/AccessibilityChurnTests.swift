import RefreshDemo
import RefreshTestSupport
import CGtk
import Foundation
import RefreshCore
import RefreshGtk
import Testing

/// A screen reader walking an app whose lists come and go (docs/gtk3-notes.md, "The AT bridge
/// under churn"): scripts/a11y-walk.py reads every object of the app's accessibility tree over
/// AT-SPI, continuously, and runs the lists' refresh and load-more actions, while the app — a
/// child of this test binary — replaces its list (ours, and GTK's tree view, list box and text
/// view in a RefreshBin) hundreds of times, refreshing, loading and scrolling each, and
/// refresh-demo refreshes and loads beside it. Any GLib warning or critical (G_DEBUG=fatal-warnings) or
/// crash in either fails the test. A private X server and session bus: only these two apps are
/// on the accessibility bus.
@Suite(.serialized, .enabled { try Prerequisite.require(AtSpiEnvironment.missing == nil, AtSpiEnvironment.missing ?? "") })
struct AccessibilityChurnTests {
    /// How many lists the child makes and destroys (each kind in turn).
    static let cycles = 240
    static let childVariable = "PTR_A11Y_CHURN_CHILD"
    static let walker = AtSpiEnvironment.root.appendingPathComponent("scripts/a11y-walk.py").path

    /// In the parent: starts the child, the demo and the walker, and checks how they ended. In
    /// the child (this test again, run alone): the churn.
    @MainActor @Test func aScreenReaderWalksWhileListsAreReplacedHundredsOfTimes() throws {
        if let go = ProcessInfo.processInfo.environment[Self.childVariable] {
            try Self.churn(startWhen: go)
        } else {
            try Self.runParent()
        }
    }

    private static func runParent() throws {
        let demo = try #require(AtSpiEnvironment.demo)
        let (server, display) = try AtSpiEnvironment.startServer()
        defer { AtSpiEnvironment.kill(server) }
        let (bus, address) = try AtSpiEnvironment.startSessionBus(display: display)
        defer { AtSpiEnvironment.kill(bus) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ptr-a11y-churn-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let go = directory.appendingPathComponent("go").path

        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        environment.removeValue(forKey: "NO_AT_BRIDGE")
        environment["DISPLAY"] = display
        environment["GTK_THEME"] = "Adwaita"
        environment["G_DEBUG"] = "fatal-warnings"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        func start(_ executable: String, _ arguments: [String], _ name: String, extra: [String: String] = [:]) throws
            -> (Process, URL) {
            let log = directory.appendingPathComponent("\(name).log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let output = try FileHandle(forWritingTo: log)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            process.environment = environment.merging(extra) { $1 }
            process.standardOutput = output
            process.standardError = output
            try process.run()
            try output.close()
            return (process, log)
        }
        func text(_ log: URL) -> String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

        let (child, childLog) = try start(BuiltProducts.running, ["--testing-library", "swift-testing", "--filter",
                                                                    "AccessibilityChurnTests"], "child",
                                          extra: [Self.childVariable: go])
        defer { AtSpiEnvironment.kill(child) }
        let (app, appLog) = try start(demo, ["--rows", "60", "--latency", "0.2", "--trace"], "demo")
        defer { AtSpiEnvironment.kill(app) }
        let (walker, walkerLog) = try start("/usr/bin/python3", [Self.walker, String(child.processIdentifier),
                                                                String(app.processIdentifier), "--actions",
                                                                "--seconds", "150"], "walker",
                                              // The walker is the assistive technology, not an app under
                                              // test: its AT-SPI client's warnings are not ours.
                                              extra: ["G_DEBUG": ""])
        defer { AtSpiEnvironment.kill(walker) }
        // The churn starts once the walker reads the apps' trees (a second test process, the demo
        // and an AT-SPI client starting on a machine busy with the rest of the suite: a full local
        // run once took more than 30 s).
        try #require(Self.wait(timeout: 90) { text(walkerLog).contains("walking") || !walker.isRunning },
                     "the walker never found the apps:\n\(text(walkerLog))")
        _ = FileManager.default.createFile(atPath: go, contents: nil)
        let finished = Self.wait(timeout: 120) { !child.isRunning }
        AtSpiEnvironment.kill(app)
        _ = Self.wait(timeout: 15) { !walker.isRunning }
        AtSpiEnvironment.kill(walker)
        #expect(finished, "the churn did not end in 120 s:\n\(text(childLog).suffix(3000))")
        #expect(child.terminationReason == .exit && child.terminationStatus == 0,
                "the app crashed or failed under the walker:\n\(text(childLog).suffix(4000))")
        #expect(text(childLog).contains("churned \(Self.cycles) lists"), "\(text(childLog).suffix(3000))")
        #expect(!text(appLog).contains("CRITICAL"), "the demo: \(text(appLog).suffix(2000))")
        // The walker really read the trees throughout and acted on lists. How much it reads in the
        // churn's time depends on the machine: 1,910 objects in 51 passes on a 2-core machine
        // busy with builds, several thousand alone; a walker that stopped early reads a few passes.
        let summary = text(walkerLog).split(separator: "\n").first { $0.hasPrefix("walked:") }.map(String.init) ?? ""
        let counts = Dictionary(summary.dropFirst("walked: ".count).split(separator: " ").compactMap { pair -> (String, Int)? in
            let parts = pair.split(separator: "=")
            return parts.count == 2 ? (String(parts[0]), Int(parts[1]) ?? 0) : nil
        }) { a, _ in a }
        #expect((counts["passes"] ?? 0) >= 20 && (counts["objects"] ?? 0) > 500 && (counts["actions"] ?? 0) > 5,
                "the walker did too little: \(summary)\n\(text(walkerLog).suffix(2000))")
    }

    /// Polls `condition` every 50 ms until it holds or `timeout` seconds passed.
    private static func wait(timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() >= deadline { return false }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return true
    }

    /// The child: one window whose list is replaced `cycles` times. Each list is shown, pulled
    /// to refresh, loads more at its end and is destroyed, while the main loop serves the walker.
    @MainActor
    private static func churn(startWhen go: String) throws {
        try #require(MainLoop.initializeGtk())
        let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
        gtk_window_set_default_size(gcast(window), 400, 500)
        gtk_widget_show_all(window)
        try #require(MainLoop.run(until: { access(go, F_OK) == 0 }, timeout: 60), "never told to start")
        let kinds = ListKind.allCases
        for cycle in 0..<cycles {
            let kind = kinds[cycle % kinds.count]
            let rows = DemoRows(count: 40, reserve: 40)
            let controller: RefreshController
            if kind == .virtual {
                controller = RefreshView(source: rows)
            } else {
                let list = ForeignList(kind: kind, rows: (0..<rows.rowCount).map { rows.row(at: $0) })
                controller = RefreshBin(wrapping: list.scrolledWindow)
            }
            controller.onRefresh = { [unowned controller] in controller.endRefreshing(ok: true, insertedAtTop: 2) }
            controller.onLoadMore = { [unowned controller] in controller.endLoading(ok: true, added: 5, exhausted: false) }
            gtk_container_add(gcast(window), controller.widget)
            gtk_widget_show_all(controller.widget)
            MainLoop.run(until: { controller.hasDrawnFirstFrame }, timeout: 5)
            controller.beginRefreshing()
            MainLoop.run(for: 0.03)
            let input = HostSurface(controller).inputWidget
            EventSynthesis.tapKey(input, keyval: UInt32(GDK_KEY_End))
            MainLoop.run(for: 0.03)
            controller.loadMore()
            EventSynthesis.tapKey(input, keyval: UInt32(GDK_KEY_Home))
            MainLoop.run(for: 0.02)
            gtk_widget_destroy(controller.widget)
            MainLoop.run(for: 0.01)
        }
        gtk_widget_destroy(window)
        MainLoop.drain()
        print("churned \(cycles) lists")
    }
}
