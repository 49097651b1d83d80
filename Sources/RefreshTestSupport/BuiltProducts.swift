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

extension BuiltProducts {
    /// What a finished run printed, and how it ended.
    package struct Run: Sendable {
        package let status: Int32
        package let stdout: String
        package let stderr: String
    }

    /// Runs `executable` to its end with no display in its environment, so that a value let
    /// through by mistake can never open a window or start a benchmark.
    package static func runHeadless(_ executable: String, _ arguments: [String]) throws -> Run {
        try run(executable, arguments, environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
    }

    /// Runs `executable` to its end in this process's environment with `environment` set on top.
    package static func run(_ executable: String, _ arguments: [String], environment: [String: String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Reading both to their end before waiting: a full pipe would block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }
}
