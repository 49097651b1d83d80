#if canImport(Glibc)
import Glibc
#endif

/// Unbuffered output to a file descriptor: every `write` reaches the pipe at once, so a reader
/// sees each trace line as it happens (and `stdout`, a global var, is off-limits in Swift 6).
package struct FileDescriptorSink: Sendable {
    package let fd: Int32

    package init(fd: Int32) { self.fd = fd }

    package static let standardOutput = FileDescriptorSink(fd: 1)
    package static let standardError = FileDescriptorSink(fd: 2)

    package func write(_ text: String) {
        var bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            let written = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + start, $0.count - start) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }  // closed pipe: drop the rest rather than spin
            start += written
        }
        bytes.removeAll()
    }
}

/// A value in a trace line, written as JSON.
package enum TraceValue: Equatable, Sendable, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByBooleanLiteral
{
    case int(Int)
    case double(Double)
    case string(String)
    case bool(Bool)
    case ints([Int])
    case null

    package init(integerLiteral value: Int) { self = .int(value) }
    package init(floatLiteral value: Double) { self = .double(value) }
    package init(stringLiteral value: String) { self = .string(value) }
    package init(booleanLiteral value: Bool) { self = .bool(value) }

    /// A length in px, to hundredths (plenty, and lines stay short).
    package static func px(_ value: Double) -> TraceValue { .double((value * 100).rounded() / 100) }

    package var json: String {
        switch self {
        case let .int(value): return String(value)
        case let .double(value): return value.isFinite ? String(value) : "null"
        case let .bool(value): return value ? "true" : "false"
        case let .string(value): return TraceFormat.quoted(value)
        case let .ints(values): return "[" + values.map(String.init).joined(separator: ",") + "]"
        case .null: return "null"
        }
    }
}

/// One line of both demos' `--trace` log (docs/demo.md): a JSON object,
/// `{"t":<ms>,"event":<name>,...}`, `t` in milliseconds with 3 decimals, keys in the given order
/// after "t" and "event".
package enum TraceFormat {
    /// `micros`: monotonic µs since the process started.
    package static func format(micros: Int, event: String, fields: [(String, TraceValue)]) -> String {
        let micros = max(0, micros)
        let fraction = String(micros % 1000)
        var line = "{\"t\":\(micros / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
        line += ",\"event\":\(quoted(event))"
        for (key, value) in fields {
            line += ",\(quoted(key)):\(value.json)"
        }
        return line + "}\n"
    }

    /// `string` as a JSON string: quotes, backslashes and control characters escaped.
    package static func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
