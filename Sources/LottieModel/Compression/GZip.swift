// MARK: - GZip
//
// The gzip format (RFC 1952): one or more members, each
//
//     ID1 ID2 (0x1F 0x8B)  CM (8)  FLG  MTIME (4, LE)  XFL  OS
//     [FEXTRA: XLEN (2, LE) + XLEN bytes]  [FNAME: zero-terminated]  [FCOMMENT: zero-terminated]
//     [FHCRC: low 16 bits of the CRC-32 of the header so far]
//     deflate data
//     CRC32 (4, LE) of the member's data   ISIZE (4, LE) = data size mod 2^32
//
// Members are decoded one after another and their data concatenated, as `gunzip` does. Zero bytes
// after the last member are accepted as padding; anything else is an error. The output limit applies to
// the total of all members. `.tgs` stickers are single-member gzip files of Lottie JSON.

/// Compression and decompression in the gzip format (RFC 1952), as used by `.tgs` stickers.
public enum GZip {
    /// Decompresses every member of a gzip file and returns their data concatenated.
    ///
    /// - Throws: `CompressionError` (bad header, malformed deflate data, truncation, CRC-32 or ISIZE
    ///   mismatch, limits, trailing bytes that are neither a member nor zero padding).
    public static func decompress(_ data: [UInt8], limits: DecompressionLimits = .default) throws(CompressionError) -> [UInt8] {
        let members = try self.members(data, limits: limits)
        if members.count == 1 { return members[0].data }
        return members.flatMap(\.data)
    }

    /// Decompresses a gzip file member by member, with each member's header.
    public static func members(_ data: [UInt8], limits: DecompressionLimits = .default) throws(CompressionError) -> [Member] {
        try Inflate.withBuffer(data) { (bytes) throws(CompressionError) -> [Member] in
            var members: [Member] = []
            var offset = 0
            var remaining = limits
            repeat {
                let (header, dataStart) = try Header.parse(bytes, at: offset)
                let (output, end) = try Inflate.decompress(bytes, from: dataStart, limits: remaining, expectedSize: nil)
                guard end + 8 <= bytes.count else {
                    throw CompressionError(.truncated(needed: "the CRC-32 and ISIZE trailer"), offset: bytes.count)
                }
                let storedCRC = readLittleEndian32(bytes, end)
                let storedSize = readLittleEndian32(bytes, end + 4)
                let crc = CRC32.checksum(output)
                if storedCRC != crc {
                    throw CompressionError(.checksumMismatch(.crc32, expected: storedCRC, actual: crc), offset: end)
                }
                let size = UInt32(truncatingIfNeeded: output.count)
                if storedSize != size {
                    throw CompressionError(.checksumMismatch(.uncompressedSize, expected: storedSize, actual: size),
                                           offset: end + 4)
                }
                members.append(Member(header: header, data: output))
                remaining.maxOutputBytes -= output.count
                offset = end + 8
                // Zero padding after the last member.
                if bytes[offset...].allSatisfy({ $0 == 0 }) { break }
            } while offset < bytes.count
            return members
        }
    }

    /// Compresses `data` into a single-member gzip file.
    ///
    /// - Parameters:
    ///   - fileName: stored in FNAME when given (Latin-1 in the format; pass ASCII).
    ///   - modificationTime: MTIME, seconds since 1970 (0 = unknown).
    public static func compress(_ data: [UInt8], level: Deflate.Level = .default, fileName: String? = nil,
                                modificationTime: UInt32 = 0) -> [UInt8] {
        var header: [UInt8] = [0x1F, 0x8B, 8, fileName == nil ? 0 : 0x08]
        header += [0, 1, 2, 3].map { UInt8(truncatingIfNeeded: modificationTime >> ($0 * 8)) }
        header.append(level.value >= 9 ? 2 : level.value <= 1 ? 4 : 0)  // XFL
        header.append(255)  // OS: unknown
        if let fileName {
            header += fileName.utf8.filter { $0 != 0 }
            header.append(0)
        }
        var writer = BitWriter(reservingCapacity: data.count / 2 + header.count + 64)
        header.withUnsafeBufferPointer { writer.appendAligned($0) }
        data.withUnsafeBufferPointer { Deflate.compress($0, level: level, into: &writer) }
        writer.alignToByte()
        writer.write(CRC32.checksum(data), 32)
        writer.write(UInt32(truncatingIfNeeded: data.count), 32)
        return writer.finish()
    }

    static func readLittleEndian32(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }
}

// MARK: - Member

extension GZip {
    /// One member of a gzip file: its header fields and decompressed data.
    public struct Member: Sendable, Equatable {
        /// The member's header fields.
        public var header: Header
        /// The member's decompressed data.
        public var data: [UInt8]
    }
}
