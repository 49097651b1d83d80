import Foundation

/// Every JSON refresh-bench reads or writes goes through `Codable`: the children's one-line
/// results (`ChildLine`, `MotionLine`; the GTK 4 child prints the same keys from C) and the
/// report (`ReportDocument`). Keys are the properties' names in snake case.
enum JSONCoding {
    /// One compact line (a child's result).
    static func line(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encode(value, with: encoder)
    }

    /// The report file: indented, keys sorted, a final newline.
    static func document(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encode(value, with: encoder) + "\n"
    }

    /// A child's line, or nil when it is not that JSON object.
    static func decode<Value: Decodable>(_ type: Value.Type, from line: String) -> Value? {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try? decoder.decode(type, from: Data(line.utf8))
    }

    private static func encode(_ value: some Encodable, with encoder: JSONEncoder) -> String {
        // Every figure is finite or nil by construction (`JSONCoding.number`); a failure here is a
        // programming error, reported in the output rather than crashing the run.
        do {
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        } catch {
            return "{\"error\": \"refresh-bench could not encode its JSON: \(error)\"}"
        }
    }

    /// `value` rounded to `decimals` places; nil for nil, NaN or infinity (JSON has no such numbers).
    static func number(_ value: Double?, _ decimals: Int) -> Double? {
        guard let value, value.isFinite else { return nil }
        let scale = pow(10, Double(decimals))
        return (value * scale).rounded() / scale
    }
}

/// An optional that is written as `null` when absent (synthesized `Encodable` would leave the
/// key out): the fields every result has, measured or not.
@propertyWrapper
struct Nullable<Value: Encodable & Sendable>: Encodable, Sendable {
    var wrappedValue: Value?
    init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

/// A child's one result line (`--child`, `--child-baseline`, refresh-bench-gtk4): every field
/// optional, since each kind of child fills its own. The C child prints −1 for "not measured".
struct ChildLine: Codable, Sendable {
    var rows: Int?
    var list: String?
    var data: String?
    var firstFrameMs: Double?
    var firstSplitMs: String?
    var frameMsMedian: Double?
    var frameMsP99: Double?
    var drawMsMedian: Double?
    var drawMsP99: Double?
    var jumpMidMs: Double?
    var jumpEndMs: Double?
    var cycleSplitMs: String?
    var smoothPxPerFrame: Double?
    var smoothFrameMsMedian: Double?
    var smoothFrameMsP99: Double?
    var smoothCycleSplitMs: String?
    var frames: Int?
    var rowPx: Double?
    var dataBytes: Int?
    var steadyRssKb: Int?
    var vmhwmKb: Int?
    var renderer: String?
    var error: String?
}

/// A motion child's result line (`--motion`).
struct MotionLine: Codable, Sendable {
    var scenario: String?
    var list: String?
    var style: String?
    var frames: Int?
    var missed: Int?
    var p50IntervalMs: Double?
    var p99IntervalMs: Double?
    var maxIntervalMs: Double?
    var paintMsMedian: Double?
    var paintMsMax: Double?
    var durationMs: Double?
    var inputEvents: Int?
    var missedDetail: String?
    /// refresh-bench-gtk4 only: the GskRenderer it got.
    var renderer: String?
    var error: String?
}
