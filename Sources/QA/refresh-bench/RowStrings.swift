import RefreshDemo
import RefreshQA
import RefreshTestSupport
import RefreshGtk

/// Every row's text, generated before the clock starts: "Row #<id>\n<sentence>", the same
/// title and subtitle `DemoRows` computes for row `index` (id = count − index), NUL-terminated
/// in one contiguous buffer. One buffer rather than an array of Swift strings, so that the
/// stock lists' peak memory is mostly theirs: a million rows cost ≈68 MB here, about half of
/// what a `[String]` of them would.
final class RowStrings {
    let count: Int
    private let bytes: [CChar]
    /// Start of each row in `bytes` (UInt32: the buffer stays far below 4 GB).
    private let starts: [UInt32]

    init(count: Int) {
        self.count = count
        // Built in locals: appending to a class's stored array pays an exclusivity check per
        // call, which made generating 1,000,000 rows several times slower.
        var bytes: [CChar] = []
        var starts: [UInt32] = []
        // Room for the longest row (a title of up to 20 digits and the longest sentence, < 100
        // bytes): the buffer never grows, so it is never copied (a copy would briefly double it
        // and inflate every peak), and the unused tail of the allocation is never touched, so
        // it costs no resident memory.
        bytes.reserveCapacity(count * 100)
        starts.reserveCapacity(count)
        for index in 0..<count {
            let id = count - index
            starts.append(UInt32(bytes.count))
            for byte in "Row #\(id)\n\(DemoRows.sentence(for: id))".utf8 { bytes.append(CChar(bitPattern: byte)) }
            bytes.append(0)
        }
        self.bytes = bytes
        self.starts = starts
    }

    /// Bytes held (what the table's note reports).
    var byteCount: Int { bytes.count + starts.count * MemoryLayout<UInt32>.size }

    /// Calls `body` with a C string per row, in order, without copying: for filling a model.
    func forEachCString(_ body: (UnsafePointer<CChar>) -> Void) {
        bytes.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            for start in starts { body(base + Int(start)) }
        }
    }

    /// Row `index` split back into title and subtitle (for RefreshView's like-for-like line).
    func row(at index: Int) -> (title: String, subtitle: String) {
        bytes.withUnsafeBufferPointer { buffer in
            let start = Int(starts[index])
            let end = index + 1 < starts.count ? Int(starts[index + 1]) - 1 : buffer.count - 1
            var newline = start
            while newline < end, buffer[newline] != 10 { newline += 1 }
            let raw = UnsafeRawBufferPointer(buffer)
            let title = String(decoding: raw[start..<newline], as: UTF8.self)
            let subtitle = String(decoding: raw[min(newline + 1, end)..<end], as: UTF8.self)
            return (title, subtitle)
        }
    }
}

/// RefreshView over the peers' pre-generated strings: the like-for-like memory line.
@MainActor
final class StoredRows: RowSource {
    let strings: RowStrings
    init(_ strings: RowStrings) { self.strings = strings }
    var rowCount: Int { strings.count }
    func row(at index: Int) -> (title: String, subtitle: String) { strings.row(at: index) }
}
