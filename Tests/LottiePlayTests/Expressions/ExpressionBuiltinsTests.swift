import LottieModel
import XCTest
@testable import LottiePlay

final class ExpressionBuiltinsTests: XCTestCase {
    private func value(_ expression: String) throws -> ExpressionValue {
        try ExpressionTestRunner.run("var $bm_rt; $bm_rt = \(expression);")
    }

    private func text(_ expression: String) throws -> String? { try value(expression).testString }
    private func number(_ expression: String) throws -> Double? { try value(expression).testNumber }

    func testStringMethods() throws {
        XCTAssertEqual(try number("'Hello'.length"), 5)
        XCTAssertEqual(try text("'Hello'.charAt(1)"), "e")
        XCTAssertEqual(try number("'Hello'.charCodeAt(0)"), 72)
        XCTAssertEqual(try number("'Hello'.indexOf('l')"), 2)
        XCTAssertEqual(try number("'Hello'.lastIndexOf('l')"), 3)
        XCTAssertEqual(try number("'Hello'.indexOf('z')"), -1)
        XCTAssertEqual(try text("'Hello'.slice(1, -1)"), "ell")
        XCTAssertEqual(try text("'Hello'.substring(3, 1)"), "el")
        XCTAssertEqual(try text("'Hello'.substr(1, 3)"), "ell")
        XCTAssertEqual(try text("'Hello'.toUpperCase() + 'Hello'.toLowerCase()"), "HELLOhello")
        XCTAssertEqual(try number("'a,b,c'.split(',').length"), 3)
        XCTAssertEqual(try text("'a,b,c'.split(',', 2).join('|')"), "a|b")
        XCTAssertEqual(try text("'abc'.split('').join('-')"), "a-b-c")
        XCTAssertEqual(try text("'Hello'.replace('l', 'L')"), "HeLlo")
        XCTAssertEqual(try text("'  x '.trim()"), "x")
        XCTAssertEqual(try text("'a'.concat('b', 1)"), "ab1")
        XCTAssertEqual(try value("'Hello'.includes('ell')").testBool, true)
        XCTAssertEqual(try value("'Hello'.startsWith('He')").testBool, true)
        XCTAssertEqual(try value("'Hello'.endsWith('lo')").testBool, true)
        XCTAssertEqual(try text("'5'.padStart(3, '0')"), "005")
        XCTAssertEqual(try text("'5'.padEnd(3)"), "5  ")
        XCTAssertEqual(try text("'ab'.repeat(3)"), "ababab")
        XCTAssertEqual(try text("String.fromCharCode(72, 105)"), "Hi")
        XCTAssertEqual(try text("'abc'[1]"), "b")
    }

    func testArrayMethods() throws {
        let source = """
        var a = [1, 2, 3]; a.push(4); var p = a.pop(); var s = a.shift(); a.unshift(0);
        $bm_rt = [a.join('-'), p, s, a.length];
        """
        guard case .array(let result) = try ExpressionTestRunner.run(source) else { return XCTFail("not an array") }
        XCTAssertEqual(result.elements[0].testString, "0-2-3")
        XCTAssertEqual(result.elements[1].testNumber, 4)
        XCTAssertEqual(result.elements[2].testNumber, 1)
        XCTAssertEqual(result.elements[3].testNumber, 3)
        assertNumbers(try value("[1, 2, 3, 4].slice(1, -1)").testNumbers, [2, 3])
        assertNumbers(try ExpressionTestRunner.run("var a = [1, 2, 3, 4]; var r = a.splice(1, 2, 9); $bm_rt = a.concat(r);").testNumbers,
                      [1, 9, 4, 2, 3])
        assertNumbers(try value("[1].concat([2, 3], 4)").testNumbers, [1, 2, 3, 4])
        XCTAssertEqual(try number("[1, 2, 3].indexOf(2)"), 1)
        XCTAssertEqual(try number("[1, 2, 1].lastIndexOf(1)"), 2)
        XCTAssertEqual(try value("[1, NaN].includes(NaN)").testBool, true)
        assertNumbers(try value("[1, 2, 3].reverse()").testNumbers, [3, 2, 1])
        assertNumbers(try value("[1, 2, 3].map(function (x, i) { return x * 10 + i; })").testNumbers, [10, 21, 32])
        assertNumbers(try value("[1, 2, 3, 4].filter(x => x % 2 == 0)").testNumbers, [2, 4])
        XCTAssertEqual(try number("[1, 2, 3, 4].reduce((s, x) => s + x, 0)"), 10)
        XCTAssertEqual(try number("[1, 2, 3, 4].reduce((s, x) => s * x)"), 24)
        XCTAssertEqual(try value("[1, 2].some(x => x > 1)").testBool, true)
        XCTAssertEqual(try value("[1, 2].every(x => x > 1)").testBool, false)
        XCTAssertEqual(try number("[5, 6, 7].find(x => x > 5)"), 6)
        XCTAssertEqual(try number("[5, 6, 7].findIndex(x => x > 9)"), -1)
        assertNumbers(try value("[1, 2, 3].fill(0, 1)").testNumbers, [1, 0, 0])
        assertNumbers(try value("[10, 9, 1].sort()").testNumbers, [1, 10, 9])
        assertNumbers(try value("[10, 9, 1, 5].sort((a, b) => a - b)").testNumbers, [1, 5, 9, 10])
        XCTAssertEqual(try ExpressionTestRunner.run("var t = 0; [1, 2].forEach(function (x) { t += x; }); $bm_rt = t;").testNumber, 3)
        XCTAssertEqual(try text("[1, 2].toString()"), "1,2")
    }

    func testArrayLengthAndGrowth() throws {
        assertNumbers(try ExpressionTestRunner.run("var a = [1, 2, 3]; a.length = 1; $bm_rt = a;").testNumbers, [1])
        XCTAssertEqual(try ExpressionTestRunner.run("var a = []; a[3] = 1; $bm_rt = a.length;").testNumber, 4)
        XCTAssertEqual(try number("Array(3).length"), 3)
        XCTAssertEqual(try number("new Array(2).length"), 2)
        assertNumbers(try value("Array(1, 2)").testNumbers, [1, 2])
        XCTAssertEqual(try value("Array.isArray([])").testBool, true)
        XCTAssertEqual(try text("Object.keys({a: 1, b: 2}).join()"), "a,b")
        XCTAssertEqual(try number("Object.assign({a: 1}, {b: 2}).b"), 2)
    }

    func testSortWithThrowingComparator() throws {
        let source = "var a = [3, 1, 2]; var r = 'no'; try { a.sort(function () { throw 'x'; }); } catch (e) { r = e; } $bm_rt = r + a.length;"
        XCTAssertEqual(try ExpressionTestRunner.run(source).testString, "x3")
    }

    func testJSONAndConversions() throws {
        XCTAssertEqual(try text("JSON.stringify({a: [1, 'x', null], b: true})"), "{\"a\":[1,\"x\",null],\"b\":true}")
        XCTAssertEqual(try text("String([1, 2])"), "1,2")
        XCTAssertEqual(try value("Boolean('')").testBool, false)
        XCTAssertEqual(try number("Number(true)"), 1)
        XCTAssertEqual(try text("new TypeError('bad').name"), "TypeError")
    }

    func testMath() throws {
        XCTAssertEqual(try number("Math.max(1, 3, 2)"), 3)
        XCTAssertEqual(try number("Math.min()"), .infinity)
        XCTAssertEqual(try number("Math.round(-2.5)"), -2)
        XCTAssertEqual(try number("Math.round(2.5)"), 3)
        XCTAssertEqual(try number("Math.sign(-3)"), -1)
        XCTAssertEqual(try number("Math.trunc(-4.7)"), -4)
        XCTAssertEqual(try number("Math.hypot(3, 4)"), 5)
        XCTAssertEqual(try number("Math.log10(1000)") ?? .nan, 3, accuracy: 1e-12)
        XCTAssertEqual(try number("Math.log2(8)"), 3)
        XCTAssertEqual(try number("Math.cbrt(27)") ?? .nan, 3, accuracy: 1e-12)
        XCTAssertEqual(try number("Math.floor(-1.5) + Math.ceil(1.2) + Math.abs(-2)"), 2)
        XCTAssertEqual(try number("Math.pow(2, 0.5)") ?? .nan, 2.0.squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(try number("Math.PI"), .pi)
        XCTAssertEqual(try number("Math.atan2(1, 1)") ?? .nan, .pi / 4, accuracy: 1e-12)
    }

    func testBuiltinsAreFreshPerRun() throws {
        let interpreter = ExpressionInterpreter(budget: ExpressionTestRunner.defaultBudget)
        _ = try ExpressionTestRunner.run("Math.PI = 3; $bm_rt = Math.PI;", interpreter: interpreter)
        XCTAssertEqual(try ExpressionTestRunner.run("$bm_rt = Math.PI;", interpreter: interpreter).testNumber, .pi)
    }
}

final class ExpressionBuiltinNamesTests: XCTestCase {
    func testEveryListedBuiltinIsDefined() throws {
        // `builtinNames` gates the look-up of built-ins: a name listed but not defined (a typo)
        // would be undefined in expressions; `typeof` tells the kinds apart.
        for name in ExpressionInterpreter.builtinNames.sorted() {
            let kind = try ExpressionTestRunner.run("var $bm_rt = typeof \(name);").testString
            let expected = ["undefined": "undefined", "NaN": "number", "Infinity": "number", "Math": "object",
                            "JSON": "object"][name] ?? "function"
            XCTAssertEqual(kind, expected, name)
        }
        // A host's name is not a built-in: without a host it is not defined.
        XCTAssertEqual(try ExpressionTestRunner.run("var $bm_rt = typeof thisComp;").testString, "undefined")
    }
}
