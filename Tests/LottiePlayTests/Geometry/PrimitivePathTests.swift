import Foundation
import XCTest
@testable import LottiePlay

/// Rectangle, ellipse and polystar contours: vertex order, coordinates and tangents, worked out by hand.
final class PrimitivePathTests: XCTestCase {
    private let zero = Vector2.zero

    // MARK: - Rectangle

    func testSharpRectangleStartsTopRightAndGoesClockwise() {
        // Centre (10, 20), 100 x 60: left -40, right 60, top -10, bottom 50.
        let contour = BezierContour.rectangle(center: Vector2(10, 20), size: Vector2(100, 60))
        assertGeometryContour(contour, vertices: [
            Vector2(60, -10), Vector2(60, 50), Vector2(-40, 50), Vector2(-40, -10),
        ], inTangents: [zero, zero, zero, zero], outTangents: [zero, zero, zero, zero], closed: true)
    }

    func testRoundedRectangleFollowsTheSpecOrder() {
        // Centre (0, 0), 100 x 60, r = 10: left -50, right 50, top -30, bottom 30; handle h = 10 * E_t.
        let h = 10 * GeometryFixtures.kappa
        let contour = BezierContour.rectangle(center: .zero, size: Vector2(100, 60), cornerRadius: 10)
        assertGeometryContour(contour, vertices: [
            Vector2(50, -20), Vector2(50, 20), Vector2(40, 30), Vector2(-40, 30),
            Vector2(-50, 20), Vector2(-50, -20), Vector2(-40, -30), Vector2(40, -30),
        ], inTangents: [
            Vector2(0, -h), zero, Vector2(h, 0), zero, Vector2(0, h), zero, Vector2(-h, 0), zero,
        ], outTangents: [
            zero, Vector2(0, h), zero, Vector2(-h, 0), zero, Vector2(0, -h), zero, Vector2(h, 0),
        ], closed: true)
    }

    func testRectangleRadiusIsClampedToHalfTheSmallerSide() {
        // 100 x 40 with r = 50: the radius becomes 20, so the short sides are whole half circles and vertices
        // 0 and 1 (and 4 and 5) coincide at the middle of the short sides.
        let contour = BezierContour.rectangle(center: .zero, size: Vector2(100, 40), cornerRadius: 50)
        assertGeometryContour(contour, vertices: [
            Vector2(50, 0), Vector2(50, 0), Vector2(30, 20), Vector2(-30, 20),
            Vector2(-50, 0), Vector2(-50, 0), Vector2(-30, -20), Vector2(30, -20),
        ], closed: true)
        assertGeometryPoint(contour.inTangents[0], Vector2(0, -20 * GeometryFixtures.kappa))
    }

    func testReversedRectangleKeepsItsStartAndGoesCounterClockwise() {
        let sharp = BezierContour.rectangle(center: .zero, size: Vector2(100, 100), reversed: true)
        assertGeometryContour(sharp, vertices: [
            Vector2(50, -50), Vector2(-50, -50), Vector2(-50, 50), Vector2(50, 50),
        ], closed: true)

        // lottie-web's d = 3 rounded branch, vertex by vertex (absolute handles turned relative by hand).
        let h = 10 * GeometryFixtures.kappa
        let rounded = BezierContour.rectangle(center: .zero, size: Vector2(100, 100), cornerRadius: 10,
                                              reversed: true)
        assertGeometryContour(rounded, vertices: [
            Vector2(50, -40), Vector2(40, -50), Vector2(-40, -50), Vector2(-50, -40),
            Vector2(-50, 40), Vector2(-40, 50), Vector2(40, 50), Vector2(50, 40),
        ], inTangents: [
            zero, Vector2(h, 0), zero, Vector2(0, -h), zero, Vector2(-h, 0), zero, Vector2(0, h),
        ], outTangents: [
            Vector2(0, -h), zero, Vector2(-h, 0), zero, Vector2(0, h), zero, Vector2(h, 0), zero,
        ], closed: true)
    }

    // MARK: - Ellipse

    func testEllipseStartsAtTheTopWithTangentsOfRadiusTimesKappa() {
        // Centre (100, 50), size 80 x 40: radii 40 and 20, handles 40 E_t and 20 E_t.
        let hx = 40 * GeometryFixtures.kappa
        let hy = 20 * GeometryFixtures.kappa
        let contour = BezierContour.ellipse(center: Vector2(100, 50), size: Vector2(80, 40))
        assertGeometryContour(contour, vertices: [
            Vector2(100, 30), Vector2(140, 50), Vector2(100, 70), Vector2(60, 50),
        ], inTangents: [
            Vector2(-hx, 0), Vector2(0, -hy), Vector2(hx, 0), Vector2(0, hy),
        ], outTangents: [
            Vector2(hx, 0), Vector2(0, hy), Vector2(-hx, 0), Vector2(0, -hy),
        ], closed: true)
        XCTAssertEqual(contour.outTangents[0].length, 40 * 0.5519150244935105707435627, accuracy: 1e-12)
    }

    func testReversedEllipseGoesFromTheTopToTheLeft() {
        let h = 50 * GeometryFixtures.kappa
        let contour = BezierContour.ellipse(center: .zero, size: Vector2(100, 100), reversed: true)
        assertGeometryContour(contour, vertices: [
            Vector2(0, -50), Vector2(-50, 0), Vector2(0, 50), Vector2(50, 0),
        ], inTangents: [
            Vector2(h, 0), Vector2(0, -h), Vector2(-h, 0), Vector2(0, h),
        ], outTangents: [
            Vector2(-h, 0), Vector2(0, h), Vector2(h, 0), Vector2(0, -h),
        ], closed: true)
    }

    // MARK: - Polystar

    /// sin and cos of 18°, 36°, 54° and 72° in closed form.
    private let sin18 = (5.0.squareRoot() - 1) / 4
    private let cos18 = (10 + 2 * 5.0.squareRoot()).squareRoot() / 4
    private let sin54 = (5.0.squareRoot() + 1) / 4
    private let cos54 = (10 - 2 * 5.0.squareRoot()).squareRoot() / 4

    func testPentagonVertices() {
        // Outer radius 100, no rotation: angles -90°, -18°, 54°, 126°, 198° from +x, clockwise on screen.
        let contour = BezierContour.polystar(.polygon, center: .zero, points: 5, outerRadius: 100)
        assertGeometryContour(contour, vertices: [
            Vector2(0, -100),
            Vector2(100 * cos18, -100 * sin18),
            Vector2(100 * cos54, 100 * sin54),
            Vector2(-100 * cos54, 100 * sin54),
            Vector2(-100 * cos18, -100 * sin18),
        ], inTangents: Array(repeating: zero, count: 5), outTangents: Array(repeating: zero, count: 5),
        closed: true)
    }

    func testPolygonRotationAndCentre() {
        // A square polygon (4 points) turned by 45° about (10, 10), radius 10: the first point is at -45°.
        let s = 10 / 2.0.squareRoot()
        let contour = BezierContour.polystar(.polygon, center: Vector2(10, 10), points: 4, rotation: 45,
                                             outerRadius: 10)
        assertGeometryContour(contour, vertices: [
            Vector2(10 + s, 10 - s), Vector2(10 + s, 10 + s), Vector2(10 - s, 10 + s), Vector2(10 - s, 10 - s),
        ], closed: true)
    }

    func testStarInnerPoints() {
        // Five points, outer radius 100, inner 50: inner corners halfway between, at -54°, 18°, 90°, 162°, 234°.
        let contour = BezierContour.polystar(.star, center: .zero, points: 5, outerRadius: 100, innerRadius: 50)
        XCTAssertEqual(contour.vertices.count, 10)
        let inner = stride(from: 1, to: 10, by: 2).map { contour.vertices[$0] }
        let expected = [
            Vector2(50 * cos54, -50 * sin54),
            Vector2(50 * cos18, 50 * sin18),
            Vector2(0, 50),
            Vector2(-50 * cos18, 50 * sin18),
            Vector2(-50 * cos54, -50 * sin54),
        ]
        for (actual, wanted) in zip(inner, expected) { assertGeometryPoint(actual, wanted) }
        assertGeometryPoint(contour.vertices[0], Vector2(0, -100))
        assertGeometryPoint(contour.vertices[2], Vector2(100 * cos18, -100 * sin18))
    }

    func testFractionalPointCountIsFloored() {
        let contour = BezierContour.polystar(.polygon, center: .zero, points: 5.9, outerRadius: 100)
        XCTAssertEqual(contour.vertices.count, 5)
        let star = BezierContour.polystar(.star, center: .zero, points: 3.2, outerRadius: 100, innerRadius: 40)
        XCTAssertEqual(star.vertices.count, 6)
        XCTAssertTrue(BezierContour.polystar(.polygon, center: .zero, points: 0.7, outerRadius: 100)
            .vertices.isEmpty)
    }

    func testRoundnessTangentsRunAlongTheCircle() {
        // Square polygon (4 points), radius 100, roundness 100%: length = 2π·100 / 16 = 12.5π, along the direction
        // of travel. At the top vertex (0, -100) travel is +x; at the right vertex (100, 0) it is +y.
        let length = 12.5 * Double.pi
        let contour = BezierContour.polystar(.polygon, center: .zero, points: 4, outerRadius: 100,
                                             outerRoundness: 100)
        assertGeometryContour(contour, vertices: [
            Vector2(0, -100), Vector2(100, 0), Vector2(0, 100), Vector2(-100, 0),
        ], inTangents: [
            Vector2(-length, 0), Vector2(0, -length), Vector2(length, 0), Vector2(0, length),
        ], outTangents: [
            Vector2(length, 0), Vector2(0, length), Vector2(-length, 0), Vector2(0, -length),
        ], closed: true)

        // Star, 4 points, inner radius 50 with inner roundness 50%: 0.5 · 2π·50 / 16 = 3.125π at the first inner
        // corner, at 45°: (50/√2, -50/√2), travelling along (1/√2, 1/√2).
        let star = BezierContour.polystar(.star, center: .zero, points: 4, outerRadius: 100, innerRadius: 50,
                                          innerRoundness: 50)
        let innerLength = 3.125 * Double.pi / 2.0.squareRoot()
        assertGeometryPoint(star.vertices[1], Vector2(50 / 2.0.squareRoot(), -50 / 2.0.squareRoot()))
        assertGeometryPoint(star.outTangents[1], Vector2(innerLength, innerLength))
        assertGeometryPoint(star.inTangents[1], Vector2(-innerLength, -innerLength))
        assertGeometryPoint(star.outTangents[0], zero)
    }

    func testReversedPolystarKeepsTheFirstPoint() {
        let contour = BezierContour.polystar(.polygon, center: .zero, points: 5, outerRadius: 100, reversed: true)
        assertGeometryContour(contour, vertices: [
            Vector2(0, -100),
            Vector2(-100 * cos18, -100 * sin18),
            Vector2(-100 * cos54, 100 * sin54),
            Vector2(100 * cos54, 100 * sin54),
            Vector2(100 * cos18, -100 * sin18),
        ], closed: true)
    }

    /// Written into a contour that has room (a moving polystar at the next frame), a polystar is
    /// the one made anew, in the storage the contour had; an invalid point count empties it.
    func testAPolystarWrittenIntoAContourIsTheOneMadeAnew() throws {
        var contour = BezierContour.polystar(.star, center: .zero, points: 6, outerRadius: 50, innerRadius: 20)
        let storage = try XCTUnwrap(RecycledShapes.storage(of: contour.vertices))
        for (kind, points, reversed) in [(BezierContour.PolystarKind.star, 5.0, false), (.polygon, 7, true), (.star, 3, true)] {
            BezierContour.writePolystar(kind, center: Vector2(3, 4), points: points, rotation: 20, outerRadius: 40,
                                        outerRoundness: 30, innerRadius: 15, innerRoundness: 60, reversed: reversed,
                                        into: &contour)
            XCTAssertEqual(contour, BezierContour.polystar(kind, center: Vector2(3, 4), points: points, rotation: 20,
                                                           outerRadius: 40, outerRoundness: 30, innerRadius: 15,
                                                           innerRoundness: 60, reversed: reversed))
            XCTAssertEqual(RecycledShapes.storage(of: contour.vertices), storage, "\(kind) \(points)")
        }
        BezierContour.writePolystar(.star, center: .zero, points: 0.5, rotation: 0, outerRadius: 40, outerRoundness: 0,
                                    innerRadius: 15, innerRoundness: 0, reversed: false, into: &contour)
        XCTAssertEqual(contour, BezierContour(vertices: [], inTangents: [], outTangents: [], closed: true))
    }

    /// Written into a contour that has room (a moving rectangle at the next frame), a rectangle is
    /// the one made anew, sharp or rounded, mirrored or reversed, in the storage the contour had.
    func testARectangleWrittenIntoAContourIsTheOneMadeAnew() throws {
        var contour = BezierContour.rectangle(center: .zero, size: Vector2(10, 10), cornerRadius: 2)
        let storage = try XCTUnwrap(RecycledShapes.storage(of: contour.vertices))
        let cases: [(size: Vector2, radius: Double, reversed: Bool)] = [
            (Vector2(40, 20), 0, false), (Vector2(40, 20), 5, false), (Vector2(-40, 20), 5, true),
            (Vector2(40, -20), 50, false), (Vector2(30, 30), 0, true),
        ]
        for (size, radius, reversed) in cases {
            BezierContour.writeRectangle(center: Vector2(5, 6), size: size, cornerRadius: radius, reversed: reversed,
                                         into: &contour)
            XCTAssertEqual(contour, BezierContour.rectangle(center: Vector2(5, 6), size: size, cornerRadius: radius,
                                                            reversed: reversed), "\(size) \(radius) \(reversed)")
            XCTAssertEqual(RecycledShapes.storage(of: contour.vertices), storage)
        }
    }
}
