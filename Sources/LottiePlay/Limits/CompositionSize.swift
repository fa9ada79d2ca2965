import LottieModel

// MARK: - CompositionSize

/// How many layers a frame evaluates and how deep precomps nest, worked out once from the
/// compiled compositions (precomp cycles already cut), with a warning when either passes its
/// limit (`maxLayers`, `maxPrecompDepth`).
///
/// A precomp used twice is counted twice, so an asset that uses the one below it twice, 30
/// levels down, counts 2^30 layers: the warning names the bomb, and `FrameEvaluator` stops at
/// `maxLayers` layers per frame. Both walks are iterative (children first, each asset once),
/// so a chain of 100 000 precomps is measured without deep recursion.
struct CompositionSize {
    /// Layers one frame evaluates at most, counting every precomp instance.
    private(set) var layerCount: Double = 0
    /// Precomp levels below the root composition (0: no precomps).
    private(set) var depth = 0
    private(set) var warnings: [LottieDiagnostic] = []

    init(root: [CompiledLayer], precomps: [String: [CompiledLayer]], limits: LottieLimits) {
        var sizes: [String: (layers: Double, depth: Int)] = [:]
        for id in precomps.keys.sorted() where sizes[id] == nil {
            Self.measure(id, precomps: precomps, into: &sizes)
        }
        let size = Self.size(of: root, sizes: sizes)
        layerCount = size.layers
        depth = size.depth
        if depth > limits.maxPrecompDepth {
            let path = Self.firstCut(root: root, precomps: precomps, sizes: sizes, limit: limits.maxPrecompDepth)
            warnings.append(LottieDiagnostic(.warning, .limit, path: path,
                message: "precomps nest \(depth) deep, more than the limit maxPrecompDepth "
                    + "(\(limits.maxPrecompDepth)); the precomps from here down are not drawn"))
        }
        if layerCount > Double(limits.maxLayers) {
            warnings.append(LottieDiagnostic(.warning, .limit, path: "layers",
                message: "a frame evaluates up to \(FaultScan.number(layerCount)) layers counting every "
                    + "precomp instance, more than the limit maxLayers (\(limits.maxLayers)); layers past the limit are not drawn"))
        }
    }

    /// The layers and depth of one composition from those of the precomps it uses.
    private static func size(of layers: [CompiledLayer], sizes: [String: (layers: Double, depth: Int)])
        -> (layers: Double, depth: Int) {
        var count = Double(layers.count)
        var depth = 0
        for layer in layers {
            guard case .precomp(let id, _, _, _, _) = layer.content, let child = sizes[id] else { continue }
            count += child.layers
            depth = max(depth, child.depth + 1)
        }
        return (count, depth)
    }

    /// Measures `id` and every precomp below it, children first, with an explicit stack.
    private static func measure(_ id: String, precomps: [String: [CompiledLayer]],
                                into sizes: inout [String: (layers: Double, depth: Int)]) {
        var stack: [(id: String, childrenDone: Bool)] = [(id, false)]
        while let (current, childrenDone) = stack.popLast() {
            guard sizes[current] == nil, let layers = precomps[current] else { continue }
            if childrenDone {
                sizes[current] = size(of: layers, sizes: sizes)
                continue
            }
            stack.append((current, true))
            for layer in layers {
                if case .precomp(let child, _, _, _, _) = layer.content, sizes[child] == nil, child != current {
                    stack.append((child, false))
                }
            }
        }
    }

    /// The JSON path of the first precomp layer that is too deep to draw its content: down the
    /// deepest chain, the precomp layer at depth `limit`.
    private static func firstCut(root: [CompiledLayer], precomps: [String: [CompiledLayer]],
                                 sizes: [String: (layers: Double, depth: Int)], limit: Int) -> String {
        var layers = root
        var path = "layers"
        for _ in 0...limit {
            let deepest = layers.max { lhs, rhs in depth(of: lhs, sizes) < depth(of: rhs, sizes) }
            guard let deepest, case .precomp(let id, _, _, _, _) = deepest.content, let children = precomps[id] else {
                break
            }
            path = deepest.jsonPath
            layers = children
        }
        return path
    }

    private static func depth(of layer: CompiledLayer, _ sizes: [String: (layers: Double, depth: Int)]) -> Int {
        guard case .precomp(let id, _, _, _, _) = layer.content, let size = sizes[id] else { return -1 }
        return size.depth
    }
}
