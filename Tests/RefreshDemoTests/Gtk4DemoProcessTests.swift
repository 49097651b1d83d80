import Foundation
import RefreshTestSupport
import Testing

/// refresh-demo-gtk4 (the GTK 4 bin over a GtkListView) as a person runs it, on a private Xvfb
/// with real X input: GTK 4 cannot share this process with GTK 3, so its widget is tested through
/// its demo's trace (docs/gtk4-notes.md). X11 sends wheel notches and mouse drags; the touchpad
/// needs Wayland (docs/wayland.md).
@Suite(.serialized, .enabled { try Gtk4Demo.canRun() })
struct Gtk4DemoProcessTests {
    /// One wheel notch up at the top pulls and springs back without a refresh; four notches
    /// refresh exactly once, and the rows the refresh adds are in the list.
    @Test func wheelNotchesAtTheTopRefreshOnce() throws {
        let demo = try Gtk4Demo.start(latency: 0.3)
        defer { demo.stop() }
        demo.xdotool("mousemove", "200", "300")
        demo.xdotool("click", "4")
        try demo.waitFor { $0.event == "header" && $0.state == "pulling" }
        try demo.waitFor { $0.event == "header" && $0.state == "idle" }
        #expect(!demo.lines.contains { $0.event == "refresh" }, "one notch refreshed")

        demo.xdotool("click", "--repeat", "4", "--delay", "30", "4")
        let end = try demo.waitFor { $0.event == "refresh" && $0.phase == "end" }
        #expect(end.ok == true)
        #expect(end.rows == 100 + (end.added ?? -1))
        try demo.waitFor { $0.event == "header" && $0.state == "idle" }
        #expect(demo.lines.filter { $0.event == "refresh" && $0.phase == "begin" }.count == 1)
        demo.xdotool("key", "ctrl+q")
        #expect(try demo.waitForExit() == 0)
        #expect(demo.lines.last?.event == "quit")
        #expect(demo.stderr.isEmpty, "stderr: \(demo.stderr)")
    }

    /// Scrolled down and back up with the wheel, the list pulls again at the top (Tuba #1040's
    /// "no pull after scrolling down and back up", for the wheel): the bin follows the adjustment.
    @Test func wheelPullsAfterScrollingDownAndBackUp() throws {
        let demo = try Gtk4Demo.start(latency: 0.3)
        defer { demo.stop() }
        demo.xdotool("mousemove", "200", "300")
        demo.xdotool("click", "--repeat", "5", "--delay", "40", "5")
        // As many notches up as went down bring the list back to the top without pulling: the
        // bin knew where the list was.
        demo.xdotool("click", "--repeat", "5", "--delay", "40", "4")
        // Absence has no event to wait for: give the app time to handle the notches (a slow app
        // could only hide a failure here, never invent one).
        demo.xdotool("sleep", "0.5")
        #expect(!demo.lines.contains { $0.event == "header" }, "pulled before the list was back at the top")
        demo.xdotool("click", "--repeat", "4", "--delay", "40", "4")
        try demo.waitFor { $0.event == "refresh" && $0.phase == "end" }
        try demo.waitFor { $0.event == "header" && $0.state == "idle" }
        #expect(demo.lines.filter { $0.event == "refresh" && $0.phase == "begin" }.count == 1)
        demo.xdotool("key", "ctrl+q")
        #expect(try demo.waitForExit() == 0)
    }

    /// A short mouse drag down from the top row pulls and springs back without a refresh; a long
    /// one pulls past the threshold and refreshes once on release.
    @Test func aMouseDragAtTheTopRefreshes() throws {
        let demo = try Gtk4Demo.start(latency: 0.3)
        defer { demo.stop() }
        demo.xdotool("mousemove", "200", "150")
        demo.xdotool("mousedown", "1")
        for y in stride(from: 160, through: 200, by: 10) { demo.xdotool("mousemove", "200", String(y)) }
        try demo.waitFor { $0.event == "header" && $0.state == "pulling" }
        demo.xdotool("mouseup", "1")
        try demo.waitFor { $0.event == "header" && $0.state == "idle" }
        #expect(!demo.lines.contains { $0.event == "refresh" }, "a short drag refreshed")

        demo.xdotool("mousemove", "200", "150")
        demo.xdotool("mousedown", "1")
        for y in stride(from: 160, through: 440, by: 10) { demo.xdotool("mousemove", "200", String(y)) }
        try demo.waitFor { $0.event == "header" && $0.state == "armed" }
        demo.xdotool("mouseup", "1")
        try demo.waitFor { $0.event == "refresh" && $0.phase == "end" }
        try demo.waitFor { $0.event == "header" && $0.state == "idle" }
        #expect(demo.lines.filter { $0.event == "refresh" && $0.phase == "begin" }.count == 1)
        demo.xdotool("key", "ctrl+q")
        #expect(try demo.waitForExit() == 0)
        #expect(demo.stderr.isEmpty, "stderr: \(demo.stderr)")
    }
}

extension Gtk4DemoProcessTests {
    /// Wheel notches down to the end bring the auto footer into view (the child moves up by its
    /// room): it loads exactly once, and the rows it adds are in the list.
    @Test func wheelToTheEndLoadsOnce() throws {
        let demo = try Gtk4Demo.start(rows: 30, latency: 0.3)
        defer { demo.stop() }
        demo.xdotool("mousemove", "200", "300")
        demo.xdotool("click", "--repeat", "14", "--delay", "40", "5")
        let end = try demo.waitFor { $0.event == "load" && $0.phase == "end" }
        #expect(end.ok == true)
        #expect(end.rows == 30 + (end.added ?? -1))
        try demo.waitFor { $0.event == "footer" && $0.state == "idle" }
        #expect(demo.lines.filter { $0.event == "load" && $0.phase == "begin" }.count == 1)
        demo.xdotool("key", "ctrl+q")
        #expect(try demo.waitForExit() == 0)
        #expect(demo.stderr.isEmpty, "stderr: \(demo.stderr)")
    }

    /// A drag on the scrolled window's scrollbar at the top is the scrollbar's: the list scrolls
    /// down and nothing pulls (the bin denies a press that lands on a GtkScrollbar).
    @Test func aDragOnTheScrollbarDoesNotPull() throws {
        let demo = try Gtk4Demo.start(latency: 0.3)
        defer { demo.stop() }
        // The overlay scrollbar widens under the pointer.
        demo.xdotool("mousemove", "380", "100")
        demo.xdotool("mousemove", "396", "30")
        demo.xdotool("sleep", "0.5")
        demo.xdotool("mousedown", "1")
        for y in stride(from: 40, through: 300, by: 10) { demo.xdotool("mousemove", "396", String(y)) }
        demo.xdotool("mouseup", "1")
        // Absence has no event to wait for (see wheelPullsAfterScrollingDownAndBackUp).
        demo.xdotool("sleep", "0.5")
        #expect(!demo.lines.contains { $0.event == "header" }, "a scrollbar drag pulled")
        demo.xdotool("key", "ctrl+q")
        #expect(try demo.waitForExit() == 0)
    }

    /// F5 and Ctrl+R refresh (each once); closing the window mid-refresh ends with `quit`, exit 0
    /// and nothing on stderr (no critical from a handler or tick left behind).
    @Test(arguments: ["F5", "ctrl+r"])
    func refreshKeysRefreshAndClosingMidRefreshExitsCleanly(key: String) throws {
        let demo = try Gtk4Demo.start(latency: 5)
        defer { demo.stop() }
        demo.xdotool("mousemove", "200", "300")
        demo.xdotool("key", key)
        try demo.waitFor { $0.event == "refresh" && $0.phase == "begin" }
        try demo.waitFor { $0.event == "header" && $0.state == "refreshing" }
        demo.xdotool("key", "ctrl+q")
        #expect(try demo.waitForExit() == 0)
        #expect(demo.lines.last?.event == "quit")
        #expect(demo.lines.filter { $0.event == "refresh" && $0.phase == "begin" }.count == 1)
        #expect(demo.stderr.isEmpty, "stderr: \(demo.stderr)")
    }
}

/// The built GTK 4 demo.
enum Gtk4Demo {
    static let binary = BuiltProducts.executable("refresh-demo-gtk4")

    /// The demo with `rows` rows and its trace, once it is ready; a refresh or load takes `latency` s.
    static func start(rows: Int = 100, latency: Double) throws -> DemoProcess {
        let demo = try DemoProcess(["--trace", "--rows", String(rows), "--latency", String(latency)], executable: binary)
        try demo.waitFor { $0.event == "ready" }
        return demo
    }

    /// The GTK 4 demo, Xvfb and xdotool are there (a condition trait: throws when one is not).
    @Sendable static func canRun() throws -> Bool {
        try Prerequisite.check(.built("refresh-demo-gtk4"), .program("Xvfb", package: "xvfb"),
                               .program("xdotool", package: "xdotool"))
    }
}
