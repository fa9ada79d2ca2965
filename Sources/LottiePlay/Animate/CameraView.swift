// MARK: - CameraView

/// The camera a composition is seen through at one frame (FORMAT.md "3D layers and cameras"):
/// the first camera layer, in file order, between its in and out points. Its 3D layers are
/// placed in space (their transforms and their parents', z included) and seen in perspective:
/// a point at distance d in front of the camera is scaled by zoom / d about the composition's
/// centre. 2D layers are not seen through it: they are drawn flat, as After Effects draws them.
struct CameraView {
    /// The composition's space to the camera's (x right, y down, z the distance in front).
    let view: AffineMatrix3D
    let zoom: Double
    let center: Vector2
    /// The composition's space to the canvas.
    let outer: AffineMatrix

    /// The composition's camera at `frame`, nil when it has none active (or one that sees nothing:
    /// a zoom that is not a positive number, a placement that flattens space).
    init?(_ composition: CompiledComposition, at frame: Double, inclusiveEnd: Bool, size: Vector2,
          outer: AffineMatrix) {
        let layers = composition.layers
        guard let position = composition.cameraPositions.first(where: {
            layers[$0].isActive(at: frame, inclusiveEnd: inclusiveEnd)
        }), case .camera(let zoomTrack) = layers[position].content else { return nil }
        let zoom = zoomTrack.value(at: frame)
        let placed = Self.parentsWorld(of: position, in: layers, at: frame)
            * layers[position].transform.cameraMatrix(at: frame)
        guard zoom > 0, zoom.isFinite, let view = placed.inverted() else { return nil }
        self.view = view
        self.zoom = zoom
        center = Vector2(x: size.x / 2, y: size.y / 2)
        self.outer = outer
    }

    /// Where a 3D layer lands: an affine `world` and no projection when it faces the camera
    /// squarely (then nil when it is behind the camera), else its projection and the affine map
    /// that agrees with it at the layer's origin.
    func placement(of position: Int, in layers: [CompiledLayer],
                   at frame: Double) -> (world: AffineMatrix, projection: LayerProjection?)? {
        let placed = view * Self.parentsWorld(of: position, in: layers, at: frame)
            * layers[position].transform.spatialMatrix(at: frame)
        let projection = LayerProjection(placement: placed, zoom: zoom, center: center, outer: outer)
        let tilt = abs(placed.x.z) + abs(placed.y.z)
        let size = abs(placed.x.x) + abs(placed.x.y) + abs(placed.y.x) + abs(placed.y.y)
        guard tilt > 1e-9 * size else {
            // Parallel to the view: seen at one distance, an affine map.
            return projection.tangentMap(at: .zero).map { ($0, nil) }
        }
        return (projection.tangentMap(at: .zero) ?? outer, projection)
    }

    /// The product of the spatial matrices of a layer's parents (identity for a layer without
    /// one); a chain longer than the list (a cycle) stops there.
    private static func parentsWorld(of position: Int, in layers: [CompiledLayer], at frame: Double) -> AffineMatrix3D {
        var world = AffineMatrix3D.identity
        var parent = layers[position].parentPosition
        var steps = 0
        while let current = parent, steps < layers.count {
            world = layers[current].transform.spatialMatrix(at: frame) * world
            parent = layers[current].parentPosition
            steps += 1
        }
        return world
    }
}
