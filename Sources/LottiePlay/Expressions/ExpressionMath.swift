import Foundation
import LottieModel

// MARK: - Math

/// JavaScript's `Math` object: every ES5 function and constant and the later ones expressions
/// use (`sign`, `trunc`, `hypot`, `log10`, `log2`, `cbrt`, hyperbolic functions...).
extension ExpressionInterpreter {
    /// A new `Math` object (one per run that uses it). Its members are built once per interpreter
    /// and shared by the copies until a run changes its own.
    func mathObject() -> ExpressionValue {
        if let mathTemplate { return .object(ExpressionObject(copying: mathTemplate)) }
        let template = makeMathObject()
        mathTemplate = template
        return .object(ExpressionObject(copying: template))
    }

    /// The members of `Math`.
    private func makeMathObject() -> ExpressionObject {
        let math = ExpressionObject()
        let constants: [(String, Double)] = [
            ("E", M_E), ("LN2", M_LN2), ("LN10", M_LN10), ("LOG2E", M_LOG2E), ("LOG10E", M_LOG10E),
            ("PI", Double.pi), ("SQRT1_2", 0.5.squareRoot()), ("SQRT2", 2.0.squareRoot()),
        ]
        for (name, value) in constants { math[name] = .number(value) }
        let unaryFunctions: [(String, (Double) -> Double)] = [
            ("abs", { abs($0) }), ("acos", acos), ("asin", asin), ("atan", atan), ("ceil", { $0.rounded(.up) }),
            ("cos", cos), ("exp", exp), ("floor", { $0.rounded(.down) }), ("log", log), ("round", Self.round),
            ("sin", sin), ("sqrt", { $0.squareRoot() }), ("tan", tan), ("sign", Self.sign),
            ("trunc", { $0.rounded(.towardZero) }), ("log10", log10), ("log2", log2), ("log1p", log1p),
            ("expm1", expm1), ("cbrt", cbrt), ("sinh", sinh), ("cosh", cosh), ("tanh", tanh), ("asinh", asinh),
            ("acosh", acosh), ("atanh", atanh), ("fround", { Double(Float($0)) }),
            ("clz32", { Double(Self.uint32($0).leadingZeroBitCount) }),
        ]
        for (name, function) in unaryFunctions {
            math[name] = native(name) { (call) throws(ExpressionFault) in
                .number(function(try call.interpreter.number(call.argument(0))))
            }
        }
        math["atan2"] = native("atan2") { (call) throws(ExpressionFault) in
            .number(atan2(try call.interpreter.number(call.argument(0)), try call.interpreter.number(call.argument(1))))
        }
        math["pow"] = native("pow") { (call) throws(ExpressionFault) in
            .number(Self.power(try call.interpreter.number(call.argument(0)), try call.interpreter.number(call.argument(1))))
        }
        math["imul"] = native("imul") { (call) throws(ExpressionFault) in
            let a = Self.int32(try call.interpreter.number(call.argument(0)))
            let b = Self.int32(try call.interpreter.number(call.argument(1)))
            return .number(Double(a &* b))
        }
        math["max"] = native("max") { (call) throws(ExpressionFault) in
            var result = -Double.infinity
            for argument in call.arguments {
                let value = try call.interpreter.number(argument)
                if value.isNaN { return .number(.nan) }
                if value > result || (value == 0 && result == 0 && result.sign == .minus) { result = value }
            }
            return .number(result)
        }
        math["min"] = native("min") { (call) throws(ExpressionFault) in
            var result = Double.infinity
            for argument in call.arguments {
                let value = try call.interpreter.number(argument)
                if value.isNaN { return .number(.nan) }
                if value < result || (value == 0 && result == 0 && value.sign == .minus) { result = value }
            }
            return .number(result)
        }
        math["hypot"] = native("hypot") { (call) throws(ExpressionFault) in
            var sum = 0.0
            for argument in call.arguments {
                let value = try call.interpreter.number(argument)
                if value.isInfinite { return .number(.infinity) }
                sum += value * value
            }
            return .number(sum.squareRoot())
        }
        math["random"] = native("random") { (call) throws(ExpressionFault) in
            .number(call.interpreter.nextRandom())
        }
        return math
    }

    /// `Math.round`: to the nearest integer, halves toward +∞ (`-2.5` gives `-2`).
    static func round(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        let floor = value.rounded(.down)
        let rounded = value - floor >= 0.5 ? floor + 1 : floor
        return rounded == 0 && value < 0 ? -0.0 : rounded
    }

    /// `Math.sign`.
    static func sign(_ value: Double) -> Double {
        if value.isNaN || value == 0 { return value }
        return value > 0 ? 1 : -1
    }
}
