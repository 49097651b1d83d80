import RefreshDemo
import RefreshTestSupport
import RefreshGtk
import ArgumentParser
import CGtk
import RefreshCore

#if canImport(Glibc)
import Glibc
#endif

/// `refresh-soak`, a test tool (not installed, not part of the demo): many refresh and load-more
/// cycles driven through a real window by synthesized input, the demo's simulated source
/// answering after `--latency`. Prints the resident memory after the warm-up and at the end
/// (scripts/soak.sh, Tests/RefreshDemoTests/SoakTests.swift judge it); with `--teardown` it also
/// destroys the window and checks that no GLib source, tick callback or signal closure is left.
/// Exit status 0 when every cycle completed.
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh-soak", abstract: "Reliability soak run (for scripts/soak.sh and SoakTests).")

    @Option(help: "Refresh cycles.") var refreshes = 500
    @Option(help: "Load-more cycles.") var loads = 500
    @Option(help: "Cycles of each kind before the warm-up memory reading.") var warmup = 50
    @Option(help: "Seconds the simulated source takes to answer.") var latency = 0.001
    @Option(help: "Seconds any one step may take before the run fails.") var stepTimeout = 30.0
    @Flag(help: "Destroy the window at the end and check that nothing GLib holds is left.") var teardown = false

    init() {}

    func validate() throws {
        guard refreshes >= 0, loads >= 0, warmup >= 0, (0...10).contains(latency), stepTimeout > 0 else {
            throw ValidationError("--refreshes, --loads, --warmup: 0 or more; --latency: 0…10; --step-timeout: > 0")
        }
    }

    func run() throws {
        let settings = Settings(refreshes: refreshes, loads: loads, warmup: warmup, latency: latency,
                                stepTimeout: stepTimeout, teardown: teardown)
        let status = MainActor.assumeIsolated { SoakRun(command: settings).run() }
        if status != 0 { throw ExitCode(status) }
    }

    struct Settings: Sendable {
        let refreshes, loads, warmup: Int
        let latency, stepTimeout: Double
        let teardown: Bool
    }

    @MainActor
    private final class SoakRun {
        let command: Settings
        init(command: Settings) { self.command = command }

        func say(_ line: String) { FileDescriptorSink.standardOutput.write("soak: " + line + "\n") }

        func fail(_ why: String) -> Int32 {
            FileDescriptorSink.standardError.write("refresh-soak: \(why)\n")
            return 1
        }

        /// Resident set size in KiB (/proc/self/statm: size and resident, in pages).
        static func residentKiB() -> Int {
            guard let file = fopen("/proc/self/statm", "r") else { return -1 }
            defer { fclose(file) }
            var buffer = [CChar](repeating: 0, count: 256)
            guard fgets(&buffer, Int32(buffer.count), file) != nil else { return -1 }
            let text = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            let fields = text.split(separator: " ")
            guard fields.count >= 2, let pages = Int(fields[1]) else { return -1 }
            return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
        }

        func run() -> Int32 {
            guard MainLoop.initializeGtk() else { return fail("no display (run under xvfb-run)") }
            let baseline = InteropCounters.snapshot
            let started = g_get_monotonic_time()
            let status = cycles()
            MainLoop.drain()
            if command.teardown, status == 0 {
                let left = InteropCounters.snapshot
                say("teardown: \(left) (before the window: \(baseline))")
                guard left == baseline else { return fail("left alive after teardown: \(left), expected \(baseline)") }
            }
            let seconds = Double(g_get_monotonic_time() - started) / 1_000_000
            say("done in \(Int(seconds)) s")
            return status
        }

        private func cycles() -> Int32 {
            let options = command
            let rows = DemoRows(count: 60, reserve: (options.loads + 1) * 20)
            let feed = SimulatedFeed(rows: rows, latency: options.latency, failRate: 0, pageSize: 20,
                                     pages: options.loads + 1, seed: 1)
            let window = gtk_window_new(GTK_WINDOW_TOPLEVEL)!
            gtk_window_set_default_size(gcast(window), 400, 600)
            var view: RefreshView? = RefreshView(source: rows)
            guard let live = view else { return 1 }
            gtk_container_add(gcast(window), live.widget)
            gtk_widget_show_all(window)
            gtk_widget_grab_focus(live.list.area)
            guard MainLoop.run(until: { live.list.hasDrawnFirstFrame }, timeout: options.stepTimeout) else {
                return fail("the window never drew")
            }
            var refreshes = 0, loads = 0
            live.onRefresh = { [weak live] in
                refreshes += 1
                feed.refresh { result in live?.endRefreshing(ok: result.ok, insertedAtTop: result.added) }
            }
            live.onLoadMore = { [weak live] in
                loads += 1
                feed.loadMore { result in
                    live?.endLoading(ok: result.ok, added: result.added, exhausted: result.exhausted)
                }
            }
            func quiet() -> Bool {
                !live.state.needsTicks && !live.state.isGestureActive && !feed.isBusy
            }
            let area = live.list.area
            var warmKiB = -1
            let total = max(options.refreshes, options.loads)
            for i in 0..<total {
                if i == options.warmup {
                    warmKiB = SoakRun.residentKiB()
                    say("warm-up: rss \(warmKiB) KiB after \(refreshes) refreshes and \(loads) loads")
                }
                if i < options.refreshes {
                    if live.state.offset > 0 {
                        EventSynthesis.tapKey(area, keyval: UInt32(GDK_KEY_Home))
                        guard MainLoop.run(until: { live.state.offset == 0 && quiet() }, timeout: options.stepTimeout)
                        else { return fail("cycle \(i): Home never reached the top") }
                    }
                    let expected = refreshes + 1
                    EventSynthesis.drag(area, from: (100, 50), to: (100, 420), steps: 20)
                    guard MainLoop.run(until: { refreshes == expected && live.headerPhase == .idle && quiet() },
                                       timeout: options.stepTimeout)
                    else { return fail("cycle \(i): refresh \(expected) never completed (\(live.headerPhase))") }
                }
                if i < options.loads {
                    let expected = loads + 1
                    EventSynthesis.tapKey(area, keyval: UInt32(GDK_KEY_End))
                    guard MainLoop.run(until: { loads == expected && live.footerPhase != .loading && quiet() },
                                       timeout: options.stepTimeout)
                    else { return fail("cycle \(i): load \(expected) never completed (\(live.footerPhase))") }
                }
            }
            let endKiB = SoakRun.residentKiB()
            if warmKiB < 0 { warmKiB = endKiB }
            say("end: rss \(endKiB) KiB after \(refreshes) refreshes and \(loads) loads, \(rows.rowCount) rows")
            say("result refreshes=\(refreshes) loads=\(loads) rss_warm_kib=\(warmKiB) rss_end_kib=\(endKiB) "
                + "growth_kib=\(endKiB - warmKiB)")
            if command.teardown {
                gtk_widget_destroy(window)
                view = nil
                MainLoop.drain()
            } else {
                _ = view
            }
            return 0
        }
    }
}
