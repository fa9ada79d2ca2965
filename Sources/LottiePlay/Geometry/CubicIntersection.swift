// Where two cubic segments cross: what offset paths need to cut away the overlap of two offset segments at a
// corner on the inner side.
//
// Straight segments (both control points on the chord, at constant speed) are intersected exactly. Curves are
// intersected by recursive subdivision: two pieces whose control-point bounding boxes (which contain the curves)
// do not overlap cannot cross; overlapping pieces are halved, both of them, until they are smaller than the
// tolerance, and the middles of the surviving pairs are the crossings. This is lottie-web's method
// (`PolynomialBezier.intersections`) with a tolerance relative to the size of the curves instead of its fixed
// 2 units and 7 levels, and with a budget on the number of box pairs so that two curves lying on top of each
// other (every box overlaps every box) cannot blow up.
//
// Sources (read, not copied): lottie-web `player/js/utils/PolynomialBezier.js` (`intersections`,
// `intersectsImpl`, `boxIntersect`) and `player/js/utils/shapes/OffsetPathModifier.js` (`getIntersection`,
// which skips a crossing at the very end of the first segment).

extension CubicSegment {
    /// The crossing of this segment with `other` that comes first along this segment, as the parameters
    /// (t on self, u on other), ignoring a contact where this segment's end meets `other`'s start (consecutive
    /// segments that already join there).
    ///
    /// - Parameters:
    ///   - other: The second segment.
    ///   - tolerance: Two points closer than this count as the same point (in units).
    ///   - bothStraight: Whether both segments are straight lines parameterised at constant speed; they are then
    ///     intersected exactly.
    func firstCrossing(with other: CubicSegment, tolerance: Double,
                       bothStraight: Bool) -> (t: Double, u: Double)? {
        if bothStraight {
            guard let crossing = Self.lineSegmentCrossing(self, other, tolerance: tolerance) else { return nil }
            return isContactAtJoin(with: other, t: crossing.t, u: crossing.u, tolerance: tolerance) ? nil : crossing
        }
        return curveCrossing(with: other, tolerance: tolerance)
    }

    /// Whether the point at `t` on self and `u` on `other` is where self ends and `other` starts.
    private func isContactAtJoin(with other: CubicSegment, t: Double, u: Double, tolerance: Double) -> Bool {
        p3.distance(to: other.p0) <= tolerance
            && point(at: t).distance(to: p3) <= 4 * tolerance
            && other.point(at: u).distance(to: other.p0) <= 4 * tolerance
    }

    /// The crossing of two straight segments, as fractions along each (parameters of a constant-speed line).
    private static func lineSegmentCrossing(_ a: CubicSegment, _ b: CubicSegment,
                                            tolerance: Double) -> (t: Double, u: Double)? {
        let r = a.p3 - a.p0
        let s = b.p3 - b.p0
        let denominator = r.cross(s)
        guard abs(denominator) > 1e-12 * r.length * s.length, denominator != 0 else { return nil }
        let offset = b.p0 - a.p0
        let t = offset.cross(s) / denominator
        let u = offset.cross(r) / denominator
        let slackT = tolerance / Swift.max(r.length, tolerance)
        let slackU = tolerance / Swift.max(s.length, tolerance)
        guard t >= -slackT, t <= 1 + slackT, u >= -slackU, u <= 1 + slackU else { return nil }
        return (Swift.min(1, Swift.max(0, t)), Swift.min(1, Swift.max(0, u)))
    }

    /// The crossings of two curves by subdivision; the first along self that is not the contact at the join.
    private func curveCrossing(with other: CubicSegment, tolerance: Double) -> (t: Double, u: Double)? {
        struct Pair {
            var a: CubicSegment
            var aStart: Double
            var aEnd: Double
            var b: CubicSegment
            var bStart: Double
            var bEnd: Double
            var depth: Int
        }
        let maximumDepth = 52
        var budget = 4096
        var stack: [Pair] = [Pair(a: self, aStart: 0, aEnd: 1, b: other, bStart: 0, bEnd: 1, depth: 0)]
        stack.reserveCapacity(64)
        var best: (t: Double, u: Double)?
        while let pair = stack.popLast() {
            budget -= 1
            if budget < 0 { break }
            let boxA = pair.a.controlBox
            let boxB = pair.b.controlBox
            if boxA.min.x > boxB.max.x + tolerance || boxB.min.x > boxA.max.x + tolerance
                || boxA.min.y > boxB.max.y + tolerance || boxB.min.y > boxA.max.y + tolerance {
                continue
            }
            // A pair that cannot beat the best crossing found so far is not worth refining.
            if let best, pair.aStart > best.t { continue }
            let sizeA = Swift.max(boxA.max.x - boxA.min.x, boxA.max.y - boxA.min.y)
            let sizeB = Swift.max(boxB.max.x - boxB.min.x, boxB.max.y - boxB.min.y)
            if (sizeA <= tolerance && sizeB <= tolerance) || pair.depth >= maximumDepth {
                let t = 0.5 * (pair.aStart + pair.aEnd)
                let u = 0.5 * (pair.bStart + pair.bEnd)
                let improves = best.map { t < $0.t } ?? true
                if improves && !isContactAtJoin(with: other, t: t, u: u, tolerance: tolerance) {
                    best = (t, u)
                }
                continue
            }
            let aMiddle = 0.5 * (pair.aStart + pair.aEnd)
            let bMiddle = 0.5 * (pair.bStart + pair.bEnd)
            let (a0, a1) = pair.a.split(at: 0.5)
            let (b0, b1) = pair.b.split(at: 0.5)
            let depth = pair.depth + 1
            // Pushed so that the first half of self is examined first (smallest t first).
            stack.append(Pair(a: a1, aStart: aMiddle, aEnd: pair.aEnd, b: b1, bStart: bMiddle, bEnd: pair.bEnd,
                              depth: depth))
            stack.append(Pair(a: a1, aStart: aMiddle, aEnd: pair.aEnd, b: b0, bStart: pair.bStart, bEnd: bMiddle,
                              depth: depth))
            stack.append(Pair(a: a0, aStart: pair.aStart, aEnd: aMiddle, b: b1, bStart: bMiddle, bEnd: pair.bEnd,
                              depth: depth))
            stack.append(Pair(a: a0, aStart: pair.aStart, aEnd: aMiddle, b: b0, bStart: pair.bStart, bEnd: bMiddle,
                              depth: depth))
        }
        return best
    }
}
