import LottieModel

// MARK: - WebPError

/// A WebP file that cannot be decoded, with what is wrong and where.
///
/// `description` reads like "byte 1,234: invalid Huffman code: over-subscribed code lengths".
/// `offset` is the 0-based byte offset in the file: the start of the chunk or field at fault, or,
/// inside a VP8L bitstream, the byte the bit reader had reached, or, for a VP8 partition that ends
/// too early, the offset of its end.
public struct WebPError: Error, Equatable, Sendable, CustomStringConvertible {
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
        /// The file does not start with `RIFF` … `WEBP`.
        case notWebP
        /// The file ends too early (inside a chunk, a header or the compressed pixels).
        case truncated(needed: String)
        /// A chunk that is malformed or in the wrong place.
        case invalidChunk(chunk: String, reason: String)
        /// A required chunk is absent (the image data, a first animation frame).
        case missingChunk(String)
        /// More pixels than `WebPDecoder.Limits.maxPixelCount` allows.
        case tooLarge(width: Int, height: Int, maxPixelCount: Int)
        /// A malformed VP8L image header (signature, version) or VP8 frame header (not a key frame,
        /// no start code, unknown version, hidden frame, zero size).
        case invalidHeader(String)
        /// A prefix (Huffman) code that cannot be built: incomplete, over-subscribed, empty, too long.
        case invalidHuffmanCode(String)
        /// A VP8L transform that is repeated or malformed.
        case invalidTransform(String)
        /// A colour cache size outside 1...11 bits.
        case invalidColorCache(bits: Int)
        /// A VP8L back reference reaching before the first pixel or past the last.
        case invalidBackReference(String)
        /// Something this decoder does not decode (no WebP feature is refused this way at present).
        case unsupported(String)
    }

    public var description: String {
        "byte \(digitsGrouped(offset)): \(message)"
    }

    /// The sentence describing `kind`, without the offset.
    public var message: String {
        switch kind {
        case .notWebP:
            return "not a WebP file (no RIFF … WEBP header)"
        case .truncated(let needed):
            return "the file ends too early (while reading \(needed))"
        case .invalidChunk(let chunk, let reason):
            return "invalid \(chunk) chunk: \(reason)"
        case .missingChunk(let chunk):
            return "missing \(chunk) chunk"
        case .tooLarge(let width, let height, let limit):
            return "image of \(width)×\(height) pixels exceeds the limit of \(limit) pixels"
        case .invalidHeader(let reason):
            return "invalid image header: \(reason)"
        case .invalidHuffmanCode(let reason):
            return "invalid Huffman code: \(reason)"
        case .invalidTransform(let reason):
            return "invalid transform: \(reason)"
        case .invalidColorCache(let bits):
            return "colour cache of \(bits) bits (1...11 allowed)"
        case .invalidBackReference(let reason):
            return "invalid back reference: \(reason)"
        case .unsupported(let what):
            return what
        }
    }
}
