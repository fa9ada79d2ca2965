import XCTest
@testable import LottiePlay

/// Stroke widths, caps, joins and dashes, with coverage worked out by hand.
final class StrokeRenderTests: XCTestCase {
    private typealias F = RenderFixtures

    private func line(_ points: [Vector2], closed: Bool = false) -> BezierContour {
        BezierContour(polygon: points, closed: closed)
    }

    private func render(_ contour: BezierContour, _ style: StrokeStyleValues, size: Int = 8) -> RGBAImage {
        F.render([F.layer([F.stroke([contour], F.red, style)])], size: size)
    }

    func testOnePixelStrokeOnAPixelBoundaryCoversTwoColumnsAtHalf() {
        let image = render(line([Vector2(4, 0), Vector2(4, 8)]), StrokeStyleValues(width: 1))
        for y in 0..<8 {
            assertPixel(image, 3, y, .init(red: 255, green: 0, blue: 0, alpha: 128), tolerance: 0)
            assertPixel(image, 4, y, .init(red: 255, green: 0, blue: 0, alpha: 128), tolerance: 0)
            assertPixel(image, 2, y, .clear, tolerance: 0)
            assertPixel(image, 5, y, .clear, tolerance: 0)
        }
    }

    func testStrokeWidthCoversExactlyItsRows() {
        // Centred on y = 4.5 with width 3: rows 3, 4 and 5.
        let image = render(line([Vector2(0, 4.5), Vector2(8, 4.5)]), StrokeStyleValues(width: 3))
        for row in 3...5 { assertPixel(image, 4, row, .init(red: 255, green: 0, blue: 0), tolerance: 0) }
        assertPixel(image, 4, 2, .clear, tolerance: 0)
        assertPixel(image, 4, 6, .clear, tolerance: 0)
    }

    func testCapsExtendTheEnds() {
        // A line from x = 2 to x = 6 on y = 4, width 2 (rows 3 and 4).
        let path = line([Vector2(2, 4), Vector2(6, 4)])
        let butt = render(path, StrokeStyleValues(width: 2, cap: .butt))
        assertPixel(butt, 1, 3, .clear, tolerance: 0)
        assertPixel(butt, 2, 3, .init(red: 255, green: 0, blue: 0), tolerance: 0)
        assertPixel(butt, 6, 3, .clear, tolerance: 0)
        // Square caps add half the width (1 pixel) at each end.
        let square = render(path, StrokeStyleValues(width: 2, cap: .square))
        assertPixel(square, 1, 3, .init(red: 255, green: 0, blue: 0), tolerance: 0)
        assertPixel(square, 6, 4, .init(red: 255, green: 0, blue: 0), tolerance: 0)
        assertPixel(square, 0, 3, .clear, tolerance: 0)
        // Round caps: a half disc of radius 1 at each end, pi / 2 pixels in all, a quarter
        // (pi / 4 = 0.785) in each pixel beyond an end.
        let round = render(path, StrokeStyleValues(width: 2, cap: .round))
        XCTAssertEqual(Double(round[1, 3].alpha) / 255, Double.pi / 4, accuracy: 0.02)
        XCTAssertEqual(Double(round[6, 4].alpha) / 255, Double.pi / 4, accuracy: 0.02)
    }

    func testJoinsAtARightAngle() {
        // (1, 2) -> (6, 2) -> (6, 7), width 2: the outer corner is the pixel (6, 1), between
        // x 6...7 and y 1...2. Miter fills it, bevel cuts it along its diagonal (1/2), round
        // leaves a quarter disc of radius 1 (pi / 4).
        let path = line([Vector2(1, 2), Vector2(6, 2), Vector2(6, 7)])
        let miter = render(path, StrokeStyleValues(width: 2, join: .miter, miterLimit: 4))
        XCTAssertEqual(miter[6, 1].alpha, 255)
        let bevel = render(path, StrokeStyleValues(width: 2, join: .bevel))
        XCTAssertEqual(Double(bevel[6, 1].alpha) / 255, 0.5, accuracy: 0.005)
        let round = render(path, StrokeStyleValues(width: 2, join: .round))
        XCTAssertEqual(Double(round[6, 1].alpha) / 255, Double.pi / 4, accuracy: 0.02)
        // The inner side of the corner is filled once, not twice: opaque, never brighter.
        XCTAssertEqual(miter[5, 2].alpha, 255)
    }

    func testMiterLimitTurnsASharpCornerIntoABevel() {
        // A 90 degree corner has a miter ratio of sqrt(2) = 1.414: limit 1.5 keeps the miter,
        // limit 1.4 bevels it.
        let path = line([Vector2(1, 2), Vector2(6, 2), Vector2(6, 7)])
        XCTAssertEqual(render(path, StrokeStyleValues(width: 2, join: .miter, miterLimit: 1.5))[6, 1].alpha, 255)
        XCTAssertEqual(Double(render(path, StrokeStyleValues(width: 2, join: .miter, miterLimit: 1.4))[6, 1].alpha) / 255,
                       0.5, accuracy: 0.005)
    }

    func testClosedStrokeLeavesTheInsideEmpty() {
        // The square (2, 2)-(6, 6) stroked 2 wide covers x 1...7 but not the inner 3...5.
        let image = render(F.rectangle(2, 2, 4, 4), StrokeStyleValues(width: 2))
        assertPixel(image, 1, 1, .init(red: 255, green: 0, blue: 0), tolerance: 0)
        assertPixel(image, 6, 6, .init(red: 255, green: 0, blue: 0), tolerance: 0)
        assertPixel(image, 3, 3, .clear, tolerance: 0)
        assertPixel(image, 4, 4, .clear, tolerance: 0)
        assertPixel(image, 0, 0, .clear, tolerance: 0)
    }

    func testDashesAndOffset() {
        // On y = 4, from x = 0 to 8, dash 2 gap 2: pixels 0-1 and 4-5 are on.
        let path = line([Vector2(0, 4.5), Vector2(8, 4.5)])
        let dashed = render(path, StrokeStyleValues(width: 1, dashes: [2, 2]))
        XCTAssertEqual((0..<8).map { dashed[$0, 4].alpha > 128 }, [true, true, false, false, true, true, false, false])
        // Offset 1 starts one unit into the pattern: on [0, 1), off [1, 3), on [3, 5), off [5, 7), on [7, 8).
        let shifted = render(path, StrokeStyleValues(width: 1, dashes: [2, 2], dashOffset: 1))
        XCTAssertEqual((0..<8).map { shifted[$0, 4].alpha > 128 }, [true, false, false, true, true, false, false, true])
    }

    func testDashesRestartOnEachContour() {
        let dasher = Dasher(pattern: [3, 1], offset: 0, maxDashes: 100)
        var copy = dasher
        var dashes: [[Vector2]] = []
        copy.dash([Vector2(0, 0), Vector2(8, 0)], closed: false) { dashes.append(Array($0)) }
        XCTAssertEqual(dashes.map { $0.first!.x }, [0, 4])
        XCTAssertEqual(dashes.map { $0.last!.x }, [3, 7])
        var again = dasher
        var second: [[Vector2]] = []
        again.dash([Vector2(0, 1), Vector2(8, 1)], closed: false) { second.append(Array($0)) }
        XCTAssertEqual(second.map { $0.first!.x }, [0, 4])
    }

    func testZeroLengthPathWithRoundCapsIsADot() {
        let image = render(line([Vector2(4, 4), Vector2(4, 4)]), StrokeStyleValues(width: 4, cap: .round))
        assertPixel(image, 3, 3, .init(red: 255, green: 0, blue: 0), tolerance: 0)
        assertPixel(image, 0, 0, .clear, tolerance: 0)
        let butt = render(line([Vector2(4, 4), Vector2(4, 4)]), StrokeStyleValues(width: 4, cap: .butt))
        assertPixel(butt, 3, 3, .clear, tolerance: 0)
        // A lone vertex is not a segment: nothing is stroked, whatever the cap.
        let lone = render(line([Vector2(4, 4)]), StrokeStyleValues(width: 4, cap: .round))
        assertPixel(lone, 3, 3, .clear, tolerance: 0)
    }

    func testStrokeFollowsANonUniformScale() {
        // A vertical line 1 unit wide, scaled 2x horizontally: 2 pixels wide.
        let layer = F.layer([F.stroke([line([Vector2(2, 0), Vector2(2, 8)])], F.red, StrokeStyleValues(width: 1))],
                            transform: .scale(x: 2, y: 1))
        let image = F.render([layer])
        assertPixel(image, 3, 4, .init(red: 255, green: 0, blue: 0), tolerance: 0)
        assertPixel(image, 4, 4, .init(red: 255, green: 0, blue: 0), tolerance: 0)
        assertPixel(image, 2, 4, .clear, tolerance: 0)
        assertPixel(image, 5, 4, .clear, tolerance: 0)
    }
}
