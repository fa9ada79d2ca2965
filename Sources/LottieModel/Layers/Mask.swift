// MARK: - Mask

/// One entry of a layer's `masksProperties`.
public struct Mask: Equatable, Sendable, Codable {
    /// `nm`: the mask's name.
    public var name: String?
    /// `mode`: how the mask combines with the ones before it.
    public var mode: MaskMode
    /// `pt`: the mask's outline.
    public var path: Animatable<BezierPath>?
    /// `o`: opacity 0...100.
    public var opacity: Animatable<Double>?
    /// `x`: expansion in pixels (grows or shrinks the outline).
    public var expansion: Animatable<Double>?
    /// `inv`: the mask is inverted.
    public var inverted: Bool?

    public init(mode: MaskMode, path: Animatable<BezierPath>?) {
        self.mode = mode
        self.path = path
    }

    enum CodingKeys: String, CodingKey {
        case name = "nm", mode, path = "pt", opacity = "o", expansion = "x", inverted = "inv"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .name)
        mode = try container.decodeIfPresent(MaskMode.self, forKey: .mode) ?? .add
        path = try container.decodeIfPresent(Animatable<BezierPath>.self, forKey: .path)
        opacity = try container.decodeIfPresent(Animatable<Double>.self, forKey: .opacity)
        expansion = try container.decodeIfPresent(Animatable<Double>.self, forKey: .expansion)
        inverted = try container.decodeIfPresent(Bool.self, forKey: .inverted)
    }
}

/// A mask's `mode`: `a` add, `s` subtract, `i` intersect, `l` lighten, `d` darken,
/// `f` difference, `n` none. Unknown letters are kept.
public struct MaskMode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let add = MaskMode(rawValue: "a")
    public static let subtract = MaskMode(rawValue: "s")
    public static let intersect = MaskMode(rawValue: "i")
    public static let lighten = MaskMode(rawValue: "l")
    public static let darken = MaskMode(rawValue: "d")
    public static let difference = MaskMode(rawValue: "f")
    public static let none = MaskMode(rawValue: "n")

    public var description: String {
        switch rawValue {
        case "a": "add"
        case "s": "subtract"
        case "i": "intersect"
        case "l": "lighten"
        case "d": "darken"
        case "f": "difference"
        case "n": "none"
        default: "mask mode '\(rawValue)'"
        }
    }

    public init(from decoder: Decoder) throws {
        rawValue = try LenientString(from: decoder).value
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
