import Foundation

/// The Debian packages installed on this machine, read from dpkg: which package installs a file,
/// and what a set of packages brings with it (their dependencies, recursively).
struct DebianPackages {
    struct Package {
        /// Each dependency as its alternatives (`a | b`).
        var dependencies: [[String]]
        var base: Bool
    }

    private(set) var packages: [String: Package] = [:]
    /// Virtual package → the installed packages that provide it.
    private(set) var providers: [String: [String]] = [:]

    init() throws {
        let format = "${Package}\t${db:Status-Abbrev}\t${Essential}\t${Priority}\t${Pre-Depends}\t${Depends}\t${Provides}\n"
        let output = try Self.run("/usr/bin/dpkg-query", ["-W", "-f", format]).output
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 7, fields[1].hasPrefix("ii") else { continue }
            let name = fields[0]
            let dependencies = (Self.relations(fields[4]) + Self.relations(fields[5]))
            packages[name] = Package(dependencies: dependencies, base: fields[2] == "yes" || fields[3] == "required")
            for provided in Self.relations(fields[6]).flatMap({ $0 }) { providers[provided, default: []].append(name) }
        }
    }

    /// `roots`, the packages every Debian root has (essential or of priority required), and all
    /// that they depend on.
    func closure(of roots: [String]) -> Set<String> {
        var seen = Set<String>()
        var queue = roots + packages.filter { $0.value.base }.map(\.key)
        while let name = queue.popLast() {
            for real in [name] + (providers[name] ?? []) where packages[real] != nil && !seen.contains(real) {
                seen.insert(real)
                for alternatives in packages[real]!.dependencies {
                    // The alternative that is installed is the one that was brought.
                    if let chosen = alternatives.first(where: { packages[$0] != nil || providers[$0] != nil }) {
                        queue.append(chosen)
                    }
                }
            }
        }
        return seen
    }

    /// The package that installed the file at `path` (the target of a symbolic link such as an
    /// alternative, and the other side of Debian's merged `/usr`), or nil.
    func owner(of path: String) -> String? {
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var candidates = [real, path]
        for file in [real, path] {
            if file.hasPrefix("/usr/bin/") || file.hasPrefix("/usr/sbin/") { candidates.append(String(file.dropFirst(4))) }
            if file.hasPrefix("/bin/") || file.hasPrefix("/sbin/") { candidates.append("/usr" + file) }
        }
        for candidate in candidates {
            guard let run = try? Self.run("/usr/bin/dpkg-query", ["-S", candidate]), run.status == 0 else { continue }
            for line in run.output.split(separator: "\n") where !line.hasPrefix("diversion ") {
                let owners = line.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
                if let first = owners.split(separator: ",").first {
                    return first.trimmingCharacters(in: .whitespaces).split(separator: ":").first.map(String.init)
                }
            }
        }
        return nil
    }

    /// `a (>= 1), b | c:any` → [["a"], ["b", "c"]].
    static func relations(_ field: String) -> [[String]] {
        field.split(separator: ",").map { relation in
            relation.split(separator: "|").compactMap { alternative in
                let name = alternative.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init)
                return name?.split(separator: ":").first.map(String.init)
            }
        }.filter { !$0.isEmpty }
    }

    static func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
