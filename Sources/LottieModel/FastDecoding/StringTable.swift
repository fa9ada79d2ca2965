import Foundation

// MARK: - StringTable

/// The longer strings one decode has built, so that a string the document repeats is stored
/// once and shared by every place that holds it.
///
/// After Effects writes a match name (`mn`, "ADBE Vector Shape - Group") on every layer and
/// shape item. Longer than the 15 bytes a `String` keeps inline, each copy was a heap block
/// of its own, about 64 bytes for 25 of text. `String` is an immutable value, so sharing
/// its storage changes nothing a caller can see.
///
/// The table is a direct-mapped cache: a string takes the slot its hash names, replacing
/// what was there. A miss costs one hash and one comparison, and the table never grows.
final class StringTable {
    /// The UTF-8 lengths that are looked up. Shorter strings are inline in `String` anyway;
    /// longer ones (base64 images, expressions, long names) seldom repeat and cost more to
    /// hash.
    static let lengths = 16...64

    /// A power of two: the slot is the top bits of the hash.
    private static let slotBits = 9

    /// Empty until the first lookup, so that small documents do not pay for the table.
    private var slots: [String?] = []

    /// The string with the UTF-8 bytes `bytes` (valid UTF-8, a count in `lengths`): the
    /// one built before when it is still in its slot, otherwise a new one, kept for next time.
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if slots.isEmpty { slots = Array(repeating: nil, count: 1 << Self.slotBits) }
        let slot = Self.slot(of: bytes)
        if let cached = slots[slot], Self.equal(cached, bytes) { return cached }
        let string = String(decoding: bytes, as: UTF8.self)
        slots[slot] = string
        return string
    }

    // MARK: Hashing

    /// A multiplicative hash of the bytes, 8 at a time; the last word overlaps the one before
    /// it rather than reading past the buffer (every looked-up string has at least 8 bytes).
    private static func slot(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress, bytes.count >= 8 else { return 0 }
        let raw = UnsafeRawPointer(base)
        var hash = UInt64(bytes.count)
        var position = 0
        while true {
            let start = min(position, bytes.count - 8)
            hash = SlotHash.step(hash, raw.loadUnaligned(fromByteOffset: start, as: UInt64.self))
            position += 8
            if position >= bytes.count { break }
        }
        return SlotHash.slot(hash, bits: slotBits)
    }

    private static func equal(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let utf8 = string.utf8
        guard utf8.count == bytes.count, let base = bytes.baseAddress else { return false }
        return utf8.withContiguousStorageIfAvailable { stored in
            guard let storedBase = stored.baseAddress else { return false }
            return memcmp(storedBase, base, bytes.count) == 0
        } ?? false
    }
}
