import Foundation

/// The package's executables as built next to the running test bundle.
package enum BuiltProducts {
    /// The path of executable `name` in the build directory, or nil when it was not built.
    package static func executable(_ name: String) -> String? {
        let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = bundle.deletingLastPathComponent()
        // On some layouts the test executable sits inside a `.xctest` directory.
        if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
        let candidate = directory.appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    /// The demo app, `refresh-demo`.
    package static let demo = executable("refresh-demo")
}
