// MARK: - FrameCounts

/// What one frame's evaluation counts: the layers and vertices it may still take
/// (`LottieLimits.maxLayers`, `maxFrameVertices`) and the vertices the layer states hold. Taken
/// out of the `GraphState` when the frame starts and given back when it ends
/// (`GraphState.beginFrame`, `endFrame`): held by the evaluator, a value, its every use is not
/// checked for exclusivity as the stored properties of a class are. Plain numbers only: the
/// evaluator is copied where it is read, and a copy of anything holding storage would count
/// references.
struct FrameCounts {
    /// The frame's number (`GraphState`): a layer state listed in this frame has it.
    let frameNumber: Int
    var layersLeft: Int
    var verticesLeft: Int
    /// Vertices of the content held by layer states (`GraphState.heldVertices`).
    var heldVertices: Int

    /// Takes one layer from the frame's budget; false when it is spent.
    mutating func takeLayer() -> Bool {
        guard layersLeft > 0 else { return false }
        layersLeft -= 1
        return true
    }
}
