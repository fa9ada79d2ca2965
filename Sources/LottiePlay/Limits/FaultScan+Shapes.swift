import LottieModel

// MARK: - FaultScan: shape items

// How `FaultScan` checks shape lists: every drawn item's properties, the per-item limits
// (repeater copies, polystar points, zig-zag ridges, dash entries) and, per shape layer, an
// estimate of the paths and vertices its repeaters can make. Hidden items are not drawn and not
// checked.

extension FaultScan {
    /// The items of a `shapes` or `it` list at `path`.
    mutating func visit(_ items: [ShapeItem], at path: String) {
        for (position, item) in items.enumerated() { visit(item, at: "\(path)[\(position)]") }
    }

    private mutating func visit(_ item: ShapeItem, at path: String) {
        switch item {
        case .group(let group):
            guard group.hidden != true else { return }
            visit(group.items, at: "\(path).it")
        case .path(let shape):
            guard shape.hidden != true else { return }
            visitPath(shape.path, at: "\(path).ks")
        case .rectangle(let shape):
            guard shape.hidden != true else { return }
            visit(shape.position, at: "\(path).p")
            visit(shape.size, at: "\(path).s")
            visit(shape.roundness, at: "\(path).r")
        case .ellipse(let shape):
            guard shape.hidden != true else { return }
            visit(shape.position, at: "\(path).p")
            visit(shape.size, at: "\(path).s")
        case .polystar(let shape):
            guard shape.hidden != true else { return }
            visit(shape, at: path)
        case .fill(let fill):
            guard fill.hidden != true else { return }
            visit(fill.color, at: "\(path).c")
            visit(fill.opacity, at: "\(path).o")
        case .stroke(let stroke):
            guard stroke.hidden != true else { return }
            visit(stroke.color, at: "\(path).c")
            visit(stroke, at: path)
        case .gradientFill(let fill):
            guard fill.hidden != true else { return }
            visit(fill.opacity, at: "\(path).o")
            visit(fill.gradient, at: path)
        case .gradientStroke(let stroke):
            guard stroke.stroke.hidden != true else { return }
            visit(stroke.stroke, at: path)
            visit(stroke.gradient, at: path)
        case .transform(let transform):
            visit(transform.transform, at: path)
        case .trimPath(let trim):
            guard trim.hidden != true else { return }
            visit(trim.start, at: "\(path).s")
            visit(trim.end, at: "\(path).e")
            visit(trim.offset, at: "\(path).o")
        case .roundedCorners(let corners):
            guard corners.hidden != true else { return }
            visit(corners.radius, at: "\(path).r")
        case .repeater(let repeater):
            guard repeater.hidden != true else { return }
            visit(repeater.copies, at: "\(path).c")
            visit(repeater.offset, at: "\(path).o")
            visit(repeater.transform, at: "\(path).tr")
            if let copies = Self.largest(of: repeater.copies), copies > Double(limits.maxRepeaterCopies) {
                warn("\(path).c", "\(Self.number(copies)) repeater copies, more than the limit maxRepeaterCopies "
                    + "(\(limits.maxRepeaterCopies)); \(limits.maxRepeaterCopies) are drawn")
            }
        case .puckerBloat(let modifier):
            guard modifier.hidden != true else { return }
            visit(modifier.amount, at: "\(path).a")
        case .zigZag(let modifier):
            guard modifier.hidden != true else { return }
            visit(modifier.ridges, at: "\(path).r")
            visit(modifier.size, at: "\(path).s")
            visit(modifier.pointType, at: "\(path).pt")
            if let ridges = Self.largest(of: modifier.ridges), ridges > Double(limits.maxZigZagRidges) {
                warn("\(path).r", "\(Self.number(ridges)) zig-zag ridges per segment, more than the limit "
                    + "maxZigZagRidges (\(limits.maxZigZagRidges)); \(limits.maxZigZagRidges) are drawn")
            }
        case .offsetPath(let modifier):
            guard modifier.hidden != true else { return }
            visit(modifier.amount, at: "\(path).a")
            visit(modifier.miterLimit, at: "\(path).ml")
        case .merge, .unknown:
            break
        }
    }

    private mutating func visit(_ shape: PolystarShape, at path: String) {
        visit(shape.position, at: "\(path).p")
        visit(shape.points, at: "\(path).pt")
        visit(shape.rotation, at: "\(path).r")
        visit(shape.outerRadius, at: "\(path).or")
        visit(shape.outerRoundness, at: "\(path).os")
        visit(shape.innerRadius, at: "\(path).ir")
        visit(shape.innerRoundness, at: "\(path).is")
        if let points = Self.largest(of: shape.points), points.rounded(.down) > Double(polystarCap) {
            warn("\(path).pt", "\(Self.number(points)) polystar points, more than the limit maxPolystarPoints "
                + "(\(limits.maxPolystarPoints)); \(polystarCap) are drawn")
        }
    }

    /// The most points a polystar is drawn with: `maxPolystarPoints`, and few enough that a star
    /// (two vertices a point) stays within `maxPathVertices`.
    var polystarCap: Int { max(0, min(limits.maxPolystarPoints, limits.maxPathVertices / 2)) }

    /// The stroke fields shared by strokes and gradient strokes.
    private mutating func visit(_ stroke: some StrokeFields, at path: String) {
        visit(stroke.opacity, at: "\(path).o")
        visit(stroke.width, at: "\(path).w")
        visit(stroke.animatedMiterLimit, at: "\(path).ml2")
        let dashes = stroke.dashes ?? []
        for (position, dash) in dashes.enumerated() {
            visit(dash.length, at: "\(path).d[\(position)].v")
        }
        let lengths = dashes.count { $0.kind != "o" }
        if lengths > limits.maxDashEntries {
            warn("\(path).d", "\(lengths) dash and gap lengths, more than the limit maxDashEntries "
                + "(\(limits.maxDashEntries)); the first \(limits.maxDashEntries) are used")
        }
        checkDashPattern(dashes, at: "\(path).d")
    }

    // MARK: Size of a shape layer

    /// Warns when the repeaters of a shape layer can make more paths than `maxPaths` or more
    /// vertices than a whole frame may have (`maxFrameVertices`; nested repeaters multiply).
    mutating func checkSize(of items: [ShapeItem], at path: String) {
        let size = estimate(items)
        if size.paths > Double(limits.maxPaths) {
            warn(path, "repeaters make up to \(Self.number(size.paths)) paths, more than the limit maxPaths "
                + "(\(limits.maxPaths)); paths past the limit are not drawn")
        } else if size.vertices > Double(limits.maxFrameVertices) {
            warn(path, "the shapes make up to \(Self.number(size.vertices)) vertices, more than the limit "
                + "maxFrameVertices (\(limits.maxFrameVertices)) for a whole frame; paths past the limit are not drawn")
        }
    }

    /// The most paths and vertices a shape list makes at any frame (repeater copies and the other
    /// counts at their largest keyframe value, each within its own limit).
    private func estimate(_ items: [ShapeItem]) -> (paths: Double, vertices: Double) {
        var paths = 0.0
        var vertices = 0.0
        for item in items {
            switch item {
            case .group(let group) where group.hidden != true:
                let inner = estimate(group.items)
                paths += inner.paths
                vertices += inner.vertices
            case .path(let shape) where shape.hidden != true:
                let most = Self.values(of: shape.path, at: "").map { $0.0.vertices.count }.max() ?? 0
                paths += 1
                vertices += Double(min(most, limits.maxPathVertices))
            case .rectangle(let shape) where shape.hidden != true:
                paths += 1
                vertices += 8
            case .ellipse(let shape) where shape.hidden != true:
                paths += 1
                vertices += 4
            case .polystar(let shape) where shape.hidden != true:
                paths += 1
                vertices += 2 * min(max(Self.largest(of: shape.points) ?? 0, 0).rounded(.down), Double(polystarCap))
            case .repeater(let repeater) where repeater.hidden != true:
                let copies = min(max(Self.largest(of: repeater.copies) ?? 1, 0).rounded(.up),
                                 Double(limits.maxRepeaterCopies))
                paths *= copies
                vertices *= copies
            case .zigZag(let modifier) where modifier.hidden != true:
                let ridges = min(max(Self.largest(of: modifier.ridges) ?? 0, 0).rounded(), Double(limits.maxZigZagRidges))
                vertices *= ridges + 1
            default:
                break
            }
        }
        return (paths, vertices)
    }
}

// MARK: - Stroke fields

/// What strokes and gradient strokes share, for `FaultScan`.
protocol StrokeFields {
    var opacity: Animatable<Double>? { get }
    var width: Animatable<Double>? { get }
    var animatedMiterLimit: Animatable<Double>? { get }
    var dashes: [StrokeDash]? { get }
}

extension Stroke: StrokeFields {}
extension StrokeStyle: StrokeFields {}
