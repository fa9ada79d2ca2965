// MARK: - JSONSyntaxError

/// A JSON file that is not valid RFC 8259 JSON, with where and why.
///
/// `description` reads "line 3, column 14: expected ',' or '}' after an object
/// member, found 'x' (at layers[2].ks)". The "(at …)" part is left out when the
/// error is at the top level (an empty path).
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// 1-based line of the offending byte (or of the end of the file).
    public var line: Int
    /// 1-based column, counted in Unicode scalars on that line.
    public var column: Int
    /// 0-based byte offset of the offending byte (`bytes.count` at end of file).
    public var offset: Int
    /// What is wrong, as a sentence a person can act on.
    public var message: String
    /// The JSON path of the value that was being read when the error happened.
    public var path: JSONPath

    public init(line: Int, column: Int, offset: Int, message: String, path: JSONPath = JSONPath()) {
        self.line = line
        self.column = column
        self.offset = offset
        self.message = message
        self.path = path
    }

    public init(location: SourceLocation, message: String, path: JSONPath = JSONPath()) {
        self.init(line: location.line, column: location.column, offset: location.offset,
                  message: message, path: path)
    }

    /// The line, column and offset of the error.
    public var location: SourceLocation {
        SourceLocation(line: line, column: column, offset: offset)
    }

    public var description: String {
        if path.components.isEmpty {
            return "\(location): \(message)"
        }
        return "\(location): \(message) (at \(path))"
    }
}
