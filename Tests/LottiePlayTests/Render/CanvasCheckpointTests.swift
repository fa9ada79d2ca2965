import XCTest
import LottieModel
@testable import LottiePlay

/// `CanvasCheckpoint`: a frame played into a `RenderedFrame` starts from the bottom of the frame
/// before when those layers did not change, and every frame is still exactly the frame rendered
/// anew, with the same issues in the same order.
final class CanvasCheckpointTests: XCTestCase {
    /// Bottom first: a still background whose fill notes an issue (a blend mode on a shape
    /// style), a disc that moves only from frame 20 to 25, a square that moves every frame, and a
    /// precomp at half opacity (so drawn in a buffer of its own) holding a still square under a
    /// moving one.
    static let layered = """
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 32, "h": 32,
         "assets": [{"id": "pre", "layers": [
           {"ty": 4, "ind": 1, "nm": "moving child", "ip": 0, "op": 30, "st": 0,
            "ks": {"p": {"a": 1, "k": [\(keyframe(0, [4, 4])), \(keyframe(30, [28, 28]))]}},
            "shapes": [\(square(6, color: "[0, 1, 0, 1]"))]},
           {"ty": 4, "ind": 2, "nm": "still child", "ip": 0, "op": 30, "st": 0, "ks": {"p": {"a": 0, "k": [16, 16]}},
            "shapes": [\(square(20, color: "[1, 1, 0, 1]"))]}]}],
         "layers": [
           {"ty": 0, "ind": 1, "nm": "group", "refId": "pre", "w": 32, "h": 32, "ip": 0, "op": 30, "st": 0,
            "ks": {"o": {"a": 0, "k": 50}}},
           {"ty": 4, "ind": 2, "nm": "square", "ip": 0, "op": 30, "st": 0,
            "ks": {"p": {"a": 1, "k": [\(keyframe(0, [0, 8])), \(keyframe(30, [32, 8]))]}},
            "shapes": [\(square(8, color: "[1, 0, 0, 1]"))]},
           {"ty": 4, "ind": 3, "nm": "late disc", "ip": 0, "op": 30, "st": 0,
            "ks": {"p": {"a": 1, "k": [\(keyframe(20, [10, 24])), \(keyframe(25, [22, 24]))]}},
            "shapes": [{"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}},
                       {"ty": "fl", "c": {"a": 0, "k": [1, 1, 1, 1]}, "o": {"a": 0, "k": 100}}]},
           {"ty": 4, "ind": 4, "nm": "background", "ip": 0, "op": 30, "st": 0, "ks": {"p": {"a": 0, "k": [16, 16]}},
            "shapes": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [32, 32]}, "r": {"a": 0, "k": 0}},
                       {"ty": "fl", "c": {"a": 0, "k": [0, 0, 1, 1]}, "o": {"a": 0, "k": 100}, "bm": 1}]}]}
        """

    static func keyframe(_ time: Double, _ value: [Double]) -> String {
        #"{"t": \#(time), "s": \#(value), "i": {"x": 1, "y": 1}, "o": {"x": 0, "y": 0}}"#
    }

    static func square(_ side: Double, color: String) -> String {
        #"{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [\#(side), \#(side)]}, "r": {"a": 0, "k": 0}},"#
            + #"{"ty": "fl", "c": {"a": 0, "k": \#(color)}, "o": {"a": 0, "k": 100}}"#
    }

    /// Plays every frame into one `RenderedFrame` and returns, per frame, how many layers at the
    /// bottom of the canvas and of the precomp's buffer the frame keeps for the next.
    private func play(_ json: String, size: Int = 32, background: RGBAColor? = nil,
                      check: (Double, RenderedFrame) -> Void = { _, _ in }) throws -> [(canvas: Int, precomp: Int)] {
        let animation = try LottieDecoder().decode(json)
        let timeline = Timeline(animation)
        let renderer = SceneRenderer(width: size, height: size, background: background)
        var frame = RenderedFrame()
        var scene = timeline.scene(atFrame: 0)
        var kept: [(Int, Int)] = []
        for moment in 0..<30 {
            timeline.update(&scene, toFrame: Double(moment))
            renderer.render(scene, into: &frame)
            var issues: [LottieDiagnostic] = []
            let fresh = renderer.render(timeline.scene(atFrame: Double(moment)), images: ImageStore(), issues: &issues)
            XCTAssertEqual(frame.image, fresh, "frame \(moment)")
            XCTAssertEqual(frame.issues, issues, "frame \(moment)")
            check(Double(moment), frame)
            kept.append((frame.keptLayers(), frame.keptLayers(inIsolatedLayerAt: [3])))
        }
        return kept
    }

    func testTheBottomOfTheCanvasIsKeptUpToTheFirstLayerThatChanged() throws {
        let kept = try play(Self.layered) { _, frame in
            XCTAssertEqual(frame.issues.map(\.message), ["blend mode multiply on a shape style (drawn as normal)"])
        }
        // Frame 0 has nothing to compare with. From frame 1 the square (the third layer) is the
        // first to change: the canvas keeps the background and the disc.
        XCTAssertEqual(kept[0].canvas, 0)
        XCTAssertEqual(kept[1].canvas, 2)
        XCTAssertEqual(kept[19].canvas, 2)
        // Frames 21 to 25 move the disc: drawn in full, and only the background is kept.
        for moment in 21...25 { XCTAssertEqual(kept[moment].canvas, 1, "frame \(moment)") }
        // Once the disc stops, the checkpoint moves back up above it.
        XCTAssertEqual(kept[26].canvas, 2)
        XCTAssertEqual(kept[29].canvas, 2)
    }

    func testFramesOverABackgroundOrLargerThanTheCanvasAreTheFramesRenderedAnew() throws {
        // The background is put under the kept canvas after every frame; a larger output leaves a
        // margin that no layer paints. `play` compares every frame with the frame rendered anew.
        XCTAssertEqual(try play(Self.layered, background: .white)[5].canvas, 2)
        XCTAssertEqual(try play(Self.layered, size: 50)[5].canvas, 2)
    }

    func testTheBufferOfAnIsolatedPrecompKeepsItsStillBottom() throws {
        let kept = try play(Self.layered)
        XCTAssertEqual(kept[0].precomp, 0)
        for moment in 1..<30 { XCTAssertEqual(kept[moment].precomp, 1, "frame \(moment): the still child") }
    }

    func testCopiesOfAFramePlayOnTheirOwn() throws {
        let animation = try LottieDecoder().decode(Self.layered)
        let timeline = Timeline(animation)
        let renderer = SceneRenderer(width: 32, height: 32)
        var first = RenderedFrame()
        var scene = timeline.scene(atFrame: 0)
        for moment in 0..<3 {
            timeline.update(&scene, toFrame: Double(moment))
            renderer.render(scene, into: &first)
        }
        // The copy shares the checkpoints until either renders; each then plays its own frames.
        var second = first
        for moment in [10.0, 22, 3, 28] {
            timeline.update(&scene, toFrame: moment)
            renderer.render(scene, into: &second)
            renderer.render(timeline.scene(atFrame: moment + 1), into: &first)
            XCTAssertEqual(second.image, renderer.render(timeline.scene(atFrame: moment)), "frame \(moment)")
            XCTAssertEqual(first.image, renderer.render(timeline.scene(atFrame: moment + 1)), "frame \(moment + 1)")
        }
    }

    func testAnotherOutputSizeStartsAfresh() throws {
        let animation = try LottieDecoder().decode(Self.layered)
        let timeline = Timeline(animation)
        var frame = RenderedFrame()
        var scene = timeline.scene(atFrame: 0)
        for (moment, size) in [(0.0, 32), (1, 32), (2, 48), (3, 48)] {
            timeline.update(&scene, toFrame: moment)
            let renderer = SceneRenderer(width: size, height: size)
            renderer.render(scene, into: &frame)
            XCTAssertEqual(frame.image, renderer.render(timeline.scene(atFrame: moment)), "frame \(moment)")
            XCTAssertEqual(frame.keptLayers(), moment == 2 ? 0 : moment == 0 ? 0 : 2, "frame \(moment)")
        }
    }
}
