import XCTest
import LottieModel
@testable import LottiePlay

/// Faults JSON cannot carry but a model built in code can (NaN and infinity in values, easing
/// handles, tangents, times), and how the evaluator draws the faults JSON can carry: a still
/// frame for `op <= ip`, 30 fps for an unusable `fr`, a jump at equal keyframe times, zero
/// scales, huge and negative-zero coordinates.
final class ModelFaultTests: XCTestCase {
    /// One shape layer with a red square, 100 x 100, frames 0 to 60 at 30 fps.
    private func square() throws -> LottieAnimation {
        try LottieDecoder().decode(#"""
            {"v":"5.7.4","fr":30,"ip":0,"op":60,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":60,"st":0,
             "ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},
             {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
            """#)
    }

    private func keyframes<Value>(_ list: [Keyframe<Value>]) -> Animatable<Value> {
        Animatable(.keyframes(list))
    }

    private func assertFinite(_ timeline: Timeline, file: StaticString = #filePath, line: UInt = #line) {
        for progress in [0, 0.25, 0.5, 1.0] {
            let scene = timeline.scene(atProgress: progress)
            for (layer, _) in scene.flattenedLayers() {
                let matrix = layer.transform
                XCTAssertTrue([matrix.a, matrix.b, matrix.c, matrix.d, matrix.tx, matrix.ty].allSatisfy(\.isFinite),
                              "\(layer.jsonPath) at \(progress): \(matrix)", file: file, line: line)
            }
            _ = SceneRenderer(width: 16, height: 16).render(scene)
        }
    }

    // MARK: Numbers that are not finite

    func testAValueThatIsNotFiniteIsNotUsed() throws {
        var animation = try square()
        animation.layers[0].transform.position = .combined(Animatable(Vector([.infinity, 0])))
        let timeline = Timeline(animation)
        XCTAssertEqual(timeline.warnings.map(\.description), [
            "layers[0].ks.p.k: value holds inf, which is not a finite number; the property's default value is used",
        ])
        XCTAssertEqual(timeline.scene(atFrame: 0).layers[0].transform.tx, 0)
        assertFinite(timeline)
    }

    func testAKeyframeValueThatIsNotFiniteIsNotUsed() throws {
        var animation = try square()
        animation.layers[0].transform.rotation = keyframes([
            Keyframe(time: 0, value: .nan), Keyframe(time: 10, value: 90),
        ])
        let timeline = Timeline(animation)
        XCTAssertEqual(timeline.warnings.map(\.description), [
            "layers[0].ks.r.k[0].s: value holds nan, which is not a finite number; the value is not used",
        ])
        let matrix = timeline.scene(atFrame: 0).layers[0].transform
        XCTAssertEqual(matrix.b, 1, accuracy: 1e-12)  // 90 degrees from the start
        assertFinite(timeline)
    }

    func testEasingHandlesThatAreNotFiniteFallBack() throws {
        var animation = try square()
        animation.layers[0].transform.opacity = keyframes([
            Keyframe(time: 0, value: 0, outEasing: EasingHandle(x: [.nan], y: [0]),
                     inEasing: EasingHandle(x: [1], y: [-.infinity])),
            Keyframe(time: 10, value: 100),
        ])
        let timeline = Timeline(animation)
        XCTAssertEqual(timeline.warnings.map(\.description), [
            "layers[0].ks.o.k[0].o: easing handle holds nan, which is not a finite number; 0 is used for it",
            "layers[0].ks.o.k[0].i: easing handle holds -inf, which is not a finite number; 1 is used for it",
        ])
        XCTAssertEqual(timeline.scene(atFrame: 5).layers[0].opacity, 0.5, accuracy: 1e-9)
        assertFinite(timeline)
    }

    func testSpatialTangentsThatAreNotFiniteCountAsZero() throws {
        var animation = try square()
        animation.layers[0].transform.position = .combined(keyframes([
            Keyframe(time: 0, value: [0, 0], outTangent: [.infinity, 0], inTangent: [0, .nan]),
            Keyframe(time: 10, value: [100, 0]),
        ]))
        let timeline = Timeline(animation)
        XCTAssertEqual(timeline.warnings.map(\.description), [
            "layers[0].ks.p.k[0].to: spatial tangent holds inf, which is not a finite number; 0 is used for it",
            "layers[0].ks.p.k[0].ti: spatial tangent holds nan, which is not a finite number; 0 is used for it",
        ])
        XCTAssertEqual(timeline.scene(atFrame: 5).layers[0].transform.tx, 50, accuracy: 1e-9)
        assertFinite(timeline)
    }

    func testAKeyframeTimeThatIsNotFiniteIsIgnored() throws {
        var animation = try square()
        animation.layers[0].transform.rotation = keyframes([
            Keyframe(time: 0, value: 0), Keyframe(time: .nan, value: 45), Keyframe(time: 10, value: 90),
        ])
        let timeline = Timeline(animation)
        XCTAssertEqual(timeline.warnings.map(\.description), [
            "layers[0].ks.r.k[1].t: keyframe time nan is not a finite number; the keyframe is ignored",
        ])
        assertFinite(timeline)
    }

    func testTimingThatIsNotFinite() throws {
        var animation = try square()
        animation.frameRate = .nan
        animation.inPoint = .infinity
        animation.outPoint = -.infinity
        let timeline = Timeline(animation)
        XCTAssertEqual(timeline.warnings.map(\.description), [
            "fr: frame rate nan is not a positive number; 30 fps is used",
            "ip: in point inf is not a finite number; 0 is used",
            "op: out point -inf is not a finite number; the animation is one still frame (frame 0)",
        ])
        XCTAssertEqual(timeline.frameRate, 30)
        XCTAssertEqual(timeline.inPoint, 0)
        XCTAssertEqual(timeline.outPoint, 0)
        assertFinite(timeline)
    }

    // MARK: How faults are drawn

    func testOutPointBeforeInPointIsOneStillFrame() throws {
        let timeline = Timeline(try LottieDecoder().decode(try HostileFixtures.data("op-before-ip.json")))
        XCTAssertEqual(timeline.inPoint, 40)
        XCTAssertEqual(timeline.outPoint, 40)
        for progress in [0, 0.5, 1.0] {
            XCTAssertEqual(timeline.frame(forProgress: progress), 40)
            XCTAssertEqual(timeline.progress(forFrame: 40 + progress), 0)
        }
        // The layer (frames 10 to 40) still shows: the end of the range is inclusive.
        XCTAssertEqual(timeline.scene(atProgress: 0.5).layers.count, 1)
    }

    func testAnUnusableFrameRateIsThirtyFramesPerSecondForTimeRemapping() throws {
        let timeline = Timeline(try LottieDecoder().decode(try HostileFixtures.data("frame-rate-negative.json")))
        XCTAssertEqual(timeline.frameRate, 30)
        // tm goes from 0 s at frame 0 to 2 s at frame 60: 1 s at frame 30, child frame 30.
        guard case .precomp(let children, _) = timeline.scene(atFrame: 30).layers[0].content else {
            return XCTFail("expected a precomp")
        }
        XCTAssertEqual(children[0].localFrame, 30, accuracy: 1e-6)
    }

    /// One timing rule for the timeline and the player: a frame rate of 0 is 30 fps for both, and
    /// an out point within `AnimationFrames.tolerance` of a whole frame is that frame for both.
    func testThePlayerReadsTheTimingAsTheTimelineDoes() throws {
        let zero = try LottieDecoder().decode(try HostileFixtures.data("frame-rate-zero.json"))
        XCTAssertEqual(Timeline(zero).frameRate, 30)
        XCTAssertEqual(PlaybackTiming(animation: zero).frameRate, 30)
        var player = AnimationPlayer(animation: zero)
        player.play()
        _ = player.tick(seconds: 0.1)
        XCTAssertEqual(player.currentFrame, 3, accuracy: 1e-9)

        var nearlyWhole = try square()
        (nearlyWhole.frameRate, nearlyWhole.inPoint, nearlyWhole.outPoint) = (29.97, 0, 24.00000097754)
        XCTAssertEqual(Timeline(nearlyWhole).outPoint, 24)
        XCTAssertEqual(Timeline(nearlyWhole).warnings, [], "a whole number of frames written with rounding noise is no fault")
        XCTAssertEqual(PlaybackTiming(animation: nearlyWhole).outPoint, 24)
        nearlyWhole.outPoint = 24.5
        XCTAssertEqual(Timeline(nearlyWhole).outPoint, 24.5, "a real fraction is kept")
    }

    func testEqualKeyframeTimesJumpAtThatTime() throws {
        let timeline = Timeline(try LottieDecoder().decode(try HostileFixtures.data("keyframes-equal-times.json")))
        let before = timeline.scene(atFrame: 19.999).layers[0].transform
        let at = timeline.scene(atFrame: 20).layers[0].transform
        XCTAssertEqual(before.tx, 50, accuracy: 0.01)
        XCTAssertEqual(before.ty, 50, accuracy: 0.01)
        XCTAssertEqual(at.tx, 10)
        XCTAssertEqual(at.ty, 80)
    }

    func testKeyframesOutOfOrderAreUsedInTimeOrder() throws {
        let timeline = Timeline(try LottieDecoder().decode(try HostileFixtures.data("keyframes-out-of-order.json")))
        XCTAssertEqual(timeline.scene(atFrame: 0).layers[0].opacity, 0)
        XCTAssertEqual(timeline.scene(atFrame: 30).layers[0].opacity, 1)
        XCTAssertEqual(timeline.scene(atFrame: 60).layers[0].opacity, 0.5)
    }

    func testAnEmptyKeyframeListIsTheDefaultValue() throws {
        let timeline = Timeline(try LottieDecoder().decode(try HostileFixtures.data("keyframes-empty.json")))
        let layer = timeline.scene(atFrame: 10).layers[0]
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertEqual(layer.transform.tx, 0)
    }

    func testZeroScalesDrawNothingAndStayFinite() throws {
        let animation = try LottieDecoder().decode(try HostileFixtures.data("zero-scale.json"))
        let timeline = Timeline(animation)
        for (layer, _) in timeline.scene(atFrame: 10).flattenedLayers() {
            guard case .shapes(let drawings) = layer.content else { continue }
            for drawing in drawings {
                for path in drawing.paths {
                    XCTAssertTrue(path.vertices.allSatisfy { $0.x.isFinite && $0.y.isFinite }, layer.jsonPath)
                }
            }
        }
        let image = SceneRenderer(width: 32, height: 32).render(timeline.scene(atFrame: 10))
        XCTAssertEqual(image.pixels.count, 32 * 32 * 4)
    }

    func testHugeCoordinatesRenderWithoutCrashing() throws {
        let animation = try LottieDecoder().decode(try HostileFixtures.data("huge-coordinates.json"))
        let timeline = Timeline(animation)
        let image = SceneRenderer(width: 32, height: 32).render(timeline.scene(atFrame: 0))
        XCTAssertEqual(image.pixels.count, 32 * 32 * 4)
    }

    func testNegativeZeroIsZero() throws {
        let timeline = Timeline(try LottieDecoder().decode(try HostileFixtures.data("negative-zero.json")))
        XCTAssertEqual(timeline.warnings, [])
        guard case .shapes(let drawings) = timeline.scene(atFrame: 0).layers[0].content else {
            return XCTFail("expected shapes")
        }
        // A rectangle 40 wide and 0 high at the origin: drawn (and rendered) as a line of no area.
        XCTAssertEqual(drawings[0].paths[0].vertices.map(\.y).max(), 0)
        _ = SceneRenderer(width: 16, height: 16).render(timeline.scene(atFrame: 0))
    }
}
