// MARK: - FieldRequirement

/// Whether a file must write a property, for the schema check: what it reports when the
/// property is missing.
enum FieldRequirement: Hashable, Sendable {
    /// Players use a default; not reported.
    case optional
    /// The model cannot do without it: missing is an error. `what` names it in the message.
    case required(_ what: String)
    /// The spec requires it but players use a default: missing is a warning.
    case expected(_ what: String)
    /// Expected of stars (a polystar's `sy` 1), optional for polygons.
    case expectedOfStars(_ what: String)
}

extension FieldRequirement {
    /// What the field is, for the message that reports it missing ("the size").
    var what: String {
        switch self {
        case .optional: ""
        case .required(let what), .expected(let what), .expectedOfStars(let what): what
        }
    }
}
