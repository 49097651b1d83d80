import Glibc

/// Nanoseconds on CLOCK_MONOTONIC, the clock behind `g_get_monotonic_time` (which only has
/// microseconds: too coarse for sub-millisecond frames).
func monotonicNanos() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

enum Stats {
    /// The median (mean of the two middle values for an even count); nil when empty.
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The nearest-rank percentile (`fraction` 0.99 for p99): the smallest value that at least
    /// that fraction of the values do not exceed. With 240 frames, p99 is the third largest.
    static func percentile(_ values: [Double], _ fraction: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}

/// Number formatting for the table (the JSON goes through `JSONCoding`).
enum Format {
    /// `value` with `decimals` digits after the point, rounded half away from zero.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value > 0 ? "inf" : "-inf") }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = scaled / scale
        var integer = String(Int(whole.rounded(.down)))
        if value < 0, scaled > 0 { integer = "-" + integer }
        guard decimals > 0 else { return integer }
        var fraction = String(Int(scaled.truncatingRemainder(dividingBy: scale)))
        while fraction.count < decimals { fraction = "0" + fraction }
        return integer + "." + fraction
    }

    /// A readable magnitude: 3 significant digits for small values, whole numbers for large.
    static func adaptive(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 100 { return fixed(value, 0) }
        if magnitude >= 10 { return fixed(value, 1) }
        if magnitude >= 1 { return fixed(value, 2) }
        return fixed(value, 3)
    }

    /// 1000000 → "1,000,000".
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(abs(value)))
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    /// A ratio for the table: "142×", "2.3×", "0.41×".
    static func ratio(_ value: Double) -> String {
        adaptive(value) + "×"
    }

    static func padLeft(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    static func padRight(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// An instruction count in millions: "3.71 M", "41.2 M", "1234 M".
    static func millions(_ value: Double) -> String {
        let m = value / 1_000_000
        return fixed(m, abs(m) >= 100 ? 0 : (abs(m) >= 10 ? 1 : 2)) + " M"
    }
}
