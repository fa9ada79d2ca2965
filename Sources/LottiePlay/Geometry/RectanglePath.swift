// The contour of a rectangle shape (`rc`), in the normative vertex order.
//
// Sharp corners (r = 0), four vertices from the top-right corner, clockwise on screen (y down):
//
//     (right, top) -> (right, bottom) -> (left, bottom) -> (left, top)
//
// Rounded corners (r > 0, clamped to half the smaller side), eight vertices, starting on the right edge just
// below the top-right arc and going clockwise; each arc is a cubic with handles of length r * E_t
// (E_t = 0.5519150244935105707435627) pointing at the corner it replaces:
//
//     0 (right, top + r)     in (0, -r E_t)      4 (left, bottom - r)   in (0, r E_t)
//     1 (right, bottom - r)  out (0, r E_t)      5 (left, top + r)      out (0, -r E_t)
//     2 (right - r, bottom)  in (r E_t, 0)       6 (left + r, top)      in (-r E_t, 0)
//     3 (left + r, bottom)   out (-r E_t, 0)     7 (right - r, top)     out (r E_t, 0)
//
// `d: 3` gives the same contour reversed with its start vertex kept (see Reversal.swift), which is exactly the
// vertex list lottie-web builds for that direction.
//
// Note: lottie-web treats a rectangle whose `d` is missing as reversed (its clockwise branch runs only for
// `d` 1 or 2). FORMAT.md makes clockwise the normative order; the caller decides `reversed` from `d == 3`.
//
// Sources (read, not copied): the Lottie spec `docs/specs/shapes.md` ("Rectangle": vertex list, rounded =
// min(s.x / 2, s.y / 2, r)); lottie-web `player/js/utils/shapes/ShapeProperty.js` (`convertRectToPath`);
// lottie-docs `docs/rendering.md` ("Rectangle", the note on the missing `d`).

extension BezierContour {
    /// The contour of a Lottie rectangle (`rc`): centred on `center`, `size` wide and high, corners rounded by
    /// `cornerRadius`.
    ///
    /// The radius is clamped to half the smaller side (and to 0 from below). Without rounding the contour has
    /// four vertices starting at the top-right corner and going clockwise on screen; with rounding it has eight,
    /// starting at `(right, top + r)` (see the file header for the full list).
    ///
    /// A negative size mirrors the rectangle, as players do: the vertex formulas are applied to the signed half
    /// extents, so the contour then runs the other way round.
    ///
    /// - Parameters:
    ///   - center: The centre `p`.
    ///   - size: The size `s` (width, height).
    ///   - cornerRadius: The roundness `r`, in units.
    ///   - reversed: Whether the shape's direction is reversed (`d == 3`): the same start vertex, the other way
    ///     round.
    public static func rectangle(center: Vector2, size: Vector2, cornerRadius: Double = 0,
                                 reversed: Bool = false) -> BezierContour {
        var contour = BezierContour(vertices: [], inTangents: [], outTangents: [], closed: true)
        writeRectangle(center: center, size: size, cornerRadius: cornerRadius, reversed: reversed, into: &contour)
        return contour
    }

    /// What `rectangle(center:size:cornerRadius:reversed:)` makes, written into `contour`'s
    /// storage: a rectangle that moves is written over the frame before's contour instead of
    /// allocating one at every frame.
    static func writeRectangle(center: Vector2, size: Vector2, cornerRadius: Double, reversed: Bool,
                               into contour: inout BezierContour) {
        let halfWidth = size.x / 2
        let halfHeight = size.y / 2
        let right = center.x + halfWidth
        let left = center.x - halfWidth
        let top = center.y - halfHeight
        let bottom = center.y + halfHeight
        let radius = Swift.max(0, Swift.min(abs(halfWidth), abs(halfHeight), cornerRadius))

        if radius == 0 {
            contour.vertices.overwrite(count: 4) { index in
                switch index {
                case 0: Vector2(right, top)
                case 1: Vector2(right, bottom)
                case 2: Vector2(left, bottom)
                default: Vector2(left, top)
                }
            }
            contour.inTangents.overwrite(count: 4) { _ in .zero }
            contour.outTangents.overwrite(count: 4) { _ in .zero }
        } else {
            // Signed offsets, so that a mirrored (negative) size keeps the arcs inside the rectangle.
            let rx = halfWidth < 0 ? -radius : radius
            let ry = halfHeight < 0 ? -radius : radius
            let hx = rx * ellipseTangentRatio
            let hy = ry * ellipseTangentRatio
            contour.vertices.overwrite(count: 8) { index in
                switch index {
                case 0: Vector2(right, top + ry)
                case 1: Vector2(right, bottom - ry)
                case 2: Vector2(right - rx, bottom)
                case 3: Vector2(left + rx, bottom)
                case 4: Vector2(left, bottom - ry)
                case 5: Vector2(left, top + ry)
                case 6: Vector2(left + rx, top)
                default: Vector2(right - rx, top)
                }
            }
            // The handles along each rounded corner; the straight sides' ends have none.
            contour.inTangents.overwrite(count: 8) { index in
                switch index {
                case 0: Vector2(0, -hy)
                case 2: Vector2(hx, 0)
                case 4: Vector2(0, hy)
                case 6: Vector2(-hx, 0)
                default: .zero
                }
            }
            contour.outTangents.overwrite(count: 8) { index in
                switch index {
                case 1: Vector2(0, hy)
                case 3: Vector2(-hx, 0)
                case 5: Vector2(0, -hy)
                case 7: Vector2(hx, 0)
                default: .zero
                }
            }
        }
        contour.closed = true
        if reversed { contour.reverse() }
    }
}
