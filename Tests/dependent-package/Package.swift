// swift-tools-version:6.0
// A package that depends on gtk-pull-to-refresh by path, as an app does (scripts/check-dependent.sh
// builds it; docs/testing.md, "The dependent package"). It builds the examples README, docs/ and
// the DocC articles quote (Sources/*-example are links to Examples/), so that they are shown to
// compile against the public API only, and `public-api-check`, which uses the names of the
// engine's geometry for the app's own types.
import PackageDescription

// A path dependency's identity is its directory's name: whatever the checkout is called.
let root = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? ""

// Apps that turn on SE-0444 see a type's members only where its module is imported: the types
// RefreshGtk re-exports must bring theirs.
let app: [SwiftSetting] = [.enableUpcomingFeature("MemberImportVisibility")]

let package = Package(
    name: "dependent-package",
    dependencies: [.package(path: "../..")],
    targets: [
        .target(name: "AppGeometry"),
        .executableTarget(
            name: "public-api-check",
            dependencies: ["AppGeometry", .product(name: "RefreshGtk", package: root)], swiftSettings: app
        ),
        .executableTarget(
            name: "refresh-example", dependencies: [.product(name: "RefreshGtk", package: root)], swiftSettings: app
        ),
        .executableTarget(
            name: "treeview-example", dependencies: [.product(name: "RefreshGtk", package: root)], swiftSettings: app
        ),
        .executableTarget(
            name: "custom-drawing-example", dependencies: [.product(name: "RefreshGtk", package: root)],
            swiftSettings: app
        ),
    ],
    swiftLanguageModes: [.v6]
)
