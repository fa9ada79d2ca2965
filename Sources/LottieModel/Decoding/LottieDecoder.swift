import Foundation

// MARK: - LottieDecoder

/// Reads Lottie JSON into an `LottieAnimation`.
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
///   column and what was expected. What Foundation's decoder reports without a place (a
///   number out of `Double`'s range where the model does not read it itself, a string or key
///   with an unpaired surrogate escape, nesting deeper than 512) is placed by the fast path,
///   which stops at the same value and knows where it is.
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
    public func decode(_ data: Data) throws(LottieDecodingError) -> LottieAnimation {
        try checkSize(data.count)
        var fastFailure: DecodeFailure?
        if strategy == .fast {
            switch FastDecoding.decode(LottieAnimation.self, from: data, maxDepth: maxDepth) {
            case .success(let animation): return animation
            case .failure(let failure): fastFailure = failure
            }
        }
        return try decodeWithCodable(data, fastFailure: fastFailure)
    }

    /// Decodes an animation from a JSON string.
    public func decode(_ text: String) throws(LottieDecodingError) -> LottieAnimation {
        try decode(Data(text.utf8))
    }

    /// The fast path alone, with the error it finds itself (the same as the `Codable` path's
    /// for a document with one fault; for tests and benchmarks).
    func decodeFastOnly(_ data: Data) throws(LottieDecodingError) -> LottieAnimation {
        try checkSize(data.count)
        return try FastDecoding.decodeReportingErrors(LottieAnimation.self, from: data, maxDepth: maxDepth)
    }

    /// The `Codable` path; `fastFailure` is where the fast path stopped, when it ran.
    private func decodeWithCodable(_ data: Data, fastFailure: DecodeFailure?) throws(LottieDecodingError) -> LottieAnimation {
        let bytes = [UInt8](data)
        if let error = Self.shapeError(of: bytes, maxDepth: maxDepth, isAnimation: true) { throw error }
        do {
            return try JSONDecoder().decode(LottieAnimation.self, from: data)
        } catch let error as DecodingError where !Self.isPlaceless(error) {
            throw Self.describe(error, in: bytes, maxDepth: maxDepth)
        } catch {
            throw placedError(for: error, in: data, bytes: bytes, fastFailure: fastFailure)
        }
    }

    /// Whether Foundation's decoder gave no place: "The given data was not valid JSON." with
    /// an empty coding path, its answer to a value it cannot represent (the syntax has been
    /// checked by then).
    private static func isPlaceless(_ error: DecodingError) -> Bool {
        guard case .dataCorrupted(let context) = error else { return false }
        return context.codingPath.isEmpty
    }

    /// The error for a document Foundation's decoder refused without saying where: the fast
    /// path's, which names the value it could not read. Only when the fast path reads the
    /// document (it reads what the model reads, so this is not expected) is Foundation's
    /// error reported as it is, at the top-level value.
    private func placedError(for error: Error, in data: Data, bytes: [UInt8],
                             fastFailure: DecodeFailure?) -> LottieDecodingError {
        var failure = fastFailure
        if failure == nil, case .failure(let found) = FastDecoding.decode(LottieAnimation.self, from: data, maxDepth: maxDepth) {
            failure = found
        }
        if let failure {
            return LottieDecodingError(failure: failure, in: bytes, maxDepth: maxDepth, isAnimation: true)
        }
        if let error = error as? DecodingError { return Self.describe(error, in: bytes, maxDepth: maxDepth) }
        return LottieDecodingError(kind: .invalidJSON, path: JSONPath(),
                                   location: JSONScanner.sourceLocation(ofOffset: Self.firstValueOffset(bytes), in: bytes),
                                   message: "\(error)")
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
        guard JSONScanner.location(of: JSONPath([.key("layers")]), in: bytes, maxDepth: maxDepth) != nil else {
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

    static func describe(_ error: DecodingError, in bytes: [UInt8], maxDepth: Int) -> LottieDecodingError {
        switch error {
        case .typeMismatch(let type, let context):
            let path = JSONPath(codingPath: context.codingPath)
            let location = JSONScanner.location(of: path, in: bytes, maxDepth: maxDepth)
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
                kind: .wrongType, path: path, location: JSONScanner.location(of: path, in: bytes, maxDepth: maxDepth),
                message: "\(Self.expectation(for: type, detail: "")), found null")
        case .keyNotFound(let key, let context):
            let parent = JSONPath(codingPath: context.codingPath)
            return LottieDecodingError(
                kind: .missingField, path: parent.appending(.key(key.stringValue)),
                location: JSONScanner.location(of: parent, in: bytes, maxDepth: maxDepth),
                message: "missing required field '\(key.stringValue)'")
        case .dataCorrupted(let context):
            let path = JSONPath(codingPath: context.codingPath)
            return LottieDecodingError(
                kind: .invalidValue, path: path, location: JSONScanner.location(of: path, in: bytes, maxDepth: maxDepth),
                message: context.debugDescription)
        @unknown default:
            return LottieDecodingError(kind: .invalidValue, path: JSONPath(), location: nil, message: "\(error)")
        }
    }

    /// "a string", "an object"... for the value at `offset`; a number out of `Double`'s range
    /// (`1e400`, `-1e400`, `1e-400`, which Foundation refuses) is named with its text:
    /// "1e400, which is out of range".
    static func foundPhrase(at offset: Int, in bytes: [UInt8]) -> String {
        let kind = JSONValueKind.at(offset: offset, in: bytes)
        guard kind == .number else { return kind.phrase }
        let text = bytes[offset...].prefix { $0.isNumberByte }
        let isOutOfRange = text.withContiguousStorageIfAvailable { JSONReader.parseSlowly($0) == nil } ?? false
        guard isOutOfRange else { return kind.phrase }
        let shown = String(decoding: text.prefix(40), as: UTF8.self) + (text.count > 40 ? "…" : "")
        return "\(shown), which is out of range"
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
