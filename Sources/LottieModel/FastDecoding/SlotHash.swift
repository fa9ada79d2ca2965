// MARK: - SlotHash

/// The hashing of the decoder's small sharing tables (`StringTable`, `EasingListTable`): 64-bit
/// words folded in by multiplying with 2^64 / golden ratio, and a slot taken from the top bits,
/// which that multiply mixes best.
enum SlotHash {
    /// `hash` with `word` folded in.
    @inline(__always)
    static func step(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
    }

    /// The slot of `hash` in a table of `2^bits` slots.
    @inline(__always)
    static func slot(_ hash: UInt64, bits: Int) -> Int {
        Int(truncatingIfNeeded: hash >> UInt64(64 - bits))
    }
}
