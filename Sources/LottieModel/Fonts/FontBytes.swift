// MARK: - FontBytes

/// A bounds-checked, big-endian view of part of a font file (the whole file or one table).
/// Every read either returns a value from inside the view or throws a `FontError` naming the
/// table, the offset and the view's size; offsets are relative to the view's start.
struct FontBytes: Sendable {
    /// The whole file; views share it (arrays are copy-on-write).
    let data: [UInt8]
    /// Where the view starts in `data`.
    let start: Int
    /// How many bytes the view holds.
    let count: Int
    /// The table's tag for error messages; nil for the whole file.
    let table: String?

    /// A view of the whole file.
    init(_ data: [UInt8]) {
        self.data = data
        start = 0
        count = data.count
        table = nil
    }

    private init(data: [UInt8], start: Int, count: Int, table: String?) {
        self.data = data
        self.start = start
        self.count = count
        self.table = table
    }

    /// Throws unless `size` bytes at `offset` lie inside the view.
    func check(_ offset: Int, _ size: Int) throws(FontError) {
        guard offset >= 0, size >= 0, offset <= count, size <= count - offset else {
            throw FontError.truncated(table: table, offset: offset, size: size, available: count)
        }
    }

    /// True when `size` bytes at `offset` lie inside the view.
    func contains(_ offset: Int, _ size: Int) -> Bool {
        offset >= 0 && size >= 0 && offset <= count && size <= count - offset
    }

    /// The view's `length` bytes at `offset`, as a view named `table` (the same name when nil).
    func slice(_ offset: Int, _ length: Int, table newTable: String? = nil) throws(FontError) -> FontBytes {
        try check(offset, length)
        return FontBytes(data: data, start: start + offset, count: length, table: newTable ?? table)
    }

    /// The view from `offset` to its end.
    func slice(from offset: Int) throws(FontError) -> FontBytes {
        try check(offset, 0)
        return try slice(offset, count - offset)
    }

    /// An error of `kind` about this view's table.
    func error(_ kind: FontError.Kind, _ detail: String) -> FontError {
        FontError(kind, table: table, detail)
    }

    /// A `.malformed` error about this view's table.
    func error(_ detail: String) -> FontError {
        FontError(.malformed, table: table, detail)
    }

    func u8(_ offset: Int) throws(FontError) -> Int {
        try check(offset, 1)
        return Int(data[start + offset])
    }

    func i8(_ offset: Int) throws(FontError) -> Int {
        Int(Int8(truncatingIfNeeded: try u8(offset)))
    }

    func u16(_ offset: Int) throws(FontError) -> Int {
        try check(offset, 2)
        let at = start + offset
        return Int(data[at]) << 8 | Int(data[at + 1])
    }

    func i16(_ offset: Int) throws(FontError) -> Int {
        Int(Int16(truncatingIfNeeded: try u16(offset)))
    }

    func u32(_ offset: Int) throws(FontError) -> Int {
        try check(offset, 4)
        let at = start + offset
        return Int(data[at]) << 24 | Int(data[at + 1]) << 16 | Int(data[at + 2]) << 8 | Int(data[at + 3])
    }

    func i32(_ offset: Int) throws(FontError) -> Int {
        Int(Int32(truncatingIfNeeded: try u32(offset)))
    }

    /// An unsigned number of `size` bytes (1 to 4), as CFF INDEX offsets are written.
    func unsigned(_ offset: Int, size: Int) throws(FontError) -> Int {
        try check(offset, size)
        var value = 0
        for index in 0..<size { value = value << 8 | Int(data[start + offset + index]) }
        return value
    }

    /// A four-byte tag such as `glyf`; bytes outside printable ASCII show as `?`.
    func tag(_ offset: Int) throws(FontError) -> String {
        try check(offset, 4)
        var text = ""
        for index in 0..<4 {
            let byte = data[start + offset + index]
            text.unicodeScalars.append(Unicode.Scalar((32...126).contains(byte) ? byte : 63))
        }
        return text
    }

    /// The view's bytes at `offset`, `length` of them.
    func bytes(_ offset: Int, _ length: Int) throws(FontError) -> ArraySlice<UInt8> {
        try check(offset, length)
        return data[(start + offset)..<(start + offset + length)]
    }

    /// Throws unless `count` records of `size` bytes starting at `offset` fit in the view; made
    /// before looping over a count read from the file, so a huge count costs nothing.
    func checkArray(_ offset: Int, count items: Int, size: Int, what: String) throws(FontError) {
        guard items >= 0, offset >= 0, offset <= count, items <= (count - offset) / max(size, 1) else {
            throw error(.truncated, "\(digitsGrouped(items)) \(what) of \(size) bytes at byte "
                + "\(digitsGrouped(offset)) do not fit in \(table == nil ? "the file's" : "the table's") "
                + "\(digitsGrouped(count)) bytes")
        }
    }
}
