import LottieModel
import XCTest
@testable import LottiePlay

final class ExpressionControlFlowTests: XCTestCase {
    private func number(_ source: String, file: StaticString = #filePath, line: UInt = #line) throws -> Double? {
        try ExpressionTestRunner.run(source).testNumber
    }

    func testResultIsBmRt() throws {
        XCTAssertEqual(try number("var $bm_rt; $bm_rt = 1 + 2;"), 3)
        guard case .undefined = try ExpressionTestRunner.run("var x = 1;") else { return XCTFail("not undefined") }
    }

    func testHoistingOfVariablesAndFunctions() throws {
        XCTAssertEqual(try number("var k = 3; var $bm_rt; $bm_rt = helper(4); function helper(x) { return x * k; }"), 12)
        XCTAssertEqual(try number("x = 5; var x; $bm_rt = x;"), 5)
        XCTAssertEqual(try number("$bm_rt = typeof y === 'undefined' ? 1 : 2; var y = 3;"), 1)
    }

    func testClosures() throws {
        let source = """
        function counter() { var n = 0; return function () { n += 1; return n; }; }
        var c = counter(); c(); c();
        var d = counter();
        $bm_rt = c() * 10 + d();
        """
        XCTAssertEqual(try number(source), 31)
        XCTAssertEqual(try number("var fs = []; for (let i = 0; i < 3; i++) { fs.push(() => i); } $bm_rt = fs[0]() + fs[2]();"), 2)
    }

    func testRecursion() throws {
        XCTAssertEqual(try number("function fact(n) { return n <= 1 ? 1 : n * fact(n - 1); } $bm_rt = fact(10);"), 3_628_800)
    }

    func testThisAndArguments() throws {
        XCTAssertEqual(try number("var o = {k: 4, f: function () { return this.k; }}; $bm_rt = o.f();"), 4)
        XCTAssertEqual(try number("function f() { return arguments.length; } $bm_rt = f(1, 2, 3);"), 3)
        XCTAssertEqual(try number("function f() { var g = () => arguments[1]; return g(9); } $bm_rt = f(4, 5);"), 5)
        XCTAssertEqual(try number("function f() { return eval('arguments[0] * 2'); } $bm_rt = f(21);"), 42)
        XCTAssertEqual(try number("function f() { function g(a) { return a; } return g(arguments[1]); } $bm_rt = f(1, 7);"), 7)
        XCTAssertEqual(try number("function f(a, b) { return b === undefined ? 7 : 0; } $bm_rt = f(1);"), 7)
        XCTAssertEqual(try number("var o = {k: 2, f: function () { var g = () => this.k; return g(); }}; $bm_rt = o.f();"), 2)
        XCTAssertEqual(try number("function f(a, b) { return a + b; } $bm_rt = f.call(null, 1, 2) + f.apply(null, [3, 4]);"), 10)
        XCTAssertEqual(try number("function P(x) { this.x = x; } var p = new P(6); $bm_rt = p.x;"), 6)
    }

    func testLoops() throws {
        XCTAssertEqual(try number("var s = 0; for (var i = 0; i < 10; i++) { if (i == 5) continue; if (i == 8) break; s += i; } $bm_rt = s;"), 23)
        XCTAssertEqual(try number("var s = 0, i = 0; while (i < 4) { s += i; i++; } $bm_rt = s;"), 6)
        XCTAssertEqual(try number("var i = 10; do { i++; } while (i < 5); $bm_rt = i;"), 11)
        XCTAssertEqual(try ExpressionTestRunner.run("var k = ''; for (var key in {a: 1, b: 2}) k += key; $bm_rt = k;").testString, "ab")
        XCTAssertEqual(try ExpressionTestRunner.run("var k = ''; for (var i in [5, 6]) k += i; $bm_rt = k;").testString, "01")
        XCTAssertEqual(try number("var s = 0; for (const v of [1, 2, 3]) s += v; $bm_rt = s;"), 6)
        XCTAssertEqual(try ExpressionTestRunner.run("var k = ''; for (var c of 'abc') k = c + k; $bm_rt = k;").testString, "cba")
    }

    func testSwitchFallThrough() throws {
        let source = """
        function f(x) { var r = ''; switch (x) { case 1: r += 'a'; case 2: r += 'b'; break; case '3': r += 'c'; default: r += 'd'; } return r; }
        $bm_rt = f(1) + '|' + f(2) + '|' + f(3) + '|' + f('3');
        """
        XCTAssertEqual(try ExpressionTestRunner.run(source).testString, "ab|b|d|cd")
    }

    func testTryCatchFinally() throws {
        XCTAssertEqual(try number("var r; try { throw 5; } catch (e) { r = e * 2; } $bm_rt = r;"), 10)
        XCTAssertEqual(try ExpressionTestRunner.run("var r; try { undefined(); } catch (e) { r = e.name; } $bm_rt = r;").testString, "TypeError")
        XCTAssertEqual(try ExpressionTestRunner.run("var r; try { nope + 1; } catch (e) { r = e.name + ':' + e.message; } $bm_rt = r;").testString,
                       "ReferenceError:nope is not defined")
        XCTAssertEqual(try ExpressionTestRunner.run("var r; try { throw new Error('x'); } catch (e) { r = e.message + e.name; } $bm_rt = r;").testString,
                       "xError")
        XCTAssertEqual(try number("var n = 0; function f() { try { return 1; } finally { n = 5; } } $bm_rt = f() + n;"), 6)
        XCTAssertEqual(try number("var n = 0; try { try { throw 1; } finally { n = 2; } } catch (e) { n += e; } $bm_rt = n;"), 3)
        XCTAssertEqual(try number("var o = null; var r = 0; try { o.x; } catch (e) { r = 1; } $bm_rt = r;"), 1)
        // The name a caught error takes from its message's first word; any other message is an
        // `Error`'s, whole.
        XCTAssertTrue(ExpressionInterpreter.errorName(of: "TypeError: x is not a function") == ("TypeError", "x is not a function"))
        XCTAssertTrue(ExpressionInterpreter.errorName(of: "group 'Effects' has no property 'a: b'")
                      == ("Error", "group 'Effects' has no property 'a: b'"))
        XCTAssertTrue(ExpressionInterpreter.errorName(of: "Error:x") == ("Error", "Error:x"))
        XCTAssertTrue(ExpressionInterpreter.errorName(of: "MyError: ") == ("MyError", ""))
        XCTAssertTrue(ExpressionInterpreter.errorName(of: " Error: x") == ("Error", " Error: x"))
    }

    func testUncaughtThrowIsAThrownFault() throws {
        let fault = try ExpressionTestRunner.fault("throw 'boom';")
        XCTAssertEqual(fault?.kind, .thrown)
        let unknown = try ExpressionTestRunner.fault("$bm_rt = missing;")
        XCTAssertEqual(unknown?.kind, .error)
        XCTAssertTrue(unknown?.message.contains("missing") ?? false)
        XCTAssertNotNil(unknown?.place)
    }

    func testConstAndLet() throws {
        XCTAssertEqual(try ExpressionTestRunner.run("const c = 1; var r; try { c = 2; } catch (e) { r = e.name; } $bm_rt = r;").testString, "TypeError")
        XCTAssertEqual(try number("let a = 1; { let a = 2; } $bm_rt = a;"), 1)
    }

    func testEval() throws {
        XCTAssertEqual(try number("$bm_rt = eval('1+2');"), 3)
        XCTAssertEqual(try number("var x = 4; $bm_rt = eval('x * 2');"), 8)
        XCTAssertEqual(try ExpressionTestRunner.run("var r; try { eval('1 +'); } catch (e) { r = e.name; } $bm_rt = r;").testString, "SyntaxError")
    }

    func testHostGlobals() throws {
        XCTAssertEqual(try number("$bm_rt = time * 3;"), 6)
        assertNumbers(try ExpressionTestRunner.run("$bm_rt = value;").testNumbers, [100, 50])
    }

    func testHostObject() throws {
        XCTAssertEqual(try ExpressionTestRunner.run("$bm_rt = thisProperty.name;").testString, "Position")
        XCTAssertEqual(try number("$bm_rt = thisProperty.double(4);"), 8)
        XCTAssertEqual(try number("$bm_rt = thisProperty(1, 2, 3);"), 3)
        XCTAssertEqual(try number("$bm_rt = thisProperty[1];"), 20)
        XCTAssertEqual(try number("$bm_rt = thisProperty.length;"), 2)
        assertNumbers(try ExpressionTestRunner.run("$bm_rt = thisProperty + [1, 1];").testNumbers, [11, 21])
        assertNumbers(try ExpressionTestRunner.run("$bm_rt = thisProperty * 2;").testNumbers, [20, 40])
        XCTAssertEqual(try number("$bm_rt = thisProperty[0] + 5;"), 15)
        XCTAssertEqual(try ExpressionTestRunner.run("$bm_rt = typeof thisProperty.missing;").testString, "undefined")
    }

    func testNestedRunsShareTheBudget() throws {
        let interpreter = ExpressionInterpreter(budget: ExpressionBudget(maxSteps: 5000, maxMemory: 10_000, maxDepth: 200))
        let inner = try ExpressionParser.parse("var $bm_rt = 0; for (var i = 0; i < 100; i++) $bm_rt += i;")
        let outer = try ExpressionParser.parse("var $bm_rt = other() + other();")
        let result = try interpreter.run(outer) { name in
            guard name == "other" else { return nil }
            return .function(ExpressionFunction("other") { (call) throws(ExpressionFault) in
                try call.interpreter.run(inner) { _ in nil }
            })
        }
        XCTAssertEqual(result.testNumber, 9900)
        XCTAssertGreaterThan(interpreter.steps, 1000)
    }
}
