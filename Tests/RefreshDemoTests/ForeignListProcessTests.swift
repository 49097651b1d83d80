import Foundation
import Testing

/// `refresh-demo --list treeview|listbox|textview` as a person runs it (real X input through a
/// private Xvfb, see `DemoProcess`): the same keys and trace as on our own list, with the trace's
/// `rows` the wrapped GTK list's real row count. (The wheel and closing mid-refresh run on every
/// list kind in `DemoProcessTests`.)
@Suite(.serialized, .enabled { try DemoProcess.canRun() })
struct ForeignListProcessTests {
    static let kinds = ["treeview", "listbox", "textview"]

    /// F5 refreshes once and the rows it adds are in the list; End reaches the bottom and loads
    /// exactly once; Ctrl+Q ends with `quit` and exit 0, nothing on stderr.
    @Test(arguments: kinds)
    func keysRefreshAndLoadWithTheHostsRowCount(kind: String) throws {
        let demo = try DemoProcess(["--list", kind, "--trace", "--rows", "40", "--latency", "0.2", "--seed", "7",
                                    "--pages", "3"])
        defer { demo.stop() }
        let ready = try demo.waitFor { $0.event == "ready" }
        #expect(ready.rows == 40)
        demo.xdotool("mousemove", "200", "400")
        demo.xdotool("key", "F5")
        let refreshed = try demo.waitFor { $0.event == "refresh" && $0.phase == "end" }
        #expect(refreshed.ok == true)
        let added = try #require(refreshed.added)
        #expect(added > 0)
        #expect(refreshed.rows == 40 + added)
        try demo.waitFor { $0.event == "header" && $0.state == "idle" }

        demo.xdotool("key", "End")
        let loaded = try demo.waitFor { $0.event == "load" && $0.phase == "end" }
        #expect(loaded.ok == true)
        #expect(loaded.rows == 40 + added + (loaded.added ?? -1))
        #expect(demo.lines.filter { $0.event == "load" && $0.phase == "begin" }.count == 1)
        #expect(demo.lines.filter { $0.event == "refresh" && $0.phase == "begin" }.count == 1)

        demo.xdotool("key", "ctrl+q")
        #expect(try demo.waitForExit() == 0)
        #expect(demo.lines.last?.event == "quit")
        #expect(demo.stderr.isEmpty, "stderr: \(demo.stderr)")
    }

    /// GTK's lists activate rows their own way (a tree view: Enter on the cursor row; a list box:
    /// a click, or Enter on the focused row): the trace's `activate` names the row, and the next
    /// row after Down.
    @Test(arguments: ["treeview", "listbox"])
    func activatingARowIsTraced(kind: String) throws {
        let demo = try DemoProcess(["--list", kind, "--trace", "--rows", "40"])
        defer { demo.stop() }
        try demo.waitFor { $0.event == "ready" }
        demo.xdotool("mousemove", "200", "150")
        demo.xdotool("click", "1")
        demo.xdotool("key", "Return")
        let first = try demo.waitFor { $0.event == "activate" }
        let row = try #require(first.row)
        #expect(row >= 0 && row < 40)
        demo.xdotool("key", "Down")
        demo.xdotool("key", "Return")
        try demo.waitFor { $0.event == "activate" && $0.row == row + 1 }
        #expect(!demo.lines.contains { $0.event == "refresh" }, "activating refreshed")
        demo.xdotool("key", "ctrl+q")
        #expect(try demo.waitForExit() == 0)
    }
}
