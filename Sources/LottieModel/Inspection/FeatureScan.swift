// MARK: - FeatureScan

/// Visits an animation once (`ModelWalk`, as the JSON is laid out) and collects what a report
/// counts: every animated property (with its keyframes and expression) and every use of a
/// `Feature`, each at the JSON path where it is written.
///
/// Each composition is walked once: the main one under `layers`, then each precomp asset
/// under `assets[i].layers`, then glyphs under `chars`. Precomp layers are not followed into
/// their asset, so counts do not grow with the number of instances and cycles cannot loop.
struct FeatureScan: ModelVisitor {
    var statistics = PropertyStatistics()
    /// Every expression met, with whether it runs.
    var expressions: [ExpressionListing] = []
    /// Each distinct expression's first line and what keeps it from running, if anything (files
    /// repeat one expression by the hundred): each is parsed once.
    var expressionTexts: [String: (firstLine: String, problem: String?)] = [:]
    /// How an expression's text is parsed: by default here; a caller that parses the expressions
    /// anyway (a timeline) hands its own results over, so that each is parsed once.
    var parse: (String) -> Result<ExpressionProgram, ExpressionSyntaxError> = { source in
        Result { () throws(ExpressionSyntaxError) in try ExpressionParser.parse(source) }
    }
    private(set) var uses: [FeatureUse] = []
    /// The fonts the file has glyph outlines for; the font names already noted as missing.
    private var glyphCoverage: GlyphCoverage?
    /// The font files text may be drawn with (fonts found there are not missing).
    var fonts = FontStore()
    private var missingFontsNoted: Set<String> = []

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
    func unsupported() -> [LottieDiagnostic] {
        uses.filter { !$0.feature.isSupported }.map {
            LottieDiagnostic.unsupported($0.feature, path: $0.path.description, detail: $0.detail)
        }
    }

    mutating func note(_ feature: Feature, at path: JSONPath, _ detail: String = "") {
        uses.append(FeatureUse(feature: feature, path: path, detail: detail))
    }

    // MARK: Walk

    mutating func visit(_ animation: LottieAnimation) {
        let root = JSONPath()
        if animation.is3D { note(.threeD, at: root.appending(.key("ddd")), "the composition is 3D") }
        glyphCoverage = GlyphCoverage(animation, fonts: fonts)
        if case .object(let slots)? = animation.slots, !slots.isEmpty {
            note(.slots, at: root.appending(.key("slots")), Self.plural(slots.count, "slot") + " defined")
        }
        ModelWalk.walk(animation, with: &self)
    }

    mutating func enter(_ node: ModelNode, at path: JSONPath) -> Bool {
        switch node {
        case .layer(let layer):
            noteLayer(layer, at: path)
        case .content(let layer):
            if case .text(let data) = layer.content { noteMissingFonts(of: data, at: path) }
            if case .precomp(let fields) = layer.content, fields.timeRemap != nil {
                note(.timeRemap, at: path.appending(.key("tm")))
            }
        case .mask(let mask):
            note(.masks, at: path, mask.mode.description)
        case .effect(let effect):
            // Drawn, switched off, or an expression control (which draws nothing).
            let kind = effect.kind
            let handled = kind.isDrawn || kind.isExpressionControl || !effect.isEnabled
            note(handled ? .effects : .effectsNotDrawn, at: path, Self.describe(effect))
            countValue(of: effect, at: path)
        case .effectParameter(let parameter):
            countValue(of: parameter, at: path)
        case .splitPosition:
            note(.splitPosition, at: path)
        case .textPath(let options):
            if let mask = options.mask { note(.textOnPath, at: path, "text follows mask \(mask)") }
        case .textAnimator(let animator):
            guard case .index(let index)? = path.components.last else { break }
            note(.textAnimators, at: path, animator.name.map { "'\($0)'" } ?? "animator \(index + 1)")
        case .shapeItem(let item):
            noteItem(item, at: path)
        case .gradient(let gradient):
            note(.gradients, at: path, gradient.type == .radial ? "radial" : "linear")
        case .dashes:
            note(.dashes, at: path)
        case .asset(.image(let media)), .asset(.sound(let media)):
            if let slot = media.slotID { note(.slots, at: path.appending(.key("sid")), "slot '\(slot)'") }
        case .glyph(let glyph):
            note(.glyphs, at: path, "'\(glyph.character)'")
        case .layers, .asset:
            break
        }
        return true
    }

    // MARK: Fonts

    /// Notes each font a text's documents name that has no glyph outlines in the file, once per
    /// font: the toolkit draws text from glyph outlines only, so that text is not drawn.
    private mutating func noteMissingFonts(of data: TextData, at path: JSONPath) {
        for name in glyphCoverage?.missingFonts(in: data) ?? [] where missingFontsNoted.insert(name).inserted {
            note(.missingFonts, at: path.appending(.key("t")).appending(.key("d")),
                 "font '\(name)': the file has no glyph outlines for it and no font file was given, so its text is not drawn")
        }
    }

    // MARK: Layers

    private mutating func noteLayer(_ layer: Layer, at path: JSONPath) {
        let named = Self.named(layer)
        noteKind(of: layer, at: path, named: named)
        if layer.parent != nil { note(.parenting, at: path.appending(.key("parent"))) }
        if layer.is3D { note(.threeD, at: path, "3D layer \(named)") }
        if layer.hidden { note(.hiddenLayers, at: path) }
        if layer.autoOrient { note(.autoOrient, at: path.appending(.key("ao"))) }
        if layer.blendMode != .normal { note(.blendModes, at: path.appending(.key("bm")), layer.blendMode.description) }
        if let mode = layer.matteMode, mode != .normal { note(.mattes, at: path.appending(.key("tt")), mode.description) }
        for (index, style) in (layer.styles ?? []).enumerated() {
            let kind = style.kind
            note(kind.isDrawn ? .layerStyles : .layerStylesNotDrawn, at: path.appending(.key("sy")).appending(.index(index)),
                 kind.displayName)
        }
    }

    private mutating func noteKind(of layer: Layer, at path: JSONPath, named: String) {
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
            note(feature, at: path, "\(layer.type) layer \(named)")
        }
    }

    // MARK: Effects

    /// Effects and their parameters keep their value `v` verbatim; one that is a property object
    /// (`{ "k": ... }`) is counted like any other property.
    private mutating func countValue(of effect: Effect, at path: JSONPath) {
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
