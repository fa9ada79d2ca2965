import XCTest
import LottieModel
@testable import LottiePlay

/// 3D layers without a camera: their turns about x and y (`rx`, `ry`) and orientation (`or`)
/// seen straight on (orthographic), as rlottie and ThorVG draw them.
final class ThreeDLayerTests: XCTestCase {
    /// The transform of a 3D shape layer at (100, 100) with `members` added to its `ks`.
    private func transform(_ members: String, frame: Double = 0) throws -> AffineMatrix {
        try transforms(members, frames: [frame])[0]
    }

    /// The layer's transforms at `frames`, read one after the other from one timeline.
    private func transforms(_ members: String, frames: [Double]) throws -> [AffineMatrix] {
        let json = """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 200, "h": 200, "ddd": 1,
         "layers": [{"ty": 4, "ind": 1, "ddd": 1, "ip": 0, "op": 30, "st": 0,
                     "ks": {"p": {"a": 0, "k": [100, 100, 0]}, "a": {"a": 0, "k": [0, 0, 0]}\(members)},
                     "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [40, 40]},
                                 "r": {"a": 0, "k": 0}},
                                {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]}]}
        """
        let timeline = Timeline(try LottieDecoder().decode(json))
        return try frames.map { frame in try XCTUnwrap(timeline.scene(atFrame: frame).layers.first).transform }
    }

    private func assertEqual(_ matrix: AffineMatrix, _ expected: (a: Double, b: Double, c: Double, d: Double),
                             file: StaticString = #filePath, line: UInt = #line) {
        for (found, wanted) in [(matrix.a, expected.a), (matrix.b, expected.b), (matrix.c, expected.c),
                                (matrix.d, expected.d)] {
            XCTAssertEqual(found, wanted, accuracy: 1e-12, "\(matrix)", file: file, line: line)
        }
        XCTAssertEqual(matrix.tx, 100, accuracy: 1e-12, file: file, line: line)
        XCTAssertEqual(matrix.ty, 100, accuracy: 1e-12, file: file, line: line)
    }

    func testASquareTurnedSixtyDegreesAboutYIsHalfAsWide() throws {
        // A 40-wide square turned 60 degrees about y shows 40 cos 60 = 20 wide, as tall as before.
        assertEqual(try transform(#", "ry": {"a": 0, "k": 60}"#), (a: 0.5, b: 0, c: 0, d: 1))
        // About x: half as tall.
        assertEqual(try transform(#", "rx": {"a": 0, "k": 60}"#), (a: 1, b: 0, c: 0, d: 0.5))
        // Half a turn about x shows the layer upside down.
        assertEqual(try transform(#", "rx": {"a": 0, "k": 180}"#), (a: 1, b: 0, c: 0, d: -1))
        // The orientation turns it the same way.
        assertEqual(try transform(#", "or": {"a": 0, "k": [0, 60, 0]}"#), (a: 0.5, b: 0, c: 0, d: 1))
    }

    func testTheZRotationComesFirst() throws {
        // Turned 90 degrees on screen, then 60 about y: the layer's y, now across the screen, is
        // halved: (x, y) -> (-y / 2, x).
        assertEqual(try transform(#", "rz": {"a": 0, "k": 90}, "ry": {"a": 0, "k": 60}"#), (a: 0, b: 1, c: -0.5, d: 0))
    }

    func testAnAnimatedTurn() throws {
        let turning = #", "ry": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 20, "s": [120]}]}"#
        // One timeline, frame after frame: the turn is read again at each.
        let turned = try transforms(turning, frames: [0, 10, 20])
        assertEqual(turned[0], (a: 1, b: 0, c: 0, d: 1))
        assertEqual(turned[1], (a: 0.5, b: 0, c: 0, d: 1))
        assertEqual(turned[2], (a: -0.5, b: 0, c: 0, d: 1))
    }
}
