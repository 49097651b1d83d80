// The command-line values both demos take (refresh-demo, GTK 3; refresh-demo-gtk4), checked one
// way and rejected with one wording, so that a script written for one runs against the other.
// Toolkit-free: the two demos cannot share a process, nor a module that links GTK.

/// A rejected option value; `description` is the one-line message printed on stderr.
package struct DemoOptionError: Error, Equatable, CustomStringConvertible {
    package let option: String
    package let value: String
    package let expected: String

    package init(option: String, value: String, expected: String) {
        self.option = option
        self.value = value
        self.expected = expected
    }

    package var description: String { "invalid value '\(value)' for \(option): expected \(expected)" }
}

/// Parsing of one option's value, or the `DemoOptionError` naming the option and what it takes.
package enum OptionValue {
    /// Plain digits only, within `range`.
    package static func integer(_ text: String, option: String, in range: ClosedRange<Int>) throws(DemoOptionError) -> Int {
        guard isDigits(text), let value = Int(text), range.contains(value) else {
            throw DemoOptionError(option: option, value: text,
                                  expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// A finite number in plain decimal notation, within `range`.
    package static func decimal(_ text: String, option: String, in range: ClosedRange<Double>) throws(DemoOptionError) -> Double {
        // Plain decimal notation only: Double(_:) would also take "nan", "inf" and hex floats.
        let allowed = Set("0123456789.eE+-")
        guard !text.isEmpty, text.allSatisfy(allowed.contains), text.contains(where: \.isNumber),
              let value = Double(text), value.isFinite, range.contains(value)
        else {
            throw DemoOptionError(option: option, value: text,
                                  expected: "a number from \(format(range.lowerBound)) to \(format(range.upperBound))")
        }
        return value
    }

    /// One of `T`'s raw values.
    package static func choice<T: RawRepresentable & CaseIterable>(
        _ text: String, option: String, _: T.Type
    ) throws(DemoOptionError) -> T where T.RawValue == String {
        guard let value = T(rawValue: text) else {
            let names = T.allCases.map(\.rawValue).joined(separator: ", ")
            throw DemoOptionError(option: option, value: text, expected: "one of \(names)")
        }
        return value
    }

    /// Non-empty and ASCII digits only.
    package static func isDigits(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// 2 for 2.0, 0.5 for 0.5: a range's ends as a person writes them.
    package static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
