import LottieModel

// MARK: - TrimPathItem

/// `tm`: keeps a stretch of the paths before it in its group, from `s`% to `e`% of their length,
/// moved along by `o` degrees; each path on its own (`m` 1) or all as one path (`m` 2).
final class TrimPathItem: ShapeItemKind, PathModifier {
    static let typeCode = "tm"

    let start: PropertyTrack<Double>
    let end: PropertyTrack<Double>
    let offset: PropertyTrack<Double>
    let sequential: Bool
    /// The segment lengths measured last, for when the same contours come again.
    let memo: SegmentLengthMemo

    init(_ trim: TrimPath, context: ValueContext) {
        start = PropertyTrack(trim.start, fallback: 0, context: context)
        end = PropertyTrack(trim.end, fallback: 100, context: context)
        offset = PropertyTrack(trim.offset, fallback: 0, context: context)
        sequential = trim.mode == .sequential
        memo = SegmentLengthMemo()
    }

    static func node(for item: ShapeItem, jsonPath: String, context: ValueContext) -> ShapeNode? {
        guard case .trimPath(let trim) = item, trim.hidden != true else { return nil }
        return .modifier(TrimPathItem(trim, context: context))
    }

    func addMotion(to motion: inout MotionCollector) {
        motion.add(start)
        motion.add(end)
        motion.add(offset)
    }

    func apply(to evaluation: inout ShapeEvaluation, group: ShapeEvaluation.GroupSoFar) {
        let range = evaluation.slots(of: group)
        guard !range.isEmpty else { return }
        let frame = evaluation.frame
        let modifier = TrimPathModifier(start: start.value(at: frame), end: end.value(at: frame),
                                        offset: offset.value(at: frame), mode: .sequential)
        let before = evaluation.vertices(inSlots: range)
        ShapeOperations.trim(&evaluation.slots, range, by: modifier, sequential: sequential, memo: memo,
                             lengths: &evaluation.trimLengths, storage: &evaluation.supply, shared: evaluation.shared)
        evaluation.vertexCount += evaluation.vertices(inSlots: range) - before
    }
}
