// MARK: - CFFIndex

/// A CFF INDEX: a count, an offset size, count + 1 offsets (1-based, from the byte before the
/// data) and the data. The offsets array is checked against the bytes when read; each item's
/// offsets are checked when the item is asked for.
struct CFFIndex: Sendable {
    private let bytes: FontBytes
    /// How many items the INDEX holds.
    let count: Int
    private let offsetSize: Int
    private let offsetsAt: Int
    private let dataBase: Int
    /// The byte just past the INDEX (where the next structure starts).
    let end: Int

    /// An INDEX with no items (a font without local subroutines).
    static func empty(in bytes: FontBytes) -> CFFIndex {
        CFFIndex(bytes: bytes, count: 0, offsetSize: 1, offsetsAt: 0, dataBase: 0, end: 0)
    }

    private init(bytes: FontBytes, count: Int, offsetSize: Int, offsetsAt: Int, dataBase: Int, end: Int) {
        self.bytes = bytes
        self.count = count
        self.offsetSize = offsetSize
        self.offsetsAt = offsetsAt
        self.dataBase = dataBase
        self.end = end
    }

    /// The INDEX at `offset` of the CFF table `bytes`; `what` names it in errors.
    init(_ bytes: FontBytes, at offset: Int, what: String) throws(FontError) {
        self.bytes = bytes
        count = try bytes.u16(offset)
        guard count > 0 else {
            offsetSize = 1
            offsetsAt = offset + 2
            dataBase = offset + 2
            end = offset + 2
            return
        }
        offsetSize = try bytes.u8(offset + 2)
        guard (1...4).contains(offsetSize) else {
            throw bytes.error("\(what) INDEX at byte \(digitsGrouped(offset)) has offset size \(offsetSize), expected 1 to 4")
        }
        offsetsAt = offset + 3
        try bytes.checkArray(offsetsAt, count: count + 1, size: offsetSize, what: "\(what) INDEX offsets")
        dataBase = offsetsAt + (count + 1) * offsetSize - 1
        let last = try bytes.unsigned(offsetsAt + count * offsetSize, size: offsetSize)
        guard last >= 1, bytes.contains(dataBase + 1, last - 1) else {
            throw FontError(.truncated, table: bytes.table, "\(what) INDEX at byte \(digitsGrouped(offset)) ends at byte "
                + "\(digitsGrouped(dataBase + last)), past the table's \(digitsGrouped(bytes.count)) bytes")
        }
        end = dataBase + last
    }

    /// The bytes of item `index`.
    func item(_ index: Int) throws(FontError) -> FontBytes {
        guard index >= 0, index < count else {
            throw bytes.error("INDEX item \(digitsGrouped(index)) asked for, the INDEX has \(digitsGrouped(count))")
        }
        let start = try bytes.unsigned(offsetsAt + index * offsetSize, size: offsetSize)
        let stop = try bytes.unsigned(offsetsAt + (index + 1) * offsetSize, size: offsetSize)
        guard start >= 1, start <= stop, dataBase + stop <= end else {
            throw bytes.error("INDEX item \(digitsGrouped(index)) has offsets \(start) to \(stop), out of order or past the INDEX")
        }
        return try bytes.slice(dataBase + start, stop - start)
    }
}
