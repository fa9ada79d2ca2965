import LottieModel

// MARK: - MergePathsItem

/// `mm`: replaces every path before it in its group (nested groups' paths included, in the
/// group's space) by one path, and the fills and strokes before it draw nothing (FORMAT.md
/// "Merge paths"). Mode 1 keeps the contours together as one compound path; 2 to 5 combine them
/// in order, the topmost path first: `((p0 op p1) op p2) ...`, with op union (add), difference
/// (subtract), intersection (intersect) or exclusive-or (exclude intersections).
final class MergePathsItem: ShapeItemKind, PathModifier {
    static let typeCode = "mm"

    /// Nil for mode 1 (merge) and modes we do not know.
    let operation: PathOperation?
    /// The last paths combined, and the result.
    let memo = MergeMemo()

    /// The flattening tolerance of the Boolean operations, in layer units: crossings are found
    /// within it, while the curves between them are kept exact.
    static let tolerance = 0.025

    init(_ merge: MergePaths) {
        operation = switch merge.mode {
        case .add: .union
        case .subtract: .difference
        case .intersect: .intersection
        case .excludeIntersections: .exclusion
        case .merge, .unknown, nil: nil
        }
    }

    static func node(for item: ShapeItem, jsonPath: String, context: ValueContext) -> ShapeNode? {
        guard case .merge(let merge) = item, merge.hidden != true else { return nil }
        return .modifier(MergePathsItem(merge))
    }

    func addMotion(to motion: inout MotionCollector) {}

    func apply(to evaluation: inout ShapeEvaluation, group: ShapeEvaluation.GroupSoFar) {
        evaluation.dropDrawings(of: group)
        let range = evaluation.slots(of: group)
        guard range.count > 1 || (range.count == 1 && operation != nil) else { return }
        guard let operation else {
            let together = evaluation.slots[range].flatMap { $0 }
            evaluation.replaceSlots(range, with: together)
            return
        }
        // The tolerance in the group's units: its scale to layer space divides it.
        let scale = abs(group.groupToLayer.determinant).squareRoot()
        let boolean = PathBoolean(tolerance: Self.tolerance / (scale > 1e-9 ? scale : 1),
                                  maxSegments: evaluation.limits.maxMergeSegments)
        let combined = memo.result(of: evaluation.slots[range], tolerance: boolean.tolerance) {
            boolean.fold(Array(evaluation.slots[range]), operation)
        }
        // Past the limit: the paths are drawn together, unmerged.
        if combined == nil { evaluation.limited = true }
        let merged = combined ?? evaluation.slots[range].flatMap { $0 }
        evaluation.replaceSlots(range, with: merged)
    }
}
