import LottieModel
import XCTest
@testable import LottiePlay

/// Inputs found by the expression fuzz target (Scripts/fuzz.sh expression), each the source of
/// an expression that once ran far longer than its budget should allow: a built-in or host call
/// did work in proportion to its input for a single step. Each must now end on its budget
/// (`limit`), quickly, and leave the keyframed value.
final class ExpressionFuzzFindingsTests: XCTestCase {
    /// The default limits' budget, which the fuzz target runs with.
    private let budget = ExpressionBudget(maxSteps: LottieLimits.default.maxExpressionSteps,
                                          maxMemory: LottieLimits.default.maxExpressionMemory,
                                          maxDepth: LottieLimits.default.maxExpressionDepth)

    /// Asserts that `source`, run by the interpreter alone, ends with a `limit` fault quickly.
    private func assertLimit(_ source: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let start = Date()
        let fault = try ExpressionTestRunner.fault(source, budget: budget)
        XCTAssertEqual(fault?.kind, .limit, "\(source): \(String(describing: fault))", file: file, line: line)
        XCTAssertLessThan(Date().timeIntervalSince(start), 2, source, file: file, line: line)
    }

    /// Asserts that `source`, as the expression of a keyframed position, ends on its budget
    /// quickly at a frame past the keys, and that the layer keeps the keyframed position.
    private func assertLimitOnPosition(_ source: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let expression = String(decoding: try JSONEncoder().encode([source]), as: UTF8.self).dropFirst().dropLast()
        let position = #"{"a": 1, "k": [{"t": 0, "s": [10, 10]}, {"t": 10, "s": [30, 30]}], "x": \#(expression)}"#
        let layer = TimelineTests.layer(1, type: 4, name: "A", extra: #", "shapes": []"#, ks: #"{"p": \#(position)}"#)
        let timeline = try TimelineTests.timeline(layers: "[\(layer)]", op: 15)
        let start = Date()
        let scene = timeline.scene(atFrame: 20)
        XCTAssertLessThan(Date().timeIntervalSince(start), 2, source, file: file, line: line)
        let faults = (timeline.compiled.expressions?.faults ?? []).map(\.message)
        XCTAssertTrue(faults.contains { $0.contains("ran more than") }, "\(source): \(faults)", file: file, line: line)
        let matrix = try XCTUnwrap(scene.layers.first, file: file, line: line).transform
        XCTAssertEqual(matrix.tx, 30, accuracy: 1e-9, source, file: file, line: line)
    }

    /// `dot` and `length` read whole arrays without making one: a step each, whatever the length.
    func testVectorFunctionsOnLongArraysChargeSteps() throws {
        try assertLimit("var a = Array(300000).fill(1); for (;;) length(a);")
        try assertLimit("var a = Array(300000).fill(1); for (;;) dot(a, a);")
    }

    /// `smooth(1, 100)` read the property 100 times in one step.
    func testSmoothChargesItsReads() throws {
        try assertLimitOnPosition("for (;;) smooth(1, 100);")
    }

    /// `wiggle` read a 300 000-number amplitude array in one step.
    func testWiggleAmplitudesChargeSteps() throws {
        try assertLimitOnPosition("var a = Array(300000).fill(1); for (;;) wiggle(1, a);")
    }

    /// `pointOnPath` measured every segment of a 50 000-point path in one step.
    func testPointOnPathChargesItsSegments() throws {
        try assertLimitOnPosition("var p = createPath(Array(50000).fill([0, 0])); for (;;) p.pointOnPath(0.5);")
    }

    /// The steps a program spends (it must end normally).
    private func steps(_ source: String) throws -> Int {
        let interpreter = ExpressionInterpreter(budget: budget)
        _ = try ExpressionTestRunner.run(source, interpreter: interpreter)
        return interpreter.steps
    }

    /// Slow units (3 s a run): names and members the host answers cost many plain steps' work
    /// (`while (1) height;` looked up the layer's height 200 000 times an evaluation), and so did
    /// `eval` of a short text (`while (1) eval('thisLayer');`). Each now costs `hostSteps` more,
    /// `eval` 16 more.
    func testHostNamesMembersAndEvalChargeSteps() throws {
        let loop = try steps("for (var i = 0; i < 1000; i++) ;")
        XCTAssertGreaterThanOrEqual(try steps("for (var i = 0; i < 1000; i++) time;") - loop,
                                    1000 * ExpressionInterpreter.hostSteps)
        XCTAssertGreaterThanOrEqual(try steps("for (var i = 0; i < 1000; i++) thisProperty.name;") - loop,
                                    1000 * ExpressionInterpreter.hostSteps)
        XCTAssertGreaterThanOrEqual(try steps("for (var i = 0; i < 1000; i++) thisProperty.double(1);") - loop,
                                    1000 * ExpressionInterpreter.hostSteps)
        XCTAssertGreaterThanOrEqual(try steps("for (var i = 0; i < 1000; i++) eval('1');") - loop, 1000 * 16)
        try assertLimitOnPosition("var s = 'x'; while (1) height;")
        try assertLimitOnPosition("while (1) eval('thisLayer');")
    }

    /// A timeout (over 60 s a run): ToNumber of a 400 000-byte text trimmed and scanned it all
    /// in one step (`-s`), as did `parseInt` and `parseFloat`.
    func testNumbersReadFromLongTextsChargeSteps() throws {
        try assertLimit("var s = ' '.repeat(400000) + '1'; while (1) -s;")
        try assertLimit("var s = ' '.repeat(400000) + '1'; while (1) parseInt(s);")
        try assertLimit("var s = ' '.repeat(400000) + '1'; while (1) parseFloat(s);")
    }

    /// A timeout (over 20 s a run): comparing two 450 000-byte texts read them both in one step.
    func testComparingLongTextsChargesSteps() throws {
        try assertLimit("var s = 'x'.repeat(450000), t = 'x'.repeat(450000); while (1) s < t;")
        try assertLimit("var s = 'x'.repeat(450000), t = 'x'.repeat(450000); while (1) s == t;")
        try assertLimit("var s = 'x'.repeat(450000), t = 'x'.repeat(450000); while (1) s === t;")
    }

    /// A crash (stack overflow): a path property's expression that ended with a layer
    /// (`$bm_rt = thisLayer`) turned the layer into its primitive, the layer itself, forever.
    func testAPathExpressionThatGivesALayerKeepsTheKeyframedPath() throws {
        let path = #"{"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}"#
        let shapes = #"[{"ty": "sh", "ks": {"a": 0, "k": \#(path), "x": "$bm_rt = thisLayer;"}},"#
            + #" {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]"#
        let layer = TimelineTests.layer(1, type: 4, name: "A", extra: #", "shapes": \#(shapes)"#)
        let timeline = try TimelineTests.timeline(layers: "[\(layer)]", op: 15)
        _ = timeline.scene(atFrame: 0)
        let faults = (timeline.compiled.expressions?.faults ?? []).map(\.message)
        XCTAssertTrue(faults.contains { $0.contains("is not a value of this property") }, "\(faults)")
    }
}
