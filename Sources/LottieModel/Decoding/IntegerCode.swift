// MARK: - IntegerCode

/// A field the format writes as an integer code (a layer type, a blend mode, a line join...):
/// an enum with a case for each value the format defines and `unknown(Int)` for the others,
/// so that a file with a newer or damaged code still decodes, and writes the same number back.
///
/// `init(rawValue:)` never fails; `unknown` holds only numbers that have no case of their own
/// (make values from numbers with `init(rawValue:)`, not with `.unknown`). As `Codable`, the
/// value is the plain integer, read leniently as the model reads integers (`3`, `3.0`, `[3]`).
public protocol IntegerCode: Hashable, Sendable, Codable {
    /// The value of the code `rawValue`: its named case, or `unknown(rawValue)`.
    init(rawValue: Int)
    /// The number the file writes.
    var rawValue: Int { get }
}

extension IntegerCode {
    public init(from decoder: Decoder) throws {
        self.init(rawValue: try LenientInt(from: decoder).value)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
