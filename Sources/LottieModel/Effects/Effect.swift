// MARK: - Effect

/// A layer effect (`ef`) or one of its parameters, kept as the file writes it so that files
/// round-trip; `kind` tells what it is, and `number(at:)`, `color(at:)` and `point(at:)` read its
/// parameters as the animated properties its kind expects (FORMAT.md "Layer effects").
///
/// An effect's parameters are effects themselves in the JSON (`ef` inside `ef`), each with a
/// value `v` whose form depends on the parameter type, so the value is kept verbatim.
public struct Effect: Equatable, Sendable, Codable {
    /// `ty`: the effect or parameter type number.
    public var type: Int?
    /// `nm`, `mn`: name and match name.
    public var name: String?
    public var matchName: String?
    /// `ix`: index.
    public var propertyIndex: Int?
    /// `en`: enabled.
    public var enabled: Bool?
    /// `ef`: the parameters of an effect (or of a parameter group).
    public var parameters: [Effect]?
    /// `v`: a parameter's value, verbatim.
    public var value: JSONValue?

    public init(type: Int?, name: String?) {
        self.type = type
        self.name = name
    }

    enum CodingKeys: String, CodingKey {
        case type = "ty", name = "nm", matchName = "mn", propertyIndex = "ix", enabled = "en"
        case parameters = "ef", value = "v"
    }
}
