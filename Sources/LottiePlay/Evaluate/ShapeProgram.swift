import LottieModel

// MARK: - ShapeProgram

/// A shape layer's items compiled into a tree of nodes with ready tracks. Hidden items are
/// dropped here; unknown items and merge paths (not supported yet) are passed over.
struct ShapeProgram: Sendable {
    let root: ShapeGroupNode

    init(_ items: [ShapeItem], jsonPath: String, context: ValueContext) {
        root = ShapeGroupNode(items: items, transform: nil, jsonPath: jsonPath, context: context)
    }
}

/// A group: its nodes in file order (first on top) and its transform.
struct ShapeGroupNode: Sendable {
    var nodes: [ShapeNode]
    var transform: TransformTrack?

    init(items: [ShapeItem], transform: Transform?, jsonPath: String, context: ValueContext) {
        self.transform = transform.map { TransformTrack($0, context: context) }
        nodes = []
        for (position, item) in items.enumerated() {
            if let node = ShapeNode(item, jsonPath: "\(jsonPath)[\(position)]", context: context) {
                nodes.append(node)
            }
        }
    }
}

/// One compiled shape item.
indirect enum ShapeNode: Sendable {
    case group(ShapeGroupNode)
    case path(PathSource)
    case style(StyleNode)
    case modifier(ModifierNode)

    init?(_ item: ShapeItem, jsonPath: String, context: ValueContext) {
        switch item {
        case .group(let group):
            guard group.hidden != true else { return nil }
            self = .group(ShapeGroupNode(
                items: group.items, transform: group.transform?.transform, jsonPath: jsonPath + ".it", context: context))
        case .path(let shape):
            guard shape.hidden != true else { return nil }
            self = .path(.path(PropertyTrack(shape.path, fallback: BezierContour(polygon: [], closed: false), context: context),
                               reversed: shape.direction == 3))
        case .rectangle(let shape):
            guard shape.hidden != true else { return nil }
            self = .path(.rectangle(RectangleTracks(shape, context: context)))
        case .ellipse(let shape):
            guard shape.hidden != true else { return nil }
            self = .path(.ellipse(EllipseTracks(shape, context: context)))
        case .polystar(let shape):
            guard shape.hidden != true else { return nil }
            self = .path(.polystar(PolystarTracks(shape, context: context)))
        case .fill, .stroke, .gradientFill, .gradientStroke:
            guard let style = StyleNode(item, jsonPath: jsonPath, context: context) else { return nil }
            self = .style(style)
        case .trimPath, .roundedCorners, .repeater, .puckerBloat, .zigZag, .offsetPath:
            guard let modifier = ModifierNode(item, context: context) else { return nil }
            self = .modifier(modifier)
        case .transform, .merge, .unknown:
            return nil
        }
    }
}

// MARK: - Path sources

/// An item that makes a path.
enum PathSource: Sendable {
    case path(PropertyTrack<BezierContour>, reversed: Bool)
    case rectangle(RectangleTracks)
    case ellipse(EllipseTracks)
    case polystar(PolystarTracks)

    func contour(at frame: Double) -> BezierContour {
        switch self {
        case .path(let track, let reversed):
            let contour = track.value(at: frame)
            return reversed ? ShapeOperations.reversed(contour) : contour
        case .rectangle(let tracks): return tracks.contour(at: frame)
        case .ellipse(let tracks): return tracks.contour(at: frame)
        case .polystar(let tracks): return tracks.contour(at: frame)
        }
    }
}

struct RectangleTracks: Sendable {
    var position: PropertyTrack<Vector2>
    var size: PropertyTrack<PlainVector2>
    var roundness: PropertyTrack<Double>
    var reversed: Bool

    init(_ shape: RectangleShape, context: ValueContext) {
        position = PropertyTrack(shape.position, fallback: .zero, context: context)
        size = PropertyTrack(shape.size, fallback: PlainVector2(.zero), context: context)
        roundness = PropertyTrack(shape.roundness, fallback: 0, context: context)
        reversed = shape.direction == 3
    }

    func contour(at frame: Double) -> BezierContour {
        ShapeOperations.rectangle(center: position.value(at: frame), size: size.value(at: frame).value,
                              roundness: roundness.value(at: frame), reversed: reversed)
    }
}

struct EllipseTracks: Sendable {
    var position: PropertyTrack<Vector2>
    var size: PropertyTrack<PlainVector2>
    var reversed: Bool

    init(_ shape: EllipseShape, context: ValueContext) {
        position = PropertyTrack(shape.position, fallback: .zero, context: context)
        size = PropertyTrack(shape.size, fallback: PlainVector2(.zero), context: context)
        reversed = shape.direction == 3
    }

    func contour(at frame: Double) -> BezierContour {
        ShapeOperations.ellipse(center: position.value(at: frame), size: size.value(at: frame).value, reversed: reversed)
    }
}

struct PolystarTracks: Sendable {
    var isStar: Bool
    var position: PropertyTrack<Vector2>
    var points: PropertyTrack<Double>
    var rotation: PropertyTrack<Double>
    var outerRadius: PropertyTrack<Double>
    var outerRoundness: PropertyTrack<Double>
    var innerRadius: PropertyTrack<Double>
    var innerRoundness: PropertyTrack<Double>
    var reversed: Bool

    init(_ shape: PolystarShape, context: ValueContext) {
        isStar = shape.starType != 2
        position = PropertyTrack(shape.position, fallback: .zero, context: context)
        points = PropertyTrack(shape.points, fallback: 5, context: context)
        rotation = PropertyTrack(shape.rotation, fallback: 0, context: context)
        outerRadius = PropertyTrack(shape.outerRadius, fallback: 0, context: context)
        outerRoundness = PropertyTrack(shape.outerRoundness, fallback: 0, context: context)
        innerRadius = PropertyTrack(shape.innerRadius, fallback: 0, context: context)
        innerRoundness = PropertyTrack(shape.innerRoundness, fallback: 0, context: context)
        reversed = shape.direction == 3
    }

    func contour(at frame: Double) -> BezierContour {
        ShapeOperations.polystar(
            isStar: isStar, center: position.value(at: frame), points: points.value(at: frame),
            rotation: rotation.value(at: frame), outerRadius: outerRadius.value(at: frame),
            outerRoundness: outerRoundness.value(at: frame), innerRadius: innerRadius.value(at: frame),
            innerRoundness: innerRoundness.value(at: frame), reversed: reversed)
    }
}
