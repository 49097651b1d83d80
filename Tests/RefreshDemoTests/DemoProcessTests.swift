import Foundation
import RefreshTestSupport
import Testing

/// The real app, as a person runs it: `refresh-demo --trace` on a private Xvfb display, driven
/// with xdotool (real X input through the server), asserting on its trace lines and exit status.
@Suite(.serialized, .enabled { try DemoProcess.canRun() })
struct DemoProcessTests {
    /// Every list kind: ours, and GTK's lists in a RefreshBin.
    static let lists = ["virtual", "treeview", "listbox", "textview"]

    @Test(arguments: lists)
    func closingTheWindowMidRefreshExitsCleanly(list: String) throws {
        let demo = try DemoProcess(["--list", list, "--trace", "--latency", "30", "--rows", "100"])
        defer { demo.stop() }
        try demo.waitFor { $0.event == "ready" }
        demo.xdotool("mousemove", "200", "400")
        demo.xdotool("key", "F5")
        try demo.waitFor { $0.event == "refresh" && $0.phase == "begin" }
        demo.xdotool("key", "ctrl+w")
        let status = try demo.waitForExit()
        #expect(status == 0)
        let events = demo.lines.map(\.event)
        #expect(events.last == "quit")
        #expect(!demo.lines.contains { $0.event == "refresh" && $0.phase == "end" })
        #expect(demo.stderr.isEmpty, "stderr: \(demo.stderr)")
    }

    @Test func closingMidLoadExitsCleanly() throws {
        let demo = try DemoProcess(["--trace", "--latency", "30", "--rows", "50"])
        defer { demo.stop() }
        try demo.waitFor { $0.event == "ready" }
        demo.xdotool("mousemove", "200", "400")
        demo.xdotool("key", "End")
        try demo.waitFor { $0.event == "load" && $0.phase == "begin" }
        demo.xdotool("key", "ctrl+q")
        #expect(try demo.waitForExit() == 0)
        #expect(demo.lines.last?.event == "quit")
    }

    @Test(arguments: lists)
    func wheelNotchesOnTheRealWindowRefreshOnceAndApplyTheRows(list: String) throws {
        let demo = try DemoProcess(["--list", list, "--trace", "--latency", "0.2", "--rows", "100", "--seed", "7"])
        defer { demo.stop() }
        try demo.waitFor { $0.event == "ready" }
        demo.xdotool("mousemove", "200", "400")
        demo.xdotool("click", "--repeat", "4", "--delay", "30", "4")
        let end = try demo.waitFor { $0.event == "refresh" && $0.phase == "end" }
        #expect(end.ok == true)
        #expect((end.rows ?? 0) == 100 + (end.added ?? -1))
        // The list rests at its top with the new rows shown: one notch up pulls again at once
        // (docs/behaviour.md, "Refresh lifecycle").
        let idle = try demo.waitFor { $0.event == "header" && $0.state == "idle" && $0.t > end.t }
        demo.xdotool("click", "4")
        try demo.waitFor { $0.event == "header" && $0.state == "pulling" && $0.t > idle.t }
        #expect(demo.lines.filter { $0.event == "refresh" && $0.phase == "begin" }.count == 1)
        demo.xdotool("key", "ctrl+q")
        #expect(try demo.waitForExit() == 0)
    }

    /// A wheel turned slowly at the top refreshes (docs/behaviour.md#a-slow-wheel): one notch alone
    /// and two notches a second apart pull and go back without a refresh; four notches 300 ms
    /// apart start one.
    @Test(arguments: lists)
    func aSlowWheelRefreshes(list: String) throws {
        let demo = try DemoProcess(["--list", list, "--trace", "--latency", "0.2", "--rows", "100", "--seed", "7"])
        defer { demo.stop() }
        try demo.waitFor { $0.event == "ready" }
        demo.xdotool("mousemove", "200", "400")
        try demo.expectASlowWheelRefreshes()
    }

    /// A refresh begun at the top by a mouse drag or by F5 leaves the list at its top with the
    /// rows it brought where the header was, so a mouse drag from the top pulls again at once
    /// (docs/behaviour.md, "Refresh lifecycle"; a newcomer's first drag after a refresh "did
    /// nothing" when the new rows went above the view).
    @Test(arguments: lists, ["drag", "F5"])
    func aRefreshAtTheTopLeavesTheListPullableByADrag(list: String, start: String) throws {
        let demo = try DemoProcess(["--list", list, "--trace", "--latency", "0.2", "--rows", "100", "--seed", "7"])
        defer { demo.stop() }
        try demo.waitFor { $0.event == "ready" }
        demo.xdotool("mousemove", "200", "150")
        if start == "drag" {
            demo.xdotool("mousedown", "1")
            for step in 1...12 { demo.xdotool("mousemove", "200", "\(150 + 25 * step)") }
            demo.xdotool("mouseup", "1")
        } else {
            demo.xdotool("key", "F5")
        }
        let end = try demo.waitFor { $0.event == "refresh" && $0.phase == "end" }
        #expect(end.ok == true && (end.added ?? 0) > 0)
        let idle = try demo.waitFor { $0.event == "header" && $0.state == "idle" && $0.t > end.t }
        demo.xdotool("mousemove", "200", "150")
        demo.xdotool("mousedown", "1")
        for step in 1...4 { demo.xdotool("mousemove", "200", "\(150 + 20 * step)") }
        try demo.waitFor { $0.event == "header" && $0.state == "pulling" && $0.t > idle.t }
        demo.xdotool("mouseup", "1")
        #expect(demo.lines.filter { $0.event == "refresh" && $0.phase == "begin" }.count == 1)
        demo.xdotool("key", "ctrl+q")
        #expect(try demo.waitForExit() == 0)
    }

    /// A click on a row activates it; Down then Enter activates the next; a pull activates nothing.
    @Test func clickAndEnterActivateRowsAndAPullDoesNot() throws {
        let demo = try DemoProcess(["--trace", "--rows", "50", "--latency", "0.2"])
        defer { demo.stop() }
        try demo.waitFor { $0.event == "ready" }
        demo.xdotool("mousemove", "200", "150")
        demo.xdotool("mousedown", "1")
        for step in 1...12 { demo.xdotool("mousemove", "200", "\(150 + 25 * step)") }
        demo.xdotool("mouseup", "1")
        try demo.waitFor { $0.event == "refresh" && $0.phase == "end" }
        try demo.waitFor { $0.event == "header" && $0.state == "idle" }
        #expect(!demo.lines.contains { $0.event == "activate" }, "the pull activated a row")
        demo.xdotool("mousemove", "200", "120")
        demo.xdotool("click", "1")
        let clicked = try demo.waitFor { $0.event == "activate" }
        let row = try #require(clicked.row)
        demo.xdotool("key", "Down")
        demo.xdotool("key", "Return")
        try demo.waitFor { $0.event == "activate" && $0.row == row + 1 }
        demo.xdotool("key", "ctrl+q")
        #expect(try demo.waitForExit() == 0)
    }

    /// F5 during a load is traced as queued, and the refresh begins once the load ended
    /// (docs/behaviour.md#refresh-lifecycle), on every list kind.
    @Test(arguments: lists)
    func f5DuringALoadIsQueuedAndRefreshesAfterIt(list: String) throws {
        let demo = try DemoProcess(["--list", list, "--trace", "--latency", "1.5", "--rows", "50"])
        defer { demo.stop() }
        try demo.waitFor { $0.event == "ready" }
        demo.xdotool("mousemove", "200", "400")
        demo.xdotool("key", "End")
        try demo.waitFor { $0.event == "load" && $0.phase == "begin" }
        demo.xdotool("key", "F5")
        try demo.waitFor { $0.event == "refresh" && $0.phase == "queued" }
        try demo.waitFor { $0.event == "refresh" && $0.phase == "begin" }
        #expect(demo.loadAndRefreshPhases == ["load begin", "refresh queued", "load end", "refresh begin"])
        demo.xdotool("key", "ctrl+q")
        #expect(try demo.waitForExit() == 0)
    }

    /// `--footer none`: End reaches the last row and loads nothing; F5 still refreshes.
    @Test func noFooterLoadsNothing() throws {
        let demo = try DemoProcess(["--footer", "none", "--trace", "--latency", "0.2", "--rows", "50"])
        defer { demo.stop() }
        try demo.waitFor { $0.event == "ready" }
        demo.xdotool("mousemove", "200", "400")
        demo.xdotool("key", "End")
        demo.xdotool("key", "Return")
        demo.xdotool("click", "--repeat", "3", "--delay", "30", "5")
        demo.xdotool("key", "F5")
        try demo.waitFor { $0.event == "refresh" && $0.phase == "end" }
        #expect(!demo.lines.contains { $0.event == "load" || $0.event == "footer" }, "something loaded")
        demo.xdotool("key", "ctrl+q")
        #expect(try demo.waitForExit() == 0)
    }

    @Test func aMillionRowsOpenWithTheFirstFrameFirst() throws {
        let demo = try DemoProcess(["--trace", "--rows", "1000000"])
        defer { demo.stop() }
        let ready = try demo.waitFor { $0.event == "ready" }
        #expect(ready.rows == 1_000_000)
        print("refresh-demo --rows 1000000: first frame after \(ready.t) ms (debug build)")
        demo.xdotool("mousemove", "200", "400")
        demo.xdotool("key", "End")
        try demo.waitFor { $0.event == "load" && $0.phase == "begin" }
        demo.xdotool("key", "ctrl+q")
        #expect(try demo.waitForExit() == 0)
    }
}

/// One trace line.
struct TraceLine: Decodable {
    var t: Double
    var event: String
    var phase: String?
    var state: String?
    var ok: Bool?
    var added: Int?
    var rows: Int?
    var row: Int?
    /// `frame` lines: the saved PNG.
    var path: String?
    /// `header` lines: the displayed pull.
    var pull: Double?
    /// refresh-demo-gtk4's `view` lines: the adjustment's value, the y in the bin of the rows'
    /// viewport and of a column view's header row.
    var value: Double?
    var bottom: Double?
    var rowsY: Double?
    var headerY: Double?
    /// `animation` lines (`--trace-animations`): the animation, seconds into it, engine seconds.
    var name: String?
    var time: Double?
    var engine: Double?
    /// refresh-demo-gtk4's `select` lines: the selected rows (indices, 0 at the top).
    var selected: [Int]?
    /// refresh-demo-gtk4's `focus` lines: `footer`, `rows` or `out`.
    var on: String?
}

/// refresh-demo (or another of the package's apps) on its own Xvfb server, so that no other
/// test's window can take its input.
final class DemoProcess: @unchecked Sendable {
    static var binary: String? { CommandLineTests.binary }

    static func tool(_ name: String) -> String? { BuiltProducts.program(name) }

    /// The demo, Xvfb and xdotool are there (a condition trait: throws when one is not).
    @Sendable static func canRun() throws -> Bool {
        try Prerequisite.check(.built("refresh-demo"), .program("Xvfb", package: "xvfb"), .program("xdotool", package: "xdotool"))
    }

    private let server = Process()
    private let app = Process()
    private let display: String
    /// Guards the fields below; signalled on every line, at the end of each pipe and at exit.
    private let condition = NSCondition()
    private var buffer = Data()
    private var parsed: [TraceLine] = []
    /// Every stdout line as text, trace or not.
    private var printed: [String] = []
    private var errors = Data()
    private var stdoutEnded = false
    private var stderrEnded = false
    private var exited = false

    var lines: [TraceLine] { condition.withLock { parsed } }
    /// The `load` and `refresh` lines so far as "load begin", "refresh queued", … in order.
    var loadAndRefreshPhases: [String] {
        lines.compactMap { line -> String? in
            guard line.event == "load" || line.event == "refresh", let phase = line.phase else { return nil }
            return line.event + " " + phase
        }
    }
    var output: [String] { condition.withLock { printed } }
    /// The demo's process id (to send it signals).
    var pid: Int32 { app.processIdentifier }
    var stderr: String { condition.withLock { String(decoding: errors, as: UTF8.self) } }

    /// Runs `executable` (default: refresh-demo) with `arguments`, and `environment` on top of
    /// this process's (never set in this process: tests run in parallel).
    init(_ arguments: [String], executable: String? = nil, environment extra: [String: String] = [:]) throws {
        display = try Self.startServer(server)
        app.executableURL = URL(fileURLWithPath: try #require(executable ?? Self.binary))
        app.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["NO_AT_BRIDGE"] = "1"
        environment["GTK_A11Y"] = "none"  // GTK 4 (refresh-demo-gtk4): no AT-SPI bus lookups
        environment["GDK_BACKEND"] = "x11"
        app.environment = environment.merging(extra) { $1 }
        let out = Pipe(), err = Pipe()
        app.standardOutput = out
        app.standardError = err
        Self.read(out.fileHandleForReading) { [weak self] data in self?.take(data) }
        Self.read(err.fileHandleForReading) { [weak self] data in
            self?.update { process in
                if data.isEmpty { process.stderrEnded = true } else { process.errors.append(data) }
            }
        }
        app.terminationHandler = { [weak self] _ in self?.update { $0.exited = true } }
        try app.run()
    }

    /// Reads `handle` to its end on a thread of its own, handing each chunk to `take`, and at the
    /// end an empty one. Not `readabilityHandler`: on Linux it sometimes never reports a pipe's
    /// end (swift-corelibs-foundation SR-12080), and a demo that had quit at Ctrl+Q then looked
    /// as if it hung (issue 46).
    private static func read(_ handle: FileHandle, _ take: @escaping @Sendable (Data) -> Void) {
        Thread {
            while true {
                // Blocks until some bytes or the end (empty) arrive.
                let data = handle.availableData
                take(data)
                if data.isEmpty { return }
            }
        }.start()
    }

    private func update(_ change: (DemoProcess) -> Void) {
        condition.withLock {
            change(self)
            condition.broadcast()
        }
    }

    /// Waits under the lock until `done` holds or `deadline` passes; true if it holds.
    private func wait(until deadline: Date, for done: () -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !done() {
            if !condition.wait(until: deadline) { return done() }
        }
        return true
    }

    /// Starts Xvfb on a display it picks itself (`PrivateXvfb`; scanning /tmp for lock files
    /// instead raced with every other Xvfb on the machine and was fooled by stale locks).
    private static func startServer(_ server: Process) throws -> String {
        guard let display = try PrivateXvfb.start(server, xvfb: try #require(tool("Xvfb")), screen: "800x900x24")
        else { throw DemoProcessError.noDisplay }
        return display
    }

    /// Parses whole lines; empty data is the end of the app's stdout.
    private func take(_ data: Data) {
        update { process in
            guard !data.isEmpty else {
                process.stdoutEnded = true
                return
            }
            process.buffer.append(data)
            while let newline = process.buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = process.buffer[process.buffer.startIndex..<newline]
                process.buffer.removeSubrange(process.buffer.startIndex...newline)
                process.printed.append(String(decoding: line, as: UTF8.self))
                if let decoded = try? JSONDecoder().decode(TraceLine.self, from: Data(line)) {
                    process.parsed.append(decoded)
                }
            }
        }
    }

    /// Waits for the first trace line that matches (woken by each line as it arrives); fails
    /// after `timeout`, or at once when stdout ended without it.
    @discardableResult
    func waitFor(timeout: Double = 20, _ match: (TraceLine) -> Bool) throws -> TraceLine {
        var found: TraceLine?
        _ = wait(until: Date().addingTimeInterval(timeout)) {
            found = parsed.first(where: match)
            return found != nil || stdoutEnded
        }
        if let found { return found }
        throw DemoProcessError.missing(lines.map(\.event).joined(separator: ","), stderr)
    }

    /// Waits for a stdout line equal to `text`; false after `timeout` or at the end of stdout.
    func waitFor(line text: String, timeout: Double = 20) -> Bool {
        wait(until: Date().addingTimeInterval(timeout)) { printed.contains(text) || stdoutEnded }
            && output.contains(text)
    }

    /// Waits until the app has exited and both of its pipes reached their end, so that every
    /// line it wrote has been read.
    func waitForExit(timeout: Double = 20) throws -> Int32 {
        let done = wait(until: Date().addingTimeInterval(timeout)) { exited && stdoutEnded && stderrEnded }
        guard done else {
            // What a hang looked like: whether the process ended, its pipes closed, `quit` came.
            throw DemoProcessError.stillRunning("exited \(exited), stdout ended \(stdoutEnded), stderr ended \(stderrEnded); "
                                                + "last trace lines [\(lines.suffix(8).map(\.event).joined(separator: ","))]")
        }
        return app.terminationStatus
    }

    func xdotool(_ arguments: String...) {
        xdotool(arguments)
    }

    /// The slow wheel on either demo, the pointer over the list at its top (docs/behaviour.md#a-slow-wheel):
    /// two notches a second apart each pull and go back, and nothing arms; four notches 400 ms
    /// apart (as people turn a wheel in real apps, issue 47) refresh once. Ends by quitting the app.
    func expectASlowWheelRefreshes() throws {
        xdotool("click", "4", "sleep", "1", "click", "4")
        let first = try waitFor { $0.event == "header" && $0.state == "idle" }
        let second = try waitFor { $0.event == "header" && $0.state == "idle" && $0.t > first.t }
        // `t` is in ms: the second notch came a second after the first, each went back alone.
        #expect(second.t - first.t > 500, "the two notches were not a second apart")
        #expect(!lines.contains { $0.event == "refresh" || ($0.event == "header" && $0.state == "armed") },
                "notches a second apart armed or refreshed")
        xdotool("click", "--repeat", "4", "--delay", "400", "4")
        let end = try waitFor { $0.event == "refresh" && $0.phase == "end" }
        #expect(end.ok == true)
        try waitFor { $0.event == "header" && $0.state == "idle" && $0.t > end.t }
        #expect(lines.filter { $0.event == "refresh" && $0.phase == "begin" }.count == 1)
        xdotool("key", "ctrl+q")
        #expect(try waitForExit() == 0)
    }

    func xdotool(_ arguments: [String]) {
        run(Self.tool("xdotool")!, arguments)
    }

    /// xdotool's output lines (window ids from `search`).
    func xdotoolOutput(_ arguments: String...) -> [String] {
        run(Self.tool("xdotool")!, arguments).split(separator: "\n").map(String.init)
    }

    /// Runs a tool on the app's display to its end; its stdout.
    @discardableResult
    func run(_ tool: String, _ arguments: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.environment = ["DISPLAY": display]
        let out = Pipe()
        process.standardOutput = out
        guard (try? process.run()) != nil else { return "" }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Ends both processes. HACK: Foundation's `waitUntilExit` can block for good on Linux once
    /// the exit was already observed, so this polls `isRunning` with a deadline instead.
    func stop() {
        for process in [app, server] { process.stop() }
    }
}

enum DemoProcessError: Error, CustomStringConvertible {
    case noDisplay
    case stillRunning(String)
    case missing(String, String)

    var description: String {
        switch self {
        case .noDisplay: return "could not start a private Xvfb"
        case let .stillRunning(state): return "refresh-demo did not exit: \(state)"
        case let .missing(events, stderr): return "expected trace line never came; saw [\(events)]; stderr: \(stderr)"
        }
    }
}
