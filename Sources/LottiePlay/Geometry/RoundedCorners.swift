// Rounded corners (`rd`): replacing each sharp corner of a contour by a small arc.
//
// As lottie-web's RoundCornersModifier does it:
// - A corner is a vertex whose in and out tangents are both zero. Vertices with a tangent are kept as they are.
// - On an open contour the first and last vertices are kept (they are ends, not corners).
// - A corner at v, with the previous vertex p and the next vertex n (wrapping around on a closed contour), is
//   replaced by two vertices on the straight lines towards its neighbours:
//
//       a = v + (p - v) * min(|p - v| / 2, r) / |p - v|     out tangent (v - a) * E_t, in tangent 0
//       b = v + (n - v) * min(|n - v| / 2, r) / |n - v|     in tangent  (v - b) * E_t, out tangent 0
//
//   with E_t = 0.5519150244935105707435627, so the segment a -> b is the usual cubic quarter-circle
//   approximation when the corner is square and both sides are long enough. A coincident neighbour
//   (|p - v| = 0) gives a = v.
// - The distances are measured to the neighbouring VERTICES, straight, even when the segment to a neighbour is
//   curved (its far end has a tangent), as lottie-web does.
// - The radius is capped at half of each adjacent side, so two corners never overlap.
// - r <= 0 leaves the contour unchanged (lottie-web skips r == 0; a negative radius would push the new vertices
//   outside the sides, which no player draws on purpose).
//
// The output of a closed contour whose vertex 0 is a corner starts at that corner's `a` vertex.
//
// Sources (read, not copied): lottie-web `player/js/utils/shapes/RoundCornersModifier.js` (`processPath`);
// lottie-docs `docs/rendering.md` ("Rounded Corners" pseudocode).

/// A rounded-corners modifier (`rd`) with its radius at one frame.
struct RoundedCornersModifier: ContourModifier, Equatable, Sendable {
    /// The radius `r`, in units.
    var radius: Double

    /// Creates the modifier with its radius `r`.
    init(radius: Double) {
        self.radius = radius
    }

    /// Whether the modifier leaves every contour as it is.
    var isIdentity: Bool { !(radius > 0) }

    /// The contour with every sharp corner (a vertex without tangents) replaced by an arc of this radius, capped
    /// at half of each adjacent side. The ends of an open contour are kept.
    func apply(to contour: BezierContour) -> BezierContour {
        let count = contour.vertices.count
        guard radius > 0, count > 1 else { return contour }
        var corners = 0
        for index in 0..<count where contour.isRoundableCorner(index) { corners += 1 }
        guard corners > 0 else { return contour }

        var result = BezierContour(vertices: [], inTangents: [], outTangents: [], closed: contour.closed)
        result.vertices.reserveCapacity(count + corners)
        result.inTangents.reserveCapacity(count + corners)
        result.outTangents.reserveCapacity(count + corners)
        for index in 0..<count {
            let vertex = contour.vertices[index]
            guard contour.isRoundableCorner(index) else {
                result.vertices.append(vertex)
                result.inTangents.append(contour.inTangents[index])
                result.outTangents.append(contour.outTangents[index])
                continue
            }
            let previous = contour.vertices[index == 0 ? count - 1 : index - 1]
            let next = contour.vertices[index == count - 1 ? 0 : index + 1]
            let arcStart = pointTowards(previous, from: vertex)
            result.vertices.append(arcStart)
            result.inTangents.append(.zero)
            result.outTangents.append((vertex - arcStart) * BezierContour.ellipseTangentRatio)
            let arcEnd = pointTowards(next, from: vertex)
            result.vertices.append(arcEnd)
            result.inTangents.append((vertex - arcEnd) * BezierContour.ellipseTangentRatio)
            result.outTangents.append(.zero)
        }
        return result
    }

    /// The point at distance min(radius, half the distance) from `corner` towards `neighbour`.
    private func pointTowards(_ neighbour: Vector2, from corner: Vector2) -> Vector2 {
        let distance = corner.distance(to: neighbour)
        guard distance > 0 else { return corner }
        return corner.lerp(to: neighbour, Swift.min(distance / 2, radius) / distance)
    }
}

extension BezierContour {
    /// Whether vertex `index` is a corner that rounding replaces: both tangents zero, and not an end of an open
    /// contour.
    fileprivate func isRoundableCorner(_ index: Int) -> Bool {
        guard inTangents[index] == .zero && outTangents[index] == .zero else { return false }
        return closed || (index != 0 && index != vertices.count - 1)
    }
}
