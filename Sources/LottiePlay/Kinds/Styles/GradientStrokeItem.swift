import LottieModel

// MARK: - GradientStrokeItem

/// `gs`: a linear or radial gradient stroke of the paths before it in its group.
struct GradientStrokeItem: ShapeItemKind, PaintSource {
    static let typeCode = "gs"

    let gradient: GradientTracks
    let stroke: StrokeTracks

    static func node(for item: ShapeItem, jsonPath: String, context: ValueContext) -> ShapeNode? {
        guard case .gradientStroke(let stroke) = item, stroke.stroke.hidden != true else { return nil }
        let source = GradientStrokeItem(gradient: GradientTracks(stroke.gradient, context: context),
                                        stroke: StrokeTracks(stroke.stroke, context: context))
        return .style(StyleNode(source, opacity: PropertyTrack(stroke.stroke.opacity, fallback: 100, context: context),
                                fillRule: .nonZero, blendMode: stroke.stroke.blendMode ?? .normal, jsonPath: jsonPath))
    }

    var isAnimated: Bool { gradient.isAnimated || stroke.isAnimated }
    var isGradient: Bool { true }

    func addMotion(to motion: inout MotionCollector) {
        gradient.addMotion(to: &motion)
        stroke.addMotion(to: &motion)
    }

    func paint(at frame: Double, fillRule: FillRule) -> Paint {
        .gradientStroke(gradient.value(at: frame), stroke.value(at: frame))
    }

    func writeGradient(at frame: Double, fillRule: FillRule, carriedBy transform: AffineMatrix,
                       paths: [BezierContour], maxDashes: Int, over paint: inout Paint) {
        var written = paint.takeGradient()
        gradient.write(at: frame, carriedBy: transform, into: &written)
        var values = stroke.value(at: frame)
        if values.hasTooManyDashes(for: paths, maxDashes: maxDashes) { values.dashes = [] }
        paint = .gradientStroke(written, values.carried(by: transform))
    }
}
