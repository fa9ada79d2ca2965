// MARK: - BlendMode

/// `bm`: how a layer or shape is composited onto what is below it. Unknown numbers are kept.
public struct BlendMode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let normal = BlendMode(rawValue: 0)
    public static let multiply = BlendMode(rawValue: 1)
    public static let screen = BlendMode(rawValue: 2)
    public static let overlay = BlendMode(rawValue: 3)
    public static let darken = BlendMode(rawValue: 4)
    public static let lighten = BlendMode(rawValue: 5)
    public static let colorDodge = BlendMode(rawValue: 6)
    public static let colorBurn = BlendMode(rawValue: 7)
    public static let hardLight = BlendMode(rawValue: 8)
    public static let softLight = BlendMode(rawValue: 9)
    public static let difference = BlendMode(rawValue: 10)
    public static let exclusion = BlendMode(rawValue: 11)
    public static let hue = BlendMode(rawValue: 12)
    public static let saturation = BlendMode(rawValue: 13)
    public static let color = BlendMode(rawValue: 14)
    public static let luminosity = BlendMode(rawValue: 15)
    public static let add = BlendMode(rawValue: 16)
    public static let hardMix = BlendMode(rawValue: 17)

    private static let names = [
        "normal", "multiply", "screen", "overlay", "darken", "lighten", "color dodge", "color burn",
        "hard light", "soft light", "difference", "exclusion", "hue", "saturation", "color",
        "luminosity", "add", "hard mix",
    ]

    public var description: String {
        rawValue >= 0 && rawValue < Self.names.count ? Self.names[rawValue] : "blend mode \(rawValue)"
    }

    public init(from decoder: Decoder) throws {
        rawValue = try LenientInt(from: decoder).value
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
