import XCTest
import LottieModel

/// `ExpressionParser` on hostile and large inputs: the depth limit stops deep nesting with an error
/// (never a stack overflow), long flat lists are read in loops, and fuzzer findings stay fixed.
final class ExpressionParserLimitsTests: XCTestCase {
    private func depthError(_ source: String, maxDepth: Int = 200, file: StaticString = #filePath, line: UInt = #line) {
        do {
            _ = try ExpressionParser.parse(source, maxDepth: maxDepth)
            XCTFail("parsed", file: file, line: line)
        } catch {
            XCTAssertEqual(error.message, "nested more than \(maxDepth) deep", file: file, line: line)
        }
    }

    func testDeepNestingIsAnErrorNotACrash() {
        let count = 100_000
        depthError(String(repeating: "(", count: count))
        depthError(String(repeating: "[", count: count))
        depthError(String(repeating: "!", count: count) + "a")
        depthError(String(repeating: "-", count: count) + "a")
        depthError(String(repeating: "- ", count: count) + "a")
        depthError(String(repeating: "{", count: count))
        depthError("x = " + String(repeating: "{a:", count: count))
        depthError(String(repeating: "a=", count: count) + "a")
        depthError(String(repeating: "a**", count: count) + "a")
        depthError(String(repeating: "new ", count: count) + "a")
        depthError(String(repeating: "if (a) ", count: count) + ";")
        depthError(String(repeating: "a ? b : ", count: count) + "c")
        depthError(String(repeating: "() => ", count: count) + "1")
        depthError(String(repeating: "function f() {", count: count))
        depthError(String(repeating: "`${", count: count))
    }

    func testLongChainsCountAsDepthSoTheTreeStaysShallow() {
        depthError(String(repeating: "a + ", count: 100_000) + "a")
        depthError("a" + String(repeating: ".b", count: 100_000))
        depthError("f" + String(repeating: "()", count: 100_000))
        depthError("`" + String(repeating: "${a}", count: 100_000) + "`")
    }

    func testNestingJustUnderTheLimitParses() throws {
        _ = try ExpressionParser.parse(String(repeating: "(", count: 190) + "1" + String(repeating: ")", count: 190))
        _ = try ExpressionParser.parse(String(repeating: "[", count: 190) + String(repeating: "]", count: 190))
        _ = try ExpressionParser.parse(String(repeating: "{", count: 190) + String(repeating: "}", count: 190))
        _ = try ExpressionParser.parse(String(repeating: "a + ", count: 150) + "a")
        depthError("((1))", maxDepth: 3)
        XCTAssertNoThrow(try ExpressionParser.parse("((1))", maxDepth: 4))
    }

    func testLongFlatListsAreReadInLoops() throws {
        let statements = try ExpressionParser.parse(String(repeating: "a = 1;\n", count: 100_000))
        XCTAssertEqual(statements.body.count, 100_000)
        let array = try ExpressionParser.parse("[" + String(repeating: "1,", count: 100_000) + "]")
        guard case .expression(let node) = array.body.first?.kind, case .array(let elements) = node.kind else {
            return XCTFail("not an array")
        }
        XCTAssertEqual(elements.count, 100_000)
        _ = try ExpressionParser.parse("f(" + String(repeating: "1,", count: 100_000) + ")")
        _ = try ExpressionParser.parse("x = {" + String(repeating: "a: 1,", count: 50_000) + "}")
        _ = try ExpressionParser.parse(String(repeating: "a, ", count: 100_000) + "a")
        _ = try ExpressionParser.parse("var " + String(repeating: "a = 1, ", count: 50_000) + "b")
        _ = try ExpressionParser.parse(String(repeating: "// comment\n", count: 20_000))
    }

    func testGarbageNeverCrashes() {
        let inputs = ["", " ", "\n", "\\", "'", "\"", "`", "`${", "`${}`", "/", "/*", "0x", "0b2", "1e", "1e+",
                      "'\\u{", "'\\u{}'", "'\\u12'", "#", "@", "\u{0}", "\u{FEFF}a", "a\u{301}", "\u{301}",
                      "=>", "(", ")", "[", "]", "{", "}", "(,)", "[,,]", "{,}", "a.", "a[", "a(", "new", "new.",
                      "for", "for (", "for (var", "for (var a", "for (var a in", "for (a of", "switch (a) {",
                      "switch (a) { case", "try", "try {} catch (", "do", "do a; while", "function", "x => ",
                      "() =>", "(a, b) =>", "a ? b :", "++", "a++ ++", "`${a`", "'\\\r", "'\\\r\n'"]
        // Each either parses or gives an error placed inside the input (or just after its end).
        var parsed: [String] = []
        for input in inputs {
            do throws(ExpressionSyntaxError) {
                _ = try ExpressionParser.parse(input)
                parsed.append(input)
            } catch {
                let lines = input.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
                XCTAssertTrue((1...lines + 1).contains(error.place.line) && error.place.column >= 1,
                              "\(input.debugDescription): \(error)")
                XCTAssertFalse(error.message.isEmpty, input.debugDescription)
            }
        }
        // Only these are JavaScript: empty programs, a byte order mark (white space) before a name, a
        // name ending in a combining mark, an array of holes, a string continued on the next line.
        XCTAssertEqual(parsed, ["", " ", "\n", "\u{FEFF}a", "a\u{301}", "[,,]", "'\\\r\n'"])
    }
}
