import Foundation
import XCTest
import LottieModel
@testable import LottiePlay

/// The player's clock, segments, speed, interruptions and edge cases (loop modes and markers
/// have their own files). Every expectation is computed by hand in the comment beside it.
final class AnimationPlayerTests: XCTestCase {
    private func assertFrame(_ player: AnimationPlayer, _ frame: Double, _ message: String = "",
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(player.currentFrame, frame, accuracy: 1e-9, message, file: file, line: line)
    }

    // MARK: Start, end, progress

    func testNewPlayerRestsOnInPoint() {
        let player = AnimationPlayer(timing: PlaybackTiming(frameRate: 30, inPoint: 10, outPoint: 40))
        XCTAssertEqual(player.currentFrame, 10)
        XCTAssertEqual(player.currentProgress, 0)
        XCTAssertEqual(player.state, .idle)
        XCTAssertFalse(player.isPlaying)
        XCTAssertEqual(player.segment, PlayerFixtures.segment(10, 40))
    }

    func testPlayOnceRunsToTheEndAndRestsOnOutPoint() {
        var player = PlayerFixtures.thirtyFrames()
        XCTAssertEqual(player.play(), [.started(PlayerFixtures.segment(0, 30))])
        XCTAssertTrue(player.isPlaying)
        // 0.5 s * 30 fps = 15 frames.
        XCTAssertEqual(player.tick(seconds: 0.5), [])
        XCTAssertEqual(player.currentFrame, 15)
        XCTAssertEqual(player.currentProgress, 0.5)
        // 15 more frames reach op exactly: the final pose, progress 1.
        XCTAssertEqual(player.tick(seconds: 0.5), [.finished(PlayerFixtures.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 30)
        XCTAssertEqual(player.currentProgress, 1)
        XCTAssertEqual(player.state, .finished)
        XCTAssertFalse(player.isPlaying)
        // Nothing moves after the end.
        XCTAssertEqual(player.tick(seconds: 1), [])
        XCTAssertEqual(player.currentFrame, 30)
    }

    func testProgressOneIsOutPointAndShowsTheFinalPose() throws {
        var player = AnimationPlayer(timing: PlaybackTiming(frameRate: 30, inPoint: 10, outPoint: 40))
        player.currentProgress = 1
        XCTAssertEqual(player.currentFrame, 40)
        player.currentProgress = 0.5
        XCTAssertEqual(player.currentFrame, 25)  // 10 + 0.5 * 30

        // user.json (30 fps, 0...30): a finished play rests on op and the scene there is the final
        // pose: both layers drawn, the head tilted 15 degrees (Samples/README.md).
        let user = try PlayerFixtures.sample("user.json")
        var icon = AnimationPlayer(animation: user)
        icon.play(fromProgress: 0, toProgress: 1)
        XCTAssertEqual(icon.tick(seconds: 1), [.finished(PlayerFixtures.segment(0, 30))])
        XCTAssertEqual(icon.currentFrame, 30)
        XCTAssertEqual(icon.currentProgress, 1)
        let scene = Timeline(user).scene(atFrame: icon.currentFrame)
        XCTAssertEqual(scene.layers.compactMap(\.name).sorted(), ["Head", "Shoulders"])
        let head = try XCTUnwrap(scene.layers.first { $0.name == "Head" })
        XCTAssertEqual(atan2(head.transform.b, head.transform.a) * 180 / .pi, 15, accuracy: 1e-6)
    }

    func testSixtyHertzClockOnThirtyFpsAdvancesHalfFrames() throws {
        var player = AnimationPlayer(animation: try PlayerFixtures.sample("user.json"))
        player.play()
        for tickNumber in 1..<60 {
            XCTAssertEqual(player.tick(seconds: 1.0 / 60), [], "tick \(tickNumber)")
            assertFrame(player, Double(tickNumber) * 0.5, "tick \(tickNumber)")
            XCTAssertTrue(player.isPlaying)
        }
        // The 60th tick of 1/60 s is one second: exactly the end, despite rounding.
        XCTAssertEqual(player.tick(seconds: 1.0 / 60), [.finished(PlayerFixtures.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 30)
    }

    func testSixtyHertzClockOnSixtyFpsAdvancesWholeFrames() throws {
        var player = AnimationPlayer(animation: try PlayerFixtures.sample("home.json"))
        player.play()
        for _ in 0..<15 { _ = player.tick(seconds: 1.0 / 60) }
        assertFrame(player, 15)
        XCTAssertEqual(player.currentProgress, 0.25, accuracy: 1e-12)  // 15 / 60
    }

    // MARK: Speed and steps

    func testSpeedTwoDoublesTheAdvance() {
        var player = PlayerFixtures.thirtyFrames()
        player.speed = 2
        player.play()
        // 0.25 s * 30 fps * 2 = 15 frames.
        _ = player.tick(seconds: 0.25)
        XCTAssertEqual(player.currentFrame, 15)
        // 0.5 s at speed 2 is one second of animation: the play ends at 30.
        XCTAssertEqual(player.tick(seconds: 0.25), [.finished(PlayerFixtures.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 30)
    }

    func testNegativeSpeedPlaysFromTheEndAndFinishesOnTheStart() {
        var player = PlayerFixtures.thirtyFrames()
        player.speed = -1
        XCTAssertEqual(player.play(), [.started(PlayerFixtures.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 30)
        _ = player.tick(seconds: 0.5)
        XCTAssertEqual(player.currentFrame, 15)
        XCTAssertEqual(player.tick(seconds: 1), [.finished(PlayerFixtures.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 0)
        XCTAssertEqual(player.currentProgress, 0)
    }

    func testNegativeSpeedLoopWrapsFromStartToEnd() {
        var player = PlayerFixtures.thirtyFrames()
        player.speed = -1
        player.play(fromFrame: 0, toFrame: 30, loopMode: .loop)
        // Starts on 30; 37.5 frames back: 0 (wrap to 30), then 7.5 back to 22.5.
        XCTAssertEqual(player.tick(seconds: 1.25), [.looped(PlayerFixtures.segment(0, 30, .loop), times: 1)])
        XCTAssertEqual(player.currentFrame, 22.5)
    }

    func testReversingSpeedMidPlayFinishesOnTheStart() {
        var player = PlayerFixtures.thirtyFrames()
        player.play()
        _ = player.tick(seconds: 0.5)  // 15
        player.speed = -1
        _ = player.tick(seconds: 0.25)  // 15 - 7.5
        XCTAssertEqual(player.currentFrame, 7.5)
        XCTAssertEqual(player.tick(seconds: 1), [.finished(PlayerFixtures.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 0)
    }

    func testStepFramesAppliesSpeed() {
        var player = PlayerFixtures.thirtyFrames()
        player.play()
        _ = player.step(frames: 4)
        XCTAssertEqual(player.currentFrame, 4)
        player.speed = 2
        _ = player.step(frames: 4)
        XCTAssertEqual(player.currentFrame, 12)
        XCTAssertEqual(player.step(frames: 100), [.finished(PlayerFixtures.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 30)
    }

    func testNonFiniteSpeedIsRefused() {
        var player = PlayerFixtures.thirtyFrames()
        player.speed = 2
        player.speed = .nan
        XCTAssertEqual(player.speed, 2)
        player.speed = -.infinity
        XCTAssertEqual(player.speed, 2)
    }

    func testZeroNegativeAndNonFiniteTicksDoNothing() {
        var player = PlayerFixtures.thirtyFrames()
        player.play()
        _ = player.tick(seconds: 0.25)
        for seconds in [0, -1, -0.0, .nan, .infinity, -.infinity] {
            XCTAssertEqual(player.tick(seconds: seconds), [], "tick \(seconds)")
            XCTAssertEqual(player.step(frames: seconds), [], "step \(seconds)")
            XCTAssertEqual(player.currentFrame, 7.5, "tick \(seconds)")
            XCTAssertTrue(player.isPlaying)
        }
        // A finite tick whose advance overflows (1.8e308 s * 30 fps) is ignored too.
        XCTAssertEqual(player.tick(seconds: .greatestFiniteMagnitude), [])
        XCTAssertEqual(player.currentFrame, 7.5)
    }

    // MARK: Zero-length plays

    func testPlayFromAFrameToTheSameFrameFinishesAtOnce() {
        var player = PlayerFixtures.thirtyFrames()
        let empty = PlayerFixtures.segment(12, 12, .loop)
        XCTAssertEqual(player.play(fromFrame: 12, toFrame: 12, loopMode: .loop), [.started(empty), .finished(empty)])
        XCTAssertEqual(player.currentFrame, 12)
        XCTAssertEqual(player.state, .finished)
        XCTAssertFalse(player.isPlaying)
        XCTAssertEqual(player.tick(seconds: 1), [])
        XCTAssertEqual(player.currentFrame, 12)
    }

    func testZeroLengthPlayInterruptsAPlayInProgress() {
        var player = PlayerFixtures.thirtyFrames()
        player.play()
        _ = player.tick(seconds: 0.5)
        let empty = PlayerFixtures.segment(30, 30)
        XCTAssertEqual(player.play(fromProgress: 1, toProgress: 1),
                       [.interrupted(PlayerFixtures.segment(0, 30)), .started(empty), .finished(empty)])
        XCTAssertEqual(player.currentFrame, 30)
    }

    // MARK: Interruptions

    func testChangingTheSegmentWhilePlayingInterruptsAndStartsTheNewOne() {
        var player = PlayerFixtures.thirtyFrames()
        player.play(fromFrame: 0, toFrame: 30)
        _ = player.tick(seconds: 0.5)
        XCTAssertEqual(player.play(fromFrame: 20, toFrame: 10),
                       [.interrupted(PlayerFixtures.segment(0, 30)), .started(PlayerFixtures.segment(20, 10))])
        XCTAssertEqual(player.currentFrame, 20, "the new play begins at its own start")
        _ = player.tick(seconds: 0.25)  // 7.5 frames towards 10
        XCTAssertEqual(player.currentFrame, 12.5)
        XCTAssertEqual(player.tick(seconds: 1), [.finished(PlayerFixtures.segment(20, 10))])
        XCTAssertEqual(player.currentFrame, 10)
    }

    func testStopInterruptsAndReturnsToTheSegmentStart() {
        var player = PlayerFixtures.thirtyFrames()
        player.play(fromFrame: 10, toFrame: 20)
        _ = player.tick(seconds: 0.1)
        XCTAssertEqual(player.stop(), [.interrupted(PlayerFixtures.segment(10, 20))])
        XCTAssertEqual(player.currentFrame, 10)
        XCTAssertEqual(player.state, .idle)
        XCTAssertEqual(player.tick(seconds: 1), [])
        XCTAssertEqual(player.currentFrame, 10)
        // Stop when nothing plays reports nothing.
        XCTAssertEqual(player.stop(), [])
    }

    func testSettingProgressWhilePlayingPausesThereAndInterrupts() {
        var player = PlayerFixtures.thirtyFrames()
        player.play()
        _ = player.tick(seconds: 0.25)
        player.currentProgress = 0.5
        XCTAssertEqual(player.currentFrame, 15)
        XCTAssertEqual(player.state, .paused)
        // The setter cannot return events: the next call delivers the interruption.
        XCTAssertEqual(player.tick(seconds: 0.1), [.interrupted(PlayerFixtures.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 15)
        // play() plays on from there.
        XCTAssertEqual(player.play(), [.started(PlayerFixtures.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 15)
        XCTAssertEqual(player.tick(seconds: 0.5), [.finished(PlayerFixtures.segment(0, 30))])
    }

    func testSeekWhilePausedInterruptsThePausedPlay() {
        var player = PlayerFixtures.thirtyFrames()
        player.play()
        player.pause()
        XCTAssertEqual(player.seek(toFrame: 3), [.interrupted(PlayerFixtures.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 3)
        player.currentFrame = 99  // clamped to op
        XCTAssertEqual(player.currentFrame, 30)
        XCTAssertEqual(player.takeEvents(), [], "no play was in progress")
    }

    func testPauseAndResume() {
        var player = PlayerFixtures.thirtyFrames()
        player.play()
        _ = player.tick(seconds: 0.25)
        XCTAssertEqual(player.pause(), [.paused(PlayerFixtures.segment(0, 30))])
        XCTAssertEqual(player.tick(seconds: 1), [])
        XCTAssertEqual(player.currentFrame, 7.5)
        XCTAssertEqual(player.play(), [.resumed(PlayerFixtures.segment(0, 30))])
        _ = player.tick(seconds: 0.25)
        XCTAssertEqual(player.currentFrame, 15)
    }

    func testPlayAfterTheEndStartsAgainFromTheStart() {
        var player = PlayerFixtures.thirtyFrames()
        player.play()
        _ = player.tick(seconds: 2)
        XCTAssertEqual(player.play(), [.started(PlayerFixtures.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 0)
    }

    func testFramesAreClampedToTheAnimation() {
        var player = PlayerFixtures.thirtyFrames()
        player.play(fromFrame: -10, toFrame: 100)
        XCTAssertEqual(player.segment, PlayerFixtures.segment(0, 30))
        player.play(fromProgress: -1, toProgress: 2)
        XCTAssertEqual(player.segment, PlayerFixtures.segment(0, 30))
    }

    func testEveryStartIsAnsweredByOneCompletion() {
        var player = PlayerFixtures.thirtyFrames()
        var events = player.play()
        events += player.tick(seconds: 0.2)
        events += player.play(fromFrame: 5, toFrame: 25, loopMode: .loop)
        events += player.tick(seconds: 3)
        events += player.stop()
        events += player.play(fromFrame: 0, toFrame: 0)
        events += player.play()
        events += player.tick(seconds: 2)
        let starts = events.filter { if case .started = $0 { return true } else { return false } }.count
        let completions = events.compactMap(\.completion)
        XCTAssertEqual(starts, 4)
        XCTAssertEqual(completions, [.interrupted, .interrupted, .finished, .finished])
    }

    func testResetReturnsToANewPlayersState() {
        var player = PlayerFixtures.thirtyFrames()
        player.play(fromFrame: 10, toFrame: 20, loopMode: .loop)
        _ = player.tick(seconds: 0.1)
        XCTAssertEqual(player.reset(), [.interrupted(PlayerFixtures.segment(10, 20, .loop))])
        XCTAssertEqual(player.currentFrame, 0)
        XCTAssertEqual(player.state, .idle)
        XCTAssertEqual(player.segment, PlayerFixtures.segment(0, 30))
    }

    func testTimingIsNormalised() {
        // op below ip becomes ip; non-finite values become 0; an animation of no length plays at once.
        let backwards = PlaybackTiming(frameRate: 30, inPoint: 20, outPoint: 10)
        XCTAssertEqual(backwards.outPoint, 20)
        XCTAssertEqual(PlaybackTiming(frameRate: .nan, inPoint: .infinity, outPoint: 5).inPoint, 0)
        var empty = AnimationPlayer(timing: backwards)
        let segment = PlayerFixtures.segment(20, 20)
        XCTAssertEqual(empty.play(), [.started(segment), .finished(segment)])
        XCTAssertEqual(empty.currentProgress, 0)
        // A frame rate of 0 moves nothing on a tick; steps still move.
        var still = AnimationPlayer(timing: PlaybackTiming(frameRate: 0, inPoint: 0, outPoint: 30))
        still.play()
        _ = still.tick(seconds: 1)
        XCTAssertEqual(still.currentFrame, 0)
        _ = still.step(frames: 3)
        XCTAssertEqual(still.currentFrame, 3)
    }

    // MARK: Samples

    func testSampleIconsAdvanceByTheirOwnFrameRates() throws {
        // home.json: 60 fps, 0...60; user.json: 30 fps, 0...30. A quarter second is a quarter of each.
        var home = AnimationPlayer(animation: try PlayerFixtures.sample("home.json"))
        var user = AnimationPlayer(animation: try PlayerFixtures.sample("user.json"))
        home.play()
        user.play()
        _ = home.tick(seconds: 0.25)
        _ = user.tick(seconds: 0.25)
        XCTAssertEqual(home.currentFrame, 15)
        XCTAssertEqual(user.currentFrame, 7.5)
        XCTAssertEqual(home.currentProgress, 0.25)
        XCTAssertEqual(user.currentProgress, 0.25)
    }
}
