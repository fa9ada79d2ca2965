import Foundation

// MARK: - FeatureScan

/// Walks an animation once, as the JSON is laid out, and collects what a report counts:
/// every animated property (with its keyframes and expression) and every use of a `Feature`,
/// each at the JSON path where it is written.
///
/// Each composition is walked once: the main one under `layers`, then each precomp asset
/// under `assets[i].layers`, then glyphs under `chars`. Precomp layers are not followed into
/// their asset, so counts do not grow with the number of instances and cycles cannot loop.
struct FeatureScan {
    private(set) var statistics = PropertyStatistics()
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

    private mutating func note(_ feature: Feature, at path: JSONPath, _ detail: String = "") {
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
        visit(layer.transform, at: path.appending(.key("ks")))
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
        note(feature, at: path, "\(layer.content.typeName) layer \(named)")
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

    private mutating func visit(_ transform: Transform, at path: JSONPath) {
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

// MARK: - Shapes

extension FeatureScan {
    /// The items of a `shapes` or `it` list at `path`.
    mutating func visit(_ items: [ShapeItem], at path: JSONPath) {
        for (index, item) in items.enumerated() { visit(item, at: path.appending(.index(index))) }
    }

    private mutating func visit(_ item: ShapeItem, at path: JSONPath) {
        func key(_ name: String) -> JSONPath { path.appending(.key(name)) }
        switch item {
        case .group(let group):
            noteBlendMode(group.blendMode, at: path)
            visit(group.items, at: key("it"))
        case .path(let shape):
            visit(shape.path, at: key("ks"))
        case .rectangle(let shape):
            visit(shape.position, at: key("p"))
            visit(shape.size, at: key("s"))
            visit(shape.roundness, at: key("r"))
        case .ellipse(let shape):
            visit(shape.position, at: key("p"))
            visit(shape.size, at: key("s"))
        case .polystar(let shape):
            note(.polystars, at: path, item.kind.singular)
            visit(shape.position, at: key("p"))
            visit(shape.points, at: key("pt"))
            visit(shape.rotation, at: key("r"))
            visit(shape.outerRadius, at: key("or"))
            visit(shape.outerRoundness, at: key("os"))
            visit(shape.innerRadius, at: key("ir"))
            visit(shape.innerRoundness, at: key("is"))
        case .fill(let fill):
            noteBlendMode(fill.blendMode, at: path)
            visit(fill.color, at: key("c"))
            visit(fill.opacity, at: key("o"))
        case .stroke(let stroke):
            noteBlendMode(stroke.blendMode, at: path)
            visit(stroke.color, at: key("c"))
            visit(stroke.opacity, at: key("o"))
            visit(stroke.width, at: key("w"))
            visit(stroke.animatedMiterLimit, at: key("ml2"))
            visit(stroke.dashes, at: key("d"))
        case .gradientFill(let fill):
            noteBlendMode(fill.blendMode, at: path)
            visit(fill.opacity, at: key("o"))
            visit(fill.gradient, at: path)
        case .gradientStroke(let stroke):
            noteBlendMode(stroke.stroke.blendMode, at: path)
            visit(stroke.stroke.opacity, at: key("o"))
            visit(stroke.stroke.width, at: key("w"))
            visit(stroke.stroke.animatedMiterLimit, at: key("ml2"))
            visit(stroke.stroke.dashes, at: key("d"))
            visit(stroke.gradient, at: path)
        case .transform(let transform):
            visit(transform.transform, at: path)
        case .trimPath(let trim):
            note(.trimPaths, at: path)
            visit(trim.start, at: key("s"))
            visit(trim.end, at: key("e"))
            visit(trim.offset, at: key("o"))
        case .roundedCorners(let corners):
            note(.roundedCorners, at: path)
            visit(corners.radius, at: key("r"))
        case .repeater(let repeater):
            note(.repeaters, at: path)
            visit(repeater.copies, at: key("c"))
            visit(repeater.offset, at: key("o"))
            visit(repeater.transform, at: key("tr"))
        case .merge(let merge):
            note(.mergePaths, at: path, Self.describe(merge))
        case .puckerBloat(let modifier):
            note(.puckerBloat, at: path)
            visit(modifier.amount, at: key("a"))
        case .zigZag(let modifier):
            note(.zigZag, at: path)
            visit(modifier.ridges, at: key("r"))
            visit(modifier.size, at: key("s"))
            visit(modifier.pointType, at: key("pt"))
        case .offsetPath(let modifier):
            note(.offsetPaths, at: path)
            visit(modifier.amount, at: key("a"))
            visit(modifier.miterLimit, at: key("ml"))
        case .unknown(let type, _):
            note(.unknownShapes, at: path, "shape type '\(type)'" + (item.name.map { " '\($0)'" } ?? ""))
        }
    }

    private mutating func visit(_ gradient: Gradient, at path: JSONPath) {
        note(.gradients, at: path, gradient.type == 2 ? "radial" : "linear")
        visit(gradient.startPoint, at: path.appending(.key("s")))
        visit(gradient.endPoint, at: path.appending(.key("e")))
        visit(gradient.highlightLength, at: path.appending(.key("h")))
        visit(gradient.highlightAngle, at: path.appending(.key("a")))
        visit(gradient.colors.stops, at: path.appending(.key("g")).appending(.key("k")))
    }

    private mutating func visit(_ dashes: [StrokeDash]?, at path: JSONPath) {
        guard let dashes, !dashes.isEmpty else { return }
        note(.dashes, at: path)
        for (index, dash) in dashes.enumerated() {
            visit(dash.length, at: path.appending(.index(index)).appending(.key("v")))
        }
    }

    private mutating func noteBlendMode(_ mode: BlendMode?, at path: JSONPath) {
        guard let mode, mode != .normal else { return }
        note(.blendModes, at: path.appending(.key("bm")), mode.description)
    }

    private static func describe(_ merge: MergePaths) -> String {
        let modes = [1: "merge", 2: "add", 3: "subtract", 4: "intersect", 5: "exclude intersections"]
        var text = merge.name.map { "'\($0)'" } ?? "merge paths"
        if let mode = merge.mode { text += ", mode \(mode)" + (modes[mode].map { " (\($0))" } ?? "") }
        return text
    }
}

// MARK: - Properties

extension FeatureScan {
    /// Counts one property and notes what its keyframes and expression use.
    mutating func visit<Value>(_ property: Animatable<Value>?, at path: JSONPath) {
        guard let property else { return }
        statistics.count += 1
        switch property.content {
        case .fixed:
            statistics.staticCount += 1
        case .keyframes(let keyframes):
            statistics.animatedCount += 1
            statistics.keyframeCount += keyframes.count
            let holds = keyframes.dropLast().count(where: \.hold)
            if holds > 0 { note(.holdKeyframes, at: path, Self.plural(holds, "hold keyframe")) }
            if keyframes.contains(where: { $0.endValue != nil }) {
                note(.legacyKeyframes, at: path, "keyframes with an end value 'e'")
            }
            if keyframes.contains(where: { Self.isCurved($0.outTangent) || Self.isCurved($0.inTangent) }) {
                note(.motionPaths, at: path)
            }
        }
        if let expression = property.expression { noteExpression(expression, at: path) }
        if let slot = property.slotID { note(.slots, at: path.appending(.key("sid")), "slot '\(slot)'") }
    }

    mutating func noteExpression(_ expression: String, at path: JSONPath) {
        statistics.expressionCount += 1
        note(.expressions, at: path, Self.firstLine(of: expression))
    }

    /// The first line of an expression that does something, cut to 80 characters, with the
    /// count of lines when there are more. Declarations without a value (`var $bm_rt;`, which
    /// bodymovin puts first) are passed over.
    static func firstLine(of expression: String) -> String {
        let lines = expression.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        let line = lines.first { !isBareDeclaration($0) } ?? lines.first ?? ""
        let shown = line.count > 80 ? line.prefix(77) + "..." : line
        return lines.count > 1 ? shown + " (\(plural(lines.count, "line")))" : shown
    }

    /// `var a;`, `var a, b;`.
    private static func isBareDeclaration(_ line: String) -> Bool {
        line.hasPrefix("var ") && line.hasSuffix(";") && !line.contains("=") && !line.contains("(")
    }

    private static func isCurved(_ tangent: Vector?) -> Bool {
        tangent?.components.contains { $0 != 0 } ?? false
    }

    static func named(_ layer: Layer) -> String {
        if let name = layer.name { return "'\(name)'" }
        return layer.index.map { "#\($0)" } ?? "(unnamed)"
    }

    static func plural(_ count: Int, _ noun: String) -> String {
        ContentDescription.plural(count, noun)
    }

    static func describe(_ value: JSONValue?) -> String {
        switch value {
        case .number(let number)?: ContentDescription.number(number)
        case .object(let members)?: members["k"].map { describe($0) } ?? "(object)"
        case .string(let text)?: text
        default: "(unknown)"
        }
    }
}
