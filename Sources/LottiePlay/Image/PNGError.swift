import LottieModel

// MARK: - PNGError

/// A PNG file that cannot be decoded, or an image that cannot be encoded, with what is wrong and where.
///
/// `description` reads like "byte 33: CRC mismatch in chunk IDAT: stored 0x1234abcd, computed 0x…".
/// `offset` is the 0-based byte offset in the file (the start of the chunk or field at fault; for
/// errors inside the image data, the start of the first IDAT chunk).
public struct PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var kind: Kind
    /// 0-based byte offset in the file.
    public var offset: Int

    /// An error of `kind` found at byte `offset` of the file.
    public init(_ kind: Kind, offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    /// The kinds of failure.
    public enum Kind: Equatable, Sendable {
        /// The file does not start with the PNG signature.
        case notPNG
        /// The file ends inside a chunk or before IEND.
        case truncated(needed: String)
        /// A chunk whose stored CRC-32 does not match its type and data.
        case chunkCRCMismatch(chunk: String, expected: UInt32, actual: UInt32)
        /// Invalid IHDR contents (size, bit depth and colour type combination, methods).
        case invalidHeader(String)
        /// A required chunk is absent (IHDR, PLTE for palette images, IDAT, IEND).
        case missingChunk(String)
        /// A chunk in the wrong place (IHDR not first, PLTE after IDAT, IDAT chunks not consecutive…).
        case misplacedChunk(String)
        /// A critical chunk (upper-case first letter) this decoder does not know.
        case unknownCriticalChunk(String)
        /// A malformed PLTE or tRNS chunk.
        case invalidChunk(chunk: String, reason: String)
        /// More pixels than `PNGDecoder.Limits.maxPixelCount` allows.
        case tooLarge(width: Int, height: Int, maxPixelCount: Int)
        /// The zlib stream of the image data is broken.
        case compression(CompressionError)
        /// The image data inflates to fewer bytes than the header requires.
        case imageDataTooShort(expected: Int, actual: Int)
        /// The image data inflates to more bytes than the header allows.
        case imageDataTooLong(expected: Int)
        /// A scanline whose filter type byte is not 0...4.
        case invalidFilterType(filter: UInt8, row: Int, pass: Int)
    }

    public var description: String {
        "byte \(offset): \(message)"
    }

    /// The sentence describing `kind`, without the offset.
    public var message: String {
        switch kind {
        case .notPNG:
            return "not a PNG file (the 8-byte signature is missing)"
        case .truncated(let needed):
            return "the file ends too early (while reading \(needed))"
        case .chunkCRCMismatch(let chunk, let expected, let actual):
            return "CRC mismatch in chunk \(chunk): stored \(PNGError.hex(expected)), computed \(PNGError.hex(actual))"
        case .invalidHeader(let reason):
            return "invalid IHDR: \(reason)"
        case .missingChunk(let chunk):
            return "missing \(chunk) chunk"
        case .misplacedChunk(let reason):
            return "chunk out of order: \(reason)"
        case .unknownCriticalChunk(let chunk):
            return "unknown critical chunk \(chunk)"
        case .invalidChunk(let chunk, let reason):
            return "invalid \(chunk) chunk: \(reason)"
        case .tooLarge(let width, let height, let limit):
            return "image of \(width)×\(height) pixels exceeds the limit of \(limit) pixels"
        case .compression(let error):
            return "broken image data: \(error.message) (at byte \(error.offset) of the zlib stream)"
        case .imageDataTooShort(let expected, let actual):
            return "image data holds \(actual) bytes, the header needs \(expected)"
        case .imageDataTooLong(let expected):
            return "image data holds more than the \(expected) bytes the header needs"
        case .invalidFilterType(let filter, let row, let pass):
            let place = pass == 0 ? "row \(row)" : "row \(row) of interlace pass \(pass)"
            return "invalid filter type \(filter) on \(place) (0...4 exist)"
        }
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }
}
