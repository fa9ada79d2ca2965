import Foundation
import XCTest
import LottieModel
@testable import LottiePlay

/// An expression that throws, gives a value of the wrong type, never ends or recurses without
/// end keeps the keyframed value; the timeline still renders, other expressions still run, and
/// the faults name the layer.
final class ExpressionFallbackTests: XCTestCase {
    private typealias S = ExpressionScene

    /// Layer `L` keyed x 0 -> 300 over frames 0-30 (y 40), with `expression` on its position, and
    /// layer `M` whose position is [time * 30, 7]; the scene at frame 15.
    private func run(_ expression: String, file: StaticString = #filePath,
                     line: UInt = #line) throws -> (l: [Double], m: [Double], faults: [String]) {
        let timeline = try S.timeline([
            S.layer("L", index: 1, position: S.keyed([(0, "[0,40]"), (30, "[300,40]")], expression: expression)),
            S.layer("M", index: 2, position: S.fixed("[0,0]", expression: "$bm_rt = [time * 30, 7];")),
        ])
        let l = try S.origin("L", of: timeline, atFrame: 15, file: file, line: line)
        let m = try S.origin("M", of: timeline, atFrame: 15, file: file, line: line)
        return (l, m, S.faults(of: timeline))
    }

    /// Asserts the keyed value (150, 40) was kept, M still moved, and a fault names layers[0].
    private func assertFallsBack(_ expression: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let start = Date()
        let result = try run(expression, file: file, line: line)
        assertNumbers(result.l, [150, 40], accuracy: 1e-6, file: file, line: line)
        assertNumbers(result.m, [15, 7], accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(result.faults.count, 1, "\(result.faults)", file: file, line: line)
        XCTAssertTrue(result.faults.first?.hasPrefix("layers[0]") == true, "\(result.faults)", file: file, line: line)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, expression, file: file, line: line)
    }

    func testAWorkingExpressionHasNoFault() throws {
        // [value[0] + 1, 0] at frame 15: (151, 0); no fault.
        let result = try run("$bm_rt = [value[0] + 1, 0];")
        assertNumbers(result.l, [151, 0], accuracy: 1e-6)
        XCTAssertEqual(result.faults, [])
    }

    func testThrowing() throws {
        try assertFallsBack("throw new Error('no');")
        try assertFallsBack("$bm_rt = nothingCalledThis + 1;")
        try assertFallsBack("$bm_rt = thisComp.layer('Missing').position;")
        try assertFallsBack("var o = null; $bm_rt = o.x;")
    }

    func testTheFaultSaysWhy() throws {
        let result = try run("throw new Error('custom message 123');")
        XCTAssertTrue(result.faults.first?.hasPrefix("layers[0].ks.p.x: expression stopped (the keyframed value is used)")
                      == true, "\(result.faults)")
        XCTAssertTrue(result.faults.first?.contains("custom message 123") == true, "\(result.faults)")
    }

    func testWrongTypes() throws {
        try assertFallsBack("$bm_rt = 'hello';")
        try assertFallsBack("$bm_rt = [NaN, 0];")
        try assertFallsBack("$bm_rt = [1 / 0, 0];")
        try assertFallsBack("$bm_rt = {x: 1};")
        try assertFallsBack("$bm_rt = undefined;")
        // Nothing assigned to $bm_rt: undefined too.
        try assertFallsBack("var a = 1;")
    }

    func testAColorOfTwoNumbersFallsBack() throws {
        // A fill colour needs three numbers: [0.5, 0.5] keeps the keyed red.
        let shapes = """
            {"ty":"rc","nm":"Rect","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
            {"ty":"fl","nm":"Fill","c":{"a":0,"k":[1,0,0,1],"x":"$bm_rt = [0.5, 0.5];"},"o":{"a":0,"k":100}}
            """
        let timeline = try S.timeline([S.layer("L", index: 1, shapes: shapes)])
        let fill = try S.firstFill("L", of: timeline, atFrame: 0)
        assertNumbers([fill.red, fill.green, fill.blue, fill.alpha], [1, 0, 0, 1])
        XCTAssertEqual(S.faults(of: timeline).count, 1)
    }

    func testAFaultReadByAnotherLayerIsReportedOnce() throws {
        // L's position throws; M reads it (through the compiled tree of L, a second binding of the
        // same property) and gets the keyed [3, 4]. One fault, at L's position.
        let timeline = try S.timeline([
            S.layer("L", index: 1, position: S.fixed("[3,4]", expression: "throw 'no';")),
            S.layer("M", index: 2, position: S.fixed("[0,0]", expression: "$bm_rt = thisComp.layer('L').transform.position;")),
        ])
        assertNumbers(try S.origin("M", of: timeline, atFrame: 0), [3, 4])
        assertNumbers(try S.origin("L", of: timeline, atFrame: 0), [3, 4])
        let faults = S.faults(of: timeline)
        XCTAssertEqual(faults.count, 1, "\(faults)")
        XCTAssertTrue(faults.first?.hasPrefix("layers[0].ks.p.x: expression stopped") == true, "\(faults)")
    }

    func testEndlessLoop() throws {
        try assertFallsBack("while (true) {}")
        try assertFallsBack("var i = 0; for (;;) { i++; } $bm_rt = [i, i];")
    }

    func testDeepRecursion() throws {
        try assertFallsBack("function r(n) { return r(n + 1); } $bm_rt = [r(0), 0];")
    }

    func testARunawayReadOfAnotherLayerFallsBack() throws {
        // L reads N, whose expression never ends: the budget is shared, L keeps its keyed value.
        let timeline = try S.timeline([
            S.layer("L", index: 1, position: S.keyed([(0, "[0,40]"), (30, "[300,40]")],
                                                     expression: "$bm_rt = thisComp.layer('N').position;")),
            S.layer("N", index: 2, position: S.fixed("[5,5]", expression: "while (true) {}")),
        ])
        assertNumbers(try S.origin("L", of: timeline, atFrame: 15), [150, 40], accuracy: 1e-6)
        assertNumbers(try S.origin("N", of: timeline, atFrame: 15), [5, 5], accuracy: 1e-9)
    }

    func testTwoLayersReadingEachOther() throws {
        // A reads B and B reads A: each cycle is cut where its property is read again (keyed), so
        // each gives its own keyed value.
        let timeline = try S.timeline([
            S.layer("A", index: 1, position: S.fixed("[1,2]", expression: "$bm_rt = thisComp.layer('B').position;")),
            S.layer("B", index: 2, position: S.fixed("[3,4]", expression: "$bm_rt = thisComp.layer('A').position;")),
        ])
        assertNumbers(try S.origin("A", of: timeline, atFrame: 0), [1, 2])
        assertNumbers(try S.origin("B", of: timeline, atFrame: 0), [3, 4])
    }

    func testACycleGivesTheSameValuesInEitherOrder() throws {
        // A = B + [1, 0] and B = A * 10, keyed A [1, 2], B [3, 4]. Each evaluation cuts the cycle
        // at its own property: A reads B, which reads A keyed: A = [1, 2] * 10 + [1, 0] = [11, 20];
        // B reads A, which reads B keyed: B = ([3, 4] + [1, 0]) * 10 = [40, 40]. The results kept
        // for one must not leak into the other, whichever layer the frame evaluates first.
        let a = S.layer("A", index: 1, position: S.fixed("[1,2]", expression:
            "$bm_rt = add(thisComp.layer('B').transform.position, [1, 0]);"))
        let b = S.layer("B", index: 2, position: S.fixed("[3,4]", expression:
            "$bm_rt = mul(thisComp.layer('A').transform.position, 10);"))
        for layers in [[a, b], [b, a]] {
            let timeline = try S.timeline(layers)
            for frame in [0.0, 1] {
                assertNumbers(try S.origin("A", of: timeline, atFrame: frame), [11, 20])
                assertNumbers(try S.origin("B", of: timeline, atFrame: frame), [40, 40])
            }
        }
    }

    func testSyntaxErrorIsNotRun() throws {
        // Not run at all: listed as unsupported with the place of the error, not as a fault.
        let result = try run("$bm_rt = (;")
        assertNumbers(result.l, [150, 40], accuracy: 1e-6)
        XCTAssertEqual(result.faults, [])
        let timeline = try S.timeline([
            S.layer("L", index: 1, position: S.keyed([(0, "[0,40]"), (30, "[300,40]")], expression: "$bm_rt = (;")),
        ])
        let notRun = timeline.unsupported.filter { $0.feature == .expressionsNotRun }
        XCTAssertEqual(notRun.map(\.path), ["layers[0].ks.p"])
        XCTAssertTrue(notRun.first?.message.contains("syntax error at line 1, column 11") == true, "\(notRun)")
    }

    func testAFailingFrameDoesNotSpoilTheOthers() throws {
        // Throws only after 1 s: frame 15 keeps [time * 100, 0] = (50, 0); frame 45 falls back to (300, 40).
        let timeline = try S.timeline([
            S.layer("L", index: 1, position: S.keyed([(0, "[0,40]"), (30, "[300,40]")], expression:
                "if (time > 1) { throw 'late'; } $bm_rt = [time * 100, 0];")),
        ])
        assertNumbers(try S.origin("L", of: timeline, atFrame: 15), [50, 0], accuracy: 1e-9)
        assertNumbers(try S.origin("L", of: timeline, atFrame: 45), [300, 40], accuracy: 1e-9)
        assertNumbers(try S.origin("L", of: timeline, atFrame: 16.5), [55, 0], accuracy: 1e-9)
    }
}
