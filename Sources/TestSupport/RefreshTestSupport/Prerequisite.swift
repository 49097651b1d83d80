import RefreshDemo
import Foundation

/// What a test needs from the machine: a display, a built product, an installed program. A test
/// whose prerequisite is missing fails, naming it; it never skips. `scripts/test.sh` provides
/// every one, so under it a skip could only hide a broken set-up (a dead Xvfb, a failed build)
/// behind a green run (docs/architecture.md, "RefreshTestSupport").
///
/// Use it where the need is: as a suite's or a test's trait,
/// `.enabled { try Prerequisite.check(.display) }` (swift-testing records an error thrown by a
/// condition as the test's failure, where a false condition would skip it); `try` in a test
/// body or an XCTest `setUp`; `path(of:)` for the program itself.
package enum Prerequisite: Sendable {
    /// A display named in the environment (`DISPLAY` or `WAYLAND_DISPLAY`). A display that is
    /// named but dead fails where the test opens it (`MainLoop.initializeGtk`, a process's window).
    case display
    /// The package's executable built beside the tests.
    case built(String)
    /// An installed program (`/usr/bin`, `/usr/local/bin`, then `PATH`), with the Debian package
    /// that installs it (scripts/deps.sh test).
    case program(String, package: String)

    /// The error a test fails with.
    package struct Missing: Error, CustomStringConvertible {
        package let description: String
    }

    /// Throws `Missing` for the first of `needs` that is missing; true when all are there (the
    /// value a condition trait wants).
    @discardableResult
    package static func check(_ needs: Prerequisite...) throws -> Bool {
        for need in needs { _ = try need.resolve() }
        return true
    }

    /// The path of a built product or program; throws `Missing` when it is not there.
    package static func path(of need: Prerequisite) throws -> String {
        try need.resolve()
    }

    /// Throws `Missing` ("cannot run: `missing`") unless `condition` holds; true otherwise.
    @discardableResult
    package static func require(_ condition: Bool, _ missing: @autoclosure () -> String) throws -> Bool {
        if !condition { throw Missing(description: "cannot run: \(missing()) (scripts/test.sh provides it)") }
        return true
    }

    /// The path found (empty for a display), or `Missing`.
    private func resolve() throws -> String {
        switch self {
        case .display:
            try Self.require(MainLoop.hasDisplay, "no display: run under xvfb-run")
            return ""
        case .built(let name):
            let path = BuiltProducts.executable(name)
            try Self.require(path != nil, "\(name) is not built beside the tests (swift build)")
            return path!
        case .program(let name, let package):
            let path = BuiltProducts.program(name)
            try Self.require(path != nil, "\(name) is not installed (Debian package \(package))")
            return path!
        }
    }
}
