import LottieModel

// MARK: - OffsetPathItem

/// `op`: moves the outline of the paths before it in its group outwards by `a` (inwards when
/// negative), joining the offset pieces with miters, rounds or bevels (`lj`).
final class OffsetPathItem: ShapeItemKind, PathModifier {
    static let typeCode = "op"

    let amount: PropertyTrack<Double>
    let join: StrokeStyleValues.Join
    let miterLimit: PropertyTrack<Double>

    init(_ offset: OffsetPath, context: ValueContext) {
        amount = PropertyTrack(offset.amount, fallback: 0, context: context)
        join = StrokeStyleValues.Join(offset.lineJoin)
        miterLimit = PropertyTrack(offset.miterLimit, fallback: 4, context: context)
    }

    static func node(for item: ShapeItem, jsonPath: String, context: ValueContext) -> ShapeNode? {
        guard case .offsetPath(let offset) = item, offset.hidden != true else { return nil }
        return .modifier(OffsetPathItem(offset, context: context))
    }

    func addMotion(to motion: inout MotionCollector) {
        motion.add(amount)
        motion.add(miterLimit)
    }

    func apply(to evaluation: inout ShapeEvaluation, group: ShapeEvaluation.GroupSoFar) {
        let range = evaluation.slots(of: group)
        guard !range.isEmpty else { return }
        let (distance, limit) = (amount.value(at: evaluation.frame), miterLimit.value(at: evaluation.frame))
        guard distance != 0 else { return }
        // At most 16 offset pieces per segment, each with a join (OffsetPath.swift, CubicOffset.swift).
        evaluation.mapContours(range, growth: { 2 + 34 * $0.segmentCount }) {
            ShapeOperations.offset($0, amount: distance, join: join, miterLimit: limit)
        }
    }
}
