import LottieModel

// MARK: - S-expressions of expression trees

/// Prints expression trees as compact S-expressions, so tests compare whole trees with one
/// hand-written string: `(+ 1 (* 2 3))`, `(call (. thisComp layer) "a")`, `(var (a 1) (b))`.
enum SExpression {
    /// A program's statements, separated by spaces.
    static func program(_ program: ExpressionProgram) -> String {
        program.body.map(statement).joined(separator: " ")
    }

    static func statements(_ list: [ExpressionStatement]) -> String {
        list.map(statement).joined(separator: " ")
    }

    /// `head` and `parts` in parentheses, empty parts left out.
    private static func list(_ head: String, _ parts: [String]) -> String {
        "(" + ([head] + parts.filter { !$0.isEmpty }).joined(separator: " ") + ")"
    }

    static func statement(_ statement: ExpressionStatement) -> String {
        switch statement.kind {
        case .expression(let node): return self.node(node)
        case .variables(let kind, let declarators):
            let kindName: String
            switch kind {
            case .var: kindName = "var"
            case .let: kindName = "let"
            case .const: kindName = "const"
            }
            return list(kindName, declarators.map { list($0.name, [$0.initial.map(node) ?? ""]) })
        case .function(let function): return self.function(function)
        case .return(let value): return list("return", [value.map(node) ?? ""])
        case .if(let test, let then, let otherwise):
            return list("if", [node(test), self.statement(then), otherwise.map(self.statement) ?? ""])
        case .block(let body): return list("block", body.map(self.statement))
        case .for(let initial, let test, let update, let body):
            return list("for", [initial.map(self.statement) ?? "_", test.map(node) ?? "_", update.map(node) ?? "_",
                                self.statement(body)])
        case .forIn(let declaration, let name, let object, let body, let of):
            let declared = declaration.map { kind -> String in
                switch kind {
                case .var: return "var"
                case .let: return "let"
                case .const: return "const"
                }
            }
            return list(of ? "for-of" : "for-in", [declared ?? "", name, node(object), self.statement(body)])
        case .while(let test, let body): return list("while", [node(test), self.statement(body)])
        case .doWhile(let body, let test): return list("do", [self.statement(body), node(test)])
        case .break: return "(break)"
        case .continue: return "(continue)"
        case .switch(let discriminant, let cases):
            return list("switch", [node(discriminant)] + cases.map { item in
                if let test = item.test { return list("case", [node(test)] + item.body.map(self.statement)) }
                return list("default", item.body.map(self.statement))
            })
        case .throw(let value): return list("throw", [node(value)])
        case .try(let body, let catchName, let handler, let finalizer):
            var parts = [list("block", body.map(self.statement))]
            if let handler { parts.append(list("catch", [catchName ?? "_"] + handler.map(self.statement))) }
            if let finalizer { parts.append(list("finally", finalizer.map(self.statement))) }
            return list("try", parts)
        case .empty: return "(empty)"
        }
    }

    static func function(_ function: FunctionLiteral) -> String {
        let head = function.isArrow ? "arrow" : "function"
        return list(head, [function.name ?? "", "(" + function.parameters.joined(separator: " ") + ")"]
            + function.body.map(statement))
    }

    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "\\x" + String(scalar.value, radix: 16, uppercase: true)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func node(_ node: ExpressionNode) -> String {
        switch node.kind {
        case .number(let value): return number(value)
        case .string(let text): return quote(text)
        case .boolean(let value): return value ? "true" : "false"
        case .null: return "null"
        case .identifier(let name): return name
        case .this: return "this"
        case .array(let elements): return list("array", elements.map(self.node))
        case .object(let members):
            return list("object", members.map { "\($0.key):" + self.node($0.value) })
        case .function(let function): return self.function(function)
        case .unary(let op, let operand): return list(op.rawValue, [self.node(operand)])
        case .update(let increment, let prefix, let operand):
            return list((prefix ? "pre" : "post") + (increment ? "++" : "--"), [self.node(operand)])
        case .binary(let op, let left, let right): return list(op.rawValue, [self.node(left), self.node(right)])
        case .logical(let op, let left, let right): return list(op.rawValue, [self.node(left), self.node(right)])
        case .assign(let op, let target, let value):
            return list((op?.rawValue ?? "") + "=", [self.node(target), self.node(value)])
        case .conditional(let test, let then, let otherwise):
            return list("?", [self.node(test), self.node(then), self.node(otherwise)])
        case .member(let object, let name): return list(".", [self.node(object), name])
        case .index(let object, let key): return list("[]", [self.node(object), self.node(key)])
        case .call(let callee, let arguments): return list("call", [self.node(callee)] + arguments.map(self.node))
        case .new(let callee, let arguments): return list("new", [self.node(callee)] + arguments.map(self.node))
        case .sequence(let items): return list(",", items.map(self.node))
        }
    }
}
