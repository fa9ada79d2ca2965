import LottieModel

// MARK: - EllipseItem

/// `el`: an ellipse about its centre, four cubic arcs (`BezierContour.setToEllipse`).
final class EllipseItem: ShapeItemKind, PathGeometry {
    static let typeCode = "el"

    let position: PropertyTrack<Vector2>
    let size: PropertyTrack<PlainVector2>
    let reversed: Bool

    init(_ shape: EllipseShape, context: ValueContext) {
        position = PropertyTrack(shape.position, fallback: .zero, context: context)
        size = PropertyTrack(shape.size, fallback: PlainVector2(.zero), context: context)
        reversed = shape.direction == .reversed
    }

    static func node(for item: ShapeItem, jsonPath: String, context: ValueContext) -> ShapeNode? {
        guard case .ellipse(let shape) = item, shape.hidden != true else { return nil }
        return .path(PathNode(EllipseItem(shape, context: context)))
    }

    var isAnimated: Bool { position.isAnimated || size.isAnimated }

    func addMotion(to motion: inout MotionCollector) {
        motion.add(position)
        motion.add(size)
    }

    func contour(at frame: Double, into contour: inout BezierContour) {
        contour.setToEllipse(center: position.value(at: frame), size: size.value(at: frame).value, reversed: reversed)
    }
}
