import XCTest
@testable import LottiePlay

final class ReversalTests: XCTestCase {
    /// A closed contour with distinct tangents on every vertex, so that a swap or an off-by-one shows.
    private let triangle = BezierContour(
        vertices: [Vector2(0, 0), Vector2(10, 0), Vector2(0, 10)],
        inTangents: [Vector2(1, 1), Vector2(2, 2), Vector2(3, 3)],
        outTangents: [Vector2(-1, 0), Vector2(-2, 0), Vector2(-3, 0)],
        closed: true)

    func testClosedContourKeepsItsStartVertexAndSwapsTangents() {
        assertGeometryContour(triangle.reversed(), vertices: [
            Vector2(0, 0), Vector2(0, 10), Vector2(10, 0),
        ], inTangents: [
            Vector2(-1, 0), Vector2(-3, 0), Vector2(-2, 0),
        ], outTangents: [
            Vector2(1, 1), Vector2(3, 3), Vector2(2, 2),
        ], closed: true)
    }

    func testOpenContourStartsAtItsOldEnd() {
        var open = triangle
        open.closed = false
        assertGeometryContour(open.reversed(), vertices: [
            Vector2(0, 10), Vector2(10, 0), Vector2(0, 0),
        ], inTangents: [
            Vector2(-3, 0), Vector2(-2, 0), Vector2(-1, 0),
        ], outTangents: [
            Vector2(3, 3), Vector2(2, 2), Vector2(1, 1),
        ], closed: false)
    }

    func testEverySegmentIsTheSameCurveBackwards() {
        let reversed = triangle.reversed()
        // Original segment 2 runs v2 -> v0; reversed segment 0 runs v0 -> v2 with the controls swapped.
        let original = triangle.segment(2)
        let backwards = reversed.segment(0)
        XCTAssertEqual(backwards, CubicSegment(p0: original.p3, c1: original.c2, c2: original.c1, p3: original.p0))
        XCTAssertEqual(reversed.reversed(), triangle, "reversing twice is the identity")
    }

    func testDegenerateContours() {
        let empty = BezierContour(vertices: [], inTangents: [], outTangents: [], closed: true)
        XCTAssertEqual(empty.reversed(), empty)
        let single = BezierContour(vertices: [Vector2(1, 2)], inTangents: [Vector2(1, 0)],
                                   outTangents: [Vector2(0, 1)], closed: false)
        assertGeometryContour(single.reversed(), vertices: [Vector2(1, 2)], inTangents: [Vector2(0, 1)],
                              outTangents: [Vector2(1, 0)], closed: false)
    }
}
