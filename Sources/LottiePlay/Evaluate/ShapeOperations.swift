import LottieModel

// MARK: - ShapeOperations

/// The geometry the shape evaluator calls each frame, in one place: primitives turned into
/// paths and the path modifiers (the algorithms live in `Geometry/`).
enum ShapeOperations {
    static func rectangle(center: Vector2, size: Vector2, roundness: Double, reversed: Bool) -> BezierContour {
        .rectangle(center: center, size: size, cornerRadius: roundness, reversed: reversed)
    }

    static func polystar(isStar: Bool, center: Vector2, points: Double, rotation: Double, outerRadius: Double,
                         outerRoundness: Double, innerRadius: Double, innerRoundness: Double,
                         reversed: Bool) -> BezierContour {
        .polystar(isStar ? .star : .polygon, center: center, points: points, rotation: rotation,
                  outerRadius: outerRadius, outerRoundness: outerRoundness, innerRadius: innerRadius,
                  innerRoundness: innerRoundness, reversed: reversed)
    }

    /// Trims each slot (one shape item's contours) on its own, measuring the item's contours
    /// together as lottie-web does (`m` 1), or all slots as one path (`m` 2), whose pieces then
    /// stand in the first slot.
    /// The lengths come from `memo` when given (the same contours as last time are not measured again).
    static func trim(_ slots: [[BezierContour]], start: Double, end: Double, offset: Double,
                     sequential: Bool, memo: SegmentLengthMemo? = nil) -> [[BezierContour]] {
        let modifier = TrimPathModifier(start: start, end: end, offset: offset, mode: .sequential)
        if modifier.isFull { return slots }
        guard modifier.window != nil else { return slots.map { _ in [] } }
        let contours = slots.flatMap { $0 }
        let lengths: [Double]
        if let memo {
            lengths = memo.segmentLengths(of: contours)
        } else {
            var measured: [Double] = []
            for contour in contours { contour.appendSegmentLengths(to: &measured) }
            lengths = measured
        }
        guard sequential else {
            var first = 0
            return slots.map { slot in
                let count = slot.reduce(0) { $0 + $1.segmentCount }
                defer { first += count }
                return modifier.apply(to: slot, segmentLengths: lengths[first..<(first + count)])
            }
        }
        var result = Array(repeating: [BezierContour](), count: slots.count)
        if !result.isEmpty { result[0] = modifier.apply(to: contours, segmentLengths: lengths[...]) }
        return result
    }

    static func roundCorners(_ contour: BezierContour, radius: Double) -> BezierContour {
        RoundedCornersModifier(radius: radius).apply(to: contour)
    }

    static func puckerBloat(_ contour: BezierContour, amount: Double) -> BezierContour {
        PuckerBloatModifier(amount: amount).apply(to: contour)
    }

    static func zigZag(_ contour: BezierContour, ridges: Double, size: Double, smooth: Bool) -> BezierContour {
        ZigZagModifier(ridges: ridges, size: size, pointType: smooth ? .smooth : .corner).apply(to: contour)
    }

    static func offset(_ contour: BezierContour, amount: Double, join: StrokeStyleValues.Join,
                       miterLimit: Double) -> BezierContour {
        let lineJoin: OffsetPathModifier.LineJoin = switch join {
        case .miter: .miter
        case .round: .round
        case .bevel: .bevel
        }
        return OffsetPathModifier(amount: amount, lineJoin: lineJoin, miterLimit: miterLimit).apply(to: contour)
    }
}
