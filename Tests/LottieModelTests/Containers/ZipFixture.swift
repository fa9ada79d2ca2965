import Foundation
@testable import LottieModel

// MARK: - ZipFixture

/// A small zip writer for tests, with our own `Deflate` and `CRC32`: stored and deflated entries,
/// data descriptors, ZIP64 records, and every field open to a lie (CRC, sizes, offsets, flags)
/// so that the reader's checks can be exercised.
struct ZipFixture {
    var entries: [Entry]
    var comment: [UInt8] = []
    /// Write ZIP64 local and central extra fields, the ZIP64 end record and its locator.
    var zip64 = false
    /// Bytes before the archive whose offsets do not count them (a self-extracting stub).
    var prefix: [UInt8] = []

    struct Entry {
        var name: [UInt8]
        var data: [UInt8]
        /// 0 stored, 8 deflate, anything else is written as stored bytes with that method number.
        var method: UInt16 = 8
        var level: Deflate.Level = .default
        /// Flag bit 3: zeros in the local header, a descriptor (with signature) after the data.
        var dataDescriptor = false
        /// Flag bit 11.
        var utf8Flag = true
        /// More flag bits (bit 0: encrypted).
        var extraFlags: UInt16 = 0
        /// Lies in the central directory.
        var crc: UInt32?
        var declaredSize: Int?
        var declaredCompressedSize: Int?
        /// Points the central record at another entry's local header (by index).
        var localHeaderOf: Int?
        /// Extra fields appended to the central record.
        var centralExtra: [UInt8] = []

        init(_ name: String, _ data: [UInt8], method: UInt16 = 8) {
            self.name = Array(name.utf8)
            self.data = data
            self.method = method
        }

        init(_ name: String, _ text: String, method: UInt16 = 8) {
            self.init(name, Array(text.utf8), method: method)
        }
    }

    init(_ entries: [Entry]) {
        self.entries = entries
    }

    /// The archive's bytes.
    func build() -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        var offsets: [Int] = []
        var compressed: [[UInt8]] = []
        for entry in entries {
            let data = entry.method == 8 ? Deflate.compress(entry.data, level: entry.level) : entry.data
            compressed.append(data)
            offsets.append(out.count)
            let crc = CRC32.checksum(entry.data)
            let flags = (entry.dataDescriptor ? 0x0008 : 0) | (entry.utf8Flag ? 0x0800 : 0) | entry.extraFlags
            // Local header.
            out += le32(0x0403_4B50) + le16(zip64 ? 45 : 20) + le16(flags) + le16(entry.method) + le16(0) + le16(0x21)
            if entry.dataDescriptor {
                out += le32(0) + le32(zip64 ? 0xFFFF_FFFF : 0) + le32(zip64 ? 0xFFFF_FFFF : 0)
            } else {
                out += le32(crc) + le32(zip64 ? 0xFFFF_FFFF : UInt32(data.count))
                    + le32(zip64 ? 0xFFFF_FFFF : UInt32(entry.data.count))
            }
            let localExtra = zip64 ? le16(1) + le16(16) + le64(entry.data.count) + le64(data.count) : []
            out += le16(entry.name.count) + le16(localExtra.count) + entry.name + localExtra
            out += data
            if entry.dataDescriptor {
                out += le32(0x0807_4B50) + le32(crc)
                out += zip64 ? le64(data.count) + le64(entry.data.count) : le32(UInt32(data.count)) + le32(UInt32(entry.data.count))
            }
        }
        let directoryStart = out.count
        for (index, entry) in entries.enumerated() {
            let flags = (entry.dataDescriptor ? 0x0008 : 0) | (entry.utf8Flag ? 0x0800 : 0) | entry.extraFlags
            let size = entry.declaredSize ?? entry.data.count
            let compressedSize = entry.declaredCompressedSize ?? compressed[index].count
            let offset = offsets[entry.localHeaderOf ?? index]
            var extra = entry.centralExtra
            if zip64 { extra = le16(1) + le16(24) + le64(size) + le64(compressedSize) + le64(offset) + extra }
            central += le32(0x0201_4B50) + le16(0x031E) + le16(zip64 ? 45 : 20) + le16(flags) + le16(entry.method)
            central += le16(0) + le16(0x21) + le32(entry.crc ?? CRC32.checksum(entry.data))
            central += zip64 ? le32(0xFFFF_FFFF) + le32(0xFFFF_FFFF) : le32(UInt32(compressedSize)) + le32(UInt32(size))
            central += le16(entry.name.count) + le16(extra.count) + le16(0) + le16(0) + le16(0) + le32(0)
            central += zip64 ? le32(0xFFFF_FFFF) : le32(UInt32(offset))
            central += entry.name + extra
        }
        out += central
        if zip64 {
            let record = out.count
            out += le32(0x0606_4B50) + le64(44) + le16(45) + le16(45) + le32(0) + le32(0)
            out += le64(entries.count) + le64(entries.count) + le64(central.count) + le64(directoryStart)
            out += le32(0x0706_4B50) + le32(0) + le64(record) + le32(1)
            out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(0xFFFF) + le16(0xFFFF)
            out += le32(0xFFFF_FFFF) + le32(0xFFFF_FFFF)
        } else {
            out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(entries.count) + le16(entries.count)
            out += le32(UInt32(central.count)) + le32(UInt32(directoryStart))
        }
        out += le16(comment.count) + comment
        return prefix + out
    }

    /// Where the entries' data and the central directory are, to damage them precisely.
    func layout() -> (dataOffsets: [Int], directoryStart: Int) {
        let bytes = build()
        var offsets: [Int] = []
        var position = prefix.count
        for _ in entries {
            let nameLength = Int(bytes[position + 26]) | Int(bytes[position + 27]) << 8
            let extraLength = Int(bytes[position + 28]) | Int(bytes[position + 29]) << 8
            offsets.append(position + 30 + nameLength + extraLength)
            position = offsets.last! + compressedSize(at: offsets.count - 1)
            if entries[offsets.count - 1].dataDescriptor { position += zip64 ? 24 : 16 }
        }
        return (offsets, position)
    }

    private func compressedSize(at index: Int) -> Int {
        let entry = entries[index]
        return entry.method == 8 ? Deflate.compress(entry.data, level: entry.level).count : entry.data.count
    }
}

// MARK: - Little-endian fields

func le16(_ value: Int) -> [UInt8] { le16(UInt16(truncatingIfNeeded: value)) }
func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
func le64(_ value: Int) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: UInt64(value) >> (8 * $0)) } }

// MARK: - Small Lottie documents

enum ContainerFixtures {
    /// A valid one-layer animation (`nm` = name) with optional extra top-level members.
    static func animation(name: String, width: Int = 100, height: Int = 100, frameRate: Int = 30,
                          outPoint: Int = 30, extra: String = "") -> String {
        """
        {"v":"5.7.4","nm":"\(name)","fr":\(frameRate),"ip":0,"op":\(outPoint),"w":\(width),"h":\(height),"ddd":0,\(extra)
         "layers":[{"ty":4,"nm":"Dot","ind":1,"ip":0,"op":\(outPoint),"st":0,"sr":1,"ks":{},
                    "shapes":[{"ty":"el","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[20,20]}},
                              {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
        """
    }

    /// An animation with one image layer whose asset refers to `u` + `p`.
    static func animationWithImage(directory: String, file: String) -> String {
        """
        {"v":"5.7.4","nm":"Picture","fr":30,"ip":0,"op":30,"w":100,"h":100,
         "assets":[{"id":"image_0","w":2,"h":2,"u":"\(directory)","p":"\(file)","e":0}],
         "layers":[{"ty":2,"nm":"Photo","ind":1,"refId":"image_0","ip":0,"op":30,"st":0,"sr":1,"ks":{}}]}
        """
    }

    /// The 8-byte PNG signature and an IHDR start: enough to be recognised as PNG.
    static let pngBytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
}
