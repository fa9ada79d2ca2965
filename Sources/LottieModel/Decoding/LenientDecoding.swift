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
        } else if let number = try? container.decode(Double.self) {
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
        if let number = try? container.decode(Double.self) {
            value = number
        } else if let numbers = try? container.decode([Double].self), let first = numbers.first {
            value = first
        } else if let flag = try? container.decode(Bool.self) {
            value = flag ? 1 : 0
        } else {
            throw DecodingError.typeMismatch(Double.self, .init(
                codingPath: decoder.codingPath, debugDescription: "expected a number"))
        }
    }
}

/// A string; a number where a name was expected is kept as its text.
struct LenientString: Decodable {
    let value: String

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            value = text
        } else if let number = try? container.decode(Double.self) {
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
