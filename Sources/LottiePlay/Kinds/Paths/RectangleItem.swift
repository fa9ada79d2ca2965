import LottieModel

// MARK: - RectangleItem

/// `rc`: a rectangle about its centre, with rounded corners (`BezierContour.writeRectangle`).
final class RectangleItem: ShapeItemKind, PathGeometry {
    static let typeCode = "rc"

    let position: PropertyTrack<Vector2>
    let size: PropertyTrack<PlainVector2>
    let roundness: PropertyTrack<Double>
    let reversed: Bool

    init(_ shape: RectangleShape, context: ValueContext) {
        position = PropertyTrack(shape.position, fallback: .zero, context: context)
        size = PropertyTrack(shape.size, fallback: PlainVector2(.zero), context: context)
        roundness = PropertyTrack(shape.roundness, fallback: 0, context: context)
        reversed = shape.direction == .reversed
    }

    static func node(for item: ShapeItem, jsonPath: String, context: ValueContext) -> ShapeNode? {
        guard case .rectangle(let shape) = item, shape.hidden != true else { return nil }
        return .path(PathNode(RectangleItem(shape, context: context)))
    }

    var isAnimated: Bool { position.isAnimated || size.isAnimated || roundness.isAnimated }

    func addMotion(to motion: inout MotionCollector) {
        motion.add(position)
        motion.add(size)
        motion.add(roundness)
    }

    func contour(at frame: Double, into contour: inout BezierContour) {
        BezierContour.writeRectangle(center: position.value(at: frame), size: size.value(at: frame).value,
                                     cornerRadius: roundness.value(at: frame), reversed: reversed, into: &contour)
    }
}
