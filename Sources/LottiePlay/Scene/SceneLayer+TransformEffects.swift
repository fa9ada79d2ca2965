// MARK: - SceneLayer + Transform effects
//
// A Transform effect moves a layer's pixels in layer units, after its masks (FORMAT.md "Layer
// effects"). Drawing applies it to everything the layer draws, its masks and precomp clip
// included, as a transform in the space the layer is placed in: `world · E · world⁻¹`. Its
// children are not moved: effects do not pass down a parent chain.

extension SceneLayer {
    /// What the layer's Transform effects do to what it draws, in the space its `transform` maps
    /// into (the first effect listed applied first), and the opacity they multiply its own by; nil
    /// when it has none, or when its transform flattens it (it then draws nothing anyway).
    var transformEffects: (matrix: AffineMatrix, opacity: Double)? {
        var local = AffineMatrix.identity
        var opacity = 1.0
        var found = false
        for case .transform(let effect) in effects {
            local = effect.matrix * local
            opacity *= effect.opacity
            found = true
        }
        guard found, let inverse = transform.inverse else { return nil }
        return (transform * local * inverse, opacity)
    }
}
