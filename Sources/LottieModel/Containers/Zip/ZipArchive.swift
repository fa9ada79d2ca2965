// MARK: - ZipArchive
//
// A reader for zip archives held in memory (APPNOTE.TXT 6.3), enough for `.lottie` files and
// zipped Lottie bundles; nothing is ever written to disk.
//
// ## Layout
//
//     [local header 1][data 1][descriptor 1]? ... [local header n][data n][descriptor n]?
//     [central directory: one record per entry] [ZIP64 end record + locator]? [end record + comment]
//
// The reader trusts the central directory, as zip tools do: `ZipEndRecord` finds the end record
// (ZipEndRecord.swift), `ZipCentralDirectory` reads the records (ZipCentralDirectory.swift), and
// an entry's data is found through its local header, whose name and extra field lengths give
// where the data starts. Sizes and CRC come from the central directory, so entries written with a
// data descriptor (flag bit 3, zeros in the local header) need nothing more.
//
// ## Moved and missing bytes
//
// The end record states where the central directory starts; it must also end where the end
// record (or the ZIP64 end record) begins. When the stated offset holds no directory but
// `end - size` does, the difference is `shift`:
// - `shift > 0`: bytes precede the archive (a self-extracting stub); every offset moves by it.
// - `shift < 0`: bytes are missing before the directory. This is what a transfer in text mode
//   does (each CR LF turned into LF). Entries after the gap are then looked for up to `-shift`
//   bytes before their stated offset; damaged entries still fail their CRC-32 check, intact
//   ones read normally. `warnings` says so.
//
// ## Limits
//
// `ArchiveLimits` is checked when the archive is opened (entry count, declared total, entries
// whose compressed bytes overlap) and when an entry is read (declared size and ratio; the inflated
// output may not exceed the declared size, and its CRC-32 and length must match).

/// A zip archive in memory: its entries, and the contents of each on request.
///
/// ```swift
/// let archive = try ZipArchive(bytes)
/// for entry in archive.entries { print(entry.path, entry.uncompressedSize) }
/// let manifest = try archive.contents(of: "manifest.json")
/// ```
public struct ZipArchive: Sendable {
    /// The entries in central directory order.
    public let entries: [ZipEntry]
    /// The archive comment.
    public let comment: String
    /// The end record was a ZIP64 one.
    public let isZIP64: Bool
    /// Damage or oddities that were worked around: warnings of the category `.container`.
    public let warnings: [LottieDiagnostic]
    /// Bytes that precede the archive (a self-extracting stub); offsets were corrected by this much.
    public var prefixByteCount: Int { max(0, shift) }
    /// Bytes missing before the central directory (the archive is damaged, see the design comment).
    public var missingByteCount: Int { max(0, -shift) }
    public let limits: ArchiveLimits

    private let bytes: [UInt8]
    /// Offset correction: positive when bytes precede the archive, negative when bytes are missing.
    private let shift: Int
    /// The first entry with each path.
    private let indexByPath: [String: Int]

    static let localHeaderSignature: [UInt8] = [0x50, 0x4B, 0x03, 0x04]
    static let localHeaderSize = 30

    /// Opens the archive in `bytes`: reads its end record and central directory and checks the limits.
    ///
    /// - Throws: `ContainerError` when there is no end record, the directory is truncated or
    ///   inconsistent, the archive is split, or a limit is broken.
    public init(_ bytes: [UInt8], limits: ArchiveLimits = .default) throws(ContainerError) {
        let end = try ZipEndRecord.find(in: bytes)
        guard end.entryCount <= limits.maxEntries else {
            throw ContainerError(.tooManyEntries(count: end.entryCount, limit: limits.maxEntries), offset: end.offset)
        }
        var warnings: [LottieDiagnostic] = []
        func warn(_ message: String) {
            warnings.append(LottieDiagnostic(.warning, .container, path: "", message: message))
        }
        let shift = try Self.directoryShift(end, in: bytes)
        let start = end.directoryOffset + shift
        if shift > 0 {
            warn("\(shift) bytes precede the archive (a self-extracting stub or a prefix); offsets were corrected")
        } else if shift < 0 {
            let missing = shift == -1 ? "1 byte is" : "\(-shift) bytes are"
            warn("\(missing) missing before the central directory (a text-mode transfer that turned "
                + "CR LF into LF does this); entries after the gap were found up to \(-shift) bytes early, "
                + "damaged ones fail their CRC-32")
        }
        if end.trailingByteCount > 0 {
            warn("\(end.trailingByteCount) bytes follow the end of the archive and were ignored")
        }
        let entries = try ZipCentralDirectory.entries(in: bytes, from: start, to: end.directoryEnd, count: end.entryCount)
        try Self.checkTotal(entries, limits: limits)
        try Self.checkOverlaps(entries, directoryStart: end.directoryOffset, tolerance: max(0, -shift))
        var indexByPath: [String: Int] = [:]
        for (index, entry) in entries.enumerated() where indexByPath[entry.path] == nil {
            indexByPath[entry.path] = index
        }
        if indexByPath.count < entries.count {
            warn("\(entries.count - indexByPath.count) entries repeat an earlier name; the first of each is used")
        }
        if entries.contains(where: \.hadUnsafeName) {
            warn("some entry names were absolute or climbed above the archive root; they were made relative")
        }
        self.bytes = bytes
        self.entries = entries
        self.comment = end.comment
        self.isZIP64 = end.isZIP64
        self.warnings = warnings
        self.limits = limits
        self.shift = shift
        self.indexByPath = indexByPath
    }

    /// The entry with this path (normalised like entry names: `./a/../b.json` finds `b.json`).
    public func entry(_ path: String) -> ZipEntry? {
        indexByPath[ZipEntryName.normalize(path).path].map { entries[$0] }
    }

    /// The uncompressed contents of the entry with this path.
    ///
    /// - Throws: `ContainerError.Kind.missingEntry` when there is none, or what `contents(of:)` throws.
    public func contents(of path: String) throws(ContainerError) -> [UInt8] {
        guard let entry = entry(path) else { throw ContainerError(.missingEntry(path)) }
        return try contents(of: entry)
    }

    /// The uncompressed contents of `entry`, checked against its size and CRC-32.
    ///
    /// - Throws: `ContainerError` for an encrypted entry, an unsupported method, a broken limit,
    ///   a missing local header, truncated or corrupt data, or a size or CRC-32 mismatch.
    public func contents(of entry: ZipEntry) throws(ContainerError) -> [UInt8] {
        if entry.isDirectory && entry.uncompressedSize == 0 { return [] }
        guard !entry.isEncrypted else { throw ContainerError(.encrypted, entry: entry.path) }
        guard entry.method == 0 || entry.method == 8 else {
            throw ContainerError(.unsupportedMethod(entry.method), entry: entry.path)
        }
        try checkLimits(entry)
        let dataStart = try self.dataStart(of: entry)
        let available = bytes.count - dataStart
        guard entry.compressedSize <= available else {
            throw ContainerError(.truncated(needed: "\(entry.compressedSize) bytes of data, only \(available) remain"),
                                 entry: entry.path, offset: dataStart)
        }
        let range = dataStart..<(dataStart + entry.compressedSize)
        let data: [UInt8]
        if entry.method == 0 {
            data = Array(bytes[range])
        } else {
            data = try inflate(range, of: entry)
        }
        guard data.count == entry.uncompressedSize else {
            throw ContainerError(.sizeMismatch(expected: entry.uncompressedSize, actual: data.count), entry: entry.path)
        }
        let crc = CRC32.checksum(data)
        guard crc == entry.crc32 else {
            throw ContainerError(.checksumMismatch(expected: entry.crc32, actual: crc), entry: entry.path)
        }
        return data
    }

    // MARK: Reading an entry

    private func checkLimits(_ entry: ZipEntry) throws(ContainerError) {
        let limit = limits.entry
        if entry.uncompressedSize > limit.maxOutputBytes {
            throw ContainerError(.entryTooLarge(size: entry.uncompressedSize, limit: limit.maxOutputBytes), entry: entry.path)
        }
        let (product, overflow) = entry.compressedSize.multipliedReportingOverflow(by: limit.maxRatio)
        if entry.uncompressedSize > limit.ratioExemptBytes, !overflow, entry.uncompressedSize > product {
            throw ContainerError(.ratioTooHigh(compressed: entry.compressedSize, uncompressed: entry.uncompressedSize,
                                               maxRatio: limit.maxRatio), entry: entry.path)
        }
    }

    /// Where the entry's data starts: after its local header, name and extra field.
    private func dataStart(of entry: ZipEntry) throws(ContainerError) -> Int {
        var header = entry.localHeaderOffset + max(0, shift)
        if !bytes.matches(Self.localHeaderSignature, at: header) {
            guard shift < 0, let found = localHeader(of: entry, before: header) else {
                throw ContainerError(.corrupt("no local header at byte \(header), where the central directory puts it"),
                                     entry: entry.path, offset: header)
            }
            header = found
        }
        guard header + Self.localHeaderSize <= bytes.count else {
            throw ContainerError(.truncated(needed: "the local header"), entry: entry.path, offset: header)
        }
        if bytes.le16(header + 6) & 0x0001 != 0 { throw ContainerError(.encrypted, entry: entry.path) }
        let start = header + Self.localHeaderSize + Int(bytes.le16(header + 26)) + Int(bytes.le16(header + 28))
        guard start <= bytes.count else {
            throw ContainerError(.truncated(needed: "the local header's name and extra field"), entry: entry.path, offset: header)
        }
        return start
    }

    /// The local header of `entry` in the `-shift` bytes before `stated`, recognised by its name.
    private func localHeader(of entry: ZipEntry, before stated: Int) -> Int? {
        var candidate = min(stated, bytes.count - Self.localHeaderSize)
        let lowest = max(0, stated + shift)
        while candidate >= lowest {
            if bytes.matches(Self.localHeaderSignature, at: candidate),
               Int(bytes.le16(candidate + 26)) == entry.nameByteCount {
                let nameStart = candidate + Self.localHeaderSize
                if nameStart + entry.nameByteCount <= bytes.count {
                    let name = ZipEntryName.decode(bytes[nameStart..<(nameStart + entry.nameByteCount)],
                                                   flaggedUTF8: false, unicodePath: nil).0
                    if ZipEntryName.normalize(name).path == entry.path { return candidate }
                }
            }
            candidate -= 1
        }
        return nil
    }

    /// Inflates the deflate stream in `range`; the output may not pass the declared size.
    private func inflate(_ range: Range<Int>, of entry: ZipEntry) throws(ContainerError) -> [UInt8] {
        let limits = DecompressionLimits.exactly(entry.uncompressedSize)
        do {
            return try bytes.withUnsafeBufferPointer { (buffer) throws(CompressionError) -> [UInt8] in
                let input = UnsafeBufferPointer(rebasing: buffer[range])
                // A stream that ends before the compressed size is accepted: the CRC-32 decides.
                return try Inflate.decompress(input, from: 0, limits: limits, expectedSize: entry.uncompressedSize).output
            }
        } catch {
            if case .outputLimitExceeded = error.kind {
                throw ContainerError(.corrupt("the data inflates to more than the \(entry.uncompressedSize) bytes "
                    + "the central directory declares"), entry: entry.path, offset: range.lowerBound)
            }
            throw ContainerError(.compression(error), entry: entry.path, offset: range.lowerBound + error.offset)
        }
    }

    // MARK: Opening

    /// 0 when the directory is where the end record says, else the correction (see the design comment).
    private static func directoryShift(_ end: ZipEndRecord, in bytes: [UInt8]) throws(ContainerError) -> Int {
        let stated = end.directoryOffset
        let implied = end.directoryEnd - end.directorySize
        if end.entryCount == 0 { return 0 }
        if stated <= end.directoryEnd, bytes.matches(ZipCentralDirectory.signature, at: stated) { return 0 }
        if implied >= 0, bytes.matches(ZipCentralDirectory.signature, at: implied) { return implied - stated }
        if stated > bytes.count || implied < 0 {
            throw ContainerError(.truncated(needed: "the central directory of \(end.entryCount) entries at byte \(stated)"),
                                 offset: end.offset)
        }
        throw ContainerError(.corrupt("no central directory at byte \(stated), where the end record puts it, "
            + "nor at byte \(implied), just before the end record"), offset: end.offset)
    }

    private static func checkTotal(_ entries: [ZipEntry], limits: ArchiveLimits) throws(ContainerError) {
        var total = 0
        for entry in entries {
            let (sum, overflow) = total.addingReportingOverflow(entry.uncompressedSize)
            total = overflow ? Int.max : sum
        }
        if total > limits.maxTotalBytes {
            throw ContainerError(.totalTooLarge(size: total, limit: limits.maxTotalBytes))
        }
    }

    /// Entries whose compressed bytes overlap (beyond `tolerance` bytes of known damage), or whose
    /// local header lies in the central directory.
    private static func checkOverlaps(_ entries: [ZipEntry], directoryStart: Int, tolerance: Int) throws(ContainerError) {
        let ordered = entries.filter { !($0.isDirectory && $0.compressedSize == 0) }
            .sorted { $0.localHeaderOffset < $1.localHeaderOffset }
        for (index, entry) in ordered.enumerated() {
            if entry.localHeaderOffset >= directoryStart {
                throw ContainerError(.corrupt("its local header offset \(entry.localHeaderOffset) is inside the central directory"),
                                     entry: entry.path)
            }
            guard index + 1 < ordered.count else { break }
            // The local extra field is not known yet: this end is a lower bound.
            let end = entry.localHeaderOffset + localHeaderSize + entry.nameByteCount + entry.compressedSize
            let next = ordered[index + 1]
            if next.localHeaderOffset + tolerance < end {
                throw ContainerError(.overlappingEntries(other: entry.path), entry: next.path)
            }
        }
    }
}
