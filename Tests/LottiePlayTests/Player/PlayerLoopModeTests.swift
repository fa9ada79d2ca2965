import XCTest
import LottieModel
@testable import LottiePlay

/// Each loop mode after given ticks, including ticks larger than the whole animation; frames
/// computed by hand on a 30 fps animation of frames 0...30.
final class PlayerLoopModeTests: XCTestCase {
    private func assertFrame(_ player: AnimationPlayer, _ frame: Double, _ message: String = "",
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(player.currentFrame, frame, accuracy: 1e-9, message, file: file, line: line)
    }

    // MARK: Loop modes

    func testLoopWrapsAndCountsLoops() {
        var player = PlayerFixtures.thirtyFrames()
        let loop = PlayerFixtures.segment(0, 30, .loop)
        player.play(fromProgress: 0, toProgress: 1, loopMode: .loop)
        // 1.25 s = 37.5 frames: one wrap at 30, then 7.5.
        XCTAssertEqual(player.tick(seconds: 1.25), [.looped(loop, times: 1)])
        XCTAssertEqual(player.currentFrame, 7.5)
        XCTAssertEqual(player.completedLoops, 1)
        XCTAssertTrue(player.isPlaying)
        // 22.5 more frames land exactly on the end: a loop, the playhead back on 0.
        XCTAssertEqual(player.tick(seconds: 0.75), [.looped(loop, times: 1)])
        XCTAssertEqual(player.currentFrame, 0)
        XCTAssertEqual(player.completedLoops, 2)
    }

    func testLoopTickLargerThanTheAnimationWrapsModuloTheLength() {
        var player = PlayerFixtures.thirtyFrames()
        let loop = PlayerFixtures.segment(0, 30, .loop)
        player.play(fromProgress: 0, toProgress: 1, loopMode: .loop)
        // 3.5 s = 105 frames = 3 * 30 + 15.
        XCTAssertEqual(player.tick(seconds: 3.5), [.looped(loop, times: 3)])
        XCTAssertEqual(player.currentFrame, 15)
        XCTAssertEqual(player.completedLoops, 3)
        // A huge tick costs nothing and still lands inside the segment: 1e6 s = 3e7 frames, a whole
        // number of lengths, so 15 + 3e7 wraps to 15 again after 1e6 loops.
        XCTAssertEqual(player.tick(seconds: 1_000_000), [.looped(loop, times: 1_000_000)])
        assertFrame(player, 15)
    }

    func testAutoReverseBouncesAtBothEnds() {
        var player = PlayerFixtures.thirtyFrames()
        let bounce = PlayerFixtures.segment(0, 30, .autoReverse)
        player.play(fromFrame: 0, toFrame: 30, loopMode: .autoReverse)
        // 37.5 frames: up to 30 (bounce), 7.5 back down to 22.5.
        XCTAssertEqual(player.tick(seconds: 1.25), [.looped(bounce, times: 1)])
        XCTAssertEqual(player.currentFrame, 22.5)
        // 30 frames more, heading down: 22.5 to 0 (bounce), 7.5 up to 7.5.
        XCTAssertEqual(player.tick(seconds: 1), [.looped(bounce, times: 1)])
        XCTAssertEqual(player.currentFrame, 7.5)
        // Heading up again: 7.5 frames more make 15.
        XCTAssertEqual(player.tick(seconds: 0.25), [])
        XCTAssertEqual(player.currentFrame, 15)
    }

    func testAutoReverseTickLargerThanTheAnimation() {
        let bounce = PlayerFixtures.segment(0, 30, .autoReverse)
        // 2.5 s = 75 frames: 0 -> 30 (bounce 1) -> 0 (bounce 2) -> 15, heading up.
        var even = PlayerFixtures.thirtyFrames()
        even.play(fromFrame: 0, toFrame: 30, loopMode: .autoReverse)
        XCTAssertEqual(even.tick(seconds: 2.5), [.looped(bounce, times: 2)])
        XCTAssertEqual(even.currentFrame, 15)
        XCTAssertEqual(even.tick(seconds: 0.25), [])
        XCTAssertEqual(even.currentFrame, 22.5, "heading up after an even number of bounces")
        // 3.5 s = 105 frames: 30 (1) -> 0 (2) -> 30 (3) -> 15, heading down.
        var odd = PlayerFixtures.thirtyFrames()
        odd.play(fromFrame: 0, toFrame: 30, loopMode: .autoReverse)
        XCTAssertEqual(odd.tick(seconds: 3.5), [.looped(bounce, times: 3)])
        XCTAssertEqual(odd.currentFrame, 15)
        XCTAssertEqual(odd.tick(seconds: 0.25), [])
        XCTAssertEqual(odd.currentFrame, 7.5, "heading down after an odd number of bounces")
    }

    func testAutoReverseLandingOnTheEndTurnsRoundThere() {
        var player = PlayerFixtures.thirtyFrames()
        player.play(fromFrame: 0, toFrame: 30, loopMode: .autoReverse)
        XCTAssertEqual(player.tick(seconds: 1), [.looped(PlayerFixtures.segment(0, 30, .autoReverse), times: 1)])
        XCTAssertEqual(player.currentFrame, 30)
        // 0.1 s = 3 frames, heading down.
        _ = player.tick(seconds: 0.1)
        assertFrame(player, 27)
    }

    func testAutoReverseAtNegativeSpeedStartsFromTheEnd() {
        var player = PlayerFixtures.thirtyFrames()
        player.speed = -1
        player.play(fromFrame: 0, toFrame: 30, loopMode: .autoReverse)
        XCTAssertEqual(player.currentFrame, 30)
        // 37.5 frames: down to 0 (bounce), 7.5 back up.
        XCTAssertEqual(player.tick(seconds: 1.25), [.looped(PlayerFixtures.segment(0, 30, .autoReverse), times: 1)])
        XCTAssertEqual(player.currentFrame, 7.5)
    }

    func testRepeatPlaysTheGivenNumberOfPasses() {
        let three = PlayerFixtures.segment(0, 30, .repeat(3))
        var player = PlayerFixtures.thirtyFrames()
        player.play(fromFrame: 0, toFrame: 30, loopMode: .repeat(3))
        // 37.5 frames: pass 1 ends (a loop), 7.5 into pass 2.
        XCTAssertEqual(player.tick(seconds: 1.25), [.looped(three, times: 1)])
        XCTAssertEqual(player.currentFrame, 7.5)
        // 60 more frames: pass 2 ends at 30 (a loop), pass 3 ends at 30 (finished); 7.5 frames unused.
        XCTAssertEqual(player.tick(seconds: 2), [.looped(three, times: 1), .finished(three)])
        XCTAssertEqual(player.currentFrame, 30)
        XCTAssertEqual(player.completedLoops, 2)
        XCTAssertEqual(player.state, .finished)
    }

    func testRepeatTickLargerThanAllPasses() {
        let three = PlayerFixtures.segment(0, 30, .repeat(3))
        var player = PlayerFixtures.thirtyFrames()
        player.play(fromFrame: 0, toFrame: 30, loopMode: .repeat(3))
        XCTAssertEqual(player.tick(seconds: 10), [.looped(three, times: 2), .finished(three)])
        XCTAssertEqual(player.currentFrame, 30)
        // repeat(0) counts as one pass.
        player.play(fromFrame: 0, toFrame: 30, loopMode: .repeat(0))
        XCTAssertEqual(player.tick(seconds: 10), [.finished(PlayerFixtures.segment(0, 30, .repeat(0)))])
    }

    func testRepeatAutoReverseEndsWhereItStarted() {
        let twice = PlayerFixtures.segment(0, 30, .repeatAutoReverse(2))  // 2 round trips = 4 passes
        var player = PlayerFixtures.thirtyFrames()
        player.play(fromFrame: 0, toFrame: 30, loopMode: .repeatAutoReverse(2))
        // 45 frames: 30 (bounce, pass 1 done), 15 down.
        XCTAssertEqual(player.tick(seconds: 1.5), [.looped(twice, times: 1)])
        XCTAssertEqual(player.currentFrame, 15)
        // 60 frames heading down: 0 (pass 2), 30 (pass 3), 15 down.
        XCTAssertEqual(player.tick(seconds: 2), [.looped(twice, times: 2)])
        XCTAssertEqual(player.currentFrame, 15)
        // 15 frames: 0, the end of pass 4: finished on the start.
        XCTAssertEqual(player.tick(seconds: 0.5), [.finished(twice)])
        XCTAssertEqual(player.currentFrame, 0)
        XCTAssertEqual(player.completedLoops, 3)

        // All at once: three bounces, then finished on 0.
        player.play(fromFrame: 0, toFrame: 30, loopMode: .repeatAutoReverse(2))
        XCTAssertEqual(player.tick(seconds: 60), [.looped(twice, times: 3), .finished(twice)])
        XCTAssertEqual(player.currentFrame, 0)
    }

    func testPlayOnceTickLargerThanTheAnimationLandsOnTheEnd() {
        var player = PlayerFixtures.thirtyFrames()
        player.play()
        XCTAssertEqual(player.tick(seconds: 5), [.finished(PlayerFixtures.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 30)
        XCTAssertEqual(player.completedLoops, 0)
    }
}
