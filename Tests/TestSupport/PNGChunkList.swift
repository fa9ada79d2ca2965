// MARK: - PNGChunkList
//
// The chunks of a PNG or APNG file for tests, with each CRC-32 recomputed by a bitwise routine of its
// own (not the package's table-driven CRC32), so a wrong CRC in the encoder cannot hide.

/// One chunk of a PNG file.
public struct TestPNGChunk: Equatable {
    public var type: String
    public var data: [UInt8]
    /// Whether the stored CRC equals the CRC-32 of type and data.
    public var hasValidCRC: Bool

    /// The big-endian 32-bit number at `offset` of the data.
    public func uint32(at offset: Int) -> Int {
        data[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
    }

    /// The big-endian 16-bit number at `offset` of the data.
    public func uint16(at offset: Int) -> Int {
        Int(data[offset]) << 8 | Int(data[offset + 1])
    }
}

public enum PNGChunkList {
    public static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// The chunks of `bytes` in order; nil when the signature or the chunk layout is wrong.
    public static func chunks(of bytes: [UInt8]) -> [TestPNGChunk]? {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return nil }
        var chunks: [TestPNGChunk] = []
        var offset = 8
        while offset < bytes.count {
            guard offset + 12 <= bytes.count else { return nil }
            let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
            guard offset + 12 + length <= bytes.count else { return nil }
            let typeAndData = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            let stored = bytes[(offset + 8 + length)..<(offset + 12 + length)].reduce(0) { $0 << 8 | UInt32($1) }
            chunks.append(TestPNGChunk(type: String(decoding: typeAndData[0..<4], as: UTF8.self),
                                       data: Array(typeAndData[4...]), hasValidCRC: stored == crc32(typeAndData)))
            offset += 12 + length
        }
        return chunks
    }

    /// A PNG file of the given chunks (type, data), after the signature, with their CRCs.
    public static func file(_ chunks: [(String, [UInt8])]) -> [UInt8] {
        var bytes = signature
        for (type, data) in chunks {
            let typeAndData = Array(type.utf8) + data
            bytes += bigEndian(UInt32(data.count)) + typeAndData + bigEndian(crc32(typeAndData))
        }
        return bytes
    }

    /// CRC-32 (ISO 3309, reflected polynomial 0xEDB88320), one bit at a time.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) }
    }
}
