import CGtk4
import DemoRendering
import Glibc
import RefreshCore
import RefreshDrawing
import RefreshGtk4
import RefreshQAGtk4
import RefreshScenes

// refresh-gtk4-frames: a test tool (not a product). It puts a live GTK 4 bin into one moment of
// `HeaderScene` (the moments the headless goldens draw), renders the window through its own GSK
// renderer and saves the PNG, so that `Gtk4HeaderFrameTests` can compare the gap with the headless
// renderer's image (docs/testing.md, "GTK 4 header frames"). GTK 4 cannot share the test process
// with GTK 3, hence a process of its own.
//
//   refresh-gtk4-frames --style jike|classic|plain|arc --moment pull:0.5|armed:0.3|refresh:0.4|end:0.2|failed
//                       --width 360 --out FILE.png
//
// The scale is the display's (GDK_SCALE), the renderer GSK_RENDERER's. Prints one JSON line:
// the scale, the width, the header's content top and the colours it was drawn with.

func fail(_ message: String) -> Never {
    let text = "refresh-gtk4-frames: \(message)\n"
    _ = text.withCString { write(2, $0, strlen($0)) }
    exit(2)
}

var style = DemoHeader.jike
var moment = HeaderMoment.pull(progress: 0.5)
var width = 360
var out: String?
var arguments = CommandLine.arguments.dropFirst()
while let option = arguments.popFirst() {
    guard let value = arguments.popFirst() else { fail("\(option) needs a value") }
    switch option {
    case "--style":
        guard let parsed = DemoHeader(rawValue: value) else { fail("unknown style '\(value)'") }
        style = parsed
    case "--moment":
        guard let parsed = HeaderMoment(argument: value) else { fail("unknown moment '\(value)'") }
        moment = parsed
    case "--width":
        guard let parsed = Int(value), parsed >= 100, parsed <= 2000 else { fail("bad width '\(value)'") }
        width = parsed
    case "--out": out = value
    default: fail("unknown option '\(option)'")
    }
}
guard let out else { fail("--out FILE.png is required") }

gtk_init()

HeadlessText.pinSettings()

/// Frames the window's clock has drawn (main thread only).
nonisolated(unsafe) var frames = 0

func waitFrames(_ count: Int) {
    let target = frames + count
    while frames < target { g_main_context_iteration(nil, 1) }
}

MainActor.assumeIsolated {
    let strings = gtk_string_list_new(nil)!
    for index in 0..<40 { gtk_string_list_append(strings, "Row \(index + 1)") }
    let selection = gtk_no_selection_new(strings)
    let factory = gtk_signal_list_item_factory_new()
    let list = gtk_list_view_new(selection, factory)!
    let scrolled = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_child(OpaquePointer(scrolled), list)
    let bin = RefreshBin(wrapping: scrolled)
    // `arc`: the demo's app-drawn header, over the plain bar's timings (as refresh-demo shows it).
    let look = style.makeAppDrawnStyle() ?? style.timings.makeStyle()
    bin.header = look
    // The bin's clock stands at the moment's time from the start, so nothing moves on its own.
    let engine = HeaderScene.engine(at: moment, style: style.timings, heldHeight: look.heldHeight)
    bin.clock = { [now = engine.now] in now }
    HeadlessText.apply(to: bin)

    let window = gtk_window_new()!
    let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
    gtk_window_set_default_size(gtkWindow, gint(width), 600)
    gtk_window_set_decorated(gtkWindow, 0)
    gtk_window_set_child(gtkWindow, bin.widget)
    _ = gtk_widget_add_tick_callback(window, { _, _, _ in
        frames += 1
        return 1
    }, nil, nil)
    gtk_window_present(gtkWindow)
    waitFrames(3)

    bin.adopt(engine)
    waitFrames(3)

    let scale = Double(gtk_widget_get_scale_factor(bin.widget))
    let logicalWidth = Double(gtk_widget_get_width(bin.widget))
    guard WidgetImage.writePNG(bin.widget, to: out) else { fail("cannot render the window into '\(out)'") }

    let colours = bin.colours
    func rgba(_ c: RGBA) -> String { "[\(c.r),\(c.g),\(c.b),\(c.a)]" }
    let p = colours.palette
    let visual = engine.headerVisual
    var line = "{\"scale\":\(scale),\"width\":\(logicalWidth),\"content_top\":\(visual.contentTop)"
    line += ",\"renderer\":\"\(WidgetImage.rendererName(bin.widget))\""
    line += ",\"background\":\(colours.background.map(rgba) ?? "null")"
    line += ",\"palette\":{\"track\":\(rgba(p.track)),\"accent\":\(rgba(p.accent)),\"error\":\(rgba(p.error))"
    line += ",\"text\":\(rgba(p.text)),\"bar\":\(rgba(p.bar)),\"bar_text\":\(rgba(p.barText))}}\n"
    _ = line.withCString { write(1, $0, strlen($0)) }
    gtk_window_destroy(gtkWindow)
}
