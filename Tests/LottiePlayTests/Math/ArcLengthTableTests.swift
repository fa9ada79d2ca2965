import Foundation
import XCTest
@testable import LottiePlay

/// Distance -> point along a segment, checked against symmetry, closed forms and plain lerps.
final class ArcLengthTableTests: XCTestCase {
    private func assertPoint(_ actual: Vector2, _ expected: Vector2, accuracy: Double,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.x, expected.x, accuracy: accuracy, "x of \(actual)", file: file, line: line)
        XCTAssertEqual(actual.y, expected.y, accuracy: accuracy, "y of \(actual)", file: file, line: line)
    }

    // MARK: - Curves

    /// The quarter circle is symmetric about y = x (reversing t mirrors it), so half the arc length is reached at
    /// t = 1/2, the point (50 + 37.5 kappa, 50 + 37.5 kappa).
    func testHalfLengthOfSymmetricQuarterCircleIsItsMidpoint() {
        let table = ArcLengthTable(MathFixtures.quarterCircle)
        XCTAssertFalse(table.isStraightLine)
        let middle = 50 + 37.5 * MathFixtures.kappa
        assertPoint(table.point(atDistance: table.length / 2), Vector2(middle, middle), accuracy: 1e-6)
        XCTAssertEqual(table.parameter(atDistance: table.length / 2), 0.5, accuracy: 1e-9)
        assertPoint(table.point(atProgress: 0.5), Vector2(middle, middle), accuracy: 1e-6)
        XCTAssertEqual(table.tangentAngle(atDistance: table.length / 2), 135, accuracy: 1e-6)
    }

    /// Symmetry again: the points at distance s and at length - s mirror each other across y = x.
    func testQuarterCircleDistancesMirror() {
        let table = ArcLengthTable(MathFixtures.quarterCircle)
        for s in [1.0, 10, 33.3, 70, 78] {
            let a = table.point(atDistance: s)
            let b = table.point(atDistance: table.length - s)
            assertPoint(a, Vector2(b.y, b.x), accuracy: 1e-6)
        }
    }

    /// On the parabola (t, t^2) the arc length to x is (x/2) sqrt(1 + 4x^2) + asinh(2x)/4, so the point at that
    /// distance is (x, x^2).
    func testPointAtDistanceOnParabolaMatchesClosedForm() {
        let table = ArcLengthTable(MathFixtures.parabola)
        XCTAssertEqual(table.length, MathFixtures.parabolaLength(to: 1), accuracy: 1e-12)
        for x in [0.001, 0.1, 0.3, 0.5, 0.77, 0.999] {
            let distance = MathFixtures.parabolaLength(to: x)
            assertPoint(table.point(atDistance: distance), Vector2(x, x * x), accuracy: 1e-9)
            XCTAssertEqual(table.parameter(atDistance: distance), x, accuracy: 1e-9)
        }
    }

    /// Through a cusp the speed touches 0; the lookup still lands on the symmetric middle.
    func testPointAtDistanceThroughACusp() {
        let table = ArcLengthTable(MathFixtures.cusp)
        XCTAssertEqual(table.parameter(atDistance: table.length / 2), 0.5, accuracy: 1e-6)
        // Every lookup is consistent with the exact arc length of the segment.
        for fraction in [0.1, 0.3, 0.45, 0.55, 0.8] {
            let t = table.parameter(atDistance: fraction * table.length)
            XCTAssertEqual(MathFixtures.cusp.arcLength(from: 0, to: t), fraction * table.length, accuracy: 1e-8)
        }
    }

    func testDistancesAreClampedOnCurves() {
        let table = ArcLengthTable(MathFixtures.quarterCircle)
        XCTAssertEqual(table.point(atDistance: -5), MathFixtures.quarterCircle.p0)
        XCTAssertEqual(table.point(atDistance: table.length + 5), MathFixtures.quarterCircle.p3)
        XCTAssertEqual(table.point(atProgress: 1.2), MathFixtures.quarterCircle.p3)
        XCTAssertEqual(table.point(atProgress: -0.2), MathFixtures.quarterCircle.p0)
        XCTAssertEqual(table.parameter(atDistance: 0), 0)
        XCTAssertEqual(table.parameter(atDistance: table.length), 1)
    }

    func testTableIsMonotone() {
        let table = ArcLengthTable(CubicSegment(Vector2(0, 0), Vector2(300, 200), Vector2(-100, 200), Vector2(200, 0)))
        XCTAssertGreaterThanOrEqual(table.breakpointCount, 9)
        var previous = -1.0
        for step in 0...200 {
            let t = table.parameter(atDistance: table.length * Double(step) / 200)
            XCTAssertGreaterThan(t, previous)
            previous = t
        }
    }

    // MARK: - Straight lines

    /// A straight spatial segment is a plain lerp: the point at distance d is p0 + (p3 - p0) d / |p3 - p0|.
    func testStraightLinePointAtDistanceIsExactlyTheLerp() {
        let p0 = Vector2(0, 0)
        let p3 = Vector2(30, 40)
        for segment in [CubicSegment(p0, p0, p3, p3), CubicSegment(p0, Vector2(24, 32), Vector2(6, 8), p3),
                        CubicSegment.spatial(from: p0, outTangent: Vector2(3, 4), inTangent: Vector2(-9, -12), to: p3)] {
            let table = ArcLengthTable(segment)
            XCTAssertTrue(table.isStraightLine)
            XCTAssertEqual(table.length, 50)
            for d in [0.0, 5, 20, 37.5, 50] {
                XCTAssertEqual(table.point(atDistance: d), Vector2(30 * (d / 50), 40 * (d / 50)))
            }
            assertPoint(table.point(atDistance: 20), Vector2(12, 16), accuracy: 1e-12)
            XCTAssertEqual(table.tangentAngle(atDistance: 10), atan2(40, 30) * 180 / Double.pi, accuracy: 1e-12)
        }
    }

    /// Even measured as a curve (straight-line shortcut disabled), the zero-tangent line moves by arc length,
    /// so the point at distance d is still the lerp; its parameter is not d / length (x = 3u^2 - 2u^3).
    func testStraightLineMeasuredAsACurveAgreesWithTheLerp() {
        let p0 = Vector2(0, 0)
        let p3 = Vector2(30, 40)
        let table = ArcLengthTable(CubicSegment(p0, p0, p3, p3), straightLineTolerance: -1)
        XCTAssertFalse(table.isStraightLine)
        XCTAssertEqual(table.length, 50, accuracy: 1e-12)
        for d in [1.0, 12.5, 25, 40, 49] {
            assertPoint(table.point(atDistance: d), Vector2(30 * d / 50, 40 * d / 50), accuracy: 1e-9)
        }
        // u = 1/4 gives x = 3/16 - 2/64 = 5/32 of the way: distance 50 * 5/32.
        XCTAssertEqual(table.parameter(atDistance: 50 * 5 / 32), 0.25, accuracy: 1e-10)
    }

    /// Straight segments lerp by progress, overshoot included, like every other lerped value.
    func testStraightLineProgressExtrapolates() {
        let table = ArcLengthTable(CubicSegment.line(from: Vector2(0, 0), to: Vector2(10, 0)))
        XCTAssertEqual(table.point(atProgress: 1.1), Vector2(11, 0))
        XCTAssertEqual(table.point(atProgress: -0.1), Vector2(-1, 0))
        XCTAssertEqual(table.point(atProgress: 0.25), Vector2(2.5, 0))
        XCTAssertEqual(table.point(atDistance: 12), Vector2(10, 0), "distances are clamped")
    }

    func testPointSegment() {
        let p = Vector2(7, -2)
        let table = ArcLengthTable(CubicSegment(p, p, p, p))
        XCTAssertEqual(table.length, 0)
        XCTAssertEqual(table.point(atDistance: 0), p)
        XCTAssertEqual(table.point(atDistance: 3), p)
        XCTAssertEqual(table.point(atProgress: 0.5), p)
        XCTAssertEqual(table.parameter(atDistance: 1), 0)
    }

    /// A table measured into kept room is the table measured afresh, to the bit, and the next one
    /// measured there takes that room once the first is gone (a trim cuts curves at every frame).
    func testATableMeasuredIntoKeptRoomIsTheSameTable() {
        let curve = CubicSegment(Vector2(0, 0), Vector2(300, 200), Vector2(-100, 200), Vector2(200, 0))
        let other = CubicSegment(Vector2(5, 5), Vector2(50, 0), Vector2(0, 70), Vector2(90, 90))
        var room: [Double] = []
        var address: UInt?
        for segment in [curve, other, curve] {
            let kept = ArcLengthTable(measuring: segment, minimumPieces: 4, storage: &room)
            XCTAssertEqual(kept, ArcLengthTable(segment, straightLineTolerance: -1, minimumPieces: 4))
            XCTAssertEqual(kept.parameter(atDistance: kept.length / 3),
                           ArcLengthTable(segment, straightLineTolerance: -1, minimumPieces: 4)
                               .parameter(atDistance: kept.length / 3))
        }
        for segment in [curve, curve] {
            _ = ArcLengthTable(measuring: segment, minimumPieces: 4, storage: &room)
            let now = room.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
            if let address { XCTAssertEqual(now, address, "measured where the table before was") }
            address = now
        }
    }
}
