import Foundation
import RefreshTestSupport
import Testing

/// `refresh-bench` with the GTK 4 bin's list kind on a tiny configuration: GtkListView on demand,
/// bare and in `Ptr4RefreshBin` (`gtk4-listview-wrapped`), 1,000 rows, 8 frames, Cairo, and the
/// refresh cycle on the wrapped list (plain header). Everything runs for real; the JSON must have
/// the documented shape (docs/benchmark.md, "JSON") and agree with itself. No figure is judged
/// against a limit: speed is reported, never asserted.
@Suite(.serialized) struct BenchGtk4WrappedTests {
    static let bench = BuiltProducts.executable("refresh-bench")
    static let canRun = bench != nil && BuiltProducts.executable("refresh-bench-gtk4") != nil
        && ProcessInfo.processInfo.environment["DISPLAY"].map { !$0.isEmpty } == true

    /// The run, once for every test of the suite.
    @MainActor static let run: Result<(document: [String: Any], table: String), any Error> = Result(catching: {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bench-gtk4-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try BuiltProducts.run(
            try #require(bench),
            ["--frames", "8", "--rows", "1000", "--lists", "gtk4-listview,gtk4-listview-wrapped", "--gl", "off",
             "--styles", "plain", "--no-micro", "--no-like-for-like", "--json", path],
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

    /// Both lists measured the same way: the same row pitch, frames and renderer, every figure
    /// and increment over GTK 4's floor present.
    @Test(.enabled(if: canRun, "needs refresh-bench and refresh-bench-gtk4 built beside the tests and a display"))
    @MainActor func bareAndWrappedAreMeasuredAlike() throws {
        let document = try Self.document()
        #expect(document["failed"] == nil, "something failed: \(document["failed"] ?? "")")
        let results = try Self.objects(document["results"])
        #expect(results.map { $0["list"] as? String } == ["gtk4-listview", "gtk4-listview-wrapped"])
        for result in results {
            #expect(result["rows"] as? Int == 1000)
            #expect(result["gl"] as? String == "off")
            #expect(result["renderer"] as? String == "GskCairoRenderer")
            #expect(result["data"] as? String == "computed")
            #expect(result["frames"] as? Int == 8)
            #expect(Self.number(result, "row_px") == 56, "rows are not 56 px apart in \(result["list"] ?? "?")")
            for key in ["first_frame_ms", "frame_ms_median", "peak_rss_mb", "jump_mid_ms", "jump_end_ms"] {
                #expect((Self.number(result, key) ?? 0) > 0, "\(result["list"] ?? "?") has no \(key)")
            }
            for key in ["first_frame_over_empty_ms", "frame_over_empty_ms", "rss_over_empty_mb"] {
                #expect(result.keys.contains(key), "\(key) missing")
            }
        }
    }

    /// `wrapped_over_bare` is the two results divided (first frame, frame median) and subtracted
    /// (peak), named by both lists.
    @Test(.enabled(if: canRun, "needs refresh-bench and refresh-bench-gtk4 built beside the tests and a display"))
    @MainActor func wrappedOverBareIsTheRatioOfTheTwoResults() throws {
        let document = try Self.document()
        let results = try Self.objects(document["results"])
        let bare = try #require(results.first { $0["list"] as? String == "gtk4-listview" })
        let wrapped = try #require(results.first { $0["list"] as? String == "gtk4-listview-wrapped" })
        let ratios = try Self.objects(document["wrapped_over_bare"])
        #expect(ratios.count == 1)
        let ratio = try #require(ratios.first)
        #expect(ratio["list"] as? String == "gtk4-listview-wrapped")
        #expect(ratio["bare"] as? String == "gtk4-listview")
        #expect(ratio["rows"] as? Int == 1000 && ratio["gl"] as? String == "off")
        // The results are rounded to 3–4 places and the ratios to 3: they agree within that.
        let first = try #require(Self.number(wrapped, "first_frame_ms")) / #require(Self.number(bare, "first_frame_ms"))
        let frame = try #require(Self.number(wrapped, "frame_ms_median")) / #require(Self.number(bare, "frame_ms_median"))
        let peak = try #require(Self.number(wrapped, "peak_rss_mb")) - #require(Self.number(bare, "peak_rss_mb"))
        #expect(abs(try #require(Self.number(ratio, "first_frame")) - first) < 0.002)
        #expect(abs(try #require(Self.number(ratio, "frame_median")) - frame) < 0.002)
        #expect(abs(try #require(Self.number(ratio, "peak_rss_mb")) - peak) < 0.11)
        #expect(try Self.run.get().table.contains("GtkListView in the GTK 4 bin (Ptr4RefreshBin) ÷ bare GtkListView"))
    }

    /// The refresh cycle ran on the wrapped list (so the bin's Swift side attached itself: the
    /// `refresh` signal came), with the documented input (drag-begin, 40 drag-updates of 8 px,
    /// drag-end), and its missed frames are the ones described; its goal is printed.
    @Test(.enabled(if: canRun, "needs refresh-bench and refresh-bench-gtk4 built beside the tests and a display"))
    @MainActor func refreshCycleOnTheWrappedListHasItsShape() throws {
        let document = try Self.document()
        let motion = try Self.objects(document["motion"])
        let cycles = motion.filter { $0["list"] as? String == "gtk4-listview-wrapped" }
        #expect(cycles.count == 1)
        let cycle = try #require(cycles.first)
        #expect(cycle["scenario"] as? String == "refresh-cycle")
        #expect(cycle["style"] as? String == "plain")
        #expect(cycle["gl"] as? String == "off")
        #expect(cycle["renderer"] as? String == "GskCairoRenderer")
        #expect(cycle["input_events"] as? Int == 42)
        let frames = try #require(cycle["frames"] as? Int)
        #expect(frames > 10, "a cycle of about 1.5 s drew only \(frames) frames")
        let missed = try #require(cycle["missed"] as? Int)
        let detail = try #require(cycle["missed_detail"] as? String)
        #expect(missed == (detail.isEmpty ? 0 : detail.components(separatedBy: " | ").count))
        for key in ["p50_interval_ms", "p99_interval_ms", "max_interval_ms", "paint_ms_median", "paint_ms_max", "duration_ms"] {
            #expect((Self.number(cycle, key) ?? 0) > 0, "no \(key)")
        }
        let goals = try Self.objects(document["goals"])
        let goal = try #require(goals.first { $0["goal"] as? String == "motion_refresh-cycle_gtk4-listview-wrapped_plain_off" })
        #expect(["PASS", "MISS"].contains(goal["status"] as? String ?? ""))
        #expect(Self.number(goal, "value") == Double(missed))
    }
}
