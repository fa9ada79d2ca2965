import LottieModel

// MARK: - TimelineCompiler

/// Turns model layers into compiled layers, once per composition: precomposition assets are
/// compiled the first time a layer refers to them, and a reference back into a composition
/// that is still being compiled (a precomp cycle) is cut with a warning.
///
/// The walk keeps its own stack of compositions being compiled instead of recursing, so a
/// chain of 100 000 precomps compiles (and is then drawn only `maxPrecompDepth` deep) rather
/// than overflowing the thread's stack.
struct TimelineCompiler {
    let animation: LottieAnimation
    /// The context of the layer being compiled (its expression site set for each layer).
    private(set) var context: ValueContext
    /// What expressions read; nil compiles none.
    let expressionWorld: ExpressionWorld?
    /// Every compiled precomp's layers in the order they were compiled, and each one's place there
    /// by asset id: precomp layers refer to their asset's list by place (holding the list itself would nest every
    /// precomp in the layer that draws it, and freeing a chain of 100 000 would overflow the stack).
    private(set) var precompLists: [[CompiledLayer]] = []
    private var precompPlaces: [String: Int] = [:]
    /// The same lists by asset id.
    var precomps: [String: [CompiledLayer]] { precompPlaces.mapValues { precompLists[$0] } }
    /// What compiling found to say, and then one line for each kind of layer style not drawn
    /// (files carry them by the hundred: one line a kind, with the first place and a count).
    var warnings: [LottieDiagnostic] {
        notes + undrawnStyles.map { style in
            let more = style.count > 1 ? " and \(style.count - 1) more" : ""
            return LottieDiagnostic(.warning, .unsupported(.layerStylesNotDrawn), path: style.first,
                                    message: "\(style.reason)\(more)")
        }
    }
    private var notes: [LottieDiagnostic] = []
    private var undrawnStyles: [(reason: String, first: String, count: Int)] = []
    private var compiling: Set<String> = []
    private let assetPositions: [String: Int]

    init(animation: LottieAnimation, limits: LottieLimits = .default, frameRate: Double? = nil) {
        self.animation = animation
        var context = ValueContext(version: animation.version, limits: limits)
        context.easingSteps = EasingStepTables()
        self.context = context
        expressionWorld = frameRate.map { ExpressionWorld(animation: animation, frameRate: $0, context: context) }
        var positions: [String: Int] = [:]
        for (position, asset) in animation.assets.enumerated() where positions[asset.id] == nil {
            positions[asset.id] = position
        }
        assetPositions = positions
    }

    private mutating func note(_ category: LottieDiagnostic.Category, _ path: String, _ message: String) {
        notes.append(LottieDiagnostic(.warning, category, path: path, message: message))
    }

    // MARK: Layers

    /// A composition being compiled: its layers, those compiled so far, and the precomp layer
    /// waiting for the composition above it to finish.
    private struct Composition {
        var assetID: String?
        var layers: [Layer]
        var pathPrefix: String
        var compiled: [CompiledLayer] = []
        /// The layer whose precomp asset is being compiled on top of this composition.
        var waiting: Int?
    }

    /// Compiles a composition and, first, every precomp it uses (depth first, in layer order;
    /// the warnings come out in the order of a recursive walk).
    mutating func compileLayers(_ layers: [Layer], pathPrefix: String) -> [CompiledLayer] {
        var stack = [Composition(assetID: nil, layers: layers, pathPrefix: pathPrefix)]
        while let top = stack.indices.last {
            if let waiting = stack[top].waiting {
                // The asset of this precomp layer was compiled just now.
                stack[top].waiting = nil
                let layer = stack[top].layers[waiting]
                let path = "\(stack[top].pathPrefix)[\(waiting)]"
                setSite(composition: stack[top].assetID, position: waiting, path: path)
                stack[top].compiled.append(compileLayer(layer, jsonPath: path, content: precompContent(layer)))
                continue
            }
            let position = stack[top].compiled.count
            guard position < stack[top].layers.count else {
                var finished = stack.removeLast()
                resolveReferences(&finished.compiled, finished.layers)
                guard let id = finished.assetID else { return finished.compiled }
                compiling.remove(id)
                precompPlaces[id] = precompLists.count
                precompLists.append(finished.compiled)
                continue
            }
            let layer = stack[top].layers[position]
            let path = "\(stack[top].pathPrefix)[\(position)]"
            setSite(composition: stack[top].assetID, position: position, path: path)
            if case .precomp(let fields) = layer.content, let asset = startPrecomp(id: fields.assetID, from: path) {
                stack[top].waiting = position
                stack.append(Composition(assetID: fields.assetID, layers: asset.layers,
                                         pathPrefix: "assets[\(asset.position)].layers"))
                continue
            }
            stack[top].compiled.append(compileLayer(layer, jsonPath: path, content: compileContent(layer, jsonPath: path)))
        }
        return []
    }

    /// Points the expressions of the properties compiled next at a layer.
    private mutating func setSite(composition: String?, position: Int, path: String) {
        guard let expressionWorld else { return }
        context.expressionSite = ExpressionSite(world: expressionWorld, layer: LayerAddress(composition: composition, position: position),
                                                layerPath: path)
    }

    private mutating func compileLayer(_ layer: Layer, jsonPath: String, content: CompiledLayer.Content) -> CompiledLayer {
        CompiledLayer(
            name: layer.name, index: layer.index, type: layer.type, jsonPath: jsonPath,
            inPoint: layer.inPoint, outPoint: layer.outPoint, startTime: layer.startTime,
            timeStretch: layer.timeStretch, hidden: layer.hidden,
            transform: TransformTrack(layer.transform, autoOrient: layer.autoOrient,
                                      spatial: layer.is3D || layer.type == .camera, context: context),
            is3D: layer.is3D,
            blendMode: layer.blendMode,
            masks: (layer.masks ?? []).map { MaskTrack($0, context: context) },
            effects: compileEffects(layer, jsonPath: jsonPath),
            matteMode: layer.matteMode.flatMap { $0 == .normal ? nil : $0 } ?? setMatte(of: layer)?.mode,
            isMatteSource: layer.isMatteSource,
            content: content)
    }

    /// The effects of `layer` that are drawn, then its layer styles; a warning for each that is
    /// not (switched-off effects and expression controls aside). A Set Matte effect is drawn as
    /// the layer's matte (`setMatte(of:)`).
    private mutating func compileEffects(_ layer: Layer, jsonPath: String) -> [EffectTrack] {
        let context = context
        let setMatte = setMatte(of: layer)
        let hasTrackMatte = layer.matteMode.map { $0 != .normal } ?? false
        let effects = (layer.effects ?? []).lazy.enumerated().map { index, effect in
            let compiled: EffectTrack.Compiled = if effect.kind == .setMatte, effect.isEnabled {
                hasTrackMatte ? .notDrawn("effect Set Matte on a layer with a track matte (not drawn)")
                    : setMatte?.index == index ? .silent : .notDrawn("effect Set Matte after the first (not drawn)")
            } else {
                EffectTrack.compile(effect, context: context)
            }
            return ("\(jsonPath).ef[\(index)]", compiled, false)
        }
        let styles = (layer.styles ?? []).lazy.enumerated().map { index, style in
            ("\(jsonPath).sy[\(index)]", EffectTrack.compile(style, context: context), true)
        }
        func noteUndrawn(_ reason: String, at path: String) {
            if let known = undrawnStyles.firstIndex(where: { $0.reason == reason }) {
                undrawnStyles[known].count += 1
            } else {
                undrawnStyles.append((reason, path, 1))
            }
        }
        var tracks: [EffectTrack] = []
        for (path, compiled, isStyle) in [AnySequence(effects), AnySequence(styles)].joined() {
            switch compiled {
            case .drawn(let track):
                guard tracks.count < context.limits.maxLayerEffects else {
                    note(.limit, path, "more than \(context.limits.maxLayerEffects) effects on the layer (limit "
                                    + "maxLayerEffects); this one and those after are not drawn")
                    return tracks
                }
                tracks.append(track)
            case .silent: break
            case .notDrawn(let reason):
                if isStyle { noteUndrawn(reason, at: path) } else { note(.unsupported(.effectsNotDrawn), path, reason) }
            }
        }
        return tracks
    }

    private mutating func compileContent(_ layer: Layer, jsonPath: String) -> CompiledLayer.Content {
        switch layer.content {
        case .shape(let items):
            return .shapes(ShapeProgram(items, jsonPath: jsonPath + ".shapes", context: context))
        case .precomp:
            return precompContent(layer)
        case .solid(let fields):
            return .solid(RGBAColor(hex: fields.color), width: fields.width, height: fields.height)
        case .image(let assetID):
            guard let position = assetPositions[assetID], case .image(let image) = animation.assets[position] else {
                note(.reference, jsonPath, "image asset '\(assetID)' does not exist")
                return .none
            }
            return .image(assetID: assetID, width: image.width ?? 0, height: image.height ?? 0)
        case .text(let data):
            return .text(TextTrack(data, masks: layer.masks ?? [], context: context))
        case .camera(let perspective):
            // A file without `pe` is seen as After Effects' default camera sees the composition's width.
            return .camera(zoom: PropertyTrack(perspective, fallback: animation.width, context: context))
        default:
            return .none
        }
    }

    /// A precomp layer's content once its asset is compiled; nothing when the reference was
    /// cut (missing asset, cycle).
    private func precompContent(_ layer: Layer) -> CompiledLayer.Content {
        guard case .precomp(let fields) = layer.content, let place = precompPlaces[fields.assetID] else { return .none }
        return .precomp(
            assetID: fields.assetID, place: place, width: fields.width, height: fields.height,
            timeRemap: fields.timeRemap.map { PropertyTrack($0, fallback: 0, context: context) })
    }

    /// The asset to compile for a reference from `jsonPath`, or nil when there is nothing to
    /// compile: done already, missing (warning), or still being compiled (a cycle: warning).
    private mutating func startPrecomp(id: String, from jsonPath: String) -> (layers: [Layer], position: Int)? {
        if precompPlaces[id] != nil { return nil }
        if compiling.contains(id) {
            note(.cycle, jsonPath, "precomp '\(id)' contains itself (a precomp cycle); the reference is ignored")
            return nil
        }
        guard let position = assetPositions[id], case .precomposition(let asset) = animation.assets[position] else {
            note(.reference, jsonPath, "precomp asset '\(id)' does not exist")
            return nil
        }
        compiling.insert(id)
        return (asset.layers, position)
    }

    // MARK: References

    /// Fills in each layer's parent and matte positions.
    private mutating func resolveReferences(_ compiled: inout [CompiledLayer], _ layers: [Layer]) {
        let parents = resolveParents(compiled, layers)
        let mattes = resolveMattes(compiled, layers)
        for position in compiled.indices {
            compiled[position] = compiled[position].resolved(
                parentPosition: parents[position], mattePosition: mattes[position].position,
                matteMode: mattes[position].mode)
        }
    }

    /// Parents are found by `ind` in the same list; a chain that loops is cut at the layer
    /// that closes the loop (FORMAT.md: detect cycles).
    private mutating func resolveParents(_ compiled: [CompiledLayer], _ layers: [Layer]) -> [Int?] {
        var parents: [Int?] = Array(repeating: nil, count: compiled.count)
        var positionOfIndex: [Int: Int] = [:]
        for (position, layer) in layers.enumerated() {
            if let index = layer.index, positionOfIndex[index] == nil { positionOfIndex[index] = position }
        }
        for (position, layer) in layers.enumerated() {
            guard let parent = layer.parent else { continue }
            if let target = positionOfIndex[parent], target != position {
                parents[position] = target
            } else {
                let reason = positionOfIndex[parent] == nil ? "does not exist" : "is the layer itself"
                note(.reference, compiled[position].jsonPath, "parent \(parent) \(reason); the parent is ignored")
            }
        }
        // Each chain is walked once (linear in the number of layers, however long the chains):
        // a layer met again on the chain being walked closes a loop, cut at the layer that links
        // back to it.
        enum Walk { case notYet, onChain, done }
        var walk = Array(repeating: Walk.notYet, count: compiled.count)
        for start in compiled.indices where walk[start] == .notYet {
            var chain: [Int] = []
            var current = start
            while walk[current] == .notYet {
                walk[current] = .onChain
                chain.append(current)
                guard let next = parents[current] else { break }
                if walk[next] == .onChain {
                    note(.cycle, compiled[current].jsonPath, "parenting cycle; the link to its parent is ignored")
                    parents[current] = nil
                    break
                }
                current = next
            }
            for position in chain { walk[position] = .done }
        }
        return parents
    }

    /// The first Set Matte effect of `layer` switched on (its place in the list), the `ind` of the
    /// layer it takes its matte from and how (FORMAT.md "Layer effects"), its values at frame 0.
    private func setMatte(of layer: Layer) -> (index: Int, target: Int, mode: MatteMode)? {
        guard let index = (layer.effects ?? []).firstIndex(where: { $0.kind == .setMatte && $0.isEnabled }),
              let effects = layer.effects else { return nil }
        let effect = effects[index]
        func value(_ place: Int, _ fallback: Double) -> Double {
            let number = PropertyTrack(effect.number(at: place), fallback: fallback, context: context).value(at: 0)
            return number.isFinite ? number.rounded() : fallback
        }
        let target = value(0, 0), channel = value(1, 4), inverted = value(2, 0) != 0
        // Use For Matte: 5 luminance; 9 full and 10 off leave the layer whole; the other
        // channels as alpha, as lottie-web takes every one.
        guard abs(target) < 1e9, channel != 9, channel != 10 else { return nil }
        let mode: MatteMode = channel == 5 ? (inverted ? .lumaInverted : .luma) : (inverted ? .alphaInverted : .alpha)
        return (index, Int(target), mode)
    }

    /// The matte of a layer with `tt` is the layer whose `ind` is its `tp`, or else the layer
    /// just above it; of a layer with a Set Matte effect, the layer it names (FORMAT.md "Layers
    /// and transforms", mattes).
    private mutating func resolveMattes(_ compiled: [CompiledLayer], _ layers: [Layer])
        -> [(mode: MatteMode?, position: Int?)] {
        var mattes = compiled.map { (mode: $0.matteMode, position: $0.mattePosition) }
        var positionOfIndex: [Int: Int] = [:]
        for (position, layer) in layers.enumerated() {
            if let index = layer.index, positionOfIndex[index] == nil { positionOfIndex[index] = position }
        }
        for (position, layer) in layers.enumerated() where compiled[position].matteMode != nil {
            let hasTrackMatte = layer.matteMode.map { $0 != .normal } ?? false
            if let target = hasTrackMatte ? layer.matteParent : setMatte(of: layer)?.target {
                if let found = positionOfIndex[target], found != position {
                    mattes[position].position = found
                } else {
                    note(.reference, compiled[position].jsonPath, "matte layer \(target) does not exist; drawn without matte")
                    mattes[position].mode = nil
                }
            } else if position > 0 {
                mattes[position].position = position - 1
            } else {
                note(.reference, compiled[position].jsonPath, "track matte without a layer above it; drawn without matte")
                mattes[position].mode = nil
            }
        }
        return mattes
    }
}
