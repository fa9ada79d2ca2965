import XCTest
@testable import LottiePlay

/// Linear and radial gradients: colours at known parameters, opacity stops, pad spread.
final class GradientRenderTests: XCTestCase {
    private typealias F = RenderFixtures

    private func gradientLayer(_ gradient: GradientPaint, size: Double) -> SceneLayer {
        F.layer([ShapeDrawing(paths: [F.rectangle(0, 0, size, size)], paint: .gradientFill(gradient, .nonZero),
                              opacity: 1, jsonPath: "test")])
    }

    private func stops(_ colors: [(Double, RGBAColor)]) -> [GradientPaint.ColorStop] {
        colors.map { GradientPaint.ColorStop(offset: $0.0, color: $0.1) }
    }

    func testLinearGradientMidpointIsTheMeanColour() {
        // From the centre of pixel 0 (x 0.5) to the centre of pixel 8 (x 8.5), red to blue:
        // pixel 4's centre is at t = 0.5, half red and half blue.
        let gradient = GradientPaint(kind: .linear, start: Vector2(0.5, 0), end: Vector2(8.5, 0),
                                     colorStops: stops([(0, F.red), (1, F.blue)]), opacityStops: [])
        let image = F.render([gradientLayer(gradient, size: 9)], size: 9)
        assertPixel(image, 4, 4, .init(red: 128, green: 0, blue: 128), tolerance: 1)
        assertPixel(image, 0, 4, .init(red: 255, green: 0, blue: 0), tolerance: 0)
        assertPixel(image, 8, 4, .init(red: 0, green: 0, blue: 255), tolerance: 0)
        // Pixel 2 at t = 0.25: three quarters red.
        assertPixel(image, 2, 4, .init(red: 191, green: 0, blue: 64), tolerance: 1)
    }

    func testGradientPadsBeyondItsEnds() {
        let gradient = GradientPaint(kind: .linear, start: Vector2(3, 0), end: Vector2(5, 0),
                                     colorStops: stops([(0, F.red), (1, F.blue)]), opacityStops: [])
        let image = F.render([gradientLayer(gradient, size: 8)])
        assertPixel(image, 0, 0, .init(red: 255, green: 0, blue: 0), tolerance: 0)
        assertPixel(image, 7, 7, .init(red: 0, green: 0, blue: 255), tolerance: 0)
    }

    func testOpacityStopsAreInterpolatedOnTheirOwn() {
        // Colour white throughout; opacity 1 at t = 0 and 0 at t = 1: alpha 0.5 at the middle.
        let gradient = GradientPaint(kind: .linear, start: Vector2(0.5, 0), end: Vector2(8.5, 0),
                                     colorStops: stops([(0, F.white), (1, F.white)]),
                                     opacityStops: [.init(offset: 0, opacity: 1), .init(offset: 1, opacity: 0)])
        let image = F.render([gradientLayer(gradient, size: 9)], size: 9)
        assertPixel(image, 4, 4, .init(red: 255, green: 255, blue: 255, alpha: 128), tolerance: 1)
        assertPixel(image, 0, 4, .init(red: 255, green: 255, blue: 255, alpha: 255), tolerance: 0)
    }

    func testColourStopsInTheMiddle() {
        // Three stops: red at 0, green at 0.5, blue at 1: the middle pixel is pure green.
        let gradient = GradientPaint(kind: .linear, start: Vector2(0.5, 0), end: Vector2(8.5, 0),
                                     colorStops: stops([(0, F.red), (0.5, F.green), (1, F.blue)]), opacityStops: [])
        let image = F.render([gradientLayer(gradient, size: 9)], size: 9)
        assertPixel(image, 4, 4, .init(red: 0, green: 255, blue: 0), tolerance: 1)
    }

    func testRadialGradientByDistanceFromTheCentre() {
        // Centre (8, 8), radius 8: pixel (7, 7)'s centre (7.5, 7.5) is at t = 0.088, a corner
        // (distance 10.6) pads to the last colour, and at distance 4 (pixel (11, 7), centre
        // (11.5, 7.5), t = sqrt(3.5^2 + 0.5^2) / 8 = 0.442) the colour is 56% red.
        let gradient = GradientPaint(kind: .radial, start: Vector2(8, 8), end: Vector2(16, 8),
                                     colorStops: stops([(0, F.red), (1, F.blue)]), opacityStops: [])
        let image = F.render([gradientLayer(gradient, size: 16)], size: 16)
        assertPixel(image, 0, 0, .init(red: 0, green: 0, blue: 255), tolerance: 0)
        assertPixel(image, 7, 7, .init(red: 233, green: 0, blue: 22), tolerance: 1)
        assertPixel(image, 11, 7, .init(red: 142, green: 0, blue: 113), tolerance: 1)
    }

    func testRadialHighlightMovesTheFocalPoint() {
        // Highlight 50% at angle 0: the focal point is half a radius to the right of the centre,
        // where t = 0 (pure first colour). The centre itself, half a radius from the focus
        // towards the far side of the circle, is at t = 0.5 / 1.5 = 1/3 on the left...
        let gradient = GradientPaint(kind: .radial, start: Vector2(8, 8), end: Vector2(16, 8),
                                     highlightLength: 50, highlightAngle: 0,
                                     colorStops: stops([(0, F.red), (1, F.blue)]), opacityStops: [])
        let shader = GradientShader(gradient, transform: .identity, opacity: 1)
        XCTAssertEqual(shader.parameter(SIMD2(12, 8)), 0, accuracy: 1e-9)
        // ... the point between focus and circle along the axis: (8, 8) is 4 from the focus
        // and the circle on that side is 12 away (at x = 0): t = 1/3.
        XCTAssertEqual(shader.parameter(SIMD2(8, 8)), 1.0 / 3, accuracy: 1e-9)
        // Towards the near side: (14, 8) is 2 from the focus, the circle 4 away: t = 0.5.
        XCTAssertEqual(shader.parameter(SIMD2(14, 8)), 0.5, accuracy: 1e-9)
        // On the circle itself t = 1.
        XCTAssertEqual(shader.parameter(SIMD2(8, 0)), 1, accuracy: 1e-9)
    }
}
