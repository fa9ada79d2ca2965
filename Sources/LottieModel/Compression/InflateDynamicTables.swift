// MARK: - Inflate dynamic block header
//
// Reads the header of a dynamic-Huffman block (RFC 1951 §3.2.7) and builds its two decoding tables:
//
//     HLIT (5 bits) + 257   literal/length code lengths that follow (257...286)
//     HDIST (5 bits) + 1    distance code lengths that follow (1...30)
//     HCLEN (4 bits) + 4    3-bit code-length-code lengths, in `DeflateTables.codeLengthOrder`
//     HLIT + HDIST code lengths, Huffman-coded with the code-length code:
//       0...15  a length;  16  repeat the previous length 3...6 times (2 extra bits);
//       17  3...10 zeros (3 extra bits);  18  11...138 zeros (7 extra bits)
//
// The two sequences are read as one, so a repeat may cross from literal/length into distance
// lengths. HLIT 287/288 and HDIST 31/32 are rejected (as zlib does), as are a repeat with no previous
// length, a repeat past the end, and a literal/length code without the end-of-block symbol.

extension Inflater {
    /// Reads a dynamic block header and returns its literal/length and distance tables.
    mutating func dynamicTables() throws(CompressionError) -> (HuffmanDecodingTable, HuffmanDecodingTable) {
        let headerOffset = reader.byteOffset
        let literalCount = Int(try reader.read(5, "HLIT")) + 257
        let distanceCount = Int(try reader.read(5, "HDIST")) + 1
        let codeLengthCount = Int(try reader.read(4, "HCLEN")) + 4
        if literalCount > 286 {
            throw CompressionError(.invalidCodeLengths("HLIT says \(literalCount) literal/length codes (at most 286)"),
                                   offset: headerOffset)
        }
        if distanceCount > 30 {
            throw CompressionError(.invalidCodeLengths("HDIST says \(distanceCount) distance codes (at most 30)"),
                                   offset: headerOffset)
        }

        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for i in 0..<codeLengthCount {
            codeLengthLengths[DeflateTables.codeLengthOrder[i]] = UInt8(try reader.read(3, "code-length code lengths"))
        }
        let codeLengthTable = try HuffmanDecodingTable(lengths: codeLengthLengths[...], alphabet: .codeLength,
                                                       rootBits: 7, offset: reader.byteOffset)

        let total = literalCount + distanceCount
        var lengths = [UInt8](repeating: 0, count: total)
        var index = 0
        while index < total {
            reader.refill()
            let entry = codeLengthTable.entries[Int(reader.peek(7))]
            let codeLength = HuffmanDecodingTable.length(entry)
            if HuffmanDecodingTable.kind(entry) == HuffmanDecodingTable.kindInvalid || codeLength > reader.count {
                if reader.position >= reader.bytes.count && reader.count < 7 {
                    throw CompressionError(.truncated(needed: "code lengths"), offset: reader.bytes.count)
                }
                throw CompressionError(.invalidSymbol("a code-length code that is not part of the code"),
                                       offset: reader.byteOffset)
            }
            reader.consume(codeLength)
            let symbol = HuffmanDecodingTable.value(entry)
            if symbol < 16 {
                lengths[index] = UInt8(symbol)
                index += 1
                continue
            }
            let repeatOffset = reader.byteOffset
            var value: UInt8 = 0
            let count: Int
            switch symbol {
            case 16:
                guard index > 0 else {
                    throw CompressionError(.invalidCodeLengths("repeat code 16 with no previous length"),
                                           offset: repeatOffset)
                }
                value = lengths[index - 1]
                count = 3 + Int(try reader.read(2, "a repeat count"))
            case 17:
                count = 3 + Int(try reader.read(3, "a repeat count"))
            default:
                count = 11 + Int(try reader.read(7, "a repeat count"))
            }
            guard index + count <= total else {
                throw CompressionError(
                    .invalidCodeLengths("a repeat of \(count) runs past the \(total) code lengths"), offset: repeatOffset)
            }
            for i in index..<(index + count) { lengths[i] = value }
            index += count
        }

        if lengths[256] == 0 {
            throw CompressionError(.invalidCodeLengths("no code for the end-of-block symbol"), offset: reader.byteOffset)
        }
        let offset = reader.byteOffset
        let literal = try HuffmanDecodingTable(lengths: lengths[0..<literalCount], alphabet: .literalLength,
                                               rootBits: 10, offset: offset)
        let distance = try HuffmanDecodingTable(lengths: lengths[literalCount..<total], alphabet: .distance,
                                                rootBits: 8, offset: offset)
        return (literal, distance)
    }
}
