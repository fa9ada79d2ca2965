import LottieModel
import XCTest
@testable import LottiePlay

final class ExpressionOperatorsTests: XCTestCase {
    private func value(_ expression: String) throws -> ExpressionValue {
        try ExpressionTestRunner.run("var $bm_rt; $bm_rt = \(expression);")
    }

    private func number(_ expression: String) throws -> Double? { try value(expression).testNumber }
    private func text(_ expression: String) throws -> String? { try value(expression).testString }
    private func bool(_ expression: String) throws -> Bool? { try value(expression).testBool }

    func testArithmeticAndConcatenation() throws {
        XCTAssertEqual(try text("'5' + 3"), "53")
        XCTAssertEqual(try text("1 + 2 + 'x'"), "3x")
        XCTAssertEqual(try number("'5' - 3"), 2)
        XCTAssertEqual(try number("'5' * '2'"), 10)
        XCTAssertEqual(try number("7 % 3"), 1)
        XCTAssertEqual(try number("-7 % 3"), -1)
        XCTAssertEqual(try number("2 ** 10"), 1024)
        XCTAssertEqual(try number("true + 1"), 2)
        XCTAssertEqual(try number("null + 1"), 1)
        XCTAssertTrue(try number("undefined + 1")?.isNaN ?? false)
        XCTAssertEqual(try text("'a' + null"), "anull")
        XCTAssertEqual(try text("({}) + ''"), "[object Object]")
    }

    func testEquality() throws {
        XCTAssertEqual(try bool("1 == '1'"), true)
        XCTAssertEqual(try bool("null == undefined"), true)
        XCTAssertEqual(try bool("null == 0"), false)
        XCTAssertEqual(try bool("NaN == NaN"), false)
        XCTAssertEqual(try bool("'1' === 1"), false)
        XCTAssertEqual(try bool("true == 1"), true)
        XCTAssertEqual(try bool("[1] == 1"), true)
    }

    func testIdentityOfObjects() throws {
        XCTAssertEqual(try ExpressionTestRunner.run("var a = [1], b = [1]; $bm_rt = (a === a) && !(a === b);").testBool, true)
    }

    func testRelational() throws {
        XCTAssertEqual(try bool("'b' > 'a'"), true)
        XCTAssertEqual(try bool("'10' < '9'"), true)
        XCTAssertEqual(try bool("10 < 9"), false)
        XCTAssertEqual(try bool("'10' < 9"), false)
        XCTAssertEqual(try bool("NaN <= 1"), false)
        XCTAssertEqual(try bool("2 >= 2"), true)
    }

    func testTypeof() throws {
        XCTAssertEqual(try text("typeof 1"), "number")
        XCTAssertEqual(try text("typeof 'a'"), "string")
        XCTAssertEqual(try text("typeof undefined"), "undefined")
        XCTAssertEqual(try text("typeof notDeclaredAnywhere"), "undefined")
        XCTAssertEqual(try text("typeof null"), "object")
        XCTAssertEqual(try text("typeof [1]"), "object")
        XCTAssertEqual(try text("typeof function () {}"), "function")
        XCTAssertEqual(try text("typeof Math.sin"), "function")
        XCTAssertEqual(try text("typeof true"), "boolean")
    }

    func testBitwise() throws {
        XCTAssertEqual(try number("5 & 3"), 1)
        XCTAssertEqual(try number("5 | 3"), 7)
        XCTAssertEqual(try number("5 ^ 3"), 6)
        XCTAssertEqual(try number("~5"), -6)
        XCTAssertEqual(try number("1 << 31"), -2_147_483_648)
        XCTAssertEqual(try number("-1 >>> 0"), 4_294_967_295)
        XCTAssertEqual(try number("-16 >> 2"), -4)
        XCTAssertEqual(try number("1e20 | 0"), 1_661_992_960)
        XCTAssertEqual(try number("NaN | 0"), 0)
    }

    func testLogicalAndOthers() throws {
        XCTAssertEqual(try number("null ?? 5"), 5)
        XCTAssertEqual(try number("0 ?? 5"), 0)
        XCTAssertEqual(try number("0 || 5"), 5)
        XCTAssertEqual(try number("1 && 2"), 2)
        XCTAssertEqual(try bool("!0"), true)
        guard case .undefined = try value("void 0") else { return XCTFail("void") }
        XCTAssertEqual(try bool("'a' in {a: 1}"), true)
        XCTAssertEqual(try bool("1 in [5, 6]"), true)
        XCTAssertEqual(try bool("2 in [5, 6]"), false)
        XCTAssertEqual(try bool("[] instanceof Array"), true)
        XCTAssertEqual(try number("(1, 2, 3)"), 3)
        XCTAssertEqual(try number("true ? 1 : 2"), 1)
    }

    func testUpdateAndCompoundAssignment() throws {
        let source = """
        var x = 1; var a = x++; var b = ++x; var o = {n: 1}; o.n++; o['n'] += 5;
        var arr = [1, 2]; arr[0] += 5; arr[1]--; var s = 'a'; s += 'b';
        $bm_rt = [a, b, x, o.n, arr[0], arr[1], s];
        """
        guard case .array(let result) = try ExpressionTestRunner.run(source) else { return XCTFail("not an array") }
        assertNumbers(result.elements.prefix(6).map { $0.testNumber ?? .nan }, [1, 3, 3, 7, 6, 1])
        XCTAssertEqual(result.elements.last?.testString, "ab")
    }

    func testDelete() throws {
        XCTAssertEqual(try ExpressionTestRunner.run("var o = {a: 1, b: 2}; delete o.a; $bm_rt = Object.keys(o).join();").testString, "b")
    }

    func testNumberPrinting() throws {
        XCTAssertEqual(try text("String(0.1 + 0.2)"), "0.30000000000000004")
        XCTAssertEqual(try text("String(1e21)"), "1e+21")
        XCTAssertEqual(try text("String(1e20)"), "100000000000000000000")
        XCTAssertEqual(try text("String(-0)"), "0")
        XCTAssertEqual(try text("'' + 1 / 0"), "Infinity")
        XCTAssertEqual(try text("'' + -1 / 0"), "-Infinity")
        XCTAssertEqual(try text("'' + 0 / 0"), "NaN")
        XCTAssertEqual(try text("'' + 123.0"), "123")
        XCTAssertEqual(try text("'' + 1.5e-7"), "1.5e-7")
        XCTAssertEqual(try text("'' + 0.000001"), "0.000001")
        XCTAssertEqual(try text("'' + 2 ** 53"), "9007199254740992")
        XCTAssertEqual(try text("'' + -12.5"), "-12.5")
        XCTAssertEqual(try text("'' + 5e-324"), "5e-324")
        XCTAssertEqual(try text("'' + [1, [2, 3], null]"), "1,2,3,")
    }

    func testNumberMethods() throws {
        XCTAssertEqual(try text("(3.14159).toFixed(2)"), "3.14")
        XCTAssertEqual(try text("(2).toFixed(0)"), "2")
        XCTAssertEqual(try text("(255).toString(16)"), "ff")
        XCTAssertEqual(try text("(5).toString(2)"), "101")
        XCTAssertEqual(try text("(123.456).toPrecision(4)"), "123.5")
        XCTAssertEqual(try text("(0.00001234).toPrecision(2)"), "0.000012")
        XCTAssertEqual(try text("(1234567).toPrecision(2)"), "1.2e+6")
    }

    func testParsing() throws {
        XCTAssertEqual(try number("parseInt('42px')"), 42)
        XCTAssertEqual(try number("parseInt('ff', 16)"), 255)
        XCTAssertEqual(try number("parseInt('0x1A')"), 26)
        XCTAssertEqual(try number("parseInt('-12.9')"), -12)
        XCTAssertTrue(try number("parseInt('x')")?.isNaN ?? false)
        XCTAssertEqual(try number("parseFloat('3.5e2x')"), 350)
        XCTAssertEqual(try number("parseFloat('.5')"), 0.5)
        XCTAssertEqual(try number("Number('')"), 0)
        XCTAssertEqual(try number("Number(' 12 ')"), 12)
        XCTAssertEqual(try number("Number('0x10')"), 16)
        XCTAssertTrue(try number("Number('1a')")?.isNaN ?? false)
        XCTAssertTrue(try number("Number('nan')")?.isNaN ?? false)
        XCTAssertEqual(try bool("isNaN('abc')"), true)
        XCTAssertEqual(try bool("isFinite('12')"), true)
    }
}
