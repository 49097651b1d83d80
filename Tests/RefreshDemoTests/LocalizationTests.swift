// The gettext catalogues and the L10n API.
//
// gettext reads LANGUAGE and the locale process-wide, and other suites in this binary run in
// parallel and may show strings, so nothing here changes the environment or the locale of the
// test process. What needs a language runs in a child: this same test binary, started with
// `--testing-library swift-testing --filter LocalizationTests/subprocessBody` and PTR_L10N_CHILD
// set, runs only `subprocessBody`, which is skipped in a normal run.

import RefreshDemo
import RefreshTestSupport
import CGtk
import Foundation
import RefreshCore
import RefreshDrawing
import Testing
@testable import RefreshGtk

/// One entry of a .po or .pot file.
struct POEntry: Equatable {
    var context: String?
    var msgid = ""
    var plural: String?
    var msgstr: [String] = []  // msgstr, or msgstr[0], msgstr[1], …
    var flags: Set<String> = []

    var key: String { (context.map { $0 + "\u{04}" } ?? "") + msgid }
}

enum POFile {
    /// Parses a PO file (header entry and obsolete `#~` entries left out).
    static func parse(_ text: String) -> [POEntry] {
        var entries: [POEntry] = []
        var current = POEntry()
        var started = false
        var field: WritableKeyPath<POEntry, String>?
        var pluralIndex: Int?

        func finish() {
            if started && !(current.msgid.isEmpty && current.context == nil) { entries.append(current) }
            current = POEntry(); started = false; field = nil; pluralIndex = nil
        }
        func append(_ s: String) {
            if let pluralIndex { current.msgstr[pluralIndex] += s }
            else if let field { current[keyPath: field] += s }
        }

        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { finish(); continue }
            if line.hasPrefix("#~") { continue }
            if line.hasPrefix("#,") {
                if started && !current.msgstr.isEmpty { finish() }
                for flag in line.dropFirst(2).split(separator: ",") {
                    current.flags.insert(flag.trimmingCharacters(in: .whitespaces))
                }
                continue
            }
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("msgctxt ") {
                if started && !current.msgstr.isEmpty { finish() }
                started = true; pluralIndex = nil
                current.context = ""; field = \POEntry.context!
                append(unquote(line.dropFirst(8)))
            } else if line.hasPrefix("msgid_plural ") {
                current.plural = ""; field = \POEntry.plural!; pluralIndex = nil
                append(unquote(line.dropFirst(13)))
            } else if line.hasPrefix("msgid ") {
                if started && !current.msgstr.isEmpty { finish() }
                started = true; field = \POEntry.msgid; pluralIndex = nil
                append(unquote(line.dropFirst(6)))
            } else if line.hasPrefix("msgstr[") {
                current.msgstr.append(""); pluralIndex = current.msgstr.count - 1
                append(unquote(line.drop { $0 != " " }.dropFirst()))
            } else if line.hasPrefix("msgstr ") {
                current.msgstr = [""]; pluralIndex = 0
                append(unquote(line.dropFirst(7)))
            } else if line.hasPrefix("\"") {
                append(unquote(Substring(line)))
            }
        }
        finish()
        return entries
    }

    /// The header entry's fields ("Plural-Forms", "Language", …).
    static func header(_ text: String) -> [String: String] {
        guard let start = text.range(of: "msgid \"\"\nmsgstr \"\"\n") else {
            Issue.record("no header entry (msgid \"\")")
            return [:]
        }
        let rest = text[start.upperBound...]
        let block = rest[..<(rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex)]
        var fields: [String: String] = [:]
        for line in block.split(separator: "\n") {
            for pair in unquote(Substring(line)).split(separator: "\n") {
                guard let colon = pair.firstIndex(of: ":") else { continue }
                fields[String(pair[..<colon])] =
                    pair[pair.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return fields
    }

    /// `"a\"b\n"` → `a"b` + newline.
    static func unquote(_ s: Substring) -> String {
        var body = s.trimmingCharacters(in: .whitespaces)
        guard body.hasPrefix("\""), body.hasSuffix("\""), body.count >= 2 else {
            Issue.record("not a quoted PO string: \(s)")
            return ""
        }
        body = String(body.dropFirst().dropLast())
        var out = ""
        var escaped = false
        for c in body {
            if escaped {
                switch c {
                case "n": out.append("\n")
                case "t": out.append("\t")
                default: out.append(c)
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return out
    }

    /// The printf-style placeholders of a message, sorted (`%%` is not one).
    static func placeholders(_ s: String) -> [String] {
        var out: [String] = []
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == "%" {
                let next = s.index(after: i)
                guard next < s.endIndex else { break }
                if s[next] == "%" { i = s.index(after: next); continue }
                var end = next
                while end < s.endIndex, "0123456789$".contains(s[end]) { end = s.index(after: end) }
                if end < s.endIndex {
                    out.append(String(s[i...end]))
                    i = s.index(after: end)
                    continue
                }
            }
            i = s.index(after: i)
        }
        return out.sorted()
    }
}

@Suite struct LocalizationTests {
    static let po = ScriptHarness.repoRoot.appendingPathComponent("po")
    static let potPath = po.appendingPathComponent("gtk-pull-to-refresh.pot").path

    /// The languages in po/LINGUAS.
    static var languages: [String] {
        let text = (try? String(contentsOf: po.appendingPathComponent("LINGUAS"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n")
            .map { $0.split(separator: "#", omittingEmptySubsequences: false).first ?? "" }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    static func entries(_ file: String) throws -> [POEntry] {
        POFile.parse(try String(contentsOfFile: po.appendingPathComponent(file).path, encoding: .utf8))
    }

    /// Every fixed string of the API with its context and msgid (plurals, templates and the
    /// date pattern are checked separately).
    static var fixedStrings: [(value: String, context: String?, msgid: String)] {
        [
            (L10n.pullDownToRefresh, nil, "Pull down to refresh"),
            (DemoL10n.columnTitle, "tree view column", "Title"),
            (DemoL10n.columnSubtitle, "tree view column", "Subtitle"),
            (L10n.releaseToRefresh, nil, "Release to refresh"),
            (L10n.refreshing, nil, "Refreshing…"),
            (L10n.neverUpdated, nil, "Never updated"),
            (L10n.justNow, nil, "just now"),
            (L10n.loadMore, nil, "Load more"),
            (L10n.releaseToLoadMore, nil, "Release to load more"),
            (L10n.loading, nil, "Loading…"),
            (L10n.noMoreItems, nil, "No more items"),
            (L10n.loadFailed, nil, "Couldn't load — click to retry"),
            (L10n.refreshFailed, nil, "Couldn't refresh"),
            (L10n.updated, nil, "Updated"),
            (L10n.newRows(0), nil, "No new rows"),
            (DemoL10n.windowTitle, nil, "Pull to Refresh"),
            (L10n.listAccessibleName, nil, "Pull-to-refresh list"),
            (L10n.headerAccessibleName, nil, "Refresh header"),
            (L10n.footerAccessibleName, nil, "Load-more footer"),
            (L10n.loadMoreAction, "action", "Load more"),
            (L10n.retryAction, "action", "Retry"),
            (L10n.refreshAction, "action", "Refresh"),
            (DemoL10n.appDescription, nil, "Pull down to refresh and load more rows: a GTK 3 list demo"),
        ]
    }

    /// Compiles the catalogues into a fresh directory with the project's script.
    static func compileCatalogues() throws -> String {
        let dir = try ScriptHarness.makeTempDirectory("locale")
        let built = try ScriptHarness.run(ScriptHarness.script("build-translations.sh"), [dir])
        #expect(built.status == 0, "build-translations.sh:\n\(built.output)")
        return dir
    }

    // MARK: In process: no language needed

    @Test func fillReplacesTheOnePlaceholderAndNeverCrashes() {
        #expect(L10n.fill("Last updated: %@", "5 min ago") == "Last updated: 5 min ago")
        #expect(L10n.fill("%d 分钟前", "3") == "3 分钟前")
        #expect(L10n.fill("%1$s new", "7") == "7 new")
        #expect(L10n.fill("100%% of %d", "4") == "100% of 4")
        #expect(L10n.fill("broken %q %", "x") == "broken %q %")
        #expect(L10n.fill("no placeholder", "x") == "no placeholder")
    }

    @Test func localeDirectoryIsFoundInTheDocumentedOrder() {
        let exe = "/opt/app/bin"
        func resolve(_ override: String?, has: Set<String>) -> String? {
            L10n.resolveLocaleDirectory(
                override: override, executableDirectory: exe, hasCatalogues: { has.contains($0) })
        }
        let everything: Set = ["/opt/app/share/locale", "/opt/app/bin/locale"]
        #expect(resolve("/custom", has: everything) == "/custom")
        #expect(resolve("", has: everything) == "/opt/app/share/locale")
        #expect(resolve(nil, has: everything) == "/opt/app/share/locale")
        #expect(resolve(nil, has: ["/opt/app/bin/locale"]) == "/opt/app/bin/locale")
        #expect(resolve(nil, has: []) == nil)
        #expect(L10n.resolveLocaleDirectory(override: nil, executableDirectory: nil, hasCatalogues: { _ in true }) == nil)
        #expect(L10n.parentDirectory("/usr/local/bin/") == "/usr/local")
        #expect(L10n.parentDirectory("/bin") == "/")
    }

    @Test func catalogueDirectoriesAreRecognised() throws {
        let dir = try Self.compileCatalogues()
        defer { ScriptHarness.removeTree(dir) }
        #expect(L10n.containsCatalogues(dir))
        #expect(!L10n.containsCatalogues(dir + "/zh_CN"))
        #expect(!L10n.containsCatalogues(dir + "/missing"))
    }

    @Test func fallbackLanguageOnlyWhenNeeded() {
        #expect(L10n.fallbackLanguage(language: nil, lcAll: nil, lcMessages: nil, lang: "zh_CN.UTF-8") == "zh_CN")
        #expect(L10n.fallbackLanguage(language: "", lcAll: "de_DE@euro", lcMessages: nil, lang: "zh_CN") == "de_DE")
        #expect(L10n.fallbackLanguage(language: "fr", lcAll: nil, lcMessages: nil, lang: "zh_CN.UTF-8") == nil)
        #expect(L10n.fallbackLanguage(language: nil, lcAll: nil, lcMessages: nil, lang: "C.UTF-8") == nil)
        #expect(L10n.fallbackLanguage(language: nil, lcAll: nil, lcMessages: nil, lang: nil) == nil)
    }

    /// The thresholds, whatever the language of the test process.
    @Test func relativeTimeThresholds() {
        let now = 1_700_000_000.0
        #expect(L10n.relativeTimeString(from: now, now: now) == L10n.justNow)
        #expect(L10n.relativeTimeString(from: now - 59, now: now) == L10n.justNow)
        #expect(L10n.relativeTimeString(from: now + 30, now: now) == L10n.justNow)
        #expect(L10n.relativeTimeString(from: now - 60, now: now) == L10n.minutesAgo(1))
        #expect(L10n.relativeTimeString(from: now - 180, now: now) == L10n.minutesAgo(3))
        #expect(L10n.relativeTimeString(from: now - 3599, now: now) == L10n.minutesAgo(59))
        #expect(L10n.relativeTimeString(from: now - 3600, now: now) == L10n.hoursAgo(1))
        #expect(L10n.relativeTimeString(from: now - 7200, now: now) == L10n.hoursAgo(2))
        #expect(L10n.relativeTimeString(from: now - 86_399, now: now) == L10n.hoursAgo(23))
        let twoDays = L10n.relativeTimeString(from: now - 172_800, now: now, timeZone: "UTC")
        #expect(twoDays == L10n.formatDate(unixSeconds: 1_700_000_000 - 172_800, timeZone: "UTC"))
        #expect(twoDays.contains("22:13"))
        #expect(L10n.relativeTimeString(from: .nan, now: now) == L10n.neverUpdated)
        #expect(L10n.relativeTimeString(from: -1e300, now: now) == L10n.neverUpdated)
        #expect(L10n.lastUpdatedLine(lastUpdate: nil, now: now) == L10n.neverUpdated)
    }

    @Test func textsByPhaseCoverEveryPhase() {
        for phase in HeaderPhase.allCases {
            #expect(!L10n.classicHeaderText(for: phase).isEmpty)
        }
        for phase in FooterPhase.allCases { #expect(!L10n.footerText(for: phase).isEmpty) }
    }

    // MARK: The catalogues

    @Test func potIsUpToDateAndEveryTranslationComplete() throws {
        let check = try ScriptHarness.run(ScriptHarness.script("build-translations.sh"), ["--check"])
        #expect(check.status == 0, "build-translations.sh --check:\n\(check.output)")
    }

    @Test(arguments: LocalizationTests.languages)
    func everyMessageIsTranslated(language: String) throws {
        let pot = try Self.entries("gtk-pull-to-refresh.pot")
        let text = try String(contentsOfFile: Self.po.appendingPathComponent("\(language).po").path, encoding: .utf8)
        let translations = Dictionary(POFile.parse(text).map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let nplurals = POFile.header(text)["Plural-Forms"]
            .flatMap { $0.split(separator: ";").first { $0.contains("nplurals") } }
            .flatMap { Int($0.split(separator: "=").last?.trimmingCharacters(in: .whitespaces) ?? "") }
        let plurals = try #require(nplurals, "\(language).po has no Plural-Forms")
        #expect(pot.count >= 28)
        #expect(Set(translations.keys) == Set(pot.map(\.key)), "\(language).po and the .pot list different messages")

        for message in pot {
            let t = try #require(translations[message.key], "\(language): no entry for \(message.msgid)")
            #expect(!t.flags.contains("fuzzy"), "\(language): fuzzy \(message.msgid)")
            #expect(t.plural == message.plural)
            #expect(t.msgstr.count == (message.plural == nil ? 1 : plurals), "\(language): \(message.msgid)")
            for form in t.msgstr {
                #expect(!form.trimmingCharacters(in: .whitespaces).isEmpty, "\(language): empty \(message.msgid)")
                if message.flags.contains("no-c-format") { continue }
                #expect(POFile.placeholders(form) == POFile.placeholders(message.msgid),
                        "\(language): placeholders of \(message.msgid) → \(form)")
            }
        }
        // Every fixed string of the API is a message of the catalogue.
        for item in Self.fixedStrings {
            let key = (item.context.map { $0 + "\u{04}" } ?? "") + item.msgid
            #expect(pot.contains { $0.key == key }, "not in the .pot: \(item.msgid)")
        }
    }

    @Test func compiledCataloguesHoldTheTranslations() throws {
        let dir = try Self.compileCatalogues()
        defer { ScriptHarness.removeTree(dir) }
        for language in Self.languages {
            let mo = "\(dir)/\(language)/LC_MESSAGES/gtk-pull-to-refresh.mo"
            #expect(FileManager.default.fileExists(atPath: mo))
            let dump = try ScriptHarness.run("/usr/bin/env", ["msgunfmt", mo])
            #expect(dump.status == 0, "\(dump.output)")
            let compiled = Dictionary(POFile.parse(dump.output).map { ($0.key, $0.msgstr) }, uniquingKeysWith: { a, _ in a })
            let source = try Self.entries("\(language).po")
            #expect(compiled.count == source.count)
            for entry in source { #expect(compiled[entry.key] == entry.msgstr, "\(entry.msgid)") }
        }
        // A second run finds the catalogues up to date and leaves them alone.
        let mo = "\(dir)/zh_CN/LC_MESSAGES/gtk-pull-to-refresh.mo"
        let before = try FileManager.default.attributesOfItem(atPath: mo)[.modificationDate] as? Date
        let again = try ScriptHarness.run(ScriptHarness.script("build-translations.sh"), [dir])
        #expect(again.status == 0)
        let after = try FileManager.default.attributesOfItem(atPath: mo)[.modificationDate] as? Date
        #expect(before == after)
    }

    @Test func desktopEntryMatchesTheCatalogue() throws {
        let desktop = try String(
            contentsOf: ScriptHarness.repoRoot.appendingPathComponent(
                "Resources/io.github.gtk_pull_to_refresh.Demo.desktop"), encoding: .utf8)
        var keys: [String: String] = [:]
        for line in desktop.split(separator: "\n") {
            guard let eq = line.firstIndex(of: "=") else { continue }
            keys[String(line[..<eq])] = String(line[line.index(after: eq)...])
        }
        #expect(keys["Name"] == "Pull to Refresh")
        #expect(keys["Comment"] == "Pull down to refresh and load more rows: a GTK 3 list demo")
        #expect(keys["Exec"] == "refresh-demo")
        #expect(keys["Icon"] == "io.github.gtk_pull_to_refresh.Demo")
        for language in Self.languages {
            let entries = try Self.entries("\(language).po")
            func translation(_ msgid: String) -> String? {
                entries.first { $0.context == nil && $0.msgid == msgid }?.msgstr.first
            }
            #expect(keys["Name[\(language)]"] == translation("Pull to Refresh"))
            #expect(keys["Comment[\(language)]"] == translation(keys["Comment"] ?? ""))
        }
    }

    // MARK: In a child process, with a language

    /// Runs `subprocessBody` in a child of this test binary with `environment`.
    func runChild(_ language: String, _ environment: [String: String?]) throws {
        let catalogues = try Self.compileCatalogues()
        defer { ScriptHarness.removeTree(catalogues) }
        let report = catalogues + "/child-report.txt"
        var env: [String: String?] = [
            "PTR_L10N_CHILD": language, "PTR_L10N_CHILD_REPORT": report,
            "PTR_LOCALEDIR": catalogues,
            "LANGUAGE": nil, "LC_ALL": nil, "LC_MESSAGES": nil, "LANG": nil,
        ]
        for (key, value) in environment { env[key] = value }
        let child = try ScriptHarness.run(
            BuiltProducts.running,
            ["--testing-library", "swift-testing", "--filter", "LocalizationTests/subprocessBody"],
            environment: env)
        let reported = (try? String(contentsOfFile: report, encoding: .utf8)) ?? "(no report)"
        #expect(child.status == 0, "child for \(language) failed:\n\(child.output)")
        #expect(reported == "checked \(language)\n", "child for \(language) did not run:\n\(child.output)")
    }

    @Test func chineseWithLanguageVariable() throws {
        try runChild("zh_CN", ["LANGUAGE": "zh_CN", "LANG": "C.UTF-8"])
    }

    @Test func chineseFromAnUninstalledLocaleName() throws {
        // No zh_CN locale is generated here: setUp falls back to C.UTF-8 + LANGUAGE=zh_CN.
        try runChild("zh_CN", ["LANG": "zh_CN.UTF-8"])
    }

    @Test func englishWithoutALanguage() throws {
        try runChild("en", ["LANG": "C.UTF-8"])
    }

    @Test func englishInThePlainCLocale() throws {
        // glibc ignores LANGUAGE in the "C" locale: POSIX output stays untranslated.
        try runChild("en", ["LANGUAGE": "zh_CN", "LC_ALL": "C"])
    }

    @Test(.enabled(if: ProcessInfo.processInfo.environment["PTR_L10N_CHILD"] != nil,
                   "opt-in: runs only in the child process that the language tests start"))
    func subprocessBody() throws {
        let env = ProcessInfo.processInfo.environment
        let language = try #require(env["PTR_L10N_CHILD"])
        let bound = L10n.setUp()
        #expect(bound == env["PTR_LOCALEDIR"])
        #expect(String(cString: bindtextdomain(L10n.domain, nil)) == env["PTR_LOCALEDIR"])
        #expect(String(cString: textdomain(nil)) == L10n.domain)

        let now = 1_700_000_000.0  // 2023-11-14 22:13:20 UTC
        func ago(_ seconds: Double) -> String {
            L10n.relativeTimeString(from: now - seconds, now: now, timeZone: "UTC")
        }

        switch language {
        case "zh_CN":
            let entries = try Self.entries("zh_CN.po")
            for item in Self.fixedStrings {
                let expected = entries.first { $0.context == item.context && $0.msgid == item.msgid }?.msgstr.first
                #expect(item.value == expected, "\(item.msgid)")
            }
            #expect(L10n.pullDownToRefresh == "下拉刷新")
            #expect(DemoL10n.columnTitle == "标题" && DemoL10n.columnSubtitle == "副标题")
            #expect(L10n.refreshing == "正在刷新…")
            #expect(L10n.loading == "正在加载…")
            #expect(L10n.noMoreItems == "没有更多了")
            #expect(L10n.loadFailed == "加载失败，点击重试")
            #expect(L10n.retryAction == "重试")
            #expect(L10n.releaseToRefresh == "松开立即刷新")
            #expect(L10n.newRows(1) == "1 条新内容")
            #expect(L10n.newRows(12) == "12 条新内容")
            #expect(ago(0) == "刚刚")
            #expect(ago(59) == "刚刚")
            #expect(ago(60) == "1 分钟前")
            #expect(ago(180) == "3 分钟前")
            #expect(ago(7200) == "2 小时前")
            #expect(ago(172_800) == "2023年11月12日 22:13")
            #expect(L10n.lastUpdatedLine(lastUpdate: now - 180, now: now) == "最后更新：3 分钟前")
            #expect(L10n.lastUpdatedLine(lastUpdate: nil, now: now) == "从未更新")
            #expect(L10n.footerText(for: .failed) == "加载失败，点击重试")
            #expect(L10n.classicHeaderText(for: .armed) == "松开立即刷新")
        case "en":
            for item in Self.fixedStrings { #expect(item.value == item.msgid) }
            #expect(L10n.newRows(1) == "1 new row")
            #expect(L10n.newRows(5) == "5 new rows")
            #expect(ago(0) == "just now")
            #expect(ago(59) == "just now")
            #expect(ago(60) == "1 min ago")
            #expect(ago(180) == "3 min ago")
            #expect(ago(7200) == "2 h ago")
            #expect(ago(172_800) == "11/12/23 22:13")  // %x in C.UTF-8 / C
            #expect(L10n.lastUpdatedLine(lastUpdate: now - 180, now: now) == "Last updated: 3 min ago")
            #expect(L10n.lastUpdatedLine(lastUpdate: nil, now: now) == "Never updated")
        default:
            Issue.record("unknown child language \(language)")
        }
        if let report = env["PTR_L10N_CHILD_REPORT"] {
            try "checked \(language)\n".write(toFile: report, atomically: true, encoding: .utf8)
        }
    }
}
