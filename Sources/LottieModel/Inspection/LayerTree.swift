// MARK: - LayerTree

/// Builds the layer tree of a report: the main composition's layers, with each precomp layer
/// holding the layers of the composition it instances.
///
/// A composition is listed under the first layer that instances it (depth first, in file
/// order); later instances only name it, so a composition used many times is listed once and
/// a composition that contains itself, directly or not, ends the walk. Nesting deeper than
/// `maxDepth` is cut off with a note.
struct LayerTree {
    let animation: LottieAnimation
    var maxDepth = 16

    init(animation: LottieAnimation) {
        self.animation = animation
    }

    func summaries() -> [LayerSummary] {
        var listed: Set<String> = []
        return summaries(of: animation.layers, at: JSONPath([.key("layers")]), open: [], listed: &listed)
    }

    /// `open` holds the compositions being listed (the path from the root to here); `listed`
    /// the ones already listed somewhere.
    private func summaries(
        of layers: [Layer], at path: JSONPath, open: [String], listed: inout Set<String>
    ) -> [LayerSummary] {
        layers.enumerated().map { offset, layer in
            let layerPath = path.appending(.index(offset))
            var summary = LayerSummary(
                layer, path: layerPath.description, contents: ContentDescription.describe(layer, in: animation))
            guard case .precomp(let fields) = layer.content else { return summary }
            let id = fields.assetID
            guard let (assetIndex, precomp) = precomposition(id) else {
                summary.childrenNote = "no precomp asset with id '\(id)'"
                return summary
            }
            if open.contains(id) {
                summary.childrenNote = "cycle: '\(id)' contains itself (\((open + [id]).joined(separator: " > ")))"
            } else if listed.contains(id) {
                summary.childrenNote = "layers of '\(id)' listed above"
            } else if open.count >= maxDepth {
                summary.childrenNote = "nested more than \(maxDepth) precomps deep; not listed"
            } else {
                listed.insert(id)
                let childPath = JSONPath([.key("assets"), .index(assetIndex), .key("layers")])
                summary.children = summaries(of: precomp.layers, at: childPath, open: open + [id], listed: &listed)
            }
            return summary
        }
    }

    private func precomposition(_ id: String) -> (Int, PrecompositionAsset)? {
        for (index, asset) in animation.assets.enumerated() {
            if case .precomposition(let precomp) = asset, precomp.id == id { return (index, precomp) }
        }
        return nil
    }
}
