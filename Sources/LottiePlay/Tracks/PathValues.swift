import LottieModel

// MARK: - Paths

extension BezierContour: TrackValue {
    static var keptExpressionResults: Int { 4 }

    /// The contour of a model path, cut to its first `maxPathVertices` vertices (`FaultScan`
    /// warns when that happens).
    init(_ source: BezierPath, context: ValueContext) {
        self.init(source)
        let limit = max(0, context.limits.maxPathVertices)
        if vertices.count > limit {
            vertices.removeSubrange(limit...)
            inTangents.removeSubrange(limit...)
            outTangents.removeSubrange(limit...)
        }
    }

    var isFinite: Bool {
        vertices.allSatisfy(\.isFinite) && inTangents.allSatisfy(\.isFinite) && outTangents.allSatisfy(\.isFinite)
    }

    /// Vertex-wise interpolation; when the vertex counts differ, the smaller count is used
    /// (FORMAT.md). Closedness follows the start of the segment.
    static var easedDimensions: Int { 1 }

    static func holdsStill(from a: BezierContour, to b: BezierContour) -> Bool { a == b }

    static func interpolate(_ from: BezierContour, _ to: BezierContour, progress: EasedProgress) -> BezierContour {
        var contour = BezierContour(vertices: [], inTangents: [], outTangents: [], closed: from.closed)
        contour.setToLerp(from, to, amount: progress[0])
        return contour
    }

    /// Makes this contour `amount` of the way from one contour to another, in its own storage
    /// when that is not shared.
    mutating func setToLerp(_ from: BezierContour, _ to: BezierContour, amount: Double) {
        let count = min(from.vertices.count, to.vertices.count)
        Self.lerp(from.vertices, to.vertices, count: count, amount: amount, into: &vertices)
        Self.lerp(from.inTangents, to.inTangents, count: count, amount: amount, into: &inTangents)
        Self.lerp(from.outTangents, to.outTangents, count: count, amount: amount, into: &outTangents)
        closed = from.closed
    }

    /// Makes this contour equal to `other`: copied into its own storage when that has room,
    /// else sharing `other`'s (no allocation either way).
    mutating func set(to other: BezierContour) {
        guard vertices.capacity >= other.vertices.count, inTangents.capacity >= other.inTangents.count,
              outTangents.capacity >= other.outTangents.count else {
            self = other
            return
        }
        Self.copy(other.vertices, into: &vertices)
        Self.copy(other.inTangents, into: &inTangents)
        Self.copy(other.outTangents, into: &outTangents)
        closed = other.closed
    }

    /// Makes this contour `other` moved by `transform`: `set(to:)` then `apply(_:)`, the points
    /// moved as they are copied.
    mutating func set(to other: BezierContour, applying transform: AffineMatrix) {
        guard vertices.capacity >= other.vertices.count, inTangents.capacity >= other.inTangents.count,
              outTangents.capacity >= other.outTangents.count else {
            self = other
            return apply(transform)
        }
        other.vertices.withUnsafeBufferPointer { points in
            vertices.overwrite(count: points.count) { transform.apply(to: points[$0]) }
        }
        other.inTangents.withUnsafeBufferPointer { tangents in
            inTangents.overwrite(count: tangents.count) { transform.applyLinear(to: tangents[$0]) }
        }
        other.outTangents.withUnsafeBufferPointer { tangents in
            outTangents.overwrite(count: tangents.count) { transform.applyLinear(to: tangents[$0]) }
        }
        closed = other.closed
    }

    private static func copy(_ points: [Vector2], into result: inout [Vector2]) {
        points.withUnsafeBufferPointer { points in
            result.overwrite(count: points.count) { points[$0] }
        }
    }

    /// The first `count` points of two lists, `amount` of the way from one to the other, written
    /// over `result` (every frame of an animated path comes through here).
    private static func lerp(_ from: [Vector2], _ to: [Vector2], count: Int, amount: Double,
                             into result: inout [Vector2]) {
        let count = min(count, from.count, to.count)
        from.withUnsafeBufferPointer { from in
            to.withUnsafeBufferPointer { to in
                result.overwrite(count: count) { from[$0].lerp(to: to[$0], amount) }
            }
        }
    }
}

extension PropertyTrack where Value == BezierContour {
    /// The contour at a frame (the value of `value(at:)`) written into `contour`'s storage, so
    /// that a frame that replaces the one before reuses its paths' storage.
    func contour(at frame: Double, into contour: inout BezierContour) {
        if expression != nil { return contour.set(to: value(at: frame)) }
        guard !keys.isEmpty else { return contour.set(to: constant) }
        keys.withUnsafeBufferPointer { keys in
            let (index, progress) = locate(frame, in: keys)
            guard let progress else { return contour.set(to: keys[index].value) }
            contour.setToLerp(keys[index].value, keys[index].segmentEnd, amount: progress[0])
        }
    }

    /// The keys' contours in one block of memory (nil for a track that does not move), for
    /// `contour(at:into:keys:)`.
    func contourKeys() -> ContourKeys? {
        keys.isEmpty || expression != nil ? nil : ContourKeys(values: keys.map(\.value), ends: keys.map(\.segmentEnd))
    }

    /// What `contour(at:into:)` writes, read from `flat` (this track's `contourKeys()`).
    func contour(at frame: Double, into contour: inout BezierContour, keys flat: ContourKeys) {
        guard !keys.isEmpty else { return contour.set(to: constant) }
        let (index, progress) = keys.withUnsafeBufferPointer { locate(frame, in: $0) }
        flat.write(key: index, amount: progress?[0], into: &contour)
    }

    /// What `contour(at:into:keys:)` writes, moved by `transform` as it is written.
    func contour(at frame: Double, into contour: inout BezierContour, keys flat: ContourKeys,
                 applying transform: AffineMatrix) {
        guard !keys.isEmpty else { return contour.set(to: constant, applying: transform) }
        let (index, progress) = keys.withUnsafeBufferPointer { locate(frame, in: $0) }
        flat.write(key: index, amount: progress?[0], applying: transform, into: &contour)
    }
}

// MARK: - Gradient stops

/// The evaluated number list of a gradient (colour stops then opacity stops), see `GradientStops`.
struct GradientStopValues: TrackValue, Equatable {
    static var keptExpressionResults: Int { 4 }

    var values: [Double]

    init(_ values: [Double]) { self.values = values }

    init(_ source: GradientStops, context: ValueContext) {
        values = source.values
    }

    var isFinite: Bool { values.allSatisfy(\.isFinite) }

    /// Number-wise interpolation over the shorter list.
    static var easedDimensions: Int { 1 }

    static func holdsStill(from a: GradientStopValues, to b: GradientStopValues) -> Bool { a == b }

    static func interpolate(_ from: GradientStopValues, _ to: GradientStopValues, progress: EasedProgress) -> GradientStopValues {
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

extension PropertyTrack where Value == GradientStopValues {
    /// The stops at a frame (`value(at:)`, split by `GradientPaint.stops(from:colorStopCount:)`)
    /// written into `gradient`'s lists: the same numbers, with no list made for them.
    func writeStops(at frame: Double, colorStopCount: Int, into gradient: inout GradientPaint) {
        if expression != nil { return Self.write(value(at: frame).values, colorStopCount: colorStopCount, into: &gradient) }
        guard !keys.isEmpty else { return Self.write(constant.values, colorStopCount: colorStopCount, into: &gradient) }
        keys.withUnsafeBufferPointer { keys in
            let (index, progress) = locate(frame, in: keys)
            guard let progress else {
                return Self.write(keys[index].value.values, colorStopCount: colorStopCount, into: &gradient)
            }
            let amount = progress[0]
            keys[index].value.values.withUnsafeBufferPointer { from in
                keys[index].segmentEnd.values.withUnsafeBufferPointer { to in
                    // As `GradientStopValues.interpolate` makes each number.
                    gradient.writeStops(count: min(from.count, to.count), colorStopCount: colorStopCount) {
                        from[$0] + (to[$0] - from[$0]) * amount
                    }
                }
            }
        }
    }

    private static func write(_ values: [Double], colorStopCount: Int, into gradient: inout GradientPaint) {
        values.withUnsafeBufferPointer { values in
            gradient.writeStops(count: values.count, colorStopCount: colorStopCount) { values[$0] }
        }
    }
}

// MARK: - Text documents

extension TextDocument: TrackValue {
    static var keptExpressionResults: Int { 4 }

    init(_ source: TextDocument, context: ValueContext) {
        self = source
    }

    /// Text documents never interpolate: each holds until the next keyframe.
    static var easedDimensions: Int { 1 }

    static func holdsStill(from a: TextDocument, to b: TextDocument) -> Bool { true }

    static func interpolate(_ from: TextDocument, _ to: TextDocument, progress: EasedProgress) -> TextDocument {
        from
    }
}
