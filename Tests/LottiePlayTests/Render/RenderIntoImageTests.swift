import XCTest
import LottieModel
@testable import LottiePlay

/// Rendering frame after frame into one image must give exactly the images rendered one by one.
final class RenderIntoImageTests: XCTestCase {
    private typealias F = RenderFixtures

    private func scene(_ layers: [SceneLayer]) -> Scene {
        Scene(frame: 0, width: 8, height: 8, layers: layers)
    }

    func testEachFrameReplacesThePrevious() {
        let renderer = SceneRenderer(width: 8, height: 8)
        let wide = scene([F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.red)])])
        let small = scene([F.layer([F.fill([F.rectangle(2, 2, 2, 2)], F.green)])])
        var image = RGBAImage(width: 0, height: 0)
        var issues: [RenderIssue] = []
        for frame in [wide, small, scene([]), wide] {
            renderer.render(frame, into: &image, issues: &issues)
            XCTAssertEqual(image, renderer.render(frame))
        }
    }

    func testImageOfAnotherSizeIsReplaced() {
        let renderer = SceneRenderer(width: 8, height: 8)
        var image = RGBAImage(width: 3, height: 5, filledWith: .init(red: 1, green: 2, blue: 3))
        var issues: [RenderIssue] = []
        let frame = scene([F.layer([F.fill([F.rectangle(0, 0, 4, 8)], F.red)])])
        renderer.render(frame, into: &image, issues: &issues)
        XCTAssertEqual(image.width, 8)
        XCTAssertEqual(image, renderer.render(frame))
    }

    func testAnImageStillHeldElsewhereIsNotChanged() {
        let renderer = SceneRenderer(width: 8, height: 8)
        var image = RGBAImage(width: 0, height: 0)
        var issues: [RenderIssue] = []
        renderer.render(scene([F.layer([F.fill([F.rectangle(0, 0, 8, 8)], F.red)])]), into: &image, issues: &issues)
        let kept = image
        renderer.render(scene([]), into: &image, issues: &issues)
        XCTAssertEqual(kept[4, 4], .init(red: 255, green: 0, blue: 0))
        XCTAssertEqual(image[4, 4], .clear)
    }
}
