// MARK: - CharacterMap

/// The `cmap` subtable chosen for a face: Unicode full repertoire (3,10) first, then Unicode BMP
/// ((0,x), (3,1)), then Windows Symbol (3,0) and Mac Roman (1,0); among those, formats 0, 4, 6 and 12.
/// The choice and the subtable's header are read once; each lookup reads only what it needs.
struct CharacterMap: Sendable {
    private enum Subtable: Sendable {
        case none
        /// Format 0: 256 one-byte glyph indices.
        case byteEncoding(FontBytes)
        /// Format 4: segments of the BMP, `segmentCount` of them.
        case segments(FontBytes, segmentCount: Int)
        /// Format 6: one run of codes from `first`, `entryCount` long.
        case trimmed(FontBytes, first: Int, entryCount: Int)
        /// Format 12: `groupCount` sequential groups over all planes.
        case groups(FontBytes, groupCount: Int)
    }

    /// How a subtable's codes relate to Unicode scalars.
    private enum Encoding: Sendable { case unicode, symbol, macRoman }

    private let subtable: Subtable
    private let encoding: Encoding
    private let glyphCount: Int

    /// A map that finds nothing (a face without a usable `cmap`).
    init(glyphCount: Int) {
        subtable = .none
        encoding = .unicode
        self.glyphCount = glyphCount
    }

    init(table: FontBytes, glyphCount: Int) throws(FontError) {
        self.glyphCount = glyphCount
        let count = try table.u16(2)
        try table.checkArray(4, count: count, size: 8, what: "encoding records")
        var candidates: [(rank: Int, offset: Int, encoding: Encoding)] = []
        for index in 0..<count {
            let at = 4 + 8 * index
            let platform = try table.u16(at), specific = try table.u16(at + 2)
            let rank: Int, encoding: Encoding
            switch (platform, specific) {
            case (3, 10): (rank, encoding) = (0, .unicode)
            case (0, 4), (0, 6): (rank, encoding) = (1, .unicode)
            case (3, 1): (rank, encoding) = (2, .unicode)
            case (0, _): (rank, encoding) = (3, .unicode)
            case (3, 0): (rank, encoding) = (4, .symbol)
            case (1, 0): (rank, encoding) = (5, .macRoman)
            default: continue
            }
            candidates.append((rank, try table.u32(at + 4), encoding))
        }
        // Stable order by rank: the file's order breaks ties.
        let ordered = candidates.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
        var firstError: FontError?
        for (_, candidate) in ordered {
            let parsed: Subtable?
            do throws(FontError) {
                parsed = try Self.subtable(in: table, at: candidate.offset)
            } catch {
                if firstError == nil { firstError = error }
                continue
            }
            if let parsed {
                subtable = parsed
                encoding = candidate.encoding
                return
            }
        }
        if let firstError { throw firstError }
        subtable = .none
        encoding = .unicode
    }

    /// The subtable at `offset` when its format is one this map reads, nil for other formats.
    private static func subtable(in table: FontBytes, at offset: Int) throws(FontError) -> Subtable? {
        // Format 4 tables of large fonts overflow their 16-bit length: use the bytes to the table's end.
        let bytes = try table.slice(from: offset)
        switch try bytes.u16(0) {
        case 0:
            try bytes.check(6, 256)
            return .byteEncoding(bytes)
        case 4:
            let doubled = try bytes.u16(6)
            guard doubled % 2 == 0 else { throw bytes.error("cmap format 4 at byte \(offset): odd segCountX2 \(doubled)") }
            try bytes.check(14, 4 * doubled + 2)
            return .segments(bytes, segmentCount: doubled / 2)
        case 6:
            let entries = try bytes.u16(8)
            try bytes.checkArray(10, count: entries, size: 2, what: "glyph indices")
            return .trimmed(bytes, first: try bytes.u16(6), entryCount: entries)
        case 12:
            let groups = try bytes.u32(12)
            try bytes.checkArray(16, count: groups, size: 12, what: "groups")
            return .groups(bytes, groupCount: groups)
        default:
            return nil
        }
    }

    /// The glyph of `scalar`, nil when the map has none (glyph 0) or names a glyph past the face's.
    func glyph(for scalar: Unicode.Scalar) -> Int? {
        let value = Int(scalar.value)
        let glyph: Int?
        switch encoding {
        case .unicode:
            glyph = lookUp(value)
        case .symbol:
            // Symbol fonts map their characters at U+F000 and up; plain ASCII asks there too.
            glyph = nonZero(lookUp(value)) ?? (value < 0x100 ? lookUp(0xF000 + value) : nil)
        case .macRoman:
            glyph = MacRoman.byte(of: scalar.value).flatMap(lookUp)
        }
        guard let glyph, glyph > 0, glyph < glyphCount else { return nil }
        return glyph
    }

    private func nonZero(_ glyph: Int?) -> Int? { glyph == 0 ? nil : glyph }

    /// The raw glyph index of a code in the subtable; nil when a read fails.
    private func lookUp(_ code: Int) -> Int? {
        switch subtable {
        case .none:
            return nil
        case .byteEncoding(let bytes):
            guard code < 256 else { return nil }
            return try? bytes.u8(6 + code)
        case .segments(let bytes, let segmentCount):
            return try? Self.segmentGlyph(bytes, segmentCount: segmentCount, code: code)
        case .trimmed(let bytes, let first, let entryCount):
            guard code >= first, code - first < entryCount else { return nil }
            return try? bytes.u16(10 + 2 * (code - first))
        case .groups(let bytes, let groupCount):
            return try? Self.groupGlyph(bytes, groupCount: groupCount, code: code)
        }
    }

    /// Format 4: the first segment whose end is at or after `code` (binary search), then its delta
    /// or its glyph array.
    private static func segmentGlyph(_ bytes: FontBytes, segmentCount: Int, code: Int) throws(FontError) -> Int? {
        guard code <= 0xFFFF else { return nil }
        let ends = 14, starts = 16 + 2 * segmentCount
        let deltas = starts + 2 * segmentCount, rangeOffsets = deltas + 2 * segmentCount
        var low = 0, high = segmentCount
        while low < high {
            let middle = (low + high) / 2
            if try bytes.u16(ends + 2 * middle) < code { low = middle + 1 } else { high = middle }
        }
        guard low < segmentCount else { return nil }
        let start = try bytes.u16(starts + 2 * low)
        guard code >= start else { return nil }
        let delta = try bytes.u16(deltas + 2 * low)
        let rangeOffset = try bytes.u16(rangeOffsets + 2 * low)
        if rangeOffset == 0 { return (code + delta) & 0xFFFF }
        // The offset counts from the idRangeOffset entry itself into the glyph array after it.
        let glyph = try bytes.u16(rangeOffsets + 2 * low + rangeOffset + 2 * (code - start))
        return glyph == 0 ? 0 : (glyph + delta) & 0xFFFF
    }

    /// Format 12: the group holding `code` (binary search over the sorted groups).
    private static func groupGlyph(_ bytes: FontBytes, groupCount: Int, code: Int) throws(FontError) -> Int? {
        guard let group = try bytes.rangeRecord(at: 16, count: groupCount, size: 12, width: 4, holding: code) else { return nil }
        let at = 16 + 12 * group
        return try bytes.u32(at + 8) + (code - bytes.u32(at))
    }
}
