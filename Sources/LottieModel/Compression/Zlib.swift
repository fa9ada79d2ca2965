// MARK: - Zlib
//
// The zlib format (RFC 1950) around a deflate stream:
//
//     CMF  (1 byte)   CM = low 4 bits = 8 (deflate), CINFO = high 4 bits ≤ 7 (window 2^(CINFO+8))
//     FLG  (1 byte)   FCHECK: (CMF << 8 | FLG) is a multiple of 31; FDICT (bit 5); FLEVEL (bits 6–7)
//     deflate data
//     ADLER32 (4 bytes, big-endian) of the uncompressed data
//
// Preset dictionaries (FDICT) are not supported: such a stream is rejected as a bad header.

/// Compression and decompression in the zlib format (RFC 1950), as used inside PNG.
public enum Zlib {
    /// Decompresses a complete zlib stream and verifies its Adler-32 checksum.
    ///
    /// - Parameters:
    ///   - data: the zlib stream; nothing may follow its checksum.
    ///   - limits: bounds against decompression bombs.
    ///   - expectedSize: the output size when known in advance, to allocate once.
    /// - Throws: `CompressionError` (bad header, malformed deflate data, truncation, checksum mismatch, limits).
    public static func decompress(_ data: [UInt8], limits: DecompressionLimits = .default,
                                  expectedSize: Int? = nil) throws(CompressionError) -> [UInt8] {
        try Inflate.withBuffer(data) { (bytes) throws(CompressionError) -> [UInt8] in
            try decompress(bytes, limits: limits, expectedSize: expectedSize)
        }
    }

    /// Decompresses a complete zlib stream and verifies its Adler-32 checksum.
    public static func decompress(_ bytes: UnsafeBufferPointer<UInt8>, limits: DecompressionLimits = .default,
                                  expectedSize: Int? = nil) throws(CompressionError) -> [UInt8] {
        guard bytes.count >= 2 else {
            throw CompressionError(.truncated(needed: "the zlib header"), offset: bytes.count)
        }
        let cmf = bytes[0]
        let flg = bytes[1]
        if cmf & 0x0F != 8 {
            throw CompressionError(.badHeader("compression method \(cmf & 0x0F) is not deflate (8)"), offset: 0)
        }
        if cmf >> 4 > 7 {
            throw CompressionError(.badHeader("window size exponent \(cmf >> 4) is larger than 7 (32 KiB)"), offset: 0)
        }
        if (UInt16(cmf) << 8 | UInt16(flg)) % 31 != 0 {
            throw CompressionError(.badHeader("FCHECK fails: 0x\(String(cmf, radix: 16))\(String(flg, radix: 16)) is not a multiple of 31"),
                                   offset: 1)
        }
        if flg & 0x20 != 0 {
            throw CompressionError(.badHeader("a preset dictionary (FDICT) is required, which is not supported"), offset: 1)
        }
        let (output, end) = try Inflate.decompress(bytes, from: 2, limits: limits, expectedSize: expectedSize)
        guard end + 4 <= bytes.count else {
            throw CompressionError(.truncated(needed: "the Adler-32 checksum"), offset: bytes.count)
        }
        let stored = UInt32(bytes[end]) << 24 | UInt32(bytes[end + 1]) << 16
            | UInt32(bytes[end + 2]) << 8 | UInt32(bytes[end + 3])
        let actual = Adler32.checksum(output)
        if stored != actual {
            throw CompressionError(.checksumMismatch(.adler32, expected: stored, actual: actual), offset: end)
        }
        if end + 4 != bytes.count {
            throw CompressionError(.trailingBytes(count: bytes.count - end - 4), offset: end + 4)
        }
        return output
    }

    /// Compresses `data` into a zlib stream (32 KiB window, FLEVEL from `level`, Adler-32 trailer).
    public static func compress(_ data: [UInt8], level: Deflate.Level = .default) -> [UInt8] {
        data.withUnsafeBufferPointer { compress($0, level: level) }
    }

    /// Compresses `data` into a zlib stream (32 KiB window, FLEVEL from `level`, Adler-32 trailer).
    public static func compress(_ data: UnsafeBufferPointer<UInt8>, level: Deflate.Level = .default) -> [UInt8] {
        let flevel: UInt8
        switch level.value {
        case 0...1: flevel = 0
        case 2...5: flevel = 1
        case 6: flevel = 2
        default: flevel = 3
        }
        let cmf: UInt8 = 0x78
        var flg = flevel << 6
        flg += UInt8(31 - (UInt16(cmf) << 8 | UInt16(flg)) % 31) % 31
        var writer = BitWriter(reservingCapacity: data.count / 2 + 64)
        writer.write(UInt32(cmf) | UInt32(flg) << 8, 16)
        Deflate.compress(data, level: level, into: &writer)
        writer.alignToByte()
        writer.write(Adler32.checksum(data).byteSwapped, 32)
        return writer.finish()
    }
}
