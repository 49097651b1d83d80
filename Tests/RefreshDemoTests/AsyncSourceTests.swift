import Foundation
import Testing

/// `refresh-demo --source async` answers through `refreshAction`/`loadMoreAction` awaiting
/// `Task.sleep` on the main actor (served under g_application_run by GtkMainQueue); `timeout`
/// through `onRefresh`/`onLoadMore` and GLib timeouts. Same seed, same input: the same trace,
/// times aside. Each run is the real binary on its own Xvfb, driven with xdotool, each key sent
/// only once the trace shows the previous step finished.
enum AsyncSourceTrace {
    /// A trace line without its time, as compared.
    static func untimed(_ line: TraceLine) -> String {
        [line.event, line.phase, line.state, line.ok.map { "ok=\($0)" }, line.added.map { "added=\($0)" },
         line.rows.map { "rows=\($0)" }].compactMap { $0 }.joined(separator: " ")
    }

    /// Waits (polling the trace like DemoProcess.waitFor) until `count(lines) >= n`.
    static func waitCount(_ demo: DemoProcess, _ n: Int, timeout: Double = 20, _ count: ([TraceLine]) -> Int) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while count(demo.lines) < n {
            guard Date() < deadline else {
                throw DemoProcessError.missing(demo.lines.map(untimed).joined(separator: ", "), demo.stderr)
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Four refreshes (F5), then load-more until the source is exhausted (End, or Return on a
    /// failed footer to retry), at most eight loads; returns the untimed trace.
    static func session(source: String, seed: String) throws -> [String] {
        let demo = try DemoProcess(["--trace", "--source", source, "--seed", seed, "--latency", "0.05",
                                    "--fail-rate", "0.4", "--rows", "30", "--pages", "2"])
        defer { demo.stop() }
        try demo.waitFor { $0.event == "ready" }
        demo.xdotool("mousemove", "200", "400")
        for refresh in 1...4 {
            demo.xdotool("key", "F5")
            try waitCount(demo, refresh) { $0.filter { $0.event == "header" && $0.state == "idle" }.count }
        }
        var footer = "idle"
        for load in 1...8 where footer != "noMoreData" {
            demo.xdotool("key", footer == "failed" ? "Return" : "End")
            try waitCount(demo, load) { lines in
                // The load ended and the footer left "loading".
                let ends = lines.filter { $0.event == "load" && $0.phase == "end" }.count
                let last = lines.last { $0.event == "footer" }
                return last?.state == "loading" ? min(ends, load - 1) : ends
            }
            footer = demo.lines.last { $0.event == "footer" }?.state ?? "idle"
        }
        demo.xdotool("key", "ctrl+q")
        #expect(try demo.waitForExit() == 0)
        #expect(demo.stderr.isEmpty, "stderr: \(demo.stderr)")
        return demo.lines.map(untimed)
    }
}

/// In DemoProcessTests' suite, so that it runs serialized with the other private-Xvfb runs
/// rather than beside them (each run starts its own Xvfb).
extension DemoProcessTests {
    @Test(arguments: ["42"])
    func asyncAndTimeoutSourcesGiveTheSameTrace(seed: String) throws {
        let timeout = try AsyncSourceTrace.session(source: "timeout", seed: seed)
        let async = try AsyncSourceTrace.session(source: "async", seed: seed)
        #expect(timeout == async)
        // The session did what it is meant to compare: refreshes, loads, a failure, the end.
        #expect(timeout.filter { $0.hasPrefix("refresh end") }.count == 4)
        #expect(timeout.contains { $0.hasPrefix("load end") })
        #expect(timeout.contains { $0.contains("ok=false") }, "no failure with seed \(seed)")
        #expect(timeout.contains("footer noMoreData"), "never exhausted: \(timeout)")
        #expect(timeout.last == "quit")
    }
}
