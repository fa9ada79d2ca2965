// MARK: - CompiledComposition

/// A precomp asset made ready for evaluation: its compiled layers, whether one of them has a
/// parent (`WorldTransforms.needsList`), and its `LayerFrameTable`. One object, so that a precomp
/// layer reaches all three through one unretained reference: read out of parallel lists, the
/// layer list and the table's storage were each retained and released for every precomp
/// instance of every frame.
final class CompiledComposition: Sendable {
    let layers: [CompiledLayer]
    let hasParents: Bool
    let table: LayerFrameTable

    init(layers: [CompiledLayer], table: LayerFrameTable) {
        self.layers = layers
        hasParents = WorldTransforms.needsList(layers)
        self.table = table
    }
}
