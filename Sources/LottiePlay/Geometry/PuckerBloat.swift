// Pucker / bloat (`pb`): pulling a contour's vertices towards its centre while pushing the tangent handles away
// from it (a > 0, bloat: the sides bulge out between the vertices), or the opposite (a < 0, pucker: the
// vertices move out and the sides are drawn in).
//
// With f = a / 100 and c the centre:
//
//     vertex'  = vertex + (c - vertex) * f
//     handle'  = handle + (c - handle) * (-f)        (handle = vertex + tangent, an absolute control point)
//     tangent' = handle' - vertex'
//
// a = 0 is the identity; a = 100 puts every vertex on the centre; a = -100 twice as far from it.
//
// The centre is the mean of the contour's own vertices (lottie-web: `processPath` averages `path.v` of each
// path on its own). lottie-docs' pseudocode averages the vertices of all the shapes the modifier applies to; on
// a single contour the two agree. lottie-web is followed (FORMAT.md: it is the tie-breaker for value
// semantics).
//
// Sources (read, not copied): lottie-web `player/js/utils/shapes/PuckerAndBloatModifier.js`; lottie-docs
// `docs/rendering.md` ("Pucker Bloat") and `docs/shapes.md` ("Pucker / Bloat").

/// A pucker/bloat modifier (`pb`) with its amount at one frame.
struct PuckerBloatModifier: ContourModifier, Equatable, Sendable {
    /// The amount `a`, in percent: positive bloats (vertices in, handles out), negative puckers.
    var amount: Double

    /// Creates the modifier with its amount `a` in percent.
    init(amount: Double) {
        self.amount = amount
    }

    /// Whether the modifier leaves every contour as it is.
    var isIdentity: Bool { !(amount != 0) }

    /// The contour with its vertices moved towards its centre (the mean of its vertices) by `amount` percent of
    /// the way and its tangent handles moved away by as much.
    func apply(to contour: BezierContour) -> BezierContour {
        let count = contour.vertices.count
        guard amount != 0, count > 0 else { return contour }
        var sum = Vector2.zero
        for vertex in contour.vertices { sum += vertex }
        let center = sum / Double(count)
        let fraction = amount / 100
        var result = contour
        for index in 0..<count {
            let vertex = contour.vertices[index]
            let moved = vertex.lerp(to: center, fraction)
            let inHandle = (vertex + contour.inTangents[index]).lerp(to: center, -fraction)
            let outHandle = (vertex + contour.outTangents[index]).lerp(to: center, -fraction)
            result.vertices[index] = moved
            result.inTangents[index] = inHandle - moved
            result.outTangents[index] = outHandle - moved
        }
        return result
    }
}
