// MARK: - JSONKey

/// A coding key written as a string literal, so hand-written decoders read like
/// the JSON they decode: `try container.decode(Double.self, forKey: "fr")`.
public struct JSONKey: CodingKey, Hashable, Sendable, ExpressibleByStringLiteral {
    public let stringValue: String
    public var intValue: Int? { nil }

    public init(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { return nil }
    public init(stringLiteral value: String) { self.stringValue = value }
}
