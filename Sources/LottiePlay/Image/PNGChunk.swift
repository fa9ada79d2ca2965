import LottieModel

// MARK: - PNGChunk
//
// The chunk layer of a PNG file (PNG §5): after the 8-byte signature, chunks of
//
//     length (4 bytes, big-endian, ≤ 2^31 − 1)   type (4 ASCII letters)   data   CRC-32 of type + data
//
// `PNGChunkReader` walks them and checks each CRC. The case of a type's first letter says whether the
// chunk is critical (upper case: a decoder must understand it) or ancillary (may be skipped).

/// One chunk of a PNG file.
struct PNGChunk {
    /// The four-letter type, e.g. "IHDR".
    let type: String
    /// The chunk data, as a slice of the file.
    let data: ArraySlice<UInt8>
    /// Offset of the chunk (its length field) in the file.
    let offset: Int

    /// Offset of the chunk data in the file.
    var dataOffset: Int { offset + 8 }

    /// Critical chunks have an upper-case first letter.
    var isCritical: Bool { type.utf8.first.map { $0 & 0x20 == 0 } ?? false }
}

/// Reads the chunks of a PNG file in order, verifying the signature and each CRC.
struct PNGChunkReader {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    private let bytes: [UInt8]
    private(set) var offset = 8

    init(_ bytes: [UInt8]) throws(PNGError) {
        guard bytes.count >= 8, Array(bytes[0..<8]) == PNGChunkReader.signature else {
            throw PNGError(.notPNG, offset: 0)
        }
        self.bytes = bytes
    }

    /// The next chunk, or nil at the end of the file.
    mutating func next() throws(PNGError) -> PNGChunk? {
        if offset == bytes.count { return nil }
        let start = offset
        guard start + 8 <= bytes.count else {
            throw PNGError(.truncated(needed: "a chunk header"), offset: start)
        }
        let length = Int(bytes[start]) << 24 | Int(bytes[start + 1]) << 16 | Int(bytes[start + 2]) << 8
            | Int(bytes[start + 3])
        let typeBytes = bytes[(start + 4)..<(start + 8)]
        guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
            throw PNGError(.invalidChunk(chunk: "at this offset", reason: "the chunk type is not four ASCII letters"),
                           offset: start + 4)
        }
        let type = String(decoding: typeBytes, as: UTF8.self)
        guard length <= Int(Int32.max) else {
            throw PNGError(.invalidChunk(chunk: type, reason: "length \(length) exceeds 2^31 − 1"), offset: start)
        }
        guard start + 12 + length <= bytes.count else {
            throw PNGError(.truncated(needed: "the \(type) chunk of \(length) bytes"), offset: start)
        }
        let crcOffset = start + 8 + length
        let stored = UInt32(bytes[crcOffset]) << 24 | UInt32(bytes[crcOffset + 1]) << 16
            | UInt32(bytes[crcOffset + 2]) << 8 | UInt32(bytes[crcOffset + 3])
        let actual = CRC32.checksum(bytes[(start + 4)..<crcOffset])
        guard stored == actual else {
            throw PNGError(.chunkCRCMismatch(chunk: type, expected: stored, actual: actual), offset: crcOffset)
        }
        offset = crcOffset + 4
        return PNGChunk(type: type, data: bytes[(start + 8)..<crcOffset], offset: start)
    }
}

/// Appends one chunk (length, type, data, CRC) to a PNG being written.
func appendPNGChunk(_ type: String, _ data: ArraySlice<UInt8>, to output: inout [UInt8]) {
    let length = UInt32(data.count)
    output += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: length >> $0) }
    let typeStart = output.count
    output += Array(type.utf8)
    output += data
    let crc = CRC32.checksum(output[typeStart...])
    output += [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: crc >> $0) }
}
