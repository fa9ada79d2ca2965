import XCTest
@testable import LottiePlay

final class PuckerBloatTests: XCTestCase {
    func testZeroAmountIsTheIdentity() {
        let circle = BezierContour.ellipse(center: Vector2(3, 4), size: Vector2(50, 20))
        XCTAssertEqual(PuckerBloatModifier(amount: 0).apply(to: circle), circle)
        XCTAssertEqual(PuckerBloatModifier(amount: 0).apply(to: [circle, GeometryFixtures.line]),
                       [circle, GeometryFixtures.line])
    }

    func testBloatPullsVerticesInAndPushesHandlesOut() {
        // The square about its centre (0, 0), a = 50: vertices half way in (v / 2); each handle (v, tangents are
        // zero) goes to v + (0 - v)(-0.5) = 1.5 v, so both tangents become 1.5 v - 0.5 v = v.
        let result = PuckerBloatModifier(amount: 50).apply(to: GeometryFixtures.square)
        let corners = GeometryFixtures.square.vertices
        assertGeometryContour(result, vertices: corners.map { $0 * 0.5 }, inTangents: corners,
                              outTangents: corners, closed: true)
    }

    func testPuckerPushesVerticesOut() {
        // a = -100: vertices to 2 v; handles to the centre, so tangents are 0 - 2 v.
        let result = PuckerBloatModifier(amount: -100).apply(to: GeometryFixtures.square)
        let corners = GeometryFixtures.square.vertices
        assertGeometryContour(result, vertices: corners.map { $0 * 2 }, inTangents: corners.map { $0 * -2 },
                              outTangents: corners.map { $0 * -2 }, closed: true)
    }

    func testCentreIsTheMeanOfTheContoursVertices() {
        // Triangle (0, 0), (30, 0), (0, 30): centre (10, 10). a = 100 puts every vertex on it. Vertex 1's in
        // handle (30, 6) goes to (30, 6) - ((10, 10) - (30, 6)) = (50, 2): tangent (40, -8); its out handle
        // (30, 0) goes to (50, -10): tangent (40, -20).
        let triangle = BezierContour(vertices: [Vector2(0, 0), Vector2(30, 0), Vector2(0, 30)],
                                     inTangents: [.zero, Vector2(0, 6), .zero],
                                     outTangents: [.zero, .zero, .zero], closed: false)
        let result = PuckerBloatModifier(amount: 100).apply(to: triangle)
        assertGeometryContour(result, vertices: [Vector2(10, 10), Vector2(10, 10), Vector2(10, 10)],
                              inTangents: [Vector2(-20, -20), Vector2(40, -8), Vector2(-20, 40)],
                              outTangents: [Vector2(-20, -20), Vector2(40, -20), Vector2(-20, 40)],
                              closed: false)
    }
}
