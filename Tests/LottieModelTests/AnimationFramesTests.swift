import XCTest
import LottieModel

/// `AnimationFrames`: the one rule every tool counts and walks an animation's frames by.
final class AnimationFramesTests: XCTestCase {
    func testWholeFramesBeforeTheOutPoint() {
        let frames = AnimationFrames(inPoint: 0, outPoint: 30)
        XCTAssertEqual(frames.count, 30)
        XCTAssertEqual(frames.frames(), (0..<30).map(Double.init))
        XCTAssertEqual(frames.outPoint, 30)
        XCTAssertEqual(AnimationFrames(inPoint: 10, outPoint: 13).frames(), [10, 11, 12])
    }

    /// 29.97 fps exports write op 24.00000097754 for 24 frames: 24 frames, final pose at 24.
    func testAnOutPointWithinTheToleranceOfAWholeFrameIsThatFrame() {
        let frames = AnimationFrames(inPoint: 0, outPoint: 24.00000097754)
        XCTAssertEqual(frames.count, 24)
        XCTAssertEqual(frames.outPoint, 24)
        XCTAssertEqual(AnimationFrames(inPoint: 5, outPoint: 28.9995).outPoint, 29)
        XCTAssertEqual(AnimationFrames(inPoint: 5, outPoint: 28.9995).count, 24)
        // Past the tolerance a fraction is a fraction: 25 whole frames, 0 to 24, then 24.5.
        let half = AnimationFrames(inPoint: 0, outPoint: 24.5)
        XCTAssertEqual(half.count, 25)
        XCTAssertEqual(half.outPoint, 24.5)
        XCTAssertEqual(AnimationFrames(inPoint: 0, outPoint: 24.002).outPoint, 24.002)
    }

    func testSampledEveryStepEndsOnTheFinalPoseOnce() {
        XCTAssertEqual(AnimationFrames(inPoint: 0, outPoint: 24.00000097754).sampled(every: 1), (0...24).map(Double.init))
        XCTAssertEqual(AnimationFrames(inPoint: 0, outPoint: 10).sampled(every: 4), [0, 4, 8, 10])
        XCTAssertEqual(AnimationFrames(inPoint: 0, outPoint: 24.5).sampled(every: 12), [0, 12, 24, 24.5])
        XCTAssertEqual(AnimationFrames(inPoint: 0, outPoint: 10).sampled(every: 1, limit: 3), [0, 1, 2, 10])
    }

    func testNoFramesWhenTheRangeIsEmptyOrNotFinite() {
        XCTAssertEqual(AnimationFrames(inPoint: 10, outPoint: 10).count, 0)
        XCTAssertEqual(AnimationFrames(inPoint: 10, outPoint: 5).count, 0)
        XCTAssertEqual(AnimationFrames(inPoint: 0, outPoint: .infinity).count, 0)
        XCTAssertEqual(AnimationFrames(inPoint: .nan, outPoint: 10).count, 0)
        XCTAssertEqual(AnimationFrames(inPoint: 10, outPoint: 10).sampled(every: 1), [10])
    }
}
