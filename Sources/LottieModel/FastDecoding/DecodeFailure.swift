// MARK: - DecodeFailure

/// Why the fast path stopped, and the byte offset where it did: small and cheap to throw.
///
/// Nothing here is a sentence yet. Only when a failure leaves the fast path does
/// `LottieDecodingError(failure:in:maxDepth:)` turn it into the error the `Codable` path would
/// report: the JSON path is recovered by re-scanning the bytes up to `offset`, the line and
/// column are counted then, and the message is worded like `LottieDecoder.describe`.
struct DecodeFailure: Error {
    enum Reason {
        /// The bytes are not valid JSON; `JSONScanner.validate` says where and why.
        case syntax
        /// The value at `offset` has the wrong JSON type.
        case expected(Expectation)
        /// The object at `offset` lacks a required member.
        case missingField(StaticString)
        /// The value at `offset` has the right type but cannot be used.
        case invalidValue(StaticString)
        /// The top level is not an object with `layers`.
        case notLottie
        /// The string (or, with `isKey`, the object member's key) whose opening quote is at
        /// `offset` has an unpaired UTF-16 surrogate escape (`"\uD800"`): valid JSON that
        /// `JSONDecoder` cannot decode into a `String`.
        case unpairedSurrogate(isKey: Bool)
        /// The array or object at `offset` is nested deeper than `JSONDecoder` reads (512).
        case nestedTooDeep
    }

    /// What a value should have been, named as `LottieDecoder.describe` names it.
    enum Expectation {
        case number, boolean, string, object, array, arrayOfNumbers
        /// LenientInt's "expected a whole number, found 1.5".
        case wholeNumber(found: Double)
    }

    var reason: Reason
    /// The first byte of the value at fault (of the object, for a missing field).
    var offset: Int

    init(_ reason: Reason, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }
}

extension DecodeFailure.Expectation {
    /// "expected a number" and the like; whole numbers already say what was found.
    var phrase: String {
        switch self {
        case .number: "expected a number"
        case .boolean: "expected a boolean (true, false, 0 or 1)"
        case .string: "expected a string"
        case .object: "expected an object"
        case .array: "expected an array"
        case .arrayOfNumbers: "expected an array of numbers"
        case .wholeNumber(let found): "expected a whole number, found \(found)"
        }
    }
}

// MARK: - Describing a failure

extension LottieDecodingError {
    /// The error the `Codable` path reports for the same input, as far as one failure tells:
    /// a syntax error anywhere in the file comes first, then (for a whole animation) "not a
    /// Lottie animation", then the fault the fast path found.
    init(failure: DecodeFailure, in bytes: [UInt8], maxDepth: Int, isAnimation: Bool) {
        if let before = LottieDecoder.shapeError(of: bytes, maxDepth: maxDepth, isAnimation: isAnimation) {
            self = before
            return
        }
        let offset = failure.offset
        let location = JSONScanner.sourceLocation(ofOffset: offset, in: bytes)
        // The path of the value at the fault; for a fault in a key, of the key's object.
        let isKey = if case .unpairedSurrogate(isKey: true) = failure.reason { true } else { false }
        let path = (isKey ? JSONScanner.path(ofObjectWithKeyAt: offset, in: bytes, maxDepth: maxDepth)
                          : JSONScanner.path(ofValueAt: offset, in: bytes, maxDepth: maxDepth)) ?? JSONPath()
        switch failure.reason {
        case .syntax, .notLottie:
            // A syntax error or a missing `layers` would have been found above.
            self.init(kind: .invalidJSON, path: path, location: location, message: "invalid JSON")
        case .unpairedSurrogate:
            let escape = JSONEscapes.firstUnpairedSurrogate(in: bytes, stringAt: offset) ?? "a surrogate escape"
            self.init(kind: .invalidValue, path: path, location: location,
                      message: "the \(isKey ? "key" : "string") holds \(escape), "
                          + "half of a UTF-16 surrogate pair without the other half")
        case .nestedTooDeep:
            self.init(kind: .tooLarge, path: path, location: location,
                      message: "nesting deeper than \(JSONReader.codableDepthLimit) levels, the most the JSON decoder reads")
        case .expected(let expectation):
            var message = expectation.phrase
            if !message.contains(", found ") {
                message += ", found \(LottieDecoder.foundPhrase(at: offset, in: bytes))"
            }
            self.init(kind: .wrongType, path: path, location: location, message: message)
        case .missingField(let name):
            self.init(kind: .missingField, path: path.appending(.key("\(name)")), location: location,
                      message: "missing required field '\(name)'")
        case .invalidValue(let message):
            self.init(kind: .invalidValue, path: path, location: location, message: "\(message)")
        }
    }
}
