// MARK: - Layer effects
//
// A layer with effects is drawn isolated (in a buffer of its own); after its masks and before
// its matte, each effect changes the buffer in list order (FORMAT.md "Layer effects"). Colour
// effects change pixels in place (`ColorEffects`); a blur and a drop shadow spread pixels: they
// work over the painted region grown by how far they reach, cut to the canvas (the region holds
// the layer's own pixels too, so that a shadow alone replaces them). A shadow is the layer's
// alpha moved, in a buffer of its own, blurred there (`BoxBlur`), shaded, and put under the layer.
// Lengths are in layer units, taken to pixels by the layer's transform: a shadow's
// offset turns and scales with the layer, blur radii scale by the square root of its area scale.

extension LayerCompositor {
    /// Applies `effects` in order to `buffer`, the layer drawn alone, its layer-to-pixel transform
    /// `transform` and its masks `masks` (which a Stroke effect strokes).
    func applyEffects(_ effects: [SceneEffect], masks: [SceneMask], transform: AffineMatrix, to buffer: PixelBuffer) {
        let scale = SceneEffect.lengthScale(of: transform)
        // What the layer drew lies within the composition's rectangle (drawing is clipped there);
        // effects that spread pixels stay within it too, and a blur repeats its edge.
        for effect in effects {
            guard !buffer.dirty.isEmpty else { return }
            if ColorEffects.apply(effect, to: buffer) { continue }
            switch effect {
            case .gaussianBlur(let blurriness, let dimensions, let repeatEdges):
                let radii = blurRadii(blurriness * scale)
                blur(buffer, horizontal: dimensions == .vertical ? [0, 0, 0] : radii,
                     vertical: dimensions == .horizontal ? [0, 0, 0] : radii, repeatEdges: repeatEdges)
            case .boxBlur(let radius, let iterations, let dimensions, let repeatEdges):
                // Whole pixels, as far as the canvas is long.
                let scaled = radius * scale
                let pixels = scaled.isFinite ? Int(Swift.min(scaled, Double(Swift.max(width, height))).rounded()) : 0
                let radii = Array(repeating: pixels, count: iterations)
                let none = Array(repeating: 0, count: iterations)
                blur(buffer, horizontal: dimensions == .vertical ? none : radii,
                     vertical: dimensions == .horizontal ? none : radii, repeatEdges: repeatEdges)
            case .dropShadow(let color, let opacity, let direction, let distance, let softness, let shadowOnly):
                let offset = SceneEffect.shadowOffset(direction: direction, distance: distance)
                dropShadow(buffer, color: color, opacity: opacity, offset: transform.applyLinear(to: offset),
                           radii: blurRadii(softness * scale), shadowOnly: shadowOnly)
            case .stroke(let stroke):
                self.stroke(stroke, of: masks, transform: transform, on: buffer)
            case .fill, .tint, .tritone, .levels:
                break
            case .transform:
                // Applied where the layer is drawn (`SceneLayer.transformEffects`).
                break
            }
        }
    }

    /// Strokes the masks the effect names, trimmed to its start and end, over the layer, alone,
    /// or as where the layer shows.
    private func stroke(_ effect: SceneEffect.StrokeEffect, of masks: [SceneMask], transform: AffineMatrix,
                        on buffer: PixelBuffer) {
        let drawing = effect.drawing(of: masks, jsonPath: "")
        switch effect.paintStyle {
        case .onOriginal:
            drawShape(drawing, transform: transform, into: buffer)
        case .onTransparent:
            buffer.clear()
            drawShape(drawing, transform: transform, into: buffer)
        case .revealOriginal:
            let stroke = acquireBuffer()
            defer { release(stroke) }
            drawShape(drawing, transform: transform, into: stroke)
            multiply(buffer, in: buffer.dirty.intersection(bounds), byMatte: stroke) { PremultipliedPixel.alphas($0) }
        }
    }

    /// The three box radii of a blur of `blurriness` pixels, reaching no farther than the canvas
    /// is long.
    private func blurRadii(_ blurriness: Double) -> [Int] {
        BoxBlur.boxRadii(sigma: blurriness * SceneEffect.sigmaPerBlurriness, limit: Swift.max(width, height))
    }

    private func blur(_ buffer: PixelBuffer, horizontal: [Int], vertical: [Int], repeatEdges: Bool) {
        let reach = (horizontal.reduce(0, +), vertical.reduce(0, +))
        guard reach != (0, 0) else { return }
        let region = buffer.dirty.grown(by: reach.0, reach.1).intersection(compositionRect)
        guard !region.isEmpty else { return }
        boxBlur.blur(region, of: buffer, horizontal: horizontal, vertical: vertical, repeatEdges: repeatEdges)
    }

    /// Paints under the layer its alpha moved by `offset` pixels, blurred by `radii` and coloured
    /// `color` at `opacity`; with `shadowOnly`, the layer itself goes.
    private func dropShadow(_ buffer: PixelBuffer, color: RGBAColor, opacity: Double, offset: Vector2,
                            radii: [Int], shadowOnly: Bool) {
        let reach = radii.reduce(0, +)
        let canvas = compositionRect
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
        // The layer's alpha moved by the offset (bilinear for a fraction of a pixel), in every
        // channel, blurred.
        let shadow = acquireBuffer()
        defer { release(shadow) }
        Self.moveAlpha(of: buffer, by: offset, over: region, into: shadow)
        boxBlur.blur(region, of: shadow, horizontal: radii, vertical: radii, repeatEdges: false)
        // The shadow shaded, under the layer.
        let shade = PremultipliedPixel.word(SIMD4<Float>(Float(color.red), Float(color.green), Float(color.blue), 1)
                                            * Float(color.alpha * opacity))
        for y in region.minY..<region.maxY {
            let layer = buffer.pixels + y * buffer.width, shaded = shadow.pixels + y * shadow.width
            for x in region.minX..<region.maxX {
                let under = PremultipliedPixel.scaled(shade, by: PremultipliedPixel.alpha(shaded[x]))
                layer[x] = shadowOnly ? under : PremultipliedPixel.over(layer[x], under)
            }
        }
        buffer.markPainted(region)
        buffer.dirty = buffer.dirty.union(region)
    }

    /// Writes over `region` of `target` (cleared) the alpha of `source` moved by `offset` pixels,
    /// in every channel, by bilinear weights for a fraction of a pixel; transparent where it would
    /// come from outside `source`. `offset` is finite and smaller than `Int`'s range.
    private static func moveAlpha(of source: PixelBuffer, by offset: Vector2, over region: PixelRect,
                                  into target: PixelBuffer) {
        let whole = (x: Int(offset.x.rounded(.down)), y: Int(offset.y.rounded(.down)))
        let fraction = (x: Float(offset.x) - Float(whole.x), y: Float(offset.y) - Float(whole.y))
        func alpha(_ x: Int, _ y: Int) -> Float {
            guard x >= 0, x < source.width, y >= 0, y < source.height else { return 0 }
            return Float(PremultipliedPixel.alpha(source.pixels[y * source.width + x]))
        }
        for y in region.minY..<region.maxY {
            let row = target.pixels + y * target.width
            let sy = y - whole.y
            for x in region.minX..<region.maxX {
                let sx = x - whole.x
                let top = alpha(sx, sy) * (1 - fraction.x) + alpha(sx - 1, sy) * fraction.x
                let bottom = alpha(sx, sy - 1) * (1 - fraction.x) + alpha(sx - 1, sy - 1) * fraction.x
                let moved = UInt32(top * (1 - fraction.y) + bottom * fraction.y + 0.5)
                row[x] = moved &* 0x0101_0101
            }
        }
        target.markPainted(region)
        target.dirty = target.dirty.union(region)
    }
}
