import LottieModel

// MARK: - SceneBuilder

/// Evaluates compiled layers at a frame into scene layers (FORMAT.md "Time", "Layers and
/// transforms"): visibility by in/out points, world matrices through parent chains, precomp
/// time `(t - st) / sr` or time remapping, mattes attached to the layers they mask.
struct SceneBuilder {
    let timeline: Timeline
    /// True at the very end of the animation, where out points are inclusive.
    let inclusiveEnd: Bool

    /// The visible layers of a composition at its local `frame`, bottom first.
    func layers(of layers: [CompiledLayer], at frame: Double, parentTransform: AffineTransform,
                         depth: Int) -> [SceneLayer] {
        var result: [SceneLayer] = []
        for position in layers.indices.reversed() {
            let layer = layers[position]
            guard !layer.hidden, !layer.isMatteSource, layer.isActive(at: frame, inclusiveEnd: inclusiveEnd),
                  var scene = sceneLayer(position, in: layers, at: frame, parentTransform: parentTransform, depth: depth)
            else { continue }
            if let mode = layer.matteMode, let mattePosition = layer.mattePosition {
                scene.matte = SceneMatte(mode: mode, source: matteSource(
                    mattePosition, in: layers, at: frame, parentTransform: parentTransform, depth: depth))
            }
            result.append(scene)
        }
        return result
    }

    /// The matte source as a scene layer; when it is not active at this frame it draws
    /// nothing (so an alpha matte hides the layer and an inverted one shows all of it).
    private func matteSource(_ position: Int, in layers: [CompiledLayer], at frame: Double,
                                      parentTransform: AffineTransform, depth: Int) -> SceneLayer {
        let layer = layers[position]
        if layer.isActive(at: frame, inclusiveEnd: inclusiveEnd),
           let scene = sceneLayer(position, in: layers, at: frame, parentTransform: parentTransform, depth: depth) {
            return scene
        }
        return SceneLayer(
            name: layer.name, index: layer.index, type: layer.type, jsonPath: layer.jsonPath, localFrame: frame,
            transform: parentTransform, opacity: 0, blendMode: layer.blendMode, content: .empty)
    }

    private func sceneLayer(_ position: Int, in layers: [CompiledLayer], at frame: Double,
                                     parentTransform: AffineTransform, depth: Int) -> SceneLayer? {
        let layer = layers[position]
        let world = parentTransform * worldTransform(position, in: layers, at: frame)
        guard let content = content(of: layer, at: frame, world: world, depth: depth) else { return nil }
        return SceneLayer(
            name: layer.name, index: layer.index, type: layer.type, jsonPath: layer.jsonPath, localFrame: frame,
            transform: world, opacity: layer.transform.opacity(at: frame), blendMode: layer.blendMode,
            masks: layer.masks.map { $0.value(at: frame) }, content: content)
    }

    /// The layer's matrix times its parents' (parents' opacity is not inherited).
    private func worldTransform(_ position: Int, in layers: [CompiledLayer], at frame: Double) -> AffineTransform {
        var matrix = layers[position].transform.matrix(at: frame)
        var parent = layers[position].parentPosition
        var steps = 0
        while let current = parent, steps < layers.count {
            matrix = layers[current].transform.matrix(at: frame) * matrix
            parent = layers[current].parentPosition
            steps += 1
        }
        return matrix
    }

    private func content(of layer: CompiledLayer, at frame: Double, world: AffineTransform,
                                  depth: Int) -> SceneContent? {
        switch layer.content {
        case .shapes(let program):
            return .shapes(program.drawings(at: frame))
        case .solid(let color, let width, let height):
            return .solid(color: color, width: width, height: height)
        case .image(let assetID, let width, let height):
            return .image(assetID: assetID, width: width, height: height)
        case .text(let track):
            let document = track.document.value(at: frame)
            return .text(SceneText(document: document, glyphs: timeline.glyphs.layout(document, context: timeline.context)))
        case .precomp(let assetID, let width, let height, let timeRemap):
            guard depth < timeline.maxPrecompDepth, let children = timeline.precomps[assetID] else { return .empty }
            let childFrame = precompFrame(of: layer, timeRemap: timeRemap, at: frame)
            let clip = (width ?? 0) > 0 && (height ?? 0) > 0
                ? Rect(x: 0, y: 0, width: width ?? 0, height: height ?? 0) : nil
            return .precomp(self.layers(of: children, at: childFrame, parentTransform: world, depth: depth + 1), clip: clip)
        case .none:
            return nil
        }
    }

    /// A precomp's own frame: time remapping (seconds) times the frame rate when present,
    /// else `(t - st) / sr` (FORMAT.md "Time").
    private func precompFrame(of layer: CompiledLayer, timeRemap: PropertyTrack<Double>?, at frame: Double) -> Double {
        if let timeRemap {
            return timeRemap.value(at: frame) * timeline.frameRate
        }
        let stretch = layer.timeStretch != 0 && layer.timeStretch.isFinite ? layer.timeStretch : 1
        return (frame - layer.startTime) / stretch
    }
}
