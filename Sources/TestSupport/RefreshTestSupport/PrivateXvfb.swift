import Foundation

/// An Xvfb server of a test's own, so that no other test's window takes its input.
package enum PrivateXvfb {
    /// Starts `server` as Xvfb on a display it picks itself (`-displayfd`: the first free one,
    /// whatever stale locks killed runs left) and returns that display (":N") once it accepts
    /// connections; nil if Xvfb exited without one.
    package static func start(_ server: Process, xvfb: String = "/usr/bin/Xvfb", screen: String) throws -> String? {
        server.executableURL = URL(fileURLWithPath: xvfb)
        server.arguments = ["-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp"]
        let ready = Pipe()
        server.standardOutput = ready
        server.standardError = FileHandle.nullDevice
        try server.run()
        var written = Data()
        while !written.contains(UInt8(ascii: "\n")) {
            let chunk = ready.fileHandleForReading.availableData  // blocks until data or the end
            if chunk.isEmpty { break }  // Xvfb exited without a display
            written.append(chunk)
        }
        let text = String(decoding: written, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let number = Int(text), server.isRunning else { return nil }
        return ":\(number)"
    }
}

extension Process {
    /// Ends the process: SIGTERM, then SIGKILL if it is still there `seconds` later (Xvfb and some
    /// apps do not always exit on SIGTERM), and waits for it.
    package func stop(within seconds: Double = 5) {
        guard isRunning else { return }
        terminate()
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if isRunning { kill(processIdentifier, SIGKILL) }
        waitUntilExit()
    }
}
