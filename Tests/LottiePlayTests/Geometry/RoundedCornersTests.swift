import XCTest
@testable import LottiePlay

final class RoundedCornersTests: XCTestCase {
    private let zero = Vector2.zero

    func testSquareCornersAreReplacedByPointsTenUnitsAlongEachEdge() {
        // Side 100, r = 10: each corner v becomes a (10 towards the previous vertex) and b (10 towards the next),
        // with handles (v - a) E_t and (v - b) E_t pointing at the old corner.
        let h = 10 * GeometryFixtures.kappa
        let rounded = RoundedCornersModifier(radius: 10).apply(to: GeometryFixtures.square)
        assertGeometryContour(rounded, vertices: [
            Vector2(40, -50), Vector2(50, -40),
            Vector2(50, 40), Vector2(40, 50),
            Vector2(-40, 50), Vector2(-50, 40),
            Vector2(-50, -40), Vector2(-40, -50),
        ], inTangents: [
            zero, Vector2(0, -h), zero, Vector2(h, 0), zero, Vector2(0, h), zero, Vector2(-h, 0),
        ], outTangents: [
            Vector2(h, 0), zero, Vector2(0, h), zero, Vector2(-h, 0), zero, Vector2(0, -h), zero,
        ], closed: true)
    }

    func testOpenContourKeepsItsEnds() {
        let polyline = BezierContour(polygon: [Vector2(0, 0), Vector2(100, 0), Vector2(100, 100)], closed: false)
        let h = 10 * GeometryFixtures.kappa
        let rounded = RoundedCornersModifier(radius: 10).apply(to: polyline)
        assertGeometryContour(rounded, vertices: [
            Vector2(0, 0), Vector2(90, 0), Vector2(100, 10), Vector2(100, 100),
        ], inTangents: [zero, zero, Vector2(0, -h), zero], outTangents: [zero, Vector2(h, 0), zero, zero],
        closed: false)
    }

    func testRadiusIsCappedAtHalfOfEachSide() {
        // Sides of 10 and 100 at the corner (10, 0), r = 20: 5 along the short side, 20 along the long one.
        let polyline = BezierContour(polygon: [Vector2(0, 0), Vector2(10, 0), Vector2(10, 100)], closed: false)
        let rounded = RoundedCornersModifier(radius: 20).apply(to: polyline)
        assertGeometryContour(rounded, vertices: [
            Vector2(0, 0), Vector2(5, 0), Vector2(10, 20), Vector2(10, 100),
        ], outTangents: [zero, Vector2(5 * GeometryFixtures.kappa, 0), zero, zero], closed: false)
    }

    func testVerticesWithTangentsAreKept() {
        let curved = BezierContour(vertices: [Vector2(0, 0), Vector2(100, 0), Vector2(100, 100)],
                                   inTangents: [.zero, Vector2(-10, 0), .zero],
                                   outTangents: [.zero, .zero, .zero], closed: true)
        let rounded = RoundedCornersModifier(radius: 10).apply(to: curved)
        // Vertex 1 has an in tangent: kept. Vertices 0 and 2 are sharp: two vertices each.
        XCTAssertEqual(rounded.vertices.count, 5)
        assertGeometryPoint(rounded.vertices[2], Vector2(100, 0))
        assertGeometryPoint(rounded.inTangents[2], Vector2(-10, 0))
        // Vertex 0's neighbours are (100, 100) (previous, closing) and (100, 0) (next).
        let step = 10 / 2.0.squareRoot()
        assertGeometryPoint(rounded.vertices[0], Vector2(step, step))
        assertGeometryPoint(rounded.vertices[1], Vector2(10, 0))
    }

    func testZeroRadiusIsTheIdentity() {
        XCTAssertEqual(RoundedCornersModifier(radius: 0).apply(to: [GeometryFixtures.square]),
                       [GeometryFixtures.square])
    }
}
