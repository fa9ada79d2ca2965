// MARK: - Expressions

extension ExpressionParser.Reader {
    /// `a, b, c` (a sequence when there is more than one).
    mutating func parseExpression() throws(Failure) -> ExpressionNode {
        let first = try parseAssignment()
        guard token.is(.comma) else { return first }
        var items = [first]
        while try eat(.comma) {
            items.append(try parseAssignment())
        }
        return ExpressionNode(.sequence(items), at: first.place)
    }

    /// `target = value`, `target op= value` (right-associative), or a conditional expression.
    mutating func parseAssignment() throws(Failure) -> ExpressionNode {
        try enter()
        defer { leave() }
        let left = try parseConditional()
        guard case .punctuator(let punctuator) = token.kind else { return left }
        if punctuator == .assign || punctuator.compoundOperator != nil {
            guard Self.isAssignable(left) else { throw Failure("invalid assignment target", at: left.place) }
            try advance()
            let value = try parseAssignment()
            return ExpressionNode(.assign(punctuator.compoundOperator, target: left, value: value), at: left.place)
        }
        switch punctuator {
        case .andAssign, .orAssign, .nullishAssign:
            throw Failure("logical assignment ('\(punctuator.rawValue)') is not supported", at: token.place)
        case .arrow:
            throw Failure("invalid parameters of an arrow function", at: token.place)
        default:
            return left
        }
    }

    /// Only names, `a.b` and `a[b]` can be assigned to (and incremented).
    static func isAssignable(_ node: ExpressionNode) -> Bool {
        switch node.kind {
        case .identifier, .member, .index: return true
        default: return false
        }
    }

    /// `test ? then : else`.
    mutating func parseConditional() throws(Failure) -> ExpressionNode {
        let test = try parseBinary(minimumPrecedence: 0)
        guard token.is(.question) else { return test }
        try advance()
        let saved = allowIn
        allowIn = true
        let then = try parseAssignment()
        allowIn = saved
        try expect(.colon, "between the branches of a conditional expression ('?')")
        let otherwise = try parseAssignment()
        return ExpressionNode(.conditional(test, then: then, else: otherwise), at: test.place)
    }

    // MARK: Binary operators

    /// An operator between two operands.
    enum Infix {
        case binary(BinaryOperator)
        case logical(LogicalOperator)
    }

    /// The infix operator at the current token and its precedence (higher binds tighter), or nil.
    func infixOperator() -> (Infix, precedence: Int)? {
        switch token.kind {
        case .punctuator(let punctuator):
            switch punctuator {
            case .nullish: return (.logical(.nullish), 1)
            case .or: return (.logical(.or), 2)
            case .and: return (.logical(.and), 3)
            case .bar: return (.binary(.bitwiseOr), 4)
            case .caret: return (.binary(.bitwiseXor), 5)
            case .ampersand: return (.binary(.bitwiseAnd), 6)
            case .equal: return (.binary(.equal), 7)
            case .notEqual: return (.binary(.notEqual), 7)
            case .strictEqual: return (.binary(.strictEqual), 7)
            case .strictNotEqual: return (.binary(.strictNotEqual), 7)
            case .less: return (.binary(.less), 8)
            case .lessOrEqual: return (.binary(.lessOrEqual), 8)
            case .greater: return (.binary(.greater), 8)
            case .greaterOrEqual: return (.binary(.greaterOrEqual), 8)
            case .shiftLeft: return (.binary(.shiftLeft), 9)
            case .shiftRight: return (.binary(.shiftRight), 9)
            case .unsignedShiftRight: return (.binary(.unsignedShiftRight), 9)
            case .plus: return (.binary(.add), 10)
            case .minus: return (.binary(.subtract), 10)
            case .star: return (.binary(.multiply), 11)
            case .slash: return (.binary(.divide), 11)
            case .percent: return (.binary(.remainder), 11)
            case .starStar: return (.binary(.power), 12)
            default: return nil
            }
        case .keyword(.instanceof): return (.binary(.instanceof), 8)
        case .keyword(.in) where allowIn: return (.binary(.in), 8)
        default: return nil
        }
    }

    /// Binary and logical operators by precedence climbing: left-associative operators loop,
    /// `**` (right-associative) recurses on its right side. Each link counts one level of depth,
    /// since it makes the tree one level deeper.
    mutating func parseBinary(minimumPrecedence: Int) throws(Failure) -> ExpressionNode {
        var left = try parseUnary()
        var links = 0
        defer { depth -= links }
        while let (infix, precedence) = infixOperator(), precedence >= minimumPrecedence {
            try advance()
            links += 1
            try enter()
            let isPower: Bool
            if case .binary(.power) = infix { isPower = true } else { isPower = false }
            let right = try parseBinary(minimumPrecedence: isPower ? precedence : precedence + 1)
            switch infix {
            case .binary(let op): left = ExpressionNode(.binary(op, left, right), at: left.place)
            case .logical(let op): left = ExpressionNode(.logical(op, left, right), at: left.place)
            }
        }
        return left
    }

    // MARK: Unary and postfix operators

    /// `! ~ + - typeof void delete`, prefix `++`/`--`, or a postfix expression.
    mutating func parseUnary() throws(Failure) -> ExpressionNode {
        let place = token.place
        let unary: UnaryOperator
        switch token.kind {
        case .punctuator(.bang): unary = .not
        case .punctuator(.tilde): unary = .bitwiseNot
        case .punctuator(.plus): unary = .plus
        case .punctuator(.minus): unary = .negate
        case .keyword(.typeof): unary = .typeof
        case .keyword(.void): unary = .void
        case .keyword(.delete): unary = .delete
        case .punctuator(.plusPlus), .punctuator(.minusMinus):
            let increment = token.is(.plusPlus)
            try enter()
            defer { leave() }
            try advance()
            let operand = try parseUnary()
            guard Self.isAssignable(operand) else {
                throw Failure("invalid target for '\(increment ? "++" : "--")'", at: operand.place)
            }
            return ExpressionNode(.update(increment: increment, prefix: true, operand), at: place)
        default:
            return try parsePostfix()
        }
        try enter()
        defer { leave() }
        try advance()
        return ExpressionNode(.unary(unary, try parseUnary()), at: place)
    }

    /// A left-hand-side expression and a postfix `++`/`--` on the same line.
    mutating func parsePostfix() throws(Failure) -> ExpressionNode {
        let operand = try parseLeftHandSide()
        guard token.is(.plusPlus) || token.is(.minusMinus), !token.newlineBefore else { return operand }
        let increment = token.is(.plusPlus)
        guard Self.isAssignable(operand) else {
            throw Failure("invalid target for '\(increment ? "++" : "--")'", at: operand.place)
        }
        try advance()
        return ExpressionNode(.update(increment: increment, prefix: false, operand), at: operand.place)
    }

    // MARK: Calls and members

    /// A primary or `new` expression followed by any chain of `.name`, `[key]` and `(arguments)`.
    mutating func parseLeftHandSide() throws(Failure) -> ExpressionNode {
        var node = token.is(.new) ? try parseNew() : try parsePrimary()
        var links = 0
        defer { depth -= links }
        while true {
            switch token.kind {
            case .punctuator(.dot), .punctuator(.leftBracket):
                node = try parseMemberLink(node)
            case .punctuator(.leftParen):
                node = ExpressionNode(.call(node, try parseArguments()), at: node.place)
            case .punctuator(.optionalChain):
                throw Failure("optional chaining ('?.') is not supported", at: token.place)
            case .template:
                throw Failure("tagged templates are not supported", at: token.place)
            default:
                return node
            }
            links += 1
            try enter()
        }
    }

    /// `.name` or `[key]` after `object`.
    mutating func parseMemberLink(_ object: ExpressionNode) throws(Failure) -> ExpressionNode {
        if try eat(.dot) {
            let name: String
            switch token.kind {
            case .identifier(let text): name = text
            case .keyword(let keyword): name = keyword.rawValue  // `a.default`, `a.new`
            default: throw expected("a property name after '.'")
            }
            try advance()
            return ExpressionNode(.member(object, name), at: object.place)
        }
        try expect(.leftBracket, "")
        let saved = allowIn
        allowIn = true
        defer { allowIn = saved }
        let key = try parseExpression()
        try expect(.rightBracket, "after an index")
        return ExpressionNode(.index(object, key), at: object.place)
    }

    /// `(a, b, c)` after a callee (a trailing comma is allowed).
    mutating func parseArguments() throws(Failure) -> [ExpressionNode] {
        try expect(.leftParen, "before the arguments of a call")
        let saved = allowIn
        allowIn = true
        defer { allowIn = saved }
        var arguments: [ExpressionNode] = []
        while !token.is(.rightParen) {
            if token.is(.ellipsis) { throw Failure("spread arguments ('...') are not supported", at: token.place) }
            arguments.append(try parseAssignment())
            if try eat(.comma) { continue }
            guard token.is(.rightParen) else { throw expected("')' after the arguments of a call") }
        }
        try advance()
        return arguments
    }

    /// `new Callee(arguments)` or `new Callee`; the callee is a primary or `new` expression with
    /// `.name` and `[key]` links but no call (the first arguments are those of `new`).
    mutating func parseNew() throws(Failure) -> ExpressionNode {
        try enter()
        defer { leave() }
        let place = token.place
        try advance()
        if token.is(.dot) { throw Failure("'new.target' is not supported", at: token.place) }
        var callee = token.is(.new) ? try parseNew() : try parsePrimary()
        var links = 0
        defer { depth -= links }
        while token.is(.dot) || token.is(.leftBracket) {
            callee = try parseMemberLink(callee)
            links += 1
            try enter()
        }
        let arguments = token.is(.leftParen) ? try parseArguments() : []
        return ExpressionNode(.new(callee, arguments), at: place)
    }

    // MARK: Primary expressions

    mutating func parsePrimary() throws(Failure) -> ExpressionNode {
        let place = token.place
        switch token.kind {
        case .number(let value):
            try advance()
            return ExpressionNode(.number(value), at: place)
        case .string(let text):
            try advance()
            return ExpressionNode(.string(text), at: place)
        case .template:
            return try parseTemplate()
        case .identifier(let name):
            try advance()
            if token.is(.arrow), !token.newlineBefore {
                return try parseArrowBody(parameters: [name], place: place)
            }
            return ExpressionNode(.identifier(name), at: place)
        case .keyword(.this):
            try advance()
            return ExpressionNode(.this, at: place)
        case .keyword(.null):
            try advance()
            return ExpressionNode(.null, at: place)
        case .keyword(.true), .keyword(.false):
            let value = token.is(.true)
            try advance()
            return ExpressionNode(.boolean(value), at: place)
        case .keyword(.function):
            return ExpressionNode(.function(try parseFunction(requireName: false)), at: place)
        case .keyword(.class), .keyword(.super), .keyword(.import), .keyword(.yield):
            throw Failure("'\(token.quoted.dropFirst().dropLast())' is not supported", at: place)
        case .punctuator(.leftParen):
            return try parseParenthesized()
        case .punctuator(.leftBracket):
            return try parseArray()
        case .punctuator(.leftBrace):
            return try parseObject()
        case .punctuator(.slash), .punctuator(.slashAssign):
            throw Failure("regular expressions are not supported", at: place)
        case .punctuator(.ellipsis):
            throw Failure("spread syntax ('...') is not supported", at: place)
        case .end:
            throw Failure("unexpected end of the expression", at: place)
        default:
            throw expected("an expression")
        }
    }

    /// `( expression )`, or the parameters of an arrow function: `()`, `(a)`, `(a, b)` before `=>`.
    mutating func parseParenthesized() throws(Failure) -> ExpressionNode {
        let place = token.place
        try advance()
        if token.is(.rightParen) {
            try advance()
            guard token.is(.arrow) else { throw expected("'=>' after '()'") }
            return try parseArrowBody(parameters: [], place: place)
        }
        let saved = allowIn
        allowIn = true
        var inner = try parseExpression()
        allowIn = saved
        try expect(.rightParen, "to close the parenthesis at \(place)")
        if token.is(.arrow), !token.newlineBefore {
            return try parseArrowBody(parameters: try arrowParameters(inner), place: place)
        }
        inner.place = place  // the node starts at its opening parenthesis
        return inner
    }

    /// The names of `(a, b) =>`, read back from what was parsed as a parenthesised expression.
    func arrowParameters(_ node: ExpressionNode) throws(Failure) -> [String] {
        let items: [ExpressionNode]
        if case .sequence(let list) = node.kind { items = list } else { items = [node] }
        var names: [String] = []
        for item in items {
            switch item.kind {
            case .identifier(let name): names.append(name)
            case .assign: throw Failure("default parameter values are not supported", at: item.place)
            case .array, .object: throw Failure("destructuring is not supported", at: item.place)
            default: throw Failure("invalid parameters of an arrow function", at: item.place)
            }
        }
        return names
    }

    /// After the parameters, at `=>`: a block body, or an expression body returned by one statement.
    mutating func parseArrowBody(parameters: [String], place: SourcePlace) throws(Failure) -> ExpressionNode {
        try expect(.arrow, "")
        let body: [ExpressionStatement]
        if token.is(.leftBrace) {
            body = try parseBlock("the body of an arrow function")
        } else {
            let value = try parseAssignment()
            body = [ExpressionStatement(.return(value), at: value.place)]
        }
        let function = FunctionLiteral(name: nil, parameters: parameters, body: body, isArrow: true, place: place)
        return ExpressionNode(.function(function), at: place)
    }

    /// `function [name](parameters) { body }`, at `function`.
    mutating func parseFunction(requireName: Bool) throws(Failure) -> FunctionLiteral {
        let place = token.place
        try advance()
        if token.is(.star) { throw Failure("generator functions are not supported", at: token.place) }
        var name: String?
        if case .identifier(let text) = token.kind {
            name = text
            try advance()
        } else if requireName {
            throw expected("the name of a function")
        }
        let parameters = try parseParameters()
        let body = try parseBlock("the body of a function")
        return FunctionLiteral(name: name, parameters: parameters, body: body, isArrow: false, place: place)
    }

    /// `(a, b, c)` of a function (a trailing comma is allowed).
    mutating func parseParameters() throws(Failure) -> [String] {
        try expect(.leftParen, "before the parameters of a function")
        var names: [String] = []
        while !token.is(.rightParen) {
            if token.is(.ellipsis) { throw Failure("rest parameters ('...') are not supported", at: token.place) }
            names.append(try expectName("a parameter name"))
            if token.is(.assign) { throw Failure("default parameter values are not supported", at: token.place) }
            if try eat(.comma) { continue }
            guard token.is(.rightParen) else { throw expected("',' or ')' after a parameter") }
        }
        try advance()
        return names
    }

    /// `[a, b, , c,]`: a hole is `undefined`; one trailing comma adds nothing.
    mutating func parseArray() throws(Failure) -> ExpressionNode {
        let place = token.place
        try advance()
        let saved = allowIn
        allowIn = true
        defer { allowIn = saved }
        var elements: [ExpressionNode] = []
        while !token.is(.rightBracket) {
            if token.is(.comma) {
                elements.append(ExpressionNode(.identifier("undefined"), at: token.place))
                try advance()
                continue
            }
            if token.is(.ellipsis) { throw Failure("spread elements ('...') are not supported", at: token.place) }
            elements.append(try parseAssignment())
            if try eat(.comma) { continue }
            guard token.is(.rightBracket) else { throw expected("',' or ']' after an element of an array") }
        }
        try advance()
        return ExpressionNode(.array(elements), at: place)
    }

    /// `{key: value, name, method() {...}}`: keys are names (keywords too), strings or numbers.
    mutating func parseObject() throws(Failure) -> ExpressionNode {
        let place = token.place
        try advance()
        let saved = allowIn
        allowIn = true
        defer { allowIn = saved }
        var members: [ObjectMember] = []
        while !token.is(.rightBrace) {
            let keyPlace = token.place
            let key: String
            var isName = false
            switch token.kind {
            case .identifier(let name):
                key = name
                isName = true
            case .keyword(let keyword): key = keyword.rawValue
            case .string(let text): key = text
            case .number(let value): key = ExpressionToken.numberText(value)
            case .punctuator(.leftBracket): throw Failure("computed keys ('[key]: value') are not supported", at: keyPlace)
            case .punctuator(.ellipsis): throw Failure("spread properties ('...') are not supported", at: keyPlace)
            default: throw expected("a property name or '}' in an object")
            }
            try advance()
            if try eat(.colon) {
                members.append(ObjectMember(key: key, value: try parseAssignment()))
            } else if token.is(.leftParen) {
                let parameters = try parseParameters()
                let body = try parseBlock("the body of a method")
                let function = FunctionLiteral(name: nil, parameters: parameters, body: body, isArrow: false, place: keyPlace)
                members.append(ObjectMember(key: key, value: ExpressionNode(.function(function), at: keyPlace)))
            } else if isName, token.is(.comma) || token.is(.rightBrace) {
                members.append(ObjectMember(key: key, value: ExpressionNode(.identifier(key), at: keyPlace)))
            } else if isName, key == "get" || key == "set" {
                throw Failure("getters and setters are not supported", at: keyPlace)
            } else {
                throw expected("':' after the property name '\(key)'")
            }
            if try eat(.comma) { continue }
            guard token.is(.rightBrace) else { throw expected("',' or '}' after a property of an object") }
        }
        try advance()
        return ExpressionNode(.object(members), at: place)
    }

    /// `` `a${b}c` `` as `"a" + b + "c"` (left to right, starting from a string, so the result is
    /// a string); empty pieces after the first are left out.
    mutating func parseTemplate() throws(Failure) -> ExpressionNode {
        let place = token.place
        guard case .template(let head, var isTail) = token.kind else { throw expected("a template literal") }
        var node = ExpressionNode(.string(head), at: place)
        var links = 0
        defer { depth -= links }
        let saved = allowIn
        allowIn = true
        defer { allowIn = saved }
        while !isTail {
            try advance()
            let substitution = try parseExpression()
            guard token.is(.rightBrace) else { throw expected("'}' to close a template substitution") }
            node = ExpressionNode(.binary(.add, node, substitution), at: place)
            links += 1
            try enter()
            let piece = try lexer.nextTemplatePiece(start: token.place)
            guard case .template(let text, let tail) = piece.kind else { throw expected("a template literal") }
            isTail = tail
            if !text.isEmpty {
                node = ExpressionNode(.binary(.add, node, ExpressionNode(.string(text), at: piece.place)), at: place)
                links += 1
                try enter()
            }
        }
        try advance()
        return node
    }
}
