import XCTest
@testable import LottiePlay

/// `loopOut`, `loopIn`, `loopOutDuration`, `loopInDuration` on a position keyed linearly, read
/// past the last key (before the first). All at 30 fps.
final class ExpressionLoopTests: XCTestCase {
    /// x: 0 at frame 0, 100 at 30, 50 at 60 (y stays 0).
    private let outKeys: [(Double, String)] = [(0, "[0,0]"), (30, "[100,0]"), (60, "[50,0]")]
    /// x: 0 at frame 30, 100 at 60, 40 at 90.
    private let inKeys: [(Double, String)] = [(30, "[0,0]"), (60, "[100,0]"), (90, "[40,0]")]

    private func x(_ expression: String, keys: [(Double, String)], atFrame frame: Double,
                   file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        try ExpressionScene.position("$bm_rt = \(expression);", keys: keys, atFrame: frame, file: file, line: line)[0]
    }

    func testLoopOutCycle() throws {
        // Frame 75 is 15 into the second cycle of [0, 60]: the value at 15, halfway 0 -> 100.
        XCTAssertEqual(try x("loopOut('cycle')", keys: outKeys, atFrame: 75), 50, accuracy: 1e-6)
        // numKeys 0 is the whole span too.
        XCTAssertEqual(try x("loopOut('cycle', 0)", keys: outKeys, atFrame: 75), 50, accuracy: 1e-6)
        // No type given is a cycle.
        XCTAssertEqual(try x("loopOut()", keys: outKeys, atFrame: 75), 50, accuracy: 1e-6)
        // Before the last key the keyed value: frame 15 is halfway 0 -> 100.
        XCTAssertEqual(try x("loopOut('cycle')", keys: outKeys, atFrame: 15), 50, accuracy: 1e-6)
        // Frame 150 = 2 * 60 + 30: the value at frame 30.
        XCTAssertEqual(try x("loopOut('cycle')", keys: outKeys, atFrame: 150), 100, accuracy: 1e-6)
    }

    func testLoopOutCycleOfTheLastKeys() throws {
        // loopOut('cycle', 1) repeats [30, 60]: frame 75 is 15 into it, halfway 100 -> 50.
        XCTAssertEqual(try x("loopOut('cycle', 1)", keys: outKeys, atFrame: 75), 75, accuracy: 1e-6)
        // A count above numKeys - 1 is the whole span: frame 75 -> the value at 15.
        XCTAssertEqual(try x("loopOut('cycle', 9)", keys: outKeys, atFrame: 75), 50, accuracy: 1e-6)
    }

    func testLoopOutPingPong() throws {
        // Frame 80: 20 into the second pass of [0, 60], backwards: the value at 40 = 100 - 50 / 3.
        XCTAssertEqual(try x("loopOut('pingpong')", keys: outKeys, atFrame: 80), 100 - 50.0 / 3, accuracy: 1e-6)
        // Frame 130: 10 into the third pass, forwards again: the value at 10 = 100 / 3.
        XCTAssertEqual(try x("loopOut('pingpong')", keys: outKeys, atFrame: 130), 100.0 / 3, accuracy: 1e-6)
        // pingpong over [30, 60]: frame 70 is 10 into the backwards pass: the value at 50 = 100 - 50 * 2 / 3.
        XCTAssertEqual(try x("loopOut('pingpong', 1)", keys: outKeys, atFrame: 70), 100 - 100.0 / 3, accuracy: 1e-6)
    }

    func testLoopOutOffset() throws {
        // Frame 80: the value at 20 (200 / 3) plus one cycle's change (50 - 0).
        XCTAssertEqual(try x("loopOut('offset')", keys: outKeys, atFrame: 80), 200.0 / 3 + 50, accuracy: 1e-6)
        // Over [30, 60] (change -50): frame 80 is 20 into the next cycle: the value at 50 (100 - 100 / 3) - 50.
        XCTAssertEqual(try x("loopOut('offset', 1)", keys: outKeys, atFrame: 80), 50 - 100.0 / 3, accuracy: 1e-6)
        // Frame 140 = 2 * 60 + 20: the value at 20 plus two changes.
        XCTAssertEqual(try x("loopOut('offset')", keys: outKeys, atFrame: 140), 200.0 / 3 + 100, accuracy: 1e-6)
    }

    func testLoopOutContinue() throws {
        // The last segment falls 50 in 30 frames; 15 frames on from 50: 50 - 25.
        XCTAssertEqual(try x("loopOut('continue')", keys: outKeys, atFrame: 75), 25, accuracy: 1e-3)
        // 60 frames on: 50 - 100.
        XCTAssertEqual(try x("loopOut('continue')", keys: outKeys, atFrame: 120), -50, accuracy: 1e-3)
    }

    func testLoopOutKeepsY() throws {
        // y: 0 -> 30 -> 90 over the same frames; frame 75 cycles to frame 15: y 15.
        let keys: [(Double, String)] = [(0, "[0,0]"), (30, "[100,30]"), (60, "[50,90]")]
        let point = try ExpressionScene.position("$bm_rt = loopOut('cycle');", keys: keys, atFrame: 75)
        assertNumbers(point, [50, 15], accuracy: 1e-6)
    }

    func testLoopIn() throws {
        // Frame 10 is 20 before the first key: cycle of [30, 90] gives the value at 70 = 100 - 60 / 3.
        XCTAssertEqual(try x("loopIn('cycle')", keys: inKeys, atFrame: 10), 80, accuracy: 1e-6)
        // loopIn('cycle', 1) repeats [30, 60]: the value at 40 = 100 / 3.
        XCTAssertEqual(try x("loopIn('cycle', 1)", keys: inKeys, atFrame: 10), 100.0 / 3, accuracy: 1e-6)
        // pingpong mirrors about the first key: the value at 50 = 200 / 3.
        XCTAssertEqual(try x("loopIn('pingpong')", keys: inKeys, atFrame: 10), 200.0 / 3, accuracy: 1e-6)
        // offset: the value at 70 (80) less one cycle's change (40 - 0).
        XCTAssertEqual(try x("loopIn('offset')", keys: inKeys, atFrame: 10), 40, accuracy: 1e-6)
        // continue: back along the first segment's slope (100 per 30 frames) for 20 frames.
        XCTAssertEqual(try x("loopIn('continue')", keys: inKeys, atFrame: 10), -200.0 / 3, accuracy: 1e-3)
        // After the first key the keyed value: frame 45 is halfway 0 -> 100.
        XCTAssertEqual(try x("loopIn('cycle')", keys: inKeys, atFrame: 45), 50, accuracy: 1e-6)
    }

    func testLoopDurations() throws {
        // loopOutDuration('cycle', 1) repeats the last second [30, 60]: frame 75 -> the value at 45.
        XCTAssertEqual(try x("loopOutDuration('cycle', 1)", keys: outKeys, atFrame: 75), 75, accuracy: 1e-6)
        // loopInDuration('cycle', 1) repeats the first second [30, 60]: frame 10 -> the value at 40.
        XCTAssertEqual(try x("loopInDuration('cycle', 1)", keys: inKeys, atFrame: 10), 100.0 / 3, accuracy: 1e-6)
        // loopOutDuration('pingpong', 1): frame 70 is 10 into the backwards pass of [30, 60]: the value at 50.
        XCTAssertEqual(try x("loopOutDuration('pingpong', 1)", keys: outKeys, atFrame: 70), 100 - 100.0 / 3,
                       accuracy: 1e-6)
    }

    func testLoopOnAScalarProperty() throws {
        // Opacity 20 -> 80 over frames 0-30, cycled: frame 45 -> the value at 15 = 50 %.
        let opacity = ExpressionScene.keyed([(0, "[20]"), (30, "[80]")], expression: "$bm_rt = loopOut('cycle');")
        let timeline = try ExpressionScene.timeline([ExpressionScene.layer("L", index: 1, opacity: opacity)])
        XCTAssertEqual(try ExpressionScene.layer("L", of: timeline, atFrame: 45).opacity, 0.5, accuracy: 1e-6)
    }

    func testLoopDurationsWithoutADurationSpanTheLayer() throws {
        // No duration: loopOutDuration loops from the layer's in point (0) to the last key (60), as
        // lottie-web: frame 100 -> frame 40 = 100 / 3; frame 75 -> frame 15, before the first key: 0.
        XCTAssertEqual(try x("loopOutDuration('cycle')", keys: inKeys.dropLast().map { $0 }, atFrame: 100), 100.0 / 3,
                       accuracy: 1e-6)
        XCTAssertEqual(try x("loopOutDuration('cycle', 0)", keys: inKeys.dropLast().map { $0 }, atFrame: 75), 0,
                       accuracy: 1e-6)
        // loopInDuration loops from the first key (30) to the layer's out point (300): frame 10 is
        // 20 before it -> frame 280, after the last key: 40.
        XCTAssertEqual(try x("loopInDuration('cycle')", keys: inKeys, atFrame: 10), 40, accuracy: 1e-6)
    }
}
