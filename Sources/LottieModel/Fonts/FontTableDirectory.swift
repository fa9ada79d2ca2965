// MARK: - FontTableDirectory

/// The table directory of one face: which tables the face has and where each one lies in the file.
/// A record that points past the end of the file is only an error when its table is asked for, so
/// a broken table the reader never uses does not make the face unreadable.
struct FontTableDirectory: Sendable {
    /// The face's sfnt version: 0x00010000 or 'true' (TrueType outlines), 'OTTO' (CFF outlines).
    let version: Int
    /// Each table's tag and its place in the file.
    private let records: [String: (offset: Int, length: Int)]
    private let file: FontBytes

    static let trueTypeVersion = 0x0001_0000
    static let appleTrueTypeVersion = 0x7472_7565  // 'true'
    static let openTypeCFFVersion = 0x4F54_544F  // 'OTTO'

    /// Reads the directory at `offset` of `file` (0 for a single font, the collection's offset otherwise).
    init(file: FontBytes, offset: Int) throws(FontError) {
        self.file = file
        version = try file.u32(offset)
        switch version {
        case Self.trueTypeVersion, Self.appleTrueTypeVersion, Self.openTypeCFFVersion: break
        case 0x774F_4646, 0x774F_4632:  // 'wOFF', 'wOF2'
            throw FontError(.unsupported, table: nil, "WOFF and WOFF2 files are not read (decompress them first)")
        default:
            throw FontError(.unsupported, table: nil,
                            "not a TrueType or OpenType font: version '\(try file.tag(offset))' at byte \(digitsGrouped(offset))")
        }
        let count = try file.u16(offset + 4)
        try file.checkArray(offset + 12, count: count, size: 16, what: "table records")
        var records: [String: (offset: Int, length: Int)] = [:]
        for index in 0..<count {
            let at = offset + 12 + 16 * index
            let tag = try file.tag(at)
            // The first record of a tag wins, as in FreeType.
            if records[tag] == nil { records[tag] = (try file.u32(at + 8), try file.u32(at + 12)) }
        }
        self.records = records
    }

    /// True when the face has a table `tag`.
    func has(_ tag: String) -> Bool { records[tag] != nil }

    /// The table `tag`, or nil when the face has none; throws when its record lies past the file's end.
    func table(_ tag: String) throws(FontError) -> FontBytes? {
        guard let record = records[tag] else { return nil }
        guard file.contains(record.offset, record.length) else {
            throw FontError(.truncated, table: tag,
                            "the table directory puts it at byte \(digitsGrouped(record.offset)), "
                                + "\(digitsGrouped(record.length)) bytes long, past the file's "
                                + "\(digitsGrouped(file.count)) bytes")
        }
        return try file.slice(record.offset, record.length, table: tag)
    }

    /// The table `tag`; throws when the face has none.
    func require(_ tag: String) throws(FontError) -> FontBytes {
        guard let table = try table(tag) else {
            throw FontError(.malformed, table: nil, "the font has no '\(tag)' table")
        }
        return table
    }
}
