// Zig zag (`zz`): replacing a contour by a zig-zag (or a wave) that runs along it.
//
// Following lottie-web's ZigZagModifier:
// - The output is made of new vertices only: one for each vertex of the contour ("corners") and `ridges`
//   evenly spaced ones inside every segment, at the bezier parameters t = k / (ridges + 1), k = 1...ridges.
//   Straight segments written with zero tangents are first given control points at 1/3 and 2/3 of the chord
//   (lottie-web's "linearize"), so on them those parameters are evenly spaced by length too.
// - Each new vertex is pushed off the path by `size` along the normal, to alternating sides: the first vertex
//   of the contour to one side, the next to the other, and so on through all the vertices of the contour. The
//   normal of a direction (dx, dy) is (dy, -dx) normalised; vertex 0 goes the opposite way, so on a line drawn
//   to the right (y down) the first vertex moves down, the second up.
// - A corner's direction is the chord from its previous to its next vertex; an inner point's is the
//   segment's derivative there.
// - Point type corner (`pt` 1): no tangents, straight zig-zags. Smooth (`pt` 2): tangents along that direction,
//   of length (distance to the neighbouring vertex, or the segment's chord for inner points) / (2 (ridges + 1))
//   on each side: a wave.
// - ridges = max(0, round(r)), rounding halves up like JavaScript's Math.round. size = 0 leaves the contour
//   unchanged. A contour without segments gives an empty contour.
// - On a closed contour lottie-web ends with vertex 0's corner again. When the alternation brings it back on
//   the same side (an even number of output vertices in the loop), that last vertex repeats the first exactly
//   and is dropped here (the closing segment then goes straight to the first one, the same curve). When it
//   lands on the other side it is kept, as lottie-web keeps it.
//
// Deviation: for the two ends of an OPEN contour lottie-web still takes the previous/next vertex around the
// loop (the last vertex as the "previous" of vertex 0), so on a two-point line both ends get a zero chord and are
// pushed along +x whatever the line's direction. Here an end uses its own segment's chord (the previous of
// vertex 0 is vertex 0 itself, the next of the last vertex is itself), which keeps the ends on the normal.
// A corner whose chord is zero (a closed contour of two vertices) falls back to its next, then its previous
// side; if all are zero the corner is not moved.
//
// Sources (read, not copied): lottie-web `player/js/utils/shapes/ZigZagModifier.js` (`processPath`,
// `zigZagCorner`, `zigZagSegment`, `setPoint`) and `player/js/utils/PolynomialBezier.js` (`shapeSegment`,
// `normalAngle`); lottie-docs `docs/shapes.md` ("Zig Zag").

/// A zig-zag modifier (`zz`) with its values at one frame.
struct ZigZagModifier: ContourModifier, Equatable, Sendable {
    /// The shape of the ridges (`pt`).
    enum PointType: Int, Sendable, Hashable {
        /// `pt` 1: sharp ridges joined by straight lines.
        case corner = 1
        /// `pt` 2: smooth ridges, a wave.
        case smooth = 2
    }

    /// The number of ridges per segment `r` (rounded to a whole number, at least 0).
    var ridges: Double
    /// The amplitude `s`: how far each ridge is pushed off the path, in units.
    var size: Double
    /// Corner or smooth ridges.
    var pointType: PointType

    /// Creates the modifier with its values at one frame.
    init(ridges: Double, size: Double, pointType: PointType = .corner) {
        self.ridges = ridges
        self.size = size
        self.pointType = pointType
    }

    /// The whole number of ridges per segment actually drawn: `round(ridges)`, at least 0.
    var ridgeCount: Int {
        guard ridges.isFinite, ridges > 0 else { return 0 }
        return Int(Swift.min((ridges + 0.5).rounded(.down), 100_000))
    }

    /// Whether the modifier leaves every contour as it is.
    var isIdentity: Bool { !(size != 0) }

    /// The contour turned into a zig-zag: see the file header.
    func apply(to contour: BezierContour) -> BezierContour {
        guard size != 0 else { return contour }
        let segmentCount = contour.segmentCount
        var result = BezierContour(vertices: [], inTangents: [], outTangents: [], closed: contour.closed)
        guard segmentCount > 0 else { return result }
        let ridges = ridgeCount
        let capacity = 1 + segmentCount * (ridges + 1)
        result.vertices.reserveCapacity(capacity)
        result.inTangents.reserveCapacity(capacity)
        result.outTangents.reserveCapacity(capacity)
        // Smooth tangents are this fraction of the distance to the neighbour.
        let handleShare = pointType == .smooth ? 1 / Double(2 * (ridges + 1)) : 0

        var side = -1.0
        appendCorner(0, of: contour, side: side, handleShare: handleShare, to: &result)
        for index in 0..<segmentCount {
            let segment = contour.linearizedSegment(index)
            let handle = segment.p0.distance(to: segment.p3) * handleShare
            for ridge in 0..<ridges {
                side = -side
                let t = Double(ridge + 1) / Double(ridges + 1)
                let direction = unit(segment.tangentDirection(at: t))
                append(point: segment.point(at: t), direction: direction, side: side, inLength: handle,
                       outLength: handle, to: &result)
            }
            side = -side
            let corner = index + 1
            if contour.closed && corner == contour.vertices.count && side == -1 {
                break // the same vertex as the first one: the closing segment reaches it
            }
            appendCorner(corner % contour.vertices.count, of: contour, side: side, handleShare: handleShare,
                         to: &result)
        }
        return result
    }

    /// Appends the displaced vertex `index` of `contour`.
    private func appendCorner(_ index: Int, of contour: BezierContour, side: Double, handleShare: Double,
                              to result: inout BezierContour) {
        let count = contour.vertices.count
        let vertex = contour.vertices[index]
        let previous: Vector2
        let next: Vector2
        if contour.closed {
            previous = contour.vertices[index == 0 ? count - 1 : index - 1]
            next = contour.vertices[index == count - 1 ? 0 : index + 1]
        } else {
            previous = contour.vertices[index == 0 ? 0 : index - 1]
            next = contour.vertices[index == count - 1 ? count - 1 : index + 1]
        }
        var chord = next - previous
        if chord == .zero { chord = next - vertex }
        if chord == .zero { chord = vertex - previous }
        append(point: vertex, direction: unit(chord), side: side,
               inLength: vertex.distance(to: previous) * handleShare,
               outLength: vertex.distance(to: next) * handleShare, to: &result)
    }

    /// Appends `point` pushed by `size` to `side` (±1) of the unit `direction`, with tangents along it.
    private func append(point: Vector2, direction: Vector2, side: Double, inLength: Double, outLength: Double,
                        to result: inout BezierContour) {
        let normal = Vector2(direction.y, -direction.x)
        result.vertices.append(point + normal * (side * size))
        result.inTangents.append(direction * -inLength)
        result.outTangents.append(direction * outLength)
    }

    /// `vector` scaled to length 1, or zero.
    private func unit(_ vector: Vector2) -> Vector2 {
        let length = vector.length
        return length > 0 ? vector / length : .zero
    }
}

extension BezierContour {
    /// Segment `index` with a zero tangent replaced by a control point at 1/3 (out) or 2/3 (in) of the chord, so
    /// that a straight segment written with zero tangents moves at constant speed (lottie-web's linearised
    /// `PolynomialBezier.shapeSegment`).
    func linearizedSegment(_ index: Int) -> CubicSegment {
        var segment = self.segment(index)
        let next = index + 1 == vertices.count ? 0 : index + 1
        if outTangents[index] == .zero { segment.c1 = segment.p0.lerp(to: segment.p3, 1.0 / 3.0) }
        if inTangents[next] == .zero { segment.c2 = segment.p0.lerp(to: segment.p3, 2.0 / 3.0) }
        return segment
    }
}
