import Foundation
import LottieModel

// MARK: - String methods

/// The methods of strings, on UTF-16 code units as in JavaScript. New text is counted as
/// memory before it is made; searches count steps by their length.
extension ExpressionInterpreter {
    /// The string method `name`, or nil. `this` of the call is the string.
    static func stringMethod(_ name: String) -> NativeFunction? {
        switch name {
        case "toString", "valueOf":
            return { (call) throws(ExpressionFault) in .string(try call.interpreter.string(call.this)) }
        case "charAt":
            return { (call) throws(ExpressionFault) in
                let units = try call.interpreter.units(call)
                let index = try call.interpreter.number(call.argument(0))
                guard let position = Self.index(index.isNaN ? 0 : index.rounded(.towardZero), below: units.count) else {
                    return .string("")
                }
                return .string(String(decoding: units[position...position], as: UTF16.self))
            }
        case "charCodeAt", "codePointAt":
            return { (call) throws(ExpressionFault) in
                let units = try call.interpreter.units(call)
                let index = try call.interpreter.number(call.argument(0))
                guard let position = Self.index(index.isNaN ? 0 : index.rounded(.towardZero), below: units.count) else {
                    return name == "charCodeAt" ? .number(.nan) : .undefined
                }
                return .number(Double(units[position]))
            }
        case "indexOf", "lastIndexOf", "includes", "startsWith", "endsWith":
            return { (call) throws(ExpressionFault) in try call.interpreter.search(call, name) }
        case "slice", "substring", "substr":
            return { (call) throws(ExpressionFault) in try call.interpreter.substring(call, name) }
        case "toUpperCase", "toLowerCase", "toLocaleUpperCase", "toLocaleLowerCase", "trim", "trimStart", "trimEnd":
            return { (call) throws(ExpressionFault) in
                let text = try call.interpreter.string(call.this)
                let result: String
                switch name {
                case "toUpperCase", "toLocaleUpperCase": result = text.uppercased()
                case "toLowerCase", "toLocaleLowerCase": result = text.lowercased()
                case "trim": result = text.trimmingCharacters(in: .whitespacesAndNewlines)
                case "trimStart": result = String(text.drop { $0.isWhitespace })
                default: result = String(text.reversed().drop { $0.isWhitespace }.reversed())
                }
                try call.interpreter.chargeMemory(result.utf8.count, at: call.place)
                return .string(result)
            }
        case "concat":
            return { (call) throws(ExpressionFault) in
                var result = try call.interpreter.string(call.this)
                for argument in call.arguments {
                    let part = try call.interpreter.string(argument)
                    try call.interpreter.chargeMemory(result.utf8.count + part.utf8.count, at: call.place)
                    result += part
                }
                return .string(result)
            }
        case "repeat":
            return { (call) throws(ExpressionFault) in
                let interpreter = call.interpreter
                let text = try interpreter.string(call.this)
                let count = try interpreter.number(call.argument(0))
                guard count >= 0, count.isFinite else { throw interpreter.rangeError("Invalid count value", at: call.place) }
                let whole = count.rounded(.towardZero)
                try interpreter.chargeMemory(double: whole * Double(text.utf8.count), at: call.place)
                guard let times = Self.index(whole, below: Int(Int32.max)) else { return .string("") }
                return .string(String(repeating: text, count: times))
            }
        case "padStart", "padEnd":
            return { (call) throws(ExpressionFault) in
                let interpreter = call.interpreter
                let units = try interpreter.units(call)
                let target = try interpreter.number(call.argument(0))
                let filler = call.argument(1).isUndefined ? " " : try interpreter.string(call.argument(1))
                let fill = Array(filler.utf16)
                guard target > Double(units.count), !fill.isEmpty else { return .string(try interpreter.string(call.this)) }
                try interpreter.chargeMemory(double: target, at: call.place)
                guard let length = Self.index(target, below: Int(Int32.max)) else { return .string("") }
                var padding: [UInt16] = []
                padding.reserveCapacity(length - units.count)
                while padding.count < length - units.count { padding.append(fill[padding.count % fill.count]) }
                let result = name == "padStart" ? padding + units : units + padding
                return .string(String(decoding: result, as: UTF16.self))
            }
        case "split":
            return { (call) throws(ExpressionFault) in try call.interpreter.split(call) }
        case "replace", "replaceAll":
            return { (call) throws(ExpressionFault) in try call.interpreter.replace(call, all: name == "replaceAll") }
        default:
            return nil
        }
    }

    /// The UTF-16 code units of the call's `this` as a string (steps counted by length).
    fileprivate func units(_ call: ExpressionCall) throws(ExpressionFault) -> [UInt16] {
        let units = Array(try string(call.this).utf16)
        try chargeSteps(units.count / 16, at: call.place)
        return units
    }

    /// Where `needle` starts in `haystack` at or after `start` (or, backward, at or before).
    fileprivate func find(_ needle: [UInt16], in haystack: [UInt16], from start: Int, backward: Bool,
                          at place: SourcePlace) throws(ExpressionFault) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        let last = haystack.count - needle.count
        try chargeSteps(haystack.count / 8 * max(1, needle.count / 8), at: place)
        let positions = backward ? Array(stride(from: min(start, last), through: 0, by: -1))
                                 : Array(stride(from: max(0, start), through: last, by: 1))
        for position in positions where haystack[position ..< position + needle.count].elementsEqual(needle) {
            return position
        }
        return nil
    }

    fileprivate func search(_ call: ExpressionCall, _ name: String) throws(ExpressionFault) -> ExpressionValue {
        let haystack = try units(call)
        let needle = Array(try string(call.argument(0)).utf16)
        let position = call.argument(1).isUndefined ? nil : try number(call.argument(1))
        switch name {
        case "lastIndexOf":
            let start = position.map { $0.isNaN ? haystack.count : Self.relativeIndex(max(0, $0), count: haystack.count) }
                ?? haystack.count
            return .number(Double(try find(needle, in: haystack, from: start, backward: true, at: call.place) ?? -1))
        case "startsWith":
            let start = Self.relativeIndex(max(0, position ?? 0), count: haystack.count)
            return .bool(haystack[start...].starts(with: needle))
        case "endsWith":
            let end = position.map { Self.relativeIndex(max(0, $0), count: haystack.count) } ?? haystack.count
            return .bool(haystack[..<end].reversed().starts(with: needle.reversed()))
        default:
            let start = Self.relativeIndex(max(0, position ?? 0), count: haystack.count)
            let found = try find(needle, in: haystack, from: start, backward: false, at: call.place)
            return name == "includes" ? .bool(found != nil) : .number(Double(found ?? -1))
        }
    }

    fileprivate func substring(_ call: ExpressionCall, _ name: String) throws(ExpressionFault) -> ExpressionValue {
        let units = try units(call)
        let count = units.count
        let first = try number(call.argument(0))
        let second = call.argument(1).isUndefined ? nil : try number(call.argument(1))
        var start: Int
        var end: Int
        switch name {
        case "slice":
            start = Self.relativeIndex(first, count: count)
            end = second.map { Self.relativeIndex($0, count: count) } ?? count
        case "substring":
            func clamped(_ value: Double) -> Int { value.isNaN ? 0 : Self.relativeIndex(max(0, value), count: count) }
            start = clamped(first)
            end = second.map(clamped) ?? count
            if start > end { swap(&start, &end) }
        default:  // substr(start, length)
            start = Self.relativeIndex(first, count: count)
            let length = second.map { $0.isNaN ? 0 : Self.relativeIndex(max(0, $0), count: count) } ?? count
            end = min(count, start + length)
        }
        guard start < end else { return .string("") }
        try chargeMemory(end - start, at: call.place)
        return .string(String(decoding: units[start..<end], as: UTF16.self))
    }

    fileprivate func split(_ call: ExpressionCall) throws(ExpressionFault) -> ExpressionValue {
        let units = try units(call)
        var limit = Int(Int32.max)
        if !call.argument(1).isUndefined {
            limit = Int(Self.uint32(try number(call.argument(1))))
        }
        if call.argument(0).isUndefined {
            try chargeMemory(1 + units.count, at: call.place)
            return .array(ExpressionArray(limit > 0 ? [.string(try string(call.this))] : []))
        }
        let separator = Array(try string(call.argument(0)).utf16)
        var parts: [ExpressionValue] = []
        try chargeMemory(units.count, at: call.place)
        if separator.isEmpty {
            try chargeMemory(units.count, at: call.place)
            for unit in units.prefix(limit) { parts.append(.string(String(decoding: [unit], as: UTF16.self))) }
            return .array(ExpressionArray(parts))
        }
        var start = 0
        var position = 0
        while parts.count < limit {
            guard let found = try find(separator, in: units, from: position, backward: false, at: call.place) else {
                break
            }
            try chargeMemory(1, at: call.place)
            parts.append(.string(String(decoding: units[start..<found], as: UTF16.self)))
            start = found + separator.count
            position = start
        }
        if parts.count < limit {
            try chargeMemory(1, at: call.place)
            parts.append(.string(String(decoding: units[start...], as: UTF16.self)))
        }
        return .array(ExpressionArray(parts))
    }

    /// `replace(pattern, replacement)` with a string pattern (the first occurrence; every one for
    /// `replaceAll`); the replacement a string or a function of the match.
    fileprivate func replace(_ call: ExpressionCall, all: Bool) throws(ExpressionFault) -> ExpressionValue {
        let units = try units(call)
        let pattern = Array(try string(call.argument(0)).utf16)
        let replacement = call.argument(1)
        var result: [UInt16] = []
        var start = 0
        var position = 0
        while position <= units.count,
              let found = try find(pattern, in: units, from: position, backward: false, at: call.place) {
            let text: String
            if isCallable(replacement) {
                let match = ExpressionValue.string(String(decoding: pattern, as: UTF16.self))
                text = try string(try self.call(replacement, this: .undefined,
                                                arguments: [match, .number(Double(found)), call.this], at: call.place))
            } else {
                text = try string(replacement)
            }
            try chargeMemory(found - start + text.utf8.count, at: call.place)
            result += units[start..<found]
            result += Array(text.utf16)
            start = found + pattern.count
            position = pattern.isEmpty ? start + 1 : start
            if !all { break }
        }
        try chargeMemory(units.count - start, at: call.place)
        result += units[min(start, units.count)...]
        return .string(String(decoding: result, as: UTF16.self))
    }
}
