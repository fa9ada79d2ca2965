import Foundation
import LottieModel

// MARK: - Operators

/// JavaScript's unary and binary operators on values, with After Effects' vector arithmetic:
/// `+ - * /` with an array on either side work as `$bm_sum`, `$bm_sub`, `$bm_mul`, `$bm_div`.
extension ExpressionInterpreter {
    func binary(_ op: BinaryOperator, _ a: ExpressionValue, _ b: ExpressionValue,
                at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        switch op {
        case .add, .subtract, .multiply, .divide:
            let x = try primitive(a)
            let y = try primitive(b)
            if Self.isArray(x) || Self.isArray(y) {
                switch op {
                case .add: return try vectorSum(x, y, at: place)
                case .subtract: return try vectorSubtract(x, y, at: place)
                case .multiply: return try vectorMultiply(x, y, at: place)
                default: return try vectorDivide(x, y, at: place)
                }
            }
            switch op {
            case .add: return try add(x, y, at: place)
            case .subtract: return .number(try number(x) - number(y))
            case .multiply: return .number(try number(x) * number(y))
            default: return .number(try number(x) / number(y))
            }
        case .remainder:
            return .number(try number(a).truncatingRemainder(dividingBy: number(b)))
        case .power:
            return .number(Self.power(try number(a), try number(b)))
        case .equal: return .bool(try looseEquals(a, b))
        case .notEqual: return .bool(!(try looseEquals(a, b)))
        case .strictEqual: return .bool(try strictEquals(a, b))
        case .strictNotEqual: return .bool(!(try strictEquals(a, b)))
        case .less: return .bool(try lessThan(a, b) ?? false)
        case .greater: return .bool(try lessThan(b, a) ?? false)
        case .lessOrEqual: return .bool(try lessThan(b, a).map { !$0 } ?? false)
        case .greaterOrEqual: return .bool(try lessThan(a, b).map { !$0 } ?? false)
        case .bitwiseAnd: return .number(Double(Self.int32(try number(a)) & Self.int32(try number(b))))
        case .bitwiseOr: return .number(Double(Self.int32(try number(a)) | Self.int32(try number(b))))
        case .bitwiseXor: return .number(Double(Self.int32(try number(a)) ^ Self.int32(try number(b))))
        case .shiftLeft:
            let shift = Self.uint32(try number(b)) & 31
            return .number(Double(Self.int32(try number(a)) << Int32(shift)))
        case .shiftRight:
            let shift = Self.uint32(try number(b)) & 31
            return .number(Double(Self.int32(try number(a)) >> Int32(shift)))
        case .unsignedShiftRight:
            let shift = Self.uint32(try number(b)) & 31
            return .number(Double(Self.uint32(try number(a)) >> shift))
        case .in:
            return .bool(try has(b, key: a, at: place))
        case .instanceof:
            return .bool(try isInstance(a, of: b, at: place))
        }
    }

    /// JavaScript's `+` on plain values: strings concatenate (their memory counted), anything
    /// else adds as numbers.
    func add(_ a: ExpressionValue, _ b: ExpressionValue, at place: SourcePlace?) throws(ExpressionFault) -> ExpressionValue {
        if case .number(let x) = a, case .number(let y) = b { return .number(x + y) }
        let x = try operand(a)
        let y = try operand(b)
        if case .string = x {} else if case .string = y {} else {
            return .number(try number(x) + number(y))
        }
        let left = try string(x)
        let right = try string(y)
        try chargeMemory(left.utf8.count + right.utf8.count, at: place)
        return .string(left + right)
    }

    /// `Math.pow` and `**` with JavaScript's special cases (`1 ** Infinity` is NaN).
    static func power(_ x: Double, _ y: Double) -> Double {
        if y.isNaN { return .nan }
        if y == 0 { return 1 }
        if abs(x) == 1 && y.isInfinite { return .nan }
        return pow(x, y)
    }

    func unary(_ op: UnaryOperator, _ value: ExpressionValue, at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        switch op {
        case .negate:
            let plain = try primitive(value)
            if case .array = plain { return try vectorNegate(plain, at: place) }
            return .number(-(try number(plain)))
        case .plus: return .number(try number(value))
        case .not: return .bool(!isTruthy(value))
        case .bitwiseNot: return .number(Double(~Self.int32(try number(value))))
        case .void: return .undefined
        case .typeof: return .string(typeOf(value))
        case .delete: return .bool(true)
        }
    }

    /// `key in object`.
    private func has(_ object: ExpressionValue, key: ExpressionValue, at place: SourcePlace) throws(ExpressionFault) -> Bool {
        switch object {
        case .object(let members):
            return members[try propertyKey(key)] != nil
        case .array(let array):
            let name = try propertyKey(key)
            if name == "length" { return true }
            guard let index = Self.arrayIndex(name) else { return false }
            return index < array.elements.count
        case .function:
            return false
        case .host(let host):
            let name = try propertyKey(key)
            if try host.member(name, in: self) != nil { return true }
            let plain = try primitive(object)
            if case .host = plain { return false }
            return try has(plain, key: key, at: place)
        default:
            throw typeError("Cannot use 'in' operator to search for a key in \(typeName(of: object))", at: place)
        }
    }

    /// `value instanceof constructor` for the built-in constructors (`Array`, `Object`, `Error`...);
    /// objects made by script constructors are not tracked, so that gives false.
    private func isInstance(_ value: ExpressionValue, of constructor: ExpressionValue,
                            at place: SourcePlace) throws(ExpressionFault) -> Bool {
        guard case .function(let function) = constructor else {
            throw typeError("Right-hand side of 'instanceof' is not callable", at: place)
        }
        guard case .native = function.body else { return false }
        let plain = try primitive(value)
        switch function.name {
        case "Array": return Self.isArray(plain)
        case "Object":
            switch plain {
            case .array, .object, .function, .host: return true
            default: return false
            }
        case "Function":
            if case .function = plain { return true }
            return false
        case let name where name.hasSuffix("Error"):
            guard case .object(let object) = plain, case .string(let errorName)? = object["name"] else { return false }
            return name == "Error" ? errorName.hasSuffix("Error") : errorName == name
        default:
            return false
        }
    }

    static func isArray(_ value: ExpressionValue) -> Bool {
        if case .array = value { return true }
        return false
    }
}
