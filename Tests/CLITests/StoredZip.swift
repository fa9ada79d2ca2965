import Foundation

// MARK: - StoredZip

/// The smallest zip writer that makes valid archives: stored entries only, CRC-32 computed bit by
/// bit. The CLI tests use it to make `.lottie` files and bundles without the library under test.
enum StoredZip {
    /// A zip archive of `files` (path, text), in order.
    static func archive(_ files: [(String, String)]) -> Data {
        archive(bytes: files.map { ($0.0, Array($0.1.utf8)) })
    }

    /// A zip archive of `files` (path, bytes), in order.
    static func archive(bytes files: [(String, [UInt8])]) -> Data {
        var out: [UInt8] = []
        var central: [UInt8] = []
        for (name, data) in files {
            let nameBytes = Array(name.utf8)
            let crc = crc32(data)
            let offset = out.count
            out += le32(0x0403_4B50) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0x21)
            out += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(data.count))
            out += le16(nameBytes.count) + le16(0) + nameBytes + data
            central += le32(0x0201_4B50) + le16(20) + le16(20) + le16(0x0800) + le16(0) + le16(0) + le16(0x21)
            central += le32(crc) + le32(UInt32(data.count)) + le32(UInt32(data.count))
            central += le16(nameBytes.count) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(UInt32(offset))
            central += nameBytes
        }
        let directoryStart = out.count
        out += central
        out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(files.count) + le16(files.count)
        out += le32(UInt32(central.count)) + le32(UInt32(directoryStart)) + le16(0)
        return Data(out)
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)] }
    private static func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
}
