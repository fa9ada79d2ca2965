// MARK: - ValidationFinding

/// One problem `AnimationValidator` found in a file: a value, like a compiler diagnostic.
///
/// The location is the JSON path of the value at fault (for a missing field, the path the
/// field would have), with the line and column where that value, or the object that lacks
/// the field, starts:
///
///     error    layers[0].ks.a  'a' must be 0 or 1, found 2 (line 21, column 18)
public struct ValidationFinding: Codable, Equatable, Sendable {
    public var severity: ValidationSeverity
    /// What kind of check found it.
    public var category: ValidationCategory
    /// Where: `layers[0].ks.a`, `assets[2].p`; `(root)` for the file as a whole.
    public var path: String
    /// 1-based line and column of the value at fault, when the file could be read as JSON.
    public var line: Int?
    public var column: Int?
    /// What is wrong, as a sentence a person can act on.
    public var message: String
    /// More context: what players do with it, where the other end of a reference is.
    public var notes: [String]

    public init(
        _ severity: ValidationSeverity, _ category: ValidationCategory, path: String, message: String,
        location: SourceLocation? = nil, notes: [String] = []
    ) {
        self.severity = severity
        self.category = category
        self.path = path
        self.message = message
        self.line = location?.line
        self.column = location?.column
        self.notes = notes
    }
}

// MARK: - ValidationSeverity

/// How bad a finding is.
public enum ValidationSeverity: String, Codable, Comparable, Sendable, CaseIterable {
    /// A player will fail, draw nothing, or draw something else than intended; `validate` exits 1.
    case error
    /// Against the spec, or treated differently by different players; worth fixing.
    case warning
    /// Not a fault: a feature this toolkit does not handle, listed with its place.
    case info

    public static func < (lhs: ValidationSeverity, rhs: ValidationSeverity) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .info: 2
        }
    }
}

// MARK: - ValidationCategory

/// The check that produced a finding.
public enum ValidationCategory: String, Codable, Sendable, CaseIterable {
    /// The bytes are not JSON.
    case syntax
    /// The model could not be decoded from the JSON.
    case decoding
    /// A required field is missing, or a value has the wrong type or an unknown code.
    case schema
    /// A value is outside its range (opacity 0...100, colour 0...1, easing x 0...1).
    case range
    /// A `refId`, `parent` or `tp` that names nothing, or names the wrong kind of thing.
    case reference
    /// A layer that is its own ancestor, or a precomp that contains itself.
    case cycle
    /// Keyframes out of order, at equal times, without a value or easing.
    case keyframes
    /// A bezier path whose `v`, `i` and `o` have different lengths, or whose keyframes differ in vertex count.
    case path
    /// A feature this toolkit does not handle yet (from `AnimationReport.unsupported`).
    case unsupported
}
