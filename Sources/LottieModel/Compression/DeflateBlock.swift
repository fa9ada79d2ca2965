// MARK: - DeflateBlock
//
// The symbols of one deflate block as the LZ77 stage produces them, and how the block is written.
//
// ## Structure
//
// `DeflateBlock` collects tokens and counts symbol frequencies as they arrive. A token is a `UInt32`:
//
//     literal byte b:          b                       (distance field 0)
//     match (length, dist):    dist << 16 | length     (dist 1...32768, length 3...258)
//
// `write(raw:isFinal:to:)` then prices the block three ways and writes the cheapest:
//
// - dynamic Huffman: codes built from this block's frequencies (15-bit limit), plus the header that
//   sends them (code lengths run-length coded with symbols 16/17/18, themselves Huffman coded with a
//   7-bit limit);
// - fixed Huffman (no header, good for tiny blocks);
// - stored: the raw bytes of the block (`raw`, the input span the tokens cover) in ≤ 65535-byte pieces,
//   for incompressible data.
//
// ## Invariants
//
// - `raw` is exactly the input the tokens expand to, so a stored block is always a valid substitute.
// - The end-of-block symbol is counted once (in `write`) before codes are built.

struct DeflateBlock {
    private(set) var tokens: [UInt32] = []
    private var literalFrequencies = [UInt32](repeating: 0, count: 286)
    private var distanceFrequencies = [UInt32](repeating: 0, count: 30)
    private let lengthSymbol = DeflateTables.lengthSymbol
    private let distanceSymbol = DeflateTables.distanceSymbol

    /// Tokens per block before the LZ77 stage flushes it.
    static let capacity = 32768

    init() {
        tokens.reserveCapacity(DeflateBlock.capacity)
    }

    var isFull: Bool { tokens.count >= DeflateBlock.capacity }

    @inline(__always)
    mutating func literal(_ byte: UInt8) {
        tokens.append(UInt32(byte))
        literalFrequencies[Int(byte)] += 1
    }

    @inline(__always)
    mutating func match(length: Int, distance: Int) {
        tokens.append(UInt32(distance) << 16 | UInt32(length))
        literalFrequencies[Int(lengthSymbol[length])] += 1
        distanceFrequencies[Int(DeflateBlock.distanceCode(distance, distanceSymbol))] += 1
    }

    @inline(__always)
    private static func distanceCode(_ distance: Int, _ table: [UInt8]) -> UInt8 {
        let d = distance - 1
        return d < 256 ? table[d] : table[256 + (d >> 7)]
    }

    mutating func reset() {
        tokens.removeAll(keepingCapacity: true)
        for i in literalFrequencies.indices { literalFrequencies[i] = 0 }
        for i in distanceFrequencies.indices { distanceFrequencies[i] = 0 }
    }

    // MARK: Writing

    /// Writes the block in its cheapest form.
    mutating func write(raw: UnsafeBufferPointer<UInt8>, isFinal: Bool, to writer: inout BitWriter) {
        literalFrequencies[256] += 1
        defer { literalFrequencies[256] -= 1 }

        let literal = HuffmanCode(frequencies: literalFrequencies, maxLength: 15)
        let distance = HuffmanCode(frequencies: distanceFrequencies, maxLength: 15)
        let header = DynamicHeader(literal: literal, distance: distance)
        let extraBits = self.extraBits()
        let dynamicBits = 3 + header.bitCount + literal.cost(literalFrequencies)
            + distance.cost(distanceFrequencies) + extraBits
        let fixedBits = 3 + DeflateBlock.fixedLiteral.cost(literalFrequencies)
            + DeflateBlock.fixedDistance.cost(distanceFrequencies) + extraBits
        let storedPieces = max(1, (raw.count + 65534) / 65535)
        let storedBits = 3 + 7 + (raw.count + 4 * storedPieces) * 8 + (storedPieces - 1) * 3

        let final: UInt32 = isFinal ? 1 : 0
        if storedBits < min(dynamicBits, fixedBits) {
            DeflateBlock.writeStored(raw, isFinal: isFinal, to: &writer)
        } else if fixedBits <= dynamicBits {
            writer.write(final | 1 << 1, 3)
            writeSymbols(literal: DeflateBlock.fixedLiteral, distance: DeflateBlock.fixedDistance, to: &writer)
        } else {
            writer.write(final | 2 << 1, 3)
            header.write(to: &writer)
            writeSymbols(literal: literal, distance: distance, to: &writer)
        }
    }

    /// Writes `raw` as stored blocks of at most 65535 bytes (at least one block, even when empty).
    static func writeStored(_ raw: UnsafeBufferPointer<UInt8>, isFinal: Bool, to writer: inout BitWriter) {
        var start = 0
        repeat {
            let count = min(65535, raw.count - start)
            let last = start + count == raw.count
            writer.write(isFinal && last ? 1 : 0, 3)
            writer.alignToByte()
            writer.write(UInt32(count) | UInt32(~UInt16(count)) << 16, 32)
            writer.appendAligned(UnsafeBufferPointer(rebasing: raw[start..<(start + count)]))
            start += count
        } while start < raw.count
    }

    /// Extra bits of all length and distance symbols of the block.
    private func extraBits() -> Int {
        var total = 0
        for code in 0..<29 { total += Int(literalFrequencies[257 + code]) * Int(DeflateTables.lengthExtraBits[code]) }
        for code in 0..<30 { total += Int(distanceFrequencies[code]) * Int(DeflateTables.distanceExtraBits[code]) }
        return total
    }

    /// Writes every token and the end-of-block symbol with the given codes.
    private func writeSymbols(literal: HuffmanCode, distance: HuffmanCode, to writer: inout BitWriter) {
        let lengthBase = DeflateTables.lengthBase
        let lengthExtra = DeflateTables.lengthExtraBits
        let distanceBase = DeflateTables.distanceBase
        let distanceExtra = DeflateTables.distanceExtraBits
        literal.codes.withUnsafeBufferPointer { literalCodes in
        literal.lengths.withUnsafeBufferPointer { literalLengths in
        distance.codes.withUnsafeBufferPointer { distanceCodes in
        distance.lengths.withUnsafeBufferPointer { distanceLengths in
            for token in tokens {
                let distanceValue = Int(token >> 16)
                if distanceValue == 0 {
                    let symbol = Int(token)
                    writer.write(UInt32(literalCodes[symbol]), Int(literalLengths[symbol]))
                    continue
                }
                let length = Int(token & 0xFFFF)
                let symbol = Int(lengthSymbol[length])
                let lengthIndex = symbol - 257
                let lengthBits = Int(literalLengths[symbol])
                writer.write(UInt32(literalCodes[symbol])
                             | UInt32(length - Int(lengthBase[lengthIndex])) << UInt32(lengthBits),
                             lengthBits + Int(lengthExtra[lengthIndex]))
                let code = Int(DeflateBlock.distanceCode(distanceValue, distanceSymbol))
                let distanceBits = Int(distanceLengths[code])
                writer.write(UInt32(distanceCodes[code])
                             | UInt32(distanceValue - Int(distanceBase[code])) << UInt32(distanceBits),
                             distanceBits + Int(distanceExtra[code]))
            }
            writer.write(UInt32(literalCodes[256]), Int(literalLengths[256]))
        }
        }
        }
        }
    }

    static let fixedLiteral = HuffmanCode(lengths: DeflateTables.fixedLiteralLengths)
    static let fixedDistance = HuffmanCode(lengths: DeflateTables.fixedDistanceLengths)
}
