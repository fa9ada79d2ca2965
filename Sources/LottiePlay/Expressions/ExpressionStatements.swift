import LottieModel

// MARK: - Statements

/// How a statement ended: normally, or by `break`, `continue` or `return` (which the enclosing
/// loop, switch or function takes). Thrown values and errors travel as Swift errors instead.
enum ExpressionCompletion {
    case normal
    case breakLoop
    case continueLoop
    case returned(ExpressionValue)
}

extension ExpressionInterpreter {
    /// Runs a function's or program's statements in `scope` (which the caller made), after
    /// hoisting their function declarations.
    func executeBody(_ body: [ExpressionStatement], in scope: ExpressionScope) throws(ExpressionFault) -> ExpressionCompletion {
        try hoistFunctions(of: body, into: scope)
        return try executeList(body, in: scope)
    }

    /// Declares the functions declared directly in `body` in `scope`, so that code may call a
    /// function written after it.
    func hoistFunctions(of body: [ExpressionStatement], into scope: ExpressionScope) throws(ExpressionFault) {
        for statement in body {
            if case .function(let literal) = statement.kind, let name = literal.name {
                scope.declare(name, makeFunction(literal, in: scope))
            }
        }
    }

    /// A closure of `literal` over `scope`.
    func makeFunction(_ literal: FunctionLiteral, in scope: ExpressionScope) -> ExpressionValue {
        track(scope)
        return .function(ExpressionFunction(name: literal.name ?? "anonymous",
                                     body: .script(ScriptFunction(literal: literal, scope: scope))))
    }

    /// Runs statements in order until one does not end normally.
    func executeList(_ body: [ExpressionStatement], in scope: ExpressionScope) throws(ExpressionFault) -> ExpressionCompletion {
        for statement in body {
            let completion = try execute(statement, in: scope)
            if case .normal = completion { continue }
            return completion
        }
        return .normal
    }

    /// Runs a block's statements in a new block scope when they declare `let`, `const` or
    /// functions, else in `scope` itself (cheaper, and the same).
    func executeBlock(_ body: [ExpressionStatement], in scope: ExpressionScope) throws(ExpressionFault) -> ExpressionCompletion {
        guard Self.declaresBlockNames(body) else { return try executeList(body, in: scope) }
        let blockScope = makeScope(in: scope, isFunctionScope: false)
        return try executeBody(body, in: blockScope)
    }

    static func declaresBlockNames(_ body: [ExpressionStatement]) -> Bool {
        for statement in body {
            switch statement.kind {
            case .variables(.let, _), .variables(.const, _), .function: return true
            default: continue
            }
        }
        return false
    }

    /// Runs one statement.
    func execute(_ statement: ExpressionStatement, in scope: ExpressionScope) throws(ExpressionFault) -> ExpressionCompletion {
        let place = statement.place
        try step(at: place)
        try enter(at: place)
        defer { leave() }
        switch statement.kind {
        case .expression(let node):
            _ = try evaluate(node, in: scope)
            return .normal
        case .variables(let kind, let declarators):
            try declare(kind, declarators, in: scope)
            return .normal
        case .function:
            return .normal  // hoisted when its block was entered
        case .return(let node):
            return .returned(try node.map { (node) throws(ExpressionFault) in try evaluate(node, in: scope) } ?? .undefined)
        case .if(let test, let then, let otherwise):
            if isTruthy(try evaluate(test, in: scope)) {
                return try execute(then, in: scope)
            } else if let otherwise {
                return try execute(otherwise, in: scope)
            }
            return .normal
        case .block(let body):
            return try executeBlock(body, in: scope)
        case .for(let initial, let test, let update, let body):
            return try executeFor(initial: initial, test: test, update: update, body: body, in: scope, at: place)
        case .forIn(let declaration, let name, let object, let body, let of):
            return try executeForIn(declaration: declaration, name: name, object: object, body: body, of: of,
                                    in: scope, at: place)
        case .while(let test, let body):
            while isTruthy(try evaluate(test, in: scope)) {
                try step(at: place)
                switch try execute(body, in: scope) {
                case .breakLoop: return .normal
                case .returned(let value): return .returned(value)
                case .normal, .continueLoop: continue
                }
            }
            return .normal
        case .doWhile(let body, let test):
            repeat {
                try step(at: place)
                switch try execute(body, in: scope) {
                case .breakLoop: return .normal
                case .returned(let value): return .returned(value)
                case .normal, .continueLoop: break
                }
            } while isTruthy(try evaluate(test, in: scope))
            return .normal
        case .break:
            return .breakLoop
        case .continue:
            return .continueLoop
        case .switch(let discriminant, let cases):
            return try executeSwitch(discriminant, cases, in: scope)
        case .throw(let node):
            let value = try evaluate(node, in: scope)
            throw throwValue(value, at: place)
        case .try(let body, let catchName, let handler, let finalizer):
            return try executeTry(body: body, catchName: catchName, handler: handler, finalizer: finalizer, in: scope)
        case .empty:
            return .normal
        }
    }

    /// `var`/`let`/`const`: `var` assigns the hoisted variable (only when there is an initial
    /// value); `let` and `const` declare in this scope.
    private func declare(_ kind: VariableKind, _ declarators: [VariableDeclarator],
                         in scope: ExpressionScope) throws(ExpressionFault) {
        for declarator in declarators {
            let value = try declarator.initial.map { (node) throws(ExpressionFault) in try evaluate(node, in: scope) }
            switch kind {
            case .var:
                guard let value else { continue }
                if scope.assign(declarator.name, value, evenConstant: true) == .undeclared {
                    scope.functionScope.declare(declarator.name, value)
                }
            case .let, .const:
                scope.declare(declarator.name, value ?? .undefined, isConstant: kind == .const)
            }
        }
    }

    /// `for (initial; test; update) body`. With `let` in the head, each iteration has its own
    /// copy of the head's variables, so closures made in the body keep their iteration's values.
    private func executeFor(initial: ExpressionStatement?, test: ExpressionNode?, update: ExpressionNode?,
                            body: ExpressionStatement, in scope: ExpressionScope,
                            at place: SourcePlace) throws(ExpressionFault) -> ExpressionCompletion {
        var loopScope = scope
        var perIteration = false
        if let initial {
            if case .variables(let kind, _) = initial.kind, kind != .var {
                loopScope = makeScope(in: scope, isFunctionScope: false)
                perIteration = true
            }
            _ = try execute(initial, in: loopScope)
        }
        while true {
            try step(at: place)
            if let test, !isTruthy(try evaluate(test, in: loopScope)) { break }
            switch try execute(body, in: loopScope) {
            case .breakLoop: return .normal
            case .returned(let value): return .returned(value)
            case .normal, .continueLoop: break
            }
            if perIteration {
                // A fresh copy before the update: closures of this iteration keep its values.
                let next = makeScope(in: scope, isFunctionScope: false)
                for entry in loopScope.variables {
                    next.declare(entry.name, entry.value, isConstant: entry.isConstant)
                }
                loopScope = next
            }
            if let update { _ = try evaluate(update, in: loopScope) }
        }
        return .normal
    }

    /// `for (name in object)` (keys: object members, array and string indices as strings) and
    /// `for (name of object)` (array elements, string characters).
    private func executeForIn(declaration: VariableKind?, name: String, object: ExpressionNode,
                              body: ExpressionStatement, of: Bool, in scope: ExpressionScope,
                              at place: SourcePlace) throws(ExpressionFault) -> ExpressionCompletion {
        let collection = try primitive(try evaluate(object, in: scope))
        var items: [ExpressionValue] = []
        var liveArray: ExpressionArray?
        switch collection {
        case .array(let array):
            if of { liveArray = array } else {
                try chargeMemory(array.elements.count, at: place)
                items = array.elements.indices.map { .string(String($0)) }
            }
        case .string(let string):
            let units = Array(string.utf16)
            try chargeMemory(units.count * 2, at: place)
            if of {
                items = string.unicodeScalars.map { .string(String($0)) }
            } else {
                items = units.indices.map { .string(String($0)) }
            }
        case .object(let object):
            if of { throw typeError("object is not iterable", at: place) }
            items = object.keys.map(ExpressionValue.string)
        case .undefined, .null:
            if of { throw typeError("\(typeName(of: collection)) is not iterable", at: place) }
        default:
            if of { throw typeError("\(typeName(of: collection)) is not iterable", at: place) }
        }
        var index = 0
        while true {
            try step(at: place)
            let item: ExpressionValue
            if let liveArray {
                guard index < liveArray.elements.count else { break }
                item = liveArray.elements[index]
            } else {
                guard index < items.count else { break }
                item = items[index]
            }
            index += 1
            var iterationScope = scope
            if let declaration, declaration != .var {
                iterationScope = makeScope(in: scope, isFunctionScope: false)
                iterationScope.declare(name, item, isConstant: declaration == .const)
            } else {
                try assignName(name, item, in: scope, at: place)
            }
            switch try execute(body, in: iterationScope) {
            case .breakLoop: return .normal
            case .returned(let value): return .returned(value)
            case .normal, .continueLoop: continue
            }
        }
        return .normal
    }

    /// `switch`: the first case strictly equal to the discriminant (else `default`) and every
    /// case after it, until `break`.
    private func executeSwitch(_ discriminant: ExpressionNode, _ cases: [SwitchCase],
                               in scope: ExpressionScope) throws(ExpressionFault) -> ExpressionCompletion {
        let value = try evaluate(discriminant, in: scope)
        let switchScope = makeScope(in: scope, isFunctionScope: false)
        for item in cases { try hoistFunctions(of: item.body, into: switchScope) }
        var start: Int?
        for (index, item) in cases.enumerated() {
            guard let test = item.test else { continue }
            if try strictEquals(value, try evaluate(test, in: switchScope)) {
                start = index
                break
            }
        }
        if start == nil { start = cases.firstIndex { $0.test == nil } }
        guard let start else { return .normal }
        for item in cases[start...] {
            switch try executeList(item.body, in: switchScope) {
            case .normal: continue
            case .breakLoop: return .normal
            case let other: return other
            }
        }
        return .normal
    }

    /// `try`/`catch`/`finally`. `limit` faults pass through untouched: neither the handler nor
    /// the finalizer runs, so no expression can outlive its budget.
    private func executeTry(body: [ExpressionStatement], catchName: String?, handler: [ExpressionStatement]?,
                            finalizer: [ExpressionStatement]?,
                            in scope: ExpressionScope) throws(ExpressionFault) -> ExpressionCompletion {
        var completion = ExpressionCompletion.normal
        var pending: ExpressionFault?
        do throws(ExpressionFault) {
            completion = try executeBlock(body, in: scope)
        } catch {
            guard error.kind != .limit else { throw error }
            pending = error
        }
        if let fault = pending, let handler {
            pending = nil
            guard let caught = try caughtValue(fault) else { throw fault }
            let handlerScope = makeScope(in: scope, isFunctionScope: false)
            if let catchName { handlerScope.declare(catchName, caught) }
            do throws(ExpressionFault) {
                completion = try executeBody(handler, in: handlerScope)
            } catch {
                guard error.kind != .limit else { throw error }
                pending = error
            }
        }
        if let finalizer {
            // A value thrown before the finalizer is kept while it runs.
            let savedThrown = thrownValue
            let finalCompletion = try executeBlock(finalizer, in: scope)
            if case .normal = finalCompletion {} else { return finalCompletion }
            thrownValue = savedThrown
        }
        if let pending { throw pending }
        return completion
    }
}
