// MARK: - CompressionError

/// A compressed stream that cannot be decoded (or a limit it would break), with what is wrong and where.
///
/// `description` reads like "byte 1234: distance 4000 reaches before the start of the output
/// (only 1200 bytes written)". `offset` is the 0-based byte offset in the input given to the public
/// entry point (`Inflate`, `Zlib` or `GZip`) at which the problem was found; for problems found
/// inside a Huffman-coded block it is the byte holding the next unread bit.
public struct CompressionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var kind: Kind
    /// 0-based byte offset in the input where the problem was found.
    public var offset: Int

    /// An error of `kind` found at byte `offset` of the input.
    public init(_ kind: Kind, offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// The checksums and size fields that a wrapper format verifies.
    public enum Checksum: String, Sendable {
        case adler32 = "Adler-32"
        case crc32 = "CRC-32"
        case headerCRC16 = "header CRC-16"
        case uncompressedSize = "ISIZE (uncompressed size)"
    }

    /// The kinds of failure, each with the values a reader needs to understand it.
    public enum Kind: Equatable, Sendable {
        /// The input ended before the stream did; `needed` says what was being read.
        case truncated(needed: String)
        /// A deflate block header with BTYPE 3 (reserved).
        case invalidBlockType(UInt8)
        /// A stored block whose LEN and NLEN fields are not one's complements.
        case storedLengthMismatch(length: UInt16, complement: UInt16)
        /// A dynamic block's code lengths do not describe a usable Huffman code.
        case invalidCodeLengths(String)
        /// A Huffman code or symbol that has no meaning (unused code, literal/length 286–287, distance 30–31).
        case invalidSymbol(String)
        /// A back-reference to before the start of the output.
        case distanceTooFarBack(distance: Int, available: Int)
        /// The output would exceed `DecompressionLimits.maxOutputBytes`.
        case outputLimitExceeded(limit: Int)
        /// The output would exceed `DecompressionLimits.maxRatio` times the input size.
        case ratioLimitExceeded(maxRatio: Int, inputBytes: Int)
        /// A stored checksum or size that does not match the decoded data.
        case checksumMismatch(Checksum, expected: UInt32, actual: UInt32)
        /// A zlib or gzip header that is malformed or asks for something unsupported.
        case badHeader(String)
        /// Bytes after the end of the stream that are not another member.
        case trailingBytes(count: Int)
    }

    public var description: String {
        "byte \(offset): \(message)"
    }

    /// The sentence describing `kind`, without the offset.
    public var message: String {
        switch kind {
        case .truncated(let needed):
            return "the compressed data ends too early (while reading \(needed))"
        case .invalidBlockType(let type):
            return "invalid deflate block type \(type) (only 0 stored, 1 fixed and 2 dynamic exist)"
        case .storedLengthMismatch(let length, let complement):
            return "stored block length \(length) does not match its complement \(complement)"
        case .invalidCodeLengths(let reason):
            return "invalid Huffman code lengths: \(reason)"
        case .invalidSymbol(let reason):
            return "invalid Huffman-coded symbol: \(reason)"
        case .distanceTooFarBack(let distance, let available):
            return "distance \(distance) reaches before the start of the output (only \(available) bytes written)"
        case .outputLimitExceeded(let limit):
            return "decompressed output exceeds the limit of \(limit) bytes"
        case .ratioLimitExceeded(let maxRatio, let inputBytes):
            return "decompressed output exceeds \(maxRatio) times the \(inputBytes)-byte input (possible decompression bomb)"
        case .checksumMismatch(let checksum, let expected, let actual):
            return "\(checksum.rawValue) mismatch: stored \(hex(expected)), computed \(hex(actual))"
        case .badHeader(let reason):
            return "bad header: \(reason)"
        case .trailingBytes(let count):
            return "\(count) unexpected bytes after the end of the compressed stream"
        }
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: false)
        return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}
