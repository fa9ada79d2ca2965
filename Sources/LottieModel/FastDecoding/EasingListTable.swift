// MARK: - EasingListTable

/// The easing lists one decode has built, so that equal handles share one box.
///
/// Easing handles that are not one number each (`"x": [0.833, 0.833]`, a 3D scale's
/// `"x": [0.667, 0.667, 0.667]`) repeat across a file's keyframes: exporters write a few
/// standard eases. A box of their own for each handle would cost more than the inline
/// lists it replaces.
///
/// A direct-mapped cache, as `StringTable`: a box takes the slot its hash names.
final class EasingListTable {
    /// A power of two: the slot is the top bits of the hash.
    private static let slotBits = 8

    /// Empty until the first lookup, so that documents without such handles do not pay.
    private var slots: [EasingLists?] = []

    /// A box holding exactly `x` and `y`: one built before when still in its slot, or a new one.
    func lists(x: InlineNumbers, y: InlineNumbers) -> EasingLists {
        if slots.isEmpty { slots = Array(repeating: nil, count: 1 << Self.slotBits) }
        var hash = Self.mix(0, x)
        hash = Self.mix(hash, y)
        let slot = SlotHash.slot(hash, bits: Self.slotBits)
        if let cached = slots[slot], Self.identical(cached.x, x), Self.identical(cached.y, y) { return cached }
        let lists = EasingLists(x: x, y: y)
        slots[slot] = lists
        return lists
    }

    // MARK: Comparing

    // Case by case rather than as collections: a lookup is made for most keyframes of some
    // files, and the inline cases need no loop. Lists of up to two numbers are never `.many`
    // (the invariant of `InlineNumbers`), so equal lists have the same case.

    private static func mix(_ seed: UInt64, _ numbers: InlineNumbers) -> UInt64 {
        switch numbers {
        case .empty:
            return SlotHash.step(seed, 0)
        case .one(let first):
            return SlotHash.step(SlotHash.step(seed, 1), first.bitPattern)
        case .two(let first, let second):
            return SlotHash.step(SlotHash.step(SlotHash.step(seed, 2), first.bitPattern), second.bitPattern)
        case .many(let list):
            var hash = SlotHash.step(seed, UInt64(list.count))
            for number in list { hash = SlotHash.step(hash, number.bitPattern) }
            return hash
        }
    }

    private static func identical(_ lhs: InlineNumbers, _ rhs: InlineNumbers) -> Bool {
        switch (lhs, rhs) {
        case (.empty, .empty):
            return true
        case (.one(let left), .one(let right)):
            return left.bitPattern == right.bitPattern
        case (.two(let left, let leftSecond), .two(let right, let rightSecond)):
            return left.bitPattern == right.bitPattern && leftSecond.bitPattern == rightSecond.bitPattern
        case (.many(let left), .many(let right)):
            return left.count == right.count && zip(left, right).allSatisfy { $0.bitPattern == $1.bitPattern }
        default:
            return false
        }
    }
}
