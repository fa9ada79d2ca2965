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
        /// Valid input that only `JSONDecoder` knows how to report: a string or key with an
        /// unpaired UTF-16 surrogate escape, a number out of `Double`'s range inside kept JSON,
        /// nesting deeper than `JSONDecoder`'s own limit of 512.
        case needsCodablePath
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
        switch failure.reason {
        case .syntax, .notLottie, .needsCodablePath:
            // A syntax error or a missing `layers` would have been found above.
            self.init(kind: .invalidValue, path: JSONScanner.path(ofValueAt: offset, in: bytes) ?? JSONPath(),
                      location: JSONScanner.sourceLocation(ofOffset: offset, in: bytes),
                      message: "the value is valid JSON that only the Codable decoder can report on")
        case .expected(let expectation):
            var message = expectation.phrase
            if !message.contains(", found ") {
                message += ", found \(LottieDecoder.foundPhrase(at: offset, in: bytes))"
            }
            self.init(kind: .wrongType, path: JSONScanner.path(ofValueAt: offset, in: bytes) ?? JSONPath(),
                      location: JSONScanner.sourceLocation(ofOffset: offset, in: bytes), message: message)
        case .missingField(let name):
            let parent = JSONScanner.path(ofValueAt: offset, in: bytes) ?? JSONPath()
            self.init(kind: .missingField, path: parent.appending(.key("\(name)")),
                      location: JSONScanner.sourceLocation(ofOffset: offset, in: bytes),
                      message: "missing required field '\(name)'")
        case .invalidValue(let message):
            self.init(kind: .invalidValue, path: JSONScanner.path(ofValueAt: offset, in: bytes) ?? JSONPath(),
                      location: JSONScanner.sourceLocation(ofOffset: offset, in: bytes), message: "\(message)")
        }
    }
}
