import LottieModel
import XCTest
@testable import LottiePlay

final class ExpressionVectorMathTests: XCTestCase {
    private func value(_ expression: String) throws -> ExpressionValue {
        try ExpressionTestRunner.run("var $bm_rt; $bm_rt = \(expression);")
    }

    func testBodymovinOperatorFunctions() throws {
        assertNumbers(try value("$bm_sum([1, 2], [3, 4, 5])").testNumbers, [4, 6, 5])
        assertNumbers(try value("$bm_sum(5, [1, 2])").testNumbers, [6, 2])
        assertNumbers(try value("$bm_sum([1, 2], 5)").testNumbers, [6, 2])
        XCTAssertEqual(try value("$bm_sum(1, 2)").testNumber, 3)
        XCTAssertEqual(try value("$bm_sum('a', 2)").testString, "a2")
        assertNumbers(try value("$bm_sub([5, 5], [1, 2, 3])").testNumbers, [4, 3, 3])
        assertNumbers(try value("$bm_sub([5, 5], 1)").testNumbers, [4, 5])
        XCTAssertEqual(try value("$bm_sub('7px', '2')").testNumber, 5)
        assertNumbers(try value("$bm_mul([1, 2], 3)").testNumbers, [3, 6])
        assertNumbers(try value("$bm_mul(3, [1, 2])").testNumbers, [3, 6])
        XCTAssertEqual(try value("$bm_mul([1, 2], [3, 4])").testNumber, 0)
        assertNumbers(try value("$bm_div([2, 4], 2)").testNumbers, [1, 2])
        assertNumbers(try value("$bm_div(8, [2, 4])").testNumbers, [4, 2])
        XCTAssertEqual(try value("$bm_mod(7, 4)").testNumber, 3)
        assertNumbers(try value("$bm_neg([1, -2])").testNumbers, [-1, 2])
        XCTAssertEqual(try value("$bm_isInstanceOfArray([1])").testBool, true)
        XCTAssertEqual(try value("add(1, 2) + sub(5, 1) + mul(2, 3) + div(8, 2)").testNumber, 17)
    }

    func testOperatorsOnArrays() throws {
        assertNumbers(try value("[1, 2] + [3, 4]").testNumbers, [4, 6])
        assertNumbers(try value("[5, 5] - [1, 2]").testNumbers, [4, 3])
        assertNumbers(try value("[1, 2] * 2").testNumbers, [2, 4])
        assertNumbers(try value("2 * [1, 2]").testNumbers, [2, 4])
        assertNumbers(try value("[2, 4] / 2").testNumbers, [1, 2])
        assertNumbers(try value("5 + [1, 2]").testNumbers, [6, 2])
        assertNumbers(try value("-[1, 2]").testNumbers, [-1, -2])
        assertNumbers(try value("value + [1, 1]").testNumbers, [101, 51])
        assertNumbers(try ExpressionTestRunner.run("var p = [1, 2]; p += [10, 10]; p *= 2; $bm_rt = p;").testNumbers, [22, 24])
        // Operands are not changed.
        assertNumbers(try ExpressionTestRunner.run("var p = [1, 2]; var q = p + 5; $bm_rt = p;").testNumbers, [1, 2])
        XCTAssertEqual(try value("'a' + 'b'").testString, "ab")
    }

    func testClampAndLength() throws {
        assertNumbers(try value("clamp([5, -5, 0.5], 0, 1)").testNumbers, [1, 0, 0.5])
        assertNumbers(try value("clamp([5, 5], [0, 0], [1, 10])").testNumbers, [1, 5])
        XCTAssertEqual(try value("clamp(5, 10, 0)").testNumber, 5)
        XCTAssertEqual(try value("clamp(-1, 0, 1)").testNumber, 0)
        XCTAssertEqual(try value("length([3, 4])").testNumber, 5)
        XCTAssertEqual(try value("length([1, 1], [4, 5])").testNumber, 5)
        XCTAssertEqual(try value("length(-3)").testNumber, 3)
        XCTAssertEqual(try value("length(2, 7)").testNumber, 5)
        assertNumbers(try value("normalize([3, 4])").testNumbers, [0.6, 0.8])
        XCTAssertEqual(try value("dot([1, 2, 3], [4, 5, 6])").testNumber, 32)
        assertNumbers(try value("cross([1, 0, 0], [0, 1, 0])").testNumbers, [0, 0, 1])
    }

    func testLinear() throws {
        XCTAssertEqual(try value("linear(0.5, 0, 1, 10, 20)").testNumber, 15)
        assertNumbers(try value("linear(5, 0, 10, [0, 0], [10, 20])").testNumbers, [5, 10])
        XCTAssertEqual(try value("linear(-1, 0, 1, 3, 4)").testNumber, 3)
        XCTAssertEqual(try value("linear(9, 0, 1, 3, 4)").testNumber, 4)
        XCTAssertEqual(try value("linear(0.25, 10, 20)").testNumber, 12.5)
        XCTAssertEqual(try value("linear(1, 4, 0, 0, 100)").testNumber, 25)
        XCTAssertEqual(try value("linear(time, 0, 4, 0, 100)").testNumber, 50)
    }

    func testEase() throws {
        XCTAssertEqual(try value("ease(0, 0, 1, 0, 100)").testNumber ?? .nan, 0, accuracy: 1e-9)
        XCTAssertEqual(try value("ease(1, 0, 1, 0, 100)").testNumber ?? .nan, 100, accuracy: 1e-9)
        XCTAssertEqual(try value("ease(5, 0, 1, 0, 100)").testNumber ?? .nan, 100, accuracy: 1e-9)
        XCTAssertEqual(try value("ease(0.5, 0, 1, 0, 100)").testNumber ?? .nan, 50, accuracy: 0.5)
        XCTAssertEqual(try value("ease(0.5, 0, 100)").testNumber ?? .nan, 50, accuracy: 0.5)
        // Ease in starts slow and ease out starts fast.
        XCTAssertLessThan(try value("easeIn(0.25, 0, 1, 0, 100)").testNumber ?? .nan, 25)
        XCTAssertGreaterThan(try value("easeOut(0.25, 0, 1, 0, 100)").testNumber ?? .nan, 25)
        assertNumbers(try value("ease(2, 0, 2, [0, 0], [10, 20])").testNumbers, [10, 20])
    }

    func testAngleAndColour() throws {
        XCTAssertEqual(try value("degreesToRadians(180)").testNumber ?? .nan, .pi, accuracy: 1e-12)
        XCTAssertEqual(try value("radiansToDegrees(Math.PI / 2)").testNumber ?? .nan, 90, accuracy: 1e-12)
        assertNumbers(try value("rgbToHsl([1, 0, 0, 1])").testNumbers, [0, 1, 0.5, 1])
        assertNumbers(try value("hslToRgb([0, 1, 0.5, 1])").testNumbers, [1, 0, 0, 1])
        assertNumbers(try value("rgbToHsl([0.2, 0.4, 0.6, 1])").testNumbers, [7.0 / 12, 0.5, 0.4, 1])
        assertNumbers(try value("hslToRgb(rgbToHsl([0.2, 0.4, 0.6, 1]))").testNumbers, [0.2, 0.4, 0.6, 1], accuracy: 1e-12)
    }

    func testRandomIsSeededAndInRange() throws {
        let source = """
        seedRandom(3, true); var a = random(); var b = random(10, 20); var c = random([10, 20]); var g = gaussRandom();
        seedRandom(3, true); var a2 = random();
        $bm_rt = [a, a2, b, c[0], c[1], Math.random(), g];
        """
        guard let values = try ExpressionTestRunner.run(source).testNumbers else { return XCTFail("not numbers") }
        XCTAssertEqual(values[0], values[1])
        XCTAssertTrue((0..<1).contains(values[0]))
        XCTAssertTrue((10..<20).contains(values[2]))
        XCTAssertTrue((0..<10).contains(values[3]))
        XCTAssertTrue((0..<20).contains(values[4]))
        XCTAssertTrue((0..<1).contains(values[5]))
        XCTAssertTrue(values[6].isFinite)
        // The same seed from the host gives the same numbers.
        let interpreter = ExpressionInterpreter(budget: ExpressionTestRunner.defaultBudget)
        interpreter.randomState = 42
        let first = try ExpressionTestRunner.run("$bm_rt = random();", interpreter: interpreter).testNumber
        interpreter.randomState = 42
        XCTAssertEqual(try ExpressionTestRunner.run("$bm_rt = random();", interpreter: interpreter).testNumber, first)
    }
}
