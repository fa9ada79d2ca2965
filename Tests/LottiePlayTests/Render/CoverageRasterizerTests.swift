import XCTest
import LottieModel
@testable import LottiePlay

/// Exact area coverage: expected values are areas computed by hand.
final class CoverageRasterizerTests: XCTestCase {
    func testPixelAlignedSquareCoversWholePixelsOnly() {
        let coverage = RenderFixtures.coverage([Vector2(1, 1), Vector2(3, 1), Vector2(3, 3), Vector2(1, 3)],
                                               width: 4, height: 4)
        let expected: [Float] = [
            0, 0, 0, 0,
            0, 1, 1, 0,
            0, 1, 1, 0,
            0, 0, 0, 0,
        ]
        XCTAssertEqual(coverage, expected)
    }

    func testHalfCoveredPixelIsExactlyOneHalf() {
        // A vertical edge through the middle of column 1: x from 1.5 to 3.
        let coverage = RenderFixtures.coverage([Vector2(1.5, 0), Vector2(3, 0), Vector2(3, 1), Vector2(1.5, 1)],
                                               width: 4, height: 1)
        XCTAssertEqual(coverage, [0, 0.5, 1, 0])
        // A horizontal edge through the middle of row 1.
        let rows = RenderFixtures.coverage([Vector2(0, 1.5), Vector2(1, 1.5), Vector2(1, 3), Vector2(0, 3)],
                                           width: 1, height: 3)
        XCTAssertEqual(rows, [0, 0.5, 1])
    }

    func testDiagonalEdgeCoversTriangleAreas() {
        // The triangle (0,0) (2,0) (0,2): pixel (0,0) is fully inside, (1,0) and (0,1) are cut
        // through their diagonal (1/2 each), (1,1) is outside.
        let coverage = RenderFixtures.coverage([Vector2(0, 0), Vector2(2, 0), Vector2(0, 2)], width: 2, height: 2)
        XCTAssertEqual(coverage[0], 1, accuracy: 1e-6)
        XCTAssertEqual(coverage[1], 0.5, accuracy: 1e-6)
        XCTAssertEqual(coverage[2], 0.5, accuracy: 1e-6)
        XCTAssertEqual(coverage[3], 0, accuracy: 1e-6)
    }

    func testTotalCoverageEqualsPolygonArea() {
        // An irregular quadrilateral: shoelace area = 0.5 * |sum(x_i y_{i+1} - x_{i+1} y_i)|.
        let points = [Vector2(1.3, 0.7), Vector2(9.1, 2.2), Vector2(7.6, 8.9), Vector2(0.4, 6.1)]
        var twiceArea = 0.0
        for index in points.indices {
            let next = points[(index + 1) % points.count]
            twiceArea += points[index].x * next.y - next.x * points[index].y
        }
        let coverage = RenderFixtures.coverage(points, width: 10, height: 10)
        XCTAssertEqual(Double(coverage.reduce(0, +)), abs(twiceArea) / 2, accuracy: 1e-4)
        XCTAssertTrue(coverage.allSatisfy { $0 >= 0 && $0 <= 1 })
    }

    func testEdgesLeftOfTheClipStillCount() {
        // A square from x = -5 to x = 1.5: columns 0 full, 1 half.
        let coverage = RenderFixtures.coverage([Vector2(-5, 0), Vector2(1.5, 0), Vector2(1.5, 1), Vector2(-5, 1)],
                                               width: 3, height: 1)
        XCTAssertEqual(coverage, [1, 0.5, 0])
    }

    func testClockwiseAndCounterClockwiseCoverTheSame() {
        let clockwise = RenderFixtures.coverage([Vector2(0.5, 0.5), Vector2(2.5, 0.5), Vector2(2.5, 2.5),
                                                 Vector2(0.5, 2.5)], width: 3, height: 3)
        let counter = RenderFixtures.coverage([Vector2(0.5, 0.5), Vector2(0.5, 2.5), Vector2(2.5, 2.5),
                                               Vector2(2.5, 0.5)], width: 3, height: 3)
        XCTAssertEqual(clockwise, counter)
        // Corners 1/4, edges 1/2, centre 1.
        XCTAssertEqual(clockwise, [0.25, 0.5, 0.25, 0.5, 1, 0.5, 0.25, 0.5, 0.25])
    }

    /// A pentagram drawn as one self-crossing contour: its centre pentagon winds twice.
    private func pentagram(center: Vector2, radius: Double) -> [Vector2] {
        (0..<5).map { step in
            let angle = -Double.pi / 2 + Double(step) * 4 * Double.pi / 5
            return Vector2(center.x + radius * cos(angle), center.y + radius * sin(angle))
        }
    }

    func testEvenOddLeavesTheStarsCentreEmptyAndNonZeroFillsIt() {
        let star = pentagram(center: Vector2(20, 20), radius: 18)
        let nonZero = RenderFixtures.coverage(star, rule: .nonZero, width: 40, height: 40)
        let evenOdd = RenderFixtures.coverage(star, rule: .evenOdd, width: 40, height: 40)
        let centre = 20 * 40 + 20
        XCTAssertEqual(nonZero[centre], 1)
        XCTAssertEqual(evenOdd[centre], 0, accuracy: 1e-5)
        // A point in one of the star's arms (winding 1) is covered under both rules.
        let arm = 8 * 40 + 20  // pixel (20, 8): inside the top arm (x 17.9...22.1 there), above the centre
        XCTAssertEqual(nonZero[arm], 1)
        XCTAssertEqual(evenOdd[arm], 1, accuracy: 1e-5)
    }

    /// Squares at (origin, origin) of the given sizes, all running the same way.
    private func squares(_ squares: [(origin: Double, size: Double)]) -> Polygon {
        var polygon = Polygon()
        for (origin, size) in squares {
            polygon.move(to: Vector2(origin, origin))
            polygon.line(to: Vector2(origin + size, origin))
            polygon.line(to: Vector2(origin + size, origin + size))
            polygon.line(to: Vector2(origin, origin + size))
            polygon.closeContour()
        }
        return polygon
    }

    func testEvenOddOfNestedSquaresMakesAHole() {
        let polygon = squares([(0, 6), (2, 2)])
        let evenOdd = RenderFixtures.coverage(polygon, rule: .evenOdd, width: 6, height: 6)
        let nonZero = RenderFixtures.coverage(polygon, rule: .nonZero, width: 6, height: 6)
        XCTAssertEqual(evenOdd[3 * 6 + 3], 0)
        XCTAssertEqual(nonZero[3 * 6 + 3], 1)
        XCTAssertEqual(evenOdd[0], 1)
    }

    func testEvenOddAlternatesThroughThreeNestedSquares() {
        // Three squares running the same way: winding 1, 2 and 3 from the outside in, so even-odd
        // covers the outer ring, leaves the middle one and covers the centre; a half-pixel edge
        // of the middle square (winding 1.5 on average) is half covered. 16 pixels wide, so that
        // rows are swept four cells at a time.
        let polygon = squares([(0, 16), (4.5, 7), (6, 4)])
        let evenOdd = RenderFixtures.coverage(polygon, rule: .evenOdd, width: 16, height: 16)
        let row = 8 * 16
        XCTAssertEqual(evenOdd[row + 1], 1, accuracy: 1e-5)      // winding 1
        XCTAssertEqual(evenOdd[row + 4], 0.5, accuracy: 1e-5)    // half 1, half 2
        XCTAssertEqual(evenOdd[row + 5], 0, accuracy: 1e-5)      // winding 2
        XCTAssertEqual(evenOdd[row + 7], 1, accuracy: 1e-5)      // winding 3
        XCTAssertEqual(evenOdd[row + 14], 1, accuracy: 1e-5)
    }

    /// A U: two bars 8 wide at x 0 and 32, joined below y = 6.
    private let uShape = [Vector2(0, 0), Vector2(8, 0), Vector2(8, 6), Vector2(32, 6), Vector2(32, 0),
                          Vector2(40, 0), Vector2(40, 8), Vector2(0, 8)]

    func testALongGapSplitsARowIntoSpans() {
        for rule in [FillRule.nonZero, .evenOdd] {
            var rasterizer = CoverageRasterizer()
            defer { rasterizer.deallocate() }
            var spans: [Int: [(minX: Int, values: [Float])]] = [:]
            var polygon = Polygon()
            polygon.move(to: uShape[0])
            for point in uShape.dropFirst() { polygon.line(to: point) }
            polygon.closeContour()
            rasterizer.rasterize(polygon, rule: rule, clip: PixelRect(width: 40, height: 8)) { span in
                spans[span.y, default: []].append((span.minX, (0..<span.count).map { span.values[$0] }))
            }
            // Between the bars, cells 12 to 31 (whole blocks of four from the row's first cell) hold
            // no edge and no coverage: the row goes out as two spans.
            let row = spans[3] ?? []
            XCTAssertEqual(row.map(\.minX), [0, 32], "\(rule)")
            XCTAssertEqual(row.first?.values, [1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0], "\(rule)")
            XCTAssertEqual(row.last?.values, [1, 1, 1, 1, 1, 1, 1, 1], "\(rule)")
            // The row under the bars is covered across: one span.
            XCTAssertEqual(spans[7]?.count, 1, "\(rule)")
        }
        // Split or not, every pixel has the coverage of the shape.
        let coverage = RenderFixtures.coverage(uShape, width: 40, height: 8)
        for y in 0..<8 {
            for x in 0..<40 {
                XCTAssertEqual(coverage[y * 40 + x], y >= 6 || x < 8 || x >= 32 ? 1 : 0, "(\(x), \(y))")
            }
        }
    }

    func testFlatteningKeepsCurvesWithinTheTolerance() {
        // A circle of radius 100 from four cubic arcs: every flattened point lies on the circle
        // (to the cubic's own 3e-4 relative error), and no chord's midpoint is more than the
        // tolerance inside it.
        let k = 0.5519150244935105707435627 * 100
        let circle = BezierContour(
            vertices: [Vector2(0, -100), Vector2(100, 0), Vector2(0, 100), Vector2(-100, 0)],
            inTangents: [Vector2(-k, 0), Vector2(0, -k), Vector2(k, 0), Vector2(0, k)],
            outTangents: [Vector2(k, 0), Vector2(0, k), Vector2(-k, 0), Vector2(0, -k)], closed: true)
        var points: [Vector2] = []
        Flattening.append(circle, transform: .identity, tolerance: 0.25, to: &points)
        XCTAssertGreaterThan(points.count, 20)
        for index in points.indices {
            let next = points[(index + 1) % points.count]
            let middle = (points[index] + next) / 2
            XCTAssertLessThan(100 - middle.length, 0.25 + 0.03, "chord \(index) sags too far")
        }
    }
}
