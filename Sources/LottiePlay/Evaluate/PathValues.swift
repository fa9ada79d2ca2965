import LottieModel

// MARK: - Paths

extension BezierContour: TrackValue {
    /// The contour of a model path, cut to its first `maxPathVertices` vertices (`FaultScan`
    /// warns when that happens).
    public init(_ source: BezierPath, context: ValueContext) {
        self.init(source)
        let limit = max(0, context.limits.maxPathVertices)
        if vertices.count > limit {
            vertices.removeSubrange(limit...)
            inTangents.removeSubrange(limit...)
            outTangents.removeSubrange(limit...)
        }
    }

    public var isFinite: Bool {
        vertices.allSatisfy(\.isFinite) && inTangents.allSatisfy(\.isFinite) && outTangents.allSatisfy(\.isFinite)
    }

    /// Vertex-wise interpolation; when the vertex counts differ, the smaller count is used
    /// (FORMAT.md). Closedness follows the start of the segment.
    public static func interpolate(_ from: BezierContour, _ to: BezierContour, progress: EasedProgress) -> BezierContour {
        let amount = progress[0]
        let count = min(from.vertices.count, to.vertices.count)
        var result = BezierContour(vertices: [], inTangents: [], outTangents: [], closed: from.closed)
        result.vertices.reserveCapacity(count)
        result.inTangents.reserveCapacity(count)
        result.outTangents.reserveCapacity(count)
        for index in 0..<count {
            result.vertices.append(from.vertices[index].lerp(to: to.vertices[index], amount))
            result.inTangents.append(from.inTangents[index].lerp(to: to.inTangents[index], amount))
            result.outTangents.append(from.outTangents[index].lerp(to: to.outTangents[index], amount))
        }
        return result
    }
}

// MARK: - Gradient stops

/// The evaluated number list of a gradient (colour stops then opacity stops), see `GradientStops`.
public struct GradientStopValues: TrackValue, Equatable {
    public var values: [Double]

    public init(_ values: [Double]) { self.values = values }

    public init(_ source: GradientStops, context: ValueContext) {
        values = source.values
    }

    public var isFinite: Bool { values.allSatisfy(\.isFinite) }

    /// Number-wise interpolation over the shorter list.
    public static func interpolate(_ from: GradientStopValues, _ to: GradientStopValues, progress: EasedProgress) -> GradientStopValues {
        let amount = progress[0]
        let count = min(from.values.count, to.values.count)
        var values = [Double]()
        values.reserveCapacity(count)
        for index in 0..<count {
            values.append(from.values[index] + (to.values[index] - from.values[index]) * amount)
        }
        return GradientStopValues(values)
    }
}

// MARK: - Text documents

extension TextDocument: TrackValue {
    public init(_ source: TextDocument, context: ValueContext) {
        self = source
    }

    /// Text documents never interpolate: each holds until the next keyframe.
    public static func interpolate(_ from: TextDocument, _ to: TextDocument, progress: EasedProgress) -> TextDocument {
        from
    }
}
