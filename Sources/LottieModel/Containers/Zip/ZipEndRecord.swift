// MARK: - ZipEndRecord
//
// The end of central directory record (EOCD, APPNOTE 4.3.16) closes every zip archive:
//
//     offset  size  field
//     0       4     signature 50 4B 05 06
//     4       2     number of this disk                  (0: split archives are not supported)
//     6       2     disk where the central directory starts
//     8       2     entries on this disk
//     10      2     entries in all                       (0xFFFF: see the ZIP64 record)
//     12      4     size of the central directory        (0xFFFFFFFF: see the ZIP64 record)
//     16      4     offset of the central directory      (0xFFFFFFFF: see the ZIP64 record)
//     20      2     comment length n
//     22      n     comment
//
// It is found by scanning backwards from the end of the file over at most 22 + 65535 bytes (the
// longest comment). A record whose comment reaches exactly the end of the file is preferred;
// failing that, the last signature whose comment fits is used (bytes appended after the archive).
//
// ZIP64 archives put a locator (20 bytes, signature 50 4B 06 07) just before the EOCD, giving the
// offset of the ZIP64 end record (signature 50 4B 06 06) whose 8-byte fields replace the EOCD's:
// entries in all at 32, directory size at 40, directory offset at 48.

/// Where the central directory is, how long, and how many entries it lists.
struct ZipEndRecord {
    /// The byte where the EOCD record starts.
    var offset: Int
    var entryCount: Int
    var directorySize: Int
    /// The directory offset the record states (it may be off when bytes were added or lost).
    var directoryOffset: Int
    /// Where the central directory must end: the start of the ZIP64 end record, or of the EOCD.
    var directoryEnd: Int
    /// The archive comment (UTF-8, or CP437 when not valid UTF-8).
    var comment: String
    var isZIP64: Bool
    /// Bytes after the end of the comment.
    var trailingByteCount: Int

    static let signature: [UInt8] = [0x50, 0x4B, 0x05, 0x06]
    static let zip64LocatorSignature: [UInt8] = [0x50, 0x4B, 0x06, 0x07]
    static let zip64RecordSignature: [UInt8] = [0x50, 0x4B, 0x06, 0x06]
    static let minimumSize = 22

    /// Finds and reads the end records of the archive in `bytes`.
    static func find(in bytes: [UInt8]) throws(ContainerError) -> ZipEndRecord {
        guard bytes.count >= minimumSize else {
            throw ContainerError(.notAZipArchive(
                "the file is only \(bytes.count) bytes, shorter than an end of central directory record (22)"))
        }
        let lowest = max(0, bytes.count - minimumSize - 0xFFFF)
        var fallback: Int?
        var found: Int?
        var position = bytes.count - minimumSize
        while position >= lowest {
            if bytes.matches(signature, at: position) {
                let end = position + minimumSize + Int(bytes.le16(position + 20))
                if end == bytes.count { found = position; break }
                if end < bytes.count, fallback == nil { fallback = position }
            }
            position -= 1
        }
        guard let offset = found ?? fallback else {
            throw ContainerError(.notAZipArchive(
                "no end of central directory record in the last \(bytes.count - lowest) bytes"), offset: lowest)
        }
        let commentLength = Int(bytes.le16(offset + 20))
        var record = ZipEndRecord(
            offset: offset,
            entryCount: Int(bytes.le16(offset + 10)),
            directorySize: Int(bytes.le32(offset + 12)),
            directoryOffset: Int(bytes.le32(offset + 16)),
            directoryEnd: offset,
            comment: ZipEntryName.decode(bytes[(offset + 22)..<(offset + 22 + commentLength)],
                                         flaggedUTF8: false, unicodePath: nil).0,
            isZIP64: false,
            trailingByteCount: bytes.count - offset - minimumSize - commentLength)
        let disk = bytes.le16(offset + 4)
        let directoryDisk = bytes.le16(offset + 6)
        let entriesOnDisk = bytes.le16(offset + 8)
        try record.readZIP64(from: bytes)
        if !record.isZIP64, disk != 0 || directoryDisk != 0 || Int(entriesOnDisk) != record.entryCount {
            throw ContainerError(.unsupported("a split (multi-disk) archive, this is disk \(disk)"), offset: offset + 4)
        }
        return record
    }

    /// Replaces the 16- and 32-bit fields with the ZIP64 end record's when a locator precedes the EOCD.
    private mutating func readZIP64(from bytes: [UInt8]) throws(ContainerError) {
        let locator = offset - 20
        // Without a locator, fields of all ones are taken as they are; the directory search
        // reports the inconsistency if they are really wrong.
        guard locator >= 0, bytes.matches(Self.zip64LocatorSignature, at: locator) else { return }
        let diskCount = bytes.le32(locator + 16)
        guard diskCount <= 1 else {
            throw ContainerError(.unsupported("a split (multi-disk) ZIP64 archive of \(diskCount) disks"), offset: locator + 16)
        }
        // The stated offset, or, when bytes precede the archive, just before the locator.
        var start = Int(clamping: bytes.le64(locator + 8))
        if !(start >= 0 && start <= locator - 56 && bytes.matches(Self.zip64RecordSignature, at: start)) {
            start = locator - 56
            guard start >= 0, bytes.matches(Self.zip64RecordSignature, at: start) else {
                let stated = bytes.le64(locator + 8)
                throw ContainerError(.corrupt("the ZIP64 locator points to byte \(stated), where there is no ZIP64 end record"),
                                     offset: locator + 8)
            }
        }
        let disk = bytes.le32(start + 16)
        let directoryDisk = bytes.le32(start + 20)
        guard disk == 0, directoryDisk == 0 else {
            throw ContainerError(.unsupported("a split (multi-disk) ZIP64 archive, this is disk \(disk)"), offset: start + 16)
        }
        entryCount = Int(clamping: bytes.le64(start + 32))
        directorySize = Int(clamping: bytes.le64(start + 40))
        directoryOffset = Int(clamping: bytes.le64(start + 48))
        directoryEnd = start
        isZIP64 = true
    }
}

// MARK: - Little-endian fields

extension [UInt8] {
    /// Whether `signature` is at `offset` (false when it would run past the end).
    func matches(_ signature: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + signature.count <= count else { return false }
        for index in 0..<signature.count where self[offset + index] != signature[index] { return false }
        return true
    }

    /// The little-endian 16-bit field at `offset`; the caller checks the bounds.
    func le16(_ offset: Int) -> UInt16 {
        UInt16(self[offset]) | UInt16(self[offset + 1]) << 8
    }

    /// The little-endian 32-bit field at `offset`; the caller checks the bounds.
    func le32(_ offset: Int) -> UInt32 {
        UInt32(self[offset]) | UInt32(self[offset + 1]) << 8 | UInt32(self[offset + 2]) << 16
            | UInt32(self[offset + 3]) << 24
    }

    /// The little-endian 64-bit field at `offset`; the caller checks the bounds.
    func le64(_ offset: Int) -> UInt64 {
        UInt64(le32(offset)) | UInt64(le32(offset + 4)) << 32
    }
}
