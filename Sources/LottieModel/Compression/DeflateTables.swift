// MARK: - DeflateTables
//
// The constant tables of RFC 1951 §3.2.5–3.2.7, shared by `Inflate` and `Deflate`.
//
// Literal/length symbols 257...285 stand for match lengths 3...258 (base + extra bits), distance
// symbols 0...29 for distances 1...32768. Symbols 286, 287 (literal/length) and 30, 31 (distance)
// take part in the fixed code but never occur in valid data.

enum DeflateTables {
    /// Base match length of literal/length symbols 257...285.
    static let lengthBase: [UInt16] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
        35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    /// Extra bits after literal/length symbols 257...285.
    static let lengthExtraBits: [UInt8] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
        3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    /// Base distance of distance symbols 0...29.
    static let distanceBase: [UInt16] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
        257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ]
    /// Extra bits after distance symbols 0...29.
    static let distanceExtraBits: [UInt8] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
        7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    /// The order in which a dynamic block lists the code-length code's lengths.
    static let codeLengthOrder: [Int] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    /// Code lengths of the fixed literal/length code (RFC 1951 §3.2.6), symbols 0...287.
    static let fixedLiteralLengths: [UInt8] =
        [UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112)
        + [UInt8](repeating: 7, count: 24) + [UInt8](repeating: 8, count: 8)
    /// Code lengths of the fixed distance code, symbols 0...31.
    static let fixedDistanceLengths: [UInt8] = [UInt8](repeating: 5, count: 32)

    /// The symbol (257...285) for each match length, indexed by length (3...258; 0...2 unused).
    static let lengthSymbol: [UInt16] = {
        var table = [UInt16](repeating: 0, count: 259)
        for code in 0..<29 {
            let base = Int(lengthBase[code])
            let span = 1 << Int(lengthExtraBits[code])
            for length in base..<min(259, base + span) { table[length] = UInt16(257 + code) }
        }
        table[258] = 285
        return table
    }()

    /// The distance symbol for `distance - 1` below 256 at `[distance - 1]`, and for larger distances
    /// at `[256 + (distance - 1) >> 7]` (zlib's `dist_code` layout).
    static let distanceSymbol: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512)
        for code in 0..<30 {
            let base = Int(distanceBase[code]) - 1
            let span = 1 << Int(distanceExtraBits[code])
            for d in base..<(base + span) {
                if d < 256 { table[d] = UInt8(code) } else { table[256 + (d >> 7)] = UInt8(code) }
            }
        }
        return table
    }()
}
