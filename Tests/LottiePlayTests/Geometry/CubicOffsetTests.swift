import XCTest
@testable import LottiePlay

/// The cubic helpers under offset paths: inflection points, control-polygon offsets, crossings.
final class CubicOffsetTests: XCTestCase {
    func testSymmetricSCurveInflectsAtItsMiddle() {
        // Point-symmetric about (1.5, 0): the curvature changes sign at t = 1/2.
        let s = CubicSegment(Vector2(0, 0), Vector2(1, 1), Vector2(2, -1), Vector2(3, 0))
        let inflections = s.inflectionParameters()
        XCTAssertEqual(inflections.first ?? -1, 0.5, accuracy: 1e-12)
        XCTAssertNil(inflections.second)
        // An arc bends one way only; a straight segment not at all.
        let arc = CubicSegment(Vector2(0, -100), Vector2(55, -100), Vector2(100, -55), Vector2(100, 0))
        XCTAssertNil(arc.inflectionParameters().first)
        XCTAssertNil(CubicSegment.line(from: .zero, to: Vector2(5, 5)).inflectionParameters().first)
    }

    func testStraightSegmentIsOffsetExactly() {
        // (0, 0) -> (30, 40), controls at 1/3 and 2/3: unit direction (0.6, 0.8), normal (dy, -dx) = (0.8, -0.6);
        // every point moves by 5 times that, (4, -3).
        let line = CubicSegment.line(from: .zero, to: Vector2(30, 40))
        let moved = line.offsetByControlPolygon(5)
        assertGeometryPoint(moved.p0, Vector2(4, -3))
        assertGeometryPoint(moved.c1, Vector2(14, 40.0 / 3 - 3))
        assertGeometryPoint(moved.c2, Vector2(24, 80.0 / 3 - 3))
        assertGeometryPoint(moved.p3, Vector2(34, 37))
    }

    func testCrossingOfTwoLines() {
        let a = CubicSegment.line(from: Vector2(0, 0), to: Vector2(10, 10))
        let b = CubicSegment.line(from: Vector2(0, 10), to: Vector2(10, 0))
        let crossing = a.firstCrossing(with: b, tolerance: 1e-9, bothStraight: true)
        XCTAssertEqual(crossing?.t ?? -1, 0.5, accuracy: 1e-12)
        XCTAssertEqual(crossing?.u ?? -1, 0.5, accuracy: 1e-12)
        // Lines that only meet end to start do not cross.
        let c = CubicSegment.line(from: Vector2(10, 10), to: Vector2(20, 0))
        XCTAssertNil(a.firstCrossing(with: c, tolerance: 1e-9, bothStraight: true))
    }

    func testCrossingOfAnArcAndALine() {
        // The E_t quarter arc from (0, -100) to (100, 0) is symmetric about the diagonal y = -x, so it crosses it
        // at t = 1/2, at (4 + 3k) / 8 · (100, -100). The diagonal from (0, 0) to (100, -100) reaches that point at
        // u = (4 + 3k) / 8.
        let k = GeometryFixtures.kappa
        let arc = CubicSegment(Vector2(0, -100), Vector2(100 * k, -100), Vector2(100, -100 * k), Vector2(100, 0))
        let diagonal = CubicSegment.line(from: .zero, to: Vector2(100, -100))
        let crossing = arc.firstCrossing(with: diagonal, tolerance: 1e-9, bothStraight: false)
        XCTAssertEqual(crossing?.t ?? -1, 0.5, accuracy: 1e-7)
        XCTAssertEqual(crossing?.u ?? -1, (4 + 3 * k) / 8, accuracy: 1e-7)
    }
}
