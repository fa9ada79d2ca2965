import LottieModel

// MARK: - BezierContour

/// One sub-path of evaluated geometry, in Lottie's own form: vertices with in and out
/// tangents relative to their vertex, open or closed. Segment i runs from vertex i to
/// vertex i + 1 (wrapping to vertex 0 when closed) with control points
/// `v[i] + out[i]` and `v[i+1] + in[i+1]`.
public struct BezierContour: Equatable, Sendable {
    public var vertices: [Vector2]
    public var inTangents: [Vector2]
    public var outTangents: [Vector2]
    public var closed: Bool

    public init(vertices: [Vector2], inTangents: [Vector2], outTangents: [Vector2], closed: Bool) {
        self.vertices = vertices
        self.inTangents = inTangents
        self.outTangents = outTangents
        self.closed = closed
    }

    /// A contour of straight lines through `points`.
    public init(polygon points: [Vector2], closed: Bool) {
        self.init(vertices: points, inTangents: Array(repeating: .zero, count: points.count),
                  outTangents: Array(repeating: .zero, count: points.count), closed: closed)
    }

    /// The number of drawable segments.
    public var segmentCount: Int {
        guard !vertices.isEmpty else { return 0 }
        return closed ? vertices.count : vertices.count - 1
    }

    /// Segment `index` as an absolute cubic.
    func segment(_ index: Int) -> CubicSegment {
        let next = index + 1 == vertices.count ? 0 : index + 1
        return CubicSegment(
            p0: vertices[index],
            c1: vertices[index] + outTangents[index],
            c2: vertices[next] + inTangents[next],
            p3: vertices[next])
    }

    /// The total arc length of the contour.
    public var length: Double {
        var total = 0.0
        for index in 0..<segmentCount { total += segment(index).length }
        return total
    }

    /// The contour with every point mapped through `transform` (tangents stay relative).
    public func applying(_ transform: AffineMatrix) -> BezierContour {
        var result = self
        for index in vertices.indices {
            result.vertices[index] = transform.apply(to: vertices[index])
            result.inTangents[index] = transform.applyLinear(to: inTangents[index])
            result.outTangents[index] = transform.applyLinear(to: outTangents[index])
        }
        return result
    }
}

// MARK: - From the model

extension BezierContour {
    /// The contour of a model path. Tangent arrays shorter than the vertex list count as zero,
    /// so a malformed path never traps.
    public init(_ path: BezierPath) {
        let count = path.vertices.count
        func points(_ list: [Vector]) -> [Vector2] {
            (0..<count).map { index in
                index < list.count ? Vector2(x: list[index].x, y: list[index].y) : .zero
            }
        }
        self.init(vertices: points(path.vertices), inTangents: points(path.inTangents),
                  outTangents: points(path.outTangents), closed: path.closed)
    }
}
