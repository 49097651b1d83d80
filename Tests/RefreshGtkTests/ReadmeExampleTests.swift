import Foundation
import Testing

/// README's "Using the widget" snippet is the example app the test command builds, so it
/// compiles for as long as the build passes.
@Suite struct ReadmeExampleTests {
    @Test func readmeSnippetIsTheBuiltExample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(contentsOf: root.appendingPathComponent("Examples/refresh-example/main.swift"),
                                 encoding: .utf8)
        let section = try #require(readme.range(of: "## Using the widget"), "README has no 'Using the widget'")
        let rest = readme[section.upperBound...]
        let open = try #require(rest.range(of: "```swift\n"), "no swift block in 'Using the widget'")
        let close = try #require(rest[open.upperBound...].range(of: "```\n"), "unterminated swift block")
        #expect(String(rest[open.upperBound..<close.lowerBound]) == example)
    }
}
