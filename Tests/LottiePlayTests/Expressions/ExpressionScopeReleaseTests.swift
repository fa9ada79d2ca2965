import LottieModel
import XCTest
@testable import LottiePlay

/// Scopes and the closures declared in them refer to each other; the interpreter empties them
/// when the run ends, so that nothing a run made outlives it.
final class ExpressionScopeReleaseTests: XCTestCase {
    private func assertReleased(_ source: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let program = try ExpressionParser.parse(source)
        let interpreter = ExpressionInterpreter(budget: ExpressionTestRunner.defaultBudget)
        weak var weakHost: TestHostProperty?
        do {
            let host = TestHostProperty()
            weakHost = host
            _ = try interpreter.run(program) { name in name == "thisProperty" ? .host(host) : nil }
        }
        XCTAssertNil(weakHost, "the run's scope outlived it: \(source)", file: file, line: line)
    }

    func testScopesWithoutClosuresAreReleased() throws {
        // Not tracked: nothing refers back to them.
        try assertReleased("var p = thisProperty; $bm_rt = p[0];")
        try assertReleased("var a = [thisProperty]; { let b = a; $bm_rt = b.length; }")
    }

    func testScopesWithClosuresAreReleased() throws {
        try assertReleased("var p = thisProperty; function f() { return p; } $bm_rt = f()[0];")
        try assertReleased("function outer() { var q = thisProperty; function inner() { return q; } return inner; } $bm_rt = outer()()[1];")
        try assertReleased("var fs = []; for (let i = 0; i < 3; i++) { fs.push(() => thisProperty); } $bm_rt = fs.length;")
    }
}
