import Foundation
import XCTest
@testable import LottiePlay

final class TrimPathTests: XCTestCase {
    private let square = GeometryFixtures.square
    private let line = GeometryFixtures.line
    private let zero = Vector2.zero

    private func trim(_ contours: [BezierContour], _ start: Double, _ end: Double, offset: Double = 0,
                      mode: TrimPathModifier.Mode = .parallel) -> [BezierContour] {
        TrimPathModifier(start: start, end: end, offset: offset, mode: mode).apply(to: contours)
    }

    // MARK: - Window

    private func assertWindow(_ trim: TrimPathModifier, _ start: Double, _ end: Double,
                              file: StaticString = #filePath, line: UInt = #line) {
        guard let window = trim.window else { return XCTFail("no window", file: file, line: line) }
        XCTAssertEqual(window.start, start, accuracy: 1e-12, "start", file: file, line: line)
        XCTAssertEqual(window.end, end, accuracy: 1e-12, "end", file: file, line: line)
    }

    func testWindowFollowsTheFormatFormula() {
        // o = 90° is a quarter turn; s and e are percent.
        assertWindow(TrimPathModifier(start: 10, end: 30, offset: 90), 0.35, 0.55)
        // s > e swaps; o = -90° is frac(-1/4) = 3/4; 0.75 + 0.5 wraps past 1.
        assertWindow(TrimPathModifier(start: 50, end: 0, offset: -90), 0.75, 1.25)
        // 2.5 turns: frac = 0.5; start 0.5 + 0.6 = 1.1 >= 1, so both come down by 1.
        assertWindow(TrimPathModifier(start: 60, end: 80, offset: 900), 0.1, 0.3)
        // Values outside 0...100 are clamped.
        assertWindow(TrimPathModifier(start: -20, end: 150), 0, 1)
        XCTAssertNil(TrimPathModifier(start: 40, end: 40, offset: 30).window)
        XCTAssertTrue(TrimPathModifier(start: 40, end: 40, offset: 30).isEmpty)
        XCTAssertTrue(TrimPathModifier(start: 100, end: 0, offset: 30).isFull)
        XCTAssertFalse(TrimPathModifier(start: 0, end: 99.9).isFull)
    }

    // MARK: - One contour

    func testStraightLineTrimmedToItsMiddleHalf() {
        let result = trim([line], 25, 75)
        XCTAssertEqual(result.count, 1)
        assertGeometryContour(result[0], vertices: [Vector2(25, 0), Vector2(75, 0)],
                              inTangents: [zero, zero], outTangents: [zero, zero], closed: false)
    }

    func testStartGreaterThanEndSwaps() {
        XCTAssertEqual(trim([line], 75, 25), trim([line], 25, 75))
    }

    func testEqualStartAndEndDrawNothing() {
        XCTAssertEqual(trim([line, square], 30, 30), [])
        XCTAssertEqual(trim([square], 0, 0, offset: 45), [])
        XCTAssertEqual(trim([square], 100, 100), [])
    }

    func testFullRangeReturnsTheInputUnchanged() {
        XCTAssertEqual(trim([square, line], 0, 100), [square, line])
        XCTAssertEqual(trim([square, line], 100, 0, offset: 45), [square, line])
        XCTAssertEqual(trim([square], 0, 100, mode: .sequential), [square])
    }

    func testOffsetOfNinetyDegreesShiftsAClosedSquareByAQuarterOfItsPerimeter() {
        // Perimeter 400: 0%...25% is the right edge; a 90° offset moves it 100 units on, to the bottom edge.
        assertGeometryContour(trim([square], 0, 25)[0], vertices: [Vector2(50, -50), Vector2(50, 50)],
                              closed: false)
        assertGeometryContour(trim([square], 0, 25, offset: 90)[0], vertices: [Vector2(50, 50), Vector2(-50, 50)],
                              closed: false)
        // 0%...50% shifted by 90°: 100...300, through two corners.
        assertGeometryContour(trim([square], 0, 50, offset: 90)[0], vertices: [
            Vector2(50, 50), Vector2(-50, 50), Vector2(-50, -50),
        ], inTangents: [zero, zero, zero], outTangents: [zero, zero, zero], closed: false)
        // A cut inside edges: 12.5%...37.5% is 50...150, from the middle of the right edge to the middle of the
        // bottom one.
        assertGeometryContour(trim([square], 12.5, 37.5)[0], vertices: [
            Vector2(50, 0), Vector2(50, 50), Vector2(0, 50),
        ], closed: false)
    }

    func testWrapAroundAClosedContourIsOnePieceThroughTheStartVertex() {
        // o = 270°: 0%...50% becomes 0.75...1.25: 300...400 then 0...100, joined at vertex 0.
        let result = trim([square], 0, 50, offset: 270)
        XCTAssertEqual(result.count, 1)
        assertGeometryContour(result[0], vertices: [Vector2(-50, -50), Vector2(50, -50), Vector2(50, 50)],
                              closed: false)
        // Cut points inside edges: 0.875...1.125 is 350...450, i.e. 350...400 and 0...50.
        let inside = trim([square], 0, 25, offset: 315)
        XCTAssertEqual(inside.count, 1)
        assertGeometryContour(inside[0], vertices: [Vector2(0, -50), Vector2(50, -50), Vector2(50, 0)],
                              closed: false)
    }

    func testWrapAroundAnOpenContourGivesTwoPieces() {
        // 0.75...1.25 on the 100-unit line: 75...100 first, then 0...25.
        let result = trim([line], 0, 50, offset: 270)
        XCTAssertEqual(result.count, 2)
        assertGeometryContour(result[0], vertices: [Vector2(75, 0), Vector2(100, 0)], closed: false)
        assertGeometryContour(result[1], vertices: [Vector2(0, 0), Vector2(25, 0)], closed: false)
    }

    func testParallelModeTrimsEachContourOnItsOwn() {
        let other = BezierContour(polygon: [Vector2(0, 10), Vector2(300, 10)], closed: false)
        let result = trim([line, other], 0, 50)
        XCTAssertEqual(result.count, 2)
        assertGeometryContour(result[0], vertices: [Vector2(0, 0), Vector2(50, 0)], closed: false)
        assertGeometryContour(result[1], vertices: [Vector2(0, 10), Vector2(150, 10)], closed: false)
    }

    // MARK: - Sequential

    func testSequentialModeMeasuresAllContoursAsOneLength() {
        // 100 + 300 = 400; 50% is 200: all of the first line and 100 units into the second.
        let other = BezierContour(polygon: [Vector2(0, 10), Vector2(300, 10)], closed: false)
        let result = trim([line, other], 0, 50, mode: .sequential)
        XCTAssertEqual(result.count, 2)
        XCTAssertEqual(result[0], line, "a contour wholly inside the window is kept as it is")
        assertGeometryContour(result[1], vertices: [Vector2(0, 10), Vector2(100, 10)], closed: false)
    }

    func testSequentialModeKeepsAWholeClosedContourClosed() {
        // The square (400) then the line (100): 0%...90% is 0...450, the whole square and half the line.
        let result = trim([square, line], 0, 90, mode: .sequential)
        XCTAssertEqual(result.count, 2)
        XCTAssertEqual(result[0], square)
        assertGeometryContour(result[1], vertices: [Vector2(0, 0), Vector2(50, 0)], closed: false)
    }

    func testSequentialWrapCoversTheEndOfTheLastContourAndTheStartOfTheFirst() {
        // Lines of 100 and 300; 0%...50% offset by 270° is 300...400 and 0...100 of the 400 units: the first
        // line whole, and the second from 200 to 300. Output in contour order.
        let other = BezierContour(polygon: [Vector2(0, 10), Vector2(300, 10)], closed: false)
        let result = trim([line, other], 0, 50, offset: 270, mode: .sequential)
        XCTAssertEqual(result.count, 2)
        XCTAssertEqual(result[0], line)
        assertGeometryContour(result[1], vertices: [Vector2(200, 10), Vector2(300, 10)], closed: false)
    }

    func testSequentialModeWithOneClosedContourJoinsTheWrapLikeParallel() {
        XCTAssertEqual(trim([square], 0, 50, offset: 270, mode: .sequential),
                       trim([square], 0, 50, offset: 270, mode: .parallel))
    }

    func testZeroLengthContoursAreDropped() {
        let point = BezierContour(polygon: [Vector2(5, 5), Vector2(5, 5)], closed: false)
        let result = trim([point, line], 0, 50)
        XCTAssertEqual(result.count, 1)
        assertGeometryContour(result[0], vertices: [Vector2(0, 0), Vector2(50, 0)], closed: false)
    }

    // MARK: - Curves, by arc length

    func testCircleTrimmedToAQuarterIsItsFirstArc() {
        // Radius 100: four equal arcs; 0%...25% ends exactly at the right vertex.
        let circle = BezierContour.ellipse(center: .zero, size: Vector2(200, 200))
        let h = 100 * GeometryFixtures.kappa
        let result = trim([circle], 0, 25)
        XCTAssertEqual(result.count, 1)
        assertGeometryContour(result[0], vertices: [Vector2(0, -100), Vector2(100, 0)],
                              inTangents: [zero, Vector2(0, -h)], outTangents: [Vector2(h, 0), zero],
                              closed: false)
    }

    func testCircleCutByArcLengthNotByParameter() {
        // A quarter of the perimeter starting at 10% (o = 36°): from 36° to 126° clockwise from the top. On a
        // circle those points are (100 sin 36°, -100 cos 36°) and (100 sin 126°, -100 cos 126°). The bezier circle
        // is within 0.02 units of the true one; cutting at the bezier parameter 0.4 instead would land about
        // 0.33 units away.
        let circle = BezierContour.ellipse(center: .zero, size: Vector2(200, 200))
        let result = trim([circle], 0, 25, offset: 36)
        XCTAssertEqual(result.count, 1)
        let piece = result[0]
        let degrees = Double.pi / 180
        assertGeometryPoint(piece.vertices[0], Vector2(100 * sin(36 * degrees), -100 * cos(36 * degrees)),
                            accuracy: 0.05)
        assertGeometryPoint(piece.vertices[piece.vertices.count - 1],
                            Vector2(100 * sin(126 * degrees), -100 * cos(126 * degrees)), accuracy: 0.05)
        // Through the right vertex (90°), which stays a vertex of the piece.
        XCTAssertEqual(piece.vertices.count, 3)
        assertGeometryPoint(piece.vertices[1], Vector2(100, 0))
        // A quarter of 2π·100, to the accuracy of the bezier circle.
        XCTAssertEqual(piece.length, 50 * Double.pi, accuracy: 0.05)
    }

    func testSliceOfACurvedSegmentIsTheSameCurve() {
        // The piece between 25% and 75% of a quarter arc lies on the original curve: its middle vertex-free
        // midpoint is the original curve's midpoint (the arc is symmetric, so arc length and parameter agree
        // there): ((4 + 3k) / 8 · 100, -(4 + 3k) / 8 · 100) relative to the centre, for the arc from top to right.
        let k = GeometryFixtures.kappa
        let arc = BezierContour(vertices: [Vector2(0, -100), Vector2(100, 0)],
                                inTangents: [.zero, Vector2(0, -100 * k)],
                                outTangents: [Vector2(100 * k, 0), .zero], closed: false)
        let piece = trim([arc], 25, 75)[0]
        XCTAssertEqual(piece.vertices.count, 2)
        let middle = piece.segment(0).point(at: 0.5)
        assertGeometryPoint(middle, Vector2((4 + 3 * k) / 8 * 100, -(4 + 3 * k) / 8 * 100), accuracy: 1e-9)
        XCTAssertEqual(piece.length, arc.length / 2, accuracy: 1e-9)
    }
}
