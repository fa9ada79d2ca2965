import Foundation
import XCTest
import LottieModel
import TestSupport
@testable import LottiePlay

/// `RenderedFrame`: a frame whose scene draws what the last one drew is not rendered again, and
/// every frame it shows is exactly the frame rendered anew.
final class RenderedFrameTests: XCTestCase {
    /// A red square that never moves, over 30 frames.
    static let still = """
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 16, "h": 16, "layers": [
          {"ty": 4, "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {}, "shapes": [
            {"ty": "rc", "p": {"a": 0, "k": [8, 8]}, "s": {"a": 0, "k": [8, 8]}, "r": {"a": 0, "k": 0}},
            {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
        """

    func testAStillAnimationIsRenderedOnce() throws {
        let animation = try LottieDecoder().decode(Self.still)
        let timeline = Timeline(animation)
        let renderer = SceneRenderer(width: 16, height: 16)
        var frame = RenderedFrame()
        var scene = timeline.scene(atFrame: 0)
        XCTAssertTrue(renderer.render(scene, into: &frame))
        for moment in [1.0, 12.5, 29] {
            timeline.update(&scene, toFrame: moment)
            XCTAssertFalse(renderer.render(scene, into: &frame), "frame \(moment) draws what frame 0 drew")
            XCTAssertEqual(frame.image, renderer.render(scene))
        }
        frame.invalidate()
        XCTAssertTrue(renderer.render(scene, into: &frame), "a frame told to forget draws again")
        // The red square: the pixel at its centre.
        XCTAssertEqual(Array(frame.image.pixels[(8 * 16 + 8) * 4..<(8 * 16 + 8) * 4 + 4]), [255, 0, 0, 255])
    }

    func testAnotherOutputImagesOrHandMadeLayersRenderAgain() throws {
        let animation = try LottieDecoder().decode(Self.still)
        let timeline = Timeline(animation)
        let scene = timeline.scene(atFrame: 0)
        var frame = RenderedFrame()
        var renderer = SceneRenderer(width: 16, height: 16)
        XCTAssertTrue(renderer.render(scene, into: &frame))
        renderer.background = .white
        XCTAssertTrue(renderer.render(scene, into: &frame), "another background")
        XCTAssertEqual(frame.image.pixels[0...3], [255, 255, 255, 255])
        XCTAssertFalse(renderer.render(scene, into: &frame))
        XCTAssertTrue(renderer.render(scene, images: ImageStore(animation: animation), into: &frame), "other images")
        XCTAssertTrue(SceneRenderer(width: 8, height: 8, background: .white).render(scene, into: &frame), "another size")
        XCTAssertEqual(frame.image.width, 8)
        let handMade = LottieScene(frame: 0, width: 16, height: 16, layers: scene.layers.map { layer in
            SceneLayer(name: layer.name, index: layer.index, type: layer.type, jsonPath: layer.jsonPath,
                       localFrame: layer.localFrame, transform: layer.transform, opacity: layer.opacity,
                       blendMode: layer.blendMode, content: layer.content)
        })
        let plain = SceneRenderer(width: 16, height: 16)
        XCTAssertTrue(plain.render(handMade, into: &frame))
        XCTAssertTrue(plain.render(handMade, into: &frame), "a layer made by hand is never taken as unchanged")
    }

    /// Every frame of the samples and of corpus files with precomps, mattes, masks and still
    /// stretches, played into one frame, equals the frame rendered on its own.
    func testEveryFramePlayedEqualsTheFrameRenderedAnew() throws {
        var files = [Corpus.samples.appendingPathComponent("home.json"), Corpus.samples.appendingPathComponent("user.json")]
        for path in ["lottie-web/test/animations/bm_ronda.json", "thorvg.example/res/lottie/textblock.json",
                     "lottie-web/demo/gatin/data.json"] {
            if let url = Corpus.file(path) { files.append(url) }
        }
        var reused = 0
        var total = 0
        for url in files {
            let animation = try LottieDecoder().decode(try Data(contentsOf: url))
            let timeline = Timeline(animation)
            let images = ImageStore(animation: animation)
            let renderer = SceneRenderer(width: 48, height: 48)
            var frame = RenderedFrame()
            var scene = timeline.scene(atFrame: timeline.inPoint)
            var moment = timeline.inPoint
            while moment < timeline.outPoint {
                timeline.update(&scene, toFrame: moment)
                if !renderer.render(scene, images: images, into: &frame) { reused += 1 }
                XCTAssertEqual(frame.image, renderer.render(timeline.scene(atFrame: moment), images: images),
                               "\(url.lastPathComponent) frame \(moment)")
                total += 1
                moment += 1
            }
        }
        XCTAssertGreaterThan(reused, 0, "some frames draw what the frame before drew")
        XCTAssertLessThan(reused, total)
    }

    func testAFrameKeptPremultipliedHoldsTheSamePixelsUnconverted() throws {
        // The still square at half opacity: premultiplied, its centre is half red and half
        // opaque; the straight frame shows it whole red.
        let half = Self.still.replacingOccurrences(of: #""o": {"a": 0, "k": 100}"#, with: #""o": {"a": 0, "k": 50}"#)
        let timeline = Timeline(try LottieDecoder().decode(half))
        let renderer = SceneRenderer(width: 16, height: 16)
        var straight = RenderedFrame()
        var premultiplied = RenderedFrame(alpha: .premultiplied)
        premultiplied.withPremultipliedPixels { XCTAssertEqual($0.count, 0, "nothing rendered yet") }
        var scene = timeline.scene(atFrame: 0)
        for moment in [0.0, 10] {
            timeline.update(&scene, toFrame: moment)
            renderer.render(scene, into: &straight)
            renderer.render(scene, into: &premultiplied)
        }
        XCTAssertEqual(premultiplied.image.width, 0, "a premultiplied frame writes no straight image")
        let centre = (8 * 16 + 8) * 4
        XCTAssertEqual(Array(straight.image.pixels[centre..<centre + 4]), [255, 0, 0, 128])
        premultiplied.withPremultipliedPixels { bytes in
            XCTAssertEqual(bytes.count, 16 * 16 * 4)
            XCTAssertEqual(Array(bytes[centre..<centre + 4]), [128, 0, 0, 128])
            XCTAssertEqual(Array(bytes[0..<4]), [0, 0, 0, 0], "the corner is outside the square")
        }
        // The straight frame keeps its canvas premultiplied too.
        straight.withPremultipliedPixels { bytes in
            premultiplied.withPremultipliedPixels { XCTAssertTrue(bytes.elementsEqual($0)) }
        }
    }
}
