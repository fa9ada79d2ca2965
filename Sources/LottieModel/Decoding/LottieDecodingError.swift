// MARK: - LottieDecodingError

/// Why a file could not be read as a Lottie animation, with where and what was expected,
/// in words a person can act on:
///
///     layers[3].shapes[0].it[2].c.k (line 12, column 8): expected a number, found a string
public struct LottieDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        /// The bytes are not JSON.
        case invalidJSON
        /// Valid JSON, but not a Lottie animation (no `layers`, not an object...).
        case notLottie
        /// A value has the wrong JSON type.
        case wrongType
        /// A required field is missing.
        case missingField
        /// A value has the right type but cannot be used.
        case invalidValue
        /// The input exceeds a size limit.
        case tooLarge
    }

    public var kind: Kind
    /// Where in the document the fault is.
    public var path: JSONPath
    /// Line and column of the value at fault, when known.
    public var location: SourceLocation?
    /// The sentence that says what is wrong, e.g. "expected a number, found a string".
    public var message: String

    public init(kind: Kind, path: JSONPath, location: SourceLocation?, message: String) {
        self.kind = kind
        self.path = path
        self.location = location
        self.message = message
    }

    public var description: String {
        var place = path.description
        if let location { place += " (\(location))" }
        return "\(place): \(message)"
    }
}
