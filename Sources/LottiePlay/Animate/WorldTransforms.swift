// MARK: - WorldTransforms

/// The world matrices of one composition instance at one frame (a layer's matrix times its
/// parents', parents' opacity not inherited), each computed once: a chain of 10 000 parents
/// costs 10 000 products for the whole composition, not for each layer. A composition without
/// parents has nothing to remember (each layer is asked once), and keeps no list.
struct WorldTransforms {
    /// The lists it keeps, lent by the graph state and given back (`giveStorage(to:)`), so that a
    /// composition with parents allocates none from frame to frame.
    struct Storage {
        var known: [AffineMatrix?] = []
        var chain: [Int] = []
    }

    private var known: [AffineMatrix?]
    /// A chain of parents being walked up.
    private var chain: [Int]

    /// `graph` lends the lists when the composition has parents (`hasParents`).
    init(count: Int, hasParents: Bool, graph: GraphState) {
        guard hasParents else {
            (known, chain) = ([], [])
            return
        }
        let storage = graph.takeWorldStorage()
        (known, chain) = (storage.known, storage.chain)
        known.removeAll(keepingCapacity: true)
        known.append(contentsOf: repeatElement(nil, count: count))
    }

    /// Whether a layer of `layers` has a parent, so that matrices are kept in a list.
    static func needsList(_ layers: [CompiledLayer]) -> Bool {
        layers.contains { $0.parentPosition != nil }
    }

    /// Gives the lists back to `graph`, for the next composition to use.
    mutating func giveStorage(to graph: GraphState) {
        guard known.capacity > 0 else { return }
        var storage = Storage()
        swap(&storage.known, &known)
        swap(&storage.chain, &chain)
        graph.keepWorldStorage(storage)
    }

    /// The world matrix of the layer at `position` in `layers`, with its own opacity.
    mutating func placement(of position: Int, in layers: [CompiledLayer], states: inout [LayerState],
                            at frame: Double) -> (matrix: AffineMatrix, opacity: Double) {
        let own = layers[position].placement(at: frame, state: &states[position])
        guard !known.isEmpty else { return own }
        if let matrix = known[position] {
            // Worked out already, as the parent of a layer drawn before it.
            return (matrix, own.opacity)
        }
        let parentMatrix = layers[position].parentPosition.map {
            known[$0] ?? world(of: $0, in: layers, states: &states, at: frame)
        }
        let matrix = (parentMatrix ?? .identity) * own.matrix
        known[position] = matrix
        return (matrix, own.opacity)
    }

    /// The world matrix of the layer at `position`, not known yet: up its chain of parents to the
    /// first whose matrix is known (or the top), then down, each kept.
    private mutating func world(of position: Int, in layers: [CompiledLayer], states: inout [LayerState],
                                at frame: Double) -> AffineMatrix {
        chain.removeAll(keepingCapacity: true)
        chain.append(position)
        var parent = layers[position].parentPosition
        while let current = parent, known[current] == nil, chain.count <= layers.count {
            chain.append(current)
            parent = layers[current].parentPosition
        }
        var matrix = parent.flatMap { known[$0] } ?? .identity
        for current in chain.reversed() {
            matrix = matrix * layers[current].placement(at: frame, state: &states[current]).matrix
            known[current] = matrix
        }
        return matrix
    }
}

// MARK: - Layer placement

extension CompiledLayer {
    /// The layer's own matrix and opacity at a frame: fixed when its transform does not move, else
    /// made again only when the transform moved since `state` kept them.
    func placement(at frame: Double, state: inout LayerState) -> (matrix: AffineMatrix, opacity: Double) {
        if let fixedPlacement { return fixedPlacement }
        let span = placementSpans?.span(at: frame)
        if state.placementMoment.holds(span: span, frame: frame) { return (state.matrix, state.opacity) }
        state.matrix = transform.matrix(at: frame)
        state.opacity = transform.opacity(at: frame)
        state.placementMoment = LayerState.Moment(span, frame: frame)
        return (state.matrix, state.opacity)
    }
}
