import Foundation
import XCTest
@testable import LottiePlay

final class OffsetPathTests: XCTestCase {
    private let zero = Vector2.zero

    func testSquareGrownByTenWithMiterJoinsIsASquareOfSide120() {
        let result = OffsetPathModifier(amount: 10, lineJoin: .miter, miterLimit: 4).apply(to: GeometryFixtures.square)
        assertGeometryContour(result, vertices: [
            Vector2(60, -60), Vector2(60, 60), Vector2(-60, 60), Vector2(-60, -60),
        ], inTangents: [zero, zero, zero, zero], outTangents: [zero, zero, zero, zero], closed: true)
    }

    func testMiterLimitIsARatioOfTheAmount() {
        // A square corner's tip is √2 · 10 from the corner: a limit of 1.4 bevels it, 1.5 does not.
        let bevelled = OffsetPathModifier(amount: 10, lineJoin: .miter, miterLimit: 1.4)
            .apply(to: GeometryFixtures.square)
        let bevel = OffsetPathModifier(amount: 10, lineJoin: .bevel).apply(to: GeometryFixtures.square)
        XCTAssertEqual(bevelled, bevel)
        assertGeometryContour(bevel, vertices: [
            Vector2(60, -50), Vector2(60, 50), Vector2(50, 60), Vector2(-50, 60),
            Vector2(-60, 50), Vector2(-60, -50), Vector2(-50, -60), Vector2(50, -60),
        ], closed: true)
        XCTAssertEqual(OffsetPathModifier(amount: 10, lineJoin: .miter, miterLimit: 1.5)
            .apply(to: GeometryFixtures.square).vertices.count, 4)
    }

    func testSquareShrunkByTenIsASquareOfSide80() {
        // The inner sides cross near every corner and are cut there.
        let result = OffsetPathModifier(amount: -10, lineJoin: .round).apply(to: GeometryFixtures.square)
        assertGeometryContour(result, vertices: [
            Vector2(40, -40), Vector2(40, 40), Vector2(-40, 40), Vector2(-40, -40),
        ], closed: true)
    }

    func testRoundJoinsAreQuarterCircles() {
        // Around the corner (50, 50) with radius 10, from (60, 50) to (50, 60): handles (4/3) tan(π/8) · 10.
        let h = 4.0 / 3.0 * tan(Double.pi / 8) * 10
        let result = OffsetPathModifier(amount: 10, lineJoin: .round).apply(to: GeometryFixtures.square)
        assertGeometryContour(result, vertices: [
            Vector2(60, -50), Vector2(60, 50), Vector2(50, 60), Vector2(-50, 60),
            Vector2(-60, 50), Vector2(-60, -50), Vector2(-50, -60), Vector2(50, -60),
        ], inTangents: [
            Vector2(0, -h), zero, Vector2(h, 0), zero, Vector2(0, h), zero, Vector2(-h, 0), zero,
        ], outTangents: [
            zero, Vector2(0, h), zero, Vector2(-h, 0), zero, Vector2(0, -h), zero, Vector2(h, 0),
        ], closed: true)
    }

    func testOpenLineBecomesTheOutlineAroundIt() {
        // One side at y = -10 going right, the other at y = 10 coming back; the ends are 180° turns.
        let bevel = OffsetPathModifier(amount: 10, lineJoin: .miter).apply(to: GeometryFixtures.line)
        assertGeometryContour(bevel, vertices: [
            Vector2(0, -10), Vector2(100, -10), Vector2(100, 10), Vector2(0, 10),
        ], closed: true)
        // Round ends are half circles through (110, 0) and (-10, 0).
        let round = OffsetPathModifier(amount: 10, lineJoin: .round).apply(to: GeometryFixtures.line)
        assertGeometryContour(round, vertices: [
            Vector2(0, -10), Vector2(100, -10), Vector2(110, 0), Vector2(100, 10), Vector2(0, 10), Vector2(-10, 0),
        ], closed: true)
    }

    func testCircleOffsetStaysCloseToTheLargerCircle() {
        // End points move exactly; in between the control-polygon offset is an approximation, within 0.07 units
        // of radius 110 for a radius of 100 offset by 10 (see CubicOffset.swift).
        let circle = BezierContour.ellipse(center: .zero, size: Vector2(200, 200))
        let result = OffsetPathModifier(amount: 10).apply(to: circle)
        XCTAssertTrue(result.closed)
        for vertex in [Vector2(0, -110), Vector2(110, 0), Vector2(0, 110), Vector2(-110, 0)] {
            XCTAssertTrue(result.vertices.contains { $0.distance(to: vertex) < 1e-9 }, "\(vertex) in the result")
        }
        for index in 0..<result.segmentCount {
            let segment = result.segment(index)
            for step in 0...10 {
                let radius = segment.point(at: Double(step) / 10).length
                XCTAssertEqual(radius, 110, accuracy: 0.07, "segment \(index) at \(step)")
            }
        }
    }

    func testZeroAmountIsTheIdentity() {
        XCTAssertEqual(OffsetPathModifier(amount: 0).apply(to: [GeometryFixtures.square]), [GeometryFixtures.square])
    }
}
