import XCTest
@testable import LottiePlay

final class ZigZagTests: XCTestCase {
    private let zero = Vector2.zero

    func testLineWithOneRidge() {
        // The line (0, 0) -> (100, 0): its normal (dy, -dx) is (0, -1), up on screen. Vertex 0 goes the other way
        // (down, +10), the ridge at t = 1/2 up (-10), the end down again.
        let result = ZigZagModifier(ridges: 1, size: 10).apply(to: GeometryFixtures.line)
        assertGeometryContour(result, vertices: [Vector2(0, 10), Vector2(50, -10), Vector2(100, 10)],
                              inTangents: [zero, zero, zero], outTangents: [zero, zero, zero], closed: false)
    }

    func testSmoothRidgesHaveTangentsAlongThePath() {
        // Handles are a quarter (1 / (2 (1 + 1))) of the 100-unit distances, along +x; the ends have no
        // neighbour on their outer side.
        let result = ZigZagModifier(ridges: 1, size: 10, pointType: .smooth).apply(to: GeometryFixtures.line)
        assertGeometryContour(result, vertices: [Vector2(0, 10), Vector2(50, -10), Vector2(100, 10)],
                              inTangents: [zero, Vector2(-25, 0), Vector2(-25, 0)],
                              outTangents: [Vector2(25, 0), Vector2(25, 0), zero], closed: false)
    }

    func testClosedSquareAlternatesAllTheWayRound() {
        // Four segments with one ridge each: eight vertices, an even count, so the loop closes on the first one.
        // Corners move inwards along their diagonal by 5, the middles of the sides outwards by 5.
        let s = 5 / 2.0.squareRoot()
        let result = ZigZagModifier(ridges: 1, size: 5).apply(to: GeometryFixtures.square)
        assertGeometryContour(result, vertices: [
            Vector2(50 - s, -50 + s), Vector2(55, 0),
            Vector2(50 - s, 50 - s), Vector2(0, 55),
            Vector2(-50 + s, 50 - s), Vector2(-55, 0),
            Vector2(-50 + s, -50 + s), Vector2(0, -55),
        ], closed: true)
    }

    func testOddLoopEndsOnTheOtherSideOfTheFirstVertex() {
        // A triangle without ridges: three corners, alternating, then vertex 0 again on the opposite side.
        // Vertex 0's chord runs from (0, 100) to (100, 0): normal (-1, -1) / √2.
        let triangle = BezierContour(polygon: [Vector2(0, 0), Vector2(100, 0), Vector2(0, 100)], closed: true)
        let result = ZigZagModifier(ridges: 0, size: 10).apply(to: triangle)
        let s = 10 / 2.0.squareRoot()
        XCTAssertEqual(result.vertices.count, 4)
        assertGeometryPoint(result.vertices[0], Vector2(s, s))
        assertGeometryPoint(result.vertices[3], Vector2(-s, -s))
    }

    func testRidgeCountRoundsHalfUp() {
        XCTAssertEqual(ZigZagModifier(ridges: 1.5, size: 1).ridgeCount, 2)
        XCTAssertEqual(ZigZagModifier(ridges: 2.49, size: 1).ridgeCount, 2)
        XCTAssertEqual(ZigZagModifier(ridges: -3, size: 1).ridgeCount, 0)
        // Three ridges on the line: at 25, 50 and 75, between the two ends.
        let result = ZigZagModifier(ridges: 3, size: 1).apply(to: GeometryFixtures.line)
        assertGeometryContour(result, vertices: [
            Vector2(0, 1), Vector2(25, -1), Vector2(50, 1), Vector2(75, -1), Vector2(100, 1),
        ], closed: false)
    }

    func testZeroSizeIsTheIdentity() {
        XCTAssertEqual(ZigZagModifier(ridges: 4, size: 0).apply(to: [GeometryFixtures.square]),
                       [GeometryFixtures.square])
    }
}
