// MARK: - VP8LHuffman
//
// The prefix (Huffman) codes of VP8L (RFC 9649, section 3.7.2): canonical codes given by their
// code lengths (at most 15 bits), sent either in the simple form (one or two symbols of 1 or 8
// bits, each with a 1-bit code) or as code lengths that are themselves coded with a code of 19
// code-length symbols (0...15 literal lengths, 16 repeat the previous non-zero length 3...6 times,
// 17 and 18 repeat zero 3...10 and 11...138 times).
//
// ## Lookup tables
//
// Every code of an image lives in one flat `[UInt32]` (`VP8LHuffmanTables.entries`), each entry
// `symbol | length << 16`. A code has a root table of 256 entries indexed by the next 8 bits
// (bit-reversed codes, as the bits arrive LSB first); codes longer than 8 bits continue in a
// second-level table whose root entry holds the table's start (relative to the code's root) and
// 8 + its index bits. A code with a single symbol takes no bits and has no table.
//
// A code is accepted only when its lengths describe a complete prefix code (Kraft sum exactly 1)
// or exactly one symbol; over-subscribed and incomplete codes are errors, as in libwebp.

/// Where one prefix code's tables start, or its only symbol.
struct VP8LHuffmanCode {
    /// Index of the root table in `VP8LHuffmanTables.entries`.
    var offset: Int
    /// The symbol of a one-symbol code (read with zero bits), or -1.
    var single: Int
}

/// The lookup tables of all the prefix codes of one image or sub-image.
struct VP8LHuffmanTables {
    /// `symbol | length << 16` entries (see the file header).
    private(set) var entries: [UInt32] = []

    static let maxCodeLength = 15
    static let rootBits = 8
    /// The order in which code-length code lengths are sent.
    static let codeLengthOrder = [17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]

    /// Reads the next symbol of `code`.
    @inline(__always)
    func readSymbol(_ code: VP8LHuffmanCode, _ reader: inout VP8LBitReader) -> Int {
        if code.single >= 0 { return code.single }
        let bits = reader.peek15()
        var entry = entries[code.offset + (bits & 0xff)]
        let length = Int(entry >> 16)
        if length > VP8LHuffmanTables.rootBits {
            reader.skip(VP8LHuffmanTables.rootBits)
            let sub = (bits >> VP8LHuffmanTables.rootBits) & ((1 << (length - VP8LHuffmanTables.rootBits)) - 1)
            entry = entries[code.offset + Int(entry & 0xffff) + sub]
        }
        reader.skip(Int(entry >> 16))
        return Int(entry & 0xffff)
    }

    // MARK: Reading a code

    /// Reads one prefix code over `alphabetSize` symbols and adds its tables.
    /// `lengths` is scratch space of at least `max(alphabetSize, 256)` entries.
    mutating func readCode(alphabetSize: Int, reader: inout VP8LBitReader,
                           lengths: inout [UInt8]) throws(WebPError) -> VP8LHuffmanCode {
        let start = reader.byteOffset
        for index in 0..<max(alphabetSize, 256) { lengths[index] = 0 }
        if reader.read(1) == 1 {
            // Simple form: one or two symbols, each of length 1.
            let symbolCount = reader.readInt(1) + 1
            let firstBits = reader.read(1) == 0 ? 1 : 8
            lengths[reader.readInt(firstBits)] = 1
            if symbolCount == 2 { lengths[reader.readInt(8)] = 1 }
        } else {
            var codeLengthLengths = [UInt8](repeating: 0, count: 19)
            let count = reader.readInt(4) + 4
            for index in 0..<count {
                codeLengthLengths[VP8LHuffmanTables.codeLengthOrder[index]] = UInt8(reader.read(3))
            }
            try readCodeLengths(codeLengthLengths, alphabetSize: alphabetSize, reader: &reader,
                                lengths: &lengths, offset: start)
        }
        if reader.overrun { throw WebPError(.truncated(needed: "a Huffman code"), offset: reader.byteOffset) }
        return try build(lengths: lengths, alphabetSize: alphabetSize, offset: start)
    }

    /// Reads `alphabetSize` code lengths coded with the code whose lengths are `codeLengthLengths`.
    private func readCodeLengths(_ codeLengthLengths: [UInt8], alphabetSize: Int, reader: inout VP8LBitReader,
                                 lengths: inout [UInt8], offset: Int) throws(WebPError) {
        // The code-length code gets temporary tables of its own (all its lengths are at most 7).
        var scratch = VP8LHuffmanTables()
        let code = try scratch.build(lengths: codeLengthLengths, alphabetSize: 19, offset: offset)
        var maxSymbol = alphabetSize
        if reader.read(1) == 1 {
            let lengthBits = 2 + 2 * reader.readInt(3)
            maxSymbol = 2 + reader.readInt(lengthBits)
            if maxSymbol > alphabetSize {
                throw WebPError(.invalidHuffmanCode("\(maxSymbol) code lengths for an alphabet of \(alphabetSize)"),
                                offset: offset)
            }
        }
        var symbol = 0
        var previous: UInt8 = 8
        while symbol < alphabetSize && maxSymbol > 0 {
            maxSymbol -= 1
            if reader.overrun { break }
            let value = scratch.readSymbol(code, &reader)
            if value < 16 {
                lengths[symbol] = UInt8(value)
                symbol += 1
                if value != 0 { previous = UInt8(value) }
                continue
            }
            let repeatCount: Int
            let length: UInt8
            switch value {
            case 16: repeatCount = reader.readInt(2) + 3; length = previous
            case 17: repeatCount = reader.readInt(3) + 3; length = 0
            default: repeatCount = reader.readInt(7) + 11; length = 0
            }
            if symbol + repeatCount > alphabetSize {
                throw WebPError(.invalidHuffmanCode("code lengths repeated past the alphabet of \(alphabetSize)"),
                                offset: offset)
            }
            for index in symbol..<(symbol + repeatCount) { lengths[index] = length }
            symbol += repeatCount
        }
    }

    // MARK: Building the tables

    /// Builds the lookup tables of the canonical code with `lengths[0..<alphabetSize]`.
    mutating func build(lengths: [UInt8], alphabetSize: Int, offset: Int) throws(WebPError) -> VP8LHuffmanCode {
        let maxLength = VP8LHuffmanTables.maxCodeLength
        var count = [Int](repeating: 0, count: maxLength + 1)
        for symbol in 0..<alphabetSize {
            let length = Int(lengths[symbol])
            if length > maxLength {
                throw WebPError(.invalidHuffmanCode("code length \(length) over \(maxLength)"), offset: offset)
            }
            count[length] += 1
        }
        if count[0] == alphabetSize {
            throw WebPError(.invalidHuffmanCode("no symbol has a code"), offset: offset)
        }
        // Symbols sorted by length, then by value.
        var next = [Int](repeating: 0, count: maxLength + 2)
        for length in 1..<maxLength {
            if count[length] > 1 << length {
                throw WebPError(.invalidHuffmanCode("over-subscribed code lengths"), offset: offset)
            }
            next[length + 1] = next[length] + count[length]
        }
        let symbolCount = next[maxLength] + count[maxLength]
        var sorted = [Int](repeating: 0, count: symbolCount)
        for symbol in 0..<alphabetSize where lengths[symbol] > 0 {
            let length = Int(lengths[symbol])
            sorted[next[length]] = symbol
            next[length] += 1
        }
        if symbolCount == 1 { return VP8LHuffmanCode(offset: 0, single: sorted[0]) }

        let rootBits = VP8LHuffmanTables.rootBits
        let root = entries.count
        let rootSize = 1 << rootBits
        entries.append(contentsOf: repeatElement(0, count: rootSize))
        var key = 0
        var nodes = 1
        var open = 1
        var symbol = 0
        var step = 2
        for length in 1...rootBits {
            open <<= 1
            nodes += open
            open -= count[length]
            if open < 0 { throw WebPError(.invalidHuffmanCode("over-subscribed code lengths"), offset: offset) }
            while count[length] > 0 {
                let entry = UInt32(sorted[symbol]) | UInt32(length) << 16
                symbol += 1
                replicate(entry, at: root + key, step: step, end: rootSize)
                key = VP8LHuffmanTables.nextKey(key, length: length)
                count[length] -= 1
            }
            step <<= 1
        }
        var table = root
        var tableSize = rootSize
        var low = -1
        let mask = rootSize - 1
        step = 2
        for length in (rootBits + 1)...maxLength {
            open <<= 1
            nodes += open
            open -= count[length]
            if open < 0 { throw WebPError(.invalidHuffmanCode("over-subscribed code lengths"), offset: offset) }
            while count[length] > 0 {
                if key & mask != low {
                    table += tableSize
                    let tableBits = VP8LHuffmanTables.nextTableBits(count, length: length, rootBits: rootBits)
                    tableSize = 1 << tableBits
                    entries.append(contentsOf: repeatElement(0, count: tableSize))
                    low = key & mask
                    entries[root + low] = UInt32(table - root) | UInt32(tableBits + rootBits) << 16
                }
                let entry = UInt32(sorted[symbol]) | UInt32(length - rootBits) << 16
                symbol += 1
                replicate(entry, at: table + (key >> rootBits), step: step, end: tableSize)
                key = VP8LHuffmanTables.nextKey(key, length: length)
                count[length] -= 1
            }
            step <<= 1
        }
        if nodes != 2 * symbolCount - 1 {
            throw WebPError(.invalidHuffmanCode("incomplete code lengths"), offset: offset)
        }
        return VP8LHuffmanCode(offset: root, single: -1)
    }

    /// Stores `entry` at `base + end - step`, `base + end - 2 step`, … `base`.
    private mutating func replicate(_ entry: UInt32, at base: Int, step: Int, end: Int) {
        var index = end
        repeat {
            index -= step
            entries[base + index] = entry
        } while index > 0
    }

    /// The bit-reversed increment of a `length`-bit code.
    private static func nextKey(_ key: Int, length: Int) -> Int {
        var step = 1 << (length - 1)
        while key & step != 0 { step >>= 1 }
        return step != 0 ? (key & (step - 1)) + step : key
    }

    /// The index bits of the second-level table starting with the codes of `length` bits: enough
    /// for the remaining codes sharing its root prefix.
    private static func nextTableBits(_ count: [Int], length: Int, rootBits: Int) -> Int {
        var length = length
        var left = 1 << (length - rootBits)
        while length < maxCodeLength {
            left -= count[length]
            if left <= 0 { break }
            length += 1
            left <<= 1
        }
        return length - rootBits
    }
}
