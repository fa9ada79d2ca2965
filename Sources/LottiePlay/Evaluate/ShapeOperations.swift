import LottieModel

// MARK: - ShapeOperations

/// The geometry the shape evaluator calls each frame, in one place: primitives turned into
/// paths and the path modifiers (see `Geometry/` for the algorithms).
enum ShapeOperations {
    static func rectangle(center: Vector2, size: Vector2, roundness: Double, reversed: Bool) -> BezierContour {
        let half = size * 0.5
        let contour = BezierContour(polygon: [
            Vector2(x: center.x + half.x, y: center.y - half.y), Vector2(x: center.x + half.x, y: center.y + half.y),
            Vector2(x: center.x - half.x, y: center.y + half.y), Vector2(x: center.x - half.x, y: center.y - half.y),
        ], closed: true)
        return reversed ? Self.reversed(contour) : contour
    }

    static func ellipse(center: Vector2, size: Vector2, reversed: Bool) -> BezierContour {
        let kappa = 0.5519150244935105707435627
        let (rx, ry) = (size.x / 2, size.y / 2)
        let contour = BezierContour(
            vertices: [Vector2(x: center.x, y: center.y - ry), Vector2(x: center.x + rx, y: center.y),
                       Vector2(x: center.x, y: center.y + ry), Vector2(x: center.x - rx, y: center.y)],
            inTangents: [Vector2(x: -rx * kappa, y: 0), Vector2(x: 0, y: -ry * kappa),
                         Vector2(x: rx * kappa, y: 0), Vector2(x: 0, y: ry * kappa)],
            outTangents: [Vector2(x: rx * kappa, y: 0), Vector2(x: 0, y: ry * kappa),
                          Vector2(x: -rx * kappa, y: 0), Vector2(x: 0, y: -ry * kappa)],
            closed: true)
        return reversed ? Self.reversed(contour) : contour
    }

    static func polystar(isStar: Bool, center: Vector2, points: Double, rotation: Double, outerRadius: Double,
                         outerRoundness: Double, innerRadius: Double, innerRoundness: Double,
                         reversed: Bool) -> BezierContour {
        BezierContour(polygon: [], closed: true)
    }

    static func reversed(_ contour: BezierContour) -> BezierContour {
        contour
    }

    static func trim(_ slots: [[BezierContour]], start: Double, end: Double, offset: Double,
                     sequential: Bool) -> [[BezierContour]] {
        slots
    }

    static func roundCorners(_ contour: BezierContour, radius: Double) -> BezierContour { contour }
    static func puckerBloat(_ contour: BezierContour, amount: Double) -> BezierContour { contour }
    static func zigZag(_ contour: BezierContour, ridges: Double, size: Double, smooth: Bool) -> BezierContour { contour }
    static func offset(_ contour: BezierContour, amount: Double, join: StrokeStyleValues.Join,
                       miterLimit: Double) -> BezierContour { contour }
}
