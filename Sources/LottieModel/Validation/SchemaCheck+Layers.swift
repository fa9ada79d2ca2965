// MARK: - SchemaCheck: layers

// Layers (`layers[i]`, `assets[i].layers[j]`): the fields every layer needs, those of each
// layer type, the transform `ks`, matte fields and masks. The animatable properties of
// transforms, masks and layer types come from the field tables (`checkMembers`).

extension SchemaCheck {
    mutating func checkLayers(_ layers: [JSONTree.Value], at path: JSONPath) {
        for (index, layer) in layers.enumerated() { checkLayer(layer, at: path.appending(.index(index))) }
    }

    private mutating func checkLayer(_ value: JSONTree.Value, at path: JSONPath) {
        guard let layer = object(value, at: path) else { return }
        func key(_ name: String) -> JSONPath { path.appending(.key(name)) }
        let type = integer(field("ty", of: layer, at: path, .error, "the layer type"), at: key("ty"))
        let inPoint = number(field("ip", of: layer, at: path, .error, "the frame the layer appears at"), at: key("ip"))
        let outPoint = number(field("op", of: layer, at: path, .error, "the frame the layer disappears at"), at: key("op"))
        if let inPoint, let outPoint, outPoint <= inPoint {
            report(.warning, .range, key("op"),
                   "the layer's 'op' \(Self.text(outPoint)) is not after its 'ip' \(Self.text(inPoint)): it is never shown",
                   at: layer["op"])
        }
        string(layer["nm"], at: key("nm"), .warning)
        integer(layer["ind"], at: key("ind"))
        integer(layer["parent"], at: key("parent"))
        number(layer["st"], at: key("st"))
        if let stretch = number(layer["sr"], at: key("sr")), stretch == 0 {
            report(.warning, .range, key("sr"), "time stretch 'sr' 0 stops the layer's time; players use 1", at: layer["sr"])
        }
        boolean(layer["hd"], at: key("hd"))
        for flag in ["ddd", "ao", "td"] { intBoolean(layer[flag], at: key(flag), named: flag) }
        code(layer["tt"], at: key("tt"), named: "tt", Self.matteModes, .error)
        integer(layer["tp"], at: key("tp"))

        // The spec's "visual layers" (precomp, solid, image, null, shape) need a transform.
        if let type, (0...4).contains(type) {
            if let transform = object(field("ks", of: layer, at: path, .warning, "the layer's transform"), at: key("ks")) {
                checkTransform(transform, at: key("ks"))
            }
        } else if let transform = layer["ks"], let object = object(transform, at: key("ks")) {
            checkTransform(object, at: key("ks"))
        }
        if let masks = array(layer["masksProperties"], at: key("masksProperties")) {
            for (index, mask) in masks.enumerated() { checkMask(mask, at: key("masksProperties").appending(.index(index))) }
        }
        guard let type else { return }
        checkContent(of: layer, type: type, at: path)
    }

    /// The fields of each layer type.
    private mutating func checkContent(of layer: JSONTree.Value, type: Int, at path: JSONPath) {
        func key(_ name: String) -> JSONPath { path.appending(.key(name)) }
        switch type {
        case 0:
            string(field("refId", of: layer, at: path, .error, "the id of the precomposition to show"), at: key("refId"))
            integer(layer["w"], at: key("w"), .warning)
            integer(layer["h"], at: key("h"), .warning)
            checkMembers(PrecompLayerContent.members, of: layer, at: path)
        case 1:
            if let color = string(field("sc", of: layer, at: path, .error, "the solid's colour"), at: key("sc")),
               !Self.isHexColor(color) {
                report(.warning, .schema, key("sc"), "the solid colour must be '#rrggbb', found \(layer["sc"]!.shortText)",
                       at: layer["sc"])
            }
            for name in ["sw", "sh"] {
                let what = name == "sw" ? "the solid's width" : "the solid's height"
                integer(field(name, of: layer, at: path, .error, what), at: key(name), .warning)
            }
        case 2:
            string(field("refId", of: layer, at: path, .error, "the id of the image to show"), at: key("refId"))
        case 4:
            if let shapes = array(field("shapes", of: layer, at: path, .error, "the shape items"), at: key("shapes")) {
                checkShapes(shapes, at: key("shapes"))
            }
        case 5:
            if let text = object(field("t", of: layer, at: path, .error, "the text data"), at: key("t")) {
                checkMembers(TextData.members, of: text, at: key("t"))
            }
        default:
            break
        }
    }

    // MARK: Masks

    private mutating func checkMask(_ value: JSONTree.Value, at path: JSONPath) {
        guard let mask = object(value, at: path) else { return }
        func key(_ name: String) -> JSONPath { path.appending(.key(name)) }
        checkMembers(Mask.members, of: mask, at: path)
        if let mode = mask["mode"] {
            switch string(mode, at: key("mode")) {
            case "n", "a", "s", "i", nil:
                break
            case "l", "d", "f":
                report(.warning, .schema, key("mode"),
                       "mask mode \(mode.shortText) is not in the spec (only n, a, s, i); players differ", at: mode)
            case let other?:
                report(.error, .schema, key("mode"), "unknown mask mode '\(other)' (n, a, s, i, l, d, f)", at: mode)
            }
        }
        boolean(mask["inv"], at: key("inv"))
    }

    // MARK: Codes

    static let matteModes = [0: "none", 1: "alpha", 2: "inverted alpha", 3: "luma", 4: "inverted luma"]

    static func isHexColor(_ text: String) -> Bool {
        let digits = text.utf8.dropFirst()
        return text.hasPrefix("#") && digits.count == 6 && digits.allSatisfy {
            ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 70) || ($0 >= 97 && $0 <= 102)
        }
    }
}
