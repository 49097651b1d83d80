import CGtk
import Glibc

/// What the figures were measured on: the label of the table and of the JSON.
struct Machine: Sendable {
    var cpu: String
    var cores: Int
    var ramGiB: Double
    var gtk: String
    var cairo: String
    var display: String
    /// The 1-minute load average when the run started: other work on a 2-core machine skews
    /// the timings, so the table says when it was busy.
    var loadAverage: Double

    static func current() -> Machine {
        let cpu = firstValue(in: "/proc/cpuinfo", key: "model name") ?? "unknown CPU"
        let memKB = Double(firstValue(in: "/proc/meminfo", key: "MemTotal")?.filter { $0.isNumber } ?? "") ?? 0
        // Callable before gtk_init: they report the library that was loaded.
        let gtk = "\(gtk_get_major_version()).\(gtk_get_minor_version()).\(gtk_get_micro_version())"
        return Machine(cpu: cpu, cores: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), ramGiB: memKB / 1024 / 1024,
                       gtk: gtk, cairo: String(cString: cairo_version_string()),
                       display: g_getenv("DISPLAY").map { String(cString: $0) } ?? "",
                       loadAverage: loadAverage())
    }

    var label: String {
        "\(cpu), \(cores) cores, \(Format.fixed(ramGiB, 1)) GiB RAM, GTK \(gtk), Cairo \(cairo)"
    }

    static func loadAverage() -> Double {
        var loads = [Double](repeating: 0, count: 3)
        return getloadavg(&loads, 3) > 0 ? loads[0] : 0
    }

    /// The value of the first "key : value" line of a /proc file.
    private static func firstValue(in path: String, key: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 1024)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = string(fromCBuffer: line)
            guard text.hasPrefix(key), let colon = text.firstIndex(of: ":") else { continue }
            return String(text[text.index(after: colon)...].drop(while: { $0 == " " || $0 == "\t" })
                .prefix(while: { $0 != "\n" }))
        }
        return nil
    }
}
