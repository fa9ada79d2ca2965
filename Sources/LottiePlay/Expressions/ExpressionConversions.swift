import LottieModel

// MARK: - Conversions

/// JavaScript's type conversions (ToPrimitive, ToNumber, ToString, ToBoolean, ToInt32) and
/// equality, applied after a host object's `primitive`.
extension ExpressionInterpreter {
    /// The plain value of `value`: a host object's `primitive` (the host object itself when it
    /// has none), anything else as it is.
    func primitive(_ value: ExpressionValue) throws(ExpressionFault) -> ExpressionValue {
        if case .host(let host) = value, let plain = try host.primitive(in: self) { return plain }
        return value
    }

    /// JavaScript's ToNumber (after `primitive`; an array goes through its string, as in
    /// JavaScript: `[5]` is 5, `[1, 2]` NaN).
    func number(_ value: ExpressionValue) throws(ExpressionFault) -> Double {
        switch value {
        case .number(let number): return number
        case .undefined: return .nan
        case .null: return 0
        case .bool(let bool): return bool ? 1 : 0
        case .string(let string):
            // Reading a number from a text trims and scans all of it: a step per 16 bytes.
            try chargeSteps(string.utf8.count / 16)
            return Self.parseNumber(string)
        case .array(let array):
            if array.elements.isEmpty { return 0 }
            if array.elements.count == 1 { return try number(array.elements[0]) }
            return .nan
        case .object, .function: return .nan
        case .host:
            let plain = try primitive(value)
            if case .host = plain { return .nan }
            return try number(plain)
        }
    }

    /// JavaScript's ToString (after `primitive`); arrays join their elements with commas.
    func string(_ value: ExpressionValue) throws(ExpressionFault) -> String {
        switch value {
        case .string(let string): return string
        case .number(let number): return Self.numberString(number)
        case .undefined: return "undefined"
        case .null: return "null"
        case .bool(let bool): return bool ? "true" : "false"
        case .array(let array): return try join(array, separator: ",", at: nil)
        case .object: return "[object Object]"
        case .function(let function): return "function \(function.name)() { [code] }"
        case .host(let host):
            let plain = try primitive(value)
            if case .host = plain { return "[object \(host.typeName)]" }
            return try string(plain)
        }
    }

    /// JavaScript's ToBoolean. (Objects, host objects included, are true.)
    func isTruthy(_ value: ExpressionValue) -> Bool {
        switch value {
        case .undefined, .null: return false
        case .bool(let bool): return bool
        case .number(let number): return number != 0 && !number.isNaN
        case .string(let string): return !string.isEmpty
        case .array, .object, .function, .host: return true
        }
    }

    /// `typeof value`.
    func typeOf(_ value: ExpressionValue) -> String {
        switch value {
        case .undefined: return "undefined"
        case .null, .array, .object, .host: return "object"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .function: return "function"
        }
    }

    /// What a value is, for messages.
    func typeName(of value: ExpressionValue) -> String {
        switch value {
        case .undefined: return "undefined"
        case .null: return "null"
        case .bool(let bool): return bool ? "true" : "false"
        case .number(let number): return Self.numberString(number)
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        case .function(let function): return function.name
        case .host(let host): return host.typeName
        }
    }

    /// ToPrimitive for operators: arrays become their string, objects and functions too;
    /// host objects without a plain value become `[object Type]`.
    func operand(_ value: ExpressionValue) throws(ExpressionFault) -> ExpressionValue {
        switch try primitive(value) {
        case .array, .object, .function, .host: return .string(try string(value))
        case let plain: return plain
        }
    }

    /// A property key: strings as they are, numbers as JavaScript prints them.
    func propertyKey(_ key: ExpressionValue) throws(ExpressionFault) -> String {
        if case .string(let string) = key { return string }
        return try string(key)
    }

    /// ToInt32.
    static func int32(_ number: Double) -> Int32 {
        guard number.isFinite else { return 0 }
        var wrapped = number.rounded(.towardZero).truncatingRemainder(dividingBy: 4_294_967_296)
        if wrapped < 0 { wrapped += 4_294_967_296 }
        guard wrapped >= 0, wrapped < 4_294_967_296 else { return 0 }
        return Int32(truncatingIfNeeded: UInt32(wrapped))
    }

    /// ToUint32.
    static func uint32(_ number: Double) -> UInt32 {
        UInt32(bitPattern: int32(number))
    }

    /// A whole number in `0 ..< limit` as an `Int`, else nil (never traps).
    static func index(_ number: Double, below limit: Int = Int(Int32.max)) -> Int? {
        guard number >= 0, number < Double(limit), number == number.rounded(.towardZero) else { return nil }
        return Int(number)
    }

    /// A relative index argument (`slice`, `splice`, `indexOf` start) clamped to `0 ... count`:
    /// negative counts from the end, NaN is 0.
    static func relativeIndex(_ number: Double, count: Int) -> Int {
        if number.isNaN { return 0 }
        let integer = number.rounded(.towardZero)
        if integer < 0 { return max(0, count + Int(max(integer, -Double(count)))) }
        return integer >= Double(count) ? count : Int(integer)
    }

    // MARK: Equality

    /// Comparing two texts reads them up to the shorter one's end: a step per 16 bytes.
    private func chargeComparison(_ x: String, _ y: String) throws(ExpressionFault) {
        try chargeSteps(min(x.utf8.count, y.utf8.count) / 16)
    }

    /// `===`.
    func strictEquals(_ a: ExpressionValue, _ b: ExpressionValue) throws(ExpressionFault) -> Bool {
        switch (a, b) {
        case (.undefined, .undefined), (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)):
            try chargeComparison(x, y)
            return x.utf16.elementsEqual(y.utf16)
        case (.array(let x), .array(let y)): return x === y
        case (.object(let x), .object(let y)): return x === y
        case (.function(let x), .function(let y)): return x === y
        case (.host(let x), .host(let y)): return x === y
        default: return false
        }
    }

    /// `==`: null equals undefined; numbers, strings and booleans compare as numbers; objects
    /// compare by their primitive.
    func looseEquals(_ a: ExpressionValue, _ b: ExpressionValue) throws(ExpressionFault) -> Bool {
        let a = try primitive(a)
        let b = try primitive(b)
        switch (a, b) {
        case (.undefined, .undefined), (.null, .null), (.undefined, .null), (.null, .undefined): return true
        case (.undefined, _), (.null, _), (_, .undefined), (_, .null): return false
        case (.number, .string), (.string, .number), (.bool, _), (_, .bool):
            return try number(a) == number(b)
        case (.array, .array), (.object, .object), (.function, .function), (.host, .host),
             (.number, .number), (.string, .string):
            return try strictEquals(a, b)
        case (.array, _), (.object, _), (.function, _), (.host, _):
            return try looseEquals(try operand(a), b)
        case (_, .array), (_, .object), (_, .function), (_, .host):
            return try looseEquals(a, try operand(b))
        }
    }

    /// `<` of JavaScript: strings by UTF-16 code units, else numbers; nil when NaN is involved.
    func lessThan(_ a: ExpressionValue, _ b: ExpressionValue) throws(ExpressionFault) -> Bool? {
        let a = try operand(a)
        let b = try operand(b)
        if case .string(let x) = a, case .string(let y) = b {
            try chargeComparison(x, y)
            return x.utf16.lexicographicallyPrecedes(y.utf16)
        }
        let x = try number(a)
        let y = try number(b)
        if x.isNaN || y.isNaN { return nil }
        return x < y
    }
}
