// One cubic bezier segment in the plane: a motion path between two position keyframes, or one edge of a path.
//
// B(t) = (1-t)^3 p0 + 3 (1-t)^2 t c1 + 3 (1-t) t^2 c2 + t^3 p3, for t in [0, 1]; control points are absolute.
// Exact at the ends: B(0) == p0 and B(1) == p3 bit for bit.
//
// Arc length is the integral of the speed |B'(t)|, computed by adaptive Gauss–Legendre quadrature: an interval
// is accepted when the 8-point rule over it and the sum of the rule over its two halves agree to 1e-13 of the
// control polygon's length (an upper bound of the curve's length). The error of the accepted halves is far
// smaller than that difference, so smooth curves come out to about 1e-13 relative; cusps (where the speed
// touches 0 and has a kink) cost a deeper split and stay within about 1e-10. `ArcLengthTable` keeps the
// accepted intervals to answer "which t is at distance s".

import Foundation

/// A 2D cubic bezier segment with absolute control points `p0`, `c1`, `c2`, `p3`.
struct CubicSegment: Hashable, Sendable {
    /// The start point, `B(0)`.
    var p0: Vector2
    /// The first control point (leaving `p0`).
    var c1: Vector2
    /// The second control point (arriving at `p3`).
    var c2: Vector2
    /// The end point, `B(1)`.
    var p3: Vector2

    /// Creates a segment from its absolute points.
    init(p0: Vector2, c1: Vector2, c2: Vector2, p3: Vector2) {
        self.p0 = p0
        self.c1 = c1
        self.c2 = c2
        self.p3 = p3
    }

    /// Creates a segment from its absolute points, unlabelled.
    init(_ p0: Vector2, _ c1: Vector2, _ c2: Vector2, _ p3: Vector2) {
        self.init(p0: p0, c1: c1, c2: c2, p3: p3)
    }

    /// The straight segment from `start` to `end`, with control points at one and two thirds so that the
    /// parameter moves at constant speed (`point(at: t)` is the lerp).
    static func line(from start: Vector2, to end: Vector2) -> CubicSegment {
        let delta = end - start
        return CubicSegment(p0: start, c1: start + delta / 3, c2: start + delta * (2.0 / 3.0), p3: end)
    }

    /// The motion path between two position keyframes (FORMAT.md "Position along a path").
    ///
    /// The segment is `start`, `start + outTangent`, `end + inTangent`, `end`, where `outTangent` is keyframe k's
    /// `to` and `inTangent` is keyframe k's `ti` (bodymovin writes both on keyframe k), both relative to their
    /// own end point.
    static func spatial(from start: Vector2, outTangent: Vector2, inTangent: Vector2,
                               to end: Vector2) -> CubicSegment {
        CubicSegment(p0: start, c1: start + outTangent, c2: end + inTangent, p3: end)
    }
}

// MARK: - Evaluation

extension CubicSegment {
    /// The point `B(t)`; `t` outside [0, 1] extrapolates the polynomial.
    func point(at t: Double) -> Vector2 {
        let mt = 1 - t
        let w0 = mt * mt * mt
        let w1 = 3 * mt * mt * t
        let w2 = 3 * mt * t * t
        let w3 = t * t * t
        return Vector2(x: w0 * p0.x + w1 * c1.x + w2 * c2.x + w3 * p3.x,
                       y: w0 * p0.y + w1 * c1.y + w2 * c2.y + w3 * p3.y)
    }

    /// The velocity `B'(t)`: the tangent direction, its length the speed in units per unit of `t`.
    func derivative(at t: Double) -> Vector2 {
        let mt = 1 - t
        let d0 = c1 - p0
        let d1 = c2 - c1
        let d2 = p3 - c2
        let w0 = 3 * mt * mt
        let w1 = 6 * mt * t
        let w2 = 3 * t * t
        return Vector2(x: w0 * d0.x + w1 * d1.x + w2 * d2.x, y: w0 * d0.y + w1 * d1.y + w2 * d2.y)
    }

    /// The acceleration `B''(t)`.
    func secondDerivative(at t: Double) -> Vector2 {
        let mt = 1 - t
        let e0 = c2 - c1 * 2 + p0
        let e1 = p3 - c2 * 2 + c1
        return Vector2(x: 6 * (mt * e0.x + t * e1.x), y: 6 * (mt * e0.y + t * e1.y))
    }

    /// The speed `|B'(t)|`.
    func speed(at t: Double) -> Double {
        derivative(at: t).length
    }

    /// The direction of motion at `t` as an angle in degrees from the +x axis, clockwise on screen (y down);
    /// in (-180, 180]. This is the auto-orient (`ao`) rotation.
    ///
    /// Where the velocity vanishes (a control point on its end point, or a cusp) the direction is the limit
    /// one: that of `B''(t)`, signed so that it points along the motion, else the chord `p3 - p0`. A segment
    /// that does not move at all has angle 0.
    func tangentAngle(at t: Double) -> Double {
        let direction = tangentDirection(at: t)
        if direction.x == 0 && direction.y == 0 { return 0 }
        return atan2(direction.y, direction.x) * (180 / Double.pi)
    }

    /// A (not normalised) vector along the direction of motion at `t`, or zero when the segment is a point.
    func tangentDirection(at t: Double) -> Vector2 {
        let velocity = derivative(at: t)
        let scale = (c1 - p0).length + (c2 - c1).length + (p3 - c2).length
        if scale == 0 { return .zero }
        if velocity.length > 1e-12 * scale { return velocity }
        // B'(t0 + h) ~ h B''(t0): the motion after t0 goes along B'', the motion before it against B''.
        let acceleration = secondDerivative(at: t)
        if acceleration.length > 1e-12 * scale { return t < 1 ? acceleration : -acceleration }
        // Both vanish only for degenerate placements; the third derivative 6 (p3 - 3 c2 + 3 c1 - p0) is
        // constant and points along the motion on both sides.
        let jerk = p3 - c2 * 3 + c1 * 3 - p0
        if jerk.length > 1e-12 * scale { return jerk }
        return p3 - p0
    }
}

// MARK: - Subdivision

extension CubicSegment {
    /// Splits the segment at `t` (de Casteljau): the first part covers [0, t], the second [t, 1], and both meet
    /// at `point(at: t)`.
    func split(at t: Double) -> (CubicSegment, CubicSegment) {
        let ab = p0.lerp(to: c1, t)
        let bc = c1.lerp(to: c2, t)
        let cd = c2.lerp(to: p3, t)
        let abc = ab.lerp(to: bc, t)
        let bcd = bc.lerp(to: cd, t)
        let middle = abc.lerp(to: bcd, t)
        return (CubicSegment(p0: p0, c1: ab, c2: abc, p3: middle), CubicSegment(p0: middle, c1: bcd, c2: cd, p3: p3))
    }

    /// The part of the segment between the parameters `start` and `end` (0 <= start <= end <= 1), itself a cubic
    /// segment parameterised over [0, 1].
    func subsegment(from start: Double, to end: Double) -> CubicSegment {
        if end <= 0 {
            return CubicSegment(p0: p0, c1: p0, c2: p0, p3: p0)
        }
        let head = end >= 1 ? self : split(at: end).0
        if start <= 0 { return head }
        return head.split(at: start / Swift.min(end, 1)).1
    }
}

// MARK: - Control box

extension CubicSegment {
    /// The bounding box of the four control points (it contains the curve).
    var controlBox: (min: Vector2, max: Vector2) {
        (Vector2(x: Swift.min(Swift.min(p0.x, c1.x), Swift.min(c2.x, p3.x)),
                 y: Swift.min(Swift.min(p0.y, c1.y), Swift.min(c2.y, p3.y))),
         Vector2(x: Swift.max(Swift.max(p0.x, c1.x), Swift.max(c2.x, p3.x)),
                 y: Swift.max(Swift.max(p0.y, c1.y), Swift.max(c2.y, p3.y))))
    }
}

// MARK: - Straight lines

extension CubicSegment {
    /// Whether the segment is a straight line travelled in one direction: both control points lie on the chord
    /// `p0`–`p3`, between its ends, within `tolerance` units. A point-like segment (all four points within
    /// `tolerance` of `p0`) counts as straight.
    ///
    /// Such a segment covers the chord monotonically, so moving along it by arc length is exactly the lerp
    /// from `p0` to `p3` (FORMAT.md: tangents that are zero or lie on the line make a plain lerp). Control points
    /// on the line but beyond an end make the motion overshoot and come back; those segments are not straight.
    ///
    /// - Parameter tolerance: The largest distance, in the segment's units, a control point may be off the
    ///   chord or beyond its ends. The default, 1e-6, is a millionth of a Lottie pixel.
    func isStraightLine(tolerance: Double = 1e-6) -> Bool {
        let chord = p3 - p0
        let chordLength = chord.length
        if chordLength <= tolerance {
            return (c1 - p0).length <= tolerance && (c2 - p0).length <= tolerance
        }
        @inline(__always)
        func isOnChord(_ control: Vector2) -> Bool {
            let offset = control - p0
            let along = chord.dot(offset) / chordLength // signed distance along the chord from p0
            let across = abs(chord.cross(offset)) / chordLength
            return across <= tolerance && along >= -tolerance && along <= chordLength + tolerance
        }
        return isOnChord(c1) && isOnChord(c2)
    }
}

// MARK: - Arc length

extension CubicSegment {
    /// The total arc length (adaptive Gauss–Legendre; about 1e-13 relative for smooth curves).
    var length: Double {
        arcLength(from: 0, to: 1)
    }

    /// The arc length between the parameters `start` and `end` (negative when `end < start`).
    func arcLength(from start: Double, to end: Double) -> Double {
        if start == end { return 0 }
        if end < start { return -arcLength(from: end, to: start) }
        var total = 0.0
        forEachArcLengthPiece(from: start, to: end) { _, pieceLength in total += pieceLength }
        return total
    }

    /// The length of the control polygon: an upper bound of the arc length, used to scale tolerances.
    var controlPolygonLength: Double {
        (c1 - p0).length + (c2 - c1).length + (p3 - c2).length
    }

    /// The 8-point Gauss–Legendre estimate of the arc length over [`start`, `end`].
    func gaussLegendreLength(from start: Double, to end: Double) -> Double {
        let velocity = Velocity(self)
        return GaussLegendre.integrate8(from: start, to: end) { velocity.speed(at: $0) }
    }

    /// Splits [`start`, `end`] into `initialPieces` equal parts, subdivides each adaptively until the quadrature
    /// is accurate, and reports the accepted pieces in order as (end parameter, length of the piece).
    ///
    /// Accepting [a, b] means the 8-point rule over [a, b] and over its two halves agree to 1e-13 of the control
    /// polygon length; the two halves are then reported separately.
    func forEachArcLengthPiece(from start: Double, to end: Double, initialPieces: Int = 4,
                               _ body: (_ pieceEnd: Double, _ pieceLength: Double) -> Void) {
        let tolerance = 1e-13 * controlPolygonLength
        let pieces = Swift.max(1, initialPieces)
        let width = (end - start) / Double(pieces)
        for index in 0..<pieces {
            let lower = start + width * Double(index)
            let upper = index == pieces - 1 ? end : start + width * Double(index + 1)
            let whole = gaussLegendreLength(from: lower, to: upper)
            refineArcLength(from: lower, to: upper, whole: whole, tolerance: tolerance, depth: 40, body)
        }
    }

    /// One step of the adaptive split; see ``forEachArcLengthPiece(from:to:initialPieces:_:)``.
    private func refineArcLength(from lower: Double, to upper: Double, whole: Double, tolerance: Double,
                                 depth: Int, _ body: (_ pieceEnd: Double, _ pieceLength: Double) -> Void) {
        let middle = 0.5 * (lower + upper)
        let left = gaussLegendreLength(from: lower, to: middle)
        let right = gaussLegendreLength(from: middle, to: upper)
        // A length that is not finite (a segment out at 1e300, or NaN) never meets the tolerance:
        // splitting it on would take 2^depth quadratures.
        if depth == 0 || abs(left + right - whole) <= tolerance || !(middle > lower && middle < upper)
            || !(left + right).isFinite || !tolerance.isFinite {
            body(middle, left)
            body(upper, right)
            return
        }
        refineArcLength(from: lower, to: middle, whole: left, tolerance: tolerance, depth: depth - 1, body)
        refineArcLength(from: middle, to: upper, whole: right, tolerance: tolerance, depth: depth - 1, body)
    }
}

// MARK: - Velocity polynomial

/// `B'(t)` as the polynomial `a t^2 + b t + c`, its coefficients worked out once: the quadrature
/// asks for the speed eight times per interval, hundreds of times per segment measured.
struct Velocity {
    let a: Vector2
    let b: Vector2
    let c: Vector2

    /// From `B'(t) = 3 [(1 - t)^2 d0 + 2 t (1 - t) d1 + t^2 d2]` with `d0 = c1 - p0`, `d1 = c2 - c1`,
    /// `d2 = p3 - c2`: `a = 3 (d0 - 2 d1 + d2)`, `b = 6 (d1 - d0)`, `c = 3 d0`.
    init(_ segment: CubicSegment) {
        let d0 = segment.c1 - segment.p0
        let d1 = segment.c2 - segment.c1
        let d2 = segment.p3 - segment.c2
        a = Vector2(x: 3 * (d0.x - 2 * d1.x + d2.x), y: 3 * (d0.y - 2 * d1.y + d2.y))
        b = Vector2(x: 6 * (d1.x - d0.x), y: 6 * (d1.y - d0.y))
        c = Vector2(x: 3 * d0.x, y: 3 * d0.y)
    }

    /// `|B'(t)|`.
    func speed(at t: Double) -> Double {
        let x = (a.x * t + b.x) * t + c.x
        let y = (a.y * t + b.y) * t + c.y
        return (x * x + y * y).squareRoot()
    }
}

// MARK: - CustomStringConvertible

extension CubicSegment: CustomStringConvertible {
    /// `p0 -> c1, c2 -> p3`.
    var description: String { "\(p0) -> \(c1), \(c2) -> \(p3)" }
}
