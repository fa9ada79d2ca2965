import LottieModel

// MARK: - JPEGError

/// A JPEG file that cannot be decoded, with what is wrong and where.
///
/// `description` reads like "byte 1,234: invalid DHT segment: code lengths overflow".
/// `offset` is the 0-based byte offset in the file: the marker of the segment at fault, or, for
/// errors inside entropy-coded data, the byte the bit reader had reached.
public struct JPEGError: Error, Equatable, Sendable, CustomStringConvertible {
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
        /// The file does not start with the SOI marker (FF D8).
        case notJPEG
        /// The file ends inside a segment, inside entropy-coded data or before EOI.
        case truncated(needed: String)
        /// A valid JPEG feature this decoder does not implement (12-bit samples, arithmetic
        /// coding, lossless and hierarchical processes, DNL, two-component images…).
        case unsupported(String)
        /// A malformed segment (the marker's name, then the reason).
        case invalidSegment(marker: String, reason: String)
        /// A byte where a marker was expected, or a marker in the wrong place.
        case invalidMarker(String)
        /// A required segment is absent (SOF, SOS, a table a scan refers to).
        case missing(String)
        /// More pixels than `JPEGDecoder.Limits.maxPixelCount` allows.
        case tooLarge(width: Int, height: Int, maxPixelCount: Int)
        /// Entropy-coded data that cannot be decoded (bad Huffman code, coefficient out of place,
        /// missing restart marker, data ending inside the scan).
        case corruptData(String)
    }

    public var description: String {
        "byte \(digitsGrouped(offset)): \(message)"
    }

    /// The sentence describing `kind`, without the offset.
    public var message: String {
        switch kind {
        case .notJPEG:
            return "not a JPEG file (the SOI marker FF D8 is missing)"
        case .truncated(let needed):
            return "the file ends too early (while reading \(needed))"
        case .unsupported(let what):
            return "unsupported JPEG feature: \(what)"
        case .invalidSegment(let marker, let reason):
            return "invalid \(marker) segment: \(reason)"
        case .invalidMarker(let reason):
            return "invalid marker: \(reason)"
        case .missing(let what):
            return "missing \(what)"
        case .tooLarge(let width, let height, let limit):
            return "image of \(width)×\(height) pixels exceeds the limit of \(limit) pixels"
        case .corruptData(let reason):
            return "corrupt entropy-coded data: \(reason)"
        }
    }
}
