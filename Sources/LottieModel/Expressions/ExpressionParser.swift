// MARK: - ExpressionParser

/// Parses expressions (`x` on a property): the JavaScript subset bodymovin exports, plus what people
/// write by hand (arrow functions, template literals, `let`/`const`, `for...of`, `try`...).
///
/// A recursive-descent parser over `ExpressionLexer`'s tokens with one token of lookahead.
/// Automatic semicolon insertion follows JavaScript: a statement may end at a line break when the
/// next token cannot continue it, before `}` and at the end; `return`, `break`, `continue` and
/// `throw` end at a line break, and `++`/`--` after a line break start the next statement.
///
/// Not supported (each a clear error): regular expression literals, labels, destructuring, default
/// and rest parameters, spread, classes, getters and setters, computed keys, optional chaining,
/// logical assignment, generators, tagged templates, modules.
public enum ExpressionParser {
    /// Parses `source`; nesting deeper than `maxDepth` (brackets, operators, statements) is an error,
    /// not a stack overflow.
    ///
    /// Each recursive descent into a statement or an expression counts one level, and so does each
    /// link of a chain the parser builds in a loop (`a + b + c`, `a.b(c)[d]`), so that the tree it
    /// returns is never much deeper than `maxDepth` either: whoever walks it recursively is safe.
    public static func parse(_ source: String, maxDepth: Int = 200) throws(ExpressionSyntaxError) -> ExpressionProgram {
        var reader = try Reader(source, maxDepth: maxDepth)
        return try reader.parseProgram()
    }
}

extension ExpressionParser {
    /// The parser's state: the lexer, the current token and the nesting depth. Its statement and
    /// expression rules are in ExpressionParser+Statements.swift and ExpressionParser+Expressions.swift.
    struct Reader {
        typealias Failure = ExpressionSyntaxError

        var lexer: ExpressionLexer
        /// The token being looked at (one token of lookahead).
        var token: ExpressionToken
        let maxDepth: Int
        var depth = 0
        /// False while reading the first part of a `for (...)` header, where `in` ends the
        /// expression instead of being an operator.
        var allowIn = true

        init(_ source: String, maxDepth: Int) throws(Failure) {
            lexer = ExpressionLexer(source)
            self.maxDepth = max(0, maxDepth)
            token = try lexer.next()
        }

        mutating func parseProgram() throws(Failure) -> ExpressionProgram {
            var body: [ExpressionStatement] = []
            while token.kind != .end {
                body.append(try parseStatement())
            }
            return ExpressionProgram(body: body)
        }

        // MARK: Tokens

        /// Moves to the next token.
        mutating func advance() throws(Failure) {
            token = try lexer.next()
        }

        /// Moves past the current token when it is `punctuator`; true when it did.
        mutating func eat(_ punctuator: ExpressionPunctuator) throws(Failure) -> Bool {
            guard token.is(punctuator) else { return false }
            try advance()
            return true
        }

        /// Moves past `punctuator`, or fails with "expected 'p' <context>, found ...".
        mutating func expect(_ punctuator: ExpressionPunctuator, _ context: String) throws(Failure) {
            guard token.is(punctuator) else { throw expected("'\(punctuator.rawValue)' \(context)") }
            try advance()
        }

        /// The error "expected <what>, found <the current token>", at the current token; at the end
        /// of the source it reads "unexpected end of the expression, expected <what>".
        func expected(_ what: String) -> Failure {
            if token.kind == .end {
                return Failure("unexpected end of the expression, expected \(what)", at: token.place)
            }
            return Failure("expected \(what), found \(token.quoted)", at: token.place)
        }

        /// Reads a name (an identifier, not a keyword), or fails.
        mutating func expectName(_ what: String) throws(Failure) -> String {
            switch token.kind {
            case .identifier(let name):
                try advance()
                return name
            case .punctuator(.leftBrace), .punctuator(.leftBracket):
                throw Failure("destructuring is not supported", at: token.place)
            default:
                throw expected(what)
            }
        }

        /// Ends a statement: a `;`, or nothing before `}`, at the end or after a line break.
        mutating func consumeSemicolon(after what: String) throws(Failure) {
            if try eat(.semicolon) { return }
            if token.is(.rightBrace) || token.kind == .end || token.newlineBefore { return }
            throw expected("';' after \(what)")
        }

        // MARK: Depth

        /// Enters one level of nesting; pair with `leave()` (in a `defer`).
        mutating func enter() throws(Failure) {
            depth += 1
            if depth > maxDepth { throw Failure("nested more than \(maxDepth) deep", at: token.place) }
        }

        mutating func leave() {
            depth -= 1
        }
    }
}
