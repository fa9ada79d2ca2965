import LottieModel

// MARK: - Members

/// Reading, writing and deleting `object.name` and `object[key]` on every kind of value.
extension ExpressionInterpreter {
    /// `object[key]`: a fast path for arrays and strings indexed by numbers.
    func member(_ object: ExpressionValue, key: ExpressionValue, at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        if case .number(let number) = key {
            switch object {
            case .array(let array):
                guard let index = Self.index(number, below: Int.max) else { break }
                return index < array.elements.count ? array.elements[index] : .undefined
            case .string(let string):
                guard let index = Self.index(number, below: Int.max) else { break }
                return Self.codeUnitString(string, at: index).map(ExpressionValue.string) ?? .undefined
            default:
                break
            }
        }
        return try member(object, try propertyKey(key), at: place)
    }

    /// `object.name`.
    func member(_ object: ExpressionValue, _ name: String, at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        switch object {
        case .undefined, .null:
            throw typeError("Cannot read properties of \(typeName(of: object)) (reading '\(name)')", at: place)
        case .string(let string):
            if name == "length" { return .number(Double(string.utf16.count)) }
            if let index = Self.arrayIndex(name) {
                return Self.codeUnitString(string, at: index).map(ExpressionValue.string) ?? .undefined
            }
        case .array(let array):
            if name == "length" { return .number(Double(array.elements.count)) }
            if let index = Self.arrayIndex(name) {
                return index < array.elements.count ? array.elements[index] : .undefined
            }
        case .object(let members):
            if let value = members[name] { return value }
        case .function(let function):
            switch name {
            case "name": return .string(function.name)
            case "length":
                if case .script(let script) = function.body { return .number(Double(script.literal.parameters.count)) }
                return .number(0)
            default:
                if case .native = function.body, let value = staticMember(of: function.name, name) { return value }
            }
        case .host(let host):
            try chargeSteps(Self.hostSteps, at: place)
            if let value = try host.member(name, in: self) { return value }
            let plain = try primitive(object)
            if case .host = plain { return .undefined }
            return try member(plain, name, at: place)
        case .bool, .number:
            break
        }
        if let method = builtinMethod(of: object, name) {
            return .function(ExpressionFunction(name, method))
        }
        return .undefined
    }

    /// The built-in method `name` of a string, array, number, boolean, function or object
    /// (an object's own member of that name hides it).
    func builtinMethod(of object: ExpressionValue, _ name: String) -> NativeFunction? {
        switch object {
        case .string: return Self.stringMethod(name)
        case .array: return Self.arrayMethod(name)
        case .number: return Self.numberMethod(name)
        case .bool:
            guard name == "toString" || name == "valueOf" else { return nil }
            return { (call) throws(ExpressionFault) in
                name == "toString" ? .string(try call.interpreter.string(call.this)) : call.this
            }
        case .function: return Self.functionMethod(name)
        case .object(let members):
            guard members[name] == nil else { return nil }
            return Self.objectMethod(name)
        default: return nil
        }
    }

    /// `object[key] = value` (and `object.name = value`). Arrays grow when written past their
    /// end (the new elements' memory counted first); host objects and plain values ignore writes.
    func setMember(_ object: ExpressionValue, key: ExpressionValue, _ value: ExpressionValue,
                   at place: SourcePlace) throws(ExpressionFault) {
        switch object {
        case .undefined, .null:
            let name = (try? propertyKey(key)) ?? "?"
            throw typeError("Cannot set properties of \(typeName(of: object)) (setting '\(name)')", at: place)
        case .array(let array):
            if case .number(let number) = key {
                guard let index = Self.index(number, below: Int(UInt32.max)) else { return }
                try setElement(array, index, value, at: place)
                return
            }
            let name = try propertyKey(key)
            if name == "length" {
                try setLength(array, value, at: place)
            } else if let index = Self.arrayIndex(name) {
                try setElement(array, index, value, at: place)
            }
        case .object(let members):
            let name = try propertyKey(key)
            if members[name] == nil { try chargeMemory(1 + name.utf8.count, at: place) }
            members[name] = value
        default:
            return
        }
    }

    /// `array[index] = value`, growing the array with `undefined` up to `index`.
    func setElement(_ array: ExpressionArray, _ index: Int, _ value: ExpressionValue,
                    at place: SourcePlace) throws(ExpressionFault) {
        if index < array.elements.count {
            array.elements[index] = value
            return
        }
        try chargeMemory(double: Double(index) - Double(array.elements.count) + 1, at: place)
        try chargeSteps((index - array.elements.count) / 16, at: place)
        if index > array.elements.count {
            array.elements.append(contentsOf: repeatElement(.undefined, count: index - array.elements.count))
        }
        array.elements.append(value)
    }

    /// `array.length = value`: shortens, or grows with `undefined`.
    func setLength(_ array: ExpressionArray, _ value: ExpressionValue, at place: SourcePlace) throws(ExpressionFault) {
        let length = try number(value)
        guard let count = Self.index(length, below: Int(UInt32.max) + 1) else {
            throw rangeError("Invalid array length", at: place)
        }
        if count <= array.elements.count {
            array.elements.removeLast(array.elements.count - count)
        } else {
            try chargeMemory(double: Double(count - array.elements.count), at: place)
            try chargeSteps((count - array.elements.count) / 16, at: place)
            array.elements.append(contentsOf: repeatElement(.undefined, count: count - array.elements.count))
        }
    }

    /// `delete object[key]`: removes an object's member, or empties an array's element.
    func deleteMember(_ object: ExpressionValue, key: ExpressionValue, at place: SourcePlace) throws(ExpressionFault) -> Bool {
        switch object {
        case .undefined, .null:
            throw typeError("Cannot convert \(typeName(of: object)) to object", at: place)
        case .object(let members):
            members[try propertyKey(key)] = nil
        case .array(let array):
            if let index = Self.arrayIndex(try propertyKey(key)), index < array.elements.count {
                array.elements[index] = .undefined
            }
        default:
            break
        }
        return true
    }

    /// A canonical array index (`"0"`, `"12"`, not `"01"` or `"1.0"`), else nil.
    static func arrayIndex(_ name: String) -> Int? {
        let utf8 = name.utf8
        guard let first = utf8.first, utf8.count <= 10, first >= 48, first <= 57 else { return nil }
        if first == 48 && utf8.count > 1 { return nil }
        var value = 0
        for byte in utf8 {
            guard byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value < Int(UInt32.max) ? value : nil
    }

    /// The UTF-16 code unit at `index` as a one-unit string (`s[i]`, `charAt`), nil past the end.
    static func codeUnitString(_ string: String, at index: Int) -> String? {
        let units = string.utf16
        guard index >= 0, index < units.count else { return nil }
        let unit = units[units.index(units.startIndex, offsetBy: index)]
        return String(decoding: [unit], as: UTF16.self)
    }

    /// The members of the built-in constructors (`Array.isArray`, `String.fromCharCode`,
    /// `Number.isInteger`, `Object.keys`...).
    func staticMember(of constructor: String, _ name: String) -> ExpressionValue? {
        switch (constructor, name) {
        case ("Number", "MAX_VALUE"): return .number(.greatestFiniteMagnitude)
        case ("Number", "MIN_VALUE"): return .number(.leastNonzeroMagnitude)
        case ("Number", "EPSILON"): return .number(.ulpOfOne)
        case ("Number", "MAX_SAFE_INTEGER"): return .number(9_007_199_254_740_991)
        case ("Number", "MIN_SAFE_INTEGER"): return .number(-9_007_199_254_740_991)
        case ("Number", "POSITIVE_INFINITY"): return .number(.infinity)
        case ("Number", "NEGATIVE_INFINITY"): return .number(-.infinity)
        case ("Number", "NaN"): return .number(.nan)
        default: break
        }
        return Self.constructorFunction(constructor, name).map { .function(ExpressionFunction(constructor + "." + name, $0)) }
    }
}
