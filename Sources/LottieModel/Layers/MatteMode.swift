// MARK: - MatteMode

/// `tt`: how a track matte masks a layer. Unknown numbers are kept.
public struct MatteMode: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let none = MatteMode(rawValue: 0)
    public static let alpha = MatteMode(rawValue: 1)
    public static let alphaInverted = MatteMode(rawValue: 2)
    public static let luma = MatteMode(rawValue: 3)
    public static let lumaInverted = MatteMode(rawValue: 4)

    public var description: String {
        switch rawValue {
        case 0: "none"
        case 1: "alpha"
        case 2: "alpha inverted"
        case 3: "luma"
        case 4: "luma inverted"
        default: "matte mode \(rawValue)"
        }
    }

    public init(from decoder: Decoder) throws {
        rawValue = try LenientInt(from: decoder).value
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
