import Foundation
import Testing

/// docs/architecture.md's layout table says what each target depends on: it is checked against
/// Package.swift, read as text (the manifest's `.target(name:dependencies:)` calls), so that a
/// dependency added to one is added to the other.
@Suite struct LayoutTableTests {
    /// Every target Package.swift declares, with the targets it depends on (products of other
    /// packages left out).
    static func manifestTargets(_ manifest: String) -> [String: Set<String>] {
        var targets: [String: Set<String>] = [:]
        let text = Array(manifest.unicodeScalars)
        let calls = [".target(", ".executableTarget(", ".systemLibrary(", ".testTarget("]
        var index = 0
        while index < text.count {
            guard let call = calls.first(where: { matches($0, in: text, at: index) }) else {
                index += 1
                continue
            }
            // The call's arguments, up to its balanced closing parenthesis.
            var end = index + call.unicodeScalars.count, depth = 1
            while end < text.count, depth > 0 {
                if text[end] == "(" { depth += 1 } else if text[end] == ")" { depth -= 1 }
                end += 1
            }
            let arguments = String(String.UnicodeScalarView(text[(index + call.unicodeScalars.count)..<(end - 1)]))
            index = end
            guard let name = firstQuoted(after: "name:", in: arguments) else { continue }
            var dependencies: Set<String> = []
            if let list = arguments.range(of: "dependencies:"),
               let open = arguments[list.upperBound...].firstIndex(of: "["),
               let close = arguments[open...].firstIndex(of: "]") {
                let body = arguments[arguments.index(after: open)..<close]
                    .replacing(/\.product\([^)]*\)/, with: "")
                dependencies = Set(body.matches(of: /"([^"]+)"/).map { String($0.output.1) })
            }
            targets[name] = dependencies
        }
        return targets
    }

    private static func matches(_ word: String, in text: [Unicode.Scalar], at index: Int) -> Bool {
        let scalars = Array(word.unicodeScalars)
        guard index + scalars.count <= text.count else { return false }
        return Array(text[index..<(index + scalars.count)]) == scalars
    }

    private static func firstQuoted(after label: String, in text: String) -> String? {
        guard let range = text.range(of: label) else { return nil }
        return text[range.upperBound...].firstMatch(of: /"([^"]+)"/).map { String($0.output.1) }
    }

    /// The layout table's rows: the targets each names, and the targets its "depends on" cell names.
    static func tableRows(_ architecture: String, knownTargets: Set<String>) throws -> [(targets: [String], dependsOn: Set<String>)] {
        let start = try #require(architecture.range(of: "## Layout"))
        let end = try #require(architecture.range(of: "Test targets:", range: start.upperBound..<architecture.endIndex))
        return architecture[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            guard line.hasPrefix("| `") else { return nil }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard cells.count > 4 else { return nil }
            let quoted = { (cell: String) in cell.matches(of: /`([^`]+)`/).map { String($0.output.1) } }
            return (quoted(cells[1]), Set(quoted(cells[3]).filter(knownTargets.contains)))
        }
    }

    @Test func theLayoutTableMatchesPackageSwift() throws {
        let manifest = try String(contentsOf: DocsTests.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let architecture = try String(contentsOf: DocsTests.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let targets = Self.manifestTargets(manifest)
        #expect(targets.count > 20, "Package.swift read as \(targets.count) targets")
        let rows = try Self.tableRows(architecture, knownTargets: Set(targets.keys))
        var described: Set<String> = []
        for row in rows {
            for name in row.targets {
                guard let dependencies = targets[name] else {
                    Issue.record("the layout table names \(name), which Package.swift does not declare")
                    continue
                }
                described.insert(name)
                #expect(row.dependsOn == dependencies,
                        "\(name): the table says \(row.dependsOn.sorted()), Package.swift \(dependencies.sorted())")
            }
        }
        let testTargets = Set(targets.keys.filter { $0.hasSuffix("Tests") })
        let undescribed = Set(targets.keys).subtracting(described).subtracting(testTargets)
        #expect(undescribed.isEmpty, "not in the layout table: \(undescribed.sorted())")
        // The test targets have a table of their own.
        for name in testTargets { #expect(architecture.contains("| `\(name)` |"), "\(name) is not in the test targets' table") }
    }

    /// Every target's `path:` in Package.swift, as folder → targets (`Sources/Shared/` → …).
    static func manifestFolders(_ manifest: String) -> [String: Set<String>] {
        var folders: [String: Set<String>] = [:]
        for match in manifest.matches(of: /path: "(Sources\/[^"\/]+\/)([^"\/]+)"/) {
            folders[String(match.output.1), default: []].insert(String(match.output.2))
        }
        return folders
    }

    /// The folder block at the top of the layout section: one line per folder, its targets after it.
    static func documentedFolders(_ architecture: String) throws -> [String: Set<String>] {
        let start = try #require(architecture.range(of: "## Layout"))
        let open = try #require(architecture.range(of: "```text\n", range: start.upperBound..<architecture.endIndex))
        let close = try #require(architecture.range(of: "```", range: open.upperBound..<architecture.endIndex))
        var folders: [String: Set<String>] = [:]
        for line in architecture[open.upperBound..<close.lowerBound].split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            guard let folder = words.first else { continue }
            folders[folder] = Set(words.dropFirst())
        }
        return folders
    }

    @Test func theFolderBlockMatchesPackageSwift() throws {
        let manifest = try String(contentsOf: DocsTests.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let architecture = try String(contentsOf: DocsTests.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let folders = Self.manifestFolders(manifest)
        #expect(folders.count == 6, "Package.swift read as \(folders.keys.sorted())")
        #expect(try Self.documentedFolders(architecture) == folders)
        // Every target under Sources/ has a folder: none is left at the top level.
        let top = try FileManager.default.contentsOfDirectory(atPath: DocsTests.root.appendingPathComponent("Sources").path)
        #expect(Set(top) == Set(folders.keys.map { String($0.dropFirst("Sources/".count).dropLast()) }))
    }

    /// The reader catches what it is for: a dependency the table leaves out, one it adds, and a
    /// target it does not know.
    @Test func theCheckSeesADifference() throws {
        let manifest = """
            .target(name: "A", dependencies: ["B", .product(name: "X", package: "x")]),
            .target(name: "B"),
            .executableTarget(
                name: "c", dependencies: ["A", "B"]
            ),
            """
        let targets = Self.manifestTargets(manifest)
        #expect(targets == ["A": ["B"], "B": [], "c": ["A", "B"]])
        let table = """
            ## Layout
            | target | kind | depends on | owns |
            | `A` | library | `B`, swift-x (`X`) | a |
            | `c` | executable | `A` | c |
            Test targets:
            """
        let rows = try Self.tableRows(table, knownTargets: Set(targets.keys))
        #expect(rows.count == 2)
        #expect(rows.first?.dependsOn == ["B"])
        #expect(rows.last?.dependsOn != targets["c"], "c's missing B is seen")
    }
}
