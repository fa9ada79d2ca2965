import LottieModel

// MARK: - Evaluating nodes

/// Where an assignment or `++` writes: a name, or a member of an object (its key evaluated).
enum ExpressionReference {
    case name(String)
    case property(ExpressionValue, key: ExpressionValue)
}

extension ExpressionInterpreter {
    /// The value of one node. Each node counts a step and one level of depth.
    func evaluate(_ node: ExpressionNode, in scope: ExpressionScope) throws(ExpressionFault) -> ExpressionValue {
        let place = node.place
        try step(at: place)
        try enter(at: place)
        defer { leave() }
        switch node.kind {
        case .number(let number): return .number(number)
        case .string(let string): return .string(string)
        case .boolean(let bool): return .bool(bool)
        case .null: return .null
        case .identifier(let name): return try lookupName(name, in: scope, at: place)
        case .this: return scope.resolvedThis
        case .array(let elements):
            try chargeMemory(elements.count, at: place)
            var values: [ExpressionValue] = []
            values.reserveCapacity(elements.count)
            for element in elements { values.append(try evaluate(element, in: scope)) }
            return .array(ExpressionArray(values))
        case .object(let members):
            try chargeMemory(members.count, at: place)
            let object = ExpressionObject()
            for member in members { object[member.key] = try evaluate(member.value, in: scope) }
            return .object(object)
        case .function(let literal):
            return makeFunction(literal, in: scope)
        case .unary(let op, let operand):
            return try evaluateUnary(op, operand, in: scope, at: place)
        case .update(let increment, let prefix, let target):
            let reference = try self.reference(target, in: scope)
            let old = try number(try value(of: reference, in: scope, at: place))
            let new = increment ? old + 1 : old - 1
            try assign(.number(new), to: reference, in: scope, at: place)
            return .number(prefix ? new : old)
        case .binary(let op, let left, let right):
            let a = try evaluate(left, in: scope)
            let b = try evaluate(right, in: scope)
            return try binary(op, a, b, at: place)
        case .logical(let op, let left, let right):
            let a = try evaluate(left, in: scope)
            switch op {
            case .and: return isTruthy(a) ? try evaluate(right, in: scope) : a
            case .or: return isTruthy(a) ? a : try evaluate(right, in: scope)
            case .nullish:
                switch a {
                case .undefined, .null: return try evaluate(right, in: scope)
                default: return a
                }
            }
        case .assign(let op, let target, let valueNode):
            let reference = try self.reference(target, in: scope)
            var result: ExpressionValue
            if let op {
                let old = try value(of: reference, in: scope, at: place)
                result = try binary(op, old, try evaluate(valueNode, in: scope), at: place)
            } else {
                result = try evaluate(valueNode, in: scope)
            }
            // A function assigned to a name without one takes it (for messages).
            if case .function(let function) = result, case .script(let script) = function.body,
               function.name == "anonymous", case .name(let name) = reference {
                result = .function(ExpressionFunction(name: name, body: .script(script)))
            }
            try assign(result, to: reference, in: scope, at: place)
            return result
        case .conditional(let test, let then, let otherwise):
            return isTruthy(try evaluate(test, in: scope))
                ? try evaluate(then, in: scope) : try evaluate(otherwise, in: scope)
        case .member(let objectNode, let name):
            return try member(try evaluate(objectNode, in: scope), name, at: place)
        case .index(let objectNode, let keyNode):
            let object = try evaluate(objectNode, in: scope)
            return try member(object, key: try evaluate(keyNode, in: scope), at: place)
        case .call(let callee, let arguments):
            return try evaluateCall(callee, arguments, in: scope, at: place)
        case .new(let callee, let arguments):
            return try evaluateNew(callee, arguments, in: scope, at: place)
        case .sequence(let nodes):
            var last = ExpressionValue.undefined
            for item in nodes { last = try evaluate(item, in: scope) }
            return last
        }
    }

    // MARK: Names

    /// The value of `name`: a declared variable, else a built-in, else the host's; else a
    /// ReferenceError.
    func lookupName(_ name: String, in scope: ExpressionScope, at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        if let value = try lookupNameIfAny(name, in: scope) { return value }
        throw error("ReferenceError: \(name) is not defined", at: place)
    }

    /// The value of `name`, or nil when nothing defines it (`typeof` asks this).
    func lookupNameIfAny(_ name: String, in scope: ExpressionScope) throws(ExpressionFault) -> ExpressionValue? {
        if let value = scope.lookup(name) { return value }
        let root = scope.root
        if let value = builtin(name, root: root) {
            // Kept in the run's global scope: built once per run, never shared between runs.
            root.declare(name, value)
            return value
        }
        guard let globals = root.globals else { return nil }
        try chargeSteps(Self.hostSteps)
        let value = globals(name)
        switch value {
        case .host?, .function?:
            // An object of the animation or a function stays the same for the rest of the run
            // (what it gives is read when it is used): kept like a built-in. Plain values (`time`,
            // `value`) are asked for each time, as `posterizeTime` may change them.
            root.declare(name, value ?? .undefined)
        default:
            break
        }
        return value
    }

    /// Assigns a name: the nearest declaration, else a new global (sloppy mode).
    func assignName(_ name: String, _ value: ExpressionValue, in scope: ExpressionScope,
                    at place: SourcePlace) throws(ExpressionFault) {
        switch scope.assign(name, value) {
        case .assigned: break
        case .constant: throw typeError("Assignment to constant variable '\(name)'", at: place)
        case .undeclared: scope.root.declare(name, value)
        }
    }

    // MARK: References

    /// Where `target` (an identifier, member or index node) writes; its object and key are
    /// evaluated once.
    func reference(_ target: ExpressionNode, in scope: ExpressionScope) throws(ExpressionFault) -> ExpressionReference {
        switch target.kind {
        case .identifier(let name):
            return .name(name)
        case .member(let objectNode, let name):
            return .property(try evaluate(objectNode, in: scope), key: .string(name))
        case .index(let objectNode, let keyNode):
            let object = try evaluate(objectNode, in: scope)
            return .property(object, key: try evaluate(keyNode, in: scope))
        default:
            throw error("SyntaxError: invalid assignment target", at: target.place)
        }
    }

    func value(of reference: ExpressionReference, in scope: ExpressionScope,
               at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        switch reference {
        case .name(let name): return try lookupName(name, in: scope, at: place)
        case .property(let object, let key): return try member(object, key: key, at: place)
        }
    }

    func assign(_ value: ExpressionValue, to reference: ExpressionReference, in scope: ExpressionScope,
                at place: SourcePlace) throws(ExpressionFault) {
        switch reference {
        case .name(let name): try assignName(name, value, in: scope, at: place)
        case .property(let object, let key): try setMember(object, key: key, value, at: place)
        }
    }

    // MARK: Unary operators

    private func evaluateUnary(_ op: UnaryOperator, _ operand: ExpressionNode, in scope: ExpressionScope,
                               at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        switch op {
        case .typeof:
            if case .identifier(let name) = operand.kind {
                guard let value = try lookupNameIfAny(name, in: scope) else { return .string("undefined") }
                return .string(typeOf(value))
            }
            return .string(typeOf(try evaluate(operand, in: scope)))
        case .delete:
            switch operand.kind {
            case .member(let objectNode, let name):
                return .bool(try deleteMember(try evaluate(objectNode, in: scope), key: .string(name), at: place))
            case .index(let objectNode, let keyNode):
                let object = try evaluate(objectNode, in: scope)
                return .bool(try deleteMember(object, key: try evaluate(keyNode, in: scope), at: place))
            default:
                _ = try evaluate(operand, in: scope)
                return .bool(true)
            }
        default:
            return try unary(op, try evaluate(operand, in: scope), at: place)
        }
    }

    // MARK: Calls

    /// `callee(arguments)`: a method call passes its object as `this`; `eval(...)` written
    /// directly runs in the current scope.
    private func evaluateCall(_ callee: ExpressionNode, _ argumentNodes: [ExpressionNode], in scope: ExpressionScope,
                              at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        switch callee.kind {
        case .member(let objectNode, let name):
            let object = try evaluate(objectNode, in: scope)
            let arguments = try evaluateArguments(argumentNodes, in: scope)
            return try callMethod(object, .string(name), arguments, at: place)
        case .index(let objectNode, let keyNode):
            let object = try evaluate(objectNode, in: scope)
            let key = try evaluate(keyNode, in: scope)
            let arguments = try evaluateArguments(argumentNodes, in: scope)
            return try callMethod(object, key, arguments, at: place)
        case .identifier("eval") where !scope.isDeclared("eval"):
            let arguments = try evaluateArguments(argumentNodes, in: scope)
            try enter(at: place)
            defer { leave() }
            return try evaluateSource(arguments.first ?? .undefined, in: scope, at: place)
        default:
            let function = try evaluate(callee, in: scope)
            let arguments = try evaluateArguments(argumentNodes, in: scope)
            guard isCallable(function) else {
                throw typeError("\(Self.describe(callee)) is not a function", at: place)
            }
            return try call(function, this: .undefined, arguments: arguments, at: place)
        }
    }

    func evaluateArguments(_ nodes: [ExpressionNode], in scope: ExpressionScope) throws(ExpressionFault) -> [ExpressionValue] {
        var values: [ExpressionValue] = []
        values.reserveCapacity(nodes.count)
        for node in nodes { values.append(try evaluate(node, in: scope)) }
        return values
    }

    /// `object.key(arguments)` with `object` as `this`. Methods of strings, arrays, numbers and
    /// functions are called directly, without making a function value.
    func callMethod(_ object: ExpressionValue, _ key: ExpressionValue, _ arguments: [ExpressionValue],
                    at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        if case .string(let name) = key, let method = builtinMethod(of: object, name) {
            try enter(at: place)
            defer { leave() }
            try step(at: place)
            return try method(ExpressionCall(interpreter: self, this: object, arguments: arguments, place: place))
        }
        if case .host(let host) = object {
            let name = try propertyKey(key)
            try chargeSteps(Self.hostSteps, at: place)
            if let function = try host.member(name, in: self) {
                guard isCallable(function) else { throw typeError("\(host.typeName).\(name) is not a function", at: place) }
                return try call(function, this: object, arguments: arguments, at: place)
            }
            if let value = try host.primitive(in: self) {
                return try callMethod(value, key, arguments, at: place)
            }
            throw typeError("\(host.typeName).\(name) is not a function", at: place)
        }
        let function = try member(object, key: key, at: place)
        guard isCallable(function) else {
            let name = (try? propertyKey(key)) ?? "?"
            throw typeError("\(typeName(of: object)).\(name) is not a function", at: place)
        }
        return try call(function, this: object, arguments: arguments, at: place)
    }

    /// `new callee(arguments)`: built-ins (`Array`, `Error`...) as when called; a script
    /// function runs with a new object as `this`, which it gives unless it returns an object.
    private func evaluateNew(_ callee: ExpressionNode, _ argumentNodes: [ExpressionNode], in scope: ExpressionScope,
                             at place: SourcePlace) throws(ExpressionFault) -> ExpressionValue {
        let constructor = try evaluate(callee, in: scope)
        let arguments = try evaluateArguments(argumentNodes, in: scope)
        switch constructor {
        case .function(let function):
            if case .script(let script) = function.body {
                if script.literal.isArrow { throw typeError("\(function.name) is not a constructor", at: place) }
                try chargeMemory(1, at: place)
                let object = ExpressionValue.object(ExpressionObject())
                let result = try call(constructor, this: object, arguments: arguments, at: place)
                switch result {
                case .object, .array, .function, .host: return result
                default: return object
                }
            }
            return try call(constructor, this: .undefined, arguments: arguments, at: place)
        case .host:
            return try call(constructor, this: .undefined, arguments: arguments, at: place)
        default:
            throw typeError("\(Self.describe(callee)) is not a constructor", at: place)
        }
    }

    func isCallable(_ value: ExpressionValue) -> Bool {
        switch value {
        case .function, .host: return true
        default: return false
        }
    }

    /// A short text of a callee for messages (`a.b.c`).
    static func describe(_ node: ExpressionNode) -> String {
        switch node.kind {
        case .identifier(let name): return name
        case .member(let object, let name): return describe(object) + "." + name
        case .index(let object, _): return describe(object) + "[...]"
        case .this: return "this"
        case .call(let callee, _): return describe(callee) + "(...)"
        default: return "expression"
        }
    }
}
