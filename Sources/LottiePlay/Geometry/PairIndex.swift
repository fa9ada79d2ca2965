// MARK: - PairIndex

/// Numbers distinct pairs of 64-bit words in the order they are first seen, in an
/// open-addressing hash table: the vertices of a Boolean operation's arrangement (points, whose
/// coordinates are snapped to a grid so that equal points are exactly equal) and its bundles
/// (pairs of vertex numbers).
struct PairIndex {
    private struct Slot {
        var first: UInt64 = 0
        var second: UInt64 = 0
        /// The pair's number; -1 while the slot is free.
        var number = -1
    }

    private var slots: [Slot]
    private let mask: Int
    /// How many distinct pairs have been numbered.
    private(set) var count = 0
    /// The most pairs the index numbers.
    let capacity: Int

    /// An index for at most `capacity` distinct pairs.
    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: Slot(), count: size)
        mask = size - 1
        self.capacity = capacity
    }

    /// The number of the pair (`first`, `second`): a new one (`count` before the call) when it
    /// was not seen before. At most `capacity` distinct pairs may be numbered.
    mutating func number(_ first: UInt64, _ second: UInt64) -> Int {
        // SplitMix64's finalizer: every bit of either word moves the slot (the low bits of
        // coordinates' bit patterns are often all zero).
        var mixed = first ^ (second &* 0x9E37_79B9_7F4A_7C15)
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        var index = Int(truncatingIfNeeded: mixed) & mask
        while slots[index].number >= 0 {
            if slots[index].first == first, slots[index].second == second { return slots[index].number }
            index = (index + 1) & mask
        }
        precondition(count < capacity, "PairIndex: more pairs than its capacity")
        slots[index] = Slot(first: first, second: second, number: count)
        count += 1
        return count - 1
    }

    /// The number of `point`, by its coordinates (finite; `-0.0` and `0.0` are one).
    mutating func number(of point: Vector2) -> Int {
        // Adding zero turns -0.0 into 0.0, so that equal coordinates have equal bits.
        number((point.x + 0).bitPattern, (point.y + 0).bitPattern)
    }
}
