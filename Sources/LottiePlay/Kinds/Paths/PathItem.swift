import LottieModel

// MARK: - PathItem

/// `sh`: a path of its own, animated by path keyframes (morphing). `d` 3 reverses it.
final class PathItem: ShapeItemKind, PathGeometry {
    static let typeCode = "sh"

    let track: PropertyTrack<BezierContour>
    let reversed: Bool
    /// The keys' contours, stored once (nil when the path does not move).
    private let contourKeys: ContourKeys?

    init(_ track: PropertyTrack<BezierContour>, reversed: Bool) {
        self.track = track
        self.reversed = reversed
        contourKeys = track.contourKeys()
    }

    static func node(for item: ShapeItem, jsonPath: String, context: ValueContext) -> ShapeNode? {
        guard case .path(let shape) = item, shape.hidden != true else { return nil }
        let track = PropertyTrack(shape.path, fallback: BezierContour(polygon: [], closed: false), context: context)
        return .path(PathNode(PathItem(track, reversed: shape.direction == .reversed)))
    }

    var isAnimated: Bool { track.isAnimated }

    func addMotion(to motion: inout MotionCollector) {
        motion.add(track)
    }

    func contour(at frame: Double, into contour: inout BezierContour) {
        if let contourKeys {
            track.contour(at: frame, into: &contour, keys: contourKeys)
        } else {
            track.contour(at: frame, into: &contour)
        }
        if reversed { contour.reverse() }
    }
}
