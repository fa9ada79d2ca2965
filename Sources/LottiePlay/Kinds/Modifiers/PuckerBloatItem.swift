import LottieModel

// MARK: - PuckerBloatItem

/// `pb`: pulls the vertices of the paths before it in its group towards their centre and pushes
/// the tangents out (negative `a`, pucker), or the other way round (positive, bloat).
final class PuckerBloatItem: ShapeItemKind, PathModifier {
    static let typeCode = "pb"

    let amount: PropertyTrack<Double>

    init(_ puckerBloat: PuckerBloat, context: ValueContext) {
        amount = PropertyTrack(puckerBloat.amount, fallback: 0, context: context)
    }

    static func node(for item: ShapeItem, jsonPath: String, context: ValueContext) -> ShapeNode? {
        guard case .puckerBloat(let puckerBloat) = item, puckerBloat.hidden != true else { return nil }
        return .modifier(PuckerBloatItem(puckerBloat, context: context))
    }

    func addMotion(to motion: inout MotionCollector) {
        motion.add(amount)
    }

    func apply(to evaluation: inout ShapeEvaluation, group: ShapeEvaluation.GroupSoFar) {
        let range = evaluation.slots(of: group)
        guard !range.isEmpty else { return }
        let value = amount.value(at: evaluation.frame)
        guard value != 0 else { return }
        let modifier = PuckerBloatModifier(amount: value)
        evaluation.mapContours(range, growth: { $0.vertices.count }) { modifier.apply(to: $0) }
    }
}
