// Offsetting one cubic segment sideways by a distance, the way lottie-web's offset path does it: by offsetting
// its control polygon.
//
// The exact offset of a cubic is not a cubic. lottie-web (OffsetPathModifier.js, `offsetSegment`) approximates
// it by moving each of the three legs of the control polygon (p0-c1, c1-c2, c2-p3) sideways by the distance and
// taking, as the new inner control points, the intersections of the moved middle leg with the moved first and
// last legs. The end points move exactly along their normals and the end tangent directions are kept, so
// consecutive offset segments still meet the way the originals did; in between the curve is close to the true
// offset when the polygon is convex and turns gently. To keep it convex, a segment is first split at its
// inflection points (`offsetSegmentSplit`); a cubic has at most two.
//
// Accuracy: straight segments are offset exactly. On circular arcs the error does not depend on the radius,
// only on the distance d and on how far the piece turns: about 7.3% of d at the middle of a quarter circle
// offset in one piece (lottie-web's result on ellipses and rounded corners), 1.9% for a piece turning 45°,
// 0.85% for 30°, 0.5% for 22.5° (measured on cubic circle arcs; it falls with the square of the angle). This
// code therefore also cuts every inflection-free piece into equal parameter parts that turn by about 22.5° at
// most (`forEachOffsetPart`), which lottie-web does not do: a circle of radius 100 (four E_t arcs, themselves
// within 0.02 of the circle) offset by 10 comes out within 0.06 units of radius 110 instead of 0.73, with 16
// vertices instead of 4.
//
// Conventions: the offset of a direction (dx, dy) is along (dy, -dx) normalised, lottie-web's `polarOffset`
// with `angle = atan2(dx, dy)`; on screen (y down) that is to the left of the direction of travel, i.e. outwards
// for a clockwise contour, so a positive distance grows a clockwise shape.
//
// Differences from lottie-web, for degenerate input only: a leg of zero length (a control point on its
// neighbour) borrows the normal of the next leg instead of lottie-web's fixed +x (`atan2(0, 0) = 0`), and an
// inner control point whose two moved legs meet more than 4 distances away from the original control point
// (legs folding back on each other) keeps the moved leg's point instead of a far-away intersection.
//
// Sources (read, not copied): lottie-web `player/js/utils/shapes/OffsetPathModifier.js` (`linearOffset`,
// `offsetSegment`, `offsetSegmentSplit`) and `player/js/utils/PolynomialBezier.js` (`inflectionPoints`,
// `lineIntersection`, `polarOffset`).

import Foundation

extension CubicSegment {
    /// The parameters in (0, 1) where the segment's curvature changes sign, in increasing order (none, one or
    /// two of them).
    ///
    /// They solve `B'(t) × B''(t) = 0`, which for `B(t) = a t³ + b t² + c t + d` is the quadratic
    /// `3 (a × b) t² + 3 (a × c) t + (b × c) = 0`. Roots within 1e-6 of 0 or 1, or of each other, are dropped.
    func inflectionParameters() -> (first: Double?, second: Double?) {
        let a = p3 - c2 * 3 + c1 * 3 - p0
        let b = (c2 - c1 * 2 + p0) * 3
        let c = (c1 - p0) * 3
        let quadratic = 3 * a.cross(b)
        let linear = 3 * a.cross(c)
        let constant = b.cross(c)
        let scale = Swift.max(a.lengthSquared, b.lengthSquared, c.lengthSquared)
        guard scale > 0, Swift.max(abs(quadratic), abs(linear), abs(constant)) > 1e-12 * scale else {
            return (nil, nil) // a straight polygon: no curvature to change sign
        }
        let roots = Self.quadraticRoots(quadratic, linear, constant)
        let margin = 1e-6
        func inside(_ t: Double?) -> Double? {
            guard let t, t > margin, t < 1 - margin else { return nil }
            return t
        }
        var first = inside(roots.0)
        var second = inside(roots.1)
        if let low = first, let high = second, high - low <= margin { second = nil }
        if first == nil {
            first = second
            second = nil
        }
        return (first, second)
    }

    /// Calls `body` with consecutive parts of this (inflection-free) piece, equal in parameter, so many that each
    /// part's share of the control polygon's turn is at most `maximumTurn` radians (22.5° by default); at most
    /// 16 parts.
    func forEachOffsetPart(maximumTurn: Double = Double.pi / 8, _ body: (CubicSegment) -> Void) {
        let legs = (c1 - p0, c2 - c1, p3 - c2)
        func turn(_ a: Vector2, _ b: Vector2) -> Double {
            guard a != .zero, b != .zero else { return 0 }
            return abs(atan2(a.cross(b), a.dot(b)))
        }
        let total = legs.1 == .zero ? turn(legs.0, legs.2) : turn(legs.0, legs.1) + turn(legs.1, legs.2)
        guard total.isFinite, total > maximumTurn else { return body(self) }
        let count = Swift.min(16, Int((total / maximumTurn).rounded(.up)))
        var rest = self
        for part in 0..<(count - 1) {
            let (piece, remainder) = rest.split(at: 1 / Double(count - part))
            body(piece)
            rest = remainder
        }
        body(rest)
    }

    /// The real roots of a t² + b t + c = 0 in increasing order (a linear equation when a is 0).
    static func quadraticRoots(_ a: Double, _ b: Double, _ c: Double) -> (Double?, Double?) {
        let scale = Swift.max(abs(a), abs(b), abs(c))
        guard scale > 0 else { return (nil, nil) }
        if abs(a) <= 1e-12 * scale {
            return abs(b) > 1e-12 * scale ? (-c / b, nil) : (nil, nil)
        }
        let discriminant = b * b - 4 * a * c
        guard discriminant >= 0 else { return (nil, nil) }
        let root = discriminant.squareRoot()
        // The numerically stable pair of the quadratic formula.
        let q = -0.5 * (b + (b < 0 ? -root : root))
        let first = q / a
        let second = q != 0 ? c / q : first
        return (Swift.min(first, second), Swift.max(first, second))
    }

    /// The segment moved sideways by `distance` along its normal (dy, -dx), approximated by offsetting the
    /// control polygon (see the file header). Call it on pieces without inflection points.
    ///
    /// A straight segment (control points on the chord) moves exactly.
    func offsetByControlPolygon(_ distance: Double) -> CubicSegment {
        func normal(_ from: Vector2, _ to: Vector2) -> Vector2? {
            let leg = to - from
            let length = leg.length
            guard length > 0 else { return nil }
            return Vector2(leg.y, -leg.x) / length
        }
        let legNormals = (normal(p0, c1), normal(c1, c2), normal(c2, p3))
        guard let middleFallback = legNormals.1 ?? legNormals.0 ?? legNormals.2 else { return self }
        let firstNormal = legNormals.0 ?? legNormals.1 ?? middleFallback
        let lastNormal = legNormals.2 ?? legNormals.1 ?? middleFallback

        let start = p0 + firstNormal * distance
        let firstLegEnd = c1 + firstNormal * distance
        let lastLegStart = c2 + lastNormal * distance
        let end = p3 + lastNormal * distance
        var control1 = firstLegEnd
        var control2 = lastLegStart
        if let middleNormal = legNormals.1 {
            let middleStart = c1 + middleNormal * distance
            let middleEnd = c2 + middleNormal * distance
            let reach = 4 * abs(distance)
            if let meet = Self.lineIntersection(start, firstLegEnd, middleStart, middleEnd),
               meet.distance(to: c1) <= reach {
                control1 = meet
            }
            if let meet = Self.lineIntersection(lastLegStart, end, middleStart, middleEnd),
               meet.distance(to: c2) <= reach {
                control2 = meet
            }
        }
        return CubicSegment(p0: start, c1: control1, c2: control2, p3: end)
    }

    /// The intersection of the infinite lines through `a1`, `a2` and through `b1`, `b2`, or nil when they are
    /// parallel or one of them is a point.
    static func lineIntersection(_ a1: Vector2, _ a2: Vector2, _ b1: Vector2, _ b2: Vector2) -> Vector2? {
        let d1 = a2 - a1
        let d2 = b2 - b1
        let denominator = d1.cross(d2)
        guard abs(denominator) > 1e-12 * d1.length * d2.length, denominator != 0 else { return nil }
        let t = (b1 - a1).cross(d2) / denominator
        return a1 + d1 * t
    }
}
