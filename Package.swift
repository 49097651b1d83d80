// swift-tools-version:6.0
import PackageDescription

// The layout is described in docs/architecture.md; keep the two in sync. Each target lives in
// Sources/<group>/<target>: Shared (no toolkit), GTK3, GTK4, Demos, QA (visual QA, bench and soak
// tools), TestSupport.

// The GTK 4 products: RefreshGtk4 for Swift apps, and libPtrRefresh4.so, the GTK 4 library beside
// libPtrRefresh.so (namespace Ptr4, docs/gobject-api.md): Ptr4RefreshBin (CGtk4Shim) and its Swift
// behaviour (RefreshGtk4). Declared only when asked (PTR_GTK4_PRODUCTS=1: scripts/build-gir.sh, a
// GTK 4 app's build): a product makes SwiftPM read GTK 4's pkg-config flags, and warn about them,
// in every package that depends on this one, GTK 3 apps included (docs/install.md).
let gtk4Products: [Product] = Context.environment["PTR_GTK4_PRODUCTS"] == "1"
    ? [.library(name: "RefreshGtk4", targets: ["RefreshGtk4"]),
       .library(name: "PtrRefresh4", type: .dynamic, targets: ["CGtk4Shim", "RefreshGtk4"])]
    : []
let package = Package(
    name: "gtk-pull-to-refresh",
    products: [
        // What apps link: the engine and the widget. Nothing else is a library product.
        .library(name: "RefreshCore", targets: ["RefreshCore"]),
        .library(name: "RefreshGtk", targets: ["RefreshGtk"]),
        // libPtrRefresh.so for C, Python, JavaScript, …: the GObject types (CGtkShim) and their
        // Swift behaviour (RefreshGtk) in one library; scripts/build-gir.sh builds it with its
        // .gir and .typelib (docs/gobject-api.md).
        .library(name: "PtrRefresh", type: .dynamic, targets: ["CGtkShim", "RefreshGtk"]),
        .executable(name: "refresh-demo", targets: ["refresh-demo"]),
        // The tools (refresh-bench, refresh-soak, refresh-gtk4-frames) and the GTK 4 executables are
        // no products (`swift build --product refresh-bench` still builds one here): a package that
        // depends on this one gets the widget and the demo, never a tool that links the test
        // support, and never reads GTK 4's pkg-config flags unless it asks (docs/install.md).
    ] + gtk4Products,
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        // `swift package generate-documentation --target RefreshGtk` (README, "Documentation").
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // GTK 3, GDK, Cairo, Pango and ATK through pkg-config; header-only helpers for macros.
        .systemLibrary(
            name: "CGtk", path: "Sources/GTK3/CGtk",
            pkgConfig: "gtk+-3.0",
            providers: [.apt(["libgtk-3-dev"])]
        ),
        // GLib, GObject and GIO, and nothing of a toolkit: the main-loop integration's.
        .systemLibrary(
            name: "CGLib", path: "Sources/Shared/CGLib",
            pkgConfig: "gio-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        // The GSource that services Swift's main queue from GLib's loop (docs/main-loop.md), in C
        // because it reaches libdispatch's run-loop interface.
        .target(name: "CMainQueue", dependencies: ["CGLib"],
                path: "Sources/Shared/CMainQueue", linkerSettings: [.linkedLibrary("dispatch")]),
        // Swift concurrency under GLib's loop, for both toolkits: `GtkMainQueue` and the async
        // refresh and load-more handlers.
        .target(name: "RefreshMainLoop", dependencies: ["CGLib", "CMainQueue"], path: "Sources/Shared/RefreshMainLoop"),
        // The C: GObject types Swift cannot register (the GtkScrollable drawing area and its ATK
        // accessible), their vtable hooks into Swift, inline macro shims.
        // What the GObject classes of both toolkits' C share: their enums' values, the specs of their
        // common properties and signals (GLib only).
        .target(name: "CRefreshGObject", dependencies: ["CGLib"], path: "Sources/Shared/CRefreshGObject"),
        .target(name: "CGtkShim", dependencies: ["CGtk", "CRefreshGObject"],
                path: "Sources/GTK3/CGtkShim", cSettings: [.define("G_LOG_DOMAIN", to: "\"Ptr\"")]),
        // Platform-free engine: input, states, animation, geometry. Imports no GTK.
        .target(name: "RefreshCore", dependencies: [.product(name: "RealModule", package: "swift-numerics")],
                path: "Sources/Shared/RefreshCore"),
        // Cairo, Pango over Cairo, GLib and gettext, and nothing of a toolkit: what the painters use.
        .systemLibrary(
            name: "CPangoCairo", path: "Sources/Shared/CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]
        ),
        // The header and footer painters, the header styles an app can write, the strings: drawn
        // with Cairo and Pango only, so that the GTK 3 and the GTK 4 widget draw the same pixels.
        .target(name: "RefreshDrawing", dependencies: ["CPangoCairo", "RefreshCore"],
                path: "Sources/Shared/RefreshDrawing"),
        // The widget core both toolkits' widgets share (docs/architecture.md, "The widget core"): the
        // engine driver over a small host protocol, the key table. GLib, no toolkit.
        .target(name: "RefreshWidgetCore", dependencies: ["CGLib", "RefreshCore", "RefreshMainLoop"],
                path: "Sources/Shared/RefreshWidgetCore"),
        // The widget apps link: input capture, GTK 3 calls, theme colours, frame clock.
        .target(name: "RefreshGtk", dependencies: ["CGtk", "CGtkShim", "RefreshCore", "RefreshDrawing", "RefreshMainLoop",
                                                   "RefreshWidgetCore"], path: "Sources/GTK3/RefreshGtk"),
        // The header and footer moments visual QA shows, reached by driving the engine with
        // injected time; toolkit-free, so that both toolkits' widgets can be put into them.
        .target(name: "RefreshScenes", dependencies: ["RefreshCore"], path: "Sources/QA/RefreshScenes"),
        // Headless rendering for visual QA: snapshots, filmstrips, of the scenes above.
        .target(name: "RefreshQA", dependencies: ["CPangoCairo", "RefreshCore", "RefreshDrawing", "RefreshScenes"],
                path: "Sources/QA/RefreshQA"),
        // The demo app: window, command line, simulated feed, trace, live QA tools (`record`
        // drives its window with the synthesized pointer and main-loop waits of QA/).
        .target(
            name: "RefreshDemo",
            dependencies: [
                "CGtk", "RefreshCore", "RefreshDrawing", "RefreshGtk", "RefreshQA", "DemoOptionValues", "DemoRendering",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Demos/RefreshDemo"
        ),
        .executableTarget(name: "refresh-demo", dependencies: ["RefreshDemo", "RefreshDrawing"],
                          path: "Sources/Demos/refresh-demo"),
        // What both demos draw without a window: the app-drawn `arc` header and the `snapshot`
        // and `filmstrip` commands (toolkit-free, like the two below).
        .target(
            name: "DemoRendering",
            dependencies: [
                "CPangoCairo", "RefreshCore", "RefreshDrawing", "RefreshQA", "RefreshScenes", "DemoOptionValues",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Demos/DemoRendering"
        ),
        // The command-line values both demos take, checked and rejected one way (toolkit-free:
        // the GTK 3 and GTK 4 demos cannot share a module that links GTK).
        .target(name: "DemoOptionValues", path: "Sources/Demos/DemoOptionValues"),
        // What only tests (and test tools) use: the rest of the synthesized input, harnesses,
        // prerequisites, built products, a manual clock. The demo does not link it.
        .target(name: "RefreshTestSupport", dependencies: ["CGtk", "RefreshCore", "RefreshDrawing", "RefreshGtk", "RefreshDemo"],
                path: "Sources/TestSupport/RefreshTestSupport"),
        // The reliability soak (scripts/soak.sh, SoakTests): a test tool, not a product.
        .executableTarget(
            name: "refresh-soak",
            dependencies: [
                "RefreshDemo", "RefreshTestSupport", "RefreshGtk", "CGtk", "RefreshCore", "RefreshDrawing",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/QA/refresh-soak"
        ),
        .executableTarget(
            name: "refresh-bench",
            dependencies: [
                "RefreshGtk", "RefreshQA", "RefreshDemo", "RefreshTestSupport", "CGtk", "RefreshCore", "RefreshDrawing",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/QA/refresh-bench"
        ),
        // GTK 4 for the GTK 4 side only (GTK 4 and GTK 3 cannot share a process).
        .systemLibrary(
            name: "CGtk4", path: "Sources/GTK4/CGtk4",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // The GTK 4 bin's C: the GtkWidget subclass that moves its child with a transform, its
        // capture-phase controllers and the hooks into Swift (docs/gtk4-notes.md).
        .target(name: "CGtk4Shim", dependencies: ["CGtk4", "CRefreshGObject"],
                path: "Sources/GTK4/CGtk4Shim", cSettings: [.define("G_LOG_DOMAIN", to: "\"Ptr4\"")]),
        // The GTK 4 widget: the engine over a GtkScrolledWindow in the GTK 4 bin. No GTK 3 module:
        // GTK 3 and GTK 4 cannot share a process.
        .target(name: "RefreshGtk4", dependencies: ["CGtk4", "CGtk4Shim", "RefreshCore", "RefreshDrawing", "RefreshMainLoop",
                                                     "RefreshWidgetCore"], path: "Sources/GTK4/RefreshGtk4"),
        // What GTK 4 QA tools render with: a widget through its window's GSK renderer to a PNG at
        // device scale, the headless renderer's text settings (refresh-gtk4-frames, the demo's record).
        .target(name: "RefreshQAGtk4", dependencies: ["CGtk4", "RefreshDrawing", "RefreshGtk4"],
                path: "Sources/QA/RefreshQAGtk4"),
        // The GTK 4 demo's rows for GtkListView and GtkColumnView: a GListModel that makes items on
        // demand (10,000,000 rows by default).
        .target(name: "CGtk4DemoModel", dependencies: ["CGtk4"], path: "Sources/Demos/CGtk4DemoModel"),
        // The GTK 4 demo: GTK 4's lists in the GTK 4 bin, with refresh-demo's options, `--trace` lines
        // and live QA tools.
        .executableTarget(
            name: "refresh-demo-gtk4",
            dependencies: [
                "RefreshGtk4", "CGtk4", "CGtk4DemoModel", "RefreshCore", "RefreshDrawing", "RefreshScenes", "DemoOptionValues",
                "DemoRendering", "RefreshQAGtk4", "CGtk4Shim", "RefreshQA",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/Demos/refresh-demo-gtk4"
        ),
        // A test tool: a live GTK 4 bin put into one of the headless renderer's moments, rendered
        // to a PNG (Gtk4HeaderFrameTests compares the two).
        .executableTarget(
            name: "refresh-gtk4-frames",
            dependencies: ["RefreshGtk4", "RefreshDrawing", "RefreshScenes", "RefreshCore", "CGtk4", "DemoRendering", "RefreshQAGtk4"],
            path: "Sources/QA/refresh-gtk4-frames"
        ),
        // refresh-bench's GTK 4 child: GtkListView, bare and in the GTK 4 bin, run by refresh-bench in
        // a process of its own. C over the bin's public API (CGtk4Shim); RefreshGtk4 is the bin's Swift
        // side, linked in as it is in libPtrRefresh4.so.
        .executableTarget(
            name: "refresh-bench-gtk4",
            dependencies: ["CGtk4", "CGtk4Shim", "RefreshGtk4"],
            path: "Sources/QA/refresh-bench-gtk4",
            linkerSettings: [.linkedLibrary("m")]
        ),
        // The examples README, docs/ and the DocC articles quote (DocsTests checks every Swift
        // block is in one of them), built so that they never rot: README's "Using the widget",
        // a GtkTreeView in a RefreshBin, rows and a header the app draws.
        .executableTarget(name: "refresh-example", dependencies: ["RefreshGtk"], path: "Examples/refresh-example"),
        .executableTarget(name: "treeview-example", dependencies: ["RefreshGtk"], path: "Examples/treeview-example"),
        .executableTarget(
            name: "custom-drawing-example", dependencies: ["RefreshGtk"], path: "Examples/custom-drawing-example"
        ),
        // The GTK 4 widget from Swift, answered with async closures (docs/gtk4-notes.md).
        .executableTarget(name: "gtk4-refresh-example", dependencies: ["RefreshGtk4"],
                          path: "Examples/gtk4-refresh-example"),
        .testTarget(
            name: "RefreshCoreTests",
            dependencies: ["RefreshCore", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        // The widget core through a fake host: no toolkit, no display.
        .testTarget(name: "RefreshWidgetCoreTests", dependencies: ["RefreshWidgetCore", "RefreshCore"]),
        .testTarget(
            name: "RefreshGtkTests",
            dependencies: [
                "RefreshGtk", "RefreshCore", "RefreshDrawing", "RefreshMainLoop", "CMainQueue", "RefreshTestSupport",
                "RefreshDemo", "CGtk", "CGtkShim", "RefreshWidgetCore",
            ]
        ),
        .testTarget(
            name: "RefreshDrawingTests",
            dependencies: ["RefreshGtk", "RefreshQA", "RefreshCore", "RefreshDrawing", "CGtk", "RefreshDemo", "DemoRendering", "RefreshTestSupport"],
            resources: [.copy("Goldens")]
        ),
        // What README, docs/ and the DocC articles name exists; their Swift blocks are built examples.
        .testTarget(name: "DocsTests"),
        // Every program the suite and the scripts run is installed by scripts/deps.sh.
        .testTarget(name: "ToolingTests"),
        .testTarget(
            name: "RefreshDemoTests",
            dependencies: ["RefreshDemo", "RefreshGtk", "RefreshCore", "RefreshDrawing", "RefreshTestSupport", "RefreshWidgetCore", "CGtk"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
