// Offset path (`op`): growing or shrinking a contour by a distance, with a line join at the corners.
//
// The algorithm is lottie-web's OffsetPathModifier (`processPath`), step by step:
// 1. Every segment is offset on its own (CubicOffset.swift): straight segments written with zero tangents
//    exactly, curves by offsetting their control polygon after splitting them at their inflection points (and,
//    unlike lottie-web, into parts turning by about 22.5° at most, for accuracy; see CubicOffset.swift).
//    Segments of zero length are skipped. An open contour is walked forwards and then backwards, so that its
//    offset goes along one side and comes back along the other.
// 2. Where two consecutive offset segments cross (the inner side of a corner), both are cut at the crossing
//    (`pruneIntersections`), the one before the crossing keeping its first part and the one after its last.
// 3. Where they do not meet (the outer side of a corner), the gap is closed by the line join:
//    - bevel (`lj` 3): a straight line;
//    - miter (`lj` 1): the two end tangents are extended until they meet, if the tip lies within
//      `miterLimit * |amount|` of the original corner; otherwise a bevel;
//    - round (`lj` 2): a circular arc around the original corner.
// The sign: a positive amount moves each segment along (dy, -dx), outwards for a contour that runs clockwise on
// screen (y down), which is how rectangles, ellipses and polystars are drawn; a negative amount moves inwards.
// lottie-web does not look at the direction, and neither does this code: a reversed (`d: 3`) shape shrinks for
// a positive amount.
//
// Decisions where this code differs from lottie-web, each for a stated reason:
// - Miter limit: lottie-web compares the distance between the offset end point and the miter tip with `ml`
//   directly, in units, so a 90° corner offset by 10 with the usual limit 4 is bevelled. Here the limit is a
//   ratio, as for strokes and as ThorVG's offset path and Illustrator's Offset Path define it: the tip's
//   distance from the original corner over |amount| (1 / cos(half the turn)) must not exceed `miterLimit`.
//   A square offset by 10 with limit 4 (ratio √2) gets sharp corners.
// - Round join: lottie-web draws one cubic between the two ends with handles 0.5519 times their distance
//   (its centre computation always fails: it intersects two parallel lines), which bulges past the circle.
//   Here it is a true circular arc about the original corner, radius |amount|, one cubic per quarter turn
//   (handles (4/3) tan(θ/4) r).
// - Collinear points: where a miter tip extends a straight offset segment, the segment is lengthened to the tip
//   instead of getting an extra vertex in line with it (the same outline; a square stays four vertices).
// - The ends of an open contour: the outline around it is closed (lottie-web flags it open, leaving the join at
//   its start unstroked); the joins at the two ends are 180° turns, so miter falls back to bevel there (a
//   straight end) and round draws a half circle.
// - Crossings are found with a tolerance relative to the size of the path (CubicIntersection.swift) instead of
//   lottie-web's 2 units, and only between consecutive segments (lottie-web also tries the first piece of a
//   segment against the last piece of the next when both were split, a heuristic left out here).
// The offset of curves is an approximation (CubicOffset.swift); offsets larger than the radius of a curve or a
// contour inverted by a large negative amount are not repaired, as in lottie-web.
//
// Sources (read, not copied): lottie-web `player/js/utils/shapes/OffsetPathModifier.js` (`processPath`,
// `joinLines`, `pruneIntersections`, `pruneSegmentIntersection`) and `player/js/utils/PolynomialBezier.js`;
// ThorVG `src/loaders/lottie/tvgLottieModifier.cpp` (`LottieOffsetModifier::corner`, the miter ratio test).

import Foundation

/// An offset path modifier (`op`) with its values at one frame.
struct OffsetPathModifier: ContourModifier, Equatable, Sendable {
    /// How the offset segments are joined at the outer side of a corner (`lj`).
    enum LineJoin: Int, Sendable, Hashable {
        /// `lj` 1: extend the sides to a point, within the miter limit.
        case miter = 1
        /// `lj` 2: a circular arc.
        case round = 2
        /// `lj` 3: a straight line across.
        case bevel = 3
    }

    /// The distance `a`: positive grows a clockwise contour, negative shrinks it.
    var amount: Double
    /// The join at corners.
    var lineJoin: LineJoin
    /// The miter limit `ml`, as a multiple of |amount| (see the file header).
    var miterLimit: Double

    /// Creates the modifier with its values at one frame.
    init(amount: Double, lineJoin: LineJoin = .miter, miterLimit: Double = 4) {
        self.amount = amount
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
    }

    /// Whether the modifier leaves every contour as it is.
    var isIdentity: Bool { !(amount != 0) }

    /// The contour offset by `amount`, as a closed contour (see the file header). A contour without any segment
    /// of non-zero length is returned unchanged.
    func apply(to contour: BezierContour) -> BezierContour {
        guard amount != 0, amount.isFinite, contour.segmentCount > 0 else { return contour }
        var scale = abs(amount)
        for vertex in contour.vertices { scale = Swift.max(scale, abs(vertex.x), abs(vertex.y)) }
        let tolerance = 1e-9 * Swift.max(1, scale)

        var pieces = OffsetPieces(tolerance: tolerance)
        pieces.collect(contour, amount: amount)
        guard pieces.groupCount > 0 else { return contour }
        pieces.pruneCrossings()

        var outline = OutlineBuilder(tolerance: tolerance, capacity: 2 * pieces.items.count + 2)
        for group in 0..<pieces.groupCount {
            let range = pieces.range(ofGroup: group)
            if group > 0 {
                join(after: pieces.items[range.lowerBound - 1], before: &pieces.items[range.lowerBound],
                     corner: pieces.corners[group], outline: &outline)
            }
            for index in range { outline.append(pieces.items[index]) }
        }
        closeOutline(last: pieces.items[pieces.items.count - 1], first: pieces.items[0], corner: pieces.corners[0],
                     outline: &outline)
        return outline.contour
    }
}

// MARK: - Joins

extension OffsetPathModifier {
    /// Fills the gap between the end of `previous` (the outline's last vertex) and the start of `next`.
    private func join(after previous: OffsetPiece, before next: inout OffsetPiece, corner: Vector2,
                      outline: inout OutlineBuilder) {
        let end = previous.curve.p3
        let start = next.curve.p0
        guard !outline.isSamePoint(end, start) else { return }
        switch lineJoin {
        case .bevel:
            return // appending `next` draws the straight line
        case .miter:
            guard let tip = miterTip(previous: previous.curve, next: next.curve, corner: corner) else { return }
            if previous.isLine { outline.moveLastVertex(to: tip) } else { outline.appendCorner(tip) }
            if next.isLine { next.curve.p0 = tip }
        case .round:
            outline.appendArc(around: corner, to: start, leaving: previous.curve.tangentDirection(at: 1))
        }
    }

    /// Closes the outline from the end of `last` back to the start of `first` (vertex 0).
    private func closeOutline(last: OffsetPiece, first: OffsetPiece, corner: Vector2,
                              outline: inout OutlineBuilder) {
        let end = last.curve.p3
        let start = first.curve.p0
        if !outline.isSamePoint(end, start) {
            switch lineJoin {
            case .bevel:
                break
            case .miter:
                if let tip = miterTip(previous: last.curve, next: first.curve, corner: corner) {
                    if last.isLine { outline.moveLastVertex(to: tip) } else { outline.appendCorner(tip) }
                    if first.isLine { outline.moveFirstVertex(to: tip) }
                }
            case .round:
                outline.appendArc(around: corner, to: start, leaving: last.curve.tangentDirection(at: 1))
            }
        }
        outline.mergeLastIntoFirstIfSame()
    }

    /// Where the end tangent of `previous` and the start tangent of `next` meet ahead of the one and behind the
    /// other, if that tip is within the miter limit.
    private func miterTip(previous: CubicSegment, next: CubicSegment, corner: Vector2) -> Vector2? {
        let end = previous.p3
        let start = next.p0
        let outgoing = previous.tangentDirection(at: 1)
        let incoming = next.tangentDirection(at: 0)
        let outgoingLength = outgoing.length
        let incomingLength = incoming.length
        guard outgoingLength > 0, incomingLength > 0 else { return nil }
        let d0 = outgoing / outgoingLength
        let d1 = incoming / incomingLength
        let denominator = d0.cross(d1)
        guard abs(denominator) > 1e-12 else { return nil } // parallel: no tip (a straight on or a U-turn)
        let gap = start - end
        let along = gap.cross(d1) / denominator   // end + along * d0 == tip
        let back = gap.cross(d0) / denominator    // start + back * d1 == tip
        guard along > 0, back < 0 else { return nil }
        let tip = end + d0 * along
        guard tip.distance(to: corner) <= miterLimit * abs(amount) else { return nil }
        return tip
    }
}

// MARK: - Pieces

/// One offset piece of a segment.
private struct OffsetPiece {
    var curve: CubicSegment
    /// A straight line (drawn with zero tangents).
    var isLine: Bool
}

/// The offset pieces of a contour in drawing order, grouped by the segment they come from.
private struct OffsetPieces {
    let tolerance: Double
    var items: [OffsetPiece] = []
    /// The index in `items` of each group's first piece.
    var groupStarts: [Int] = []
    /// The original vertex at the start of each group's segment: the centre of the join before it.
    var corners: [Vector2] = []

    init(tolerance: Double) {
        self.tolerance = tolerance
    }

    var groupCount: Int { groupStarts.count }

    func range(ofGroup group: Int) -> Range<Int> {
        groupStarts[group]..<(group + 1 < groupStarts.count ? groupStarts[group + 1] : items.count)
    }

    /// Offsets every segment of `contour` (forwards, then backwards for an open contour).
    mutating func collect(_ contour: BezierContour, amount: Double) {
        let count = contour.segmentCount
        let groups = contour.closed ? count : 2 * count
        items.reserveCapacity(groups + 4)
        groupStarts.reserveCapacity(groups)
        corners.reserveCapacity(groups)
        for index in 0..<count {
            add(contour.linearizedSegment(index), isLine: contour.isStraightSegment(index), amount: amount)
        }
        if !contour.closed {
            for index in stride(from: count - 1, through: 0, by: -1) {
                let segment = contour.linearizedSegment(index)
                add(CubicSegment(p0: segment.p3, c1: segment.c2, c2: segment.c1, p3: segment.p0),
                    isLine: contour.isStraightSegment(index), amount: amount)
            }
        }
    }

    private mutating func add(_ segment: CubicSegment, isLine: Bool, amount: Double) {
        let p0 = segment.p0
        if p0.distance(to: segment.c1) <= tolerance && p0.distance(to: segment.c2) <= tolerance
            && p0.distance(to: segment.p3) <= tolerance {
            return // no length, nothing to offset
        }
        groupStarts.append(items.count)
        corners.append(p0)
        if isLine {
            items.append(OffsetPiece(curve: segment.offsetByControlPolygon(amount), isLine: true))
            return
        }
        let inflections = segment.inflectionParameters()
        guard let first = inflections.first else {
            addCurve(segment, amount: amount)
            return
        }
        let (head, rest) = segment.split(at: first)
        addCurve(head, amount: amount)
        if let second = inflections.second {
            let (middle, tail) = rest.split(at: (second - first) / (1 - first))
            addCurve(middle, amount: amount)
            addCurve(tail, amount: amount)
        } else {
            addCurve(rest, amount: amount)
        }
    }

    /// Offsets an inflection-free curve, in parts that each turn by about 22.5° at most.
    private mutating func addCurve(_ curve: CubicSegment, amount: Double) {
        curve.forEachOffsetPart { part in
            items.append(OffsetPiece(curve: part.offsetByControlPolygon(amount), isLine: false))
        }
    }

    /// Cuts consecutive groups where the last piece of one crosses the first piece of the next (and the last
    /// group against the first).
    mutating func pruneCrossings() {
        guard groupCount > 1 else { return }
        for group in 1..<groupCount {
            cut(items: groupStarts[group] - 1, groupStarts[group])
        }
        cut(items: items.count - 1, 0)
    }

    private mutating func cut(items before: Int, _ after: Int) {
        let first = items[before]
        let second = items[after]
        guard let crossing = first.curve.firstCrossing(with: second.curve, tolerance: tolerance,
                                                       bothStraight: first.isLine && second.isLine) else { return }
        let kept = first.curve.split(at: crossing.t).0
        var rest = second.curve.split(at: crossing.u).1
        rest.p0 = kept.p3
        items[before].curve = kept
        items[after].curve = rest
    }
}

// MARK: - Outline

/// The output contour under construction.
private struct OutlineBuilder {
    let tolerance: Double
    var contour: BezierContour

    init(tolerance: Double, capacity: Int) {
        self.tolerance = tolerance
        contour = BezierContour(vertices: [], inTangents: [], outTangents: [], closed: true)
        contour.vertices.reserveCapacity(capacity)
        contour.inTangents.reserveCapacity(capacity)
        contour.outTangents.reserveCapacity(capacity)
    }

    func isSamePoint(_ a: Vector2, _ b: Vector2) -> Bool {
        a.distance(to: b) <= tolerance
    }

    /// Appends a piece, continuing from the last vertex when the piece starts there.
    mutating func append(_ piece: OffsetPiece) {
        let curve = piece.curve
        if let last = contour.vertices.indices.last, isSamePoint(contour.vertices[last], curve.p0) {
            contour.outTangents[last] = piece.isLine ? .zero : curve.c1 - contour.vertices[last]
        } else {
            contour.vertices.append(curve.p0)
            contour.inTangents.append(.zero)
            contour.outTangents.append(piece.isLine ? .zero : curve.c1 - curve.p0)
        }
        contour.vertices.append(curve.p3)
        contour.inTangents.append(piece.isLine ? .zero : curve.c2 - curve.p3)
        contour.outTangents.append(.zero)
    }

    /// Appends a sharp vertex (a miter tip).
    mutating func appendCorner(_ point: Vector2) {
        contour.vertices.append(point)
        contour.inTangents.append(.zero)
        contour.outTangents.append(.zero)
    }

    mutating func moveLastVertex(to point: Vector2) {
        contour.vertices[contour.vertices.count - 1] = point
    }

    mutating func moveFirstVertex(to point: Vector2) {
        contour.vertices[0] = point
    }

    /// Appends a circular arc from the last vertex to `end` around `center`, starting in the direction of
    /// `leaving` (it decides which way round); one cubic per quarter turn at most. A turn of more than half a
    /// circle (the join is on the inner side but the pieces did not cross) is drawn as a straight line instead.
    mutating func appendArc(around center: Vector2, to end: Vector2, leaving: Vector2) {
        guard let last = contour.vertices.indices.last else { return }
        let from = contour.vertices[last] - center
        let to = end - center
        let radius = 0.5 * (from.length + to.length)
        guard radius > tolerance else { return }
        // +1 turns from `from` towards its left normal (-y, x); the arc must leave along `leaving`.
        var turn = Vector2(-from.y, from.x).dot(leaving) >= 0 ? 1.0 : -1.0
        if leaving == .zero { turn = from.cross(to) >= 0 ? 1 : -1 }
        var sweep = atan2(from.cross(to), from.dot(to)) * turn // in (-π, π] measured in the turn direction
        if sweep < 0 { sweep += 2 * Double.pi }
        guard sweep > 0, sweep <= Double.pi + 1e-9 else { return }
        let pieces = Swift.max(1, Int((sweep / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = sweep / Double(pieces)
        let handle = 4.0 / 3.0 * tan(step / 4) * radius
        let startAngle = atan2(from.y, from.x)
        var previousIndex = last
        for piece in 1...pieces {
            let angle = startAngle + turn * step * Double(piece)
            let radial = Vector2(cos(angle), sin(angle))
            let point = piece == pieces ? end : center + radial * radius
            let previousRadial = (contour.vertices[previousIndex] - center) / radius
            contour.outTangents[previousIndex] = Vector2(-previousRadial.y, previousRadial.x) * (turn * handle)
            contour.vertices.append(point)
            contour.inTangents.append(Vector2(-radial.y, radial.x) * (-turn * handle))
            contour.outTangents.append(.zero)
            previousIndex = contour.vertices.count - 1
        }
    }

    /// Drops a last vertex that repeats vertex 0 (the closing segment then reaches vertex 0 with its tangent).
    mutating func mergeLastIntoFirstIfSame() {
        let count = contour.vertices.count
        guard count > 1, isSamePoint(contour.vertices[count - 1], contour.vertices[0]),
              contour.outTangents[count - 1] == .zero else { return }
        contour.inTangents[0] = contour.inTangents[count - 1]
        contour.vertices.removeLast()
        contour.inTangents.removeLast()
        contour.outTangents.removeLast()
    }
}
