import Foundation
import RefreshTestSupport
import Testing

/// The GTK 4 widget's Swift API as an app uses it: `gtk4-refresh-example`
/// (Examples/gtk4-refresh-example/main.swift, a GTK 4 process: GTK 4 cannot share this one),
/// answered with `refreshAction`, on a private Xvfb driven with xdotool.
@Suite(.serialized, .enabled { try Prerequisite.check(.built("gtk4-refresh-example"), .program("stdbuf", package: "coreutils"),
                                                       .program("Xvfb", package: "xvfb"),
                                                       .program("xdotool", package: "xdotool")) })
struct Gtk4ExampleProcessTests {
    static func start() throws -> (app: DemoProcess, window: String) {
        let app = try DemoProcess(["-oL", try Prerequisite.path(of: .built("gtk4-refresh-example"))],
                                  executable: try Prerequisite.path(of: .program("stdbuf", package: "coreutils")))
        let window = try #require(app.xdotoolOutput("search", "--sync", "--onlyvisible", "--name", "^Inbox$").first)
        app.xdotool("mousemove", "200", "300")
        return (app, window)
    }

    /// F5 runs the async `refreshAction` on the main actor under GLib's loop (GtkMainQueue): its
    /// rows go in, and its result ends the refresh, so a second F5 starts a second request.
    @Test func theAsyncRefreshRunsAndEndsTheRefresh() throws {
        let (app, window) = try Self.start()
        defer { app.stop() }
        app.xdotool("key", "F5")
        #expect(app.waitFor(line: "request closed"), "the refresh never ended: \(app.output) \(app.stderr)")
        // The header collapses once the task returned; then the bin takes a new refresh.
        #expect(app.waitFor(line: "rows 51"))
        var attempts = 0
        while !app.output.contains("rows 52"), attempts < 20 {
            attempts += 1
            app.xdotool("key", "F5")
            _ = app.waitFor(line: "rows 52", timeout: 2)
        }
        #expect(app.output.contains("rows 52"), "no second refresh after the first ended: \(app.output)")
        app.run("/usr/bin/python3", [ExampleApp.closeWindow, window])
        #expect(try app.waitForExit() == 0, "stderr: \(app.stderr)")
    }

    /// Closing the window mid-refresh disposes the bin, which cancels the task; after the loop,
    /// `GtkMainQueue.finishPendingActions()` lets the request run its `defer`, and the process
    /// exits 0 with nothing applied.
    @Test func closingMidRefreshCancelsTheRequestAndLetsItsDeferRun() throws {
        let (app, window) = try Self.start()
        defer { app.stop() }
        app.xdotool("key", "F5")
        #expect(app.waitFor(line: "request sent"), "no refresh started: \(app.output) \(app.stderr)")
        app.run("/usr/bin/python3", [ExampleApp.closeWindow, window])
        #expect(try app.waitForExit() == 0, "stderr: \(app.stderr)")
        #expect(app.output == ["request sent", "request closed"], "stderr: \(app.stderr)")
        #expect(app.stderr.isEmpty, "\(app.stderr)")
    }
}
