// MARK: - JSONValueKind

/// The kind of JSON value that starts at a byte offset, for messages like "found a string".
enum JSONValueKind: Equatable {
    case object, array, string, number, boolean, null, nothing

    static func at(offset: Int, in bytes: [UInt8]) -> JSONValueKind {
        guard offset >= 0, offset < bytes.count else { return .nothing }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .boolean
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: return .nothing
        }
    }

    /// "an object", "a string", ...
    var phrase: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .boolean: "a boolean"
        case .null: "null"
        case .nothing: "nothing"
        }
    }
}
