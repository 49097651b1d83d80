import Foundation

/// The package's executables as built next to the running test bundle.
package enum BuiltProducts {
    /// The path of executable `name` in the build directory, or nil when it was not built.
    package static func executable(_ name: String) -> String? {
        let bundle = URL(fileURLWithPath: running)
        var directory = bundle.deletingLastPathComponent()
        // On some layouts the test executable sits inside a `.xctest` directory.
        if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
        let candidate = directory.appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: candidate) ? candidate : nil
    }

    /// This running executable (the test bundle, in a test): to run a test again in a child.
    package static var running: String { URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path }

    /// The demo app, `refresh-demo`.
    package static let demo = executable("refresh-demo")
    /// The reliability soak, `refresh-soak` (a test tool).
    package static let soak = executable("refresh-soak")

    /// An installed program: the first executable `name` in `/usr/bin`, `/usr/local/bin`, then
    /// each directory of `PATH`; nil when there is none.
    package static func program(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let directories = ["/usr/bin", "/usr/local/bin"] + path.split(separator: ":").map(String.init)
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

extension BuiltProducts {
    /// What a finished run printed, and how it ended.
    package struct Run: Sendable {
        /// The exit status, or the signal's number when `signalled`.
        package let status: Int32
        /// Killed by a signal (a fatal GLib critical traps) rather than exited.
        package let signalled: Bool
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
        // Both read to their end before waiting, stderr on another thread: a full pipe would
        // block the child.
        nonisolated(unsafe) var stderr = Data()
        let stderrRead = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            stderr = err.fileHandleForReading.readDataToEndOfFile()
            stderrRead.signal()
        }
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        stderrRead.wait()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                   stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }
}
