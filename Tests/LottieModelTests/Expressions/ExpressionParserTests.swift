import XCTest
import LottieModel

/// `ExpressionParser`: whole trees (printed as S-expressions) for every construct, precedence and
/// associativity level, automatic semicolon insertion, and the errors with their places.
final class ExpressionParserTests: XCTestCase {
    // MARK: Helpers

    /// The program as an S-expression, or `error: <place>: <message>`.
    static func tree(_ source: String, maxDepth: Int = 200) -> String {
        do {
            return SExpression.program(try ExpressionParser.parse(source, maxDepth: maxDepth))
        } catch {
            return "error: \(error)"
        }
    }

    func check(_ source: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(Self.tree(source), expected, "source: \(source)", file: file, line: line)
    }

    func checkError(_ source: String, _ message: String, _ line: Int, _ column: Int,
                    file: StaticString = #filePath, line testLine: UInt = #line) {
        do {
            let program = try ExpressionParser.parse(source)
            XCTFail("parsed: \(SExpression.program(program))", file: file, line: testLine)
        } catch {
            XCTAssertEqual(error.message, message, "source: \(source)", file: file, line: testLine)
            XCTAssertEqual(error.place, SourcePlace(line: line, column: column), "source: \(source)", file: file, line: testLine)
        }
    }

    // MARK: Precedence and associativity

    func testPrecedenceOfEveryLevel() {
        check("a, b = c", "(, a (= b c))")
        check("a = b ? c : d", "(= a (? b c d))")
        check("a ? b : c ?? d", "(? a b (?? c d))")
        check("a ?? b || c", "(?? a (|| b c))")
        check("a || b && c", "(|| a (&& b c))")
        check("a && b | c", "(&& a (| b c))")
        check("a | b ^ c", "(| a (^ b c))")
        check("a ^ b & c", "(^ a (& b c))")
        check("a & b == c", "(& a (== b c))")
        check("a != b < c", "(!= a (< b c))")
        check("a === b !== c", "(!== (=== a b) c)")
        check("a < b << c", "(< a (<< b c))")
        check("a in b instanceof c <= d >= e > f", "(> (>= (<= (instanceof (in a b) c) d) e) f)")
        check("a << b + c", "(<< a (+ b c))")
        check("a >> b >>> c", "(>>> (>> a b) c)")
        check("a + b * c", "(+ a (* b c))")
        check("a * b ** c", "(* a (** b c))")
        check("a - b / c % d", "(- a (% (/ b c) d))")
        check("(a + b) * c", "(* (+ a b) c)")
        check("1 + 2 * 3 - 4", "(- (+ 1 (* 2 3)) 4)")
    }

    func testAssociativity() {
        check("a - b - c", "(- (- a b) c)")
        check("a / b / c", "(/ (/ a b) c)")
        check("a ** b ** c", "(** a (** b c))")
        check("a = b = c", "(= a (= b c))")
        check("a += b -= c", "(+= a (-= b c))")
        check("a ? b : c ? d : e", "(? a b (? c d e))")
        check("a ? b ? c : d : e", "(? a (? b c d) e)")
        check("a || b || c", "(|| (|| a b) c)")
        check("x *= 2; x /= 2; x %= 2; x **= 2; x <<= 1; x >>= 1; x >>>= 1; x &= 1; x |= 1; x ^= 1",
              "(*= x 2) (/= x 2) (%= x 2) (**= x 2) (<<= x 1) (>>= x 1) (>>>= x 1) (&= x 1) (|= x 1) (^= x 1)")
    }

    func testUnaryAndUpdate() {
        check("-a - -b", "(- (- a) (- b))")
        check("a - -1", "(- a (- 1))")
        check("- - a", "(- (- a))")
        check("!a && ~b", "(&& (! a) (~ b))")
        check("+a", "(+ a)")
        check("typeof a === 'number'", "(=== (typeof a) \"number\")")
        check("void 0, delete a.b", "(, (void 0) (delete (. a b)))")
        check("-a ** 2", "(** (- a) 2)")
        check("++a + b--", "(+ (pre++ a) (post-- b))")
        check("--a.b; a[0]++", "(pre-- (. a b)) (post++ ([] a 0))")
        check("a+++b", "(+ (post++ a) b)")
        check("!a.b()", "(! (call (. a b)))")
    }

    // MARK: Members, calls, new

    func testMemberChainsAndCalls() {
        check("thisComp.layer('a')(4)('Slider')", "(call (call (call (. thisComp layer) \"a\") 4) \"Slider\")")
        check("a.b.c[d][0].e()", "(call (. ([] ([] (. (. a b) c) d) 0) e))")
        check("f()()", "(call (call f))")
        check("f(a, b,)", "(call f a b)")
        check("a.default.new.if", "(. (. (. a default) new) if)")
        check("thisLayer(2)('Admin')(2)(grp)(p)", "(call (call (call (call (call thisLayer 2) \"Admin\") 2) grp) p)")
        check("a[b, c]", "([] a (, b c))")
    }

    func testNew() {
        check("new Foo", "(new Foo)")
        check("new Foo(1, 2)", "(new Foo 1 2)")
        check("new a.b.C(1).d", "(. (new (. (. a b) C) 1) d)")
        check("new new X()()", "(new (new X))")
        check("new Date().getTime()", "(call (. (new Date) getTime))")
        check("new X[0]", "(new ([] X 0))")
    }

    // MARK: Literals

    func testNumbers() {
        check("1; 1.5; .5; 1.; 1e3; 2.5E-3; 1e+2", "1 1.5 0.5 1 1000 0.0025 100")
        check("0x1F; 0XFF; 0o17; 0b101; 010; 019; 0", "31 255 15 5 8 19 0")
        check("1.5.toFixed(2)", "(call (. 1.5 toFixed) 2)")
        check("1..toString()", "(call (. 1 toString))")
    }

    func testStringsAndEscapes() {
        check(#"'a\nb' + "c\td""#, #"(+ "a\nb" "c\td")"#)
        check(#"'it\'s'; "say \"hi\""; '\\'"#, #""it's" "say \"hi\"" "\\""#)
        check(#"'\x41\u0042\u{43}\u{1F600}'"#, "\"ABC\u{1F600}\"")
        check(#"'\uD83D\uDE00'"#, "\"\u{1F600}\"")
        check(#"'\b\f\v\0\r'"#, #""\x8\xC\xB\x0\r""#)
        check(#"'\q\101'"#, "\"qA\"")
        check("'a\\\nb'", "\"ab\"")
        check("'a\\\r\nb'", "\"ab\"")
        check("'é' + \"日本\"", "(+ \"é\" \"日本\")")
    }

    func testTemplateLiterals() {
        check("`abc`", "\"abc\"")
        check("`a${b}c`", "(+ (+ \"a\" b) \"c\")")
        check("`${a}${b}`", "(+ (+ \"\" a) b)")
        check("`x${a + 1}y${f(`in${n}`)}`", "(+ (+ (+ \"x\" (+ a 1)) \"y\") (call f (+ \"in\" n)))")
        check("`line1\nline2\\n`", "\"line1\\nline2\\n\"")
        check("`${ {a: 1}.a }`", "(+ \"\" (. (object a:1) a))")
    }

    func testArraysAndObjects() {
        check("[]", "(array)")
        check("[1, 2, 3,]", "(array 1 2 3)")
        check("[1, , 3]", "(array 1 undefined 3)")
        check("[,]", "(array undefined)")
        check("[[1], [2, [3]]]", "(array (array 1) (array 2 (array 3)))")
        check("x = {}", "(= x (object))")
        check("x = {a: 1, 'b c': 2, 3: 4, if: 5, 1.5: 6,}", "(= x (object a:1 b c:2 3:4 if:5 1.5:6))")
        check("x = {a, b}", "(= x (object a:a b:b))")
        check("x = {f(x) { return x }}", "(= x (object f:(function (x) (return x))))")
        check("x = {get: 1, set: 2}", "(= x (object get:1 set:2))")
    }

    func testFunctionsAndArrows() {
        check("function f(a, b) { return a + b }", "(function f (a b) (return (+ a b)))")
        check("var g = function () {}", "(var (g (function ())))")
        check("var g = function h(x,) { x }", "(var (g (function h (x) x)))")
        check("x => x * 2", "(arrow (x) (return (* x 2)))")
        check("(a, b) => a + b", "(arrow (a b) (return (+ a b)))")
        check("() => { return 1 }", "(arrow () (return 1))")
        check("(x) => ({a: x})", "(arrow (x) (return (object a:x)))")
        check("f(x => x + 1, 2)", "(call f (arrow (x) (return (+ x 1))) 2)")
        check("a = b => c => b + c", "(= a (arrow (b) (return (arrow (c) (return (+ b c))))))")
        check("(function () { return this })()", "(call (function () (return this)))")
    }

    func testFunctionFlags() throws {
        let program = try ExpressionParser.parse("f = (a) => a; g = function () {}")
        guard case .expression(let first) = program.body[0].kind, case .assign(_, _, let arrow) = first.kind,
              case .function(let arrowFunction) = arrow.kind,
              case .expression(let second) = program.body[1].kind, case .assign(_, _, let plain) = second.kind,
              case .function(let plainFunction) = plain.kind else { return XCTFail("unexpected tree") }
        XCTAssertTrue(arrowFunction.isArrow)
        XCTAssertFalse(plainFunction.isArrow)
    }

    func testFunctionsThatReadArguments() throws {
        func usesArguments(_ source: String) throws -> Bool {
            let program = try ExpressionParser.parse(source)
            guard case .function(let literal) = program.body[0].kind else {
                XCTFail("not a function: \(source)")
                return false
            }
            return literal.usesArguments
        }
        XCTAssertFalse(try usesArguments("function f(a, b) { return a + b; }"))
        XCTAssertFalse(try usesArguments("function f(a) { var g = function (b) { return b; }; return g(a); }"))
        XCTAssertTrue(try usesArguments("function f() { return arguments.length; }"))
        XCTAssertTrue(try usesArguments("function f() { return eval('1'); }"))
        // An arrow inside reads its function's `arguments`; so may any function inside (kept simple).
        XCTAssertTrue(try usesArguments("function f() { var g = () => arguments[0]; return g(); }"))
        XCTAssertTrue(try usesArguments("function f() { function g() { return arguments[0]; } return g(1); }"))
    }

    func testKeywordsAndLiterals() {
        check("this; null; true; false; undefined", "this null true false undefined")
    }

    func testComments() {
        check("a // comment\n+ b /* block\n comment */ * c", "(+ a (* b c))")
        check("/* only */", "")
        check("a /* x */ b", "error: line 1, column 11: expected ';' after an expression, found 'b'")
        check("a /* \n */ b", "a b")
    }

    // MARK: Statements

    func testVariables() {
        check("var a = 1, b, c = a + 1;", "(var (a 1) (b) (c (+ a 1)))")
        check("let x; const y = 2", "(let (x)) (const (y 2))")
    }

    func testIfAndBlocks() {
        check("if (a) b; else c", "(if a b c)")
        check("if (a) { b } else if (c) { d } else e", "(if a (block b) (if c (block d) e))")
        check("if (a) if (b) c; else d", "(if a (if b c d))")
        check("{ a; { b } }", "(block a (block b))")
        check(";;", "(empty) (empty)")
    }

    func testLoops() {
        check("for (var i = 0; i < n; i++) s += i", "(for (var (i 0)) (< i n) (post++ i) (+= s i))")
        check("for (i = 0, j = 1; ; ) {}", "(for (, (= i 0) (= j 1)) _ _ (block))")
        check("for (;;) break", "(for _ _ _ (break))")
        check("for (let i = 0, n = a.length; i < n; ++i) continue", "(for (let (i 0) (n (. a length))) (< i n) (pre++ i) (continue))")
        check("for (var k in obj) f(k)", "(for-in var k obj (call f k))")
        check("for (k in obj) {}", "(for-in k obj (block))")
        check("for (const x of [1, 2]) s += x", "(for-of const x (array 1 2) (+= s x))")
        check("for (x of arr) {}", "(for-of x arr (block))")
        check("for (var i = ('a' in o) ? 1 : 0; i;) {}", "(for (var (i (? (in \"a\" o) 1 0))) i _ (block))")
        check("while (i < 3) i++", "(while (< i 3) (post++ i))")
        check("do i++; while (i < 3) x()", "(do (post++ i) (< i 3)) (call x)")
        check("do { i++ } while (i < 3);", "(do (block (post++ i)) (< i 3))")
    }

    func testSwitchThrowTry() {
        check("switch (x) { case 1: a; break; case 2: case 3: b; default: c }",
              "(switch x (case 1 a (break)) (case 2) (case 3 b) (default c))")
        check("switch (x) {}", "(switch x)")
        check("throw new Error('x')", "(throw (new Error \"x\"))")
        check("try { a } catch (e) { b }", "(try (block a) (catch e b))")
        check("try { a } catch { b } finally { c }", "(try (block a) (catch _ b) (finally c))")
        check("try { a } finally { c }", "(try (block a) (finally c))")
    }

    func testReturn() {
        check("function f() { return }", "(function f () (return))")
        check("function f() { return; }", "(function f () (return))")
        check("function f() { return a, b }", "(function f () (return (, a b)))")
        check("return 1", "(return 1)")
    }

    // MARK: Automatic semicolon insertion

    func testAutomaticSemicolons() {
        check("return\n1", "(return) 1")
        check("a\n++b", "a (pre++ b)")
        check("a\n--\nb", "a (pre-- b)")
        check("var a = 1\nvar b = 2", "(var (a 1)) (var (b 2))")
        check("{ a } b", "(block a) b")
        check("function f() { return 1 }", "(function f () (return 1))")
        check("a\n(b)", "(call a b)")
        check("a\n[0]", "([] a 0)")
        check("a = b\n+ c", "(= a (+ b c))")
        check("x\n.y", "(. x y)")
        check("x = a\n  / b", "(= x (/ a b))")
        check("if (a) b\nelse c", "(if a b c)")
        check("for (;;) {\n break\n a }", "(for _ _ _ (block (break) a))")
        check("continue\nfoo", "(continue) foo")
        check("a\r\nb", "a b")
        check("a\u{2028}b", "a b")
        check("a b", "error: line 1, column 3: expected ';' after an expression, found 'b'")
    }

    // MARK: Places

    func testPlaces() throws {
        let program = try ExpressionParser.parse("var $bm_rt;\n$bm_rt = thisComp.layer('a')(4);\r\n  if (x) {}")
        XCTAssertEqual(program.body.map(\.place), [SourcePlace(line: 1, column: 1), SourcePlace(line: 2, column: 1),
                                                   SourcePlace(line: 3, column: 3)])
        guard case .expression(let assign) = program.body[1].kind, case .assign(_, _, let call) = assign.kind,
              case .call(let callee, let arguments) = call.kind, case .call(let inner, let innerArguments) = callee.kind
        else { return XCTFail("unexpected tree") }
        XCTAssertEqual(assign.place, SourcePlace(line: 2, column: 1))
        XCTAssertEqual(call.place, SourcePlace(line: 2, column: 10))
        XCTAssertEqual(inner.place, SourcePlace(line: 2, column: 10))
        XCTAssertEqual(arguments.first?.place, SourcePlace(line: 2, column: 30))
        XCTAssertEqual(innerArguments.first?.place, SourcePlace(line: 2, column: 25))
    }

    func testColumnsCountCharacters() throws {
        // "é" written as e + combining acute is one character; the emoji flag is one character.
        checkError("'e\u{301}🇫🇷' + #", "unexpected character '#'", 1, 8)
        checkError("a\n  'e\u{301}' @", "unexpected character '@'", 2, 7)
    }

    // MARK: Errors

    func testErrors() {
        checkError("x = 'abc", "unterminated string", 1, 5)
        checkError("x = \"a\nb\"", "unterminated string", 1, 5)
        checkError("a\n\nfoo(1, 2 {", "expected ')' after the arguments of a call, found '{'", 3, 10)
        checkError("x = /ab+c/.test(s)", "regular expressions are not supported", 1, 5)
        checkError("1 = 2", "invalid assignment target", 1, 1)
        checkError("a + b = c", "invalid assignment target", 1, 1)
        checkError("f() = 1", "invalid assignment target", 1, 1)
        checkError("++1", "invalid target for '++'", 1, 3)
        checkError("outer: for (;;) {}", "labels are not supported", 1, 1)
        checkError("for (;;) { break outer }", "labels are not supported", 1, 18)
        checkError("a = (1 + ", "unexpected end of the expression", 1, 10)
        checkError("f(1", "unexpected end of the expression, expected ')' after the arguments of a call", 1, 4)
        checkError("if (a) {", "unexpected end of the expression, expected '}' to close a block", 1, 9)
        checkError("/* open", "unterminated comment", 1, 1)
        checkError("`abc${a}", "unterminated template literal", 1, 8)
        checkError("function (a) {}", "expected the name of a function, found '('", 1, 10)
        checkError("function f(a = 1) {}", "default parameter values are not supported", 1, 14)
        checkError("var {a} = b", "destructuring is not supported", 1, 5)
        checkError("(a = 1) => a", "default parameter values are not supported", 1, 2)
        checkError("(a + 1) => a", "invalid parameters of an arrow function", 1, 2)
        checkError("f(...a)", "spread arguments ('...') are not supported", 1, 3)
        checkError("a?.b", "optional chaining ('?.') is not supported", 1, 2)
        checkError("a ||= b", "logical assignment ('||=') is not supported", 1, 3)
        checkError("x = 12abc", "a name or digit directly after a number", 1, 7)
        checkError("x = 0x", "a number with no digits after its prefix", 1, 5)
        checkError("'\\x4'", "invalid escape sequence: expected 2 hexadecimal digits", 1, 2)
        checkError("'\\u{110000}'", "invalid Unicode escape (above U+10FFFF)", 1, 2)
        checkError("throw\nx", "a line break after 'throw': the thrown value must be on the same line", 2, 1)
        checkError("try {}", "unexpected end of the expression, expected 'catch' or 'finally' after the body of a try statement", 1, 7)
        checkError("switch (a) { default: default: }", "a switch with two 'default' cases", 1, 23)
        checkError("x = {a: 1 b: 2}", "expected ',' or '}' after a property of an object, found 'b'", 1, 11)
        checkError("x = {get a() {}}", "getters and setters are not supported", 1, 6)
        checkError("const c", "'const' c needs a value", 1, 7)
        checkError("class A {}", "'class' statements are not supported", 1, 1)
        checkError("}", "expected an expression, found '}'", 1, 1)
        checkError("a ? b", "unexpected end of the expression, expected ':' between the branches of a conditional expression ('?')", 1, 6)
    }
}
