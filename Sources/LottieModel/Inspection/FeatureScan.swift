// MARK: - FeatureScan

/// Walks an animation once, as the JSON is laid out, and collects what a report counts:
/// every animated property (with its keyframes and expression) and every use of a `Feature`,
/// each at the JSON path where it is written.
///
/// Each composition is walked once: the main one under `layers`, then each precomp asset
/// under `assets[i].layers`, then glyphs under `chars`. Precomp layers are not followed into
/// their asset, so counts do not grow with the number of instances and cycles cannot loop.
struct FeatureScan {
    var statistics = PropertyStatistics()
    private(set) var uses: [FeatureUse] = []

    /// One use of a feature.
    struct FeatureUse {
        var feature: Feature
        var path: JSONPath
        var detail: String
    }

    // MARK: Results

    /// Uses counted per feature, in `Feature` order.
    func usage() -> [FeatureUsage] {
        var counts: [Feature: Int] = [:]
        var first: [Feature: JSONPath] = [:]
        for use in uses {
            counts[use.feature, default: 0] += 1
            if first[use.feature] == nil { first[use.feature] = use.path }
        }
        return Feature.allCases.compactMap { feature in
            guard let count = counts[feature], let path = first[feature] else { return nil }
            return FeatureUsage(feature: feature, count: count, firstPath: path.description)
        }
    }

    /// Uses of unsupported features, in file order.
    func unsupported() -> [UnsupportedFeature] {
        uses.filter { !$0.feature.isSupported }.map {
            UnsupportedFeature(feature: $0.feature, path: $0.path.description, detail: $0.detail)
        }
    }

    mutating func note(_ feature: Feature, at path: JSONPath, _ detail: String = "") {
        uses.append(FeatureUse(feature: feature, path: path, detail: detail))
    }

    // MARK: Animation

    mutating func visit(_ animation: Animation) {
        let root = JSONPath()
        if animation.is3D { note(.threeD, at: root.appending(.key("ddd")), "the composition is 3D") }
        if case .object(let slots)? = animation.slots, !slots.isEmpty {
            note(.slots, at: root.appending(.key("slots")), Self.plural(slots.count, "slot") + " defined")
        }
        visit(animation.layers, at: root.appending(.key("layers")))
        for (index, asset) in animation.assets.enumerated() {
            let path = root.appending(.key("assets")).appending(.index(index))
            switch asset {
            case .precomposition(let precomp):
                visit(precomp.layers, at: path.appending(.key("layers")))
            case .image(let media), .sound(let media):
                if let slot = media.slotID { note(.slots, at: path.appending(.key("sid")), "slot '\(slot)'") }
            case .dataSource, .unknown:
                break
            }
        }
        for (index, glyph) in (animation.glyphs ?? []).enumerated() {
            let path = root.appending(.key("chars")).appending(.index(index))
            note(.glyphs, at: path, "'\(glyph.character)'")
            if let shapes = glyph.data?.shapes {
                visit(shapes, at: path.appending(.key("data")).appending(.key("shapes")))
            }
        }
    }

    // MARK: Layers

    private mutating func visit(_ layers: [Layer], at path: JSONPath) {
        for (index, layer) in layers.enumerated() { visit(layer, at: path.appending(.index(index))) }
    }

    private mutating func visit(_ layer: Layer, at path: JSONPath) {
        let named = Self.named(layer)
        visitKind(of: layer, at: path, named: named)
        if layer.parent != nil { note(.parenting, at: path.appending(.key("parent"))) }
        if layer.is3D { note(.threeD, at: path, "3D layer \(named)") }
        if layer.hidden { note(.hiddenLayers, at: path) }
        if layer.autoOrient { note(.autoOrient, at: path.appending(.key("ao"))) }
        if layer.blendMode != .normal { note(.blendModes, at: path.appending(.key("bm")), layer.blendMode.description) }
        if let mode = layer.matteMode, mode != .none { note(.mattes, at: path.appending(.key("tt")), mode.description) }
        visit(layer.transform, at: path.appending(.key("ks")))
        for (index, mask) in (layer.masks ?? []).enumerated() {
            let maskPath = path.appending(.key("masksProperties")).appending(.index(index))
            note(.masks, at: maskPath, mask.mode.description)
            visit(mask.path, at: maskPath.appending(.key("pt")))
            visit(mask.opacity, at: maskPath.appending(.key("o")))
            visit(mask.expansion, at: maskPath.appending(.key("x")))
        }
        for (index, effect) in (layer.effects ?? []).enumerated() {
            let effectPath = path.appending(.key("ef")).appending(.index(index))
            note(.effects, at: effectPath, Self.describe(effect))
            visitParameters(of: effect, at: effectPath)
        }
        visitContent(of: layer, at: path)
    }

    private mutating func visitKind(of layer: Layer, at path: JSONPath, named: String) {
        let feature: Feature = switch layer.content {
        case .precomp: .precomps
        case .solid: .solidLayers
        case .image: .imageLayers
        case .null: .nullLayers
        case .shape: .shapeLayers
        case .text: .textLayers
        case .audio: .audioLayers
        case .videoPlaceholder, .imageSequence, .video, .imagePlaceholder: .videoLayers
        case .guide: .guideLayers
        case .adjustment: .adjustmentLayers
        case .camera: .cameras
        case .light: .lights
        case .data: .dataLayers
        case .unknown: .unknownLayers
        }
        if case .unknown(let type) = layer.content {
            note(feature, at: path, "layer \(named) of type \(type)")
        } else {
            note(feature, at: path, "\(layer.content.typeName) layer \(named)")
        }
    }

    private mutating func visitContent(of layer: Layer, at path: JSONPath) {
        switch layer.content {
        case .precomp(let fields):
            if let remap = fields.timeRemap {
                note(.timeRemap, at: path.appending(.key("tm")))
                visit(remap, at: path.appending(.key("tm")))
            }
        case .shape(let items):
            visit(items, at: path.appending(.key("shapes")))
        case .text(let data):
            visit(data, at: path.appending(.key("t")))
        case .camera(let perspective):
            visit(perspective, at: path.appending(.key("pe")))
        case .solid, .image, .null, .audio, .videoPlaceholder, .imageSequence, .video, .imagePlaceholder,
             .guide, .adjustment, .light, .data, .unknown:
            break
        }
    }

    mutating func visit(_ transform: Transform, at path: JSONPath) {
        visit(transform.anchor, at: path.appending(.key("a")))
        switch transform.position {
        case .combined(let position)?:
            visit(position, at: path.appending(.key("p")))
        case .split(let x, let y, let z)?:
            let positionPath = path.appending(.key("p"))
            note(.splitPosition, at: positionPath)
            visit(x, at: positionPath.appending(.key("x")))
            visit(y, at: positionPath.appending(.key("y")))
            visit(z, at: positionPath.appending(.key("z")))
        case nil:
            break
        }
        visit(transform.scale, at: path.appending(.key("s")))
        visit(transform.rotation, at: path.appending(.key("r")))
        visit(transform.rotationX, at: path.appending(.key("rx")))
        visit(transform.rotationY, at: path.appending(.key("ry")))
        visit(transform.rotationZ, at: path.appending(.key("rz")))
        visit(transform.orientation, at: path.appending(.key("or")))
        visit(transform.opacity, at: path.appending(.key("o")))
        visit(transform.skew, at: path.appending(.key("sk")))
        visit(transform.skewAxis, at: path.appending(.key("sa")))
        visit(transform.startOpacity, at: path.appending(.key("so")))
        visit(transform.endOpacity, at: path.appending(.key("eo")))
    }

    // MARK: Text

    private mutating func visit(_ text: TextData, at path: JSONPath) {
        visit(text.document, at: path.appending(.key("d")))
        if text.pathOptions?["m"] != nil {
            note(.textOnPath, at: path.appending(.key("p")), "text follows mask \(Self.describe(text.pathOptions?["m"]))")
        }
        for (index, animator) in (text.animators ?? []).enumerated() {
            let animatorPath = path.appending(.key("a")).appending(.index(index))
            note(.textAnimators, at: animatorPath, animator.name.map { "'\($0)'" } ?? "animator \(index + 1)")
            guard let style = animator.style else { continue }
            let stylePath = animatorPath.appending(.key("a"))
            visit(style.position, at: stylePath.appending(.key("p")))
            visit(style.anchor, at: stylePath.appending(.key("a")))
            visit(style.scale, at: stylePath.appending(.key("s")))
            visit(style.rotation, at: stylePath.appending(.key("r")))
            visit(style.opacity, at: stylePath.appending(.key("o")))
            visit(style.skew, at: stylePath.appending(.key("sk")))
            visit(style.skewAxis, at: stylePath.appending(.key("sa")))
            visit(style.fillColor, at: stylePath.appending(.key("fc")))
            visit(style.strokeColor, at: stylePath.appending(.key("sc")))
            visit(style.strokeWidth, at: stylePath.appending(.key("sw")))
            visit(style.tracking, at: stylePath.appending(.key("t")))
            visit(style.fillOpacity, at: stylePath.appending(.key("fo")))
            visit(style.strokeOpacity, at: stylePath.appending(.key("so")))
        }
    }

    // MARK: Effects

    /// Effect parameters keep their value `v` verbatim; one that is a property object
    /// (`{ "k": ... }`) is counted like any other property.
    private mutating func visitParameters(of effect: Effect, at path: JSONPath) {
        if case .object(let members)? = effect.value, let value = members["k"] {
            let valuePath = path.appending(.key("v"))
            statistics.count += 1
            if case .array(let list) = value, case .object(let first)? = list.first, first["t"] != nil {
                statistics.animatedCount += 1
                statistics.keyframeCount += list.count { if case .object = $0 { true } else { false } }
            } else {
                statistics.staticCount += 1
            }
            if case .string(let expression)? = members["x"] { noteExpression(expression, at: valuePath) }
        }
        for (index, parameter) in (effect.parameters ?? []).enumerated() {
            visitParameters(of: parameter, at: path.appending(.key("ef")).appending(.index(index)))
        }
    }

    /// "'Glow' (drop shadow, type 25)".
    private static func describe(_ effect: Effect) -> String {
        var kind = effect.type.map { "type \($0)" } ?? "no type"
        if let type = effect.type, let name = effectNames[type] { kind = "\(name), \(kind)" }
        guard let name = effect.name ?? effect.matchName else { return kind }
        return "'\(name)' (\(kind))"
    }

    /// The effect types bodymovin writes (`ty` of an entry of `ef`).
    private static let effectNames = [
        5: "custom", 20: "tint", 21: "fill", 22: "stroke", 23: "tritone", 24: "levels", 25: "drop shadow",
        26: "radial wipe", 27: "displacement map", 28: "set matte", 29: "gaussian blur", 30: "twirl",
        31: "mesh warp", 32: "wavy", 33: "spherize", 34: "puppet",
    ]
}
