import Foundation
import Testing

/// What docs/behaviour.md says of the code's numbers and keys holds (issue 44): every value it gives
/// for a tuning constant equals `Tuning.swift`'s, so does every value of the J's geometry it names,
/// and its keys table says what `KeyTable` does. The sources are read as text (DocsTests links no
/// target), the same way `LayoutTableTests` reads Package.swift.
///
/// A number is *stated* for a constant `Type.name` when behaviour.md writes it
/// - in a table: a cell that is just the code span `` `Type.name` ``, the value opening the next cell;
/// - in text: `` `Type.name` = value `` or `` `Type.name = value` ``.
@Suite struct BehaviourNumbersTests {
    static let behaviourPath = "docs/behaviour.md"
    static let tuningPath = "Sources/Shared/RefreshCore/Tuning.swift"
    static let glyphPath = "Sources/Shared/RefreshCore/Geometry/JGlyph.swift"
    static let keyTablePath = "Sources/Shared/RefreshWidgetCore/KeyTable.swift"

    static func read(_ path: String) throws -> String {
        try String(contentsOf: DocsTests.root.appendingPathComponent(path), encoding: .utf8)
    }

    // MARK: Numbers

    /// A source's `static let name = number` constants, and the names of those whose value is not a
    /// plain number (they cannot be checked here).
    static func constants(in source: String) -> (values: [String: Double], unreadable: [String]) {
        var values: [String: Double] = [:]
        var unreadable: [String] = []
        let code = Corpus.strippingComments(source, hashComments: false, blockComments: false)
        for line in code.components(separatedBy: "\n") {
            guard let match = DocsCheck.matches(#"static let (\w+)(?:\s*:\s*[\w\[\]]+)?\s*=\s*(.*)$"#, in: line).first
            else { continue }
            let literal = match[2].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "")
            if let value = Double(literal) { values[match[1]] = value } else { unreadable.append(match[1]) }
        }
        return (values, unreadable)
    }

    /// The numbers a document states for `type`'s constants, with their line numbers; and the
    /// table cells that name a constant without a number after them.
    static func statedNumbers(in document: String, type: String) -> (stated: [(name: String, value: Double, line: Int)],
                                                                     missing: [(name: String, line: Int)]) {
        var stated: [(name: String, value: Double, line: Int)] = []
        var missing: [(name: String, line: Int)] = []
        let number = #"(-?[0-9]+(?:\.[0-9]+)?)"#
        for (index, line) in document.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("|") {
                let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                for (position, cell) in cells.enumerated() {
                    guard let name = DocsCheck.matches("^`\(type)\\.(\\w+)`$", in: cell).first?[1] else { continue }
                    if position + 1 < cells.count, let value = DocsCheck.matches("^" + number, in: cells[position + 1]).first {
                        stated.append((name, Double(value[1])!, index + 1))
                    } else {
                        missing.append((name, index + 1))
                    }
                }
            }
            for match in DocsCheck.matches("`\(type)\\.(\\w+)`\\s*=\\s*\(number)|`\(type)\\.(\\w+)\\s*=\\s*\(number)`", in: line) {
                let name = match[1].isEmpty ? match[3] : match[1]
                let value = match[1].isEmpty ? match[4] : match[2]
                stated.append((name, Double(value)!, index + 1))
            }
        }
        return (stated, missing)
    }

    /// Every way `document`'s numbers for `type` differ from `source`'s constants. With
    /// `everyConstant`, each constant of the source must be stated, in a table, and be a number.
    static func numberProblems(document: String, type: String, source: String, everyConstant: Bool) -> [String] {
        let (values, unreadable) = constants(in: source)
        let (stated, missing) = statedNumbers(in: document, type: type)
        var problems: [String] = []
        for (name, line) in missing {
            problems.append("line \(line): the table names `\(type).\(name)` but gives no number after it")
        }
        for (name, value, line) in stated {
            guard let actual = values[name] else {
                problems.append("line \(line): `\(type).\(name)` is no numeric constant of \(type)")
                continue
            }
            if abs(actual - value) > 1e-9 {
                problems.append("line \(line): says `\(type).\(name)` = \(value), the code \(actual)")
            }
        }
        if everyConstant {
            let tabled = Set(document.components(separatedBy: "\n").filter { $0.hasPrefix("|") }
                .flatMap { DocsCheck.matches("\\| `\(type)\\.(\\w+)` \\|", in: $0).map { $0[1] } })
            for name in values.keys.sorted() where !tabled.contains(name) {
                problems.append("`\(type).\(name)` is in no table row")
            }
            for name in unreadable { problems.append("`\(type).\(name)` is not a plain number: it cannot be checked") }
        }
        return problems
    }

    @Test func everyTuningNumberIsTuningSwifts() throws {
        let document = try Self.read(Self.behaviourPath), source = try Self.read(Self.tuningPath)
        #expect(Self.constants(in: source).values.count > 20, "Tuning.swift read as \(Self.constants(in: source))")
        #expect(Self.statedNumbers(in: document, type: "Tuning").stated.count > 40)
        let problems = Self.numberProblems(document: document, type: "Tuning", source: source, everyConstant: true)
        #expect(problems.isEmpty, "\(Self.behaviourPath) against \(Self.tuningPath):\n\(problems.joined(separator: "\n"))")
    }

    @Test func everyGlyphNumberIsJGlyphs() throws {
        let document = try Self.read(Self.behaviourPath), source = try Self.read(Self.glyphPath)
        #expect(Self.statedNumbers(in: document, type: "JGlyph").stated.count >= 9)
        let problems = Self.numberProblems(document: document, type: "JGlyph", source: source, everyConstant: false)
        #expect(problems.isEmpty, "\(Self.behaviourPath) against \(Self.glyphPath):\n\(problems.joined(separator: "\n"))")
    }

    /// The number check sees what it is for, fed the real Tuning.swift.
    @Test(arguments: [
        ("| `Tuning.triggerPull` | 71 px | trigger |", "says `Tuning.triggerPull` = 71.0, the code 70.0"),
        ("the slop, `Tuning.dragSlop` = 9 px, swallowed", "says `Tuning.dragSlop` = 9.0, the code 8.0"),
        ("a quiet period of `Tuning.releaseQuietPeriod = 0.25` s", "`Tuning.releaseQuietPeriod` = 0.25"),
        ("`Tuning.noSuchConstant` = 1", "`Tuning.noSuchConstant` is no numeric constant"),
        ("| `Tuning.footerHeight` | about a bar | footer |", "gives no number after it"),
    ])
    func aWrongNumberIsSeen(text: String, problem: String) throws {
        let found = Self.numberProblems(document: "# Probe\n" + text + "\n", type: "Tuning",
                                        source: try Self.read(Self.tuningPath), everyConstant: false)
        #expect(found.count == 1 && found[0].contains(problem), "\(found)")
    }

    @Test func aConstantLeftOutOfTheTableIsSeen() throws {
        let source = try Self.read(Self.tuningPath)
        let found = Self.numberProblems(document: "| `Tuning.triggerPull` | 70 px | trigger |\n", type: "Tuning",
                                        source: source, everyConstant: true)
        #expect(found.contains("`Tuning.footerHeight` is in no table row"), "\(found)")
        #expect(!found.contains { $0.contains("triggerPull") }, "\(found)")
        let computed = Self.numberProblems(document: "", type: "Tuning",
                                           source: "static let a = 1.0\nstatic let b = a * 2\n", everyConstant: true)
        #expect(computed.contains("`Tuning.b` is not a plain number: it cannot be checked"), "\(computed)")
    }

    // MARK: Keys

    /// What `KeyTable` makes of each key: "keysym[+Ctrl] intent" (`.refresh`, `.scroll(.home)`, `tab`…).
    static func codeKeys(_ source: String) -> Set<String> {
        let code = Corpus.strippingComments(source, hashComments: false, blockComments: false)
        var keys: Set<String> = []
        // The binding lists: `static let refresh = [KeyBinding(Key.f5, named: …), …]`.
        for list in DocsCheck.matches(#"static let (\w+) = \[([^\]]*)\]"#, in: code) {
            for binding in DocsCheck.matches(#"KeyBinding\(Key\.(\w+)(, *\w+)?, *named:"#, in: list[2]) {
                keys.insert(binding[1] + (binding[2].contains("control") ? "+Ctrl" : "") + " ." + list[1])
            }
        }
        // The switch of `intent(keyval:state:)`, then Tab's in `tab(keyval:state:)`.
        let parts = code.components(separatedBy: "func tab(")
        for match in DocsCheck.matches(#"case ((?:Key\.\w+,? *)+): *return (\.[\w.()]+)"#, in: parts[0]) {
            for key in DocsCheck.matches(#"Key\.(\w+)"#, in: match[1]) { keys.insert(key[1] + " " + match[2]) }
        }
        for part in parts.dropFirst() {
            for match in DocsCheck.matches(#"case ((?:Key\.\w+,? *)+):"#, in: part) {
                for key in DocsCheck.matches(#"Key\.(\w+)"#, in: match[1]) { keys.insert(key[1] + " tab") }
            }
        }
        return keys
    }

    /// What behaviour.md's keys table says: the keysyms of its second column (`` `r` + Ctrl ``), each
    /// with the intent of its third.
    static func documentedKeys(_ document: String) -> Set<String> {
        guard let start = document.range(of: "## Keyboard and accessibility") else { return [] }
        let section = document[start.upperBound...].components(separatedBy: "\n## ")[0]
        var keys: Set<String> = []
        for line in section.components(separatedBy: "\n") where line.hasPrefix("|") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard cells.count > 4, let intent = DocsCheck.codeSpans(in: cells[3]).first else { continue }
            for part in cells[2].split(separator: ",") {
                guard let key = DocsCheck.codeSpans(in: String(part)).first else { continue }
                keys.insert(key + (part.contains("Ctrl") ? "+Ctrl" : "") + " " + intent)
            }
        }
        return keys
    }

    static func keyProblems(document: String, keyTable: String) -> [String] {
        let code = codeKeys(keyTable), documented = documentedKeys(document)
        return code.subtracting(documented).sorted().map { "KeyTable has \($0), the keys table does not" }
            + documented.subtracting(code).sorted().map { "the keys table has \($0), KeyTable does not" }
    }

    @Test func theKeysTableIsKeyTables() throws {
        let document = try Self.read(Self.behaviourPath), source = try Self.read(Self.keyTablePath)
        #expect(Self.codeKeys(source).count >= 20, "KeyTable.swift read as \(Self.codeKeys(source).sorted())")
        let problems = Self.keyProblems(document: document, keyTable: source)
        #expect(problems.isEmpty, "\(Self.behaviourPath) against \(Self.keyTablePath):\n\(problems.joined(separator: "\n"))")
    }

    /// The key check sees a key given the wrong intent, a key left out and a modifier left out.
    @Test(arguments: [
        ("| Home | `home`, `keypadHome` | `.scroll(.end)` | x |",
         ["KeyTable has home .scroll(.home)", "KeyTable has keypadHome .scroll(.home)",
          "the keys table has home .scroll(.end)", "the keys table has keypadHome .scroll(.end)"]),
        ("| Home | `home`, `keypadHome`, `keypadEnd` | `.scroll(.home)` | x |", ["the keys table has keypadEnd .scroll(.home)"]),
        ("| Ctrl+R | `r` | `.refresh` | x |", ["KeyTable has r+Ctrl .refresh", "the keys table has r .refresh"]),
    ])
    func aWrongKeyIsSeen(row: String, expected: [String]) throws {
        let source = try Self.read(Self.keyTablePath)
        let document = try Self.read(Self.behaviourPath)
        // The real table with one row changed or added.
        let header = "| Home | `home`, `keypadHome` | `.scroll(.home)` |"
        let ctrl = "| F5, Ctrl+R | `f5`, `r` + Ctrl, `upperR` + Ctrl | `.refresh` |"
        var probe = document
        if row.contains("Ctrl+R") {
            let line = try #require(document.components(separatedBy: "\n").first { $0.hasPrefix(ctrl) })
            probe = document.replacingOccurrences(of: line, with: line + "\n" + row)
            probe = probe.replacingOccurrences(of: "`r` + Ctrl, ", with: "")
        } else {
            let line = try #require(document.components(separatedBy: "\n").first { $0.hasPrefix(header) })
            probe = document.replacingOccurrences(of: line, with: row)
        }
        let found = Self.keyProblems(document: probe, keyTable: source)
        #expect(found.map { $0.components(separatedBy: ",")[0] } == expected, "\(found)")
    }
}
