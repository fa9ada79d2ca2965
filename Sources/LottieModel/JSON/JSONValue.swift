// MARK: - JSONValue

/// Any JSON value, kept verbatim where the model does not interpret it yet
/// (effect parameters, slots, metadata, unknown shape items).
///
/// Numbers are stored as `Double`, which is how JSON defines them.
public enum JSONValue: Hashable, Sendable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try container.numberIfAny(at: decoder.codingPath) {
            self = .number(value)  // a number out of range is "expected a number" at it
        } else if let value = try container.stringIfAny() {
            self = .string(value)
        } else if var list = try? decoder.unkeyedContainer() {
            // Element by element, so that a fault inside is reported where it is.
            var elements: [JSONValue] = []
            while !list.isAtEnd { elements.append(try list.decode(JSONValue.self)) }
            self = .array(elements)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    // MARK: Accessors

    /// The member `key` of an object, or nil.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    public var numberValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }
}
