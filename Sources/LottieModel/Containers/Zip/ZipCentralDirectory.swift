// MARK: - ZipCentralDirectory
//
// The central directory is one record per entry (APPNOTE 4.3.12), each 46 bytes and three
// variable fields:
//
//     offset  size  field
//     0       4     signature 50 4B 01 02
//     8       2     general purpose flags: bit 0 encrypted, bit 3 data descriptor, bit 6 strong
//                   encryption, bit 11 UTF-8 name, bit 13 encrypted central directory
//     10      2     compression method
//     16      4     CRC-32
//     20      4     compressed size                      (0xFFFFFFFF: in the ZIP64 extra field)
//     24      4     uncompressed size                    (0xFFFFFFFF: in the ZIP64 extra field)
//     28      2     name length n
//     30      2     extra field length m
//     32      2     comment length k
//     34      2     disk where the entry starts          (0xFFFF: in the ZIP64 extra field)
//     42      4     offset of the local header           (0xFFFFFFFF: in the ZIP64 extra field)
//     46      n     name, then m bytes of extra fields, then k bytes of comment
//
// Extra fields are (id: 2, size: 2, data). Read here: 0x0001 ZIP64 (the 8-byte values of the
// fields set to all ones, in the order uncompressed size, compressed size, offset, then a 4-byte
// disk), 0x7075 Info-ZIP Unicode Path (version 1, CRC-32 of the stored name, UTF-8 name) and
// 0x9901 WinZip AES (the entry is encrypted).

enum ZipCentralDirectory {
    static let signature: [UInt8] = [0x50, 0x4B, 0x01, 0x02]
    static let recordSize = 46
    /// Sizes and offsets are capped at 2^52 (4 PiB, far past any real archive) so that sums of a
    /// few of them cannot overflow; such values fail the bounds checks that follow anyway.
    static let maxField: UInt64 = 1 << 52

    /// Reads `count` records starting at `start`; none may reach past `end`.
    static func entries(in bytes: [UInt8], from start: Int, to end: Int, count: Int) throws(ContainerError) -> [ZipEntry] {
        var entries: [ZipEntry] = []
        entries.reserveCapacity(Swift.min(count, 4096))
        var position = start
        for index in 0..<count {
            guard position + recordSize <= end else {
                throw ContainerError(.truncated(needed: "central directory record \(index + 1) of \(count)"), offset: position)
            }
            guard bytes.matches(signature, at: position) else {
                throw ContainerError(.corrupt("central directory record \(index + 1) of \(count) has no signature PK\\1\\2"),
                                     offset: position)
            }
            let nameLength = Int(bytes.le16(position + 28))
            let extraLength = Int(bytes.le16(position + 30))
            let commentLength = Int(bytes.le16(position + 32))
            let next = position + recordSize + nameLength + extraLength + commentLength
            guard next <= end else {
                throw ContainerError(.truncated(needed: "the name and extra fields of central directory record \(index + 1)"),
                                     offset: position)
            }
            entries.append(try entry(in: bytes, at: position, nameLength: nameLength, extraLength: extraLength))
            position = next
        }
        return entries
    }

    /// The entry described by the record at `position`.
    private static func entry(in bytes: [UInt8], at position: Int, nameLength: Int,
                              extraLength: Int) throws(ContainerError) -> ZipEntry {
        let flags = bytes.le16(position + 8)
        let nameStart = position + recordSize
        let nameBytes = bytes[nameStart..<(nameStart + nameLength)]
        let extra = ExtraFields(bytes[(nameStart + nameLength)..<(nameStart + nameLength + extraLength)])
        let (rawName, encoding) = ZipEntryName.decode(nameBytes, flaggedUTF8: flags & 0x0800 != 0,
                                                      unicodePath: extra.unicodePath)
        let (path, wasUnsafe) = ZipEntryName.normalize(rawName)

        var compressedSize = UInt64(bytes.le32(position + 20))
        var uncompressedSize = UInt64(bytes.le32(position + 24))
        var localOffset = UInt64(bytes.le32(position + 42))
        var disk = UInt64(bytes.le16(position + 34))
        var usesZIP64 = false
        if uncompressedSize == 0xFFFF_FFFF || compressedSize == 0xFFFF_FFFF || localOffset == 0xFFFF_FFFF || disk == 0xFFFF {
            guard var values = extra.zip64 else {
                throw ContainerError(.corrupt("sizes or offset are 0xFFFFFFFF but there is no ZIP64 extra field"),
                                     entry: path, offset: position)
            }
            func next(_ width: Int) throws(ContainerError) -> UInt64 {
                guard values.count >= width else {
                    throw ContainerError(.corrupt("the ZIP64 extra field is too short for the fields it must hold"),
                                         entry: path, offset: position)
                }
                var value: UInt64 = 0
                for (shift, byte) in values.prefix(width).enumerated() { value |= UInt64(byte) << (8 * shift) }
                values = values.dropFirst(width)
                return value
            }
            if uncompressedSize == 0xFFFF_FFFF { uncompressedSize = try next(8) }
            if compressedSize == 0xFFFF_FFFF { compressedSize = try next(8) }
            if localOffset == 0xFFFF_FFFF { localOffset = try next(8) }
            if disk == 0xFFFF { disk = try next(4) }
            usesZIP64 = true
        }
        guard disk == 0 else {
            throw ContainerError(.unsupported("the entry starts on disk \(disk) of a split archive"), entry: path, offset: position)
        }
        return ZipEntry(
            path: path, rawName: rawName, nameEncoding: encoding, hadUnsafeName: wasUnsafe,
            isDirectory: rawName.hasSuffix("/") || rawName.hasSuffix("\\"),
            method: bytes.le16(position + 10),
            isEncrypted: flags & 0x0001 != 0 || flags & 0x0040 != 0 || flags & 0x2000 != 0 || extra.isAESEncrypted,
            hasDataDescriptor: flags & 0x0008 != 0,
            crc32: bytes.le32(position + 16),
            compressedSize: Int(min(compressedSize, maxField)),
            uncompressedSize: Int(min(uncompressedSize, maxField)),
            localHeaderOffset: Int(min(localOffset, maxField)),
            usesZIP64: usesZIP64,
            nameByteCount: nameLength)
    }
}

// MARK: - ExtraFields

/// The extra fields of a central directory record that the reader uses.
struct ExtraFields {
    /// The data of the ZIP64 field (0x0001).
    var zip64: ArraySlice<UInt8>?
    /// The Info-ZIP Unicode Path field (0x7075): CRC-32 of the stored name and the UTF-8 name.
    var unicodePath: (crc: UInt32, name: ArraySlice<UInt8>)?
    /// The WinZip AES field (0x9901).
    var isAESEncrypted = false

    /// Reads the fields; a field whose size runs past the end ends the list (some writers pad).
    init(_ bytes: ArraySlice<UInt8>) {
        var position = bytes.startIndex
        while position + 4 <= bytes.endIndex {
            let id = UInt16(bytes[position]) | UInt16(bytes[position + 1]) << 8
            let size = Int(UInt16(bytes[position + 2]) | UInt16(bytes[position + 3]) << 8)
            let dataStart = position + 4
            guard dataStart + size <= bytes.endIndex else { break }
            let data = bytes[dataStart..<(dataStart + size)]
            switch id {
            case 0x0001:
                zip64 = data
            case 0x7075 where size >= 5 && data.first == 1:
                let crcStart = data.startIndex + 1
                let crc = UInt32(data[crcStart]) | UInt32(data[crcStart + 1]) << 8
                    | UInt32(data[crcStart + 2]) << 16 | UInt32(data[crcStart + 3]) << 24
                unicodePath = (crc, data[(crcStart + 4)...])
            case 0x9901:
                isAESEncrypted = true
            default:
                break
            }
            position = dataStart + size
        }
    }
}
