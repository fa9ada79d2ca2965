import LottieModel

// MARK: - Built-in globals

/// The names every expression can use without declaring them: JavaScript's globals (`NaN`,
/// `parseInt`, `Math`, `Array`...) and bodymovin's helpers (`$bm_sum`, `linear`, `random`...).
/// Each run builds the ones it uses, so a program changing `Math` cannot affect another run.
extension ExpressionInterpreter {
    /// The names of the built-ins. Every run asks for each name it does not declare (`time`,
    /// `thisComp`...): one look-up here spares the host's names a string comparison with each case
    /// of the switches below. A built-in added to one of them is added here too.
    static let builtinNames: Set<String> = [
        "undefined", "NaN", "Infinity", "Math", "JSON", "eval",
        // globalFunction
        "isNaN", "isFinite", "parseInt", "parseFloat", "Number", "String", "Boolean", "Object", "Function", "Array",
        "Error", "TypeError", "RangeError", "ReferenceError", "SyntaxError", "EvalError",
        // vectorFunction
        "$bm_sum", "sum", "add", "$bm_sub", "sub", "$bm_mul", "mul", "$bm_div", "div", "$bm_mod", "mod", "$bm_neg",
        "$bm_isInstanceOfArray", "clamp", "length", "normalize", "dot", "cross", "linear", "ease", "easeIn", "easeOut",
        "degreesToRadians", "degrees_to_radians", "radiansToDegrees", "radians_to_degrees", "rgbToHsl", "hslToRgb",
        // randomFunction
        "random", "gaussRandom", "seedRandom", "seed_random",
    ]

    /// The built-in `name`, or nil. `root` is the run's global scope (for indirect `eval`).
    func builtin(_ name: String, root: ExpressionScope) -> ExpressionValue? {
        guard Self.builtinNames.contains(name) else { return nil }
        switch name {
        case "undefined": return .undefined
        case "NaN": return .number(.nan)
        case "Infinity": return .number(.infinity)
        case "Math": return mathObject()
        case "JSON":
            return .object(ExpressionObject([("stringify", native("stringify") { (call) throws(ExpressionFault) in
                let text = try call.interpreter.jsonString(call.argument(0), at: call.place)
                return text.map(ExpressionValue.string) ?? .undefined
            })]))
        case "eval":
            // Called through a name other than `eval` (`var e = eval; e(...)`): the global scope.
            return native("eval") { [weak root] (call) throws(ExpressionFault) in
                guard let root else { return .undefined }
                return try call.interpreter.evaluateSource(call.argument(0), in: root, at: call.place)
            }
        default:
            break
        }
        if let function = Self.globalFunction(name) { return .function(ExpressionFunction(name, function)) }
        if let function = Self.vectorFunction(name) { return .function(ExpressionFunction(name, function)) }
        if let function = Self.randomFunction(name) { return .function(ExpressionFunction(name, function)) }
        return nil
    }

    func native(_ name: String, _ function: @escaping NativeFunction) -> ExpressionValue {
        .function(ExpressionFunction(name, function))
    }

    /// The global functions of JavaScript.
    static func globalFunction(_ name: String) -> NativeFunction? {
        switch name {
        case "isNaN":
            return { (call) throws(ExpressionFault) in .bool(try call.interpreter.number(call.argument(0)).isNaN) }
        case "isFinite":
            return { (call) throws(ExpressionFault) in .bool(try call.interpreter.number(call.argument(0)).isFinite) }
        case "parseInt":
            return { (call) throws(ExpressionFault) in
                let text = try call.interpreter.string(call.argument(0))
                try call.interpreter.chargeSteps(text.utf8.count / 16, at: call.place)
                let radix = call.arguments.count > 1 ? try call.interpreter.number(call.argument(1)) : 0
                return .number(parseInteger(text, radix: radix.isNaN ? 0 : radix))
            }
        case "parseFloat":
            return { (call) throws(ExpressionFault) in
                let text = try call.interpreter.string(call.argument(0))
                try call.interpreter.chargeSteps(text.utf8.count / 16, at: call.place)
                return .number(parseFloatPrefix(text))
            }
        case "Number":
            return { (call) throws(ExpressionFault) in
                call.arguments.isEmpty ? .number(0) : .number(try call.interpreter.number(call.argument(0)))
            }
        case "String":
            return { (call) throws(ExpressionFault) in
                call.arguments.isEmpty ? .string("") : .string(try call.interpreter.string(call.argument(0)))
            }
        case "Boolean":
            return { (call) throws(ExpressionFault) in .bool(call.interpreter.isTruthy(call.argument(0))) }
        case "Object":
            return { (call) throws(ExpressionFault) in
                switch call.argument(0) {
                case .undefined, .null:
                    try call.interpreter.chargeMemory(1, at: call.place)
                    return .object(ExpressionObject())
                case let value: return value
                }
            }
        case "Function":
            return { (call) throws(ExpressionFault) in
                throw call.interpreter.error("EvalError: Function() is not supported", at: call.place)
            }
        case "Array":
            return { (call) throws(ExpressionFault) in
                let interpreter = call.interpreter
                if call.arguments.count == 1, case .number(let length) = call.argument(0) {
                    guard let count = index(length, below: Int(UInt32.max) + 1) else {
                        throw interpreter.rangeError("Invalid array length", at: call.place)
                    }
                    try interpreter.chargeMemory(double: Double(count), at: call.place)
                    try interpreter.chargeSteps(count / 16, at: call.place)
                    return .array(ExpressionArray(Array(repeating: .undefined, count: count)))
                }
                return try interpreter.makeArray(call.arguments)
            }
        case "Error", "TypeError", "RangeError", "ReferenceError", "SyntaxError", "EvalError":
            return { (call) throws(ExpressionFault) in
                let message = call.arguments.isEmpty ? "" : try call.interpreter.string(call.argument(0))
                return try call.interpreter.makeError(name: name, message: message)
            }
        default:
            return nil
        }
    }

    /// The functions hung on the built-in constructors.
    static func constructorFunction(_ constructor: String, _ name: String) -> NativeFunction? {
        switch (constructor, name) {
        case ("Array", "isArray"):
            return { (call) throws(ExpressionFault) in .bool(isArray(try call.interpreter.primitive(call.argument(0)))) }
        case ("Array", "from"):
            return { (call) throws(ExpressionFault) in
                switch try call.interpreter.primitive(call.argument(0)) {
                case .array(let array): return try call.interpreter.makeArray(array.elements)
                case .string(let string):
                    return try call.interpreter.makeArray(string.unicodeScalars.map { .string(String($0)) })
                default: return try call.interpreter.makeArray([ExpressionValue]())
                }
            }
        case ("String", "fromCharCode"):
            return { (call) throws(ExpressionFault) in
                var units: [UInt16] = []
                for argument in call.arguments {
                    units.append(UInt16(truncatingIfNeeded: uint32(try call.interpreter.number(argument))))
                }
                try call.interpreter.chargeMemory(units.count, at: call.place)
                return .string(String(decoding: units, as: UTF16.self))
            }
        case ("Number", "isInteger"):
            return { (call) throws(ExpressionFault) in
                guard case .number(let number) = call.argument(0) else { return .bool(false) }
                return .bool(number.isFinite && number == number.rounded(.towardZero))
            }
        case ("Number", "isFinite"):
            return { (call) throws(ExpressionFault) in
                guard case .number(let number) = call.argument(0) else { return .bool(false) }
                return .bool(number.isFinite)
            }
        case ("Number", "isNaN"):
            return { (call) throws(ExpressionFault) in
                guard case .number(let number) = call.argument(0) else { return .bool(false) }
                return .bool(number.isNaN)
            }
        case ("Number", "parseFloat"): return globalFunction("parseFloat")
        case ("Number", "parseInt"): return globalFunction("parseInt")
        case ("Object", "keys"), ("Object", "values"):
            return { (call) throws(ExpressionFault) in
                let interpreter = call.interpreter
                let object = try interpreter.primitive(call.argument(0))
                var keys: [String] = []
                switch object {
                case .object(let members): keys = members.keys
                case .array(let array): keys = array.elements.indices.map { String($0) }
                case .string(let string): keys = (0..<string.utf16.count).map { String($0) }
                default: break
                }
                try interpreter.chargeMemory(keys.count, at: call.place)
                if name == "keys" { return .array(ExpressionArray(keys.map(ExpressionValue.string))) }
                var values: [ExpressionValue] = []
                for key in keys { values.append(try interpreter.member(object, key, at: call.place)) }
                return .array(ExpressionArray(values))
            }
        case ("Object", "assign"):
            return { (call) throws(ExpressionFault) in
                let interpreter = call.interpreter
                let target = call.argument(0)
                for source in call.arguments.dropFirst() {
                    guard case .object(let members) = source else { continue }
                    for key in members.keys {
                        try interpreter.setMember(target, key: .string(key), members[key] ?? .undefined, at: call.place)
                    }
                }
                return target
            }
        default:
            return nil
        }
    }

    /// `f.call(this, ...)`, `f.apply(this, [...])`, `f.toString()`.
    static func functionMethod(_ name: String) -> NativeFunction? {
        switch name {
        case "call":
            return { (call) throws(ExpressionFault) in
                try call.interpreter.call(call.this, this: call.argument(0), arguments: Array(call.arguments.dropFirst()),
                                          at: call.place)
            }
        case "apply":
            return { (call) throws(ExpressionFault) in
                var arguments: [ExpressionValue] = []
                switch try call.interpreter.primitive(call.argument(1)) {
                case .array(let array): arguments = array.elements
                case .undefined, .null: break
                default: throw call.interpreter.typeError("apply needs an array of arguments", at: call.place)
                }
                return try call.interpreter.call(call.this, this: call.argument(0), arguments: arguments, at: call.place)
            }
        case "toString":
            return { (call) throws(ExpressionFault) in .string(try call.interpreter.string(call.this)) }
        default:
            return nil
        }
    }

    /// The methods every object has.
    static func objectMethod(_ name: String) -> NativeFunction? {
        switch name {
        case "hasOwnProperty":
            return { (call) throws(ExpressionFault) in
                guard case .object(let members) = call.this else { return .bool(false) }
                return .bool(members[try call.interpreter.propertyKey(call.argument(0))] != nil)
            }
        case "toString":
            return { (call) throws(ExpressionFault) in .string(try call.interpreter.string(call.this)) }
        case "valueOf":
            return { (call) throws(ExpressionFault) in call.this }
        default:
            return nil
        }
    }

    /// `number.toFixed`, `toString(radix)`, `toPrecision`, `valueOf`.
    static func numberMethod(_ name: String) -> NativeFunction? {
        switch name {
        case "toFixed":
            return { (call) throws(ExpressionFault) in
                let interpreter = call.interpreter
                let value = try interpreter.number(call.this)
                let digits = try interpreter.number(call.argument(0))
                guard let count = index(digits.isNaN ? 0 : digits, below: 101) else {
                    throw interpreter.rangeError("toFixed() digits argument must be between 0 and 100", at: call.place)
                }
                return .string(fixed(value, digits: count))
            }
        case "toPrecision":
            return { (call) throws(ExpressionFault) in
                let interpreter = call.interpreter
                let value = try interpreter.number(call.this)
                if case .undefined = call.argument(0) { return .string(numberString(value)) }
                guard let count = index(try interpreter.number(call.argument(0)), below: 101), count >= 1 else {
                    throw interpreter.rangeError("toPrecision() argument must be between 1 and 100", at: call.place)
                }
                return .string(precision(value, digits: count))
            }
        case "toString":
            return { (call) throws(ExpressionFault) in
                let interpreter = call.interpreter
                let value = try interpreter.number(call.this)
                if case .undefined = call.argument(0) { return .string(numberString(value)) }
                guard let radix = index(try interpreter.number(call.argument(0)), below: 37), radix >= 2 else {
                    throw interpreter.rangeError("toString() radix must be between 2 and 36", at: call.place)
                }
                return .string(radixString(value, radix: radix))
            }
        case "valueOf":
            return { (call) throws(ExpressionFault) in call.this }
        default:
            return nil
        }
    }

    // MARK: Helpers for the host

    /// A new array of numbers, its memory counted.
    func makeArray(_ numbers: [Double]) throws(ExpressionFault) -> ExpressionValue {
        try chargeMemory(numbers.count)
        return .array(ExpressionArray(numbers.map(ExpressionValue.number)))
    }

    /// A new array, its memory counted.
    func makeArray(_ elements: [ExpressionValue]) throws(ExpressionFault) -> ExpressionValue {
        try chargeMemory(elements.count)
        return .array(ExpressionArray(elements))
    }

    // MARK: Text of arrays and JSON

    /// `array.join(separator)`: `undefined` and `null` as empty text; nested arrays joined with
    /// commas (a cycle stops at the depth limit); the result's memory counted.
    func join(_ array: ExpressionArray, separator: String, at place: SourcePlace?) throws(ExpressionFault) -> String {
        try enter(at: place)
        defer { leave() }
        try chargeSteps(array.elements.count, at: place)
        var parts: [String] = []
        var total = 0
        var index = 0
        while index < array.elements.count {
            let element = array.elements[index]
            index += 1
            let part: String
            switch element {
            case .undefined, .null: part = ""
            default: part = try string(element)
            }
            total += part.utf8.count + separator.utf8.count
            try chargeMemory(part.utf8.count + separator.utf8.count, at: place)
            parts.append(part)
        }
        _ = total
        return parts.joined(separator: separator)
    }

    /// `JSON.stringify(value)` without replacer or indentation; nil for `undefined` and
    /// functions.
    func jsonString(_ value: ExpressionValue, at place: SourcePlace) throws(ExpressionFault) -> String? {
        try enter(at: place)
        defer { leave() }
        try step(at: place)
        let text: String?
        switch try primitive(value) {
        case .undefined, .function, .host: text = nil
        case .null: text = "null"
        case .bool(let bool): text = bool ? "true" : "false"
        case .number(let number): text = number.isFinite ? Self.numberString(number) : "null"
        case .string(let string): text = Self.quoted(string)
        case .array(let array):
            var parts: [String] = []
            var index = 0
            while index < array.elements.count {
                parts.append(try jsonString(array.elements[index], at: place) ?? "null")
                index += 1
            }
            text = "[" + parts.joined(separator: ",") + "]"
        case .object(let members):
            var parts: [String] = []
            for key in members.keys {
                guard let member = members[key], let part = try jsonString(member, at: place) else { continue }
                parts.append(Self.quoted(key) + ":" + part)
            }
            text = "{" + parts.joined(separator: ",") + "}"
        }
        try chargeMemory(text?.utf8.count ?? 0, at: place)
        return text
    }

    private static func quoted(_ string: String) -> String {
        var result = "\""
        for unit in string.unicodeScalars {
            switch unit {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case let scalar where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(unit)
            }
        }
        return result + "\""
    }
}
