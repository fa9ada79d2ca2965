import LottieModel
import XCTest
@testable import LottiePlay

final class ExpressionBudgetTests: XCTestCase {
    private let budget = ExpressionBudget(maxSteps: 100_000, maxMemory: 100_000, maxDepth: 200)

    /// Asserts that `source` ends with a `limit` fault, quickly.
    private func assertLimit(_ source: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let start = Date()
        let fault = try ExpressionTestRunner.fault(source, budget: budget)
        XCTAssertEqual(fault?.kind, .limit, "\(source): \(String(describing: fault))", file: file, line: line)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10, source, file: file, line: line)
    }

    func testEndlessLoops() throws {
        try assertLimit("while (true) {}")
        try assertLimit("for (;;) {}")
        try assertLimit("do ; while (1)")
        try assertLimit("for (;;);")
    }

    func testLimitsAreNotCaught() throws {
        try assertLimit("try { while (true) {} } catch (e) {}")
        try assertLimit("var n = 0; try { while (true) {} } finally { n = 1; }")
        try assertLimit("function f() { try { f(); } finally { f(); } } f();")
        try assertLimit("function f() { try { f(); } catch (e) { f(); } } f();")
        try assertLimit("var a = [3, 2, 1]; try { a.sort(function () { while (true) {} }); } catch (e) {}")
    }

    func testDeepRecursion() throws {
        try assertLimit("function r() { return r(); } r();")
        try assertLimit("var f = x => f(x + 1); f(0);")
        try assertLimit("var o = {}; o.f = function () { return this.f(); }; o.f();")
        let fault = try ExpressionTestRunner.fault("function r() { return r(); } r();", budget: budget)
        XCTAssertEqual(fault?.message, "nested more than 200 deep")
    }

    func testMemory() throws {
        try assertLimit("var s = 'x'; while (1) s += s;")
        try assertLimit("var a = []; while (1) a.push(1);")
        try assertLimit("Array(1e9);")
        try assertLimit("new Array(4294967295);")
        try assertLimit("'x'.repeat(1e9);")
        try assertLimit("'x'.padStart(1e9);")
        try assertLimit("var a = []; a[1e9] = 1;")
        try assertLimit("var a = []; a.length = 1e9;")
        try assertLimit("var a = [1, 2, 3, 4]; while (1) a = a.concat(a);")
        try assertLimit("var s = 'ab'; while (1) s = [s, s, s].join(s);")
        try assertLimit("var o = {}; for (var i = 0; ; i++) o['k' + i] = i;")
        try assertLimit("var a = [1]; a.push(a); $bm_rt = a.join();")
    }

    func testRangeErrorsAreCatchable() throws {
        let result = try ExpressionTestRunner.run("var r; try { Array(-1); } catch (e) { r = e.name; } $bm_rt = r;", budget: budget)
        XCTAssertEqual(result.testString, "RangeError")
    }

    func testBudgetResetsForEachRun() throws {
        let interpreter = ExpressionInterpreter(budget: ExpressionBudget(maxSteps: 3000, maxMemory: 1000, maxDepth: 200))
        for _ in 0..<5 {
            let result = try ExpressionTestRunner.run("var s = 0; for (var i = 0; i < 100; i++) s += i; $bm_rt = s;",
                                                      interpreter: interpreter)
            XCTAssertEqual(result.testNumber, 4950)
        }
    }
}
