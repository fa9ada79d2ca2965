// MARK: - KerningPairs

/// Horizontal kerning between two glyphs: from GPOS pair adjustment (lookup type 2, formats 1 and
/// 2, also inside extension lookups, type 9) when the face's GPOS has a `kern` feature, else from
/// format 0 subtables of a version 0 `kern` table. Only the first glyph's XAdvance is used. The
/// lookups and subtables are found when the face is read; pairs are searched when asked for.
struct KerningPairs: Sendable {
    /// One GPOS PairPos subtable.
    private struct PairSubtable: Sendable {
        let bytes: FontBytes
        let format: Int
    }

    /// Per `kern` lookup of GPOS, in lookup order: its pair subtables.
    private var lookups: [[PairSubtable]] = []
    /// Format 0 subtables of `kern`: the pairs' bytes, their count, and whether they replace the sum.
    private var kernTables: [(pairs: FontBytes, count: Int, override: Bool)] = []

    /// The most GPOS subtables the `kern` feature's lookups may have, all together.
    static let maxSubtables = 1_024

    /// No kerning.
    init() {}

    init(gpos: FontBytes?, kern: FontBytes?) throws(FontError) {
        if let gpos { lookups = try Self.pairLookups(gpos) }
        if lookups.isEmpty, let kern { kernTables = try Self.kernSubtables(kern) }
    }

    /// The adjustment of the advance of `left` when `right` follows, in font units.
    func kerning(left: Int, right: Int) -> Double {
        guard left >= 0, left <= 0xFFFF, right >= 0, right <= 0xFFFF else { return 0 }
        if !lookups.isEmpty {
            var total = 0
            for subtables in lookups {
                // The first subtable that applies to the pair is the lookup's answer.
                for subtable in subtables {
                    if let value = try? Self.adjustment(subtable, left, right) {
                        total += value
                        break
                    }
                }
            }
            return Double(total)
        }
        var total = 0
        for table in kernTables {
            // The pairs are sorted by (left, right) as one 32-bit key.
            guard let index = try? table.pairs.record(at: 0, count: table.count, size: 6, width: 4, key: left << 16 | right),
                  let value = try? table.pairs.i16(6 * index + 4) else { continue }
            total = table.override ? value : total + value
        }
        return Double(total)
    }

    // MARK: GPOS

    /// The pair subtables of every lookup that a `kern` feature uses, lookups in list order.
    private static func pairLookups(_ gpos: FontBytes) throws(FontError) -> [[PairSubtable]] {
        let features = try gpos.slice(from: try gpos.u16(6))
        let lookupList = try gpos.slice(from: try gpos.u16(8))
        let featureCount = try features.u16(0)
        try features.checkArray(2, count: featureCount, size: 6, what: "feature records")
        var indices = Set<Int>()
        for index in 0..<featureCount {
            guard try features.tag(2 + 6 * index) == "kern" else { continue }
            let feature = try features.slice(from: try features.u16(2 + 6 * index + 4))
            let count = try feature.u16(2)
            try feature.checkArray(4, count: count, size: 2, what: "lookup indices")
            for item in 0..<count { indices.insert(try feature.u16(4 + 2 * item)) }
        }
        let lookupCount = try lookupList.u16(0)
        try lookupList.checkArray(2, count: lookupCount, size: 2, what: "lookup offsets")
        var lookups: [[PairSubtable]] = []
        var visited = 0
        for index in indices.sorted() where index < lookupCount {
            let lookup = try lookupList.slice(from: try lookupList.u16(2 + 2 * index))
            let type = try lookup.u16(0)
            let count = try lookup.u16(4)
            try lookup.checkArray(6, count: count, size: 2, what: "subtable offsets")
            // Lookups may share bytes, so the bytes alone do not bound the total: a fixed cap does.
            visited += count
            guard visited <= Self.maxSubtables else {
                throw gpos.error(.limit, "the kern feature's lookups have more than \(digitsGrouped(Self.maxSubtables)) subtables")
            }
            var subtables: [PairSubtable] = []
            for item in 0..<count {
                var subtable = try lookup.slice(from: try lookup.u16(6 + 2 * item))
                var subtableType = type
                if type == 9 {  // extension: the real type, and a 32-bit offset from here
                    subtableType = try subtable.u16(2)
                    subtable = try subtable.slice(from: try subtable.u32(4))
                }
                guard subtableType == 2 else { continue }
                let format = try subtable.u16(0)
                guard format == 1 || format == 2 else { continue }
                subtables.append(PairSubtable(bytes: subtable, format: format))
            }
            if !subtables.isEmpty { lookups.append(subtables) }
        }
        return lookups
    }

    /// The first glyph's XAdvance from one subtable; nil when the subtable does not cover the pair.
    private static func adjustment(_ subtable: PairSubtable, _ left: Int, _ right: Int) throws(FontError) -> Int? {
        let bytes = subtable.bytes
        guard let coverageIndex = try coverage(try bytes.slice(from: try bytes.u16(2)), left) else { return nil }
        let format1 = try bytes.u16(4), format2 = try bytes.u16(6)
        let size1 = 2 * (format1 & 0xFF).nonzeroBitCount, size2 = 2 * (format2 & 0xFF).nonzeroBitCount
        // XAdvance follows XPlacement and YPlacement when those are present.
        func xAdvance(_ table: FontBytes, _ at: Int) throws(FontError) -> Int {
            format1 & 0x4 == 0 ? 0 : try table.i16(at + 2 * (format1 & 0x3).nonzeroBitCount)
        }
        if subtable.format == 1 {
            let setCount = try bytes.u16(8)
            guard coverageIndex < setCount else { return nil }
            let set = try bytes.slice(from: try bytes.u16(10 + 2 * coverageIndex))
            let record = 2 + size1 + size2
            guard let index = try set.record(at: 2, count: try set.u16(0), size: record, width: 2, key: right) else { return nil }
            return try xAdvance(set, 2 + record * index + 2)
        }
        let class1 = try classOf(try bytes.slice(from: try bytes.u16(8)), left)
        let class2 = try classOf(try bytes.slice(from: try bytes.u16(10)), right)
        let class1Count = try bytes.u16(12), class2Count = try bytes.u16(14)
        guard class1 < class1Count, class2 < class2Count else { return 0 }
        return try xAdvance(bytes, 16 + (class1 * class2Count + class2) * (size1 + size2))
    }

    /// The coverage index of `glyph` (format 1: a sorted list; format 2: ranges), nil when not covered.
    private static func coverage(_ table: FontBytes, _ glyph: Int) throws(FontError) -> Int? {
        let format = try table.u16(0), count = try table.u16(2)
        if format == 1 { return try table.record(at: 4, count: count, size: 2, width: 2, key: glyph) }
        guard format == 2,
              let range = try table.rangeRecord(at: 4, count: count, size: 6, width: 2, holding: glyph) else { return nil }
        return try table.u16(4 + 6 * range + 4) + glyph - table.u16(4 + 6 * range)
    }

    /// The class of `glyph` (format 1: a run of classes; format 2: ranges); 0 when not listed.
    private static func classOf(_ table: FontBytes, _ glyph: Int) throws(FontError) -> Int {
        let format = try table.u16(0)
        if format == 1 {
            let first = try table.u16(2), count = try table.u16(4)
            guard glyph >= first, glyph - first < count else { return 0 }
            return try table.u16(6 + 2 * (glyph - first))
        }
        guard format == 2,
              let range = try table.rangeRecord(at: 4, count: try table.u16(2), size: 6, width: 2, holding: glyph) else { return 0 }
        return try table.u16(4 + 6 * range + 4)
    }

    // MARK: kern

    /// The horizontal format 0 subtables of a version 0 `kern` table (Apple's version 1 is skipped).
    private static func kernSubtables(_ kern: FontBytes) throws(FontError) -> [(pairs: FontBytes, count: Int, override: Bool)] {
        guard try kern.u16(0) == 0 else { return [] }
        let count = try kern.u16(2)
        var tables: [(pairs: FontBytes, count: Int, override: Bool)] = []
        var at = 4
        for _ in 0..<count {
            let length = try kern.u16(at + 2), coverage = try kern.u16(at + 4)
            // Horizontal (bit 0), not minimum values (bit 1) nor cross-stream (bit 2); format in the high byte.
            if coverage & 0x7 == 0x1, coverage >> 8 == 0 {
                let pairCount = try kern.u16(at + 6)
                // Large tables overflow the 16-bit length: the pairs may run to the table's end.
                let pairs = try kern.slice(from: at + 14)
                try pairs.checkArray(0, count: pairCount, size: 6, what: "kerning pairs")
                tables.append((pairs, pairCount, coverage & 0x8 != 0))
            }
            guard length >= 6 else { break }
            at += length
        }
        return tables
    }
}
