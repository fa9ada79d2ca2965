import LottieModel

// MARK: - FaultScan: shape items

// The limits `FaultScan` checks in shape lists: per item (repeater copies, polystar points,
// zig-zag ridges, dash entries) and, per shape layer, an estimate of the paths and vertices its
// repeaters can make. Hidden items are not drawn and not checked.

extension FaultScan {
    /// The limits of one item, after its properties: repeater copies, polystar points, zig-zag
    /// ridges.
    mutating func checkLimits(of item: ShapeItem, at path: JSONPath) {
        switch item {
        case .polystar(let shape):
            if let points = Self.largest(of: shape.points), points.rounded(.down) > Double(polystarCap) {
                warn(.limit, "\(path).pt", "\(Self.number(points)) polystar points, more than the limit maxPolystarPoints "
                    + "(\(limits.maxPolystarPoints)); \(polystarCap) are drawn")
            }
        case .repeater(let repeater):
            if let copies = Self.largest(of: repeater.copies), copies > Double(limits.maxRepeaterCopies) {
                warn(.limit, "\(path).c", "\(Self.number(copies)) repeater copies, more than the limit maxRepeaterCopies "
                    + "(\(limits.maxRepeaterCopies)); \(limits.maxRepeaterCopies) are drawn")
            }
        case .zigZag(let modifier):
            if let ridges = Self.largest(of: modifier.ridges), ridges > Double(limits.maxZigZagRidges) {
                warn(.limit, "\(path).r", "\(Self.number(ridges)) zig-zag ridges per segment, more than the limit "
                    + "maxZigZagRidges (\(limits.maxZigZagRidges)); \(limits.maxZigZagRidges) are drawn")
            }
        default:
            break
        }
    }

    /// The most points a polystar is drawn with: `maxPolystarPoints`, and few enough that a star
    /// (two vertices a point) stays within `maxPathVertices`.
    var polystarCap: Int { max(0, min(limits.maxPolystarPoints, limits.maxPathVertices / 2)) }

    /// The dashes `d` of a stroke or gradient stroke: how many lengths, and how short a period.
    mutating func checkDashes(_ dashes: [StrokeDash], at path: JSONPath) {
        let lengths = dashes.count { $0.kind != "o" }
        if lengths > limits.maxDashEntries {
            warn(.limit, path.description, "\(lengths) dash and gap lengths, more than the limit maxDashEntries "
                + "(\(limits.maxDashEntries)); the first \(limits.maxDashEntries) are used")
        }
        checkDashPattern(dashes, at: path)
    }

    // MARK: Size of a shape layer

    /// Warns when the repeaters of a shape layer can make more paths than `maxPaths` or more
    /// vertices than a whole frame may have (`maxFrameVertices`; nested repeaters multiply).
    mutating func checkSize(of items: [ShapeItem], at path: JSONPath) {
        let size = estimate(items)
        if size.paths > Double(limits.maxPaths) {
            warn(.limit, path.description, "repeaters make up to \(Self.number(size.paths)) paths, more than the limit maxPaths "
                + "(\(limits.maxPaths)); paths past the limit are not drawn")
        } else if size.vertices > Double(limits.maxFrameVertices) {
            warn(.limit, path.description, "the shapes make up to \(Self.number(size.vertices)) vertices, more than the limit "
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
