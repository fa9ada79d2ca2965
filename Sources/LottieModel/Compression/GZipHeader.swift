// MARK: - GZip.Header
//
// Parsing of a gzip member header (RFC 1952 §2.3; layout in GZip.swift). Reserved flag bits (5–7)
// must be zero; FNAME and FCOMMENT are Latin-1, decoded here as ISO 8859-1 (byte = code point).

extension GZip {
    /// The header fields of a gzip member.
    public struct Header: Sendable, Equatable {
        /// FNAME: the original file name, if stored.
        public var fileName: String?
        /// FCOMMENT, if stored.
        public var comment: String?
        /// MTIME: seconds since 1970-01-01 UTC, 0 when unknown.
        public var modificationTime: UInt32
        /// FEXTRA bytes, if stored.
        public var extra: [UInt8]?
        /// FTEXT: the data is probably text.
        public var isText: Bool
        /// OS: the file system the file came from (255 = unknown).
        public var operatingSystem: UInt8

        /// Reads the header at `start`; returns it and the offset of the deflate data.
        static func parse(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) throws(CompressionError) -> (Header, Int) {
            guard start + 10 <= bytes.count else {
                throw CompressionError(.truncated(needed: "the gzip header"), offset: bytes.count)
            }
            guard bytes[start] == 0x1F && bytes[start + 1] == 0x8B else {
                throw CompressionError(.badHeader("missing gzip magic bytes 1F 8B"), offset: start)
            }
            guard bytes[start + 2] == 8 else {
                throw CompressionError(.badHeader("compression method \(bytes[start + 2]) is not deflate (8)"),
                                       offset: start + 2)
            }
            let flags = bytes[start + 3]
            if flags & 0xE0 != 0 {
                throw CompressionError(.badHeader("reserved flag bits are set (FLG = 0x\(String(flags, radix: 16)))"),
                                       offset: start + 3)
            }
            var header = Header(fileName: nil, comment: nil,
                                modificationTime: GZip.readLittleEndian32(bytes, start + 4),
                                extra: nil, isText: flags & 0x01 != 0, operatingSystem: bytes[start + 9])
            var offset = start + 10
            if flags & 0x04 != 0 {
                guard offset + 2 <= bytes.count else {
                    throw CompressionError(.truncated(needed: "the FEXTRA length"), offset: bytes.count)
                }
                let length = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
                guard offset + 2 + length <= bytes.count else {
                    throw CompressionError(.truncated(needed: "the FEXTRA field"), offset: bytes.count)
                }
                header.extra = Array(bytes[(offset + 2)..<(offset + 2 + length)])
                offset += 2 + length
            }
            if flags & 0x08 != 0 {
                header.fileName = try zeroTerminated(bytes, &offset, "the file name (FNAME)")
            }
            if flags & 0x10 != 0 {
                header.comment = try zeroTerminated(bytes, &offset, "the comment (FCOMMENT)")
            }
            if flags & 0x02 != 0 {
                guard offset + 2 <= bytes.count else {
                    throw CompressionError(.truncated(needed: "the header CRC (FHCRC)"), offset: bytes.count)
                }
                let stored = UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
                let actual = CRC32.checksum(UnsafeBufferPointer(rebasing: bytes[start..<offset])) & 0xFFFF
                if stored != actual {
                    throw CompressionError(.checksumMismatch(.headerCRC16, expected: stored, actual: actual), offset: offset)
                }
                offset += 2
            }
            return (header, offset)
        }

        private static func zeroTerminated(_ bytes: UnsafeBufferPointer<UInt8>, _ offset: inout Int,
                                           _ what: String) throws(CompressionError) -> String {
            guard let end = bytes[offset...].firstIndex(of: 0) else {
                throw CompressionError(.truncated(needed: what), offset: bytes.count)
            }
            let text = String(String.UnicodeScalarView(bytes[offset..<end].map { Unicode.Scalar($0) }))
            offset = end + 1
            return text
        }
    }
}
