import Foundation

/// Finds the external programs the project runs, by reading its sources (docs/testing.md,
/// "Every program the suite runs is installed"):
///
/// - **Swift** (Tests/, Sources/TestSupport/RefreshTestSupport): `program("NAME"` (`Prerequisite.program`,
///   `BuiltProducts.program`), `which("NAME"` and `tool("NAME"`, and a string literal that is a
///   whole path in a system `bin` folder (`"/usr/bin/python3"`) where it is not glued onto
///   something else (`root + "/bin/x"` is a path of the test's own).
/// - **Shell** (scripts/, .ci/run): the word in command position of every simple command (after
///   `;`, `&&`, `||`, `|`, `&`, `(`, `$(`, `then`, `do`, `else`, `!`, assignments and `exec`),
///   the program `command -v` looks for, the first argument of a function that checks its `$1`
///   with `command -v`, and the words of a `for x in …` list whose variable `command -v` checks.
///   Builtins, keywords, the script's own functions, variables and paths into the repository
///   are not programs.
/// - **Python** (scripts/, Tests/): the first element of a literal argument list
///   (`subprocess.run(["xdotool", …`), `shutil.which("NAME")` and system `bin` path literals.
///
/// Each finding names the file, so that a failure says where the program is run.
struct ProgramScan {
    struct Use: Hashable, CustomStringConvertible {
        let program: String
        let file: String
        /// Run only when installed (`if command -v NAME`): an optional check of a user's script,
        /// which the suite, where it runs, must still have.
        var optional = false
        var description: String { "\(program) (\(file))" }
    }

    let root: URL

    func swiftUses(in files: [String]) throws -> [Use] {
        let patterns = [
            #"(?<![A-Za-z0-9_])(?:program|which|tool|executableInPath)\("([A-Za-z0-9._+-]+)""#,
            #"(?:^|[(\[,=:]\s*)"/(?:usr/)?s?bin/([A-Za-z0-9._+-]+)""#,
        ]
        return try files.flatMap { file in
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { Self.strippingSwiftComment(String($0)) }.joined(separator: "\n")
            // `for tool in ["valgrind", "strip"] { guard let path = executableInPath(tool) …`
            let lists = Self.matchGroups(#"for (\w+) in \[([^\]]*)\]\s*\{\s*\n[^\n]*(?:executableInPath|program|which)\(\1\)"#, in: code)
                .flatMap { Self.captures(#""([A-Za-z0-9._+-]+)""#, in: $0[1]) }
            return (patterns.flatMap { Self.captures($0, in: code) } + lists).map { Use(program: $0, file: file) }
        }
    }

    func pythonUses(in files: [String]) throws -> [Use] {
        let patterns = [
            #"(?:run|Popen|call|check_call|check_output)\(\s*\[\s*"([A-Za-z0-9._+-]+)""#,
            #"shutil\.which\("([A-Za-z0-9._+-]+)"\)"#,
            #"["']/(?:usr/)?s?bin/([A-Za-z0-9._+-]+)["']"#,
        ]
        return try files.flatMap { file in
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }.joined(separator: "\n")
            return patterns.flatMap { Self.captures($0, in: code) }.map { Use(program: $0, file: file) }
        }
    }

    func shellUses(in file: String) throws -> [Use] {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        let lines = Self.shellCode(text)
        let code = lines.joined(separator: "\n")
        var names: [String] = []
        // Functions that look their first argument up with `command -v` take a program's name.
        let functions = Set(Self.captures(#"(?m)^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(\)"#, in: code))
        let checkers = Self.functionBodies(in: lines).filter { $0.body.contains(#"command -v "$1""#) }.map(\.name)
        do {
            for segment in Self.segments(code) {
                // Array assignments hold words, not commands.
                let plain = segment.replacingOccurrences(of: #"[A-Za-z_][A-Za-z0-9_]*\+?=\([^)]*\)"#, with: "",
                                                         options: .regularExpression)
                var words = Self.words(plain)
                while let first = words.first, first.contains("=") && !first.hasPrefix("=") && !first.hasPrefix("-")
                    && first.prefix(while: { $0 != "=" }).allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                    words.removeFirst()
                }
                if words.first == "exec" { words.removeFirst() }
                // A wrapper's program runs one too (`$sudo apt-get`, `xvfb-run -a -s "…" dbus-run-session --
                // swift test`): after the wrapper, its options, settings and numbers.
                var wrapped: [String] = []
                var rest = words
                while let head = rest.first, head.hasPrefix("$") || Self.wrappers.contains(head) {
                    if !head.hasPrefix("$") { wrapped.append(head) }
                    rest.removeFirst()
                    while let option = rest.first.map(Self.unquoted),
                          option.hasPrefix("-") || option.contains("=") || Double(option) != nil {
                        rest.removeFirst()
                    }
                }
                names += wrapped
                if !wrapped.isEmpty || words.first?.hasPrefix("$") == true { words = rest }
                guard let first = words.first else { continue }
                if first == "command", words.count > 2, words[1] == "-v" { names.append(words[2]); continue }
                if checkers.contains(first), words.count > 1 { names.append(words[1]) }
                names.append(first)
            }
        }
        // `for tool in a b c; do command -v "$tool"`.
        for match in Self.matchGroups(#"for\s+([A-Za-z_]+)\s+in\s+([^;\n]+);\s*do"#, in: code) {
            if code.contains(#"command -v "$\#(match[0])""#) {
                names += match[1].split(separator: " ").map(String.init)
            }
        }
        return names.compactMap { Self.programName($0, functions: functions) }.map { name in
            Use(program: name, file: file, optional: code.contains("if command -v \(name) "))
        }
    }

    // MARK: Shell reading

    /// Programs that run the command after their options.
    static let wrappers: Set<String> = ["sudo", "env", "timeout", "nice", "stdbuf", "xvfb-run", "dbus-run-session", "unshare", "setsid"]

    static func unquoted(_ word: String) -> String {
        var word = word
        if word.hasPrefix("\""), word.hasSuffix("\""), word.count > 1 { word = String(word.dropFirst().dropLast()) }
        if word.hasPrefix("'"), word.hasSuffix("'"), word.count > 1 { word = String(word.dropFirst().dropLast()) }
        return word
    }

    static let shellWords: Set<String> = [
        // Keywords.
        "if", "then", "else", "elif", "fi", "for", "while", "until", "do", "done", "case", "esac", "in", "function",
        "select", "time", "[[", "]]", "{", "}", "!", "))", "((",
        // Builtins (bash's `compgen -b` that a script here could use).
        ".", ":", "[", "alias", "break", "builtin", "cd", "command", "continue", "declare", "disown", "echo", "eval",
        "exec", "exit", "export", "false", "getopts", "hash", "jobs", "kill", "let", "local", "mapfile", "popd",
        "printf", "pushd", "pwd", "read", "readarray", "readonly", "return", "set", "shift", "shopt", "source", "test",
        "times", "trap", "true", "type", "ulimit", "umask", "unalias", "unset", "wait",
    ]

    /// The script with comments and here-document bodies removed, continued lines joined.
    static func shellCode(_ text: String) -> [String] {
        var lines: [String] = []
        var heredoc: String?
        var pending = ""
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if let end = heredoc {
                if raw.trimmingCharacters(in: .whitespaces) == end { heredoc = nil }
                continue
            }
            var line = raw
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("#") { continue }
            if let range = line.range(of: #"\s#\s.*$"#, options: .regularExpression) { line.removeSubrange(range) }
            if let marker = captures(#"<<-?\s*['"]?([A-Za-z_]+)['"]?"#, in: line).first { heredoc = marker }
            if line.hasSuffix("\\") {
                pending += line.dropLast() + " "
                continue
            }
            lines.append(pending + line)
            pending = ""
        }
        return lines
    }

    /// The simple commands of a script (its code as ``shellCode(_:)`` gives it), split at the
    /// operators that start a new command. Quoted text is not split (an awk program's `;` and
    /// `|`, over several lines), but a `$(…)` inside double quotes is read; an array literal
    /// (`want=(a b)`) and arithmetic (`$((…))`, `((…))`) are words, not commands; the words
    /// before a `)` that closes nothing are a `case` pattern.
    static func segments(_ code: String) -> [String] {
        let characters = Array(code)
        var segments: [String] = []
        var current = ""
        var quote: Character?
        var opens = 0
        var index = 0
        func cut() { segments.append(current); current = "" }
        /// The index just past the bracket that closes the one at `start`.
        func closing(from start: Int, open: Character, close: Character) -> Int {
            var depth = 0, end = start
            while end < characters.count {
                if characters[end] == open { depth += 1 }
                if characters[end] == close { depth -= 1; if depth == 0 { return end + 1 } }
                end += 1
            }
            return end
        }
        func next(_ offset: Int) -> Character? { index + offset < characters.count ? characters[index + offset] : nil }
        while index < characters.count {
            let c = characters[index]
            if let q = quote {
                if c == q {
                    quote = nil
                } else if q == "\"", c == "\\" {
                    current.append(c)
                    if let escaped = next(1) { current.append(escaped) }
                    index += 2
                    continue
                } else if q == "\"", c == "$", next(1) == "(", next(2) != "(" {
                    // A command substitution inside double quotes: its commands are read too.
                    let end = closing(from: index + 1, open: "(", close: ")")
                    segments += Self.segments(String(characters[(index + 2)..<max(index + 2, end - 1)]))
                    index = end
                    continue
                }
                current.append(c)
                index += 1
                continue
            }
            switch c {
            case "'", "\"":
                quote = c
                current.append(c)
            case "\\":
                current.append(c)
                if let escaped = next(1) { current.append(escaped) }
                index += 1
            case "$" where next(1) == "(" && next(2) == "(":
                let end = closing(from: index + 1, open: "(", close: ")")
                current += "0"
                index = end - 1
            case "$" where next(1) == "(":
                cut()
                opens += 1
                index += 1
            case "$" where next(1) == "{":
                // A parameter expansion is one word, whatever it holds.
                let end = closing(from: index + 1, open: "{", close: "}")
                current += String(characters[index..<end])
                index = end - 1
            case "(" where current.hasSuffix("="):
                let end = closing(from: index, open: "(", close: ")")
                current += String(characters[index..<end])
                index = end - 1
            case "(" where next(1) == "(":
                let end = closing(from: index, open: "(", close: ")")
                index = end - 1
            case "(":
                cut()
                opens += 1
            case ")":
                if opens > 0 { opens -= 1; cut() } else { current = "" }
            case "&" where current.hasSuffix(">") || next(1) == ">":
                // A redirection (`2>&1`, `&>file`), not a command's end.
                current.append(c)
            case ";", "|", "&", "`", "\n":
                cut()
            default:
                current.append(c)
            }
            index += 1
        }
        cut()
        // Keywords that start a command after them.
        return segments.map { segment in
            var words = Self.words(segment)
            while let first = words.first, ["then", "do", "else", "!", "{", "if", "while", "until", "elif", "time"].contains(first) {
                words.removeFirst()
            }
            return words.joined(separator: " ")
        }
    }

    /// The words of a simple command: blanks split them, except inside quotes and `${…}`.
    static func words(_ segment: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var braces = 0
        var previous: Character?
        for c in segment {
            defer { previous = c }
            if let q = quote {
                if c == q { quote = nil }
                current.append(c)
                continue
            }
            if c == "{", previous == "$" { braces += 1 }
            if c == "}", braces > 0 { braces -= 1 }
            if (c == " " || c == "\t"), braces == 0 {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if c == "'" || c == "\"" { quote = c }
            current.append(c)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The program a command word names, or nil for what is no program of the system's.
    static func programName(_ word: String, functions: Set<String>) -> String? {
        var word = unquoted(word)
        for prefix in ["/usr/bin/", "/usr/sbin/", "/bin/", "/sbin/"] where word.hasPrefix(prefix) {
            word = String(word.dropFirst(prefix.count))
        }
        guard !word.isEmpty, word.allSatisfy({ $0.isLetter || $0.isNumber || "._+-".contains($0) }),
              word.first!.isLetter || word.first!.isNumber,
              !shellWords.contains(word), !functions.contains(word) else { return nil }
        return word
    }

    static func functionBodies(in lines: [String]) -> [(name: String, body: String)] {
        var result: [(String, String)] = []
        var current: (name: String, body: [String], depth: Int)?
        for line in lines {
            if current == nil, let name = captures(#"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(\)\s*\{"#, in: line).first {
                current = (name, [], 0)
            }
            guard var open = current else { continue }
            open.body.append(line)
            open.depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
            if open.depth <= 0 {
                result.append((open.name, open.body.joined(separator: "\n")))
                current = nil
            } else {
                current = open
            }
        }
        return result
    }

    // MARK: Text

    static func strippingSwiftComment(_ line: String) -> String {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("//") { return "" }
        return line
    }

    static func captures(_ pattern: String, in text: String) -> [String] {
        matchGroups(pattern, in: text).compactMap(\.first)
    }

    static func matchGroups(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map { match in
            (1..<match.numberOfRanges).compactMap { index in
                let range = match.range(at: index)
                return range.location == NSNotFound ? nil : ns.substring(with: range)
            }
        }
    }
}
