// Builds small TrueType and OpenType CFF fonts in memory for the font reader's tests (and the
// font fuzz target's seeds). Only what the reader reads is written with care; the rest of each
// table is zero or a plain valid value.

/// Big-endian bytes.
struct FontByteWriter {
    var bytes: [UInt8] = []

    mutating func u8(_ value: Int) { bytes.append(UInt8(truncatingIfNeeded: value)) }
    mutating func u16(_ value: Int) {
        u8(value >> 8)
        u8(value)
    }
    mutating func u32(_ value: Int) {
        u16(value >> 16)
        u16(value)
    }
    mutating func tag(_ text: String) { bytes += Array(text.utf8.prefix(4)) }
    mutating func append(_ more: [UInt8]) { bytes += more }
    /// An F2Dot14 number (composite glyph scales).
    mutating func f2dot14(_ value: Double) { u16(Int((value * 16_384).rounded())) }
    var count: Int { bytes.count }
}

/// A test font's glyph, TrueType style.
enum TestGlyph {
    /// A point: on-curve or off-curve (a quadratic control point).
    struct Point {
        var x: Int
        var y: Int
        var on = true
    }

    /// One component of a composite glyph.
    struct Component {
        var glyph: Int
        var dx = 0
        var dy = 0
        /// Two-byte arguments (else one byte each).
        var words = true
        var scale: Double?
        var xyScale: (Double, Double)?
        /// (a, b, c, d): x' = a x + c y, y' = b x + d y.
        var matrix: (Double, Double, Double, Double)?
    }

    case empty
    case simple([[Point]])
    case composite([Component])
    /// Bytes as they are (for hostile glyphs).
    case raw([UInt8])
}

enum TestFontWriter {
    // MARK: sfnt

    /// A font file: the table directory, then the tables (4-byte aligned), tags sorted.
    static func sfnt(version: Int, tables: [(String, [UInt8])]) -> [UInt8] {
        let sorted = tables.sorted { $0.0 < $1.0 }
        var file = FontByteWriter()
        file.u32(version)
        file.u16(sorted.count)
        var power = 1, exponent = 0
        while power * 2 <= sorted.count {
            power *= 2
            exponent += 1
        }
        file.u16(16 * power)
        file.u16(exponent)
        file.u16(16 * sorted.count - 16 * power)
        var offset = 12 + 16 * sorted.count
        var body: [UInt8] = []
        for (tag, data) in sorted {
            file.tag(tag)
            file.u32(checksum(data))
            file.u32(offset)
            file.u32(data.count)
            var padded = data
            while padded.count % 4 != 0 { padded.append(0) }
            body += padded
            offset += padded.count
        }
        return file.bytes + body
    }

    static func checksum(_ data: [UInt8]) -> Int {
        var sum: UInt32 = 0
        var index = 0
        while index < data.count {
            var word: UInt32 = 0
            for byte in 0..<4 { word = word << 8 | UInt32(index + byte < data.count ? data[index + byte] : 0) }
            sum = sum &+ word
            index += 4
        }
        return Int(sum)
    }

    // MARK: Common tables

    static func head(unitsPerEm: Int, longLoca: Bool) -> [UInt8] {
        var table = FontByteWriter()
        table.u32(0x0001_0000)  // version
        table.u32(0x0001_0000)  // fontRevision
        table.u32(0)  // checksumAdjustment
        table.u32(0x5F0F_3CF5)  // magic
        table.u16(0)  // flags
        table.u16(unitsPerEm)
        table.append([UInt8](repeating: 0, count: 16))  // created, modified
        table.append([UInt8](repeating: 0, count: 8))  // bounding box
        table.u16(0)  // macStyle
        table.u16(8)  // lowestRecPPEM
        table.u16(2)  // fontDirectionHint
        table.u16(longLoca ? 1 : 0)
        table.u16(0)  // glyphDataFormat
        return table.bytes
    }

    static func hhea(ascender: Int, descender: Int, metricCount: Int) -> [UInt8] {
        var table = FontByteWriter()
        table.u32(0x0001_0000)
        table.u16(ascender)
        table.u16(descender)
        table.append([UInt8](repeating: 0, count: 26))  // lineGap ... metricDataFormat
        table.u16(metricCount)
        return table.bytes
    }

    static func maxp(glyphCount: Int, trueType: Bool) -> [UInt8] {
        var table = FontByteWriter()
        table.u32(trueType ? 0x0001_0000 : 0x0000_5000)
        table.u16(glyphCount)
        if trueType { table.append([UInt8](repeating: 0, count: 26)) }
        return table.bytes
    }

    static func hmtx(advances: [Int], glyphCount: Int) -> [UInt8] {
        var table = FontByteWriter()
        for advance in advances {
            table.u16(advance)
            table.u16(0)
        }
        for _ in advances.count..<max(advances.count, glyphCount) { table.u16(0) }
        return table.bytes
    }

    static func post() -> [UInt8] {
        var table = FontByteWriter()
        table.u32(0x0003_0000)
        table.append([UInt8](repeating: 0, count: 28))
        return table.bytes
    }

    /// A `name` record: platform, encoding, language, name ID, text.
    struct NameRecord {
        var platform = 3, encoding = 1, language = 0x409
        var nameID: Int
        var text: String
    }

    static func name(_ records: [NameRecord]) -> [UInt8] {
        var table = FontByteWriter()
        table.u16(0)
        table.u16(records.count)
        table.u16(6 + 12 * records.count)
        var storage: [UInt8] = []
        for record in records {
            var encoded: [UInt8] = []
            if record.platform == 1 {
                for scalar in record.text.unicodeScalars {
                    let value = scalar.value
                    encoded.append(value < 0x80 ? UInt8(value) : UInt8(0x80 + (macRomanHigh.firstIndex(of: value) ?? 0)))
                }
            } else {
                for unit in record.text.utf16 { encoded += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
            }
            table.u16(record.platform)
            table.u16(record.encoding)
            table.u16(record.language)
            table.u16(record.nameID)
            table.u16(encoded.count)
            table.u16(storage.count)
            storage += encoded
        }
        return table.bytes + storage
    }

    /// The Mac Roman letters the tests use (é, ü), at their place above 0x80.
    static let macRomanHigh: [UInt32] = Array(repeating: 0, count: 0x0E) + [0xE9] + Array(repeating: 0, count: 0x10) + [0xFC]

    /// A `cmap` with a (3,1) format 4 subtable of `bmp` and, when `full` is not empty, a (3,10)
    /// format 12 subtable of `full`. Every other format 4 segment uses the glyph array.
    static func cmap(bmp: [(UInt32, Int)], full: [(UInt32, Int)] = []) -> [UInt8] {
        let format4 = cmapFormat4(bmp.sorted { $0.0 < $1.0 })
        var table = FontByteWriter()
        table.u16(0)
        table.u16(full.isEmpty ? 1 : 2)
        let headerSize = 4 + 8 * (full.isEmpty ? 1 : 2)
        table.u16(3)
        table.u16(1)
        table.u32(headerSize)
        if !full.isEmpty {
            table.u16(3)
            table.u16(10)
            table.u32(headerSize + format4.count)
        }
        table.append(format4)
        if !full.isEmpty { table.append(cmapFormat12(full.sorted { $0.0 < $1.0 })) }
        return table.bytes
    }

    static func cmapFormat4(_ map: [(UInt32, Int)]) -> [UInt8] {
        let segments = map.count + 1
        var ends = FontByteWriter(), starts = FontByteWriter(), deltas = FontByteWriter()
        var rangeOffsets = FontByteWriter(), glyphArray = FontByteWriter()
        for (index, (code, glyph)) in map.enumerated() {
            ends.u16(Int(code))
            starts.u16(Int(code))
            if index % 2 == 0 {
                deltas.u16((glyph - Int(code)) & 0xFFFF)
                rangeOffsets.u16(0)
            } else {
                deltas.u16(0)
                // From this idRangeOffset entry to the glyph's place in the array after the offsets.
                rangeOffsets.u16(2 * (segments - index) + glyphArray.count)
                glyphArray.u16(glyph)
            }
        }
        ends.u16(0xFFFF)
        starts.u16(0xFFFF)
        deltas.u16(1)
        rangeOffsets.u16(0)
        var table = FontByteWriter()
        table.u16(4)
        table.u16(16 + 8 * segments + glyphArray.count)
        table.u16(0)
        table.u16(2 * segments)
        table.append([0, 0, 0, 0, 0, 0])  // searchRange, entrySelector, rangeShift (not read)
        table.append(ends.bytes)
        table.u16(0)
        table.append(starts.bytes + deltas.bytes + rangeOffsets.bytes + glyphArray.bytes)
        return table.bytes
    }

    static func cmapFormat12(_ map: [(UInt32, Int)]) -> [UInt8] {
        var table = FontByteWriter()
        table.u16(12)
        table.u16(0)
        table.u32(16 + 12 * map.count)
        table.u32(0)
        table.u32(map.count)
        for (code, glyph) in map {
            table.u32(Int(code))
            table.u32(Int(code))
            table.u32(glyph)
        }
        return table.bytes
    }

    /// A version 0 `kern` table with one horizontal format 0 subtable.
    static func kern(_ pairs: [(Int, Int, Int)]) -> [UInt8] {
        let sorted = pairs.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        var table = FontByteWriter()
        table.u16(0)
        table.u16(1)
        table.u16(0)  // subtable version
        table.u16(14 + 6 * sorted.count)
        table.u16(0x0001)  // horizontal, format 0
        table.u16(sorted.count)
        table.append([0, 0, 0, 0, 0, 0])
        for (left, right, value) in sorted {
            table.u16(left)
            table.u16(right)
            table.u16(value)
        }
        return table.bytes
    }

    /// A GPOS with one `kern` feature of two lookups: a PairPos format 1 of `pairs` (value format
    /// XPlacement + XAdvance, XPlacement 7), and, inside an extension lookup (type 9), a PairPos
    /// format 2 giving `classPair.value` to every left glyph of `classPair.left` before every right
    /// glyph of `classPair.right` (value formats XAdvance for both glyphs; the second's is 99).
    static func gpos(pairs: [(Int, Int, Int)], classPair: (left: [Int], right: [Int], value: Int)) -> [UInt8] {
        // PairPos format 1.
        let lefts = Array(Set(pairs.map(\.0))).sorted()
        var pairSets: [[UInt8]] = []
        for left in lefts {
            var set = FontByteWriter()
            let rights = pairs.filter { $0.0 == left }.sorted { $0.1 < $1.1 }
            set.u16(rights.count)
            for (_, right, value) in rights {
                set.u16(right)
                set.u16(7)
                set.u16(value)
            }
            pairSets.append(set.bytes)
        }
        var format1 = FontByteWriter()
        let format1Header = 10 + 2 * lefts.count
        let setsSize = pairSets.reduce(0) { $0 + $1.count }
        format1.u16(1)
        format1.u16(format1Header + setsSize)  // coverage after the sets
        format1.u16(0x5)
        format1.u16(0)
        format1.u16(lefts.count)
        var at = format1Header
        for set in pairSets {
            format1.u16(at)
            at += set.count
        }
        for set in pairSets { format1.append(set) }
        format1.u16(1)  // coverage format 1
        format1.u16(lefts.count)
        for left in lefts { format1.u16(left) }

        // PairPos format 2.
        let left = classPair.left.sorted(), right = classPair.right.sorted()
        var coverage = FontByteWriter()  // format 2: one range per glyph
        coverage.u16(2)
        coverage.u16(left.count)
        for (index, glyph) in left.enumerated() {
            coverage.u16(glyph)
            coverage.u16(glyph)
            coverage.u16(index)
        }
        var classDef1 = FontByteWriter()  // format 2
        classDef1.u16(2)
        classDef1.u16(left.count)
        for glyph in left {
            classDef1.u16(glyph)
            classDef1.u16(glyph)
            classDef1.u16(1)
        }
        var classDef2 = FontByteWriter()  // format 1
        let first = right.first ?? 0, span = (right.last ?? 0) - first + 1
        classDef2.u16(1)
        classDef2.u16(first)
        classDef2.u16(span)
        for glyph in first..<(first + span) { classDef2.u16(right.contains(glyph) ? 1 : 0) }
        var records = FontByteWriter()
        for class1 in 0..<2 {
            for class2 in 0..<2 {
                let kerned = class1 == 1 && class2 == 1
                records.u16(kerned ? classPair.value : 0)
                records.u16(kerned ? 99 : 0)
            }
        }
        var format2 = FontByteWriter()
        let format2Header = 16
        format2.u16(2)
        format2.u16(format2Header + records.count)
        format2.u16(0x4)
        format2.u16(0x4)
        format2.u16(format2Header + records.count + coverage.count)
        format2.u16(format2Header + records.count + coverage.count + classDef1.count)
        format2.u16(2)
        format2.u16(2)
        format2.append(records.bytes + coverage.bytes + classDef1.bytes + classDef2.bytes)

        var lookup0 = FontByteWriter()
        lookup0.u16(2)
        lookup0.u16(0)
        lookup0.u16(1)
        lookup0.u16(8)
        lookup0.append(format1.bytes)
        var lookup1 = FontByteWriter()
        lookup1.u16(9)
        lookup1.u16(0)
        lookup1.u16(1)
        lookup1.u16(8)
        lookup1.u16(1)  // extension format
        lookup1.u16(2)  // extension lookup type
        lookup1.u32(8)  // from the extension subtable
        lookup1.append(format2.bytes)
        var lookupList = FontByteWriter()
        lookupList.u16(2)
        lookupList.u16(6)
        lookupList.u16(6 + lookup0.count)
        lookupList.append(lookup0.bytes + lookup1.bytes)

        var featureList = FontByteWriter()
        featureList.u16(2)
        featureList.tag("liga")  // a feature that is not kerning: its lookup (none) is not used
        featureList.u16(14)
        featureList.tag("kern")
        featureList.u16(18)
        featureList.u16(0)  // liga: params, no lookups
        featureList.u16(0)
        featureList.u16(0)  // kern: params, two lookups
        featureList.u16(2)
        featureList.u16(0)
        featureList.u16(1)

        var table = FontByteWriter()
        table.u32(0x0001_0000)
        table.u16(10)  // script list: empty
        table.u16(12)
        table.u16(12 + featureList.count)
        table.u16(0)
        table.append(featureList.bytes + lookupList.bytes)
        return table.bytes
    }

    // MARK: TrueType

    /// `glyf` and `loca` for the glyphs.
    static func glyfAndLoca(_ glyphs: [TestGlyph], longLoca: Bool) -> (glyf: [UInt8], loca: [UInt8]) {
        var glyf: [UInt8] = []
        var loca = FontByteWriter()
        func location() {
            if longLoca { loca.u32(glyf.count) } else { loca.u16(glyf.count / 2) }
        }
        for glyph in glyphs {
            location()
            glyf += encode(glyph)
            if glyf.count % 2 == 1 { glyf.append(0) }
        }
        location()
        return (glyf, loca.bytes)
    }

    static func encode(_ glyph: TestGlyph) -> [UInt8] {
        var data = FontByteWriter()
        switch glyph {
        case .empty:
            return []
        case .raw(let bytes):
            return bytes
        case .simple(let contours):
            let points = contours.flatMap { $0 }
            data.u16(contours.count)
            data.u16(points.map(\.x).min() ?? 0)
            data.u16(points.map(\.y).min() ?? 0)
            data.u16(points.map(\.x).max() ?? 0)
            data.u16(points.map(\.y).max() ?? 0)
            var end = -1
            for contour in contours {
                end += contour.count
                data.u16(end)
            }
            data.u16(0)  // no instructions
            var flags: [UInt8] = [], xs = FontByteWriter(), ys = FontByteWriter()
            var previous = (x: 0, y: 0)
            for point in points {
                var flag: UInt8 = point.on ? 0x1 : 0
                let dx = point.x - previous.x, dy = point.y - previous.y
                if dx == 0 {
                    flag |= 0x10
                } else if abs(dx) <= 255 {
                    flag |= 0x2 | (dx > 0 ? 0x10 : 0)
                    xs.u8(abs(dx))
                } else {
                    xs.u16(dx)
                }
                if dy == 0 {
                    flag |= 0x20
                } else if abs(dy) <= 255 {
                    flag |= 0x4 | (dy > 0 ? 0x20 : 0)
                    ys.u8(abs(dy))
                } else {
                    ys.u16(dy)
                }
                flags.append(flag)
                previous = (point.x, point.y)
            }
            // Runs of equal flags use the repeat flag.
            var index = 0
            while index < flags.count {
                var run = 1
                while index + run < flags.count, flags[index + run] == flags[index], run < 256 { run += 1 }
                if run > 1 {
                    data.u8(Int(flags[index] | 0x8))
                    data.u8(run - 1)
                } else {
                    data.u8(Int(flags[index]))
                }
                index += run
            }
            data.append(xs.bytes + ys.bytes)
        case .composite(let components):
            data.u16(0xFFFF)  // -1 contours
            data.append([UInt8](repeating: 0, count: 8))
            for (index, component) in components.enumerated() {
                var flags = 0x2  // ARGS_ARE_XY_VALUES
                if component.words { flags |= 0x1 }
                if component.scale != nil { flags |= 0x8 }
                if component.xyScale != nil { flags |= 0x40 }
                if component.matrix != nil { flags |= 0x80 }
                if index < components.count - 1 { flags |= 0x20 }
                data.u16(flags)
                data.u16(component.glyph)
                if component.words {
                    data.u16(component.dx)
                    data.u16(component.dy)
                } else {
                    data.u8(component.dx)
                    data.u8(component.dy)
                }
                if let scale = component.scale { data.f2dot14(scale) }
                if let (x, y) = component.xyScale {
                    data.f2dot14(x)
                    data.f2dot14(y)
                }
                if let (a, b, c, d) = component.matrix {
                    data.f2dot14(a)
                    data.f2dot14(b)
                    data.f2dot14(c)
                    data.f2dot14(d)
                }
            }
        }
        return data.bytes
    }

    /// What a test TrueType font holds.
    struct TrueTypeSpec {
        var unitsPerEm = 1000
        var ascender = 800
        var descender = -200
        var glyphs: [TestGlyph]
        var advances: [Int]
        var bmp: [(UInt32, Int)]
        var full: [(UInt32, Int)] = []
        var names: [NameRecord] = []
        var kernPairs: [(Int, Int, Int)] = []
        var gposPairs: [(Int, Int, Int)]?
        var gposClassPair: (left: [Int], right: [Int], value: Int) = ([], [], 0)
        var longLoca = false
        /// maxp's glyph count when it should differ from the glyphs given.
        var glyphCount: Int?
    }

    static func trueType(_ spec: TrueTypeSpec) -> [UInt8] {
        let count = spec.glyphCount ?? spec.glyphs.count
        let (glyf, loca) = glyfAndLoca(spec.glyphs, longLoca: spec.longLoca)
        var tables: [(String, [UInt8])] = [
            ("head", head(unitsPerEm: spec.unitsPerEm, longLoca: spec.longLoca)),
            ("hhea", hhea(ascender: spec.ascender, descender: spec.descender, metricCount: spec.advances.count)),
            ("maxp", maxp(glyphCount: count, trueType: true)),
            ("cmap", cmap(bmp: spec.bmp, full: spec.full)),
            ("hmtx", hmtx(advances: spec.advances, glyphCount: count)),
            ("loca", loca),
            ("glyf", glyf),
            ("name", name(spec.names)),
            ("post", post()),
        ]
        if !spec.kernPairs.isEmpty { tables.append(("kern", kern(spec.kernPairs))) }
        if let pairs = spec.gposPairs { tables.append(("GPOS", gpos(pairs: pairs, classPair: spec.gposClassPair))) }
        return sfnt(version: 0x0001_0000, tables: tables)
    }

    // MARK: CFF

    /// One item of a charstring: a number or an operator (12 x for two-byte operators).
    enum CharstringItem {
        case number(Int)
        case fixed(Double)
        case op(Int)
        case escape(Int)
        /// A byte as it is (a hintmask's mask).
        case raw(Int)
    }

    static func charstring(_ items: [CharstringItem]) -> [UInt8] {
        var data = FontByteWriter()
        for item in items {
            switch item {
            case .number(let value):
                switch value {
                case -107...107: data.u8(value + 139)
                case 108...1131:
                    data.u8((value - 108) / 256 + 247)
                    data.u8((value - 108) % 256)
                case -1131 ... -108:
                    data.u8((-value - 108) / 256 + 251)
                    data.u8((-value - 108) % 256)
                default:
                    data.u8(28)
                    data.u16(value)
                }
            case .fixed(let value):
                data.u8(255)
                data.u32(Int((value * 65_536).rounded()))
            case .op(let code):
                data.u8(code)
            case .escape(let code):
                data.u8(12)
                data.u8(code)
            case .raw(let byte):
                data.u8(byte)
            }
        }
        return data.bytes
    }

    /// A CFF INDEX of the items.
    static func index(_ items: [[UInt8]]) -> [UInt8] {
        var data = FontByteWriter()
        data.u16(items.count)
        guard !items.isEmpty else { return data.bytes }
        let total = items.reduce(0) { $0 + $1.count } + 1
        let size = total <= 0xFF ? 1 : total <= 0xFFFF ? 2 : total <= 0xFF_FFFF ? 3 : 4
        data.u8(size)
        var offset = 1
        func write(_ value: Int) {
            for shift in stride(from: 8 * (size - 1), through: 0, by: -8) { data.u8(value >> shift) }
        }
        write(offset)
        for item in items {
            offset += item.count
            write(offset)
        }
        for item in items { data.append(item) }
        return data.bytes
    }

    /// A DICT operand in the five-byte form (fixed size, so offsets can be written before they are known).
    static func dictInt(_ value: Int) -> [UInt8] {
        var data = FontByteWriter()
        data.u8(29)
        data.u32(value)
        return data.bytes
    }

    /// A `CFF ` table: one font, charstrings `glyphs`, local `subrs` in the Private DICT and global `globalSubrs`.
    static func cff(glyphs: [[UInt8]], subrs: [[UInt8]], globalSubrs: [[UInt8]]) -> [UInt8] {
        let header: [UInt8] = [1, 0, 4, 1]
        let names = index([Array("TestCFF".utf8)])
        // Top DICT: CharStrings (17) and Private (18), offsets filled in below (fixed size).
        let topSize = index([[UInt8](repeating: 0, count: 5 + 1 + 5 + 5 + 1)]).count
        let strings = index([])
        let global = index(globalSubrs)
        let charStrings = index(glyphs)
        let charStringsAt = header.count + names.count + topSize + strings.count + global.count
        let privateAt = charStringsAt + charStrings.count
        let privateDict = dictInt(6) + [19]  // Subrs right after the 6-byte Private DICT
        let top = index([dictInt(charStringsAt) + [17] + dictInt(privateDict.count) + dictInt(privateAt) + [18]])
        return header + names + top + strings + global + charStrings + privateDict + index(subrs)
    }

    /// A CID-keyed `CFF ` table: two Font DICTs, glyphs 0 and 1 in the first (no Subrs), the others
    /// in the second (local `subrs`), chosen by an FDSelect of format 3.
    static func cidCFF(glyphs: [[UInt8]], subrs: [[UInt8]], globalSubrs: [[UInt8]]) -> [UInt8] {
        let header: [UInt8] = [1, 0, 4, 1]
        let names = index([Array("TestCID".utf8)])
        let topSize = index([[UInt8](repeating: 0, count: 3 * 5 + 2 + 6 + 7 + 7)]).count
        let strings = index([])
        let global = index(globalSubrs)
        let charStrings = index(glyphs)
        let charStringsAt = header.count + names.count + topSize + strings.count + global.count
        var select = FontByteWriter()
        select.u8(3)
        select.u16(2)
        select.u16(0)
        select.u8(0)
        select.u16(2)
        select.u8(1)
        select.u16(glyphs.count)
        let selectAt = charStringsAt + charStrings.count
        let fdArrayAt = selectAt + select.count
        let fdArraySize = index([[UInt8](repeating: 0, count: 11), [UInt8](repeating: 0, count: 11)]).count
        let private0At = fdArrayAt + fdArraySize, private1At = private0At
        let private1 = dictInt(6) + [19]
        let fdArray = index([dictInt(0) + dictInt(private0At) + [18], dictInt(private1.count) + dictInt(private1At) + [18]])
        let top = index([dictInt(391) + dictInt(392) + dictInt(0) + [12, 30] + dictInt(charStringsAt) + [17]
            + dictInt(fdArrayAt) + [12, 36] + dictInt(selectAt) + [12, 37]])
        return header + names + top + strings + global + charStrings + select.bytes + fdArray + private1 + index(subrs)
    }

    /// What a test CFF font holds (advances and cmap as for TrueType).
    struct CFFSpec {
        var glyphs: [[UInt8]]
        var subrs: [[UInt8]] = []
        var globalSubrs: [[UInt8]] = []
        var advances: [Int]
        var bmp: [(UInt32, Int)]
        var names: [NameRecord] = []
        var cffTable: [UInt8]?
    }

    static func openTypeCFF(_ spec: CFFSpec) -> [UInt8] {
        let cffTable = spec.cffTable ?? cff(glyphs: spec.glyphs, subrs: spec.subrs, globalSubrs: spec.globalSubrs)
        return sfnt(version: 0x4F54_544F, tables: [
            ("head", head(unitsPerEm: 1000, longLoca: false)),
            ("hhea", hhea(ascender: 880, descender: -120, metricCount: spec.advances.count)),
            ("maxp", maxp(glyphCount: spec.glyphs.count, trueType: false)),
            ("cmap", cmap(bmp: spec.bmp)),
            ("hmtx", hmtx(advances: spec.advances, glyphCount: spec.glyphs.count)),
            ("name", name(spec.names)),
            ("post", post()),
            ("CFF ", cffTable),
        ])
    }
}
