// MARK: - Adler32
//
// The Adler-32 checksum of zlib (RFC 1950): two sums modulo 65521, `a` = 1 + Σ bytes and
// `b` = Σ a after each byte, value = b << 16 | a.
//
// ## Structure
//
// The modulo is deferred: 5552 bytes is the largest run for which `b` cannot overflow 32 bits
// starting from values below 65521 (zlib's NMAX), so the loop sums 5552-byte chunks (unrolled by
// 8) and reduces once per chunk.

/// A running Adler-32 checksum (zlib).
public struct Adler32: Sendable, Equatable {
    private var a: UInt32 = 1
    private var b: UInt32 = 0

    private static let modulus: UInt32 = 65521
    private static let chunk = 5552

    /// A checksum of no bytes (value 1).
    public init() {}

    /// The Adler-32 of every byte passed to `update` so far.
    public var value: UInt32 { b << 16 | a }

    /// Adds `bytes` to the checksum.
    public mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        var a = self.a
        var b = self.b
        var index = 0
        let count = bytes.count
        while index < count {
            let end = min(count, index + Adler32.chunk)
            while index + 8 <= end {
                a &+= UInt32(base[index]); b &+= a
                a &+= UInt32(base[index + 1]); b &+= a
                a &+= UInt32(base[index + 2]); b &+= a
                a &+= UInt32(base[index + 3]); b &+= a
                a &+= UInt32(base[index + 4]); b &+= a
                a &+= UInt32(base[index + 5]); b &+= a
                a &+= UInt32(base[index + 6]); b &+= a
                a &+= UInt32(base[index + 7]); b &+= a
                index += 8
            }
            while index < end {
                a &+= UInt32(base[index]); b &+= a
                index += 1
            }
            a %= Adler32.modulus
            b %= Adler32.modulus
        }
        self.a = a
        self.b = b
    }

    /// Adds `bytes` to the checksum.
    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update($0) }
    }

    /// Adds `bytes` to the checksum.
    public mutating func update(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { update($0) }
    }

    /// The Adler-32 of `bytes`.
    public static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var adler = Adler32()
        adler.update(bytes)
        return adler.value
    }

    /// The Adler-32 of `bytes`.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBufferPointer { checksum($0) }
    }

    /// The Adler-32 of `bytes`.
    public static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBufferPointer { checksum($0) }
    }
}
