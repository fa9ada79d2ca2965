import Foundation

// MARK: - LottieDecoder

/// Reads Lottie JSON into an `Animation`.
///
/// Two paths build the same model:
///
/// - `.fast` (the default) pulls the model straight from the bytes (`FastDecoding`,
///   `JSONReader`): one pass that checks the syntax, matches keys as integers, parses numbers
///   itself and keeps only what the model keeps. On any fault it hands the document to the
///   `Codable` path, so errors read exactly as they always have (errors are rare; the file is
///   then read twice).
/// - `.codable` is the reference: the bytes are first checked by `JSONScanner` (syntax,
///   nesting depth), so that a syntax error has a line and column and no input can make
///   Foundation's decoder recurse without bound; then `Codable` builds the model, and any
///   `DecodingError` is turned into a `LottieDecodingError` that names the JSON path, line,
///   column and what was expected.
public struct LottieDecoder: Sendable {
    /// How the model is built from the bytes.
    public enum Strategy: Sendable, Equatable {
        /// The schema-directed reader over the raw bytes; the `Codable` path reports errors.
        case fast
        /// `JSONScanner` then Foundation's `JSONDecoder` and the model's `init(from:)`.
        case codable
    }

    /// The largest input accepted, in bytes.
    public var maxBytes: Int
    /// The deepest nesting of arrays and objects accepted.
    public var maxDepth: Int
    /// The path that builds the model.
    public var strategy: Strategy

    public init(maxBytes: Int = 256 << 20, maxDepth: Int = 256, strategy: Strategy = .fast) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
        self.strategy = strategy
    }

    /// Decodes an animation from JSON bytes.
    public func decode(_ data: Data) throws(LottieDecodingError) -> Animation {
        try checkSize(data.count)
        if strategy == .fast, case .success(let animation) = FastDecoding.decode(Animation.self, from: data, maxDepth: maxDepth) {
            return animation
        }
        return try decodeWithCodable(data)
    }

    /// Decodes an animation from a JSON string.
    public func decode(_ text: String) throws(LottieDecodingError) -> Animation {
        try decode(Data(text.utf8))
    }

    /// The fast path alone, with the error it finds itself (the same as the `Codable` path's
    /// for a document with one fault; for tests and benchmarks).
    func decodeFastOnly(_ data: Data) throws(LottieDecodingError) -> Animation {
        try checkSize(data.count)
        return try FastDecoding.decodeReportingErrors(Animation.self, from: data, maxDepth: maxDepth)
    }

    private func decodeWithCodable(_ data: Data) throws(LottieDecodingError) -> Animation {
        let bytes = [UInt8](data)
        if let error = Self.shapeError(of: bytes, maxDepth: maxDepth, isAnimation: true) { throw error }
        do {
            return try JSONDecoder().decode(Animation.self, from: data)
        } catch let error as DecodingError {
            throw Self.describe(error, in: bytes)
        } catch {
            throw LottieDecodingError(kind: .invalidJSON, path: JSONPath(), location: nil, message: "\(error)")
        }
    }

    // MARK: Before decoding

    private func checkSize(_ count: Int) throws(LottieDecodingError) {
        guard count <= maxBytes else {
            throw LottieDecodingError(
                kind: .tooLarge, path: JSONPath(), location: nil,
                message: "the file is \(count) bytes, more than the limit maxFileBytes (\(maxBytes))")
        }
    }

    /// The error for bytes that are not valid JSON or (for a whole animation) not a Lottie
    /// document, or nil: what the `Codable` path checks before decoding.
    static func shapeError(of bytes: [UInt8], maxDepth: Int, isAnimation: Bool) -> LottieDecodingError? {
        do {
            try JSONScanner.validate(bytes, maxDepth: maxDepth)
        } catch {
            return LottieDecodingError(kind: .invalidJSON, path: error.path, location: error.location,
                                       message: "invalid JSON: \(error.message)")
        }
        guard isAnimation else { return nil }
        let found = JSONValueKind.at(offset: Self.firstValueOffset(bytes), in: bytes)
        guard found == .object else {
            return LottieDecodingError(
                kind: .notLottie, path: JSONPath(), location: nil,
                message: "not a Lottie animation: the top level is \(found.phrase), expected an object with 'layers'")
        }
        guard JSONScanner.location(of: JSONPath([.key("layers")]), in: bytes) != nil else {
            return LottieDecodingError(
                kind: .notLottie, path: JSONPath(), location: nil,
                message: "not a Lottie animation: the top-level object has no 'layers'")
        }
        return nil
    }

    private static func firstValueOffset(_ bytes: [UInt8]) -> Int {
        var offset = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) { offset += 1 }
        return offset
    }

    // MARK: Describing DecodingError

    static func describe(_ error: DecodingError, in bytes: [UInt8]) -> LottieDecodingError {
        switch error {
        case .typeMismatch(let type, let context):
            let path = JSONPath(codingPath: context.codingPath)
            let location = JSONScanner.location(of: path, in: bytes)
            let expected = Self.expectation(for: type, detail: context.debugDescription)
            let message: String
            if expected.contains(", found ") {
                message = expected  // the model already said what it found: "expected a whole number, found 1.5"
            } else if let location {
                message = "\(expected), found \(Self.foundPhrase(at: location.offset, in: bytes))"
            } else {
                message = expected
            }
            return LottieDecodingError(kind: .wrongType, path: path, location: location, message: message)
        case .valueNotFound(let type, let context):
            let path = JSONPath(codingPath: context.codingPath)
            return LottieDecodingError(
                kind: .wrongType, path: path, location: JSONScanner.location(of: path, in: bytes),
                message: "\(Self.expectation(for: type, detail: "")), found null")
        case .keyNotFound(let key, let context):
            let parent = JSONPath(codingPath: context.codingPath)
            return LottieDecodingError(
                kind: .missingField, path: parent.appending(.key(key.stringValue)),
                location: JSONScanner.location(of: parent, in: bytes),
                message: "missing required field '\(key.stringValue)'")
        case .dataCorrupted(let context):
            let path = JSONPath(codingPath: context.codingPath)
            return LottieDecodingError(
                kind: .invalidValue, path: path, location: JSONScanner.location(of: path, in: bytes),
                message: context.debugDescription)
        @unknown default:
            return LottieDecodingError(kind: .invalidValue, path: JSONPath(), location: nil, message: "\(error)")
        }
    }

    /// "a string", "an object"... for the value at `offset`; a number too large for a `Double`
    /// (`1e400`, which Foundation refuses) is named with its text, not as "a number".
    static func foundPhrase(at offset: Int, in bytes: [UInt8]) -> String {
        let kind = JSONValueKind.at(offset: offset, in: bytes)
        guard kind == .number else { return kind.phrase }
        let text = String(decoding: bytes[offset...].prefix { !",]} \t\r\n".utf8.contains($0) }, as: UTF8.self)
        if let number = Double(text), !number.isFinite { return "\(text), which is out of range" }
        return kind.phrase
    }

    /// "expected a number" and the like, from the Swift type the decoder wanted. Messages the
    /// model wrote itself (they start with "expected") are used as they are.
    private static func expectation(for type: Any.Type, detail: String) -> String {
        if detail.hasPrefix("expected") { return detail }
        switch type {
        case is Double.Type, is Float.Type, is LenientDouble.Type: return "expected a number"
        case is Int.Type, is LenientInt.Type: return "expected a whole number"
        case is Bool.Type, is LenientBool.Type: return "expected a boolean"
        case is String.Type, is LenientString.Type: return "expected a string"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") || name.hasPrefix("[") { return "expected an array" }
            if name.hasPrefix("Dictionary") { return "expected an object" }
            return "expected an object"
        }
    }
}

// MARK: - Coding paths

extension JSONPath {
    /// The path of a `Codable` coding path: keys with an integer value are array indices.
    init(codingPath: [CodingKey]) {
        self.init(codingPath.map { key in
            if let index = key.intValue { return .index(index) }
            return .key(key.stringValue)
        })
    }
}
