// MARK: - Layer effects
//
// A layer with effects is drawn isolated (in a buffer of its own); after its masks and before
// its matte, each effect changes the buffer in list order (FORMAT.md "Layer effects"). Colour
// effects change pixels in place (`ColorEffects`); a blur and a drop shadow spread pixels: they
// work in an `EffectPlane` over the painted region grown by how far they reach, cut to the
// canvas (the region holds the layer's own pixels too, so that a shadow alone replaces them).
// Lengths are in layer units, taken to pixels by the layer's transform: a shadow's
// offset turns and scales with the layer, blur radii scale by the square root of its area scale.

extension LayerCompositor {
    /// Applies `effects` in order to `buffer`, the layer drawn alone, its layer-to-pixel transform
    /// `transform`.
    func applyEffects(_ effects: [SceneEffect], transform: AffineMatrix, to buffer: PixelBuffer) {
        let scale = SceneEffect.lengthScale(of: transform)
        for effect in effects {
            guard !buffer.dirty.isEmpty else { return }
            if ColorEffects.apply(effect, to: buffer) { continue }
            switch effect {
            case .gaussianBlur(let blurriness, let dimensions, let repeatEdges):
                let radii = blurRadii(blurriness * scale)
                blur(buffer, horizontal: dimensions == .vertical ? [0, 0, 0] : radii,
                     vertical: dimensions == .horizontal ? [0, 0, 0] : radii, repeatEdges: repeatEdges)
            case .dropShadow(let color, let opacity, let direction, let distance, let softness, let shadowOnly):
                let offset = SceneEffect.shadowOffset(direction: direction, distance: distance)
                dropShadow(buffer, color: color, opacity: opacity, offset: transform.applyLinear(to: offset),
                           radii: blurRadii(softness * scale), shadowOnly: shadowOnly)
            case .fill, .tint, .tritone, .levels:
                break
            }
        }
    }

    /// The three box radii of a blur of `blurriness` pixels, reaching no farther than the canvas
    /// is long.
    private func blurRadii(_ blurriness: Double) -> [Int] {
        EffectPlane.boxRadii(sigma: blurriness * SceneEffect.sigmaPerBlurriness, limit: Swift.max(width, height))
    }

    private func blur(_ buffer: PixelBuffer, horizontal: [Int], vertical: [Int], repeatEdges: Bool) {
        let reach = (horizontal.reduce(0, +), vertical.reduce(0, +))
        guard reach != (0, 0) else { return }
        let region = buffer.dirty.grown(by: reach.0, reach.1).intersection(buffer.bounds)
        effectPlane.load(region, from: buffer)
        effectPlane.boxBlur(horizontal: horizontal, vertical: vertical, repeatEdges: repeatEdges)
        effectPlane.store(to: buffer)
    }

    /// Paints under the layer its alpha moved by `offset` pixels, blurred by `radii` and coloured
    /// `color` at `opacity`; with `shadowOnly`, the layer itself goes.
    private func dropShadow(_ buffer: PixelBuffer, color: RGBAColor, opacity: Double, offset: Vector2,
                            radii: [Int], shadowOnly: Bool) {
        let reach = radii.reduce(0, +)
        let canvas = buffer.bounds
        let dirty = buffer.dirty
        // Past the canvas's size the shadow falls outside it: the offset is cut there (and then
        // fits an Int).
        let limit = Double(Swift.max(width, height) + reach + 2)
        func cut(_ value: Double) -> Double { value.isFinite ? Swift.min(Swift.max(value, -limit), limit) : limit }
        let offset = Vector2(x: cut(offset.x), y: cut(offset.y))
        let shifted = PixelRect(minX: dirty.minX + Int(offset.x.rounded(.down)),
                                minY: dirty.minY + Int(offset.y.rounded(.down)),
                                maxX: dirty.maxX + Int(offset.x.rounded(.up)),
                                maxY: dirty.maxY + Int(offset.y.rounded(.up)))
        let region = shifted.grown(by: reach, reach).union(dirty).intersection(canvas)
        guard !region.isEmpty else { return }
        // The layer's pixels, and its alpha moved by the offset (bilinear for a fraction of a pixel).
        effectPlane.load(region, from: buffer)
        shadowPlane.takeMovedAlpha(of: effectPlane, by: offset)
        shadowPlane.boxBlur(horizontal: radii, vertical: radii, repeatEdges: false)
        let shade = SIMD4<Float>(Float(color.red), Float(color.green), Float(color.blue), 1)
            * Float(color.alpha * opacity) / 255
        effectPlane.putOver(shadowPlane, shade: shade, shadowOnly: shadowOnly)
        effectPlane.store(to: buffer)
    }
}
