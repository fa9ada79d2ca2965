// MARK: - CompiledComposition

/// A composition made ready for evaluation (the animation's root, or a precomp asset): its
/// compiled layers, and whether one of them has a parent (`WorldTransforms.needsList`).
final class CompiledComposition: Sendable {
    let layers: [CompiledLayer]
    let hasParents: Bool
    /// Where its camera layers are, in file order (`CameraView`).
    let cameraPositions: [Int]

    init(layers: [CompiledLayer]) {
        self.layers = layers
        hasParents = WorldTransforms.needsList(layers)
        cameraPositions = layers.indices.filter {
            if case .camera = layers[$0].content { return true }
            return false
        }
    }
}
