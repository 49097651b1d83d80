import Foundation

/// Checks that what README.md, docs/*.md and the DocC articles name exists in the repository
/// (docs/testing.md, "Docs test"). The rules:
///
/// - **Paths** (`Sources/…`, `Tests/…`, `scripts/…`, `Examples/…`, `docs/…`, `Resources/…`,
///   `po/…`, anywhere in the text) and backticked source file names (`ListView.swift`,
///   `Widget/Accessibility.swift`) must exist; a `*` in a path only needs its folder.
/// - **Links** to other markdown files must reach an existing file, and their `#anchor` one of
///   its headings (GitHub's heading ids), as must `file.md#anchor` written in plain text.
/// - **Backticked symbols** (a code span that is one dotted name, with or without a call):
///   an `UpperCamel` type must be declared in the Swift sources or used in the C sources; each
///   member of `Type.member` must occur in the code of a file declaring or extending that type
///   (or one of its superclasses); a `lowerCamel` or `snake_case` name with a call, an uppercase
///   letter or an underscore, and every argument label, must occur in code. `PTR_…` environment
///   variables must occur in code. "Code" is Sources/, Tests/, scripts/, Examples/ and
///   Package.swift with comments removed, so a name kept alive only by a stale comment fails.
/// - **Options** (`--name`, first word of a code span) must be in code: a literal `--name`, or a
///   swift-argument-parser `@Option`/`@Flag` property spelled `name` in camel case.
/// - **Swift blocks** (```` ```swift ````) must be part of an example the test command builds: their
///   lines, each trimmed, are consecutive lines of a Swift file under `Examples/`. So every Swift
///   example the docs show compiles against the public API.
///
/// Names that belong to GTK, GLib, Cairo, Pango, ATK, the Swift runtime or the platforms the
/// behaviour spec compares with are recognised by prefix (`gtk_`, `g_`, `Gtk`, `Gdk`, `UI`, `Adw`,
/// …) or listed in ``DocsCheck/externalNames``.
struct DocsCheck {
    let root: URL

    /// The documents checked, relative to the root.
    func documents() throws -> [String] {
        var paths = ["README.md"]
        for folder in ["docs", "Sources/GTK3/RefreshGtk/RefreshGtk.docc", "Sources/GTK4/RefreshGtk4/RefreshGtk4.docc",
                       "Sources/Shared/RefreshDrawing/RefreshDrawing.docc", "Sources/Shared/RefreshMainLoop/RefreshMainLoop.docc"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            paths += names.filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
        }
        return paths
    }

    /// Every problem found in every document, as "file:line: message".
    func problems() throws -> [String] {
        let corpus = try Corpus(root: root)
        var found: [String] = []
        for document in try documents() {
            let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
            found += problems(in: text, document: document, corpus: corpus)
        }
        return found + corpus.commentProblems
    }

    /// Public types of RefreshGtk, RefreshGtk4, RefreshDrawing and RefreshMainLoop that their DocC catalogue's landing page does
    /// not curate (list under its Topics as ``Name``): DocC would file them under a generic heading.
    func uncuratedPublicTypes() throws -> [String] {
        var missing: [String] = []
        for (group, module) in [("GTK3", "RefreshGtk"), ("GTK4", "RefreshGtk4"), ("Shared", "RefreshDrawing"),
                                ("Shared", "RefreshMainLoop")] {
            let landing = try String(contentsOf: root.appendingPathComponent("Sources/\(group)/\(module)/\(module).docc/\(module).md"),
                                     encoding: .utf8)
            let folder = root.appendingPathComponent("Sources/\(group)/\(module)")
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            for file in files.sorted() where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                let code = Corpus.strippingComments(text, hashComments: false, blockComments: false)
                let declared = Self.matches(
                    #"(?m)^(?:@\w+(?:\([^)]*\))?\s+)*public\s+(?:final\s+)?(?:class|struct|enum|protocol|typealias|actor)\s+([A-Za-z_][A-Za-z0-9_]*)"#,
                    in: code).map { "``\($0[1])``" }
                    + Self.matches(#"(?m)^(?:@\w+\s+)*public\s+func\s+([A-Za-z_][A-Za-z0-9_]*)\("#, in: code).map { "``\($0[1])(" }
                missing += declared.filter { !landing.contains($0) }
                    .map { "Sources/\(group)/\(module)/\(file): \($0) is not in \(module).md's Topics" }
            }
        }
        return missing
    }

    func problems(in text: String, document: String, corpus: Corpus) -> [String] {
        var found: [String] = []
        let directory = (document as NSString).deletingLastPathComponent
        var inFence = false
        var fenceStart = 0
        var swiftBlock: (start: Int, lines: [String])?
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            let at = "\(document):\(number + 1)"
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                inFence.toggle()
                if inFence { fenceStart = number + 1 }
                if inFence, trimmed == "```swift" {
                    swiftBlock = (number + 1, [])
                } else if let block = swiftBlock {
                    if !corpus.examplesContain(block.lines) {
                        found.append("\(document):\(block.start): this Swift block is in no file under Examples/")
                    }
                    swiftBlock = nil
                }
                continue
            }
            if inFence, swiftBlock != nil { swiftBlock!.lines.append(line) }
            for path in Self.paths(in: line) where !corpus.exists(path: path) {
                found.append("\(at): no file or folder `\(path)`")
            }
            for (named, anchor) in Self.markdownReferences(in: line, directory: directory) {
                let file = named.isEmpty ? document : named
                guard let headings = corpus.headings(ofMarkdown: file) else {
                    found.append("\(at): no markdown file `\(file)`")
                    continue
                }
                if let anchor, !headings.contains(anchor) {
                    found.append("\(at): `\(file)` has no heading `#\(anchor)`")
                }
            }
            guard !inFence else { continue }
            for (file, title) in Self.sectionReferences(in: line, directory: directory) {
                guard let headings = corpus.headings(ofMarkdown: file) else { continue }  // reported above
                if !headings.contains(where: { $0.hasPrefix(Corpus.slug(title)) }) {
                    found.append("\(at): `\(file)` has no section \"\(title)\"")
                }
            }
            for span in Self.codeSpans(in: line) {
                if let problem = corpus.check(span: span) { found.append("\(at): \(problem)") }
            }
        }
        // An unclosed fence turns the rest of the page into code when it is rendered.
        if inFence { found.append("\(document):\(fenceStart): this code fence is never closed") }
        return found
    }

    // MARK: Extraction

    static let roots = ["Sources", "Tests", "scripts", "Examples", "docs", "Resources", "po"]

    /// Repository paths written anywhere in a line.
    static func paths(in line: String) -> [String] {
        let pattern = #"(?<![\w./<-])((?:Sources|Tests|scripts|Examples|docs|Resources|po)/[A-Za-z0-9_.+*/-]*[A-Za-z0-9_*/])"#
        return matches(pattern, in: line).compactMap { match in
            var path = match[1]
            if path.hasSuffix("/") { path.removeLast() }
            // `Tests/` alone, or a path cut by a placeholder (`…/<lang>/…`), says nothing checkable.
            return path.contains("/") || roots.contains(path) ? path : nil
        }
    }

    /// Markdown files a line refers to: `[text](file.md#anchor)` links and plain `file.md#anchor`.
    static func markdownReferences(in line: String, directory: String) -> [(file: String, anchor: String?)] {
        var references: [(String, String?)] = []
        for match in matches(#"\]\(([^)\s]+)\)"#, in: line) {
            let target = match[1]
            guard !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts[0].isEmpty || parts[0].hasSuffix(".md") else { continue }
            let file = parts[0].isEmpty ? "" : normalize((directory as NSString).appendingPathComponent(parts[0]))
            references.append((file, parts.count > 1 ? parts[1] : nil))
        }
        for match in matches(#"(?<![\w(/-])([A-Za-z0-9_/.-]+\.md)#([A-Za-z0-9_-]+)"#, in: line) {
            let name = match[1]
            let file = name.contains("/") ? normalize(name) : normalize((directory as NSString).appendingPathComponent(name))
            references.append((file, match[2]))
        }
        return references  // an empty file: an anchor in the document itself
    }

    /// Sections named by the start of their title: `README, "Benchmark"`,
    /// `docs/architecture.md, "Hosts"`, `behaviour.md ("Rows")`.
    static func sectionReferences(in line: String, directory: String) -> [(file: String, title: String)] {
        matches(#"(?<![\w/.-])(README|[A-Za-z0-9_/.-]+\.md)(?:'s)?,? \(?\"([^\"]+)\""#, in: line).map { match in
            let name = match[1] == "README" ? "README.md" : match[1]
            let file = name.contains("/") || name == "README.md"
                ? normalize(name) : normalize((directory as NSString).appendingPathComponent(name))
            return (file, match[2])
        }
    }

    static func normalize(_ path: String) -> String {
        var parts: [String] = []
        for part in path.split(separator: "/") {
            if part == ".." { if !parts.isEmpty { parts.removeLast() } } else if part != "." { parts.append(String(part)) }
        }
        return parts.joined(separator: "/")
    }

    /// Inline code spans outside fenced blocks.
    static func codeSpans(in line: String) -> [String] {
        matches(#"(?<!`)`([^`]+)`(?!`)"#, in: line).map { $0[1].trimmingCharacters(in: .whitespaces) }
    }

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern)
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { match in
            (0..<match.numberOfRanges).map { index in
                let range = match.range(at: index)
                return range.location == NSNotFound ? "" : ns.substring(with: range)
            }
        }
    }

    // MARK: What is not ours

    /// Prefixes of names that belong to GTK and its stack, the C library, the Swift runtime or
    /// the platforms behaviour.md compares with.
    static let externalPrefixes = [
        "gtk_", "_gtk_", "gdk_", "gsk_", "g_", "adw_", "cairo_", "pango_", "atk_", "_dispatch_", "dispatch", "xdo",
        "Gtk", "Gdk", "Gsk", "Atk", "Pango", "Cairo", "Adw", "UI", "NS", "XCT", "Swift", "JK", "_X",
    ]

    /// External names no prefix recognises: GLib's and the Swift runtime's types, and a few
    /// names from the peers the behaviour spec cites.
    static let externalNames: Set<String> = [
        // GLib / GObject / GIO types and the GI namespaces of other languages' bindings.
        "GValue", "GType", "GSource", "GObject", "GApplication", "GCallback", "GClosure", "GClosureNotify",
        "GDestroyNotify", "GListModel", "GParamSpec", "GMainContext", "GMainLoop", "Gtk", "Gio", "GLib",
        "GObject.Object",
        // The Swift runtime, standard library, Foundation and concurrency.
        "Task", "MainActor", "Sendable", "DispatchQueue", "RunLoop", "CancellationError", "Codable",
        "JSONEncoder", "OptionSet", "Foundation", "Double", "Int", "String", "Bool", "URL", "Hashable",
        "Equatable", "AnyObject", "Result", "Never", "OpaquePointer", "UnsafeMutablePointer",
        "UnsafeMutableRawPointer", "Testing", "XCTest", "Numerics", "RealModule", "PackageDescription",
        // Peers and platforms the behaviour spec compares with.
        "RefreshIndicator", "RefreshControl", "ScrollView", "SwiftRefresh", "SmartRefreshLayout",
        "MJRefresh", "RecyclerView", "ListView.builder", "contentOffset", "contentInset", "scrollViewDidScroll",
        "scrollViewDidEndDragging", "setContentOffset", "refreshable", "PyGObject", "ReadTheDocs",
        // GTK's and ATK's C fields, vfuncs and properties, and AT-SPI's methods.
        "touch_only", "set_size", "select_all", "class_init", "GetItems",
    ]

    /// `draw_ms_p99` → `drawMsP99`: the Swift name a snake_case JSON key was encoded from.
    static func camelCase(_ snake: String) -> String {
        let parts = snake.split(separator: "_")
        guard let head = parts.first, parts.count > 1 else { return snake }
        return String(head) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func isExternal(_ name: String) -> Bool {
        externalNames.contains(name) || externalPrefixes.contains { name.hasPrefix($0) }
            || name.range(of: #"^X[A-Z][a-z]"#, options: .regularExpression) != nil  // Xlib
    }
}

/// The repository's code, indexed for the checks.
struct Corpus {
    let root: URL
    /// Every file and folder, relative to the root.
    let entries: Set<String>
    /// Identifiers (and `--options`) in code, comments removed.
    let words: Set<String>
    let options: Set<String>
    /// Swift types declared, and the files declaring or extending each.
    let typeFiles: [String: Set<String>]
    let superclass: [String: String]
    /// Words of each code file.
    let fileWords: [String: Set<String>]
    /// Members each Swift file declares `private` or `fileprivate` (not inherited by subclasses).
    let privateMembers: [String: Set<String>]
    /// The trimmed lines of every Swift file under Examples/.
    let examples: [[String]]
    /// Files, folders and markdown sections that comments in the code name and that do not exist.
    private(set) var commentProblems: [String] = []

    init(root: URL) throws {
        self.root = root
        var entries: Set<String> = []
        var words: Set<String> = []
        var options: Set<String> = []
        var typeFiles: [String: Set<String>] = [:]
        var superclass: [String: String] = [:]
        var fileWords: [String: Set<String>] = [:]
        var privateMembers: [String: Set<String>] = [:]
        var examples: [[String]] = []
        let manager = FileManager.default
        let top = try manager.contentsOfDirectory(atPath: root.path).filter { !$0.hasPrefix(".") }
        var stack = top
        while let path = stack.popLast() {
            entries.insert(path)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &isDirectory)
            else { continue }
            if isDirectory.boolValue {
                let children = try manager.contentsOfDirectory(atPath: root.appendingPathComponent(path).path)
                stack += children.filter { !$0.hasPrefix(".") }.map { "\(path)/\($0)" }
                continue
            }
            let isCode = DocsCheck.roots.dropLast(3).contains { path.hasPrefix("\($0)/") } || path == "Package.swift"
            let ext = (path as NSString).pathExtension
            guard isCode, ["swift", "c", "h", "sh", "py", "js", "vala", "build", "modulemap"].contains(ext),
                  let text = try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            else { continue }
            if path.hasPrefix("Examples/"), ext == "swift" { examples.append(Corpus.trimmedLines(text)) }
            let code = Corpus.strippingComments(text, hashComments: ["sh", "py", "build"].contains(ext),
                                                blockComments: ext != "swift")
            let tokens = Set(DocsCheck.matches(#"[A-Za-z_][A-Za-z0-9_]*"#, in: code).map { $0[0] })
            fileWords[path] = tokens
            // The docs test's own files name broken things on purpose: only their types and
            // their members count.
            if path.hasPrefix("Tests/DocsTests/") {
                for match in DocsCheck.matches(#"\b(?:class|struct|enum)\s+([A-Z][A-Za-z0-9_]*)"#, in: code) {
                    typeFiles[match[1], default: []].insert(path)
                }
                continue
            }
            words.formUnion(tokens)
            options.formUnion(DocsCheck.matches(#"--[a-z][a-z0-9-]*"#, in: code).map { $0[0] })
            guard ext == "swift" else { continue }
            for match in DocsCheck.matches(#"@(?:Option|Flag)\b[\s\S]*?\bvar\s+([A-Za-z_][A-Za-z0-9_]*)"#, in: code) {
                options.insert("--" + Corpus.kebab(match[1]))
            }
            for match in DocsCheck.matches(
                #"\b(?:class|struct|enum|protocol|typealias|actor|extension)\s+([A-Z][A-Za-z0-9_]*)"#, in: code) {
                typeFiles[match[1], default: []].insert(path)
            }
            privateMembers[path] = Set(DocsCheck.matches(
                #"\b(?:private|fileprivate)\s+(?:(?:static|final|lazy|weak|override|@\w+)\s+)*(?:func|var|let)\s+([A-Za-z_][A-Za-z0-9_]*)"#,
                in: code).map { $0[1] })
            for match in DocsCheck.matches(#"\bclass\s+([A-Z][A-Za-z0-9_]*)\s*:\s*([A-Z][A-Za-z0-9_]*)"#, in: code) {
                superclass[match[1]] = match[2]
            }
        }
        self.entries = entries
        self.words = words
        self.options = options
        self.typeFiles = typeFiles
        self.superclass = superclass
        self.fileWords = fileWords
        self.privateMembers = privateMembers
        self.examples = examples
        commentProblems = try checkComments()
    }

    /// Comments in the code point at docs and at other files: those must exist too. A comment
    /// names a rooted path (`docs/behaviour.md`, `Sources/…`), a source file (`Hosts/RefreshBin.swift`,
    /// `accessible_list.c`), a heading (`docs/behaviour.md#input-model`) or a section by its title
    /// (`docs/behaviour.md, "Variable row heights"`).
    private func checkComments() throws -> [String] {
        var found: [String] = []
        for path in fileWords.keys.sorted() {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            let ext = (path as NSString).pathExtension
            for (number, line) in text.components(separatedBy: "\n").enumerated() {
                guard let comment = Corpus.comment(in: line, hashComments: ["sh", "py"].contains(ext)) else { continue }
                let at = "\(path):\(number + 1)"
                for named in DocsCheck.paths(in: comment) where !exists(path: named) {
                    found.append("\(at): no file or folder `\(named)`")
                }
                for match in DocsCheck.matches(#"(?<![\w/.-])((?:[A-Za-z0-9_+-]+/)*[A-Za-z0-9_+-]+\.(?:swift|c|h))\b"#, in: comment) {
                    let name = match[1]
                    // GTK's own files (gtkscrolledwindow.c, gtk/gtk.h) and placeholders (OUT/…) are not ours.
                    let head = String(name.prefix { $0 != "/" })
                    guard !DocsCheck.roots.contains(where: { name.hasPrefix("\($0)/") }), !DocsCheck.isExternal(name),
                          !["gtk", "gdk", "glib", "pango", "cairo", "atk"].contains(where: { name.hasPrefix($0) }),
                          !(name.contains("/") && head == head.uppercased())
                    else { continue }
                    if !entries.contains(where: { $0 == name || $0.hasSuffix("/" + name) }) {
                        found.append("\(at): no file `\(name)`")
                    }
                }
                let readmeSections = DocsCheck.matches(#"README(?:'s)?,? \(?\"([^\"]+)\""#, in: comment).map {
                    ["", "README.md", "", $0[1]]
                }
                for match in DocsCheck.matches(#"(docs/[A-Za-z0-9_-]+\.md)(?:#([A-Za-z0-9_-]+)|,? \(?\"([^\"]+)\")"#, in: comment)
                    + readmeSections {
                    guard let headings = headings(ofMarkdown: match[1]) else { continue }  // reported above
                    if !match[2].isEmpty, !headings.contains(match[2]) {
                        found.append("\(at): `\(match[1])` has no heading `#\(match[2])`")
                    }
                    // A section named by the start of its title: "Lifetime" for "Lifetime and teardown".
                    if !match[3].isEmpty, !headings.contains(where: { $0.hasPrefix(Corpus.slug(match[3])) }) {
                        found.append("\(at): `\(match[1])` has no section \"\(match[3])\"")
                    }
                }
            }
        }
        return found
    }

    /// The comment part of a line, if any.
    static func comment(in line: String, hashComments: Bool) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if hashComments {
            guard let range = line.range(of: #"(^|\s)#(?!!).*$"#, options: .regularExpression) else { return nil }
            return String(line[range])
        }
        if let range = line.range(of: "//") { return String(line[range.lowerBound...]) }
        if trimmed.hasPrefix("*") || trimmed.hasPrefix("/*") { return trimmed }
        return nil
    }

    static func trimmedLines(_ text: String) -> [String] {
        text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// `block`'s lines, trimmed, are consecutive lines of an example.
    func examplesContain(_ block: [String]) -> Bool {
        let wanted = block.map { $0.trimmingCharacters(in: .whitespaces) }
        guard !wanted.isEmpty else { return true }
        return examples.contains { lines in
            guard lines.count >= wanted.count else { return false }
            return (0...(lines.count - wanted.count)).contains { start in
                lines[start..<start + wanted.count].elementsEqual(wanted)
            }
        }
    }

    static func kebab(_ camel: String) -> String {
        var out = ""
        for character in camel {
            if character.isUppercase { out += "-" + character.lowercased() } else { out.append(character) }
        }
        return out
    }

    /// Code without its comments: `//` to the end of the line, then (C and JavaScript only; a
    /// Swift string may hold the characters) block comments; `#` for shell and Python.
    static func strippingComments(_ text: String, hashComments: Bool, blockComments: Bool = true) -> String {
        var text = text
        if hashComments {
            text = text.components(separatedBy: "\n").map { line in
                guard let range = line.range(of: #"(^|\s)#(?!!).*$"#, options: .regularExpression) else { return line }
                return String(line[..<range.lowerBound])
            }.joined(separator: "\n")
            return text
        }
        text = text.components(separatedBy: "\n").map { line in
            guard let range = line.range(of: "//") else { return line }
            return String(line[..<range.lowerBound])
        }.joined(separator: "\n")
        guard blockComments else { return text }
        return text.replacingOccurrences(of: #"/\*[\s\S]*?\*/"#, with: " ", options: .regularExpression)
    }

    func exists(path: String) -> Bool {
        if let star = path.firstIndex(of: "*") {
            let head = path[..<star]
            let folder = head.lastIndex(of: "/").map { String(head[..<$0]) } ?? ""
            return entries.contains(folder)
        }
        return entries.contains(path)
    }

    /// GitHub heading ids of a markdown file, or nil when there is no such file.
    func headings(ofMarkdown file: String) -> Set<String>? {
        guard entries.contains(file),
              let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        else { return nil }
        var ids: Set<String> = []
        var inFence = false
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") { inFence.toggle() }
            guard !inFence, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            ids.insert(Corpus.slug(title))
        }
        return ids
    }

    static func slug(_ title: String) -> String {
        String(title.lowercased().compactMap { character -> Character? in
            if character == " " { return "-" }
            if character.isLetter || character.isNumber || character == "-" || character == "_" { return character }
            return nil
        })
    }

    // MARK: Code spans

    /// A problem with one code span, or nil.
    func check(span: String) -> String? {
        if span.hasPrefix("--") {
            guard let option = DocsCheck.matches(#"^--[a-z][a-z0-9-]*"#, in: span).first?[0] else { return nil }
            return options.contains(option) ? nil : "no option `\(option)` in the code"
        }
        if DocsCheck.matches(#"^[\w./+-]+\.(swift|c|h|sh|py|js|modulemap)$"#, in: span).first != nil {
            let head = String(span.prefix { $0 != "/" })
            guard !span.contains("/") || !(DocsCheck.roots.contains(head) || head == head.uppercased()) else {
                return nil  // a rooted path, checked with the other paths, or a placeholder (`PREFIX/…`)
            }
            let found = entries.contains { $0 == span || $0.hasSuffix("/" + span) }
            return found || DocsCheck.isExternal(span) ? nil : "no file `\(span)`"
        }
        if let name = DocsCheck.matches(#"^PTR_[A-Z0-9_]+"#, in: span).first?[0] {
            return words.contains(name) ? nil : "no `\(name)` in the code"
        }
        guard let match = DocsCheck.matches(
            #"^\.?([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)(\((.*)\))?$"#, in: span).first
        else { return nil }
        let components = match[1].split(separator: ".").map(String.init)
        let isCall = !match[2].isEmpty
        let labels = DocsCheck.matches(#"([A-Za-z_][A-Za-z0-9_]*):"#, in: match[3]).map { $0[1] }
        return check(components: components, isCall: isCall, labels: labels, span: span)
    }

    private func check(components: [String], isCall: Bool, labels: [String], span: String) -> String? {
        let first = components[0]
        if DocsCheck.isExternal(first) || DocsCheck.isExternal(components.joined(separator: ".")) { return nil }
        // GObject introspection's names: `Ptr.RefreshBin` is the C type without the dot, `Ptr4.init`
        // the namespace's function `ptr4_init`.
        if first == "Ptr" || first == "Ptr4", components.count > 1 {
            if components[1].first!.isLowercase {
                let function = first.lowercased() + "_" + components[1]
                return words.contains(function) ? nil : "no function `\(function)`"
            }
            return words.contains(first + components[1]) ? nil : "no GObject type `\(first)\(components[1])`"
        }
        var owner: String?
        if first.first!.isUppercase, first.contains(where: \.isLowercase) {
            guard typeFiles[first] != nil || words.contains(first) else { return "no type `\(first)` in the code" }
            owner = typeFiles[first] != nil ? first : nil
        } else if components.count == 1 {
            // A plain lowercase word (`run`, `quit`) may be English or a trace field; ALL_CAPS
            // constants are C's.
            let hasLower = first.contains(where: \.isLowercase)
            let checked = hasLower && (isCall || first.contains("_") || first.contains(where: \.isUppercase))
            // A snake_case JSON key is a Codable property's name (`convertToSnakeCase`).
            if checked, !words.contains(first), !words.contains(DocsCheck.camelCase(first)) {
                return "no `\(first)` in the code"
            }
        } else if !components.allSatisfy(words.contains) {
            return "no `\(components.first { !words.contains($0) }!)` in the code (`\(span)`)"
        }
        for member in components.dropFirst() {
            if let type = owner {
                guard memberExists(member, in: type) else { return "`\(type)` has no member `\(member)`" }
                owner = typeFiles[member] != nil ? member : nil
            } else if !words.contains(member) {
                return "no `\(member)` in the code (`\(span)`)"
            }
        }
        if let label = labels.first(where: { $0 != "_" && !words.contains($0) }) {
            return "no argument label `\(label)` in the code (`\(span)`)"
        }
        return nil
    }

    /// `member` occurs in a file declaring or extending `type` or one of its superclasses.
    private func memberExists(_ member: String, in type: String) -> Bool {
        var current: String? = type
        var seen: Set<String> = []
        while let name = current, seen.insert(name).inserted {
            // A superclass's private member is not the subclass's.
            let inherited = name != type
            if let files = typeFiles[name], files.contains(where: {
                fileWords[$0]?.contains(member) == true && !(inherited && privateMembers[$0]?.contains(member) == true)
            }) {
                return true
            }
            current = superclass[name]
        }
        return typeFiles[type] == nil && words.contains(member)
    }
}
