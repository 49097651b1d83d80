import DemoOptionValues
import RefreshGtk

/// The demo's rows, generated rather than stored: O(1) memory and O(1) prepend and append
/// whatever the count (100,000,000 rows cost nothing).
///
/// Like a feed, newest first: every row has a stable id, row `i` has id `newestID - i`. A
/// refresh prepends newer rows (ids above the newest), load-more appends older ones (ids below
/// the oldest). The initial rows are numbered so that `reserve` older rows (all the pages that
/// load-more can add) still have positive ids.
@MainActor
package final class DemoRows: RowSource {
    package private(set) var rowCount: Int
    package private(set) var newestID: Int
    /// The newest id at start: the feed's times count back from it.
    package let initialNewestID: Int

    package init(count: Int, reserve: Int = 0) {
        rowCount = max(0, count)
        newestID = rowCount + max(0, reserve)
        initialNewestID = newestID
    }

    package func id(at index: Int) -> Int { newestID - index }

    package func row(at index: Int) -> (title: String, subtitle: String) {
        let id = id(at: index)
        return ("Row #\(id)", DemoRows.sentence(for: id))
    }

    package func prepend(_ count: Int) {
        newestID += max(0, count)
        rowCount += max(0, count)
    }

    package func append(_ count: Int) {
        rowCount += max(0, count)
    }

    /// A deterministic, different-looking sentence per id.
    package nonisolated static func sentence(for id: Int) -> String {
        var hash = SplitMix64(seed: UInt64(bitPattern: Int64(id)))
        func pick(_ words: [String]) -> String { words[Int(hash.next() % UInt64(words.count))] }
        let subject = pick(adjectives) + " " + pick(things)
        var sentence = subject.prefix(1).uppercased() + subject.dropFirst()
        sentence += " " + pick(verbs) + " " + pick(places)
        let tail = pick(tails)
        if !tail.isEmpty { sentence += " " + tail }
        return sentence + "."
    }

    private nonisolated static let adjectives = [
        "quiet", "bright", "distant", "gentle", "hidden", "golden", "silver", "early",
        "late", "sudden", "patient", "curious", "ancient", "narrow", "open", "wild",
    ]
    private nonisolated static let things = [
        "harbour lights", "river stones", "paper lanterns", "morning trains", "mountain trails",
        "garden birds", "city bells", "autumn leaves", "winter clouds", "open windows",
        "kitchen radios", "summer storms", "market stalls", "old letters", "night buses", "forest paths",
    ]
    private nonisolated static let verbs = [
        "drift past", "gather near", "wait beside", "circle around", "settle on", "flicker over",
        "wander through", "lean against", "echo across", "shine upon", "hurry along", "rest under",
        "hum beneath", "glow behind", "fade into", "return to",
    ]
    private nonisolated static let places = [
        "the harbour", "the old bridge", "the station", "the quiet square", "the hill", "the orchard",
        "the library", "the lighthouse", "the meadow", "the canal", "the market", "the tower",
        "the valley", "the pier", "the courtyard", "the river",
    ]
    private nonisolated static let tails = [
        "", "", "", "at dawn", "after the rain", "before noon", "all evening", "in the fog",
    ]
}
