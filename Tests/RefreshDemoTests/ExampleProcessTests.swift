import Foundation
import RefreshTestSupport
import Testing

/// README's example app, `refresh-example` (Examples/refresh-example/main.swift).
enum ExampleApp {
    static let path = BuiltProducts.executable("refresh-example")
    /// coreutils' stdbuf: the example prints with `print`, block-buffered into a pipe.
    static let stdbuf = DemoProcess.tool("stdbuf")
    /// Closes a window as a window manager does (Tests/tools/close_window.py).
    static let closeWindow = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("tools/close_window.py").path
    static var canRun: Bool {
        path != nil && stdbuf != nil && DemoProcess.tool("Xvfb") != nil && DemoProcess.tool("xdotool") != nil
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
    }
}

/// README's example app as a process on a private Xvfb, driven with xdotool.
@Suite(.serialized, .enabled(if: ExampleApp.canRun, "needs Xvfb, xdotool, stdbuf and refresh-example built beside the tests"))
struct ExampleProcessTests {
    /// README's quit pattern: closing the window mid-refresh destroys the view, which cancels the
    /// refresh; `GtkMainQueue.finishPendingActions()` after `gtk_main()` lets the cancelled
    /// request run its `defer` ("request closed") before the process exits with status 0.
    @Test func quittingMidRefreshLetsTheCancelledRequestRunItsDefer() throws {
        let app = try DemoProcess(["-oL", try #require(ExampleApp.path)], executable: ExampleApp.stdbuf)
        defer { app.stop() }
        let window = try #require(app.xdotoolOutput(
            "search", "--sync", "--onlyvisible", "--maxdepth", "1", "--classname", "refresh-example").first)
        app.xdotool("mousemove", "200", "300")
        app.xdotool("key", "F5")
        #expect(app.waitFor(line: "request sent"), "no refresh started: \(app.output) \(app.stderr)")
        // The window manager's close button: GTK destroys the window, whose "destroy" handler
        // quits the main loop.
        app.run("/usr/bin/python3", [ExampleApp.closeWindow, window])
        #expect(try app.waitForExit() == 0, "stderr: \(app.stderr)")
        #expect(app.output == ["request sent", "request closed"], "stderr: \(app.stderr)")
    }
}
