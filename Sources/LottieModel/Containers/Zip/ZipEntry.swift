// MARK: - ZipEntry

/// One file or folder of a zip archive, as its central directory record describes it.
///
/// `path` is the name normalised for lookups: `/` separators, no leading `/` or drive letter,
/// no `.` or empty components, `..` resolved inside the archive (never above its root), no
/// trailing `/`. `rawName` is the name as stored, decoded. Archives are never extracted to disk,
/// but normalised names keep `../x.png` and `C:\x.png` from meaning anything surprising.
public struct ZipEntry: Sendable, Equatable {
    /// The normalised path: `a/anim.json`, `i/image_0.png`.
    public var path: String
    /// The name as stored in the archive, decoded (UTF-8, or CP437 when it is not UTF-8).
    public var rawName: String
    /// How the stored name was decoded.
    public var nameEncoding: NameEncoding
    /// The stored name climbed above the archive root (`../`) or was absolute; `path` was made relative.
    public var hadUnsafeName: Bool
    /// The name ends with `/`: a folder, with no data.
    public var isDirectory: Bool
    /// The compression method: 0 stored, 8 deflate; anything else cannot be read.
    public var method: UInt16
    /// General purpose flag bit 0 (or the AES extra field): the data is encrypted.
    public var isEncrypted: Bool
    /// General purpose flag bit 3: sizes and CRC follow the data, in a data descriptor.
    public var hasDataDescriptor: Bool
    /// The CRC-32 of the uncompressed data.
    public var crc32: UInt32
    public var compressedSize: Int
    public var uncompressedSize: Int
    /// Where the entry's local header starts, as the central directory says.
    public var localHeaderOffset: Int
    /// The sizes or offset came from a ZIP64 extra field.
    public var usesZIP64: Bool
    /// The length of the stored name in bytes (the local header repeats it).
    var nameByteCount: Int

    /// How an entry name was turned into text.
    public enum NameEncoding: String, Sendable {
        /// Flag bit 11 set: the name is UTF-8.
        case utf8
        /// No flag, but the bytes are valid UTF-8 (many tools write UTF-8 without the flag).
        case utf8WithoutFlag
        /// The Info-ZIP Unicode Path extra field (0x7075) gave the name.
        case unicodePathField
        /// The original IBM PC code page, the zip default.
        case cp437
    }

    /// The entry's file name without folders: `image_0.png`.
    public var fileName: String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// "stored", "deflate", ...
    public var methodName: String { ContainerError.methodName(method) }
}
