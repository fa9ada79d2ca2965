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
    /// The layers' places in space at the frame, each worked out once (through chains of
    /// parents of any length).
    private var spatial: SpatialWorlds

    /// The composition's camera at `frame`, nil when it has none active (or one that sees nothing:
    /// a zoom that is not a positive number, a placement that flattens space).
    init?(_ composition: CompiledComposition, at frame: Double, inclusiveEnd: Bool, size: Vector2,
          outer: AffineMatrix) {
        let layers = composition.layers
        guard let position = composition.cameraPositions.first(where: {
            layers[$0].isActive(at: frame, inclusiveEnd: inclusiveEnd)
        }), case .camera(let zoomTrack) = layers[position].content else { return nil }
        let zoom = zoomTrack.value(at: frame)
        var spatial = SpatialWorlds(layers, at: frame)
        let placed = spatial.parentsWorld(of: position) * layers[position].transform.cameraMatrix(at: frame)
        guard zoom > 0, zoom.isFinite, let view = placed.inverted() else { return nil }
        self.view = view
        self.zoom = zoom
        center = Vector2(x: size.x / 2, y: size.y / 2)
        self.outer = outer
        self.spatial = spatial
    }

    /// Where a 3D layer lands: an affine `world` and no projection when it faces the camera
    /// squarely (then nil when it is behind the camera), else its projection and the affine map
    /// that agrees with it at the layer's origin.
    mutating func placement(of position: Int) -> (world: AffineMatrix, projection: LayerProjection?)? {
        let placed = view * spatial.world(of: position)
        let projection = LayerProjection(placement: placed, zoom: zoom, center: center, outer: outer)
        let tilt = abs(placed.x.z) + abs(placed.y.z)
        let size = abs(placed.x.x) + abs(placed.x.y) + abs(placed.y.x) + abs(placed.y.y)
        guard tilt > 1e-9 * size else {
            // Parallel to the view: seen at one distance, an affine map.
            return projection.tangentMap(at: .zero).map { ($0, nil) }
        }
        return (projection.tangentMap(at: .zero) ?? outer, projection)
    }
}

// MARK: - SpatialWorlds

/// The places in space of a composition's layers at one frame: a layer's spatial matrix times
/// its parents', each product made once, as `WorldTransforms` does in the plane.
private struct SpatialWorlds {
    let layers: [CompiledLayer]
    let frame: Double
    private var known: [AffineMatrix3D?]

    init(_ layers: [CompiledLayer], at frame: Double) {
        self.layers = layers
        self.frame = frame
        known = Array(repeating: nil, count: layers.count)
    }

    /// The layer's place: its parents' times its own.
    mutating func world(of position: Int) -> AffineMatrix3D {
        if let world = known[position] { return world }
        // Up the chain to the first layer whose place is known (or the top); a chain longer than
        // the list (a cycle) stops there. Then down, each kept.
        var chain = [position]
        var parent = layers[position].parentPosition
        while let current = parent, known[current] == nil, chain.count <= layers.count {
            chain.append(current)
            parent = layers[current].parentPosition
        }
        var world = parent.flatMap { known[$0] } ?? .identity
        for current in chain.reversed() {
            world = world * layers[current].transform.spatialMatrix(at: frame)
            known[current] = world
        }
        return world
    }

    /// The product of the places of a layer's parents (identity for a layer without one).
    mutating func parentsWorld(of position: Int) -> AffineMatrix3D {
        layers[position].parentPosition.map { world(of: $0) } ?? .identity
    }
}
