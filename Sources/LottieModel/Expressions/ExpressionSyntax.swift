// MARK: - Expression syntax

/// A place in an expression's source: 1-based line and column (columns count characters).
public struct SourcePlace: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "line \(line), column \(column)" }
}

/// A parsed expression (the JavaScript subset bodymovin exports): its statements, ready to be
/// run once per frame. Function declarations stay in place; the interpreter hoists them.
public struct ExpressionProgram: Sendable {
    public let body: [ExpressionStatement]
    /// The `var` names declared in `body` (see `ExpressionStatement.variableNames(of:)`), which
    /// the interpreter declares before running it.
    public let variableNames: [String]

    public init(body: [ExpressionStatement]) {
        self.body = body
        variableNames = ExpressionStatement.variableNames(of: body)
    }
}

/// One statement and where it starts.
public struct ExpressionStatement: Sendable {
    public indirect enum Kind: Sendable {
        /// An expression evaluated for its effects.
        case expression(ExpressionNode)
        /// `var`, `let` or `const` with each name's initial value, if any.
        case variables(VariableKind, [VariableDeclarator])
        /// `function name(...) {...}` (hoisted to the top of its function or program).
        case function(FunctionLiteral)
        case `return`(ExpressionNode?)
        case `if`(ExpressionNode, then: ExpressionStatement, else: ExpressionStatement?)
        case block([ExpressionStatement])
        /// `for (initial; test; update) body`; `initial` is a variables or expression statement.
        case `for`(initial: ExpressionStatement?, test: ExpressionNode?, update: ExpressionNode?, body: ExpressionStatement)
        /// `for (var name in object)` (`of` false) or `for (var name of object)` (`of` true); a
        /// declaration kind when the loop declares its name.
        case forIn(declaration: VariableKind?, name: String, object: ExpressionNode, body: ExpressionStatement, of: Bool)
        case `while`(ExpressionNode, body: ExpressionStatement)
        case doWhile(body: ExpressionStatement, ExpressionNode)
        case `break`
        case `continue`
        case `switch`(ExpressionNode, [SwitchCase])
        case `throw`(ExpressionNode)
        /// `try {...} catch (name) {...} finally {...}`: at least one of handler and finalizer.
        case `try`(body: [ExpressionStatement], catchName: String?, handler: [ExpressionStatement]?,
                   finalizer: [ExpressionStatement]?)
        /// `;` alone.
        case empty
    }

    public var kind: Kind
    public var place: SourcePlace

    public init(_ kind: Kind, at place: SourcePlace) {
        self.kind = kind
        self.place = place
    }

    /// The `var` names declared anywhere in `body` outside nested functions (`for` heads, blocks,
    /// branches, `try` and `switch` included), in order, each once: JavaScript hoists them to the
    /// top of their function or program.
    public static func variableNames(of body: [ExpressionStatement]) -> [String] {
        var names: [String] = []
        for statement in body { statement.collectVariableNames(into: &names) }
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    private func collectVariableNames(into names: inout [String]) {
        func collect(_ body: [ExpressionStatement]) {
            for statement in body { statement.collectVariableNames(into: &names) }
        }
        switch kind {
        case .variables(.var, let declarators):
            names.append(contentsOf: declarators.map(\.name))
        case .if(_, let then, let otherwise):
            then.collectVariableNames(into: &names)
            otherwise?.collectVariableNames(into: &names)
        case .block(let body):
            collect(body)
        case .for(let initial, _, _, let body):
            initial?.collectVariableNames(into: &names)
            body.collectVariableNames(into: &names)
        case .forIn(let declaration, let name, _, let body, _):
            if declaration == .var { names.append(name) }
            body.collectVariableNames(into: &names)
        case .while(_, let body), .doWhile(let body, _):
            body.collectVariableNames(into: &names)
        case .switch(_, let cases):
            for item in cases { collect(item.body) }
        case .try(let body, _, let handler, let finalizer):
            collect(body)
            if let handler { collect(handler) }
            if let finalizer { collect(finalizer) }
        default:
            break
        }
    }
}

public enum VariableKind: Sendable, Equatable {
    case `var`, `let`, `const`
}

/// One name of a `var`/`let`/`const` statement.
public struct VariableDeclarator: Sendable {
    public var name: String
    public var initial: ExpressionNode?
    public var place: SourcePlace

    public init(name: String, initial: ExpressionNode?, place: SourcePlace) {
        self.name = name
        self.initial = initial
        self.place = place
    }
}

/// One `case test:` (or `default:` when `test` is nil) and the statements after it.
public struct SwitchCase: Sendable {
    public var test: ExpressionNode?
    public var body: [ExpressionStatement]

    public init(test: ExpressionNode?, body: [ExpressionStatement]) {
        self.test = test
        self.body = body
    }
}

/// A function (declaration, expression or arrow): its name, parameters and body. An arrow with an
/// expression body has that expression returned by one `return` statement.
public struct FunctionLiteral: Sendable {
    public var name: String?
    public var parameters: [String]
    public let body: [ExpressionStatement]
    /// The `var` names declared in `body` (see `ExpressionStatement.variableNames(of:)`).
    public let variableNames: [String]
    /// Whether the body may read `arguments`: it names `arguments` or `eval` (which may read
    /// it), or a function inside it does. A call of a function that does not makes no
    /// `arguments` array.
    public let usesArguments: Bool
    /// Arrows take `this` and `arguments` from where they are written.
    public var isArrow: Bool
    public var place: SourcePlace

    public init(name: String?, parameters: [String], body: [ExpressionStatement], isArrow: Bool, place: SourcePlace) {
        self.name = name
        self.parameters = parameters
        self.body = body
        variableNames = ExpressionStatement.variableNames(of: body)
        // Functions inside were parsed first and know their own answer: each body is walked once.
        var use = ExpressionNameUse(descendsIntoFunctions: false)
        use.visit(body)
        usesArguments = use.identifiers.contains("arguments") || use.identifiers.contains("eval")
            || use.functions.contains { $0.usesArguments }
        self.isArrow = isArrow
        self.place = place
    }
}

/// An expression node and where it starts.
public struct ExpressionNode: Sendable {
    public indirect enum Kind: Sendable {
        case number(Double)
        case string(String)
        case boolean(Bool)
        case null
        /// A name: a variable, a parameter, or one of the globals (`undefined`, `time`, `Math`...).
        case identifier(String)
        case this
        /// `[a, b, c]` (a hole, `[a, , c]`, is `undefined`).
        case array([ExpressionNode])
        /// `{key: value, ...}`; keys written as names, strings or numbers, in order.
        case object([ObjectMember])
        case function(FunctionLiteral)
        case unary(UnaryOperator, ExpressionNode)
        /// `++x`, `x++`, `--x`, `x--`.
        case update(increment: Bool, prefix: Bool, ExpressionNode)
        case binary(BinaryOperator, ExpressionNode, ExpressionNode)
        /// `&&`, `||` and `??`, which evaluate their right side only when needed.
        case logical(LogicalOperator, ExpressionNode, ExpressionNode)
        /// `target = value` (`operator` nil) or `target op= value`; the target is an identifier,
        /// member or index node.
        case assign(BinaryOperator?, target: ExpressionNode, value: ExpressionNode)
        /// `test ? then : else`.
        case conditional(ExpressionNode, then: ExpressionNode, else: ExpressionNode)
        /// `object.name`.
        case member(ExpressionNode, String)
        /// `object[key]`.
        case index(ExpressionNode, ExpressionNode)
        /// `callee(arguments)`.
        case call(ExpressionNode, [ExpressionNode])
        /// `new callee(arguments)`.
        case new(ExpressionNode, [ExpressionNode])
        /// `a, b, c`: each evaluated, the last one's value.
        case sequence([ExpressionNode])
    }

    public var kind: Kind
    public var place: SourcePlace

    public init(_ kind: Kind, at place: SourcePlace) {
        self.kind = kind
        self.place = place
    }
}

/// One `key: value` of an object literal.
public struct ObjectMember: Sendable {
    public var key: String
    public var value: ExpressionNode

    public init(key: String, value: ExpressionNode) {
        self.key = key
        self.value = value
    }
}

public enum UnaryOperator: String, Sendable {
    case negate = "-", plus = "+", not = "!", bitwiseNot = "~", typeof = "typeof", void = "void", delete = "delete"
}

public enum BinaryOperator: String, Sendable {
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%", power = "**"
    case equal = "==", notEqual = "!=", strictEqual = "===", strictNotEqual = "!=="
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case bitwiseAnd = "&", bitwiseOr = "|", bitwiseXor = "^"
    case shiftLeft = "<<", shiftRight = ">>", unsignedShiftRight = ">>>"
    case `in` = "in", instanceof = "instanceof"
}

public enum LogicalOperator: String, Sendable {
    case and = "&&", or = "||", nullish = "??"
}

/// Why an expression could not be parsed, and where.
public struct ExpressionSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var place: SourcePlace

    public init(_ message: String, at place: SourcePlace) {
        self.message = message
        self.place = place
    }

    public var description: String { "\(place): \(message)" }
}
