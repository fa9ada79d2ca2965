import LottieModel
import XCTest
@testable import LottiePlay

/// Scopes and the closures declared in them refer to each other; the interpreter empties them
/// when the run ends, so that nothing a run made outlives it. What an interpreter keeps between
/// runs (its evaluations and their hosts) goes with its timeline.
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

    func testAWorldIsReleasedWithItsTimeline() throws {
        // The interpreters a world keeps hold the evaluations they run, and those the hosts they
        // made: none of them may keep the world.
        weak var weakWorld: ExpressionWorld?
        do {
            let timeline = try ExpressionScene.timeline([
                ExpressionScene.layer("A", index: 1, position: ExpressionScene.fixed("[5,5]")),
                ExpressionScene.layer("B", index: 2, position: ExpressionScene.fixed("[0,0]", expression:
                    "$bm_rt = thisComp.layer('A').position;")),
            ])
            weakWorld = timeline.compiled.expressions
            XCTAssertEqual(try ExpressionScene.origin("B", of: timeline, atFrame: 0), [5, 5])
        }
        XCTAssertNil(weakWorld, "the expression world outlived its timeline")
    }
}
