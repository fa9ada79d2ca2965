import Foundation
import XCTest
@testable import LottiePlay

/// Shapes shared by the segment and arc-length tests.
enum MathFixtures {
    /// The ellipse tangent ratio of FORMAT.md.
    static let kappa = 0.5519150244935105707435627

    /// The bezier quarter circle of radius 100 from (100, 0) to (0, 100), symmetric about the line y = x.
    static let quarterCircle = CubicSegment(Vector2(100, 0), Vector2(100, 100 * kappa), Vector2(100 * kappa, 100),
                                            Vector2(0, 100))

    /// The parabola (t, t^2), t in [0, 1]: the quadratic (0,0) (1/2,0) (1,1) raised to a cubic.
    static let parabola = CubicSegment(Vector2(0, 0), Vector2(1.0 / 3.0, 0), Vector2(2.0 / 3.0, 1.0 / 3.0),
                                       Vector2(1, 1))

    /// Arc length of y = x^2 from 0 to x: (x/2) sqrt(1 + 4x^2) + asinh(2x)/4.
    static func parabolaLength(to x: Double) -> Double {
        0.5 * x * (1 + 4 * x * x).squareRoot() + asinh(2 * x) / 4
    }

    /// A cusp at t = 1/2: B'(1/2) = 0.
    static let cusp = CubicSegment(Vector2(0, 0), Vector2(1, 1), Vector2(0, 1), Vector2(1, 0))

    /// The cubic's Bernstein form, written out independently of `CubicSegment.point(at:)`.
    static func bernstein(_ s: CubicSegment, _ t: Double) -> Vector2 {
        let u = 1 - t
        let x = u * u * u * s.p0.x + 3 * u * u * t * s.c1.x + 3 * u * t * t * s.c2.x + t * t * t * s.p3.x
        let y = u * u * u * s.p0.y + 3 * u * u * t * s.c1.y + 3 * u * t * t * s.c2.y + t * t * t * s.p3.y
        return Vector2(x, y)
    }

    /// The length of the inscribed polyline with `count` equal parameter steps (compensated sum).
    static func polylineLength(_ s: CubicSegment, count: Int) -> Double {
        var sum = 0.0
        var compensation = 0.0
        var previous = bernstein(s, 0)
        for index in 1...count {
            let next = bernstein(s, Double(index) / Double(count))
            let dx = next.x - previous.x
            let dy = next.y - previous.y
            let term = (dx * dx + dy * dy).squareRoot() - compensation
            let total = sum + term
            compensation = (total - sum) - term
            sum = total
            previous = next
        }
        return sum
    }
}

final class CubicSegmentTests: XCTestCase {
    private func assertPoint(_ actual: Vector2, _ expected: Vector2, accuracy: Double,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.x, expected.x, accuracy: accuracy, "x of \(actual)", file: file, line: line)
        XCTAssertEqual(actual.y, expected.y, accuracy: accuracy, "y of \(actual)", file: file, line: line)
    }

    // MARK: - Evaluation

    func testEndpointsAreExact() {
        let s = MathFixtures.quarterCircle
        XCTAssertEqual(s.point(at: 0), s.p0)
        XCTAssertEqual(s.point(at: 1), s.p3)
    }

    /// B(1/2) = (p0 + 3 c1 + 3 c2 + p3) / 8; for the quarter circle x = y = (400 + 300 kappa) / 8 = 50 + 37.5 kappa.
    func testMidpointByHand() {
        let expected = 50 + 37.5 * MathFixtures.kappa
        assertPoint(MathFixtures.quarterCircle.point(at: 0.5), Vector2(expected, expected), accuracy: 1e-12)
        // The parabola is (t, t^2).
        assertPoint(MathFixtures.parabola.point(at: 0.3), Vector2(0.3, 0.09), accuracy: 1e-15)
    }

    /// B'(t) of the parabola is (1, 2t); B'' is (0, 2).
    func testDerivatives() {
        let s = MathFixtures.parabola
        assertPoint(s.derivative(at: 0), Vector2(1, 0), accuracy: 1e-15)
        assertPoint(s.derivative(at: 0.25), Vector2(1, 0.5), accuracy: 1e-15)
        assertPoint(s.derivative(at: 1), Vector2(1, 2), accuracy: 1e-15)
        assertPoint(s.secondDerivative(at: 0.7), Vector2(0, 2), accuracy: 1e-14)
        XCTAssertEqual(s.speed(at: 1), 5.0.squareRoot(), accuracy: 1e-15)
        // Quarter circle leaves (100, 0) straight down (+y) with speed 3 * 100 kappa.
        assertPoint(MathFixtures.quarterCircle.derivative(at: 0), Vector2(0, 300 * MathFixtures.kappa),
                    accuracy: 1e-12)
    }

    // MARK: - Tangent angle

    func testTangentAngles() {
        // Quarter circle: starts moving down (+y, 90 degrees), ends moving left (180 degrees).
        XCTAssertEqual(MathFixtures.quarterCircle.tangentAngle(at: 0), 90, accuracy: 1e-12)
        XCTAssertEqual(MathFixtures.quarterCircle.tangentAngle(at: 1), 180, accuracy: 1e-12)
        XCTAssertEqual(MathFixtures.quarterCircle.tangentAngle(at: 0.5), 135, accuracy: 1e-12)
        // Parabola: direction (1, 2t).
        XCTAssertEqual(MathFixtures.parabola.tangentAngle(at: 0), 0, accuracy: 1e-12)
        XCTAssertEqual(MathFixtures.parabola.tangentAngle(at: 1), atan2(2, 1) * 180 / Double.pi, accuracy: 1e-12)
    }

    /// With a control point on its end point the velocity vanishes there; the direction is toward the other
    /// control point at the start, and from the other control point at the end.
    func testTangentAngleWithZeroLengthHandles() {
        let startHandleCollapsed = CubicSegment(Vector2(0, 0), Vector2(0, 0), Vector2(10, 10), Vector2(20, 10))
        XCTAssertEqual(startHandleCollapsed.tangentAngle(at: 0), 45, accuracy: 1e-12)
        let endHandleCollapsed = CubicSegment(Vector2(0, 0), Vector2(10, 0), Vector2(20, 20), Vector2(20, 20))
        XCTAssertEqual(endHandleCollapsed.tangentAngle(at: 1), atan2(20, 10) * 180 / Double.pi, accuracy: 1e-12)
        // Both handles collapsed: a straight motion from (0, 0) to (0, -5): up the screen, -90 degrees.
        let bothCollapsed = CubicSegment(Vector2(0, 0), Vector2(0, 0), Vector2(0, -5), Vector2(0, -5))
        XCTAssertEqual(bothCollapsed.tangentAngle(at: 0), -90, accuracy: 1e-12)
        XCTAssertEqual(bothCollapsed.tangentAngle(at: 1), -90, accuracy: 1e-12)
        let point = CubicSegment(Vector2(3, 3), Vector2(3, 3), Vector2(3, 3), Vector2(3, 3))
        XCTAssertEqual(point.tangentAngle(at: 0.5), 0)
    }

    // MARK: - Subdivision

    func testSplitMatchesTheOriginalCurve() {
        let s = CubicSegment(Vector2(0, 0), Vector2(30, 80), Vector2(90, -40), Vector2(120, 20))
        for t in [0.2, 0.5, 0.73] {
            let (left, right) = s.split(at: t)
            XCTAssertEqual(left.p0, s.p0)
            XCTAssertEqual(right.p3, s.p3)
            XCTAssertEqual(left.p3, right.p0)
            assertPoint(left.p3, s.point(at: t), accuracy: 1e-12)
            for u in [0.0, 0.1, 0.5, 0.9, 1.0] {
                assertPoint(left.point(at: u), s.point(at: t * u), accuracy: 1e-12)
                assertPoint(right.point(at: u), s.point(at: t + (1 - t) * u), accuracy: 1e-12)
            }
            XCTAssertEqual(left.length + right.length, s.length, accuracy: 1e-10)
        }
    }

    /// de Casteljau at 1/2 by hand for (0,0) (0,4) (4,4) (4,0): ab = (0,2), bc = (2,4), cd = (4,2),
    /// abc = (1,3), bcd = (3,3), middle = (2,3).
    func testSplitByHand() {
        let s = CubicSegment(Vector2(0, 0), Vector2(0, 4), Vector2(4, 4), Vector2(4, 0))
        let (left, right) = s.split(at: 0.5)
        XCTAssertEqual(left, CubicSegment(Vector2(0, 0), Vector2(0, 2), Vector2(1, 3), Vector2(2, 3)))
        XCTAssertEqual(right, CubicSegment(Vector2(2, 3), Vector2(3, 3), Vector2(4, 2), Vector2(4, 0)))
    }

    func testSubsegment() {
        let s = MathFixtures.parabola
        let middle = s.subsegment(from: 0.25, to: 0.75)
        assertPoint(middle.p0, Vector2(0.25, 0.0625), accuracy: 1e-14)
        assertPoint(middle.p3, Vector2(0.75, 0.5625), accuracy: 1e-14)
        assertPoint(middle.point(at: 0.5), Vector2(0.5, 0.25), accuracy: 1e-14)
        XCTAssertEqual(middle.length, MathFixtures.parabolaLength(to: 0.75) - MathFixtures.parabolaLength(to: 0.25),
                       accuracy: 1e-13)
        XCTAssertEqual(s.subsegment(from: 0, to: 1), s)
        XCTAssertEqual(s.subsegment(from: 0, to: 0).p3, s.p0)
    }

    // MARK: - Spatial helper

    /// Keyframe values (10, 20) -> (110, 20) with `to` (30, -40) and `ti` (-30, -40) relative to their points.
    func testSpatialSegmentFromKeyframeTangents() {
        let s = CubicSegment.spatial(from: Vector2(10, 20), outTangent: Vector2(30, -40), inTangent: Vector2(-30, -40),
                                     to: Vector2(110, 20))
        XCTAssertEqual(s, CubicSegment(Vector2(10, 20), Vector2(40, -20), Vector2(80, -20), Vector2(110, 20)))
        let straight = CubicSegment.spatial(from: Vector2(0, 0), outTangent: .zero, inTangent: .zero,
                                            to: Vector2(30, 40))
        XCTAssertTrue(straight.isStraightLine())
    }

    // MARK: - Straight lines

    func testStraightLineDetection() {
        let p0 = Vector2(0, 0)
        let p3 = Vector2(30, 40)
        XCTAssertTrue(CubicSegment(p0, p0, p3, p3).isStraightLine(), "zero tangents")
        XCTAssertTrue(CubicSegment(p0, Vector2(6, 8), Vector2(24, 32), p3).isStraightLine(), "tangents on the chord")
        XCTAssertTrue(CubicSegment(p0, Vector2(24, 32), Vector2(6, 8), p3).isStraightLine(), "crossed, still inside")
        XCTAssertTrue(CubicSegment.line(from: p0, to: p3).isStraightLine())
        XCTAssertFalse(CubicSegment(p0, Vector2(6, 8.01), Vector2(24, 32), p3).isStraightLine(), "off the chord")
        XCTAssertFalse(CubicSegment(p0, Vector2(36, 48), Vector2(24, 32), p3).isStraightLine(), "beyond the end")
        XCTAssertFalse(CubicSegment(p0, Vector2(-3, -4), p3, p3).isStraightLine(), "before the start")
        XCTAssertTrue(CubicSegment(p0, p0, p0, p0).isStraightLine(), "a point")
        XCTAssertFalse(CubicSegment(p0, Vector2(5, 0), Vector2(5, 5), p0).isStraightLine(), "a closed loop")
        XCTAssertTrue(CubicSegment(p0, Vector2(6, 8.0000001), Vector2(24, 32), p3).isStraightLine(),
                      "within the default tolerance")
    }

    func testLineMovesAtConstantSpeed() {
        let line = CubicSegment.line(from: Vector2(0, 0), to: Vector2(30, 40))
        assertPoint(line.point(at: 0.4), Vector2(12, 16), accuracy: 1e-12)
        XCTAssertEqual(line.speed(at: 0.1), 50, accuracy: 1e-12)
        XCTAssertEqual(line.length, 50, accuracy: 1e-12)
    }

    // MARK: - Arc length

    /// The bezier quarter circle is not an exact circle, but its length is close to 50 pi; the quadrature agrees
    /// with a fine inscribed polyline (whose shortfall at 400 000 steps is about L k^2 h^2 / 24 ~ 1e-10 for the
    /// curvature k ~ 1/100 and step h ~ 4e-4).
    func testQuarterCircleLength() {
        let length = MathFixtures.quarterCircle.length
        XCTAssertEqual(length, 50 * Double.pi, accuracy: 0.05)
        let polyline = MathFixtures.polylineLength(MathFixtures.quarterCircle, count: 400_000)
        XCTAssertEqual(length, polyline, accuracy: 1e-6)
        XCTAssertGreaterThanOrEqual(length, polyline - 1e-9, "a polyline is never longer than its curve")
    }

    /// The parabola's length has a closed form: sqrt(5)/2 + asinh(2)/4 = 1.4789428575445975.
    func testParabolaLengthMatchesClosedFormToOneBillionthRelative() {
        let expected = MathFixtures.parabolaLength(to: 1)
        XCTAssertEqual(expected, 5.0.squareRoot() / 2 + asinh(2) / 4, accuracy: 1e-15)
        XCTAssertEqual(MathFixtures.parabola.length, expected, accuracy: 1e-9 * expected)
        XCTAssertEqual(MathFixtures.parabola.arcLength(from: 0, to: 0.5), MathFixtures.parabolaLength(to: 0.5),
                       accuracy: 1e-12)
        XCTAssertEqual(MathFixtures.parabola.arcLength(from: 0.5, to: 0), -MathFixtures.parabolaLength(to: 0.5),
                       accuracy: 1e-12)
        XCTAssertEqual(MathFixtures.parabola.arcLength(from: 0.3, to: 0.3), 0)
    }

    func testLengthThroughACusp() {
        let length = MathFixtures.cusp.length
        let polyline = MathFixtures.polylineLength(MathFixtures.cusp, count: 400_000)
        XCTAssertEqual(length, polyline, accuracy: 1e-6)
        // Symmetric about x = 1/2: each half is half the length.
        XCTAssertEqual(MathFixtures.cusp.arcLength(from: 0, to: 0.5), 0.5 * length, accuracy: 1e-9)
    }

    func testDegenerateLengths() {
        let point = CubicSegment(Vector2(3, 3), Vector2(3, 3), Vector2(3, 3), Vector2(3, 3))
        XCTAssertEqual(point.length, 0)
        // A 3-4-5 line with collapsed handles: length 5 however the parameter moves.
        let line = CubicSegment(Vector2(0, 0), Vector2(0, 0), Vector2(3, 4), Vector2(3, 4))
        XCTAssertEqual(line.length, 5, accuracy: 1e-13)
    }

    func testLengthPastDoubleRangeIsInfiniteAtOnce() {
        // The control points differ by ~1e308: lengths overflow. Splitting on for a tolerance an
        // infinite length never meets would take 2^40 quadratures; the answer comes at once.
        let far = CubicSegment(p0: Vector2(-1e308, 0), c1: Vector2(1e308, 1e308), c2: Vector2(-1e308, -1e308),
                               p3: Vector2(1e308, 0))
        XCTAssertFalse(far.length.isFinite)
        var pieces = 0
        far.forEachArcLengthPiece(from: 0, to: 1) { _, _ in pieces += 1 }
        XCTAssertEqual(pieces, 8, "each of the 4 starting pieces is halved once, then left as it is")
        let nan = CubicSegment(p0: Vector2(.nan, 0), c1: Vector2(1, 1), c2: Vector2(2, 2), p3: Vector2(3, 0))
        XCTAssertTrue(nan.length.isNaN)
    }
}
