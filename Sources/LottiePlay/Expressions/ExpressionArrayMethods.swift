import LottieModel

// MARK: - Array methods

/// The methods of arrays. Elements added are counted as memory before they are added; work that
/// grows with the length counts steps. Callbacks may change the array while they run: every read
/// checks the current bounds.
extension ExpressionInterpreter {
    /// The array method `name`, or nil. `this` of the call is the array.
    static func arrayMethod(_ name: String) -> NativeFunction? {
        switch name {
        case "push":
            return { (call) throws(ExpressionFault) in
                let array = try call.interpreter.thisArray(call)
                try call.interpreter.chargeMemory(call.arguments.count, at: call.place)
                array.elements.append(contentsOf: call.arguments)
                return .number(Double(array.elements.count))
            }
        case "pop":
            return { (call) throws(ExpressionFault) in try call.interpreter.thisArray(call).elements.popLast() ?? .undefined }
        case "shift":
            return { (call) throws(ExpressionFault) in
                let array = try call.interpreter.thisArray(call)
                guard !array.elements.isEmpty else { return .undefined }
                try call.interpreter.chargeSteps(array.elements.count / 16, at: call.place)
                return array.elements.removeFirst()
            }
        case "unshift":
            return { (call) throws(ExpressionFault) in
                let array = try call.interpreter.thisArray(call)
                try call.interpreter.chargeMemory(call.arguments.count, at: call.place)
                try call.interpreter.chargeSteps(array.elements.count / 16, at: call.place)
                array.elements.insert(contentsOf: call.arguments, at: 0)
                return .number(Double(array.elements.count))
            }
        case "slice":
            return { (call) throws(ExpressionFault) in
                let interpreter = call.interpreter
                let array = try interpreter.thisArray(call)
                let count = array.elements.count
                let start = relativeIndex(try interpreter.number(call.argument(0)), count: count)
                let end = call.argument(1).isUndefined ? count : relativeIndex(try interpreter.number(call.argument(1)), count: count)
                guard start < end else { return .array(ExpressionArray([])) }
                return try interpreter.makeArray(Array(array.elements[start..<end]))
            }
        case "splice":
            return { (call) throws(ExpressionFault) in try call.interpreter.splice(call) }
        case "concat":
            return { (call) throws(ExpressionFault) in
                let interpreter = call.interpreter
                var elements = try interpreter.thisArray(call).elements
                try interpreter.chargeMemory(elements.count, at: call.place)
                for argument in call.arguments {
                    if case .array(let other) = try interpreter.primitive(argument) {
                        try interpreter.chargeMemory(other.elements.count, at: call.place)
                        elements += other.elements
                    } else {
                        try interpreter.chargeMemory(1, at: call.place)
                        elements.append(argument)
                    }
                }
                return .array(ExpressionArray(elements))
            }
        case "join", "toString":
            return { (call) throws(ExpressionFault) in
                let interpreter = call.interpreter
                let separator = name == "join" && !call.argument(0).isUndefined ? try interpreter.string(call.argument(0)) : ","
                return .string(try interpreter.join(try interpreter.thisArray(call), separator: separator, at: call.place))
            }
        case "indexOf", "lastIndexOf", "includes":
            return { (call) throws(ExpressionFault) in try call.interpreter.arraySearch(call, name) }
        case "reverse":
            return { (call) throws(ExpressionFault) in
                let array = try call.interpreter.thisArray(call)
                try call.interpreter.chargeSteps(array.elements.count / 16, at: call.place)
                array.elements.reverse()
                return call.this
            }
        case "fill":
            return { (call) throws(ExpressionFault) in
                let interpreter = call.interpreter
                let array = try interpreter.thisArray(call)
                let count = array.elements.count
                let start = relativeIndex(try interpreter.number(call.argument(1)), count: count)
                let end = call.argument(2).isUndefined ? count : relativeIndex(try interpreter.number(call.argument(2)), count: count)
                guard start < end else { return call.this }
                try interpreter.chargeSteps((end - start) / 16, at: call.place)
                for index in start..<end where index < array.elements.count { array.elements[index] = call.argument(0) }
                return call.this
            }
        case "map", "forEach", "filter", "some", "every", "find", "findIndex":
            return { (call) throws(ExpressionFault) in try call.interpreter.iterate(call, name) }
        case "reduce", "reduceRight":
            return { (call) throws(ExpressionFault) in try call.interpreter.reduce(call, backward: name == "reduceRight") }
        case "sort":
            return { (call) throws(ExpressionFault) in try call.interpreter.sort(call) }
        default:
            return nil
        }
    }

    fileprivate func thisArray(_ call: ExpressionCall) throws(ExpressionFault) -> ExpressionArray {
        guard case .array(let array) = try primitive(call.this) else {
            throw typeError("\(typeName(of: call.this)) is not an array", at: call.place)
        }
        return array
    }

    fileprivate func splice(_ call: ExpressionCall) throws(ExpressionFault) -> ExpressionValue {
        let array = try thisArray(call)
        let count = array.elements.count
        let start = relativeIndexOrZero(call.argument(0), count: count)
        var deleteCount = count - start
        if call.arguments.count >= 2 {
            let requested = try number(call.argument(1))
            deleteCount = requested.isNaN ? 0 : Self.relativeIndex(max(0, requested), count: count - start)
        } else if call.arguments.isEmpty {
            deleteCount = 0
        }
        let inserted = Array(call.arguments.dropFirst(2))
        try chargeMemory(deleteCount + inserted.count, at: call.place)
        try chargeSteps(count / 16, at: call.place)
        let removed = Array(array.elements[start ..< start + deleteCount])
        array.elements.replaceSubrange(start ..< start + deleteCount, with: inserted)
        return .array(ExpressionArray(removed))
    }

    private func relativeIndexOrZero(_ value: ExpressionValue, count: Int) -> Int {
        guard let number = try? number(value) else { return 0 }
        return Self.relativeIndex(number, count: count)
    }

    fileprivate func arraySearch(_ call: ExpressionCall, _ name: String) throws(ExpressionFault) -> ExpressionValue {
        let array = try thisArray(call)
        let target = call.argument(0)
        let count = array.elements.count
        try chargeSteps(count / 8, at: call.place)
        if name == "lastIndexOf" {
            var index = call.argument(1).isUndefined ? count - 1 : min(count - 1, Self.relativeIndex(try number(call.argument(1)), count: count))
            while index >= 0 {
                if index < array.elements.count, try strictEquals(array.elements[index], target) { return .number(Double(index)) }
                index -= 1
            }
            return .number(-1)
        }
        var index = call.argument(1).isUndefined ? 0 : Self.relativeIndex(try number(call.argument(1)), count: count)
        while index < array.elements.count {
            let element = array.elements[index]
            if name == "includes" {
                // includes finds NaN (SameValueZero).
                if case .number(let a) = element, case .number(let b) = target, a.isNaN && b.isNaN { return .bool(true) }
                if try strictEquals(element, target) { return .bool(true) }
            } else if try strictEquals(element, target) {
                return .number(Double(index))
            }
            index += 1
        }
        return name == "includes" ? .bool(false) : .number(-1)
    }

    /// `map`, `forEach`, `filter`, `some`, `every`, `find`, `findIndex`: the callback gets
    /// (element, index, array), with the second argument as `this`.
    fileprivate func iterate(_ call: ExpressionCall, _ name: String) throws(ExpressionFault) -> ExpressionValue {
        let array = try thisArray(call)
        let callback = call.argument(0)
        guard isCallable(callback) else { throw typeError("\(typeName(of: callback)) is not a function", at: call.place) }
        let count = array.elements.count
        if name == "map" { try chargeMemory(count, at: call.place) }
        var results: [ExpressionValue] = []
        var index = 0
        while index < count {
            let element = index < array.elements.count ? array.elements[index] : .undefined
            let result = try self.call(callback, this: call.argument(1),
                                       arguments: [element, .number(Double(index)), call.this], at: call.place)
            switch name {
            case "map": results.append(result)
            case "filter":
                if isTruthy(result) {
                    try chargeMemory(1, at: call.place)
                    results.append(element)
                }
            case "some": if isTruthy(result) { return .bool(true) }
            case "every": if !isTruthy(result) { return .bool(false) }
            case "find": if isTruthy(result) { return element }
            case "findIndex": if isTruthy(result) { return .number(Double(index)) }
            default: break
            }
            index += 1
        }
        switch name {
        case "map", "filter": return .array(ExpressionArray(results))
        case "some": return .bool(false)
        case "every": return .bool(true)
        case "findIndex": return .number(-1)
        default: return .undefined
        }
    }

    fileprivate func reduce(_ call: ExpressionCall, backward: Bool) throws(ExpressionFault) -> ExpressionValue {
        let array = try thisArray(call)
        let callback = call.argument(0)
        guard isCallable(callback) else { throw typeError("\(typeName(of: callback)) is not a function", at: call.place) }
        let count = array.elements.count
        var indices = Array(0..<count)
        if backward { indices.reverse() }
        var position = 0
        var accumulator: ExpressionValue
        if call.arguments.count >= 2 {
            accumulator = call.argument(1)
        } else {
            guard let first = indices.first else {
                throw typeError("Reduce of empty array with no initial value", at: call.place)
            }
            accumulator = array.elements[first]
            position = 1
        }
        while position < indices.count {
            let index = indices[position]
            let element = index < array.elements.count ? array.elements[index] : .undefined
            accumulator = try self.call(callback, this: .undefined,
                                        arguments: [accumulator, element, .number(Double(index)), call.this], at: call.place)
            position += 1
        }
        return accumulator
    }

    /// `sort(comparator?)`: a stable merge sort, so that a comparator that throws or lies leaves
    /// a valid array; without a comparator by string order, `undefined` last.
    fileprivate func sort(_ call: ExpressionCall) throws(ExpressionFault) -> ExpressionValue {
        let array = try thisArray(call)
        let comparator = call.argument(0)
        var elements = array.elements
        try chargeMemory(elements.count, at: call.place)
        let undefinedCount = elements.filter(\.isUndefined).count
        elements.removeAll(where: \.isUndefined)
        var keys: [String] = []
        let useComparator = isCallable(comparator)
        if !useComparator {
            for element in elements { keys.append(try string(element)) }
        }
        // Sort indices, comparing elements (or their strings).
        var order = Array(elements.indices)
        var buffer = order
        var width = 1
        while width < order.count {
            var start = 0
            while start < order.count {
                let middle = min(start + width, order.count)
                let end = min(start + 2 * width, order.count)
                var left = start
                var right = middle
                var output = start
                while left < middle && right < end {
                    let a = order[left]
                    let b = order[right]
                    let rightFirst: Bool
                    if useComparator {
                        let result = try self.call(comparator, this: .undefined, arguments: [elements[a], elements[b]],
                                                   at: call.place)
                        rightFirst = try number(result) > 0
                    } else {
                        try step(at: call.place)
                        rightFirst = keys[b].utf16.lexicographicallyPrecedes(keys[a].utf16)
                    }
                    if rightFirst { buffer[output] = b; right += 1 } else { buffer[output] = a; left += 1 }
                    output += 1
                }
                while left < middle { buffer[output] = order[left]; left += 1; output += 1 }
                while right < end { buffer[output] = order[right]; right += 1; output += 1 }
                start = end
            }
            swap(&order, &buffer)
            width *= 2
        }
        array.elements = order.map { elements[$0] } + Array(repeating: .undefined, count: undefinedCount)
        return call.this
    }
}
