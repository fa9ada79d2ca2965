import LottieModel

// MARK: - PolystarItem

/// `sr`: a star (`sy` 1) or a polygon (`sy` 2), its points capped by `maxPolystarPoints` and by
/// `maxPathVertices` (two vertices a point) when evaluated within limits.
final class PolystarItem: ShapeItemKind, PathGeometry {
    static let typeCode = "sr"

    let isStar: Bool
    let position: PropertyTrack<Vector2>
    let points: PropertyTrack<Double>
    let rotation: PropertyTrack<Double>
    let outerRadius: PropertyTrack<Double>
    let outerRoundness: PropertyTrack<Double>
    let innerRadius: PropertyTrack<Double>
    let innerRoundness: PropertyTrack<Double>
    let reversed: Bool

    init(_ shape: PolystarShape, context: ValueContext) {
        isStar = shape.starType != .polygon
        position = PropertyTrack(shape.position, fallback: .zero, context: context)
        points = PropertyTrack(shape.points, fallback: 5, context: context)
        rotation = PropertyTrack(shape.rotation, fallback: 0, context: context)
        outerRadius = PropertyTrack(shape.outerRadius, fallback: 0, context: context)
        outerRoundness = PropertyTrack(shape.outerRoundness, fallback: 0, context: context)
        innerRadius = PropertyTrack(shape.innerRadius, fallback: 0, context: context)
        innerRoundness = PropertyTrack(shape.innerRoundness, fallback: 0, context: context)
        reversed = shape.direction == .reversed
    }

    static func node(for item: ShapeItem, jsonPath: String, context: ValueContext) -> ShapeNode? {
        guard case .polystar(let shape) = item, shape.hidden != true else { return nil }
        return .path(PathNode(PolystarItem(shape, context: context)))
    }

    var isAnimated: Bool {
        position.isAnimated || points.isAnimated || rotation.isAnimated || outerRadius.isAnimated
            || outerRoundness.isAnimated || innerRadius.isAnimated || innerRoundness.isAnimated
    }

    func addMotion(to motion: inout MotionCollector) {
        motion.add(position)
        motion.add(points)
        motion.add(rotation)
        motion.add(outerRadius)
        motion.add(outerRoundness)
        motion.add(innerRadius)
        motion.add(innerRoundness)
    }

    var dependsOnLimits: Bool { true }

    /// The most points `limits` let a polystar have.
    private static func pointCap(_ limits: LottieLimits) -> Double {
        Double(max(0, min(limits.maxPolystarPoints, limits.maxPathVertices / 2)))
    }

    func isCapped(at frame: Double, limits: LottieLimits) -> Bool {
        points.value(at: frame) > Self.pointCap(limits)
    }

    func contour(at frame: Double, into contour: inout BezierContour) {
        write(points: points.value(at: frame), at: frame, into: &contour)
    }

    func contour(at frame: Double, limits: LottieLimits, into contour: inout BezierContour) {
        let (requested, cap) = (points.value(at: frame), Self.pointCap(limits))
        write(points: requested > cap ? cap : requested, at: frame, into: &contour)
    }

    /// The polystar at a frame with `points` points (`BezierContour.polystar`).
    private func write(points: Double, at frame: Double, into contour: inout BezierContour) {
        BezierContour.writePolystar(
            isStar ? .star : .polygon, center: position.value(at: frame), points: points,
            rotation: rotation.value(at: frame), outerRadius: outerRadius.value(at: frame),
            outerRoundness: outerRoundness.value(at: frame), innerRadius: innerRadius.value(at: frame),
            innerRoundness: innerRoundness.value(at: frame), reversed: reversed, into: &contour)
    }
}
