import Foundation
import RefreshTestSupport
import Testing

/// refresh-bench's counted region must survive the release build the benchmark runs
/// (docs/benchmark.md, "Instruction counts"): callgrind toggles and dumps on the one symbol
/// `$s13refresh_bench25instructionsCountedRegionyyyyXEF`, so a call the optimizer redirects to a
/// specialized copy (a closure specialization, named after its caller) is never counted, and a
/// `--counted` child writes no dump. The debug build the other bench tests run never
/// specializes, so this compiles the real `CountedRegion.swift` with a caller shaped like
/// `ChildRun.runCounted` (a closure capturing locals, twice) as the release build does
/// (`-O`, whole module) and reads the object's symbols.
@Suite struct CountedRegionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let region = "$s13refresh_bench25instructionsCountedRegionyyyyXEF"

    @Test func theOptimizedBuildCallsTheCountedRegionItself() throws {
        let swiftc = try #require(BuiltProducts.program("swiftc"), "swiftc is not on PATH")
        let nm = try #require(BuiltProducts.program("nm"), "nm is not installed (binutils)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("counted-region-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Public: whole-module optimization would drop an unused internal caller, and the region with it.
        let caller = directory.appendingPathComponent("caller.swift")
        try """
            @MainActor public func caller(_ n: Int) -> Int {
                var total = 0
                instructionsCountedRegion { for i in 0..<n { total &+= i &* 3 } }
                instructionsCountedRegion { for i in 0..<n { total &+= i &* 5 } }
                return total
            }
            """.write(to: caller, atomically: true, encoding: .utf8)
        let object = directory.appendingPathComponent("region.o").path
        let compiled = try BuiltProducts.run(
            swiftc, ["-O", "-wmo", "-parse-as-library", "-module-name", "refresh_bench", "-c",
                     Self.root.appendingPathComponent("Sources/QA/refresh-bench/CountedRegion.swift").path, caller.path,
                     "-o", object], environment: [:])
        try #require(compiled.status == 0, "swiftc failed: \(compiled.stderr.suffix(2000))")
        let symbols = try BuiltProducts.run(nm, ["--defined-only", "--format=just-symbols", object], environment: [:])
        try #require(symbols.status == 0, "nm failed: \(symbols.stderr)")
        let named = symbols.stdout.split(separator: "\n").map(String.init).filter { $0.contains("instructionsCountedRegion") }
        #expect(named.contains(Self.region), "the counted region is not in the object: \(named)")
        // A dynamically replaceable function also has its replacement variable (TX) and key (Tx).
        let copies = named.filter { ![Self.region, Self.region + "TX", Self.region + "Tx"].contains($0) }
        #expect(copies.isEmpty, "the optimizer made copies the callers call instead: \(copies)")
    }
}
