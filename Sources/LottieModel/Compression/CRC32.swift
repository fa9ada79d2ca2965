// MARK: - CRC32
//
// The CRC-32 of ISO 3309 / ITU-T V.42 used by gzip (RFC 1952) and PNG: reflected polynomial
// 0xEDB88320, initial value 0xFFFFFFFF, final XOR 0xFFFFFFFF.
//
// ## Structure
//
// "Slicing by 8": `crc32Tables` holds 8 tables of 256 entries, one after the other. Table 0 is the
// classic byte-at-a-time table; table k gives the CRC contribution of a byte followed by k zero
// bytes. The main loop folds 8 input bytes per step with 8 independent lookups, the tail is done
// byte by byte with table 0.
//
// ## Invariants
//
// - `register` is the running CRC *before* the final XOR, so `update` can be called any number of
//   times on consecutive pieces; `value` applies the final XOR.

/// A running CRC-32 checksum (gzip, PNG).
///
/// ```swift
/// var crc = CRC32()
/// crc.update(header)
/// crc.update(body)
/// let checksum = crc.value
/// ```
public struct CRC32: Sendable, Equatable {
    private var register: UInt32 = 0xFFFF_FFFF

    /// A checksum of no bytes (value 0).
    public init() {}

    /// The CRC-32 of every byte passed to `update` so far.
    public var value: UInt32 { ~register }

    /// Adds `bytes` to the checksum.
    public mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        var crc = register
        var index = 0
        let count = bytes.count
        crc32Tables.withUnsafeBufferPointer { tables in
            let t = tables.baseAddress!
            while index + 8 <= count {
                let low = UInt32(base[index]) | UInt32(base[index + 1]) << 8
                    | UInt32(base[index + 2]) << 16 | UInt32(base[index + 3]) << 24
                let one = crc ^ low
                crc = t[7 * 256 + Int(one & 0xFF)] ^ t[6 * 256 + Int((one >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((one >> 16) & 0xFF)] ^ t[4 * 256 + Int(one >> 24)]
                    ^ t[3 * 256 + Int(base[index + 4])] ^ t[2 * 256 + Int(base[index + 5])]
                    ^ t[1 * 256 + Int(base[index + 6])] ^ t[Int(base[index + 7])]
                index += 8
            }
            while index < count {
                crc = t[Int((crc ^ UInt32(base[index])) & 0xFF)] ^ (crc >> 8)
                index += 1
            }
        }
        register = crc
    }

    /// Adds `bytes` to the checksum.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update($0) }
    }

    /// Adds `bytes` to the checksum.
    public mutating func update(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { update($0) }
    }

    /// The CRC-32 of `bytes`.
    public static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }

    /// The CRC-32 of `bytes`.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { checksum($0) }
    }

    /// The CRC-32 of `bytes`.
    public static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { checksum($0) }
    }
}

// MARK: - Tables

/// 8 × 256 slicing tables (see the design comment at the top of the file).
private let crc32Tables: [UInt32] = {
    var tables = [UInt32](repeating: 0, count: 8 * 256)
    for byte in 0..<256 {
        var crc = UInt32(byte)
        for _ in 0..<8 {
            crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
        }
        tables[byte] = crc
    }
    for slice in 1..<8 {
        for byte in 0..<256 {
            let previous = tables[(slice - 1) * 256 + byte]
            tables[slice * 256 + byte] = (previous >> 8) ^ tables[Int(previous & 0xFF)]
        }
    }
    return tables
}()
