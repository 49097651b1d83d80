import RefreshDemo
import CGtk
import CGtkShim
import CMainQueue
import RefreshMainLoop
import Dispatch
import RefreshGtk
import RefreshTestSupport
import XCTest

/// GtkMainQueue: Swift's main queue serviced by GLib's default main context (docs/main-loop.md).
///
/// Why XCTest here, in a swift-testing project: swift-testing runs `@MainActor` tests as jobs of
/// the main queue after `dispatchMain()` gave that queue to libdispatch's worker threads, so in
/// its process there is no main-thread main queue for GLib to service (GtkMainQueue rightly
/// declines to install there). XCTest on Linux runs each test method on the process's main
/// thread, outside any main-queue job: exactly what an app running `gtk_main()` has. The methods
/// are not `@MainActor` (XCTest on Linux cannot call such methods) and enter the main actor with
/// `MainActor.assumeIsolated`, which checks that this is the main thread.
final class MainQueueTests: XCTestCase {
    /// A flag main-actor code sets, read by the test.
    @MainActor final class Flag {
        var count = 0
    }

    override func setUpWithError() throws {
        try MainActor.assumeIsolated {
            try Prerequisite.check(.display)
            try Prerequisite.require(MainLoop.initializeGtk(), "GTK cannot open the display")
            XCTAssertTrue(GtkMainQueue.install(), "not installed on the main thread")
            // Whatever is pending (including the wake-up GLib gives itself after dispatching a
            // source) is handled first, so that the next blocking iteration is the one we count.
            MainLoop.drain()
        }
    }

    /// Blocks in one `g_main_context_iteration(nil, 1)` and returns whether `flag` was set by it.
    @MainActor
    private static func oneIteration(sets flag: Flag, file: StaticString = #filePath, line: UInt = #line) {
        let dispatches = GtkMainQueue.dispatchCount
        XCTAssertEqual(flag.count, 0, "ran before the main loop did", file: file, line: line)
        g_main_context_iteration(nil, 1)
        XCTAssertEqual(flag.count, 1, "did not run within one main-loop iteration", file: file, line: line)
        XCTAssertEqual(GtkMainQueue.dispatchCount, dispatches + 1, "one wake-up of the source", file: file, line: line)
    }

    func testATaskOnTheMainActorRunsWithinOneIteration() {
        MainActor.assumeIsolated {
            let flag = Flag()
            Task { @MainActor in flag.count += 1 }
            Self.oneIteration(sets: flag)
        }
    }

    func testDispatchQueueMainAsyncRunsWithinOneIteration() {
        MainActor.assumeIsolated {
            let flag = Flag()
            DispatchQueue.main.async { MainActor.assumeIsolated { flag.count += 1 } }
            Self.oneIteration(sets: flag)
        }
    }

    /// From another thread: the detached task's hop to the main actor wakes the sleeping loop.
    func testAwaitMainActorRunFromAnotherThreadRunsWithinOneIteration() {
        MainActor.assumeIsolated {
            let flag = Flag()
            Task.detached { await MainActor.run { flag.count += 1 } }
            Self.oneIteration(sets: flag)
        }
    }

    /// Task.sleep on the main actor: the loop sleeps in poll until the timer's continuation is
    /// queued, then one iteration resumes it.
    func testTaskSleepResumesOnTheMainActor() {
        MainActor.assumeIsolated {
            let flag = Flag()
            let start = g_get_monotonic_time()
            Task { @MainActor in
                try? await Task.sleep(nanoseconds: 100_000_000)
                flag.count += 1
            }
            XCTAssertTrue(MainLoop.run(until: { flag.count == 1 }, timeout: 5))
            XCTAssertGreaterThanOrEqual(g_get_monotonic_time() - start, 100_000)
        }
    }

    /// Nothing scheduled: over one second the source never runs and no wake-up of the loop comes
    /// from the main queue's eventfd (a poll function sees every wake-up and which fds were
    /// ready; other wake-ups, e.g. GTK's accessibility bus traffic, are not ours). This test waits
    /// one second on purpose: it measures idleness, which takes time to observe.
    func testAnIdleLoopStaysAsleep() {
        MainActor.assumeIsolated {
            let dispatches = GtkMainQueue.dispatchCount
            PollWatch.start(fd: ptr_main_queue_handle())
            defer { PollWatch.stop() }
            let ended = Flag()
            let end = Timeout(after: 1.0) { ended.count += 1 }
            defer { end.cancel() }
            while ended.count == 0 { g_main_context_iteration(nil, 1) }
            XCTAssertEqual(GtkMainQueue.dispatchCount, dispatches, "the source ran with nothing queued")
            XCTAssertEqual(PollWatch.readyWakeUps, 0,
                           "the main queue woke the loop \(PollWatch.readyWakeUps) of \(PollWatch.wakeUps) times")
            XCTAssertGreaterThanOrEqual(PollWatch.wakeUps, 1, "the poll function was not used")
        }
    }

    /// Wraps the default context's poll function: counts the polls that returned and those in
    /// which `fd` was ready.
    @MainActor enum PollWatch {
        static var fd: Int32 = -1
        static var wakeUps = 0
        static var readyWakeUps = 0
        private static var previous: GPollFunc?

        static func start(fd: Int32) {
            self.fd = fd
            wakeUps = 0
            readyWakeUps = 0
            previous = g_main_context_get_poll_func(nil)
            let watch: @convention(c) (UnsafeMutablePointer<GPollFD>?, guint, gint) -> gint = { fds, count, timeout in
                let result = g_poll(fds, count, timeout)
                let ready = (0..<Int(count)).map { (fds![$0].fd, fds![$0].revents) }
                MainActor.assumeIsolated {
                    PollWatch.wakeUps += 1
                    if ready.contains(where: { $0.0 == PollWatch.fd && $0.1 != 0 }) { PollWatch.readyWakeUps += 1 }
                }
                return result
            }
            g_main_context_set_poll_func(nil, watch)
        }

        static func stop() {
            g_main_context_set_poll_func(nil, previous)
        }
    }

    /// A nested main loop (what gtk_dialog_run does) started from a GLib callback services the
    /// main queue too: the task quits the nested loop it runs in.
    func testANestedMainLoopServicesTheMainQueue() {
        MainActor.assumeIsolated {
            let flag = Flag()
            let nestedReturned = Flag()
            let start = Timeout(after: 0) {
                let loop = g_main_loop_new(nil, 0)!
                let bits = Int(bitPattern: UnsafeMutableRawPointer(loop))
                Task { @MainActor in
                    flag.count += 1
                    g_main_loop_quit(OpaquePointer(bitPattern: bits))
                }
                g_main_loop_run(loop)
                g_main_loop_unref(loop)
                nestedReturned.count += 1
            }
            defer { start.cancel() }
            XCTAssertTrue(MainLoop.run(until: { nestedReturned.count == 1 }, timeout: 5))
            XCTAssertEqual(flag.count, 1)
        }
    }

    /// The documented limit: a nested loop started *from inside* main-actor work that the source
    /// is draining (gtk_dialog_run in a Task) does not drain the queue again until it returns, as
    /// on macOS (docs/main-loop.md, "Limits"); the work queued meanwhile runs right after.
    func testANestedLoopInsideMainQueueWorkRunsQueuedWorkAfterItReturns() {
        MainActor.assumeIsolated {
            let inner = Flag(), outer = Flag()
            Task { @MainActor in
                let loop = g_main_loop_new(nil, 0)!
                Task { @MainActor in inner.count += 1 }
                let bits = Int(bitPattern: UnsafeMutableRawPointer(loop))
                let quit = Timeout(after: 0.2) { g_main_loop_quit(OpaquePointer(bitPattern: bits)) }
                g_main_loop_run(loop)  // GTK events and timeouts run here; the main queue waits
                g_main_loop_unref(loop)
                quit.cancel()
                outer.count = inner.count + 1  // 1: the inner task had not run yet
            }
            XCTAssertTrue(MainLoop.run(until: { outer.count > 0 && inner.count == 1 }, timeout: 5))
            XCTAssertEqual(outer.count, 1, "the nested loop drained the main queue re-entrantly")
        }
    }

    /// Under g_application_run: main-actor work runs, and the application's shutdown removes
    /// the source (the app quitting is the "cleanly" of docs/main-loop.md).
    func testGApplicationRunServicesTheMainQueueAndShutdownRemovesTheSource() {
        MainActor.assumeIsolated {
            GtkMainQueue.uninstall()
            let application = g_application_new("io.github.gtk_pull_to_refresh.MainQueueTest", G_APPLICATION_NON_UNIQUE)!
            let flag = Flag()
            let sourceID = Flag()
            let bits = Int(bitPattern: UnsafeMutableRawPointer(application))
            GSignal.connect(application, "activate") {
                // Installed while the application exists, as the first view in "activate" does.
                XCTAssertTrue(GtkMainQueue.install())
                sourceID.count = Int(GtkMainQueue.sourceID)
                let app = UnsafeMutablePointer<GApplication>(bitPattern: bits)
                g_application_hold(app)
                Task { @MainActor in
                    flag.count += 1
                    g_application_release(app)  // the last hold: the application quits
                }
            }
            let status = g_application_run(application, 0, nil)
            g_object_unref(application)
            XCTAssertEqual(status, 0)
            XCTAssertEqual(flag.count, 1)
            XCTAssertNotEqual(sourceID.count, 0)
            XCTAssertFalse(GtkMainQueue.isInstalled, "shutdown left the source installed")
            XCTAssertNil(g_main_context_find_source_by_id(nil, guint(sourceID.count)), "the GLib source is still attached")
        }
    }

    /// Uninstalled: the source is gone and queued work waits (neither run nor dropped); installed
    /// again, that work runs within one iteration.
    func testUninstallRemovesTheSourceAndInstallResumes() {
        MainActor.assumeIsolated {
            let sourceID = GtkMainQueue.sourceID
            XCTAssertNotNil(g_main_context_find_source_by_id(nil, sourceID))
            GtkMainQueue.uninstall()
            GtkMainQueue.uninstall()  // idempotent
            XCTAssertFalse(GtkMainQueue.isInstalled)
            XCTAssertNil(g_main_context_find_source_by_id(nil, sourceID))

            let flag = Flag()
            Task { @MainActor in flag.count += 1 }
            let dispatches = GtkMainQueue.dispatchCount
            // Without the source nothing services the queue: the loop has nothing to do.
            XCTAssertEqual(g_main_context_iteration(nil, 0), 0)
            MainLoop.drain()
            XCTAssertEqual(flag.count, 0, "ran without the source")
            XCTAssertEqual(GtkMainQueue.dispatchCount, dispatches)

            // A new view does not undo the app's uninstall.
            let view = RefreshView(source: EmptyRows())
            XCTAssertFalse(GtkMainQueue.isInstalled, "a view re-installed what the app uninstalled")
            g_object_ref_sink(view.widget)
            gtk_widget_destroy(view.widget)
            g_object_unref(view.widget)

            XCTAssertTrue(GtkMainQueue.install())
            Self.oneIteration(sets: flag)
        }
    }

    @MainActor final class EmptyRows: RowSource {
        var rowCount: Int { 0 }
        func row(at index: Int) -> (title: String, subtitle: String) { ("", "") }
    }
}
