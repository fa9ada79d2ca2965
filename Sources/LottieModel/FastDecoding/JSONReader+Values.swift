// MARK: - Values as the model reads them
//
// The scalar forms of `LenientDecoding.swift`, the number lists of `Vector` and verbatim
// `JSONValue`s, read straight from the bytes. Each function accepts exactly what its
// `Codable` counterpart accepts, and fails at the same value with the same expectation.
// The `...OrNil` forms are `decodeIfPresent`: a `null` member reads as nil.

extension JSONReader {
    @inline(__always)
    private static func isNumberStart(_ byte: UInt8) -> Bool {
        byte == .minus || byte.isDigit
    }

    // MARK: Numbers

    /// `LenientDouble`: `5`, `[5]` (a list of numbers; the first is used, an element that is
    /// not a number is reported at the element) or `true`/`false`.
    @inline(__always)
    mutating func lenientDouble() throws(DecodeFailure) -> Double {
        skipWhitespace()
        let start = offset
        let first = base[start]
        if Self.isNumberStart(first) {
            guard let value = try readNumber() else { throw expected(.number, at: start) }
            return value
        }
        return try lenientDoubleFromOtherForms(start)
    }

    private mutating func lenientDoubleFromOtherForms(_ start: Int) throws(DecodeFailure) -> Double {
        switch base[start] {
        case .openBracket:
            var list = try beginArray()
            var first: Double?
            while try nextElement(&list) {
                skipWhitespace()
                let element = offset
                guard Self.isNumberStart(base[element]), let value = try readNumber() else {
                    throw expected(.number, at: element)
                }
                if first == nil { first = value }
            }
            guard let first else { throw expected(.number, at: start) }
            return first
        case .t, .f:
            return try readBool() ? 1 : 0
        default:
            throw expected(.number, at: start)
        }
    }

    @inline(__always)
    mutating func lenientDoubleOrNil() throws(DecodeFailure) -> Double? {
        try skipNull() ? nil : lenientDouble()
    }

    /// `LenientInt`: a `LenientDouble` that is a whole number below 10^15.
    mutating func lenientInt() throws(DecodeFailure) -> Int {
        skipWhitespace()
        let start = offset
        let number = try lenientDouble()
        guard number.isFinite, number.rounded() == number, abs(number) < 1e15 else {
            throw expected(.wholeNumber(found: number), at: start)
        }
        return Int(number)
    }

    mutating func lenientIntOrNil() throws(DecodeFailure) -> Int? {
        try skipNull() ? nil : lenientInt()
    }

    /// An `IntegerCode` (a blend mode, a line join...): `lenientIntOrNil`'s number, as
    /// `IntegerCode.init(from:)` reads it.
    mutating func codeOrNil<Code: IntegerCode>(_ type: Code.Type = Code.self) throws(DecodeFailure) -> Code? {
        try lenientIntOrNil().map(Code.init(rawValue:))
    }

    // MARK: Flags

    /// `LenientBool`: `true`/`false`, or a number (non-zero is true).
    mutating func lenientBool() throws(DecodeFailure) -> Bool {
        skipWhitespace()
        let start = offset
        let first = base[start]
        if first == .t || first == .f { return try readBool() }
        guard Self.isNumberStart(first) else { throw expected(.boolean, at: start) }
        guard let number = try readNumber() else { throw expected(.number, at: start) }  // out of range
        return number != 0
    }

    mutating func lenientBoolOrNil() throws(DecodeFailure) -> Bool? {
        try skipNull() ? nil : lenientBool()
    }

    // MARK: Text

    /// A string, as `decode(String.self, ...)` reads it (no other form).
    mutating func string() throws(DecodeFailure) -> String {
        skipWhitespace()
        guard base[offset] == .quote else { throw expected(.string, at: offset) }
        return try readString()
    }

    /// `LenientString`: a string, or a number kept as its text.
    @inline(__always)
    mutating func lenientString() throws(DecodeFailure) -> String {
        skipWhitespace()
        let start = offset
        let first = base[start]
        if first == .quote { return try readString() }
        guard Self.isNumberStart(first) else { throw expected(.string, at: start) }
        guard let number = try readNumber() else { throw expected(.number, at: start) }  // out of range
        return LenientString.text(of: number)
    }

    @inline(__always)
    mutating func lenientStringOrNil() throws(DecodeFailure) -> String? {
        try skipNull() ? nil : lenientString()
    }

    // MARK: Number lists

    /// `Vector(from:)`: `[1, 2, 3]`, or one number as a list of one. An element that is not a
    /// number is reported at the element; anything else at the value.
    @inline(__always)
    mutating func numberList() throws(DecodeFailure) -> [Double] {
        try inlineNumbers().array
    }

    @inline(__always)
    mutating func numberListOrNil() throws(DecodeFailure) -> [Double]? {
        try skipNull() ? nil : numberList()
    }

    /// `numberList()` kept inline when it has at most two numbers: 2D points, tangents and
    /// easing coordinates are read without an allocation.
    @inline(__always)
    mutating func inlineNumbers() throws(DecodeFailure) -> InlineNumbers {
        skipWhitespace()
        let start = offset
        if base[start] == .openBracket { return try numberListElements() }
        guard Self.isNumberStart(base[start]) else { throw expected(.arrayOfNumbers, at: start) }
        guard let value = try readNumber() else { throw expected(.number, at: start) }  // out of range
        return .one(value)
    }

    @inline(__always)
    mutating func inlineNumbersOrNil() throws(DecodeFailure) -> InlineNumbers? {
        try skipNull() ? nil : inlineNumbers()
    }

    /// The elements of the number list at the cursor. Up to four numbers are gathered in
    /// locals: two stay inline, three or four (3D points, colours) go to an array of exactly
    /// their size.
    private mutating func numberListElements() throws(DecodeFailure) -> InlineNumbers {
        var list = try beginArray()
        skipWhitespace()
        if base[offset] == .closeBracket {
            _ = try nextElement(&list)
            return .empty
        }
        var count = 0
        var first = 0.0, second = 0.0, third = 0.0, fourth = 0.0
        var more: [Double] = []
        while true {
            let start = offset
            guard Self.isNumberStart(base[start]), let value = try readNumber() else {
                throw expected(.number, at: start)
            }
            switch count {
            case 0: first = value
            case 1: second = value
            case 2: third = value
            case 3: fourth = value
            case 4:
                more.reserveCapacity(16)
                more.append(first)
                more.append(second)
                more.append(third)
                more.append(fourth)
                more.append(value)
            default: more.append(value)
            }
            count &+= 1
            skipWhitespace()
            let next = base[offset]
            offset &+= 1
            if next == .comma {
                skipWhitespace()
                continue
            }
            guard next == .closeBracket else {
                offset &-= 1
                throw syntaxError()
            }
            depth &-= 1
            break
        }
        switch count {
        case 1: return .one(first)
        case 2: return .two(first, second)
        // Array literals allocate exactly once, with the element type's metadata known here.
        case 3: return .many([first, second, third])
        case 4: return .many([first, second, third, fourth])
        default: return .many(more)
        }
    }

    // MARK: Verbatim JSON

    /// The value at the cursor as a `JSONValue`, as `JSONValue(from:)` reads it: a number out
    /// of `Double`'s range is "expected a number" at it, a string with an unpaired surrogate
    /// escape fails as `JSONDecoder` fails on it. With
    /// duplicate keys the first is kept. Recursion is bounded by `depthLimit`.
    mutating func jsonValue() throws(DecodeFailure) -> JSONValue {
        skipWhitespace()
        let start = offset
        switch base[start] {
        case .quote:
            return .string(try readString())
        case .minus, .digit0 ... .digit9:
            guard let number = try readNumber() else { throw expected(.number, at: start) }  // out of range
            return .number(number)
        case .t, .f:
            return .bool(try readBool())
        case .n:
            _ = try skipNull()
            return .null
        case .openBracket:
            var list = try beginArray()
            var elements: [JSONValue] = []
            while try nextElement(&list) { elements.append(try jsonValue()) }
            return .array(elements)
        case .openBrace:
            var object = try beginObject()
            var members: [String: JSONValue] = [:]
            while try nextMember(&object) {
                let key = try readKeyString()
                if members[key] == nil {
                    members[key] = try jsonValue()
                } else {
                    try skipValue()  // `JSONDecoder` keeps the first of duplicate keys
                }
            }
            return .object(members)
        default:
            throw syntaxError()
        }
    }

    mutating func jsonValueOrNil() throws(DecodeFailure) -> JSONValue? {
        try skipNull() ? nil : jsonValue()
    }
}
