import Foundation

// MARK: - DotLottieTheme
//
// A theme of a `.lottie` file (`t/<id>.json`, `themes/<id>.json` in version 1): rules that give
// slots values, as dotlottie-rs (the runtime behind dotlottie-web, -android and -ios) reads them:
//
//     {"rules": [{"id": "bg", "type": "Color", "value": [0, 0.5, 1]},
//                {"id": "size", "type": "Scalar", "animations": ["wave"],
//                 "keyframes": [{"frame": 0, "value": 10}, {"frame": 30, "value": 40, "hold": true}]}]}
//
// Each rule's `id` is a slot id. A rule with `animations` applies only to those animations of
// the file. Its `value` (or `keyframes`, each `frame`, `value`, `inTangent`/`outTangent` easing,
// `valueInTangent`/`valueOutTangent` spatial tangents, `hold`) becomes the slot's property, with
// `expression` as its `x`:
//
//     Color     [r, g, b(, a)], components 0...1     Scalar    a number
//     Vector    [x, y(, z)]                           Position  [x, y(, z)], with spatial tangents
//     Gradient  [{"offset": 0, "color": [r, g, b(, a)]}, ...] -> `p` and `k` of the gradient
//     Image     {"width", "height", "path" or "dataUrl"} -> the asset's w, h, p (e 1 for data)
//     Text      {"text", "fontName", "fontSize", "fillColor", "strokeColor", "strokeWidth",
//                "strokeOverFill", "lineHeight", "tracking", "justify", "textCaps",
//                "baselineShift", "wrapSize", "wrapPosition"} -> a text document (see resolving
//                slots: its fields go over the document's own)

/// A dotLottie theme: rules that give slots values (see above).
public struct DotLottieTheme: Sendable, Equatable {
    /// One rule: a value for slot `id`.
    public struct Rule: Sendable, Equatable {
        /// The slot the rule gives a value.
        public var id: String
        /// `LottieColor`, `Scalar`, `Vector`, `Position`, `LottieGradient`, `Image` or `Text`.
        public var type: String
        /// The animations it applies to; nil for all.
        public var animations: [String]?
        /// The slot's value, as a property (`{"a": 0, "k": ...}`, keyframes converted) or, for
        /// an image, the asset's fields.
        public var slotValue: JSONValue
    }

    /// The rules, in file order; a later rule for the same slot wins.
    public var rules: [Rule]

    /// Reads a theme's JSON.
    ///
    /// - Throws: `ThemeError` naming the rule and what is wrong with it.
    public init(json: [UInt8]) throws(ThemeError) {
        guard let document = try? JSONDecoder().decode(JSONValue.self, from: Data(json)) else {
            throw ThemeError(rule: nil, reason: "not JSON")
        }
        guard case .array(let list)? = document["rules"] else {
            throw ThemeError(rule: nil, reason: "expected an object with a 'rules' array")
        }
        rules = try list.enumerated().map { (index, rule) throws(ThemeError) in try Self.rule(rule, at: index) }
    }

    /// The slot values the theme gives animation `animationID` (nil: rules for every animation
    /// only), by slot id, for `LottieAnimation.resolvingSlots(_:)`.
    public func slotValues(forAnimation animationID: String?) -> [String: JSONValue] {
        var values: [String: JSONValue] = [:]
        for rule in rules {
            if let animations = rule.animations, !animations.contains(where: { $0 == animationID }) { continue }
            values[rule.id] = rule.slotValue
        }
        return values
    }

    // MARK: Rules

    private static func rule(_ rule: JSONValue, at index: Int) throws(ThemeError) -> Rule {
        guard case .string(let id)? = rule["id"] else { throw ThemeError(rule: "rules[\(index)]", reason: "no 'id'") }
        let name = "rules[\(index)] ('\(id)')"
        guard case .string(let type)? = rule["type"] else { throw ThemeError(rule: name, reason: "no 'type'") }
        var animations: [String]?
        if case .array(let list)? = rule["animations"] { animations = list.compactMap(\.stringValue) }
        let value: JSONValue
        switch type {
        case "Color", "Scalar", "Vector", "Position":
            value = try property(rule, name: name) { value throws(ThemeError) in
                if type == "Scalar" { guard value.numberValue != nil else { throw ThemeError(rule: name, reason: "expected a number") } }
                else { try numbers(value, name: name) }
                return value
            }
        case "Gradient":
            let stops = try property(rule, name: name) { value throws(ThemeError) in try gradientStops(value, name: name) }
            // The colour stop count: the stops of the value, or of the first keyframe.
            var first = rule["value"]
            if case .array(let keyframes)? = rule["keyframes"] { first = keyframes.first?["value"] }
            guard case .array(let list)? = first else { throw ThemeError(rule: name, reason: "expected an array of stops") }
            value = .object(["p": .number(Double(list.count)), "k": stops])
        case "Image":
            value = try image(rule["value"], name: name)
        case "Text":
            value = try textProperty(rule, name: name)
        default:
            throw ThemeError(rule: name, reason: "unknown type '\(type)' (expected Color, Scalar, Vector, Position, "
                + "Gradient, Image or Text)")
        }
        return Rule(id: id, type: type, animations: animations, slotValue: value)
    }

    /// A property from a rule's `value` or `keyframes`, each value converted by `convert`.
    private static func property(_ rule: JSONValue, name: String,
                                 convert: (JSONValue) throws(ThemeError) -> JSONValue) throws(ThemeError) -> JSONValue {
        var property: [String: JSONValue]
        if case .array(let keyframes)? = rule["keyframes"] {
            var converted: [JSONValue] = []
            for keyframe in keyframes {
                guard let frame = keyframe["frame"]?.numberValue, let value = keyframe["value"] else {
                    throw ThemeError(rule: name, reason: "a keyframe without 'frame' or 'value'")
                }
                var start = try convert(value)
                if case .number = start { start = .array([start]) }
                var lottie: [String: JSONValue] = ["t": .number(frame), "s": start]
                for (theirs, ours) in [("inTangent", "i"), ("outTangent", "o"), ("valueInTangent", "ti"),
                                       ("valueOutTangent", "to")] {
                    if let field = keyframe[theirs] { lottie[ours] = field }
                }
                if case .bool(true)? = keyframe["hold"] { lottie["h"] = .number(1) }
                converted.append(.object(lottie))
            }
            property = ["a": .number(1), "k": .array(converted)]
        } else if let value = rule["value"] {
            property = ["a": .number(0), "k": try convert(value)]
        } else {
            throw ThemeError(rule: name, reason: "neither 'value' nor 'keyframes'")
        }
        if case .string(let expression)? = rule["expression"] { property["x"] = .string(expression) }
        return .object(property)
    }

    @discardableResult
    private static func numbers(_ value: JSONValue, name: String) throws(ThemeError) -> [Double] {
        guard case .array(let list) = value else { throw ThemeError(rule: name, reason: "expected an array of numbers") }
        let numbers = list.compactMap(\.numberValue)
        guard numbers.count == list.count, !numbers.isEmpty else {
            throw ThemeError(rule: name, reason: "expected an array of numbers")
        }
        return numbers
    }

    /// Gradient stops as Lottie writes them: offset and colour of each stop, then offset and
    /// alpha of each when any stop has an alpha.
    private static func gradientStops(_ value: JSONValue, name: String) throws(ThemeError) -> JSONValue {
        guard case .array(let stops) = value, !stops.isEmpty else {
            throw ThemeError(rule: name, reason: "expected an array of stops")
        }
        var colours: [Double] = []
        var alphas: [Double] = []
        var hasAlpha = false
        for stop in stops {
            guard let offset = stop["offset"]?.numberValue, let colour = stop["color"],
                  case let components = try numbers(colour, name: name), components.count >= 3 else {
                throw ThemeError(rule: name, reason: "a stop without 'offset' or an RGB 'color'")
            }
            colours += [offset] + components.prefix(3)
            alphas += [offset, components.count > 3 ? components[3] : 1]
            hasAlpha = hasAlpha || components.count > 3
        }
        return .array((hasAlpha ? colours + alphas : colours).map { .number($0) })
    }

    private static func image(_ value: JSONValue?, name: String) throws(ThemeError) -> JSONValue {
        guard let value, case .object = value else { throw ThemeError(rule: name, reason: "expected an image 'value'") }
        var asset: [String: JSONValue] = [:]
        if let width = value["width"] { asset["w"] = width }
        if let height = value["height"] { asset["h"] = height }
        if case .string(let data)? = value["dataUrl"] {
            asset["u"] = .string("")
            asset["p"] = .string(data)
            asset["e"] = .number(1)
        } else if case .string(let path)? = value["path"] {
            asset["u"] = .string("")
            asset["p"] = .string(path)
            asset["e"] = .number(0)
        } else {
            throw ThemeError(rule: name, reason: "an image needs 'path' or 'dataUrl'")
        }
        return .object(asset)
    }

    /// A text property whose keyframes hold documents with the fields the rule gives.
    private static func textProperty(_ rule: JSONValue, name: String) throws(ThemeError) -> JSONValue {
        var documents: [(frame: Double, value: JSONValue)] = []
        if case .array(let keyframes)? = rule["keyframes"] {
            for keyframe in keyframes {
                guard let frame = keyframe["frame"]?.numberValue, let value = keyframe["value"] else {
                    throw ThemeError(rule: name, reason: "a keyframe without 'frame' or 'value'")
                }
                documents.append((frame, value))
            }
        } else if let value = rule["value"] {
            documents = [(0, value)]
        } else {
            throw ThemeError(rule: name, reason: "neither 'value' nor 'keyframes'")
        }
        var keyframes: [JSONValue] = []
        for (frame, value) in documents {
            keyframes.append(.object(["t": .number(frame), "s": try textDocument(value, name: name)]))
        }
        var property: [String: JSONValue] = ["k": .array(keyframes)]
        if case .string(let expression)? = rule["expression"] { property["x"] = .string(expression) }
        return .object(property)
    }

    private static let textFields = [
        ("text", "t"), ("fontName", "f"), ("fontSize", "s"), ("fillColor", "fc"), ("strokeColor", "sc"),
        ("strokeWidth", "sw"), ("strokeOverFill", "of"), ("lineHeight", "lh"), ("tracking", "tr"),
        ("baselineShift", "ls"), ("wrapSize", "sz"), ("wrapPosition", "ps"),
    ]
    private static let justifications = ["Left", "Right", "Center", "JustifyLastLeft", "JustifyLastRight",
                                         "JustifyLastCenter", "JustifyLastFull"]
    private static let caps = ["Regular", "AllCaps", "SmallCaps"]

    private static func textDocument(_ value: JSONValue, name: String) throws(ThemeError) -> JSONValue {
        guard case .object = value, case .string? = value["text"] else {
            throw ThemeError(rule: name, reason: "a text value needs 'text'")
        }
        var document: [String: JSONValue] = [:]
        for (theirs, ours) in textFields {
            if let field = value[theirs] { document[ours] = field }
        }
        if case .string(let justify)? = value["justify"], let index = justifications.firstIndex(of: justify) {
            document["j"] = .number(Double(index))
        }
        if case .string(let textCaps)? = value["textCaps"], let index = caps.firstIndex(of: textCaps) {
            document["ca"] = .number(Double(index))
        }
        return .object(document)
    }
}

/// A theme that cannot be read: which rule, and why.
public struct ThemeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `rules[2] ('bg')`, or nil for the theme as a whole.
    public var rule: String?
    public var reason: String

    public var description: String { rule.map { "\($0): \(reason)" } ?? reason }
}
