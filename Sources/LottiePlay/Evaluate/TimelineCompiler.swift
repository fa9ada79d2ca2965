import LottieModel

// MARK: - TimelineCompiler

/// Turns model layers into compiled layers, once per composition: precomposition assets are
/// compiled the first time a layer refers to them, and a reference back into a composition
/// that is still being compiled (a precomp cycle) is cut with a warning.
struct TimelineCompiler {
    let animation: Animation
    let context: ValueContext
    private(set) var precomps: [String: [CompiledLayer]] = [:]
    private(set) var warnings: [String] = []
    private var compiling: Set<String> = []
    private let assetPositions: [String: Int]

    init(animation: Animation) {
        self.animation = animation
        context = ValueContext(version: animation.version)
        var positions: [String: Int] = [:]
        for (position, asset) in animation.assets.enumerated() where positions[asset.id] == nil {
            positions[asset.id] = position
        }
        assetPositions = positions
    }

    // MARK: Layers

    mutating func compileLayers(_ layers: [Layer], pathPrefix: String) -> [CompiledLayer] {
        var compiled = layers.enumerated().map { position, layer in
            compileLayer(layer, jsonPath: "\(pathPrefix)[\(position)]")
        }
        resolveParents(&compiled, layers)
        resolveMattes(&compiled, layers)
        return compiled
    }

    private mutating func compileLayer(_ layer: Layer, jsonPath: String) -> CompiledLayer {
        CompiledLayer(
            name: layer.name, index: layer.index, type: layer.type, jsonPath: jsonPath,
            inPoint: layer.inPoint, outPoint: layer.outPoint, startTime: layer.startTime,
            timeStretch: layer.timeStretch, hidden: layer.hidden,
            transform: TransformTrack(layer.transform, autoOrient: layer.autoOrient, context: context),
            blendMode: layer.blendMode,
            masks: (layer.masks ?? []).map { MaskTrack($0, context: context) },
            matteMode: layer.matteMode.flatMap { $0 == .none ? nil : $0 },
            isMatteSource: layer.isMatteSource,
            content: compileContent(layer, jsonPath: jsonPath))
    }

    private mutating func compileContent(_ layer: Layer, jsonPath: String) -> CompiledLayer.Content {
        switch layer.content {
        case .shape(let items):
            return .shapes(ShapeProgram(items, jsonPath: jsonPath + ".shapes", context: context))
        case .precomp(let fields):
            guard compilePrecomp(id: fields.assetID, from: jsonPath) else { return .none }
            return .precomp(
                assetID: fields.assetID, width: fields.width, height: fields.height,
                timeRemap: fields.timeRemap.map { PropertyTrack($0, fallback: 0, context: context) })
        case .solid(let fields):
            return .solid(RGBAColor(hex: fields.color), width: fields.width, height: fields.height)
        case .image(let assetID):
            guard let position = assetPositions[assetID], case .image(let image) = animation.assets[position] else {
                warnings.append("\(jsonPath): image asset '\(assetID)' does not exist")
                return .none
            }
            return .image(assetID: assetID, width: image.width ?? 0, height: image.height ?? 0)
        case .text(let data):
            return .text(TextTrack(data, context: context))
        default:
            return .none
        }
    }

    /// Compiles a precomposition asset unless done already; false when it is missing or
    /// part of a cycle.
    private mutating func compilePrecomp(id: String, from jsonPath: String) -> Bool {
        if precomps[id] != nil { return true }
        if compiling.contains(id) {
            warnings.append("\(jsonPath): precomp '\(id)' contains itself (a precomp cycle); the reference is ignored")
            return false
        }
        guard let position = assetPositions[id], case .precomposition(let asset) = animation.assets[position] else {
            warnings.append("\(jsonPath): precomp asset '\(id)' does not exist")
            return false
        }
        compiling.insert(id)
        let layers = compileLayers(asset.layers, pathPrefix: "assets[\(position)].layers")
        compiling.remove(id)
        precomps[id] = layers
        return true
    }

    // MARK: References

    /// Parents are found by `ind` in the same list; a chain that loops is cut at the layer
    /// that closes the loop (FORMAT.md: detect cycles).
    private mutating func resolveParents(_ compiled: inout [CompiledLayer], _ layers: [Layer]) {
        var positionOfIndex: [Int: Int] = [:]
        for (position, layer) in layers.enumerated() {
            if let index = layer.index, positionOfIndex[index] == nil { positionOfIndex[index] = position }
        }
        for (position, layer) in layers.enumerated() {
            guard let parent = layer.parent else { continue }
            if let target = positionOfIndex[parent], target != position {
                compiled[position].parentPosition = target
            } else {
                let reason = positionOfIndex[parent] == nil ? "does not exist" : "is the layer itself"
                warnings.append("\(compiled[position].jsonPath): parent \(parent) \(reason); the parent is ignored")
            }
        }
        for start in compiled.indices {
            var seen: Set<Int> = [start]
            var current = start
            while let next = compiled[current].parentPosition {
                if seen.contains(next) {
                    warnings.append("\(compiled[current].jsonPath): parenting cycle; the link to its parent is ignored")
                    compiled[current].parentPosition = nil
                    break
                }
                seen.insert(next)
                current = next
            }
        }
    }

    /// The matte of a layer with `tt` is the layer whose `ind` is its `tp`, or else the layer
    /// just above it (FORMAT.md "Mattes").
    private mutating func resolveMattes(_ compiled: inout [CompiledLayer], _ layers: [Layer]) {
        for (position, layer) in layers.enumerated() where compiled[position].matteMode != nil {
            if let target = layer.matteParent {
                if let found = layers.firstIndex(where: { $0.index == target }), found != position {
                    compiled[position].mattePosition = found
                } else {
                    warnings.append("\(compiled[position].jsonPath): matte layer \(target) does not exist; drawn without matte")
                    compiled[position].matteMode = nil
                }
            } else if position > 0 {
                compiled[position].mattePosition = position - 1
            } else {
                warnings.append("\(compiled[position].jsonPath): track matte without a layer above it; drawn without matte")
                compiled[position].matteMode = nil
            }
        }
    }
}
