import XCTest
import LottieModel
@testable import LottiePlay

/// Precomp clips drawn without a buffer (on whole pixels, or upright with edges inside pixels)
/// and matte sources drawn only where their layer is: the pixels must be those of clipping by
/// coverage, worked out by hand from the geometry.
final class PrecompClipTests: XCTestCase {
    private typealias F = RenderFixtures
    private let red = RGBAImage.Pixel(red: 255, green: 0, blue: 0)

    private func precomp(_ children: [SceneLayer], clipWidth: Double, clipHeight: Double) -> SceneLayer {
        SceneLayer(name: "pre", index: 1, type: .precomp, jsonPath: "layers[0]", localFrame: 0, transform: .identity,
                   opacity: 1, blendMode: .normal,
                   content: .precomp(children, clip: Rect(x: 0, y: 0, width: clipWidth, height: clipHeight)))
    }

    // MARK: Clip rectangles

    func testWholePixelRectangleFromPrecompClip() {
        XCTAssertEqual(PixelRect(onWholePixels: 0, 2.0000000001, 4, 8), PixelRect(minX: 0, minY: 2, maxX: 4, maxY: 8))
        XCTAssertNil(PixelRect(onWholePixels: 0, 0, 4.5, 8))
        XCTAssertNil(PixelRect(onWholePixels: 0, 0, .nan, 8))
        XCTAssertNil(PixelRect(onWholePixels: 0, 0, 1e300, 8))
    }

    func testPixelsCoveredWholeByARectangle() {
        XCTAssertEqual(PixelRect(inside: 0.5, 1, 4.5, 6.25), PixelRect(minX: 1, minY: 1, maxX: 4, maxY: 6))
        XCTAssertEqual(PixelRect(inside: 2.2, 0, 2.8, 8), .empty)
        XCTAssertEqual(PixelRect(inside: .infinity, 0, 1, 1), .empty)
    }

    // MARK: Upright clips with edges inside pixels

    func testEdgePixelsKeepTheFractionTheClipCovers() {
        // Clip 4.5 x 6.25: column 4 is half covered, row 6 a quarter, their corner an eighth.
        let child = F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.red)])
        let image = F.render([precomp([child], clipWidth: 4.5, clipHeight: 6.25)])
        assertPixel(image, 3, 3, red, tolerance: 0)
        assertPixel(image, 4, 3, .init(red: 255, green: 0, blue: 0, alpha: 128))
        assertPixel(image, 3, 6, .init(red: 255, green: 0, blue: 0, alpha: 64))
        assertPixel(image, 4, 6, .init(red: 255, green: 0, blue: 0, alpha: 32))
        assertPixel(image, 5, 3, .clear, tolerance: 0)
        assertPixel(image, 3, 7, .clear, tolerance: 0)
    }

    func testEdgePixelsAreCompositedOverWhatIsBelow() {
        // Half of red over blue: (0.5, 0, 0.5), opaque.
        let below = F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.blue)])
        let child = F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.red)])
        let image = F.render([below, precomp([child], clipWidth: 4.5, clipHeight: 8)])
        assertPixel(image, 2, 2, red, tolerance: 0)
        assertPixel(image, 4, 2, .init(red: 128, green: 0, blue: 128))
        assertPixel(image, 6, 2, .init(red: 0, green: 0, blue: 255), tolerance: 0)
    }

    func testContentInsideTheClipIsDrawnAsIs() {
        // Nothing reaches the edge column: a half-covered shape inside stays half covered.
        let child = F.layer([F.fill([F.rectangle(1, 1, 1.5, 2)], F.red)])
        let image = F.render([precomp([child], clipWidth: 4.5, clipHeight: 8)])
        assertPixel(image, 1, 1, red, tolerance: 0)
        assertPixel(image, 2, 1, .init(red: 255, green: 0, blue: 0, alpha: 128))
        assertPixel(image, 4, 1, .clear, tolerance: 0)
        assertPixel(image, 0, 1, .clear, tolerance: 0)
    }

    func testOverlappingChildrenInsideTheClipComposeAsOneLayer() {
        // Half-opaque red over half-opaque red: alpha 0.75, drawn straight or through a buffer.
        let first = F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.red, opacity: 0.5)])
        let second = F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.red, opacity: 0.5)])
        let image = F.render([precomp([first, second], clipWidth: 4.5, clipHeight: 8)])
        assertPixel(image, 2, 2, .init(red: 255, green: 0, blue: 0, alpha: 191))
        // The edge column: 0.75 of a half-covered pixel.
        assertPixel(image, 4, 2, .init(red: 255, green: 0, blue: 0, alpha: 96))
    }

    func testNestedUprightClipsMultiply() {
        // Inner clip 6.5 wide inside an outer clip 4.5 wide: column 4 half, column 6 outside the outer.
        let child = F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.red)])
        let inner = precomp([child], clipWidth: 6.5, clipHeight: 8)
        let image = F.render([precomp([inner], clipWidth: 4.5, clipHeight: 8)])
        assertPixel(image, 3, 2, red, tolerance: 0)
        assertPixel(image, 4, 2, .init(red: 255, green: 0, blue: 0, alpha: 128))
        assertPixel(image, 6, 2, .clear, tolerance: 0)
    }

    func testStrokeWidthCountsAsReachingTheEdge() {
        // A 2-wide stroke on x = 3.5 covers 2.5...4.5: half of column 4, where the clip also keeps
        // half. Clipping multiplies the two coverages (0.25); drawing unclipped would leave 0.5.
        let line = BezierContour(polygon: [Vector2(3.5, 1), Vector2(3.5, 7)], closed: false)
        let child = F.layer([F.stroke([line], F.red, StrokeStyleValues(width: 2))])
        let image = F.render([precomp([child], clipWidth: 4.5, clipHeight: 8)])
        assertPixel(image, 3, 4, red, tolerance: 0)
        assertPixel(image, 4, 4, .init(red: 255, green: 0, blue: 0, alpha: 64))
    }

    func testContentTooFarToMeasureIsStillClipped() {
        let far = BezierContour(polygon: [Vector2(0, 0), Vector2(1e10, 0), Vector2(0, 1)], closed: true)
        let child = F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.red), F.fill([far], F.red)])
        let image = F.render([precomp([child], clipWidth: 4.5, clipHeight: 8)])
        assertPixel(image, 4, 4, .init(red: 255, green: 0, blue: 0, alpha: 128))
        assertPixel(image, 5, 4, .clear, tolerance: 0)
    }

    // MARK: Mattes

    func testMatteLargerThanItsLayerIsReadOnlyWhereTheLayerIs() {
        let matte = F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.white, opacity: 0.5)])
        let layer = F.layer([F.fill([F.rectangle(2, 2, 2, 2)], F.green)],
                            matte: SceneMatte(mode: .alpha, source: matte))
        let image = F.render([layer])
        assertPixel(image, 2, 2, .init(red: 0, green: 255, blue: 0, alpha: 128))
        assertPixel(image, 1, 2, .clear, tolerance: 0)
        let inverted = F.layer([F.fill([F.rectangle(2, 2, 2, 2)], F.green)],
                               matte: SceneMatte(mode: .alphaInverted, source: matte))
        assertPixel(F.render([inverted]), 3, 3, .init(red: 0, green: 255, blue: 0, alpha: 128))
    }

    func testMattedLayerInsideAnUprightClip() {
        // The matte source reaches past the clip's edge, the matted layer does not: the edge
        // column stays empty.
        let matte = F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.white)])
        let layer = F.layer([F.fill([F.rectangle(1, 1, 2, 2)], F.green)],
                            matte: SceneMatte(mode: .alpha, source: matte))
        let image = F.render([precomp([layer], clipWidth: 4.5, clipHeight: 8)])
        assertPixel(image, 1, 1, .init(red: 0, green: 255, blue: 0), tolerance: 0)
        assertPixel(image, 4, 1, .clear, tolerance: 0)
    }
}
