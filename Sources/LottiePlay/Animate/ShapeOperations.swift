import LottieModel

// MARK: - ShapeOperations

/// The slot-list operations that more than one caller needs: trimming slots in place (trim
/// paths, `TrimPathItem`) and offsetting a contour (offset paths, `OffsetPathItem`, and mask
/// expansion). The algorithms live in `Geometry/`.
enum ShapeOperations {
    /// Trims each slot (one shape item's contours) on its own, measuring the item's contours
    /// together as lottie-web does (`m` 1), or all slots as one path (`m` 2), whose pieces then
    /// stand in the first slot.
    /// The lengths come from `memo` when given (the same contours as last time are not measured again).
    static func trim(_ slots: [[BezierContour]], start: Double, end: Double, offset: Double,
                     sequential: Bool, memo: SegmentLengthMemo? = nil) -> [[BezierContour]] {
        var slots = slots
        var lengths: [Double] = []
        var fresh = FreshContours()
        trim(&slots, slots.indices, by: TrimPathModifier(start: start, end: end, offset: offset, mode: .sequential),
             sequential: sequential, memo: memo, lengths: &lengths, storage: &fresh, shared: StorageAddresses())
        return slots
    }

    /// Trims the slots in `range` in place, as `trim(_:start:end:offset:sequential:memo:)` does with
    /// `modifier`'s values: each slot's list is replaced by a list of `storage`'s holding the pieces,
    /// written into its contours, and the list replaced goes back to `storage` (with its contours,
    /// but not those stored with the program: `shared`). Evaluated again at the next frame, a trim
    /// then writes into the storage it wrote before, and allocates nothing.
    /// `lengths`: working storage for the segment lengths.
    static func trim<Storage: SlotStorage>(
        _ slots: inout [[BezierContour]], _ range: Range<Int>, by modifier: TrimPathModifier, sequential: Bool,
        memo: SegmentLengthMemo?, lengths: inout [Double], storage: inout Storage, shared: StorageAddresses
    ) {
        guard !range.isEmpty, !modifier.isFull else { return }
        guard modifier.window != nil else {
            for slot in range { replace(slot, of: &slots, with: [], storage: &storage, shared: shared) }
            return
        }
        if let memo {
            memo.writeSegmentLengths(of: slots[range], into: &lengths)
        } else {
            lengths.removeAll(keepingCapacity: true)
            for slot in range {
                for contour in slots[slot] { contour.appendSegmentLengths(to: &lengths) }
            }
        }
        guard !sequential else {
            var pieces = storage.list()
            modifier.appendPieces(of: slots[range].joined(), segmentLengths: lengths[...], into: &pieces,
                                  storage: &storage)
            for slot in range.dropFirst() { replace(slot, of: &slots, with: [], storage: &storage, shared: shared) }
            replace(range.lowerBound, of: &slots, with: pieces, storage: &storage, shared: shared)
            return
        }
        var first = lengths.startIndex
        for slot in range {
            let count = slots[slot].reduce(0) { $0 + $1.segmentCount }
            let segments = lengths[first..<min(first + count, lengths.endIndex)]
            first = segments.endIndex
            var pieces = storage.list()
            modifier.appendPieces(of: slots[slot], segmentLengths: segments, into: &pieces, storage: &storage)
            replace(slot, of: &slots, with: pieces, storage: &storage, shared: shared)
        }
    }

    /// Puts `pieces` in place of a slot's list, which goes back to `storage`.
    private static func replace<Storage: SlotStorage>(
        _ slot: Int, of slots: inout [[BezierContour]], with pieces: consuming [BezierContour],
        storage: inout Storage, shared: StorageAddresses
    ) {
        var replaced = pieces
        swap(&replaced, &slots[slot])
        storage.giveBack(replaced, keeping: slots[slot], shared: shared)
    }

    static func offset(_ contour: BezierContour, amount: Double, join: StrokeStyleValues.Join,
                       miterLimit: Double) -> BezierContour {
        let lineJoin: OffsetPathModifier.LineJoin = switch join {
        case .miter: .miter
        case .round: .round
        case .bevel: .bevel
        }
        return OffsetPathModifier(amount: amount, lineJoin: lineJoin, miterLimit: miterLimit).apply(to: contour)
    }
}
