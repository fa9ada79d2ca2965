import Foundation

// MARK: - LayerStyle

/// A layer style (`sy`, After Effects' Layer > Layer Styles), kept as the file writes it so that
/// files round-trip: its type and names, and its other members (animated properties whose keys
/// depend on the style: `c` colour, `o` opacity, `a` angle, `s` size, `d` distance...), read on
/// demand by `number(_:)` and `color(_:)` (FORMAT.md "Layer styles").
public struct LayerStyle: Equatable, Sendable, Codable {
    /// `ty`: the style's type (`LayerStyleKind`).
    public var type: Int?
    /// `nm`, `mn`: name and match name.
    public var name: String?
    public var matchName: String?
    /// Every other member, verbatim.
    public var members: [String: JSONValue]

    public init(type: Int?, name: String? = nil, members: [String: JSONValue] = [:]) {
        self.type = type
        self.name = name
        self.members = members
    }

    /// The style read from a JSON object's members.
    init(object: [String: JSONValue]) {
        var members = object
        type = members.removeValue(forKey: "ty").flatMap(\.numberValue).flatMap { Int(exactly: $0) }
        name = members.removeValue(forKey: "nm").flatMap(\.stringValue)
        matchName = members.removeValue(forKey: "mn").flatMap(\.stringValue)
        self.members = members
    }

    /// The style as a JSON object.
    var object: [String: JSONValue] {
        var object = members
        if let type { object["ty"] = .number(Double(type)) }
        if let name { object["nm"] = .string(name) }
        if let matchName { object["mn"] = .string(matchName) }
        return object
    }

    public init(from decoder: Decoder) throws {
        guard case .object(let object) = try JSONValue(from: decoder) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "expected a layer style object"))
        }
        self.init(object: object)
    }

    public func encode(to encoder: Encoder) throws {
        try JSONValue.object(object).encode(to: encoder)
    }

    /// What the style is.
    public var kind: LayerStyleKind { LayerStyleKind(type: type) }

    /// The animated number of member `key`; nil when there is none or it is not one.
    public func number(_ key: String) -> Animatable<Double>? { decoded(key) }

    /// The animated colour of member `key`; nil when there is none or it is not one.
    public func color(_ key: String) -> Animatable<LottieColor>? { decoded(key) }

    private func decoded<Value: FastKeyframeValue>(_ key: String) -> Animatable<Value>? {
        guard let value = members[key], let data = try? JSONEncoder().encode(value) else { return nil }
        return try? FastDecoding.decode(Animatable<Value>.self, from: data, maxDepth: 64).get()
    }
}

// MARK: - LayerStyleKind

/// The layer styles by their type numbers (lottie-docs `schema/styles`).
public enum LayerStyleKind: Equatable, Sendable {
    case stroke, dropShadow, innerShadow, outerGlow, innerGlow, bevelEmboss, satin, colorOverlay, gradientOverlay
    case unknown(Int?)

    public init(type: Int?) {
        switch type {
        case 0: self = .stroke
        case 1: self = .dropShadow
        case 2: self = .innerShadow
        case 3: self = .outerGlow
        case 4: self = .innerGlow
        case 5: self = .bevelEmboss
        case 6: self = .satin
        case 7: self = .colorOverlay
        case 8: self = .gradientOverlay
        default: self = .unknown(type)
        }
    }

    /// Whether the toolkit draws styles of this kind (FORMAT.md "Layer styles").
    public var isDrawn: Bool {
        switch self {
        case .dropShadow, .colorOverlay: true
        default: false
        }
    }

    /// After Effects' name of the style.
    public var displayName: String {
        switch self {
        case .stroke: "Stroke style"
        case .dropShadow: "Drop Shadow style"
        case .innerShadow: "Inner Shadow style"
        case .outerGlow: "Outer Glow style"
        case .innerGlow: "Inner Glow style"
        case .bevelEmboss: "Bevel and Emboss style"
        case .satin: "Satin style"
        case .colorOverlay: "Color Overlay style"
        case .gradientOverlay: "Gradient Overlay style"
        case .unknown(let type): "layer style of type \(type.map(String.init) ?? "none")"
        }
    }
}
