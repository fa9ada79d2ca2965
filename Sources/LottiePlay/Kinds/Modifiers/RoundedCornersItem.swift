import LottieModel

// MARK: - RoundedCornersItem

/// `rd`: rounds the corners of the paths before it in its group, by radius `r`.
final class RoundedCornersItem: ShapeItemKind, PathModifier {
    static let typeCode = "rd"

    let radius: PropertyTrack<Double>

    init(_ corners: RoundedCorners, context: ValueContext) {
        radius = PropertyTrack(corners.radius, fallback: 0, context: context)
    }

    static func node(for item: ShapeItem, jsonPath: String, context: ValueContext) -> ShapeNode? {
        guard case .roundedCorners(let corners) = item, corners.hidden != true else { return nil }
        return .modifier(RoundedCornersItem(corners, context: context))
    }

    func addMotion(to motion: inout MotionCollector) {
        motion.add(radius)
    }

    func apply(to evaluation: inout ShapeEvaluation, group: ShapeEvaluation.GroupSoFar) {
        let range = evaluation.slots(of: group)
        guard !range.isEmpty else { return }
        let value = radius.value(at: evaluation.frame)
        guard value > 0 else { return }
        // Each rounded corner becomes two vertices.
        let modifier = RoundedCornersModifier(radius: value)
        evaluation.mapContours(range, growth: { 2 * $0.vertices.count }) { modifier.apply(to: $0) }
    }
}
