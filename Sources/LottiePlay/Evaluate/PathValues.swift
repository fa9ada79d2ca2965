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
    public static var easedDimensions: Int { 1 }

    public static func holdsStill(from a: BezierContour, to b: BezierContour) -> Bool { a == b }

    public static func interpolate(_ from: BezierContour, _ to: BezierContour, progress: EasedProgress) -> BezierContour {
        let amount = progress[0]
        let count = min(from.vertices.count, to.vertices.count)
        return BezierContour(
            vertices: lerp(from.vertices, to.vertices, count: count, amount: amount),
            inTangents: lerp(from.inTangents, to.inTangents, count: count, amount: amount),
            outTangents: lerp(from.outTangents, to.outTangents, count: count, amount: amount),
            closed: from.closed)
    }

    /// The first `count` points of two lists, `amount` of the way from one to the other; written
    /// straight into new storage (every frame of an animated path comes through here).
    private static func lerp(_ from: [Vector2], _ to: [Vector2], count: Int, amount: Double) -> [Vector2] {
        let count = min(count, from.count, to.count)
        return from.withUnsafeBufferPointer { from in
            to.withUnsafeBufferPointer { to in
                [Vector2](unsafeUninitializedCapacity: count) { buffer, initialized in
                    for index in 0..<count {
                        buffer.initializeElement(at: index, to: from[index].lerp(to: to[index], amount))
                    }
                    initialized = count
                }
            }
        }
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
    public static var easedDimensions: Int { 1 }

    public static func holdsStill(from a: GradientStopValues, to b: GradientStopValues) -> Bool { a == b }

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
    public static var easedDimensions: Int { 1 }

    public static func holdsStill(from a: TextDocument, to b: TextDocument) -> Bool { true }

    public static func interpolate(_ from: TextDocument, _ to: TextDocument, progress: EasedProgress) -> TextDocument {
        from
    }
}
