// Reversing the direction of a contour: what `d: 3` on a shape asks for.
//
// A closed contour keeps its start vertex and visits the others in the opposite order; an open contour starts
// at its old end (it has no other choice). Every vertex swaps its in and out tangents, so each segment is the
// same curve travelled backwards and the drawn outline does not change.
//
// Keeping the start vertex of a closed contour is what lottie-web's primitives do for `d: 3`: its ellipse still
// starts at the top and goes to the left vertex next, its polystar still starts at its first outer point and
// steps the angle backwards, and its reversed rectangle starts at the same first vertex as the clockwise one.
// The start matters to trim paths, which measure from it.
//
// Sources (read, not copied): lottie-web `player/js/utils/shapes/ShapeProperty.js` (`convertEllToPath`,
// `convertStarToPath`, `convertRectToPath` with `d === 3`); the Lottie spec `docs/specs/shapes.md` ("`d` ...
// Direction the shape is drawn as, mostly relevant when using trim path").

extension BezierContour {
    /// The same outline drawn in the opposite direction.
    ///
    /// A closed contour keeps vertex 0 as its start and then visits the vertices in reverse order
    /// (`v0, v[n-1], ..., v1`); an open contour becomes `v[n-1], ..., v0`. In and out tangents swap, so every
    /// segment is the original curve travelled backwards.
    public func reversed() -> BezierContour {
        var result = self
        result.reverse()
        return result
    }

    /// Reverses the contour in place; see ``reversed()``.
    public mutating func reverse() {
        let count = vertices.count
        guard count > 1 else {
            if count == 1 { swap(&inTangents[0], &outTangents[0]) }
            return
        }
        // Closed: keep index 0 and reverse 1..<count. Open: reverse everything.
        let first = closed ? 1 : 0
        vertices[first...].reverse()
        inTangents[first...].reverse()
        outTangents[first...].reverse()
        swap(&inTangents, &outTangents)
    }
}
