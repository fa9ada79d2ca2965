import LottieModel

// MARK: - GradientFillItem

/// `gf`: a linear or radial gradient fill of the paths before it in its group.
struct GradientFillItem: ShapeItemKind, PaintSource {
    static let typeCode = "gf"

    let gradient: GradientTracks

    static func node(for item: ShapeItem, jsonPath: String, context: ValueContext) -> ShapeNode? {
        guard case .gradientFill(let fill) = item, fill.hidden != true else { return nil }
        let source = GradientFillItem(gradient: GradientTracks(fill.gradient, context: context))
        return .style(StyleNode(source, opacity: PropertyTrack(fill.opacity, fallback: 100, context: context),
                                fillRule: .drawn(fill.fillRule), blendMode: fill.blendMode ?? .normal,
                                jsonPath: jsonPath))
    }

    var isAnimated: Bool { gradient.isAnimated }
    var isGradient: Bool { true }

    func addMotion(to motion: inout MotionCollector) {
        gradient.addMotion(to: &motion)
    }

    func paint(at frame: Double, fillRule: FillRule) -> Paint {
        .gradientFill(gradient.value(at: frame), fillRule)
    }

    func writeGradient(at frame: Double, fillRule: FillRule, carriedBy transform: AffineMatrix,
                       paths: [BezierContour], maxDashes: Int, over paint: inout Paint) {
        var written = paint.takeGradient()
        gradient.write(at: frame, carriedBy: transform, into: &written)
        paint = .gradientFill(written, fillRule)
    }
}
