import LottieModel

// MARK: - LayerHost

/// A layer as expressions see it: name, index, times, parent, `transform` and its properties,
/// `effect(name)`, `content(name)`, `text.sourceText`, `marker`, the coordinate conversions
/// (`toComp`, `fromComp`, `toWorld`, `fromWorld`), and its groups by name or index
/// (`thisLayer(2)`, `layer('ADBE Effect Parade')`).
final class LayerHost: ExpressionHostObject {
    let tree: LayerTree
    unowned var evaluation: ExpressionEvaluation?
    private var groups: [ObjectIdentifier: GroupHost] = [:]

    init(_ tree: LayerTree, evaluation: ExpressionEvaluation?) {
        self.tree = tree
        self.evaluation = evaluation
    }

    var typeName: String { "layer '\(tree.layer.name ?? "")'" }

    private var frameRate: Double { evaluation?.world.frameRate ?? 30 }

    /// The host of one of the layer's groups, the same object each time it is asked for.
    func group(_ group: PropertyTreeGroup) -> GroupHost {
        if let known = groups[ObjectIdentifier(group)] { return known }
        let host = GroupHost(group, parent: nil, evaluation: evaluation)
        groups[ObjectIdentifier(group)] = host
        return host
    }

    func member(_ name: String, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue? {
        let layer = tree.layer
        switch name {
        case "name", "_name": return .string(layer.name ?? "")
        case "index": return .number(Double(layer.index ?? tree.address.position + 1))
        case "inPoint": return .number(layer.inPoint / frameRate)
        case "outPoint": return .number(layer.outPoint / frameRate)
        case "startTime": return .number(layer.startTime / frameRate)
        case "hasParent": return .bool(tree.parentPosition != nil)
        case "parent":
            guard let parent = tree.parentPosition, let evaluation,
                  let host = evaluation.layer(LayerAddress(composition: tree.address.composition, position: parent)) else {
                return .undefined
            }
            return .host(host)
        case "enabled": return .bool(!layer.hidden)
        case "active":
            interpreter.readsTime = true
            let frame = evaluation?.frame ?? 0
            return .bool(!layer.hidden && frame >= layer.inPoint && frame < layer.outPoint)
        case "width", "height":
            let size = evaluation?.size(of: layer) ?? (width: 0, height: 0)
            return .number(name == "width" ? size.width : size.height)
        case "transform": return .host(group(tree.transformGroup))
        case "anchorPoint", "position", "scale", "rotation", "opacity", "xPosition", "yPosition":
            return try group(tree.transformGroup).member(name, in: interpreter)
        case "effect":
            let effects = group(tree.effects)
            return .function(ExpressionFunction(name) { call throws(ExpressionFault) in try effects.callChild(call) })
        case "content":
            let contents = group(tree.contents)
            return .function(ExpressionFunction(name) { call throws(ExpressionFault) in try contents.callChild(call) })
        case "timeRemap":
            guard let remap = tree.timeRemap, let evaluation else { return .undefined }
            return evaluation.host(for: .scalar(PropertyNames(name: "Time Remap", matchName: "ADBE Time Remapping",
                                                              member: "timeRemap", index: nil), remap), in: nil)
        case "toComp", "fromComp", "toWorld", "fromWorld", "toCompVec", "fromCompVec", "toWorldVec", "fromWorldVec",
             "fromCompToSurface":
            return .function(ExpressionFunction(name) { call throws(ExpressionFault) in try self.convert(name, call) })
        case "text":
            guard let sourceText = tree.sourceText else { return nil }
            return .host(TextHost(SourceTextHost(sourceText, evaluation: evaluation)))
        case "marker": return .host(MarkerHost([], frameRate: frameRate))
        case "sourceRectAtTime":
            let size = evaluation?.size(of: layer) ?? (width: 0, height: 0)
            return .function(ExpressionFunction(name) { (_: ExpressionCall) throws(ExpressionFault) -> ExpressionValue in
                .object(ExpressionObject([("top", .number(0)), ("left", .number(0)),
                                          ("width", .number(size.width)), ("height", .number(size.height))]))
            })
        default:
            return nil
        }
    }

    func call(_ call: ExpressionCall) throws(ExpressionFault) -> ExpressionValue? {
        let key = try call.interpreter.primitive(call.argument(0))
        switch key {
        case .number(1), .number(6), .string("Transform"), .string("transform"), .string("ADBE Transform Group"):
            return .host(group(tree.transformGroup))
        case .number(2), .string("Contents"), .string("ADBE Root Vectors Group"):
            return .host(group(tree.contents))
        case .number(4), .string("Effects"), .string("effects"), .string("ADBE Effect Parade"):
            return .host(group(tree.effects))
        default:
            throw call.interpreter.error("\(typeName) has no property group \(try call.interpreter.describe(key))", at: call.place)
        }
    }

    /// The layer's world matrix at a frame: its own matrix under its parents'.
    /// `now`: the frame is the one evaluated, so keyed transforms make the result change with time.
    func worldMatrix(at frame: Double, in interpreter: ExpressionInterpreter, now: Bool) throws(ExpressionFault) -> AffineMatrix {
        if now { interpreter.noteReading(tree.transform.stillStretch(at: frame)) }
        var matrix = try tree.matrix(at: frame, in: interpreter)
        var parent = tree.parentPosition
        var steps = 0
        while let position = parent, steps < 1000, let evaluation,
              let tree = evaluation.world.tree(LayerAddress(composition: tree.address.composition, position: position)) {
            if now { interpreter.noteReading(tree.transform.stillStretch(at: frame)) }
            matrix = try tree.matrix(at: frame, in: interpreter) * matrix
            parent = tree.parentPosition
            steps += 1
        }
        return matrix
    }

    /// `toComp(point, t = time)` and the others: a point (or with `Vec`, a direction) from the
    /// layer's space to the composition's, or back. Layers are 2D here, so the world is the comp.
    private func convert(_ name: String, _ call: ExpressionCall) throws(ExpressionFault) -> ExpressionValue {
        let interpreter = call.interpreter
        guard let numbers = try interpreter.resultNumbers(call.argument(0)), numbers.count >= 2 else {
            throw interpreter.error("\(name) needs a point [x, y]", at: call.place)
        }
        let atTime = call.arguments.count > 1
        let frame = atTime ? try interpreter.number(call.argument(1)) * frameRate : evaluation?.frame ?? 0
        var matrix = try worldMatrix(at: frame, in: interpreter, now: !atTime)
        if name.hasPrefix("from") {
            guard let inverse = matrix.inverse else { throw interpreter.error("\(name): the layer's transform is singular", at: call.place) }
            matrix = inverse
        }
        let point = Vector2(x: numbers[0], y: numbers[1])
        let converted = name.hasSuffix("Vec") ? matrix.applyLinear(to: point) : matrix.apply(to: point)
        return try interpreter.makeArray([converted.x, converted.y] + numbers.dropFirst(2))
    }
}

// MARK: - CompHost

/// A composition as expressions see it (`thisComp`, `comp(name)`): `layer(name | index)`,
/// `numLayers`, `width`, `height`, `duration`, `frameDuration`, `name`, `marker`.
final class CompHost: ExpressionHostObject {
    let composition: String?
    unowned var evaluation: ExpressionEvaluation?

    init(_ composition: String?, evaluation: ExpressionEvaluation?) {
        self.composition = composition
        self.evaluation = evaluation
    }

    var typeName: String { "composition" }

    func member(_ name: String, in interpreter: ExpressionInterpreter) throws(ExpressionFault) -> ExpressionValue? {
        guard let evaluation else { return nil }
        let world = evaluation.world
        switch name {
        case "layer":
            return .function(ExpressionFunction(name) { call throws(ExpressionFault) in try self.layer(call) })
        case "numLayers": return .number(Double(world.layers(of: composition).count))
        case "width", "height":
            let size = evaluation.size(of: composition)
            return .number(name == "width" ? size.width : size.height)
        case "duration":
            return .number((world.animation.outPoint - world.animation.inPoint) / world.frameRate)
        case "frameDuration": return .number(1 / world.frameRate)
        case "name":
            return .string(composition.flatMap { id in
                world.animation.assets.lazy.compactMap { asset -> String? in
                    if case .precomposition(let precomp) = asset, precomp.id == id { return precomp.name ?? id }
                    return nil
                }.first
            } ?? world.animation.name ?? "")
        case "displayStartTime": return .number(0)
        case "marker":
            // Only the animation's own composition has markers in Lottie.
            return .host(MarkerHost(composition == nil ? world.animation.markers : [], frameRate: world.frameRate))
        default: return nil
        }
    }

    /// `layer(name)`, `layer(index)` (the layer whose `ind` it is, else the n-th from the top).
    private func layer(_ call: ExpressionCall) throws(ExpressionFault) -> ExpressionValue {
        guard let evaluation else { return .undefined }
        let layers = evaluation.world.layers(of: composition)
        let key = try call.interpreter.primitive(call.argument(0))
        var position: Int?
        if case .number(let number) = key {
            position = layers.firstIndex { $0.index.map(Double.init) == number }
            if position == nil, let index = Int(exactly: number), layers.indices.contains(index - 1) { position = index - 1 }
        } else if case .host(let host) = key, let layer = host as? LayerHost {
            position = layer.tree.address.composition == composition ? layer.tree.address.position : nil
        } else {
            let name = try call.interpreter.string(key)
            position = layers.firstIndex { $0.name == name }
        }
        guard let position, let host = evaluation.layer(LayerAddress(composition: composition, position: position)) else {
            throw call.interpreter.error("the composition has no layer \(try call.interpreter.describe(key))", at: call.place)
        }
        return .host(host)
    }
}
