// A 2D affine transform and the builder for a Lottie layer or group transform.
//
// Layout (the CSS `matrix(a, b, c, d, e, f)` / CoreGraphics one): a point (x, y) maps to
//
//     x' = a * x + c * y + tx          | a  c  tx |   | x |
//     y' = b * x + d * y + ty    i.e.  | b  d  ty | * | y |
//                                      | 0  0  1  |   | 1 |
//
// Products use the column-vector (mathematical) order: `(m * n).apply(to: p) == m.apply(to: n.apply(to: p))`,
// so the RIGHT operand acts first. A layer's world transform is `parentWorld * local`, written
// `parentWorld.concatenating(local)`.
//
// Angles are in degrees. Lottie's y axis points down, so `rotation(degrees: 90)` turns the x axis onto the
// positive y axis: clockwise on screen, which is what a positive Lottie `r` does.
//
// Sources for the order of a Lottie transform and the skew convention (read, not copied):
// - Lottie spec, `docs/specs/helpers.md` (lottie/lottie-spec), "Transform": translate by -a, scale by s/100,
//   if sk != 0 { rotate by -sa, skew x by tan(-sk), rotate by sa }, rotate by -r, translate by p. Its step list
//   uses a rotation that is positive COUNTER-clockwise on a y-down screen (lottie-web's `Matrix.rotate`), hence
//   the minus signs: "rotate by -r" is a clockwise turn by r. (The rotation and skew matrices printed under
//   that list, read with the CSS layout the spec states, are the transposes of lottie-web's: they would turn
//   counter-clockwise and skew along y. The step list, the schema's "Rotation in degrees, clockwise" and the
//   players agree with each other, so the step list is what we follow.)
// - lottie-web `player/js/utils/TransformProperty.js` (`translate(-a)`, `scale(s)`, `skewFromAxis(-sk, sa)`,
//   `rotate(-r)`, `translate(p)`, each applied after the previous one) and
//   `player/js/3rd_party/transformation-matrix.js` (`rotate`, `skewFromAxis`, row-vector products).
// - ThorVG `src/loaders/lottie/tvgLottieBuilder.cpp` (`_skew`, `_updateTransform`): the same skew matrix as
//   lottie-web. Skia's Skottie (`modules/skottie/src/Transform.cpp`) uses the opposite sign of the skew AXIS
//   (they agree only at multiples of 90 degrees); we follow lottie-web, the spec and ThorVG.
//
// The resulting skew, with k = tan(-sk), d = (cos sa, -sin sa) and n = (sin sa, cos sa) (y down):
//     p' = p + k * (n . p) * d
// a shear along d: points on the line through the origin along d stay put; sa = 0 gives x' = x - tan(sk) * y.

import Foundation

/// A 2D affine transform `(a, b, c, d, tx, ty)` mapping `(x, y)` to `(a x + c y + tx, b x + d y + ty)`.
///
/// Compose with ``*(_:_:)`` or ``concatenating(_:)``; in both the right-hand transform is applied first,
/// so a parented layer's world transform is `parentWorld * local`.
///
/// Named apart from Foundation's `AffineTransform`, so that files importing both need no qualification.
@frozen
public struct AffineMatrix: Hashable, Sendable {
    /// Scale / rotation component: how much input x contributes to output x.
    public var a: Double
    /// How much input x contributes to output y.
    public var b: Double
    /// How much input y contributes to output x.
    public var c: Double
    /// Scale / rotation component: how much input y contributes to output y.
    public var d: Double
    /// Translation along x.
    public var tx: Double
    /// Translation along y.
    public var ty: Double

    /// Creates a transform from its six coefficients (see the type's documentation for the layout).
    @inlinable
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// The transform that leaves every point where it is.
    @inlinable
    public static var identity: AffineMatrix { AffineMatrix(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

    /// Whether this is exactly the identity.
    @inlinable
    public var isIdentity: Bool { self == .identity }
}

// MARK: - Elementary transforms

extension AffineMatrix {
    /// A translation by `offset`.
    @inlinable
    public static func translation(_ offset: Vector2) -> AffineMatrix {
        AffineMatrix(a: 1, b: 0, c: 0, d: 1, tx: offset.x, ty: offset.y)
    }

    /// A translation by `(x, y)`.
    @inlinable
    public static func translation(x: Double, y: Double) -> AffineMatrix {
        AffineMatrix(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// A scale about the origin by the factors `x` and `y` (1 = unchanged; not percent).
    @inlinable
    public static func scale(x: Double, y: Double) -> AffineMatrix {
        AffineMatrix(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// A uniform scale about the origin by `factor` (1 = unchanged; not percent).
    @inlinable
    public static func scale(_ factor: Double) -> AffineMatrix {
        AffineMatrix(a: factor, b: 0, c: 0, d: factor, tx: 0, ty: 0)
    }

    /// A rotation about the origin by `degrees`, clockwise on screen (y down): 90 maps (1, 0) to (0, 1).
    ///
    /// Multiples of 90 degrees are exact (no `cos(pi / 2)` residue).
    @inlinable
    public static func rotation(degrees: Double) -> AffineMatrix {
        let (sin, cos) = sinCos(degrees: degrees)
        return AffineMatrix(a: cos, b: sin, c: -sin, d: cos, tx: 0, ty: 0)
    }

    /// A shear by raw factors: `(x, y)` maps to `(x + shearX * y, y + shearY * x)`.
    @inlinable
    public static func shear(x shearX: Double, y shearY: Double) -> AffineMatrix {
        AffineMatrix(a: 1, b: shearY, c: shearX, d: 1, tx: 0, ty: 0)
    }

    /// A horizontal skew by `degrees` (the CSS `skewX`): `(x, y)` maps to `(x + tan(degrees) * y, y)`.
    @inlinable
    public static func skewX(degrees: Double) -> AffineMatrix {
        shear(x: tan(degrees * (Double.pi / 180)), y: 0)
    }

    /// Lottie's skew: `skew` degrees (`sk`) along the axis at `axis` degrees (`sa`).
    ///
    /// Equal to `rotation(degrees: -axis) * skewX(degrees: -skew) * rotation(degrees: axis)` (rightmost first),
    /// the spec's "rotate by -sa, skew x by tan(-sk), rotate by sa" in this type's clockwise rotation
    /// convention; see the file header for sources. With `axis == 0`, `(x, y)` maps to `(x - tan(skew) y, y)`;
    /// with `axis == 90`, to `(x, y + tan(skew) x)`. The determinant is 1. A skew of ±90 degrees has no finite
    /// matrix; the coefficients are then huge (tan of a double near pi/2) and callers should treat it as
    /// degenerate.
    @inlinable
    public static func lottieSkew(degrees skew: Double, axisDegrees axis: Double) -> AffineMatrix {
        if skew == 0 { return .identity }
        let k = -tan(skew * (Double.pi / 180))
        let (sin, cos) = sinCos(degrees: axis)
        // I + k * d * n^T with d = (cos, -sin), n = (sin, cos).
        return AffineMatrix(a: 1 + k * cos * sin, b: -k * sin * sin, c: k * cos * cos, d: 1 - k * sin * cos,
                               tx: 0, ty: 0)
    }

    /// Sine and cosine of an angle in degrees, exact at multiples of 90 and reduced modulo 360 first.
    @inlinable
    static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
        let reduced = degrees.truncatingRemainder(dividingBy: 360)
        switch reduced {
        case 0: return (0, 1)
        case 90, -270: return (1, 0)
        case 180, -180: return (0, -1)
        case 270, -90: return (-1, 0)
        default:
            let radians = reduced * (Double.pi / 180)
            return (sin(radians), cos(radians))
        }
    }
}

// MARK: - Lottie transform

extension AffineMatrix {
    /// The matrix of a Lottie transform (layer `ks` or group `tr`), in the order of FORMAT.md "Layers and transforms" (transform order):
    /// translate by `-anchor`, scale by `scale / 100`, skew (``lottieSkew(degrees:axisDegrees:)``), rotate by
    /// `rotation` clockwise on screen, translate by `position`.
    ///
    /// The anchor point lands on `position`. For auto-orient, add the path's tangent angle to `rotation`.
    ///
    /// - Parameters:
    ///   - anchor: The anchor point `a`, in the layer's own coordinates.
    ///   - position: The position `p`, in the parent's coordinates.
    ///   - scale: The scale `s` in percent (100 = unchanged).
    ///   - rotation: The rotation `r` in degrees, clockwise on screen (y down).
    ///   - skew: The skew amount `sk` in degrees (0 = none).
    ///   - skewAxis: The skew axis `sa` in degrees (0 skews along x, 90 along y).
    ///   - tilt: A 3D layer's turns out of the screen's plane, applied after the rotation; the
    ///     result is seen straight on (orthographic, as rlottie and ThorVG draw 3D layers).
    @inlinable
    public static func lottie(anchor: Vector2, position: Vector2, scale: Vector2, rotation: Double,
                              skew: Double = 0, skewAxis: Double = 0, tilt: Tilt? = nil) -> AffineMatrix {
        var linear = AffineMatrix.scale(x: scale.x / 100, y: scale.y / 100)
        if skew != 0 {
            linear = lottieSkew(degrees: skew, axisDegrees: skewAxis) * linear
        }
        if rotation != 0 {
            linear = AffineMatrix.rotation(degrees: rotation) * linear
        }
        if let tilt {
            linear = tilt.projected(linear)
        }
        // Translate by -anchor first and by position last: t = position - L * anchor.
        let movedAnchor = linear.applyLinear(to: anchor)
        linear.tx = position.x - movedAnchor.x
        linear.ty = position.y - movedAnchor.y
        return linear
    }
}

// MARK: - 3D tilt

extension AffineMatrix {
    /// A 3D layer's rotations out of the screen's plane (degrees; x right, y down, z into the
    /// screen): After Effects turns the layer by its z rotation, then about y, then about x,
    /// then by its orientation about z, y and x (lottie-web's `TransformProperty` order).
    public struct Tilt: Sendable {
        public var orientation: (x: Double, y: Double, z: Double)
        public var rotationX: Double
        public var rotationY: Double

        public init(orientation: (x: Double, y: Double, z: Double), rotationX: Double, rotationY: Double) {
            self.orientation = orientation
            self.rotationX = rotationX
            self.rotationY = rotationY
        }

        /// `flat` (a linear map of the layer's plane, already turned about z) turned by the tilt
        /// and seen straight on: the x and y rows of the 3D product.
        @inlinable
        public func projected(_ flat: AffineMatrix) -> AffineMatrix {
            // Where the layer's x and y directions go (its points have z = 0), turned in order.
            let x = turn((flat.a, flat.b, 0.0))
            let y = turn((flat.c, flat.d, 0.0))
            return AffineMatrix(a: x.0, b: x.1, c: y.0, d: y.1, tx: flat.tx, ty: flat.ty)
        }

        /// `v` turned about y, then x, by the rotations, then about z, y and x by the orientation.
        @inlinable
        public func turn(_ v: (Double, Double, Double)) -> (Double, Double, Double) {
            var v = v
            for (axis, degrees) in [(1, rotationY), (0, rotationX), (2, orientation.z), (1, orientation.y),
                                    (0, orientation.x)] where degrees != 0 {
                let (sin, cos) = AffineMatrix.sinCos(degrees: degrees)
                v = Self.turn(v, axis: axis, sin: sin, cos: cos)
            }
            return v
        }

        /// `v` turned about axis 0 (x), 1 (y) or 2 (z), right-handed in x right, y down, z into the screen.
        @usableFromInline
        static func turn(_ v: (Double, Double, Double), axis: Int, sin: Double,
                         cos: Double) -> (Double, Double, Double) {
            switch axis {
            case 0: (v.0, cos * v.1 - sin * v.2, sin * v.1 + cos * v.2)
            case 1: (cos * v.0 + sin * v.2, v.1, -sin * v.0 + cos * v.2)
            default: (cos * v.0 - sin * v.1, sin * v.0 + cos * v.1, v.2)
            }
        }
    }
}

// MARK: - Composition

extension AffineMatrix {
    /// The product `lhs * rhs`: the transform that applies `rhs` first, then `lhs`.
    ///
    /// `(lhs * rhs).apply(to: p) == lhs.apply(to: rhs.apply(to: p))`. World transforms: `parentWorld * local`.
    @inlinable @inline(__always)
    public static func * (lhs: AffineMatrix, rhs: AffineMatrix) -> AffineMatrix {
        AffineMatrix(
            a: lhs.a * rhs.a + lhs.c * rhs.b,
            b: lhs.b * rhs.a + lhs.d * rhs.b,
            c: lhs.a * rhs.c + lhs.c * rhs.d,
            d: lhs.b * rhs.c + lhs.d * rhs.d,
            tx: lhs.a * rhs.tx + lhs.c * rhs.ty + lhs.tx,
            ty: lhs.b * rhs.tx + lhs.d * rhs.ty + lhs.ty)
    }

    /// Replaces `lhs` with `lhs * rhs` (so `rhs` acts first).
    @inlinable
    public static func *= (lhs: inout AffineMatrix, rhs: AffineMatrix) {
        lhs = lhs * rhs
    }

    /// `self * child`: applies `child` first, then `self`. Use as `world = parentWorld.concatenating(local)`.
    ///
    /// Note the operand order is the reverse of CoreGraphics' `CGAffineTransform.concatenating(_:)`, where the
    /// receiver acts first. Here the receiver is the outer (parent) transform.
    @inlinable
    public func concatenating(_ child: AffineMatrix) -> AffineMatrix {
        self * child
    }
}

// MARK: - Applying

extension AffineMatrix {
    /// The image of `point`: `(a x + c y + tx, b x + d y + ty)`.
    @inlinable
    public func apply(to point: Vector2) -> Vector2 {
        Vector2(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The image of a direction or offset: the linear part only, translation ignored.
    @inlinable
    public func applyLinear(to vector: Vector2) -> Vector2 {
        Vector2(x: a * vector.x + c * vector.y, y: b * vector.x + d * vector.y)
    }
}

// MARK: - Inverse

extension AffineMatrix {
    /// The determinant `a d - b c` of the linear part: the signed area scale factor (negative = mirrored).
    @inlinable
    public var determinant: Double { a * d - b * c }

    /// The inverse transform, or `nil` when this transform is singular (it flattens the plane onto a line or a
    /// point, e.g. a zero scale) or has non-finite coefficients.
    ///
    /// Singular means `a d - b c` is zero or lost to rounding: smaller than 1e-14 times `|a d| + |b c|`. The test
    /// is relative, so uniformly tiny but well-shaped transforms still invert.
    @inlinable
    public var inverse: AffineMatrix? {
        let ad = a * d
        let bc = b * c
        let det = ad - bc
        guard det.isFinite, det != 0, abs(det) > 1e-14 * (abs(ad) + abs(bc)) else { return nil }
        let inv = AffineMatrix(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
        guard inv.tx.isFinite, inv.ty.isFinite else { return nil }
        return inv
    }
}

// MARK: - CustomStringConvertible

extension AffineMatrix: CustomStringConvertible {
    /// `[a b c d tx ty]`.
    public var description: String { "[\(a) \(b) \(c) \(d) \(tx) \(ty)]" }
}
