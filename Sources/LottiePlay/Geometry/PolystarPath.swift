// The contour of a polystar shape (`sr`): a star (`sy` 1) or a regular polygon (`sy` 2).
//
// Vertices lie on circles around the centre p. The first is an outer point straight above the centre turned by
// the rotation r (degrees, clockwise on screen); the others follow clockwise at equal angles:
//
//     polygon: n = floor(pt) vertices at angle -90° + r + k * 360° / n, all on the outer radius
//     star:    2n vertices at angle -90° + r + k * 180° / n, outer radius for even k, inner radius for odd k
//
// A fractional point count is floored, as lottie-web does (`Math.floor(this.pt.v)`): an animated `pt` changes
// the figure one whole point at a time. A count below 1 gives an empty contour.
//
// Roundness (os / is, percent) gives each vertex tangents along the circle through it, of length
//
//     roundness / 100 * (2 π radius) / (4 n)
//
// (a quarter of the circumference divided among the n points; lottie-web's `perimSegment`, the same expression
// for stars, where it is written 2 π radius / (2 * 2n)). The out tangent points in the direction of travel
// (clockwise), the in tangent against it. lottie-web derives that direction from the vertex's offset
// (x, y) from the centre as (-y, x) / |(x, y)|, so a negative radius flips it; so does this code. A vertex at
// the centre (radius 0) gets zero tangents.
//
// `d: 3` keeps the first vertex and visits the others counter-clockwise with swapped tangents: lottie-web steps
// the angle backwards and negates the tangents (`dir = -1`), which is the reversal of Reversal.swift.
//
// Sources (read, not copied): lottie-web `player/js/utils/shapes/ShapeProperty.js` (`convertStarToPath`,
// `convertPolygonToPath`); lottie-docs `docs/rendering.md` ("PolyStar" pseudocode; its tangent formula for the
// outer points uses the inner radius, a typo that lottie-web does not have, so lottie-web is followed).

import Foundation

extension BezierContour {
    /// The two kinds of Lottie polystar, with their `sy` values.
    public enum PolystarKind: Int, Sendable, Hashable {
        /// `sy` 1: points alternate between the outer and the inner radius.
        case star = 1
        /// `sy` 2: a regular polygon, every vertex on the outer radius.
        case polygon = 2
    }

    /// The largest point count drawn; higher counts (which no file uses on purpose) are clamped to keep a stray
    /// value from allocating millions of vertices.
    public static let maximumPolystarPoints = 10_000

    /// The contour of a Lottie polystar (`sr`).
    ///
    /// - Parameters:
    ///   - kind: Star (`sy` 1) or polygon (`sy` 2).
    ///   - center: The centre `p`.
    ///   - points: The number of points `pt`; the fraction is dropped (lottie-web), below 1 gives an empty contour.
    ///   - rotation: The rotation `r` in degrees, clockwise on screen; 0 puts the first point straight above the
    ///     centre.
    ///   - outerRadius: `or`, the distance of the (outer) points from the centre.
    ///   - outerRoundness: `os` in percent: 0 sharp, 100 tangents a quarter of the circle's arc per point.
    ///   - innerRadius: `ir`, stars only: the distance of the inner corners from the centre.
    ///   - innerRoundness: `is` in percent, stars only.
    ///   - reversed: Whether the shape's direction is reversed (`d == 3`).
    public static func polystar(_ kind: PolystarKind, center: Vector2, points: Double, rotation: Double = 0,
                                outerRadius: Double, outerRoundness: Double = 0, innerRadius: Double = 0,
                                innerRoundness: Double = 0, reversed: Bool = false) -> BezierContour {
        var contour = BezierContour(vertices: [], inTangents: [], outTangents: [], closed: true)
        writePolystar(kind, center: center, points: points, rotation: rotation, outerRadius: outerRadius,
                      outerRoundness: outerRoundness, innerRadius: innerRadius, innerRoundness: innerRoundness,
                      reversed: reversed, into: &contour)
        return contour
    }

    /// What `polystar(_:center:points:…)` makes, written into `contour`'s storage: a polystar that
    /// moves is written over the frame before's contour instead of allocating one at every frame.
    static func writePolystar(_ kind: PolystarKind, center: Vector2, points: Double, rotation: Double,
                              outerRadius: Double, outerRoundness: Double, innerRadius: Double,
                              innerRoundness: Double, reversed: Bool, into contour: inout BezierContour) {
        contour.vertices.removeAll(keepingCapacity: true)
        contour.inTangents.removeAll(keepingCapacity: true)
        contour.outTangents.removeAll(keepingCapacity: true)
        contour.closed = true
        guard points.isFinite, points >= 1 else { return }
        let pointCount = Int(Swift.min(points.rounded(.down), Double(maximumPolystarPoints)))
        let vertexCount = kind == .star ? 2 * pointCount : pointCount
        let step = 360 / Double(vertexCount)
        // Tangent length per unit of roundness (0...1) and radius: a quarter circumference over the points.
        let perimeterShare = 2 * Double.pi / Double(4 * pointCount)

        contour.vertices.reserveCapacity(vertexCount)
        contour.inTangents.reserveCapacity(vertexCount)
        contour.outTangents.reserveCapacity(vertexCount)
        for index in 0..<vertexCount {
            let isOuter = kind == .polygon || index % 2 == 0
            let radius = isOuter ? outerRadius : innerRadius
            let roundness = (isOuter ? outerRoundness : innerRoundness) / 100
            let (sin, cos) = AffineMatrix.sinCos(degrees: -90 + rotation + step * Double(index))
            let offset = Vector2(radius * cos, radius * sin)
            contour.vertices.append(center + offset)
            let distance = offset.length
            if distance == 0 || roundness == 0 {
                contour.inTangents.append(.zero)
                contour.outTangents.append(.zero)
                continue
            }
            // The direction of travel along the circle, clockwise on screen: the offset turned by +90°.
            let travel = Vector2(-offset.y, offset.x) / distance
            let handle = travel * (roundness * perimeterShare * radius)
            contour.inTangents.append(-handle)
            contour.outTangents.append(handle)
        }
        if reversed { contour.reverse() }
    }
}
