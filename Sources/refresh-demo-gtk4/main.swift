import CGtk4
import Glibc
import RefreshCore
import RefreshGtk4

// refresh-demo-gtk4: one of GTK 4's lists in the GTK 4 bin, with refresh-demo's options, keys
// and `--trace` lines (docs/demo.md, "The GTK 4 demo").

_ = Trace.processStart

let options: DemoOptions
switch DemoCommandLine.parse(Array(CommandLine.arguments.dropFirst())) {
case .run(let parsed):
    options = parsed
case .exit(let status, let stdout, let stderr):
    Trace.write(stdout, to: 1)
    Trace.write(stderr, to: 2)
    exit(status)
}

if let asked = options.clampedFrom {
    Trace.write("refresh-demo-gtk4: --list \(options.list.rawValue) shows at most \(options.rows) rows, not \(asked)\n", to: 2)
}

setlocale(LC_ALL, "")
gtk_init()

MainActor.assumeIsolated {
    Trace.enabled = options.trace
    let app = DemoWindow(options: options)
    app.run()
}
