import LottieModel

// MARK: - LayerProjection

/// How a 3D layer that a camera sees in perspective lands on the canvas (FORMAT.md "3D layers
/// and cameras"): a point of the layer's plane is placed in the camera's space (x right, y down,
/// z the distance in front of the camera), then seen at `center + zoom * (x, y) / z` in its
/// composition, then mapped to the canvas by the enclosing precomp layers (`outer`). Far parts
/// come out smaller, so the map is not affine; points less than `nearDistance` in front of the
/// camera are not drawn.
///
/// A layer that faces the camera squarely has no projection: its map is affine and is its
/// `SceneLayer.transform`.
public struct LayerProjection: Sendable, Equatable {
    /// Where the layer's x and y axes and its origin go in the camera's space.
    let axisX: PlainVector3
    let axisY: PlainVector3
    let origin: PlainVector3
    /// The camera's zoom (`pe`): what lies at this distance in front of it keeps its size.
    public let zoom: Double
    /// Where the camera's axis meets its composition: the composition's centre.
    public let center: Vector2
    /// The camera's composition to the canvas (the precomp layers it is drawn in).
    public let outer: AffineMatrix

    /// The nearest distance in front of the camera that is drawn.
    public static let nearDistance = 1.0

    init(placement: AffineMatrix3D, zoom: Double, center: Vector2, outer: AffineMatrix) {
        axisX = placement.x
        axisY = placement.y
        origin = placement.t
        self.zoom = zoom
        self.center = center
        self.outer = outer
    }

    /// The point of the layer's plane at `point`, in the camera's space.
    func inCameraSpace(_ point: Vector2) -> PlainVector3 {
        axisX * point.x + axisY * point.y + origin
    }

    /// Where a point of the camera's space at least `nearDistance` in front of it is on the canvas.
    func onCanvas(_ seen: PlainVector3) -> Vector2 {
        let scale = zoom / seen.z
        return outer.apply(to: Vector2(x: center.x + seen.x * scale, y: center.y + seen.y * scale))
    }

    /// Where the layer's point `point` is on the canvas; nil when it is behind the camera (or
    /// nearer than `nearDistance`).
    public func apply(to point: Vector2) -> Vector2? {
        let seen = inCameraSpace(point)
        guard seen.z >= Self.nearDistance, seen.isFinite else { return nil }
        return onCanvas(seen)
    }

    /// The projection of a space mapped into the layer's by `inner` first.
    func after(_ inner: AffineMatrix) -> LayerProjection {
        let placed = AffineMatrix3D(x: axisX, y: axisY, z: PlainVector3(x: 0, y: 0, z: 0), t: origin)
            * AffineMatrix3D(inner)
        return LayerProjection(placement: placed, zoom: zoom, center: center, outer: outer)
    }

    /// The affine map that agrees with the projection at `point` to first order (its value and
    /// its derivative there); nil when the point is behind the camera.
    public func tangentMap(at point: Vector2) -> AffineMatrix? {
        let seen = inCameraSpace(point)
        guard seen.z >= Self.nearDistance, seen.isFinite else { return nil }
        // d/du of zoom * (x, y) / z along an axis a: zoom * (a.xy * z - (x, y) * a.z) / z^2.
        let scale = zoom / seen.z
        func derivative(_ axis: PlainVector3) -> Vector2 {
            Vector2(x: (axis.x - seen.x * axis.z / seen.z) * scale, y: (axis.y - seen.y * axis.z / seen.z) * scale)
        }
        let (du, dv) = (derivative(axisX), derivative(axisY))
        let local = AffineMatrix(a: du.x, b: du.y, c: dv.x, d: dv.y, tx: 0, ty: 0)
        let image = Vector2(x: center.x + seen.x * scale, y: center.y + seen.y * scale)
        let moved = local.apply(to: point)
        var tangent = local
        tangent.tx = image.x - moved.x
        tangent.ty = image.y - moved.y
        return outer * tangent
    }
}
