// MARK: - Expression tokens

/// One token of an expression's source, as `ExpressionLexer` reads it: what it is, where it
/// starts, and whether a line break comes before it (automatic semicolon insertion and the
/// restricted productions depend on that).
struct ExpressionToken: Sendable {
    enum Kind: Sendable, Equatable {
        case number(Double)
        case string(String)
        /// A name that is not a reserved word (`of`, `undefined`, `get` are names).
        case identifier(String)
        case keyword(ExpressionKeyword)
        case punctuator(ExpressionPunctuator)
        /// A piece of a template literal: the cooked text from the backquote (or from the `}`
        /// closing a substitution) up to `${` (`isTail` false) or the closing backquote (`isTail` true).
        case template(String, isTail: Bool)
        /// The end of the source.
        case end
    }

    var kind: Kind
    var place: SourcePlace
    /// A line terminator (or a comment holding one) separates this token from the one before.
    var newlineBefore: Bool

    /// True when the token is this punctuator.
    func `is`(_ punctuator: ExpressionPunctuator) -> Bool {
        kind == .punctuator(punctuator)
    }

    /// True when the token is this keyword.
    func `is`(_ keyword: ExpressionKeyword) -> Bool {
        kind == .keyword(keyword)
    }

    /// The token as error messages quote it: `'{'`, `'if'`, `'name'`, `number 12`, `the end of the expression`.
    var quoted: String {
        switch kind {
        case .number(let value): return "number \(ExpressionToken.numberText(value))"
        case .string(let text):
            let shown = text.count > 20 ? String(text.prefix(20)) + "..." : text
            return "string \"\(shown)\""
        case .identifier(let name): return "'\(name)'"
        case .keyword(let keyword): return "'\(keyword.rawValue)'"
        case .punctuator(let punctuator): return "'\(punctuator.rawValue)'"
        case .template: return "a template literal"
        case .end: return "the end of the expression"
        }
    }

    /// A number as JavaScript prints it for the usual cases (integers without `.0`); used for
    /// object keys written as numbers (`{1: a}` has the key "1") and in messages.
    static func numberText(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        if value == value.rounded(), abs(value) < 1e21 {
            if value == 0 { return "0" }  // -0 prints as 0
            if abs(value) < 9.0e15 { return String(Int64(value)) }
        }
        return "\(value)"
    }
}

/// The reserved words the parser knows; any other name is an identifier.
enum ExpressionKeyword: String, Sendable, CaseIterable {
    case `break`, `case`, `catch`, `class`, `const`, `continue`, debugger, `default`, delete, `do`
    case `else`, export, extends, `false`, finally, `for`, function, `if`, `import`, `in`
    case instanceof, `let`, new, null, `return`, `super`, `switch`, this, `throw`, `true`
    case `try`, typeof, `var`, void, `while`, with, yield

    /// The keywords by spelling.
    static let byName: [String: ExpressionKeyword] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })
}

/// Every punctuator of the language, including a few the parser only recognises to refuse with a
/// clear message (`?.`, `...`, the logical assignments).
enum ExpressionPunctuator: String, Sendable, CaseIterable {
    case leftBrace = "{", rightBrace = "}", leftParen = "(", rightParen = ")"
    case leftBracket = "[", rightBracket = "]"
    case semicolon = ";", comma = ",", tilde = "~", question = "?", colon = ":", dot = "."
    case ellipsis = "...", arrow = "=>", optionalChain = "?.", nullish = "??"
    case less = "<", greater = ">", lessOrEqual = "<=", greaterOrEqual = ">="
    case equal = "==", notEqual = "!=", strictEqual = "===", strictNotEqual = "!=="
    case plus = "+", minus = "-", star = "*", slash = "/", percent = "%", starStar = "**"
    case plusPlus = "++", minusMinus = "--"
    case shiftLeft = "<<", shiftRight = ">>", unsignedShiftRight = ">>>"
    case ampersand = "&", bar = "|", caret = "^", bang = "!", and = "&&", or = "||"
    case assign = "=", plusAssign = "+=", minusAssign = "-=", starAssign = "*=", slashAssign = "/="
    case percentAssign = "%=", starStarAssign = "**=", shiftLeftAssign = "<<="
    case shiftRightAssign = ">>=", unsignedShiftRightAssign = ">>>="
    case ampersandAssign = "&=", barAssign = "|=", caretAssign = "^="
    case andAssign = "&&=", orAssign = "||=", nullishAssign = "??="

    /// The punctuators by spelling, for longest-match lexing.
    static let byText: [String: ExpressionPunctuator] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.rawValue, $0) })

    /// The operator of `op=`, or nil for `=` and for punctuators that are no assignment.
    var compoundOperator: BinaryOperator? {
        switch self {
        case .plusAssign: return .add
        case .minusAssign: return .subtract
        case .starAssign: return .multiply
        case .slashAssign: return .divide
        case .percentAssign: return .remainder
        case .starStarAssign: return .power
        case .shiftLeftAssign: return .shiftLeft
        case .shiftRightAssign: return .shiftRight
        case .unsignedShiftRightAssign: return .unsignedShiftRight
        case .ampersandAssign: return .bitwiseAnd
        case .barAssign: return .bitwiseOr
        case .caretAssign: return .bitwiseXor
        default: return nil
        }
    }
}
