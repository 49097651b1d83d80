import Foundation
import Testing

/// What the docs name exists (the rules: `DocsCheck`; docs/testing.md, "Docs test").
@Suite struct DocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyNamedPathTypeFunctionAndOptionExists() throws {
        let problems = try DocsCheck(root: Self.root).problems()
        #expect(problems.isEmpty, "\(problems.count) stale names:\n\(problems.joined(separator: "\n"))")
    }

    /// The DocC landing pages curate every public type and function of RefreshGtk, RefreshGtk4,
    /// RefreshDrawing and RefreshMainLoop.
    @Test func doccCuratesEveryPublicType() throws {
        let missing = try DocsCheck(root: Self.root).uncuratedPublicTypes()
        #expect(missing.isEmpty, "\(missing.joined(separator: "\n"))")
    }
}

/// Each rule of `DocsCheck` catches what it is for: a document naming things that do not exist,
/// checked against the real repository.
@Suite struct DocsCheckSelfTests {
    static let corpus = Result { try Corpus(root: DocsTests.root) }

    func problems(_ text: String) throws -> [String] {
        DocsCheck(root: DocsTests.root).problems(in: text, document: "docs/probe.md", corpus: try Self.corpus.get())
    }

    @Test func realNamesPass() throws {
        let text = """
            # Probe
            `Sources/GTK3/RefreshGtk/Widget/RefreshView.swift`, `ListView.swift`, `RefreshView`,
            `RefreshView.onActivate`, `RefreshBin.owning(_:)`, `RefreshView.clock` (inherited),
            `endRefreshing(ok:insertedAtTop:)`, `GtkMainQueue.finishPendingActions()`,
            `ptr_refresh_bin_new()`, `--rows N`, `--slow-motion K`, `PTR_LOCALEDIR`, `gtk_main()`,
            `GtkTreeView`, `Task.sleep`, `draw_ms_p99` (a JSON key), [input](behaviour.md#input-model), [tests](testing.md#docs-test),
            behaviour.md, "Variable row heights", README's "Using the widget", docs/architecture.md ("Hosts").
            ```swift
            GSignal.connect(window, "destroy") { gtk_main_quit() }
            ```
            """
        let found = try problems(text)
        #expect(found == [], "\(found)")
    }

    @Test(arguments: [
        ("`Sources/GTK3/RefreshGtk/Widget/NoSuchFile.swift`", "no file or folder"),
        ("`NoSuchFile.swift`", "no file"),
        ("[x](behaviour.md#no-such-heading)", "has no heading"),
        ("[x](no-such-page.md)", "no markdown file"),
        ("see docs/behaviour.md, \"No such section\"", "has no section \"No such section\""),
        ("see README, \"Reliability\" (moved to docs/testing.md)", "`README.md` has no section \"Reliability\""),
        ("`RefreshSession`", "no type `RefreshSession`"),
        ("`RefreshView.noSuchMember`", "has no member `noSuchMember`"),
        ("`RefreshView.connectInput` (RefreshController's private method)", "has no member `connectInput`"),
        ("`preservingDisplayedEdges`", "no `preservingDisplayedEdges`"),
        ("`noSuchFunction()`", "no `noSuchFunction`"),
        ("`endRefreshing(ok:noSuchLabel:)`", "no argument label `noSuchLabel`"),
        ("`ptr_no_such_function`", "no `ptr_no_such_function`"),
        ("`draw_ms_p98` (a JSON key no property encodes)", "no `draw_ms_p98`"),
        ("`--no-such-option`", "no option `--no-such-option`"),
        ("`PTR_NO_SUCH_VARIABLE`", "no `PTR_NO_SUCH_VARIABLE`"),
        ("```swift\nview.noSuchCall()\n```", "in no file under Examples/"),
        ("```sh\nscripts/install.sh\n", "this code fence is never closed"),
    ])
    func brokenNamesFail(text: String, problem: String) throws {
        let found = try problems("# Probe\n" + text + "\n")
        #expect(found.count == 1 && found[0].contains(problem), "\(found)")
    }
}
