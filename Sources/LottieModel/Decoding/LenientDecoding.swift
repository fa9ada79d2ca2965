// MARK: - Lenient scalars

// Real Lottie files write flags as `true`, `1` or `1.0`, and integers as `3.0`.
// These overloads shadow the standard ones inside this module, so every synthesized
// `Codable` conformance of the model accepts the forms the established players accept.

extension KeyedDecodingContainer {
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decode(LenientBool.self, forKey: key).value
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try decode(LenientBool.self, forKey: key).value
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decode(LenientInt.self, forKey: key).value
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try decode(LenientInt.self, forKey: key).value
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decode(LenientDouble.self, forKey: key).value
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decode(LenientDouble.self, forKey: key).value
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try decode(LenientString.self, forKey: key).value
    }
}

/// A boolean written as `true`/`false` or as a number (non-zero is true).
struct LenientBool: Decodable {
    let value: Bool

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            value = flag
        } else if let number = try container.numberIfAny(at: decoder.codingPath) {
            value = number != 0
        } else {
            throw DecodingError.typeMismatch(Bool.self, .init(
                codingPath: decoder.codingPath,
                debugDescription: "expected a boolean (true, false, 0 or 1)"))
        }
    }
}

/// An integer written as `3`, `3.0` or `[3]`.
struct LenientInt: Decodable {
    let value: Int

    init(from decoder: Decoder) throws {
        let number = try LenientDouble(from: decoder).value
        guard number.isFinite, number.rounded() == number, abs(number) < 1e15 else {
            throw DecodingError.typeMismatch(Int.self, .init(
                codingPath: decoder.codingPath,
                debugDescription: "expected a whole number, found \(number)"))
        }
        value = Int(number)
    }
}

/// A number written as `5`, `[5]` (old exporters wrap scalars) or `true`/`false`.
struct LenientDouble: Decodable {
    let value: Double

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try container.numberIfAny(at: decoder.codingPath) {
            value = number
        } else if let first = try Self.firstOfNumberList(decoder) {
            value = first
        } else if let flag = try? container.decode(Bool.self) {
            value = flag ? 1 : 0
        } else {
            throw DecodingError.typeMismatch(Double.self, .init(
                codingPath: decoder.codingPath, debugDescription: "expected a number"))
        }
    }

    /// The first number of a non-empty list, or nil when the value is not one; an element
    /// that is not a number (or is out of range) is reported at the element.
    private static func firstOfNumberList(_ decoder: Decoder) throws -> Double? {
        guard var list = try? decoder.unkeyedContainer(), !list.isAtEnd else { return nil }
        var first: Double?
        while !list.isAtEnd {
            let number = try list.decodeNumber()
            if first == nil { first = number }
        }
        return first
    }
}

/// A string; a number where a name was expected is kept as its text.
struct LenientString: Decodable {
    let value: String

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try container.stringIfAny() {
            value = text
        } else if let number = try container.numberIfAny(at: decoder.codingPath) {
            value = Self.text(of: number)
        } else {
            throw DecodingError.typeMismatch(String.self, .init(
                codingPath: decoder.codingPath, debugDescription: "expected a string"))
        }
    }

    /// A number written where a name belongs, as text: `3` for 3.0, `2.5` for 2.5.
    static func text(of number: Double) -> String {
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

// MARK: - Numbers out of range

// `JSONDecoder` refuses a number that does not fit a `Double` (`1e999`, `-1e999`, `1e-400`)
// with an error of its own that reaches the caller as "The given data was not valid JSON."
// with no coding path. Every number the model reads goes through these functions, which
// report it as a type mismatch at the number itself, so that it reads "expected a number,
// found 1e999, which is out of range" with its place.

/// Whether `error`, thrown by a `decode` call, means the value is of another JSON type (or
/// null); anything else is a value of the right type that `JSONDecoder` cannot represent.
private func isOtherType(_ error: Error) -> Bool {
    switch error as? DecodingError {
    case .typeMismatch?, .valueNotFound?: true
    default: false
    }
}

private func outOfRange(at codingPath: [CodingKey]) -> DecodingError {
    .typeMismatch(Double.self, .init(codingPath: codingPath, debugDescription: "expected a number"))
}

extension SingleValueDecodingContainer {
    /// The number, or nil when the value is not a number; a number out of `Double`'s range
    /// throws "expected a number" at `codingPath` (the path of this value).
    func numberIfAny(at codingPath: [CodingKey]) throws -> Double? {
        do {
            return try decode(Double.self)
        } catch {
            if isOtherType(error) { return nil }
            throw outOfRange(at: codingPath)
        }
    }

    /// The string, or nil when the value is not a string. A string `JSONDecoder` cannot decode
    /// (one with an unpaired surrogate escape, `"\uD800"`) throws its error, which has no
    /// place: `LottieDecoder` finds the place with the fast path.
    func stringIfAny() throws -> String? {
        do {
            return try decode(String.self)
        } catch {
            if isOtherType(error) { return nil }
            throw error
        }
    }
}

extension UnkeyedDecodingContainer {
    /// The next element, which must be a number: a value of another type is `JSONDecoder`'s
    /// type mismatch at the element, a number out of range "expected a number" at it.
    mutating func decodeNumber() throws -> Double {
        do {
            return try decode(Double.self)
        } catch {
            if isOtherType(error) { throw error }
            throw outOfRange(at: codingPath + [ElementKey(intValue: currentIndex)])
        }
    }
}

/// The coding key of an array element.
private struct ElementKey: CodingKey {
    let intValue: Int?
    var stringValue: String { intValue.map(String.init) ?? "" }

    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { return nil }
}
