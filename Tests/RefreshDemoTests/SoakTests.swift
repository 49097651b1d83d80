import Foundation
import Testing

/// Reliability point 10, the soak: `refresh-demo soak` drives 500 refresh and 500 load-more
/// cycles through a real window (about ten minutes), so it runs only when asked:
///
///     PTR_SOAK=1 xvfb-run -a swift test --filter SoakTests      (or scripts/soak.sh)
///
/// PTR_SOAK_CYCLES changes the number of cycles of each kind (default 500).
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["PTR_SOAK"] == "1", "set PTR_SOAK=1 to run the soak"))
struct SoakTests {
    static let growthLimitKiB = 2048

    @Test(.enabled(if: CommandLineTests.binary != nil, "refresh-demo is not built next to the tests"))
    func fiveHundredCyclesGrowResidentMemoryByLessThan2MB() throws {
        let cycles = ProcessInfo.processInfo.environment["PTR_SOAK_CYCLES"].flatMap(Int.init) ?? 500
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(CommandLineTests.binary))
        process.arguments = ["soak", "--refreshes", "\(cycles)", "--loads", "\(cycles)",
                             "--warmup", "\(min(50, cycles / 5))", "--teardown"]
        var environment = ProcessInfo.processInfo.environment
        environment["G_DEBUG"] = "fatal-criticals"
        environment["NO_AT_BRIDGE"] = "1"
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        print(output, terminator: "")
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        let result = try #require(output.split(separator: "\n").first { $0.hasPrefix("soak: result ") })
        var fields: [String: Int] = [:]
        for pair in result.split(separator: " ") {
            let parts = pair.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { fields[String(parts[0])] = value }
        }
        #expect(fields["refreshes"] == cycles)
        #expect(fields["loads"] == cycles)
        let growth = try #require(fields["growth_kib"])
        #expect(growth < Self.growthLimitKiB, "resident memory grew by \(growth) KiB after the warm-up")
    }
}
