import LottieModel

// MARK: - StrokeItem

/// `st`: a solid stroke of the paths before it in its group.
struct StrokeItem: ShapeItemKind, PaintSource {
    static let typeCode = "st"

    let color: PropertyTrack<RGBAColor>
    let stroke: StrokeTracks

    static func node(for item: ShapeItem, jsonPath: String, context: ValueContext) -> ShapeNode? {
        guard case .stroke(let stroke) = item, stroke.hidden != true else { return nil }
        let source = StrokeItem(color: PropertyTrack(stroke.color, fallback: .black, context: context),
                                stroke: StrokeTracks(LottieStrokeStyle.from(stroke), context: context))
        return .style(StyleNode(source, opacity: PropertyTrack(stroke.opacity, fallback: 100, context: context),
                                fillRule: .nonZero, blendMode: stroke.blendMode ?? .normal, jsonPath: jsonPath))
    }

    var isAnimated: Bool { color.isAnimated || stroke.isAnimated }

    func addMotion(to motion: inout MotionCollector) {
        motion.add(color)
        stroke.addMotion(to: &motion)
    }

    func paint(at frame: Double, fillRule: FillRule) -> Paint {
        .stroke(color.value(at: frame), stroke.value(at: frame))
    }
}
