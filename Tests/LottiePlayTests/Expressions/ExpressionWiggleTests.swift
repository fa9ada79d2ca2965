import XCTest
@testable import LottiePlay

/// `wiggle(freq, amp, octaves, amp_mult, t)`: deterministic, within its amplitude, moving, and
/// still where it should be.
final class ExpressionWiggleTests: XCTestCase {
    private typealias S = ExpressionScene

    /// The origin of a layer at [100, 100] whose position is `expression`, at `frames`.
    private func origins(_ expression: String, frames: [Double], name: String = "L",
                         layers extra: [String] = []) throws -> [[Double]] {
        let timeline = try S.timeline([S.layer(name, index: 1, position: S.fixed("[100,100]", expression: expression))] + extra)
        return try frames.map { try S.origin(name, of: timeline, atFrame: $0) }
    }

    private let frames = (0...90).map { Double($0) + 0.37 }

    func testDeterministic() throws {
        // The same frame twice, in one timeline and in another: the same value.
        let first = try origins("$bm_rt = wiggle(3, 20);", frames: [17.5, 17.5])
        let again = try origins("$bm_rt = wiggle(3, 20);", frames: [17.5])
        XCTAssertEqual(first[0], first[1])
        XCTAssertEqual(first[0], again[0])
    }

    func testWithinTheAmplitudeAndMoving() throws {
        let values = try origins("$bm_rt = wiggle(2, 10);", frames: frames)
        for value in values {
            // One octave: at most the amplitude away from [100, 100].
            XCTAssertLessThanOrEqual(abs(value[0] - 100), 10 + 1e-9, "\(value)")
            XCTAssertLessThanOrEqual(abs(value[1] - 100), 10 + 1e-9, "\(value)")
        }
        // It moves: over 3 s at 2 a second x strays more than 1 px somewhere, and x and y differ.
        XCTAssertTrue(values.contains { abs($0[0] - 100) > 1 }, "x never moved")
        XCTAssertTrue(values.contains { abs($0[1] - 100) > 1 }, "y never moved")
        XCTAssertTrue(values.contains { abs(($0[0] - 100) - ($0[1] - 100)) > 0.5 }, "x and y wiggle together")
        // Smooth: between frames a third of a second apart at 2 a second it changes by less than 2 * amp.
        for (a, b) in zip(values, values.dropFirst()) {
            XCTAssertLessThan(abs(a[0] - b[0]), 10, "a jump between frames")
        }
    }

    func testOctaves() throws {
        // Three octaves, each half as strong: at most 10 * (1 + 0.5 + 0.25) = 17.5 away.
        let values = try origins("$bm_rt = wiggle(2, 10, 3, 0.5);", frames: frames)
        for value in values {
            XCTAssertLessThanOrEqual(abs(value[0] - 100), 17.5 + 1e-9, "\(value)")
        }
        XCTAssertNotEqual(values, try origins("$bm_rt = wiggle(2, 10);", frames: frames), "octaves change nothing")
    }

    func testStillCases() throws {
        // Amplitude 0: the value itself.
        for value in try origins("$bm_rt = wiggle(5, 0);", frames: frames) {
            assertNumbers(value, [100, 100], accuracy: 1e-9)
        }
        // Amplitude [10, 0]: y stays.
        for value in try origins("$bm_rt = wiggle(5, [10, 0]);", frames: frames) {
            XCTAssertEqual(value[1], 100, accuracy: 1e-9)
        }
        // Frequency 0: the noise never moves from its start, 0: the value itself.
        for value in try origins("$bm_rt = wiggle(0, 50);", frames: frames) {
            assertNumbers(value, [100, 100], accuracy: 1e-9)
        }
        // A fixed time t = 0.5: the same offset at every frame.
        let fixed = try origins("$bm_rt = wiggle(2, 10, 1, 0.5, 0.5);", frames: frames)
        for value in fixed { XCTAssertEqual(value, fixed[0]) }
    }

    func testWiggleOfAScalar() throws {
        // A rotation of 30 wiggled by at most 5 degrees: the x axis stays within 25...35 degrees.
        let layer = S.layer("L", index: 1, rotation: S.fixed("30", expression: "$bm_rt = wiggle(2, 5);"))
        let timeline = try S.timeline([layer])
        var angles: [Double] = []
        for frame in frames {
            let transform = try S.layer("L", of: timeline, atFrame: frame).transform
            angles.append(atan2(transform.b, transform.a) * 180 / .pi)
        }
        for angle in angles { XCTAssertLessThanOrEqual(abs(angle - 30), 5 + 1e-9) }
        XCTAssertTrue(angles.contains { abs($0 - 30) > 0.1 }, "the rotation never moved")
    }

    func testTwoLayersWiggleDifferently() throws {
        // The same expression on two layers does not move them in step (After Effects seeds by layer).
        let other = S.layer("K", index: 2, position: S.fixed("[100,100]", expression: "$bm_rt = wiggle(2, 10);"))
        let timeline = try S.timeline([S.layer("L", index: 1, position: S.fixed("[100,100]", expression: "$bm_rt = wiggle(2, 10);")),
                                       other])
        let l = try frames.map { try S.origin("L", of: timeline, atFrame: $0) }
        let k = try frames.map { try S.origin("K", of: timeline, atFrame: $0) }
        XCTAssertNotEqual(l, k)
    }

    func testWiggleOverKeys() throws {
        // Over a ramp x 0 -> 300 (frames 0-30), wiggle stays within 10 of the keyed value: frame 15 near 150.
        let timeline = try S.timeline([S.layer("L", index: 1, position: S.keyed([(0, "[0,0]"), (30, "[300,0]")],
                                                                                 expression: "$bm_rt = wiggle(2, 10);"))])
        let value = try S.origin("L", of: timeline, atFrame: 15)
        XCTAssertLessThanOrEqual(abs(value[0] - 150), 10)
        XCTAssertLessThanOrEqual(abs(value[1]), 10)
    }
}
