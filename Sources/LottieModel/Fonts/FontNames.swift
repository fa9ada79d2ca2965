// MARK: - FontNames

/// The names a face gives itself in its `name` table. For each name ID the record chosen is, in
/// order: Windows Unicode (3,1 or 3,10) in US English, Mac Roman (1,0) in English, any other
/// Windows Unicode record, any Unicode-platform (0,x) record.
struct FontNames: Sendable {
    var family = ""
    var style = ""
    var full = ""
    var postScript = ""

    /// Empty names (a face without a `name` table).
    init() {}

    init(table: FontBytes) throws(FontError) {
        let count = try table.u16(2)
        let storage = try table.u16(4)
        try table.checkArray(6, count: count, size: 12, what: "name records")
        // The best record (rank, offset, length, decoding) per wanted name ID.
        var best: [Int: (rank: Int, offset: Int, length: Int, utf16: Bool)] = [:]
        for index in 0..<count {
            let at = 6 + 12 * index
            let nameID = try table.u16(at + 6)
            guard [1, 2, 4, 6, 16, 17].contains(nameID) else { continue }
            let platform = try table.u16(at), encoding = try table.u16(at + 2), language = try table.u16(at + 4)
            let rank: Int, utf16: Bool
            switch (platform, encoding) {
            case (3, 1), (3, 10): (rank, utf16) = (language == 0x409 ? 0 : 2, true)
            case (1, 0): (rank, utf16) = (language == 0 ? 1 : 4, false)
            case (0, _): (rank, utf16) = (3, true)
            default: continue
            }
            if let current = best[nameID], current.rank <= rank { continue }
            best[nameID] = (rank, storage + (try table.u16(at + 10)), try table.u16(at + 8), utf16)
        }
        var found: [Int: String] = [:]
        for (nameID, record) in best {
            let bytes = try table.bytes(record.offset, record.length)
            guard record.utf16 else {
                found[nameID] = MacRoman.decode(bytes)
                continue
            }
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            var index = bytes.startIndex
            while index + 1 < bytes.endIndex {
                units.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
                index += 2
            }
            found[nameID] = String(decoding: units, as: UTF16.self)
        }
        family = found[16] ?? found[1] ?? ""
        style = found[17] ?? found[2] ?? ""
        full = found[4] ?? ""
        postScript = found[6] ?? ""
    }
}
