// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "gtk-pull-to-refresh",
    products: [
        .library(name: "RefreshCore", targets: ["RefreshCore"]),
        .library(name: "RefreshGtk", targets: ["RefreshGtk"]),
        .executable(name: "refresh-demo", targets: ["refresh-demo"]),
        .executable(name: "refresh-bench", targets: ["refresh-bench"]),
        .executable(name: "refresh-bench-gtk4", targets: ["refresh-bench-gtk4"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    ],
    targets: [
        // GTK 3, GDK, Cairo, Pango and ATK through pkg-config; header-only helpers for macros.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk+-3.0",
            providers: [.apt(["libgtk-3-dev"])]
        ),
        // The only C code: GObject type registration that Swift cannot express.
        .target(name: "CGtkShim", dependencies: ["CGtk"]),
        // Platform-free engine: input, states, animation, geometry. Imports no GTK.
        .target(name: "RefreshCore", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        .target(
            name: "RefreshGtk",
            dependencies: [
                "CGtk", "CGtkShim", "RefreshCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "refresh-demo",
            dependencies: ["RefreshGtk", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "refresh-bench",
            dependencies: [
                "RefreshGtk", "CGtk", "RefreshCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // GTK 4 for the benchmark's GTK 4 peer only (GTK 4 and GTK 3 cannot share a process).
        .systemLibrary(
            name: "CGtk4",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // refresh-bench's GTK 4 child: GtkListView, run by refresh-bench in a process of its own.
        .executableTarget(
            name: "refresh-bench-gtk4",
            dependencies: ["CGtk4"],
            linkerSettings: [.linkedLibrary("m")]
        ),
        .testTarget(
            name: "RefreshCoreTests",
            dependencies: ["RefreshCore", .product(name: "PropertyBased", package: "swift-property-based")]
        ),
        .testTarget(
            name: "RefreshDrawingTests",
            dependencies: ["RefreshGtk", "RefreshCore"],
            resources: [.copy("Goldens")]
        ),
        .testTarget(
            name: "RefreshGtkTests",
            dependencies: ["RefreshGtk", "RefreshCore", "CGtk"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
