// MARK: - ExpressionNameUse

/// The names a program reads and declares, collected over its whole tree (or over one function
/// body without the functions inside it).
struct ExpressionNameUse {
    /// Whether the walk goes into the functions it meets; when not, it notes them in `functions`.
    var descendsIntoFunctions = true
    var functions: [FunctionLiteral] = []
    var identifiers: Set<String> = []
    var members: Set<String> = []
    var declared: Set<String> = []

    mutating func visit(_ body: [ExpressionStatement]) {
        for statement in body { visit(statement) }
    }

    mutating func visit(_ statement: ExpressionStatement) {
        switch statement.kind {
        case .expression(let node), .throw(let node): visit(node)
        case .variables(_, let declarators):
            for declarator in declarators {
                declared.insert(declarator.name)
                if let initial = declarator.initial { visit(initial) }
            }
        case .function(let literal): visit(literal)
        case .return(let node): if let node { visit(node) }
        case .if(let test, let then, let otherwise):
            visit(test)
            visit(then)
            if let otherwise { visit(otherwise) }
        case .block(let body): visit(body)
        case .for(let initial, let test, let update, let body):
            if let initial { visit(initial) }
            if let test { visit(test) }
            if let update { visit(update) }
            visit(body)
        case .forIn(_, let name, let object, let body, _):
            declared.insert(name)
            visit(object)
            visit(body)
        case .while(let test, let body), .doWhile(let body, let test):
            visit(test)
            visit(body)
        case .switch(let discriminant, let cases):
            visit(discriminant)
            for item in cases {
                if let test = item.test { visit(test) }
                visit(item.body)
            }
        case .try(let body, let catchName, let handler, let finalizer):
            visit(body)
            if let catchName { declared.insert(catchName) }
            if let handler { visit(handler) }
            if let finalizer { visit(finalizer) }
        case .break, .continue, .empty: break
        }
    }

    mutating func visit(_ literal: FunctionLiteral) {
        if let name = literal.name { declared.insert(name) }
        guard descendsIntoFunctions else {
            functions.append(literal)
            return
        }
        declared.formUnion(literal.parameters)
        visit(literal.body)
    }

    mutating func visit(_ node: ExpressionNode) {
        switch node.kind {
        case .number, .string, .boolean, .null, .this: break
        case .identifier(let name): identifiers.insert(name)
        case .array(let elements), .sequence(let elements): for element in elements { visit(element) }
        case .object(let members): for member in members { visit(member.value) }
        case .function(let literal): visit(literal)
        case .unary(_, let operand), .update(_, _, let operand): visit(operand)
        case .binary(_, let left, let right), .logical(_, let left, let right), .index(let left, let right):
            visit(left)
            visit(right)
        case .assign(_, let target, let value):
            visit(target)
            visit(value)
        case .conditional(let test, let then, let otherwise):
            visit(test)
            visit(then)
            visit(otherwise)
        case .member(let object, let name):
            members.insert(name)
            visit(object)
        case .call(let callee, let arguments), .new(let callee, let arguments):
            visit(callee)
            for argument in arguments { visit(argument) }
        }
    }
}
