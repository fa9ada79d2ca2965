// The contour of an ellipse shape (`el`): four cubic quarter arcs in the normative order.
//
// With radius (rx, ry) = s / 2 and handle lengths (hx, hy) = (rx, ry) * E_t, E_t = 0.5519150244935105707435627
// (FORMAT.md; Spencer Mortensen's best single-cubic quarter circle), the vertices go from the top clockwise on
// screen (y down):
//
//     0 top    (x, y - ry)   in (-hx, 0)   out (hx, 0)
//     1 right  (x + rx, y)   in (0, -hy)   out (0, hy)
//     2 bottom (x, y + ry)   in (hx, 0)    out (-hx, 0)
//     3 left   (x - rx, y)   in (0, hy)    out (0, -hy)
//
// `d: 3` keeps the top vertex first and goes to the left one next (lottie-web's `_cw == false` branch), which is
// the reversal of Reversal.swift.
//
// Sources (read, not copied): the Lottie spec `docs/specs/shapes.md` ("Approximating Ellipses with Cubic
// Bezier", "Ellipse"); lottie-web `player/js/utils/shapes/ShapeProperty.js` (`convertEllToPath`).

extension BezierContour {
    /// The ratio of a quarter arc's handle length to its radius, E_t in the Lottie spec (FORMAT.md "Shapes").
    public static let ellipseTangentRatio = 0.5519150244935105707435627

    /// The contour of a Lottie ellipse (`el`) centred on `center` with full `size` (width, height).
    ///
    /// Four vertices: top, right, bottom, left (clockwise on screen), each with tangents of length
    /// radius * ``ellipseTangentRatio`` along the ellipse.
    ///
    /// - Parameters:
    ///   - center: The centre `p`.
    ///   - size: The size `s`: twice the radii.
    ///   - reversed: Whether the shape's direction is reversed (`d == 3`): top first, then left, bottom, right.
    public static func ellipse(center: Vector2, size: Vector2, reversed: Bool = false) -> BezierContour {
        var contour = BezierContour(vertices: [], inTangents: [], outTangents: [], closed: true)
        contour.setToEllipse(center: center, size: size, reversed: reversed)
        return contour
    }

    /// Makes this contour the ellipse's, in its own storage when that is not shared.
    mutating func setToEllipse(center: Vector2, size: Vector2, reversed: Bool) {
        setToEllipse(center: center, size: size, reversed: reversed, moving: { $0 }, turning: { $0 })
    }

    /// The ellipse moved by `transform` (`apply(_:)`) as its points are written.
    mutating func setToEllipse(center: Vector2, size: Vector2, reversed: Bool, applying transform: AffineMatrix) {
        setToEllipse(center: center, size: size, reversed: reversed,
                     moving: { transform.apply(to: $0) }, turning: { transform.applyLinear(to: $0) })
    }

    /// `moving` maps vertices, `turning` tangents (reversing after them changes no point: it
    /// only reorders them).
    @inline(__always)
    private mutating func setToEllipse(center: Vector2, size: Vector2, reversed: Bool,
                                       moving: (Vector2) -> Vector2, turning: (Vector2) -> Vector2) {
        let rx = size.x / 2
        let ry = size.y / 2
        let hx = rx * Self.ellipseTangentRatio
        let hy = ry * Self.ellipseTangentRatio
        let cx = center.x
        let cy = center.y
        vertices.overwrite(count: 4) { index in
            let point: Vector2 = switch index {
            case 0: Vector2(cx, cy - ry)
            case 1: Vector2(cx + rx, cy)
            case 2: Vector2(cx, cy + ry)
            default: Vector2(cx - rx, cy)
            }
            return moving(point)
        }
        // Out tangents are the in tangents reversed: (hx, 0), (0, hy), (-hx, 0), (0, -hy).
        inTangents.overwrite(count: 4) { index in
            let point: Vector2 = switch index {
            case 0: Vector2(-hx, 0)
            case 1: Vector2(0, -hy)
            case 2: Vector2(hx, 0)
            default: Vector2(0, hy)
            }
            return turning(point)
        }
        outTangents.overwrite(count: 4) { index in
            let point: Vector2 = switch index {
            case 0: Vector2(hx, 0)
            case 1: Vector2(0, hy)
            case 2: Vector2(-hx, 0)
            default: Vector2(0, -hy)
            }
            return turning(point)
        }
        closed = true
        if reversed { reverse() }
    }
}
