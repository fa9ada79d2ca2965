// MARK: - AffineMatrix3D

/// A 3D affine map in Lottie's axes (x right, y down, z into the screen): a point p goes to
/// `x * p.x + y * p.y + z * p.z + t`, where `x`, `y` and `z` are where the unit axes go and `t`
/// is where the origin goes. Products take the column-vector order of `AffineMatrix`: the
/// right operand acts first, so a 3D layer's world map is `parentWorld * local`.
///
/// Used where a composition has a camera: layers, their parents and the camera are placed in
/// space with these, and the camera's view is the inverse of its own map.
struct AffineMatrix3D: Sendable, Equatable {
    var x: PlainVector3
    var y: PlainVector3
    var z: PlainVector3
    var t: PlainVector3

    static let identity = AffineMatrix3D(
        x: PlainVector3(x: 1, y: 0, z: 0), y: PlainVector3(x: 0, y: 1, z: 0), z: PlainVector3(x: 0, y: 0, z: 1),
        t: PlainVector3(x: 0, y: 0, z: 0))

    init(x: PlainVector3, y: PlainVector3, z: PlainVector3, t: PlainVector3) {
        (self.x, self.y, self.z, self.t) = (x, y, z, t)
    }

    /// A map of the plane `flat` extended to space: z kept, the plane's map in x and y.
    init(_ flat: AffineMatrix) {
        self.init(x: PlainVector3(x: flat.a, y: flat.b, z: 0), y: PlainVector3(x: flat.c, y: flat.d, z: 0),
                  z: PlainVector3(x: 0, y: 0, z: 1), t: PlainVector3(x: flat.tx, y: flat.ty, z: 0))
    }

    /// Where `point` goes.
    func apply(to point: PlainVector3) -> PlainVector3 {
        applyLinear(to: point) + t
    }

    /// Where the direction `vector` goes (the translation left out).
    func applyLinear(to vector: PlainVector3) -> PlainVector3 {
        x * vector.x + y * vector.y + z * vector.z
    }

    /// The product `lhs * rhs`: `rhs` first, then `lhs`.
    static func * (lhs: AffineMatrix3D, rhs: AffineMatrix3D) -> AffineMatrix3D {
        AffineMatrix3D(x: lhs.applyLinear(to: rhs.x), y: lhs.applyLinear(to: rhs.y), z: lhs.applyLinear(to: rhs.z),
                       t: lhs.apply(to: rhs.t))
    }

    /// The map turned afterwards by `tilt`'s rotations (see `AffineMatrix.Tilt`).
    func turned(by tilt: AffineMatrix.Tilt) -> AffineMatrix3D {
        AffineMatrix3D(x: tilt.turn(x), y: tilt.turn(y), z: tilt.turn(z), t: tilt.turn(t))
    }

    /// The inverse map, or nil when the map flattens space (its determinant is 0 or not finite).
    func inverted() -> AffineMatrix3D? {
        // The rows of the inverse of the matrix with columns x, y, z are the cross products of
        // pairs of columns over the determinant.
        let (cx, cy, cz) = (y.cross(z), z.cross(x), x.cross(y))
        let determinant = x.dot(cx)
        guard determinant != 0, determinant.isFinite else { return nil }
        let scale = 1 / determinant
        // Rows of the inverse: cx, cy, cz (scaled); its columns are read across them.
        let inverse = AffineMatrix3D(
            x: PlainVector3(x: cx.x, y: cy.x, z: cz.x) * scale, y: PlainVector3(x: cx.y, y: cy.y, z: cz.y) * scale,
            z: PlainVector3(x: cx.z, y: cy.z, z: cz.z) * scale, t: PlainVector3(x: 0, y: 0, z: 0))
        var result = inverse
        result.t = inverse.applyLinear(to: t) * -1
        return result
    }
}

// MARK: - Vector arithmetic

extension PlainVector3 {
    static func + (lhs: PlainVector3, rhs: PlainVector3) -> PlainVector3 {
        PlainVector3(x: lhs.x + rhs.x, y: lhs.y + rhs.y, z: lhs.z + rhs.z)
    }

    static func - (lhs: PlainVector3, rhs: PlainVector3) -> PlainVector3 {
        PlainVector3(x: lhs.x - rhs.x, y: lhs.y - rhs.y, z: lhs.z - rhs.z)
    }

    static func * (lhs: PlainVector3, rhs: Double) -> PlainVector3 {
        PlainVector3(x: lhs.x * rhs, y: lhs.y * rhs, z: lhs.z * rhs)
    }

    func dot(_ other: PlainVector3) -> Double { x * other.x + y * other.y + z * other.z }

    func cross(_ other: PlainVector3) -> PlainVector3 {
        PlainVector3(x: y * other.z - z * other.y, y: z * other.x - x * other.z, z: x * other.y - y * other.x)
    }

    var length: Double { dot(self).squareRoot() }
}

extension AffineMatrix.Tilt {
    /// `v` turned as `turn(_:)` turns a tuple.
    func turn(_ v: PlainVector3) -> PlainVector3 {
        let turned = turn((v.x, v.y, v.z))
        return PlainVector3(x: turned.0, y: turned.1, z: turned.2)
    }
}
