import CGtk4
import DemoRendering
import Glibc
import RefreshCore
import RefreshDrawing
import RefreshGtk4

// refresh-demo-gtk4: one of GTK 4's lists in the GTK 4 bin, with refresh-demo's commands, options,
// keys and `--trace` lines (docs/demo.md, "The GTK 4 demo").

_ = Trace.processStart
L10n.setUp()  // before GTK starts: locale and translations, as refresh-demo

var outcome = CommandDispatch.parse(Array(CommandLine.arguments.dropFirst()), root: Gtk4DemoRoot.self)
if case .command(let command) = outcome {
    if let run = command as? Gtk4RunCommand {
        do {
            let options = try run.options()
            if let asked = options.clampedFrom {
                Trace.write("refresh-demo-gtk4: --list \(options.list.rawValue) shows at most \(options.rows) rows, not \(asked)\n", to: 2)
            }
            gtk_init()
            MainActor.assumeIsolated {
                Trace.enabled = options.trace
                DemoWindow(options: options).run()
            }
            exit(0)
        } catch {
            outcome = CommandDispatch.outcome(for: error, root: Gtk4DemoRoot.self)
        }
    } else {
        // `snapshot` and `filmstrip` (headless) and `record` (which starts GTK itself).
        var headless = command
        do {
            try headless.run()
            exit(0)
        } catch {
            outcome = CommandDispatch.outcome(for: error, root: Gtk4DemoRoot.self)
        }
    }
}
if case .exit(let status, let stdout, let stderr) = outcome {
    Trace.write(stdout, to: 1)
    Trace.write(stderr, to: 2)
    exit(status)
}
