import XCTest
import LottieModel
@testable import LottiePlay

/// Rendering frame after frame into one image must give exactly the images rendered one by one.
final class RenderIntoImageTests: XCTestCase {
    private typealias F = RenderFixtures

    private func scene(_ layers: [SceneLayer]) -> LottieScene {
        LottieScene(frame: 0, width: 8, height: 8, layers: layers)
    }

    func testEachFrameReplacesThePrevious() {
        let renderer = SceneRenderer(width: 8, height: 8)
        let wide = scene([F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.red)])])
        let small = scene([F.layer([F.fill([F.rectangle(2, 2, 2, 2)], F.green)])])
        var image = RGBAImage(width: 0, height: 0)
        var issues: [LottieDiagnostic] = []
        for frame in [wide, small, scene([]), wide] {
            renderer.render(frame, into: &image, issues: &issues)
            XCTAssertEqual(image, renderer.render(frame))
        }
    }

    func testImageOfAnotherSizeIsReplaced() {
        let renderer = SceneRenderer(width: 8, height: 8)
        var image = RGBAImage(width: 3, height: 5, filledWith: .init(red: 1, green: 2, blue: 3))
        var issues: [LottieDiagnostic] = []
        let frame = scene([F.layer([F.fill([F.rectangle(0, 0, 4, 8)], F.red)])])
        renderer.render(frame, into: &image, issues: &issues)
        XCTAssertEqual(image.width, 8)
        XCTAssertEqual(image, renderer.render(frame))
    }

    func testAnImageStillHeldElsewhereIsNotChanged() {
        let renderer = SceneRenderer(width: 8, height: 8)
        var image = RGBAImage(width: 0, height: 0)
        var issues: [LottieDiagnostic] = []
        renderer.render(scene([F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.red)])]), into: &image, issues: &issues)
        let kept = image
        renderer.render(scene([]), into: &image, issues: &issues)
        XCTAssertEqual(kept[4, 4], .init(red: 255, green: 0, blue: 0))
        XCTAssertEqual(image[4, 4], .clear)
    }

    // MARK: Changing the size

    /// A renderer whose size changes renders at the new size (its idle compositors were of the
    /// old one), and a copy made before keeps rendering at its own.
    func testARendererRendersAtItsSizeAfterTheSizeChanges() {
        let frame = scene([F.layer([F.fill([F.rectangle(0, 0, 4, 8)], F.red)])])
        var renderer = SceneRenderer(width: 8, height: 8)
        let copy = renderer
        XCTAssertEqual(renderer.render(frame).width, 8)
        renderer.width = 16
        renderer.height = 4
        let resized = renderer.render(frame)
        XCTAssertEqual([resized.width, resized.height], [16, 4])
        XCTAssertEqual(resized, SceneRenderer(width: 16, height: 4).render(frame))
        // The 8 x 8 canvas scaled by 1/2 into 16 x 4 is 4 x 4 at x 6..<10: its red left half is x 6..<8.
        XCTAssertEqual(resized[6, 2], RGBAImage.Pixel(red: 255, green: 0, blue: 0))
        XCTAssertEqual(resized[7, 2], RGBAImage.Pixel(red: 255, green: 0, blue: 0))
        XCTAssertEqual(resized[5, 2].alpha, 0)
        XCTAssertEqual(resized[8, 2].alpha, 0)
        let old = copy.render(frame)
        XCTAssertEqual([old.width, old.height], [8, 8])
        XCTAssertEqual(old, SceneRenderer(width: 8, height: 8).render(frame))
    }
}
