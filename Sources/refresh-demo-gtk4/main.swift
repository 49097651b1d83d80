import CGtk4
import Glibc
import RefreshCore
import RefreshGtk4

// refresh-demo-gtk4 (first stage): a GtkListView of generated rows in the GTK 4 bin, with
// refresh-demo's `--trace` lines (ready, header, refresh begin/end, quit) so that its scripted
// checks can read it. Options so far: --trace, --rows N, --latency SECONDS.

let processStart = g_get_monotonic_time()

/// One JSON object per line on stdout, `{"t":<ms>,"event":<name>,...}`, as refresh-demo's trace.
func trace(_ event: String, _ fields: [(String, String)] = []) {
    guard options.trace else { return }
    let micros = max(0, Int(g_get_monotonic_time() - processStart))
    let fraction = String(micros % 1000)
    var line = "{\"t\":\(micros / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    line += ",\"event\":\"\(event)\""
    for (key, value) in fields { line += ",\"\(key)\":\(value)" }
    line += "}\n"
    _ = line.withCString { write(1, $0, strlen($0)) }
}

struct Options {
    var trace = false
    var rows = 1000
    var latency = 1.0

    init(_ arguments: ArraySlice<String>) {
        var rest = arguments
        while let argument = rest.popFirst() {
            switch argument {
            case "--trace": trace = true
            case "--rows": rows = Self.value(argument, rest.popFirst(), Int.init, valid: { $0 >= 0 })
            case "--latency": latency = Self.value(argument, rest.popFirst(), Double.init, valid: { $0 >= 0 && $0.isFinite })
            default: Self.fail("unknown option '\(argument)'")
            }
        }
    }

    static func value<T>(_ option: String, _ text: String?, _ parse: (String) -> T?, valid: (T) -> Bool) -> T {
        guard let text, let value = parse(text), valid(value) else { fail("\(option) needs a valid value") }
        return value
    }

    static func fail(_ message: String) -> Never {
        let text = "refresh-demo-gtk4: \(message)\nusage: refresh-demo-gtk4 [--trace] [--rows N] [--latency SECONDS]\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
        exit(2)
    }
}

let options = Options(CommandLine.arguments.dropFirst())

setlocale(LC_ALL, "")
gtk_init()

let strings = gtk_string_list_new(nil)!
for index in 0..<options.rows { gtk_string_list_append(strings, "Row \(index + 1)") }
var nextNewRow = 1

let itemTemplate = """
<?xml version="1.0" encoding="UTF-8"?>
<interface>
  <template class="GtkListItem">
    <property name="child">
      <object class="GtkLabel">
        <property name="xalign">0</property>
        <property name="margin-start">12</property>
        <property name="margin-top">10</property>
        <property name="margin-bottom">10</property>
        <binding name="label">
          <lookup name="string" type="GtkStringObject">
            <lookup name="item">GtkListItem</lookup>
          </lookup>
        </binding>
      </object>
    </property>
  </template>
</interface>
"""
let templateBytes = itemTemplate.withCString { g_bytes_new($0, gsize(strlen($0))) }
let factory = gtk_builder_list_item_factory_new_from_bytes(nil, templateBytes)
g_bytes_unref(templateBytes)
let selection = gtk_single_selection_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(strings))))
let listView = gtk_list_view_new(selection, factory)!
let scrolled = gtk_scrolled_window_new()!
gtk_scrolled_window_set_child(OpaquePointer(scrolled), listView)

let window = gtk_window_new()!
gtk_window_set_title(window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { $0 }, "Pull to refresh (GTK 4)")
gtk_window_set_default_size(window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { $0 }, 400, 600)

/// The main loop runs until Ctrl+Q or the window's close button (main thread only).
nonisolated(unsafe) var running = true

func quit() {
    guard running else { return }
    running = false
    trace("quit")
}

MainActor.assumeIsolated {
    let bin = RefreshBin(wrapping: scrolled)
    gtk_window_set_child(window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { $0 }, bin.widget)
    bin.onHeaderPhase = { phase, pull in
        trace("header", [("state", "\"\(phase.rawValue)\""), ("pull", "\((pull * 100).rounded() / 100)")])
    }
    bin.onRefresh = { [weak bin] in
        trace("refresh", [("phase", "\"begin\"")])
        let finish: @MainActor () -> Void = {
            let added = 3
            var rows: [String] = (0..<added).map { "New row \(nextNewRow + $0)" }
            nextNewRow += added
            withArrayOfCStrings(&rows) { gtk_string_list_splice(strings, 0, 0, $0) }
            bin?.endRefreshing(ok: true, insertedAtTop: added)
            trace("refresh", [("phase", "\"end\""), ("ok", "true"), ("added", "\(added)"),
                              ("rows", "\(g_list_model_get_n_items(strings))")])
        }
        after(options.latency, finish)
    }
    bin.onFooterPhase = { phase in trace("footer", [("state", "\"\(phase.rawValue)\"")]) }
    bin.onLoadMore = { [weak bin] in
        trace("load", [("phase", "\"begin\"")])
        after(options.latency) {
            let added = 20
            let first = Int(g_list_model_get_n_items(strings))
            for index in 0..<added { gtk_string_list_append(strings, "Row \(first + index + 1)") }
            bin?.endLoading(ok: true, added: added)
            trace("load", [("phase", "\"end\""), ("ok", "true"), ("added", "\(added)"),
                           ("rows", "\(g_list_model_get_n_items(strings))")])
        }
    }

    let shortcuts = gtk_shortcut_controller_new()!
    let quitBox = Unmanaged.passRetained(Callback { quit() }).toOpaque()
    let quitAction = gtk_callback_action_new({ _, _, data in
        MainActor.assumeIsolated { Unmanaged<Callback>.fromOpaque(data!).takeUnretainedValue().body() }
        return 1
    }, quitBox, { data in Unmanaged<Callback>.fromOpaque(data!).release() })
    gtk_shortcut_controller_add_shortcut(shortcuts,
                                         gtk_shortcut_new(gtk_shortcut_trigger_parse_string("<Control>q"), quitAction))
    gtk_widget_add_controller(window, shortcuts)

    let closeBox = Unmanaged.passRetained(Callback { quit() }).toOpaque()
    let onClose: @convention(c) (gpointer?, gpointer?) -> gboolean = { _, data in
        MainActor.assumeIsolated { Unmanaged<Callback>.fromOpaque(data!).takeUnretainedValue().body() }
        return 0
    }
    g_signal_connect_data(window, "close-request", unsafeBitCast(onClose, to: GCallback.self), closeBox,
                          { data, _ in Unmanaged<Callback>.fromOpaque(data!).release() }, GConnectFlags(rawValue: 0))

    // `ready` once the window has drawn a frame (the second tick comes after the first paint), so
    // that input sent after it reaches a mapped window, as refresh-demo's `ready` does.
    let readyBox = Unmanaged.passRetained(Callback { trace("ready", [("rows", "\(options.rows)")]) }).toOpaque()
    gtk_widget_add_tick_callback(window, { _, _, data in
        MainActor.assumeIsolated {
            let ready = Unmanaged<Callback>.fromOpaque(data!).takeUnretainedValue()
            ready.calls += 1
            guard ready.calls == 2 else { return 1 }
            ready.body()
            return 0
        }
    }, readyBox, { data in Unmanaged<Callback>.fromOpaque(data!).release() })
    gtk_window_present(window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { $0 })
    while running { g_main_context_iteration(nil, 1) }
    gtk_window_destroy(window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { $0 })
    while g_main_context_iteration(nil, 0) != 0 {}
}

/// Runs `body` once, `seconds` from now, on GLib's loop (the simulated network).
@MainActor func after(_ seconds: Double, _ body: @escaping @MainActor () -> Void) {
    let box = Unmanaged.passRetained(Callback(body)).toOpaque()
    g_timeout_add_full(G_PRIORITY_DEFAULT, guint(seconds * 1000), { data in
        MainActor.assumeIsolated { Unmanaged<Callback>.fromOpaque(data!).takeUnretainedValue().body() }
        return 0
    }, box, { data in Unmanaged<Callback>.fromOpaque(data!).release() })
}

final class Callback {
    let body: @MainActor () -> Void
    /// How many times a tick callback has seen it.
    var calls = 0
    init(_ body: @escaping @MainActor () -> Void) { self.body = body }
}

/// `rows` as a NULL-terminated `const char **` for GTK.
func withArrayOfCStrings(_ rows: inout [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Void) {
    var pointers: [UnsafeMutablePointer<CChar>?] = rows.map { strdup($0) }
    pointers.append(nil)
    pointers.withUnsafeMutableBufferPointer { buffer in
        buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { body($0) }
    }
    pointers.forEach { free($0) }
}
