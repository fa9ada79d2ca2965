// MARK: - StickerCheck
//
// Walks the JSON of an animation (not the decoded model: the rules are about what the file
// holds, `sr`, `ao`, `tgs` included) and notes every place that breaks a rule of StickerRule.swift,
// with its JSON path. Compositions are walked once each: `layers`, then `assets[i].layers`.

struct StickerCheck {
    private(set) var findings: [LottieDiagnostic] = []

    /// Checks the header fields and every layer and asset of `root`.
    mutating func visit(root: JSONValue) {
        let path = JSONPath()
        let width = root["w"]?.numberValue ?? 0
        let height = root["h"]?.numberValue ?? 0
        if width != TelegramSticker.canvasSize {
            note(.canvasSize, at: path.key("w"), "the canvas is \(number(width)) x \(number(height)) px, it must be 512 x 512")
        } else if height != TelegramSticker.canvasSize {
            note(.canvasSize, at: path.key("h"), "the canvas is \(number(width)) x \(number(height)) px, it must be 512 x 512")
        }
        let frameRate = root["fr"]?.numberValue ?? 0
        if frameRate == 30 {
            note(.frameRate, .warning, at: path.key("fr"),
                 "30 fps: the current rules ask for 60 (the 2020 rules allowed 30 or 60, the same in a whole pack)")
        } else if frameRate != TelegramSticker.frameRate {
            note(.frameRate, at: path.key("fr"), "\(number(frameRate)) fps, it must be 60")
        }
        let inPoint = root["ip"]?.numberValue ?? 0
        let outPoint = root["op"]?.numberValue ?? 0
        let seconds = frameRate > 0 ? (outPoint - inPoint) / frameRate : 0
        if seconds > TelegramSticker.maxDuration + 1e-9 {
            note(.duration, at: path.key("op"), "it lasts \(number(seconds)) s (ip \(number(inPoint)) to op "
                + "\(number(outPoint)) at \(number(frameRate)) fps), at most 3 s")
        }
        if root["ddd"]?.numberValue == 1 {
            note(.threeDLayers, at: path.key("ddd"), "the composition is 3D (ddd 1)")
        }
        if root["tgs"] == nil {
            note(.tgsMarker, .warning, at: path,
                 "no \"tgs\": 1 member; Telegram's exporter writes it first in every sticker (packing adds it)")
        }
        if case .array(let layers)? = root["layers"] { visit(layers: layers, at: path.key("layers")) }
        if case .array(let assets)? = root["assets"] {
            for (index, asset) in assets.enumerated() {
                let assetPath = path.key("assets").index(index)
                if case .array(let layers)? = asset["layers"] {
                    visit(layers: layers, at: assetPath.key("layers"))
                } else if asset["p"] != nil {
                    note(.images, at: assetPath, "image asset '\(asset["id"]?.stringValue ?? "")'")
                }
            }
        }
    }

    // MARK: Layers

    private mutating func visit(layers: [JSONValue], at path: JSONPath) {
        for (index, layer) in layers.enumerated() {
            visit(layer: layer, at: path.index(index))
        }
    }

    private mutating func visit(layer: JSONValue, at path: JSONPath) {
        let name = layer["nm"]?.stringValue.map { "layer '\($0)'" } ?? "the layer"
        switch layer["ty"]?.numberValue {
        case 1: note(.solids, at: path.key("ty"), "\(name) is a solid (ty 1)")
        case 2: note(.images, at: path.key("ty"), "\(name) is an image layer (ty 2)")
        case 5: note(.texts, at: path.key("ty"), "\(name) is a text layer (ty 5)")
        case 0, 3, 4: break
        case let type?:
            note(.validFile, at: path.key("ty"), "\(name) has layer type \(number(type)), which sticker players do not "
                + "draw (a sticker holds precomps, nulls and shape layers)")
        case nil:
            note(.validFile, at: path.key("ty"), "\(name) has no layer type (ty)")
        }
        if layer["ddd"]?.numberValue == 1 { note(.threeDLayers, at: path.key("ddd"), "\(name) is 3D (ddd 1)") }
        if layer["ao"]?.numberValue == 1 { note(.autoOrientedLayers, at: path.key("ao"), "\(name) auto-orients along its path (ao 1)") }
        if let stretch = layer["sr"]?.numberValue, stretch != 1 {
            note(.timeStretching, at: path.key("sr"), "\(name) is stretched in time (sr \(number(stretch)))")
        }
        if layer["tm"] != nil { note(.timeRemapping, at: path.key("tm"), "\(name) remaps time (tm)") }
        if case .array(let masks)? = layer["masksProperties"], !masks.isEmpty {
            note(.masks, at: path.key("masksProperties"), "\(name) has \(plural(masks.count, "mask"))")
        }
        if case .array(let effects)? = layer["ef"], !effects.isEmpty {
            note(.layerEffects, at: path.key("ef"), "\(name) has \(plural(effects.count, "effect"))")
        }
        if case .array(let shapes)? = layer["shapes"] { visit(shapes: shapes, at: path.key("shapes")) }
        findExpressions(in: layer, at: path)
    }

    // MARK: Shapes

    private mutating func visit(shapes: [JSONValue], at path: JSONPath) {
        for (index, shape) in shapes.enumerated() {
            let itemPath = path.index(index)
            let name = shape["nm"]?.stringValue.map { " '\($0)'" } ?? ""
            switch shape["ty"]?.stringValue {
            case "mm": note(.mergePaths, at: itemPath, "merge paths\(name)")
            case "sr":
                let kind = shape["sy"]?.numberValue == 2 ? "polygon" : "star"
                note(.starShapes, at: itemPath, "\(kind)\(name) (the After Effects polystar tool)")
            case "gs": note(.gradientStrokes, at: itemPath, "gradient stroke\(name)")
            case "rp": note(.repeaters, at: itemPath, "repeater\(name)")
            case "gr":
                if case .array(let items)? = shape["it"] { visit(shapes: items, at: itemPath.key("it")) }
            default: break
            }
        }
    }

    // MARK: Expressions

    /// Every animatable property (an object with `k`) under `value` whose `x` is a string.
    private mutating func findExpressions(in value: JSONValue, at path: JSONPath) {
        switch value {
        case .object(let members):
            if case .string(let expression)? = members["x"], members["k"] != nil {
                let firstLine = expression.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
                note(.expressions, at: path.key("x"), "expression '\(firstLine.count > 40 ? firstLine.prefix(37) + "..." : firstLine)'")
            }
            for key in members.keys.sorted() where key != "x" {
                findExpressions(in: members[key]!, at: path.key(key))
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() { findExpressions(in: element, at: path.index(index)) }
        default:
            break
        }
    }

    // MARK: Notes

    private mutating func note(_ rule: StickerRule, _ severity: LottieDiagnostic.Severity = .error,
                               at path: JSONPath, _ message: String) {
        findings.append(.sticker(rule, severity, at: path, message))
    }

    private func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String((value * 1000).rounded() / 1000)
    }

    private func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

private extension JSONPath {
    func key(_ key: String) -> JSONPath { appending(.key(key)) }
    func index(_ index: Int) -> JSONPath { appending(.index(index)) }
}
