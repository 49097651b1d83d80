import Glibc

/// The lists a run can measure. `ours` is `RefreshView`; the peers are GTK 3's stock lists.
enum ListKind: String, CaseIterable, Sendable {
    case ours, treeview, listbox

    /// How the table names it.
    var title: String {
        switch self {
        case .ours: return "ours"
        case .treeview: return "GtkTreeView"
        case .listbox: return "GtkListBox"
        }
    }
}

/// Where a list's rows come from. The stock lists copy every string into their model or
/// widgets, so they need the strings up front; RefreshView asks a `RowSource` for the visible
/// rows only, which can compute them from the index (what the widget is designed for) or read
/// the same pre-generated strings the peers get (the like-for-like memory line).
enum RowData: String, Sendable {
    case computed, strings
}

/// The command line, parsed by hand: a handful of flags plus the hidden ones the children get,
/// and this target has no ArgumentParser dependency of its own (see Package.swift).
struct Options: Sendable {
    static let defaultRows = [1_000, 100_000, 1_000_000, 10_000_000]
    /// GtkListBox costs ≈14–25 s and 600–850 MB at 100,000 rows here; 1,000,000 would take
    /// minutes and gigabytes, so it is skipped above this.
    static let listBoxLimit = 100_000
    /// The stock lists are compared up to 1,000,000 rows; 10,000,000 is ours alone.
    static let peerLimit = 1_000_000
    /// The like-for-like memory line (ours over the peers' pre-generated strings) runs here.
    static let likeForLikeRows = 1_000_000

    var jsonPath: String?
    var frames = 240
    var rows = Options.defaultRows
    var lists = ListKind.allCases
    var micro = true
    var likeForLike = true
    /// Hidden: `--child LIST ROWS` measures one list in this process and prints one JSON line.
    var child: (list: ListKind, rows: Int)?
    /// Hidden: `--child-baseline` measures the same window around an empty GtkScrolledWindow.
    var baselineChild = false
    var data = RowData.computed

    static let usage = """
        usage: refresh-bench [--json FILE] [--frames N] [--rows N,N,…] [--lists ours,treeview,listbox]
                             [--no-micro] [--no-like-for-like]

        Measures RefreshView against GtkTreeView + GtkListStore and GtkListBox, each list and row
        count in a child process of its own, and prints a table with ratios (peer / ours).
        Needs an X display: run it under Xvfb, e.g.
          xvfb-run -a -s "-screen 0 1280x1024x24" refresh-bench --json bench.json

          --json FILE          also write the figures as JSON to FILE
          --frames N           frames timed while scrolling, per list and row count (≥ 8; default 240)
          --rows N,N,…         row counts (default 1000,100000,1000000,10000000)
          --lists L,L,…        lists to measure (default ours,treeview,listbox)
          --no-micro           skip the header/footer frame and core-per-event figures
          --no-like-for-like   skip ours over pre-generated strings at 1,000,000 rows
        """

    enum ParseResult {
        case run(Options)
        case help
        case error(String)
    }

    static func parse(_ arguments: [String]) -> ParseResult {
        var options = Options()
        var rest = arguments[...]
        func value() -> String? { rest.popFirst() }
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help":
                return .help
            case "--json":
                guard let path = value(), !path.isEmpty else { return .error("--json needs a file name") }
                options.jsonPath = path
            case "--frames":
                guard let text = value(), let n = Int(text), n >= 8 else {
                    return .error("--frames needs a whole number ≥ 8")
                }
                options.frames = n
            case "--rows":
                guard let text = value() else { return .error("--rows needs a list of row counts") }
                let counts = text.split(separator: ",").map { Int($0.filter { $0 != "_" }) }
                guard !counts.isEmpty, counts.allSatisfy({ ($0 ?? 0) > 0 }) else {
                    return .error("--rows needs positive whole numbers separated by commas, got '\(text)'")
                }
                options.rows = counts.compactMap { $0 }
            case "--lists":
                guard let text = value() else { return .error("--lists needs a list of names") }
                var kinds: [ListKind] = []
                for name in text.split(separator: ",") {
                    guard let kind = ListKind(rawValue: String(name)) else {
                        return .error("unknown list '\(name)' (expected ours, treeview or listbox)")
                    }
                    if !kinds.contains(kind) { kinds.append(kind) }
                }
                options.lists = kinds
            case "--no-micro":
                options.micro = false
            case "--no-like-for-like":
                options.likeForLike = false
            case "--child":
                guard let name = value(), let kind = ListKind(rawValue: name),
                      let text = value(), let n = Int(text), n > 0
                else { return .error("--child needs a list name and a row count") }
                options.child = (kind, n)
            case "--child-baseline":
                options.baselineChild = true
            case "--data":
                guard let text = value(), let data = RowData(rawValue: text) else {
                    return .error("--data needs 'computed' or 'strings'")
                }
                options.data = data
            default:
                return .error("unknown argument '\(argument)'")
            }
        }
        return .run(options)
    }
}

/// Writes to stderr (progress and errors: stdout carries the table, or a child's JSON line).
func printError(_ text: String) {
    writeAll(2, text + "\n")
}

/// Writes all of `text` to a file descriptor. write(2) rather than stdio: the `stderr` global
/// is not concurrency-safe in Swift 6, and children leave with _exit, which flushes nothing.
func writeAll(_ fd: Int32, _ text: String) {
    let bytes = Array(text.utf8)
    var written = 0
    while written < bytes.count {
        let n = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0, errno == EINTR { continue }
        if n <= 0 { break }
        written += n
    }
}

/// The C string in a NUL-terminated buffer (what fgets fills).
func string(fromCBuffer buffer: [CChar]) -> String {
    String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
