// MARK: - Inflate hot loop
//
// `decodeSymbols` decodes the literal/length and distance symbols of one Huffman block straight into
// the output storage. It is the only per-byte code of `Inflate` and works on raw pointers.
//
// ## Invariants
//
// - On entry and at the top of every iteration, `outCount + slack <= out.count` is checked (slack =
//   258 + 8), so one symbol (a literal, or a match of at most 258 bytes, copied in 8-byte words that
//   may run 7 bytes past its end) always fits without further checks. When the
//   room is short the function returns `false` at a symbol boundary and the caller grows the storage
//   and calls again; `reader` and `outCount` are left exactly after the last whole symbol.
// - After `refill()` the reader holds at least 56 bits unless the input is nearly exhausted; one
//   symbol needs at most 15 + 5 + 15 + 13 = 48 bits, so one refill per symbol suffices. Every consume
//   is still checked against `reader.count` so that a truncated stream is reported, not misread.
// - Matches: `distance <= outCount` is checked before copying. Distances of 8 or more copy 8-byte
//   words forward (correct for overlapping matches too, since each word is read 8 or more bytes behind
//   where it is written); `distance == 1` is a fill; distances 2...7 copy forward byte by byte, which
//   repeats the last `distance` bytes as RFC 1951 requires. Bytes written past the match end are
//   overwritten by the next symbol or cut off at the end.

extension Inflater {
    /// Decodes symbols until the end of the block (returns `true`) or until the output room runs short
    /// (returns `false`).
    @inline(__always)
    static func decodeSymbols(
        reader: inout BitReader, out: UnsafeMutableBufferPointer<UInt8>, outCount: inout Int,
        literal: UnsafeBufferPointer<UInt32>, literalRootBits: Int,
        distance: UnsafeBufferPointer<UInt32>, distanceRootBits: Int
    ) throws(CompressionError) -> Bool {
        typealias Table = HuffmanDecodingTable
        let o = out.baseAddress!
        let capacity = out.count
        let lit = literal.baseAddress!
        let dist = distance.baseAddress!
        var n = outCount
        defer { outCount = n }

        while n + Inflater.slack <= capacity {
            reader.refill()
            var entry = lit[Int(reader.peek(literalRootBits))]
            if Table.kind(entry) == Table.kindLink {
                let sub = Int((reader.buffer &>> UInt64(literalRootBits)) & ((1 &<< UInt64(Table.extraBits(entry))) &- 1))
                entry = lit[Table.value(entry) + sub]
            }
            var codeLength = Table.length(entry)
            var kind = Table.kind(entry)
            if codeLength > reader.count || kind == Table.kindInvalid {
                throw symbolError(entry, reader: reader, what: "a literal/length code")
            }
            reader.consume(codeLength)

            if kind == Table.kindLiteral {
                o[n] = UInt8(truncatingIfNeeded: entry &>> 16)
                n += 1
                // A second literal without refilling when enough bits remain (common in text).
                if reader.count >= 15 {
                    entry = lit[Int(reader.peek(literalRootBits))]
                    if Table.kind(entry) != Table.kindLiteral { continue }
                    codeLength = Table.length(entry)
                    reader.consume(codeLength)
                    o[n] = UInt8(truncatingIfNeeded: entry &>> 16)
                    n += 1
                }
                continue
            }
            if kind == Table.kindEndOfBlock { return true }

            // A match: length, then distance.
            var length = Table.value(entry)
            var extra = Table.extraBits(entry)
            if extra > 0 {
                if extra > reader.count { reader.refill() }
                if extra > reader.count {
                    throw CompressionError(.truncated(needed: "match length bits"), offset: reader.bytes.count)
                }
                length += Int(reader.peek(extra))
                reader.consume(extra)
            }

            if reader.count < 28 { reader.refill() }
            entry = dist[Int(reader.peek(distanceRootBits))]
            if Table.kind(entry) == Table.kindLink {
                let sub = Int((reader.buffer &>> UInt64(distanceRootBits)) & ((1 &<< UInt64(Table.extraBits(entry))) &- 1))
                entry = dist[Table.value(entry) + sub]
            }
            codeLength = Table.length(entry)
            kind = Table.kind(entry)
            if codeLength > reader.count || kind == Table.kindInvalid {
                throw symbolError(entry, reader: reader, what: "a distance code")
            }
            reader.consume(codeLength)
            var distanceValue = Table.value(entry)
            extra = Table.extraBits(entry)
            if extra > 0 {
                if extra > reader.count {
                    throw CompressionError(.truncated(needed: "distance bits"), offset: reader.bytes.count)
                }
                distanceValue += Int(reader.peek(extra))
                reader.consume(extra)
            }
            if distanceValue > n {
                throw CompressionError(.distanceTooFarBack(distance: distanceValue, available: n),
                                       offset: reader.byteOffset)
            }

            let destination = o + n
            let source = destination - distanceValue
            if distanceValue >= 8 {
                // 8 bytes at a time, possibly writing up to 7 bytes past the match (inside the slack).
                // Each 8-byte load ends at least 8 bytes before the store, so it reads finished bytes
                // even when the match overlaps itself.
                var i = 0
                repeat {
                    let word = UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)
                    UnsafeMutableRawPointer(destination + i).storeBytes(of: word, as: UInt64.self)
                    i += 8
                } while i < length
            } else if distanceValue == 1 {
                destination.update(repeating: source.pointee, count: length)
            } else {
                for i in 0..<length { destination[i] = source[i] }
            }
            n += length
        }
        return false
    }

    /// The error for an entry that cannot be used: an invalid symbol, or truncated input when the code
    /// runs past the end of the input.
    private static func symbolError(_ entry: UInt32, reader: BitReader, what: String) -> CompressionError {
        typealias Table = HuffmanDecodingTable
        let length = Table.length(entry)
        let atEnd = reader.position >= reader.bytes.count
        if Table.kind(entry) == Table.kindInvalid {
            if length > 0 && length <= reader.count {
                return CompressionError(.invalidSymbol("\(what) for unused symbol \(Table.value(entry))"),
                                        offset: reader.byteOffset)
            }
            // A slot no code reaches: with fewer than 15 bits left it may be a code cut short.
            if length == 0 && !(atEnd && reader.count < 15) {
                return CompressionError(.invalidSymbol("\(what) that is not part of the code"), offset: reader.byteOffset)
            }
        }
        return CompressionError(.truncated(needed: what), offset: reader.bytes.count)
    }
}
