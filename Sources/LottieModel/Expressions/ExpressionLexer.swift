// MARK: - Expression lexer

/// Splits an expression's source into tokens, one at a time, on demand: the parser keeps one token
/// of lookahead, so it can refuse a regular expression literal (a `/` where an operand is expected)
/// before the lexer reads what follows it, and can ask for the rest of a template literal after
/// the `}` that closes a substitution.
///
/// The source is held as Unicode scalars; columns count characters (grapheme clusters), so a
/// scalar that continues the character before it does not move the column. `\r\n` is one line break.
struct ExpressionLexer {
    typealias Failure = ExpressionSyntaxError

    private let scalars: [Unicode.Scalar]
    /// For each scalar, whether it continues the character (grapheme cluster) before it; nil when
    /// every scalar starts a character (ASCII sources, the usual case).
    private let continuesCharacter: [Bool]?
    private var offset = 0
    private var line = 1
    private var column = 1

    init(_ source: String) {
        if source.utf8.allSatisfy({ $0 < 0x80 }) {
            scalars = source.utf8.map { Unicode.Scalar($0) }
            continuesCharacter = nil
        } else {
            var scalars: [Unicode.Scalar] = []
            var continues: [Bool] = []
            scalars.reserveCapacity(source.utf8.count)
            continues.reserveCapacity(source.utf8.count)
            for character in source {
                var first = true
                for scalar in character.unicodeScalars {
                    scalars.append(scalar)
                    continues.append(!first)
                    first = false
                }
            }
            self.scalars = scalars
            continuesCharacter = continues
        }
    }

    // MARK: Reading scalars

    private var place: SourcePlace { SourcePlace(line: line, column: column) }

    private func scalar(at index: Int) -> Unicode.Scalar? {
        index < scalars.count ? scalars[index] : nil
    }

    private var current: Unicode.Scalar? { scalar(at: offset) }

    /// The scalar `distance` ahead, as an ASCII byte (0 when absent or not ASCII), for quick tests.
    private func ascii(_ distance: Int = 0) -> UInt8 {
        guard let scalar = scalar(at: offset + distance), scalar.value < 0x80 else { return 0 }
        return UInt8(scalar.value)
    }

    /// Moves past one scalar that is not a line break.
    private mutating func advance() {
        offset += 1
        if offset < scalars.count, continuesCharacter?[offset] != true { column += 1 }
        if offset >= scalars.count { column += 1 }
    }

    /// Moves past a line break (`\r\n` counts as one).
    private mutating func advanceLineBreak() {
        if current == "\r", scalar(at: offset + 1) == "\n" { offset += 1 }
        offset += 1
        line += 1
        column = 1
    }

    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0D, 0x2028, 0x2029: return true
        default: return false
        }
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0B, 0x0C, 0x20, 0xA0, 0xFEFF: return true
        case 0..<0x80: return false
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x24, 0x5F, 0x41...0x5A, 0x61...0x7A: return true  // $ _ A-Z a-z
        case 0..<0x80: return false
        default: return scalar.properties.isIDStart
        }
    }

    static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x24, 0x5F, 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case 0x200C, 0x200D: return true  // zero-width non-joiner and joiner
        case 0..<0x80: return false
        default: return scalar.properties.isIDContinue
        }
    }

    // MARK: Tokens

    /// The next token, past white space and comments.
    mutating func next() throws(Failure) -> ExpressionToken {
        let newlineBefore = try skipSpaceAndComments()
        let start = place
        guard let first = current else {
            return ExpressionToken(kind: .end, place: start, newlineBefore: newlineBefore)
        }
        let kind: ExpressionToken.Kind
        switch first {
        case "0"..."9":
            kind = .number(try readNumber(start: start))
        case "." where (0x30...0x39).contains(ascii(1)):
            kind = .number(try readNumber(start: start))
        case "\"", "'":
            kind = .string(try readString(quote: first, start: start))
        case "`":
            advance()
            kind = try readTemplatePiece(start: start)
        case _ where Self.isIdentifierStart(first):
            let name = readName()
            kind = ExpressionKeyword.byName[name].map { .keyword($0) } ?? .identifier(name)
        case "\\":
            throw Failure("escape sequences in names are not supported", at: start)
        default:
            kind = .punctuator(try readPunctuator(start: start))
        }
        return ExpressionToken(kind: kind, place: start, newlineBefore: newlineBefore)
    }

    /// The rest of a template literal after the `}` that closes a substitution (the parser calls
    /// this instead of `next()` when its current token is that `}`).
    mutating func nextTemplatePiece(start: SourcePlace) throws(Failure) -> ExpressionToken {
        ExpressionToken(kind: try readTemplatePiece(start: start), place: start, newlineBefore: false)
    }

    /// Skips white space, line breaks and comments; true when a line break was among them.
    private mutating func skipSpaceAndComments() throws(Failure) -> Bool {
        var newline = false
        while let scalar = current {
            if Self.isLineBreak(scalar) {
                advanceLineBreak()
                newline = true
            } else if Self.isWhitespace(scalar) {
                advance()
            } else if scalar == "/", ascii(1) == 0x2F {  // `//` to the end of the line
                while let inside = current, !Self.isLineBreak(inside) { advance() }
            } else if scalar == "/", ascii(1) == 0x2A {  // `/* ... */`
                let start = place
                advance()
                advance()
                var closed = false
                while let inside = current {
                    if inside == "*", ascii(1) == 0x2F {
                        advance()
                        advance()
                        closed = true
                        break
                    }
                    if Self.isLineBreak(inside) {
                        advanceLineBreak()
                        newline = true
                    } else {
                        advance()
                    }
                }
                if !closed { throw Failure("unterminated comment", at: start) }
            } else {
                break
            }
        }
        return newline
    }

    private mutating func readName() -> String {
        var name = String.UnicodeScalarView()
        while let scalar = current, Self.isIdentifierPart(scalar) {
            name.append(scalar)
            advance()
        }
        return String(name)
    }

    /// Punctuators by longest match (at most four characters: `>>>=`).
    private mutating func readPunctuator(start: SourcePlace) throws(Failure) -> ExpressionPunctuator {
        let first = ascii()
        guard first != 0, let character = current else {
            throw Failure("unexpected character '\(current.map { String($0) } ?? "")'", at: start)
        }
        var best: (ExpressionPunctuator, Int)?
        var text = String(character)
        if let punctuator = ExpressionPunctuator.byText[text] { best = (punctuator, 1) }
        for length in 2...4 {
            let byte = ascii(length - 1)
            guard byte != 0 else { break }
            text.append(Character(Unicode.Scalar(byte)))
            if let punctuator = ExpressionPunctuator.byText[text] { best = (punctuator, length) }
        }
        guard var (punctuator, length) = best else {
            throw Failure("unexpected character '\(String(character))'", at: start)
        }
        // `a?.5:1` is a conditional with the number .5, not optional chaining.
        if punctuator == .optionalChain, (0x30...0x39).contains(ascii(2)) {
            punctuator = .question
            length = 1
        }
        for _ in 0..<length { advance() }
        return punctuator
    }

    // MARK: Numbers

    private mutating func readNumber(start: SourcePlace) throws(Failure) -> Double {
        let value: Double
        if current == "0", let radix = Self.radix(of: ascii(1)) {
            advance()
            advance()
            value = try readDigits(radix: radix, start: start)
        } else if current == "0", (0x30...0x39).contains(ascii(1)) {
            value = readLegacyOctalOrDecimal()
        } else {
            value = try readDecimal(start: start)
        }
        if let next = current, Self.isIdentifierStart(next) || ("0"..."9").contains(next) {
            throw Failure("a name or digit directly after a number", at: place)
        }
        return value
    }

    private static func radix(of byte: UInt8) -> Double? {
        switch byte {
        case 0x78, 0x58: return 16  // x X
        case 0x6F, 0x4F: return 8  // o O
        case 0x62, 0x42: return 2  // b B
        default: return nil
        }
    }

    private static func digitValue(_ byte: UInt8) -> Double? {
        switch byte {
        case 0x30...0x39: return Double(byte - 0x30)
        case 0x61...0x66: return Double(byte - 0x61 + 10)
        case 0x41...0x46: return Double(byte - 0x41 + 10)
        default: return nil
        }
    }

    private mutating func readDigits(radix: Double, start: SourcePlace) throws(Failure) -> Double {
        var value = 0.0
        var count = 0
        while let digit = Self.digitValue(ascii()), digit < radix {
            value = value * radix + digit
            count += 1
            advance()
        }
        if count == 0 { throw Failure("a number with no digits after its prefix", at: start) }
        return value
    }

    /// `010` is 8 in sloppy JavaScript (legacy octal); `019` is 19.
    private mutating func readLegacyOctalOrDecimal() -> Double {
        var digits: [UInt8] = []
        while (0x30...0x39).contains(ascii()) {
            digits.append(ascii())
            advance()
        }
        if digits.allSatisfy({ $0 < 0x38 }) {
            return digits.reduce(0.0) { $0 * 8 + Double($1 - 0x30) }
        }
        return Double(String(decoding: digits, as: UTF8.self)) ?? 0
    }

    /// `12`, `1.5`, `.5`, `1.`, `1e3`, `2.5E-3`.
    private mutating func readDecimal(start: SourcePlace) throws(Failure) -> Double {
        var integer: [UInt8] = []
        var fraction: [UInt8] = []
        var exponent: [UInt8] = []
        while (0x30...0x39).contains(ascii()) {
            integer.append(ascii())
            advance()
        }
        if ascii() == 0x2E {  // .
            advance()
            while (0x30...0x39).contains(ascii()) {
                fraction.append(ascii())
                advance()
            }
        }
        if ascii() == 0x65 || ascii() == 0x45 {  // e E
            advance()
            if ascii() == 0x2B || ascii() == 0x2D {  // + -
                exponent.append(ascii())
                advance()
            }
            var count = 0
            while (0x30...0x39).contains(ascii()) {
                exponent.append(ascii())
                count += 1
                advance()
            }
            if count == 0 { throw Failure("a number with no digits in its exponent", at: start) }
        }
        let text = (integer.isEmpty ? "0" : String(decoding: integer, as: UTF8.self)) + "."
            + (fraction.isEmpty ? "0" : String(decoding: fraction, as: UTF8.self))
            + (exponent.isEmpty ? "" : "e" + String(decoding: exponent, as: UTF8.self))
        guard let value = Double(text) else { throw Failure("a number that cannot be read", at: start) }
        return value
    }

    // MARK: Strings and templates

    private mutating func readString(quote: Unicode.Scalar, start: SourcePlace) throws(Failure) -> String {
        advance()
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = current, scalar != "\n", scalar != "\r" else {
                throw Failure("unterminated string", at: start)
            }
            if scalar == quote {
                advance()
                return String(text)
            }
            if scalar == "\\" {
                try readEscape(into: &text)
            } else if Self.isLineBreak(scalar) {  // U+2028 and U+2029 are allowed in strings
                text.append(scalar)
                advanceLineBreak()
            } else {
                text.append(scalar)
                advance()
            }
        }
    }

    /// From after the backquote or the `}` of a substitution to `${` or the closing backquote.
    private mutating func readTemplatePiece(start: SourcePlace) throws(Failure) -> ExpressionToken.Kind {
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = current else { throw Failure("unterminated template literal", at: start) }
            switch scalar {
            case "`":
                advance()
                return .template(String(text), isTail: true)
            case "$" where ascii(1) == 0x7B:  // ${
                advance()
                advance()
                return .template(String(text), isTail: false)
            case "\\":
                try readEscape(into: &text)
            case _ where Self.isLineBreak(scalar):
                // Template literals keep their line breaks, `\r\n` and `\r` read as `\n`.
                text.append(scalar == "\r" ? "\n" : scalar)
                advanceLineBreak()
            default:
                text.append(scalar)
                advance()
            }
        }
    }

    /// One escape sequence at the backslash, appended to `text`.
    private mutating func readEscape(into text: inout String.UnicodeScalarView) throws(Failure) {
        let start = place
        advance()  // the backslash
        guard let scalar = current else { return }  // the caller reports the unterminated literal
        if Self.isLineBreak(scalar) {  // a line continuation: nothing
            advanceLineBreak()
            return
        }
        advance()
        switch scalar {
        case "n": text.append("\n")
        case "t": text.append("\t")
        case "r": text.append("\r")
        case "b": text.append("\u{8}")
        case "f": text.append("\u{C}")
        case "v": text.append("\u{B}")
        case "0"..."7":
            // `\0` is NUL; `\1`...`\377` are legacy octal escapes (sloppy mode).
            var value = scalar.value - 0x30
            let maxDigits = scalar.value <= 0x33 ? 2 : 1
            for _ in 0..<maxDigits {
                guard (0x30...0x37).contains(ascii()) else { break }
                value = value * 8 + UInt32(ascii() - 0x30)
                advance()
            }
            text.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        case "x":
            let value = try readHex(count: 2, start: start)
            text.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        case "u":
            var value = try readUnicodeEscapeValue(start: start)
            // A surrogate pair written as two escapes is one scalar.
            if (0xD800...0xDBFF).contains(value), current == "\\", ascii(1) == 0x75, ascii(2) != 0x7B {
                let saved = (offset, line, column)
                advance()
                advance()
                let low = try readHex(count: 4, start: start)
                if (0xDC00...0xDFFF).contains(low) {
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    (offset, line, column) = saved
                }
            }
            // A lone surrogate cannot be held in a Swift string: it becomes U+FFFD.
            text.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        default:
            text.append(scalar)  // `\\`, `\'`, `\"` and any other character stand for themselves
        }
    }

    /// After `\u`: four hex digits or `{hex}` (at most U+10FFFF).
    private mutating func readUnicodeEscapeValue(start: SourcePlace) throws(Failure) -> UInt32 {
        guard current == "{" else { return try readHex(count: 4, start: start) }
        advance()
        var value: UInt32 = 0
        var count = 0
        while let digit = Self.digitValue(ascii()), digit < 16 {
            value = value * 16 + UInt32(digit)
            count += 1
            if value > 0x10FFFF { throw Failure("invalid Unicode escape (above U+10FFFF)", at: start) }
            advance()
        }
        guard count > 0, current == "}" else { throw Failure("invalid Unicode escape", at: start) }
        advance()
        return value
    }

    private mutating func readHex(count: Int, start: SourcePlace) throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<count {
            guard let digit = Self.digitValue(ascii()), digit < 16 else {
                throw Failure("invalid escape sequence: expected \(count) hexadecimal digits", at: start)
            }
            value = value * 16 + UInt32(digit)
            advance()
        }
        return value
    }
}
