// MARK: - Statements

extension ExpressionParser.Reader {
    /// One statement, of any kind.
    mutating func parseStatement() throws(Failure) -> ExpressionStatement {
        try enter()
        defer { leave() }
        let place = token.place
        switch token.kind {
        case .punctuator(.leftBrace):
            return ExpressionStatement(.block(try parseBlock("a block")), at: place)
        case .punctuator(.semicolon):
            try advance()
            return ExpressionStatement(.empty, at: place)
        case .keyword(let keyword):
            switch keyword {
            case .var, .let, .const:
                let statement = try parseVariables()
                try consumeSemicolon(after: "a variable declaration")
                return statement
            case .function:
                let function = try parseFunction(requireName: true)
                return ExpressionStatement(.function(function), at: place)
            case .if: return try parseIf()
            case .for: return try parseFor()
            case .while:
                try advance()
                let test = try parseCondition("'while'")
                return ExpressionStatement(.while(test, body: try parseStatement()), at: place)
            case .do: return try parseDoWhile()
            case .return: return try parseReturn()
            case .break, .continue:
                try advance()
                if case .identifier = token.kind, !token.newlineBefore {
                    throw Failure("labels are not supported", at: token.place)
                }
                try consumeSemicolon(after: "'\(keyword.rawValue)'")
                return ExpressionStatement(keyword == .break ? .break : .continue, at: place)
            case .throw:
                try advance()
                if token.newlineBefore {
                    throw Failure("a line break after 'throw': the thrown value must be on the same line", at: token.place)
                }
                let value = try parseExpression()
                try consumeSemicolon(after: "a throw statement")
                return ExpressionStatement(.throw(value), at: place)
            case .switch: return try parseSwitch()
            case .try: return try parseTry()
            case .class, .import, .export, .with, .debugger:
                throw Failure("'\(keyword.rawValue)' statements are not supported", at: place)
            default:
                break
            }
        default:
            break
        }
        let expression = try parseExpression()
        if case .identifier = expression.kind, token.is(.colon) {
            throw Failure("labels are not supported", at: place)
        }
        try consumeSemicolon(after: "an expression")
        return ExpressionStatement(.expression(expression), at: place)
    }

    /// `{ statements }`; the statements are read in a loop, not by recursion.
    mutating func parseBlock(_ what: String) throws(Failure) -> [ExpressionStatement] {
        try expect(.leftBrace, "to open \(what)")
        let saved = allowIn
        allowIn = true
        defer { allowIn = saved }
        var body: [ExpressionStatement] = []
        while !token.is(.rightBrace) {
            if token.kind == .end { throw expected("'}' to close \(what)") }
            body.append(try parseStatement())
        }
        try advance()
        return body
    }

    /// `var`/`let`/`const` and its declarators, without the semicolon.
    mutating func parseVariables() throws(Failure) -> ExpressionStatement {
        let place = token.place
        let kind = try variableKind()
        let declarators = try parseDeclarators(kind, first: nil)
        return ExpressionStatement(.variables(kind, declarators), at: place)
    }

    /// Reads `var`, `let` or `const`.
    mutating func variableKind() throws(Failure) -> VariableKind {
        let kind: VariableKind
        switch token.kind {
        case .keyword(.var): kind = .var
        case .keyword(.let): kind = .let
        default: kind = .const
        }
        try advance()
        return kind
    }

    /// `name [= value] {, name [= value]}`; `first` is a declarator already read (in a `for` header).
    mutating func parseDeclarators(_ kind: VariableKind, first: VariableDeclarator?) throws(Failure) -> [VariableDeclarator] {
        var declarators: [VariableDeclarator] = []
        if let first {
            declarators.append(first)
            guard try eat(.comma) else { return declarators }
        }
        repeat {
            declarators.append(try parseDeclarator(kind))
        } while try eat(.comma)
        return declarators
    }

    mutating func parseDeclarator(_ kind: VariableKind) throws(Failure) -> VariableDeclarator {
        let place = token.place
        let name = try expectName("a variable name")
        var initial: ExpressionNode?
        if try eat(.assign) {
            initial = try parseAssignment()
        } else if kind == .const, !(token.is(.in) || token.kind == .identifier("of")) {
            throw Failure("'const' \(name) needs a value", at: place)
        }
        return VariableDeclarator(name: name, initial: initial, place: place)
    }

    /// `( expression )` after `if`, `while`, `switch`.
    mutating func parseCondition(_ after: String) throws(Failure) -> ExpressionNode {
        try expect(.leftParen, "after \(after)")
        let saved = allowIn
        allowIn = true
        defer { allowIn = saved }
        let test = try parseExpression()
        try expect(.rightParen, "after the condition of \(after)")
        return test
    }

    mutating func parseIf() throws(Failure) -> ExpressionStatement {
        let place = token.place
        try advance()
        let test = try parseCondition("'if'")
        let then = try parseStatement()
        var otherwise: ExpressionStatement?
        if token.is(.else) {
            try advance()
            otherwise = try parseStatement()
        }
        return ExpressionStatement(.if(test, then: then, else: otherwise), at: place)
    }

    mutating func parseDoWhile() throws(Failure) -> ExpressionStatement {
        let place = token.place
        try advance()
        let body = try parseStatement()
        guard token.is(.while) else { throw expected("'while' after the body of a do-while loop") }
        try advance()
        let test = try parseCondition("'do ... while'")
        _ = try eat(.semicolon)  // a do-while ends at its ')', a semicolon or not
        return ExpressionStatement(.doWhile(body: body, test), at: place)
    }

    mutating func parseReturn() throws(Failure) -> ExpressionStatement {
        let place = token.place
        try advance()
        var value: ExpressionNode?
        // A restricted production: a line break after `return` ends the statement.
        if !token.newlineBefore, !token.is(.semicolon), !token.is(.rightBrace), token.kind != .end {
            value = try parseExpression()
        }
        try consumeSemicolon(after: "a return statement")
        return ExpressionStatement(.return(value), at: place)
    }

    /// `for (init; test; update)`, `for (x in o)`, `for (x of a)`, each with or without a declaration.
    mutating func parseFor() throws(Failure) -> ExpressionStatement {
        let place = token.place
        try advance()
        try expect(.leftParen, "after 'for'")
        var initial: ExpressionStatement?
        if token.is(.var) || token.is(.let) || token.is(.const) {
            let declarationPlace = token.place
            let kind = try variableKind()
            allowIn = false
            let first = try parseDeclarator(kind)
            allowIn = true
            if first.initial == nil, let of = try eatInOrOf() {
                return try parseForIn(declaration: kind, name: first.name, of: of, place: place)
            }
            allowIn = false
            let declarators = try parseDeclarators(kind, first: first)
            allowIn = true
            initial = ExpressionStatement(.variables(kind, declarators), at: declarationPlace)
        } else if !token.is(.semicolon) {
            let initialPlace = token.place
            allowIn = false
            let expression = try parseExpression()
            allowIn = true
            if let of = try eatInOrOf() {
                guard case .identifier(let name) = expression.kind else {
                    throw Failure("the variable of a for-\(of ? "of" : "in") loop must be a name", at: expression.place)
                }
                return try parseForIn(declaration: nil, name: name, of: of, place: place)
            }
            initial = ExpressionStatement(.expression(expression), at: initialPlace)
        }
        try expect(.semicolon, "after the first part of a for loop")
        let test = token.is(.semicolon) ? nil : try parseExpression()
        try expect(.semicolon, "after the condition of a for loop")
        let update = token.is(.rightParen) ? nil : try parseExpression()
        try expect(.rightParen, "after the header of a for loop")
        let body = try parseStatement()
        return ExpressionStatement(.for(initial: initial, test: test, update: update, body: body), at: place)
    }

    /// After a for loop's variable: `in` (false) or `of` (true), read; nil when neither is there.
    private mutating func eatInOrOf() throws(Failure) -> Bool? {
        if token.is(.in) {
            try advance()
            return false
        }
        if token.kind == .identifier("of") {
            try advance()
            return true
        }
        return nil
    }

    private mutating func parseForIn(declaration: VariableKind?, name: String, of: Bool,
                                     place: SourcePlace) throws(Failure) -> ExpressionStatement {
        let object = of ? try parseAssignment() : try parseExpression()
        try expect(.rightParen, "after the header of a for-\(of ? "of" : "in") loop")
        let body = try parseStatement()
        return ExpressionStatement(.forIn(declaration: declaration, name: name, object: object, body: body, of: of), at: place)
    }

    mutating func parseSwitch() throws(Failure) -> ExpressionStatement {
        let place = token.place
        try advance()
        let discriminant = try parseCondition("'switch'")
        try expect(.leftBrace, "to open the cases of a switch")
        var cases: [SwitchCase] = []
        var sawDefault = false
        while !token.is(.rightBrace) {
            var test: ExpressionNode?
            if token.is(.case) {
                try advance()
                test = try parseExpression()
            } else if token.is(.default) {
                if sawDefault { throw Failure("a switch with two 'default' cases", at: token.place) }
                sawDefault = true
                try advance()
            } else {
                throw expected("'case', 'default' or '}' in a switch")
            }
            try expect(.colon, "after a switch case")
            var body: [ExpressionStatement] = []
            while !token.is(.case), !token.is(.default), !token.is(.rightBrace) {
                if token.kind == .end { throw expected("'}' to close a switch") }
                body.append(try parseStatement())
            }
            cases.append(SwitchCase(test: test, body: body))
        }
        try advance()
        return ExpressionStatement(.switch(discriminant, cases), at: place)
    }

    mutating func parseTry() throws(Failure) -> ExpressionStatement {
        let place = token.place
        try advance()
        let body = try parseBlock("the body of a try statement")
        var catchName: String?
        var handler: [ExpressionStatement]?
        var finalizer: [ExpressionStatement]?
        if token.is(.catch) {
            try advance()
            if try eat(.leftParen) {
                catchName = try expectName("the name of the caught error")
                try expect(.rightParen, "after the name of the caught error")
            }
            handler = try parseBlock("the body of a catch clause")
        }
        if token.is(.finally) {
            try advance()
            finalizer = try parseBlock("the body of a finally clause")
        }
        if handler == nil, finalizer == nil { throw expected("'catch' or 'finally' after the body of a try statement") }
        return ExpressionStatement(.try(body: body, catchName: catchName, handler: handler, finalizer: finalizer), at: place)
    }
}
