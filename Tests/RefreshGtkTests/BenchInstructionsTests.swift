import Foundation
import RefreshTestSupport
import Testing

/// `refresh-bench --instructions` on a tiny configuration (1,000 rows, 8 frames, ours against
/// GtkListView, Cairo): the callgrind pass and the millisecond pass both run for real, and the
/// JSON has the documented shape (docs/benchmark.md, "JSON"), with every increment over an
/// empty window either a figure ≥ 0 or null with its reason, never negative.
/// Without valgrind, a built bench or a display it fails, naming what is missing (never skips).
@Suite(.serialized, .enabled {
    try Prerequisite.check(.built("refresh-bench"), .built("refresh-bench-gtk4"), .program("valgrind", package: "valgrind"),
                           .display)
})
struct BenchInstructionsTests {
    static let bench = BuiltProducts.executable("refresh-bench")

    /// The run, once for every test of the suite.
    @MainActor static let run: Result<(document: [String: Any], table: String), any Error> = Result(catching: {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try BuiltProducts.run(
            try #require(bench),
            ["--instructions", "--instruction-frames", "8", "--frames", "8", "--rows", "1000", "--lists", "ours,gtk4-listview",
             "--gl", "off", "--no-micro", "--no-motion", "--no-like-for-like", "--json", path],
            environment: ["NO_AT_BRIDGE": "1"])
        guard run.status == 0 else { throw Failure("refresh-bench exited \(run.status): \(run.stderr.suffix(2000))") }
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (document, run.stdout)
    })

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    @MainActor static func document() throws -> [String: Any] { try run.get().document }

    static func objects(_ value: Any?) throws -> [[String: Any]] { try #require(value as? [[String: Any]]) }

    static func number(_ object: [String: Any], _ key: String) -> Double? { (object[key] as? NSNumber)?.doubleValue }

    @Test
    @MainActor func instructionCountsHaveTheirShape() throws {
        let instructions = try #require(try Self.document()["instructions"] as? [String: Any])
        #expect(instructions["frames"] as? Int == 8)
        #expect(instructions["gl"] as? String == "off")
        #expect(instructions["failed"] == nil, "a counted child failed: \(instructions["failed"] ?? "")")
        let floors = try Self.objects(instructions["floors"])
        #expect(Set(floors.compactMap { $0["toolkit"] as? String }) == ["gtk3", "gtk4"])
        for floor in floors {
            #expect((Self.number(floor, "first_frame_instructions") ?? 0) > 1_000_000, "\(floor)")
            #expect((Self.number(floor, "frame_instructions") ?? 0) > 0, "\(floor)")
        }
        let results = try Self.objects(instructions["results"])
        #expect(results.map { $0["list"] as? String } == ["ours", "gtk4-listview"])
        for result in results {
            #expect(result["rows"] as? Int == 1000)
            let first = try #require(Self.number(result, "first_frame_instructions"))
            let scroll = try #require(Self.number(result, "scroll_instructions"))
            let frame = try #require(Self.number(result, "frame_instructions"))
            #expect(first > 1_000_000 && scroll > 0)
            #expect(abs(frame - scroll / 8) <= 1, "frame_instructions is the scroll over its 8 frames")
            for key in ["first_frame_over_empty_instructions", "frame_over_empty_instructions"] {
                #expect(result.keys.contains(key), "\(key) missing")
            }
        }
        // Ours: our own drawing (ListView.render), our own code, and what dominates.
        let ours = try #require(results.first)
        #expect((Self.number(ours, "draw_instructions_per_frame") ?? 0) > 0,
                "no ListView.render in the dump: InstructionRun.ourDrawFunction no longer names our draw function")
        #expect((Self.number(ours, "own_frame_instructions") ?? 0) > 0)
        for key in ["top_first_frame", "top_frame"] {
            let top = try Self.objects(ours[key])
            #expect(top.count == 10)
            #expect(top.allSatisfy { ($0["function"] as? String)?.isEmpty == false && (Self.number($0, "share") ?? 2) <= 1 })
        }
        #expect(try Self.run.get().table.contains("== Instructions"))
    }

    @Test
    @MainActor func timedResultsAndFloorsHaveTheirShape() throws {
        let document = try Self.document()
        let floors = try Self.objects(document["baselines"])
        #expect(Set(floors.compactMap { $0["toolkit"] as? String }) == ["gtk3", "gtk4"])
        for floor in floors {
            for key in ["first_frame_ms", "frame_ms_median", "frame_ms_p99", "peak_rss_mb"] {
                #expect((Self.number(floor, key) ?? 0) > 0, "floor \(floor["toolkit"] ?? "?") has no \(key)")
            }
        }
        let results = try Self.objects(document["results"])
        #expect(results.map { $0["list"] as? String } == ["ours", "gtk4-listview"])
        for result in results {
            for key in ["first_frame_ms", "first_frame_over_empty_ms", "frame_ms_median", "frame_over_empty_ms",
                        "peak_rss_mb", "rss_over_empty_mb"] {
                #expect(result.keys.contains(key), "\(key) missing")
            }
        }
        for goal in try Self.objects(document["goals"]) {
            #expect(["PASS", "MISS", "SKIP"].contains(goal["status"] as? String ?? ""))
            #expect(goal["goal"] is String && goal["text"] is String && goal.keys.contains("value"))
        }
    }

    /// Every increment in the file, timed or counted: a figure ≥ 0, or null with the reason in
    /// the object's `unreliable` (when the list itself was measured).
    @Test
    @MainActor func incrementsAreNeverNegative() throws {
        let document = try Self.document()
        let instructions = try #require(document["instructions"] as? [String: Any])
        let objects = try Self.objects(document["results"]) + Self.objects(instructions["results"])
        var checked = 0
        for object in objects {
            for (key, value) in object where key.contains("over_empty") {
                checked += 1
                if let number = value as? NSNumber {
                    #expect(number.doubleValue >= 0, "\(object["list"] ?? "?") \(key) is negative: \(number)")
                } else {
                    // Every list and floor is measured in this run, so a null is an unreliable one.
                    #expect(value is NSNull)
                    #expect((object["unreliable"] as? [String: String])?[key] != nil, "\(key) is null without a reason")
                }
            }
        }
        #expect(checked == 10)
    }
}
