// MARK: - HuffmanDecodingTable
//
// A two-level lookup table that decodes one canonical Huffman code (RFC 1951 §3.2.2) with one or
// two array reads per symbol.
//
// ## Structure
//
// Deflate sends Huffman codes most-significant bit first while every other field is least-significant
// bit first, so the table is indexed by the *bit-reversed* code, i.e. by the next bits of the stream
// as `BitReader.peek` returns them.
//
// - The first `rootBits` entries form the root table, indexed by the next `rootBits` stream bits.
//   A code of length ≤ `rootBits` fills every root slot whose low bits equal its reversed code
//   (2^(rootBits − length) copies).
// - Longer codes share a root slot with the other codes that have the same first `rootBits` bits; that
//   slot holds a *link* to a subtable appended after the root table, indexed by the following
//   `subBits` stream bits. Subtable sizes follow zlib's `inflate_table`: just large enough for the
//   longest code sharing the prefix.
//
// Each entry is a `UInt32`:
//
//     bits  0...7   code length: bits to consume (0 for links and invalid entries)
//     bits  8...11  extra bits that follow (length/distance symbols) or `subBits` (links)
//     bits 12...15  kind: literal, length or distance base, end of block, link, invalid
//     bits 16...31  value: literal byte / code-length symbol, length or distance base, subtable offset
//
// so the hot loop gets the length base and extra-bit count with the symbol, without a second table.
//
// ## Invariants
//
// - Codes are validated before filling: an over-subscribed set is rejected; an incomplete set is
//   rejected unless it is a single code of length 1 (as zlib allows) or empty, and never for the
//   code-length code. Slots that no code reaches stay `invalid`.

struct HuffmanDecodingTable: Sendable {
    /// What the symbols of a code mean.
    enum Alphabet: Sendable {
        case literalLength, distance, codeLength

        var name: String {
            switch self {
            case .literalLength: return "literal/length"
            case .distance: return "distance"
            case .codeLength: return "code-length"
            }
        }
    }

    // MARK: Entry layout

    static let kindLiteral: UInt32 = 0
    static let kindLength: UInt32 = 1  // also "distance" in distance tables
    static let kindEndOfBlock: UInt32 = 2
    static let kindLink: UInt32 = 3
    static let kindInvalid: UInt32 = 4

    static let invalidEntry: UInt32 = kindInvalid << 12

    @inline(__always) static func length(_ entry: UInt32) -> Int { Int(entry & 0xFF) }
    @inline(__always) static func extraBits(_ entry: UInt32) -> Int { Int((entry >> 8) & 0xF) }
    @inline(__always) static func kind(_ entry: UInt32) -> UInt32 { (entry >> 12) & 0xF }
    @inline(__always) static func value(_ entry: UInt32) -> Int { Int(entry >> 16) }

    private static func entry(kind: UInt32, value: Int, extra: Int, length: Int) -> UInt32 {
        UInt32(value) << 16 | kind << 12 | UInt32(extra) << 8 | UInt32(length)
    }

    // MARK: Table

    /// Root table followed by subtables (see the design comment).
    let entries: [UInt32]
    /// Number of stream bits that index the root table.
    let rootBits: Int

    /// Builds the table for the code whose lengths per symbol are `lengths` (0 = unused symbol).
    /// - Throws: `invalidCodeLengths` at `offset` for an over-subscribed or (disallowed) incomplete code.
    init(lengths: ArraySlice<UInt8>, alphabet: Alphabet, rootBits: Int, offset: Int) throws(CompressionError) {
        self.rootBits = rootBits
        var count = [Int](repeating: 0, count: 16)
        for length in lengths { count[Int(length)] += 1 }
        count[0] = 0
        let maxLength = (1...15).last(where: { count[$0] > 0 }) ?? 0

        // Kraft check.
        var left = 1
        for length in 1...15 {
            left <<= 1
            left -= count[length]
            if left < 0 {
                throw CompressionError(.invalidCodeLengths("over-subscribed \(alphabet.name) code"), offset: offset)
            }
        }
        if left > 0 && maxLength > 0 && (alphabet == .codeLength || maxLength != 1) {
            throw CompressionError(.invalidCodeLengths("incomplete \(alphabet.name) code"), offset: offset)
        }
        if maxLength == 0 && alphabet == .codeLength {
            throw CompressionError(.invalidCodeLengths("empty code-length code"), offset: offset)
        }

        // Symbols sorted by (length, symbol): the canonical code order.
        var firstIndex = [Int](repeating: 0, count: 17)
        for length in 1...15 { firstIndex[length + 1] = firstIndex[length] + count[length] }
        var sorted = [Int](repeating: 0, count: firstIndex[16])
        for (symbol, length) in lengths.enumerated() where length > 0 {
            sorted[firstIndex[Int(length)]] = symbol
            firstIndex[Int(length)] += 1
        }

        var table = [UInt32](repeating: HuffmanDecodingTable.invalidEntry, count: 1 << rootBits)
        let rootMask = (1 << rootBits) - 1
        var remaining = count
        var code = 0
        var symbolIndex = 0
        var currentPrefix = -1
        var subOffset = 0
        var subBits = 0
        for length in stride(from: 1, through: maxLength, by: 1) {
            for _ in 0..<count[length] {
                let symbol = sorted[symbolIndex]
                symbolIndex += 1
                let reversed = HuffmanDecodingTable.reverse(code, length)
                let leaf = HuffmanDecodingTable.leaf(symbol: symbol, length: length, alphabet: alphabet)
                if length <= rootBits {
                    var slot = reversed
                    while slot <= rootMask {
                        table[slot] = leaf
                        slot += 1 << length
                    }
                } else {
                    let prefix = reversed & rootMask
                    if prefix != currentPrefix {
                        // Just enough bits for the longest code that shares this prefix.
                        subBits = length - rootBits
                        var available = 1 << subBits
                        while subBits + rootBits < maxLength {
                            available -= remaining[subBits + rootBits]
                            if available <= 0 { break }
                            subBits += 1
                            available <<= 1
                        }
                        subOffset = table.count
                        table.append(contentsOf: repeatElement(HuffmanDecodingTable.invalidEntry, count: 1 << subBits))
                        table[prefix] = HuffmanDecodingTable.entry(
                            kind: HuffmanDecodingTable.kindLink, value: subOffset, extra: subBits, length: 0)
                        currentPrefix = prefix
                    }
                    var slot = reversed >> rootBits
                    while slot < 1 << subBits {
                        table[subOffset + slot] = leaf
                        slot += 1 << (length - rootBits)
                    }
                }
                remaining[length] -= 1
                code += 1
            }
            code <<= 1
        }
        entries = table
    }

    /// The entry for `symbol` of `alphabet` coded with `length` bits.
    private static func leaf(symbol: Int, length: Int, alphabet: Alphabet) -> UInt32 {
        switch alphabet {
        case .codeLength:
            return entry(kind: kindLiteral, value: symbol, extra: 0, length: length)
        case .literalLength:
            if symbol < 256 { return entry(kind: kindLiteral, value: symbol, extra: 0, length: length) }
            if symbol == 256 { return entry(kind: kindEndOfBlock, value: 0, extra: 0, length: length) }
            if symbol <= 285 {
                let index = symbol - 257
                return entry(kind: kindLength, value: Int(DeflateTables.lengthBase[index]),
                             extra: Int(DeflateTables.lengthExtraBits[index]), length: length)
            }
            return entry(kind: kindInvalid, value: symbol, extra: 0, length: length)
        case .distance:
            if symbol < 30 {
                return entry(kind: kindLength, value: Int(DeflateTables.distanceBase[symbol]),
                             extra: Int(DeflateTables.distanceExtraBits[symbol]), length: length)
            }
            return entry(kind: kindInvalid, value: symbol, extra: 0, length: length)
        }
    }

    /// The low `length` bits of `code` in reverse order.
    static func reverse(_ code: Int, _ length: Int) -> Int {
        var result = 0
        var code = code
        for _ in 0..<length {
            result = (result << 1) | (code & 1)
            code >>= 1
        }
        return result
    }

    // MARK: Fixed codes

    /// The fixed literal/length code of RFC 1951 §3.2.6.
    static let fixedLiteralLength: HuffmanDecodingTable = {
        // The fixed lengths are a complete code: building it cannot fail.
        try! HuffmanDecodingTable(lengths: DeflateTables.fixedLiteralLengths[...], alphabet: .literalLength,
                                  rootBits: 10, offset: 0)
    }()

    /// The fixed distance code: 5-bit codes for symbols 0...31.
    static let fixedDistance: HuffmanDecodingTable = {
        try! HuffmanDecodingTable(lengths: DeflateTables.fixedDistanceLengths[...], alphabet: .distance,
                                  rootBits: 8, offset: 0)
    }()
}
