// MARK: - PairIndex

/// Numbers distinct pairs of 64-bit words in the order they are first seen, in an
/// open-addressing hash table: the vertices of a Boolean operation's arrangement (points, whose
/// coordinates are snapped to a grid so that equal points are exactly equal) and its bundles
/// (pairs of vertex numbers). The table holds only numbers; the pairs are kept in order of their
/// numbers, so that the index stays small (a few bytes a pair) and warm in the cache.
struct PairIndex {
    /// Per slot, the number of the pair there; -1 while the slot is free.
    private var table: [Int32]
    private var firsts: [UInt64] = []
    private var seconds: [UInt64] = []
    private let mask: Int
    /// The most pairs the index numbers.
    let capacity: Int

    /// How many distinct pairs have been numbered.
    var count: Int { firsts.count }

    /// An index for at most `capacity` distinct pairs (less than 2^30).
    init(capacity: Int) {
        precondition(capacity < 1 << 30, "PairIndex: a capacity beyond 32-bit numbers")
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        table = Array(repeating: -1, count: size)
        mask = size - 1
        self.capacity = capacity
        firsts.reserveCapacity(capacity)
        seconds.reserveCapacity(capacity)
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
        var slot = Int(truncatingIfNeeded: mixed) & mask
        while table[slot] >= 0 {
            let number = Int(table[slot])
            if firsts[number] == first, seconds[number] == second { return number }
            slot = (slot + 1) & mask
        }
        precondition(count < capacity, "PairIndex: more pairs than its capacity")
        table[slot] = Int32(count)
        firsts.append(first)
        seconds.append(second)
        return count - 1
    }

    /// The number of `point`, by its coordinates (finite; `-0.0` and `0.0` are one).
    mutating func number(of point: Vector2) -> Int {
        // Adding zero turns -0.0 into 0.0, so that equal coordinates have equal bits.
        number((point.x + 0).bitPattern, (point.y + 0).bitPattern)
    }
}
