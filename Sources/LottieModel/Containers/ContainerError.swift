// MARK: - ContainerError

/// Why a `.lottie`, `.tgs` or zip bundle could not be opened, or one of its parts read, in a
/// sentence that names the part and says where:
///
///     entry 'animations/cool.json': CRC-32 mismatch: stored 0xb16f8c9f, computed 0x0d4c1e22
///     byte 1366843: not a zip archive: no end of central directory record in the last 65,557 bytes
///     no animation 'wave' in the manifest (it lists: anger, blush, cool)
public struct ContainerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var kind: Kind
    /// The archive entry at fault (its normalised path), when the problem is inside one.
    public var entry: String?
    /// The 0-based byte offset in the file where the problem was found, when it is known.
    public var offset: Int?

    public init(_ kind: Kind, entry: String? = nil, offset: Int? = nil) {
        self.kind = kind
        self.entry = entry
        self.offset = offset
    }

    /// The kinds of failure, each with the values a reader needs to understand it.
    public enum Kind: Equatable, Sendable {
        /// The first bytes are none of JSON, gzip or zip; `start` shows them.
        case unknownFormat(start: String)
        /// No end of central directory record: not a zip archive, or one cut short at the end.
        case notAZipArchive(String)
        /// The archive ends before a structure it announces; `needed` says what was being read.
        case truncated(needed: String)
        /// A structure of the archive contradicts another (bad signature, offsets out of range...).
        case corrupt(String)
        /// An archive feature this reader does not handle (split archives).
        case unsupported(String)
        /// An entry compressed with a method other than stored (0) or deflate (8).
        case unsupportedMethod(UInt16)
        /// An encrypted entry (traditional PKWARE, strong or AES encryption).
        case encrypted
        /// An entry's data does not match the CRC-32 stored in the central directory.
        case checksumMismatch(expected: UInt32, actual: UInt32)
        /// An entry's data is not as long as the central directory says.
        case sizeMismatch(expected: Int, actual: Int)
        /// The archive has more entries than `ArchiveLimits.maxEntries`.
        case tooManyEntries(count: Int, limit: Int)
        /// One entry would expand past `ArchiveLimits.entry.maxOutputBytes`.
        case entryTooLarge(size: Int, limit: Int)
        /// All entries together would expand past `ArchiveLimits.maxTotalBytes`.
        case totalTooLarge(size: Int, limit: Int)
        /// An entry would expand more than `maxRatio` times its compressed size.
        case ratioTooHigh(compressed: Int, uncompressed: Int, maxRatio: Int)
        /// Two entries share compressed bytes, the trick of overlapping-file zip bombs.
        case overlappingEntries(other: String)
        /// The deflate stream of an entry (or the gzip stream of a `.tgs`) is broken.
        case compression(CompressionError)
        /// A path the manifest or an asset names is not in the archive.
        case missingEntry(String)
        /// `manifest.json` is not valid JSON or lacks what a dotLottie manifest must hold.
        case invalidManifest(String)
        /// The requested animation id is not in the file.
        case unknownAnimation(id: String, available: [String])
        /// A zip archive without a manifest and without any Lottie JSON file.
        case noAnimation
        /// A bundle with several animations and no way to tell which one is meant.
        case ambiguousAnimation(candidates: [String])
        /// The animation's JSON could not be decoded.
        case decoding(LottieDecodingError)
    }

    public var description: String {
        var text = ""
        if let offset { text += "byte \(offset): " }
        if let entry { text += "entry '\(entry)': " }
        return text + message
    }

    /// The sentence describing `kind`, without the entry or offset.
    public var message: String {
        switch kind {
        case .unknownFormat(let start):
            return "not a Lottie file: it starts with \(start), which is none of JSON ('{'), gzip (1f 8b) or zip ('PK')"
        case .notAZipArchive(let reason):
            return "not a zip archive: \(reason)"
        case .truncated(let needed):
            return "the archive ends too early (while reading \(needed))"
        case .corrupt(let reason):
            return "corrupt archive: \(reason)"
        case .unsupported(let reason):
            return "unsupported archive: \(reason)"
        case .unsupportedMethod(let method):
            return "compression method \(method) (\(Self.methodName(method))) is not supported; only stored (0) and deflate (8) are"
        case .encrypted:
            return "the entry is encrypted; encrypted archives are not supported"
        case .checksumMismatch(let expected, let actual):
            return "CRC-32 mismatch: stored \(Self.hex(expected)), computed \(Self.hex(actual))"
        case .sizeMismatch(let expected, let actual):
            return "the data is \(actual) bytes, the central directory says \(expected)"
        case .tooManyEntries(let count, let limit):
            return "\(count) entries, more than the limit of \(limit)"
        case .entryTooLarge(let size, let limit):
            return "expands to \(size) bytes, more than the limit of \(limit) bytes per entry"
        case .totalTooLarge(let size, let limit):
            return "the entries expand to \(size) bytes in all, more than the limit of \(limit) bytes (possible zip bomb)"
        case .ratioTooHigh(let compressed, let uncompressed, let maxRatio):
            return "expands from \(compressed) to \(uncompressed) bytes, more than \(maxRatio) times (possible zip bomb)"
        case .overlappingEntries(let other):
            return "its data overlaps the data of entry '\(other)' (possible zip bomb)"
        case .compression(let error):
            return "\(error.message) (byte \(error.offset) of the compressed data)"
        case .missingEntry(let path):
            return "no entry '\(path)' in the archive"
        case .invalidManifest(let reason):
            return "invalid manifest.json: \(reason)"
        case .unknownAnimation(let id, let available):
            return "no animation '\(id)' in the file (it has: \(Self.list(available)))"
        case .noAnimation:
            return "the zip archive has no manifest.json and no Lottie JSON file"
        case .ambiguousAnimation(let candidates):
            return "the archive holds \(candidates.count) animations (\(Self.list(candidates))); pick one by id"
        case .decoding(let error):
            return error.description
        }
    }

    static func methodName(_ method: UInt16) -> String {
        switch method {
        case 0: "stored"
        case 1: "shrunk"
        case 6: "imploded"
        case 8: "deflate"
        case 9: "deflate64"
        case 12: "bzip2"
        case 14: "LZMA"
        case 93: "Zstandard"
        case 95: "xz"
        case 96: "JPEG"
        case 97: "WavPack"
        case 98: "PPMd"
        case 99: "AES-encrypted"
        default: "unknown"
        }
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }

    /// "a, b, c", or the first 10 and "... (N in all)".
    static func list(_ items: [String]) -> String {
        guard items.count > 10 else { return items.joined(separator: ", ") }
        return items.prefix(10).joined(separator: ", ") + ", ... (\(items.count) in all)"
    }
}
