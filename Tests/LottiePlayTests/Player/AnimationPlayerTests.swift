import Foundation
import XCTest
import LottieModel
import TestSupport
@testable import LottiePlay

/// The player's clock, segments, markers, speed and edge cases. Every expectation is computed
/// by hand in the comment beside it.
final class AnimationPlayerTests: XCTestCase {
    /// A 30 fps animation of frames 0...30 (one second), no layers.
    static func thirtyFrames() -> AnimationPlayer {
        AnimationPlayer(timing: PlaybackTiming(frameRate: 30, inPoint: 0, outPoint: 30))
    }

    static func segment(_ from: Double, _ to: Double, _ mode: LoopMode = .playOnce) -> PlaybackSegment {
        PlaybackSegment(fromFrame: from, toFrame: to, loopMode: mode)
    }

    static func sample(_ name: String) throws -> Animation {
        try LottieDecoder().decode(Data(contentsOf: Corpus.samples.appendingPathComponent(name)))
    }

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
        XCTAssertEqual(player.segment, Self.segment(10, 40))
    }

    func testPlayOnceRunsToTheEndAndRestsOnOutPoint() {
        var player = Self.thirtyFrames()
        XCTAssertEqual(player.play(), [.started(Self.segment(0, 30))])
        XCTAssertTrue(player.isPlaying)
        // 0.5 s * 30 fps = 15 frames.
        XCTAssertEqual(player.tick(seconds: 0.5), [])
        XCTAssertEqual(player.currentFrame, 15)
        XCTAssertEqual(player.currentProgress, 0.5)
        // 15 more frames reach op exactly: the final pose, progress 1.
        XCTAssertEqual(player.tick(seconds: 0.5), [.finished(Self.segment(0, 30))])
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
        let user = try Self.sample("user.json")
        var icon = AnimationPlayer(animation: user)
        icon.play(fromProgress: 0, toProgress: 1)
        XCTAssertEqual(icon.tick(seconds: 1), [.finished(Self.segment(0, 30))])
        XCTAssertEqual(icon.currentFrame, 30)
        XCTAssertEqual(icon.currentProgress, 1)
        let scene = Timeline(user).scene(atFrame: icon.currentFrame)
        XCTAssertEqual(scene.layers.compactMap(\.name).sorted(), ["Head", "Shoulders"])
        let head = try XCTUnwrap(scene.layers.first { $0.name == "Head" })
        XCTAssertEqual(atan2(head.transform.b, head.transform.a) * 180 / .pi, 15, accuracy: 1e-6)
    }

    func testSixtyHertzClockOnThirtyFpsAdvancesHalfFrames() throws {
        var player = AnimationPlayer(animation: try Self.sample("user.json"))
        player.play()
        for tickNumber in 1..<60 {
            XCTAssertEqual(player.tick(seconds: 1.0 / 60), [], "tick \(tickNumber)")
            assertFrame(player, Double(tickNumber) * 0.5, "tick \(tickNumber)")
            XCTAssertTrue(player.isPlaying)
        }
        // The 60th tick of 1/60 s is one second: exactly the end, despite rounding.
        XCTAssertEqual(player.tick(seconds: 1.0 / 60), [.finished(Self.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 30)
    }

    func testSixtyHertzClockOnSixtyFpsAdvancesWholeFrames() throws {
        var player = AnimationPlayer(animation: try Self.sample("home.json"))
        player.play()
        for _ in 0..<15 { _ = player.tick(seconds: 1.0 / 60) }
        assertFrame(player, 15)
        XCTAssertEqual(player.currentProgress, 0.25, accuracy: 1e-12)  // 15 / 60
    }

    // MARK: Loop modes

    func testLoopWrapsAndCountsLoops() {
        var player = Self.thirtyFrames()
        let loop = Self.segment(0, 30, .loop)
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
        var player = Self.thirtyFrames()
        let loop = Self.segment(0, 30, .loop)
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
        var player = Self.thirtyFrames()
        let bounce = Self.segment(0, 30, .autoReverse)
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
        let bounce = Self.segment(0, 30, .autoReverse)
        // 2.5 s = 75 frames: 0 -> 30 (bounce 1) -> 0 (bounce 2) -> 15, heading up.
        var even = Self.thirtyFrames()
        even.play(fromFrame: 0, toFrame: 30, loopMode: .autoReverse)
        XCTAssertEqual(even.tick(seconds: 2.5), [.looped(bounce, times: 2)])
        XCTAssertEqual(even.currentFrame, 15)
        XCTAssertEqual(even.tick(seconds: 0.25), [])
        XCTAssertEqual(even.currentFrame, 22.5, "heading up after an even number of bounces")
        // 3.5 s = 105 frames: 30 (1) -> 0 (2) -> 30 (3) -> 15, heading down.
        var odd = Self.thirtyFrames()
        odd.play(fromFrame: 0, toFrame: 30, loopMode: .autoReverse)
        XCTAssertEqual(odd.tick(seconds: 3.5), [.looped(bounce, times: 3)])
        XCTAssertEqual(odd.currentFrame, 15)
        XCTAssertEqual(odd.tick(seconds: 0.25), [])
        XCTAssertEqual(odd.currentFrame, 7.5, "heading down after an odd number of bounces")
    }

    func testAutoReverseLandingOnTheEndTurnsRoundThere() {
        var player = Self.thirtyFrames()
        player.play(fromFrame: 0, toFrame: 30, loopMode: .autoReverse)
        XCTAssertEqual(player.tick(seconds: 1), [.looped(Self.segment(0, 30, .autoReverse), times: 1)])
        XCTAssertEqual(player.currentFrame, 30)
        // 0.1 s = 3 frames, heading down.
        _ = player.tick(seconds: 0.1)
        assertFrame(player, 27)
    }

    func testRepeatPlaysTheGivenNumberOfPasses() {
        let three = Self.segment(0, 30, .repeat(3))
        var player = Self.thirtyFrames()
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
        let three = Self.segment(0, 30, .repeat(3))
        var player = Self.thirtyFrames()
        player.play(fromFrame: 0, toFrame: 30, loopMode: .repeat(3))
        XCTAssertEqual(player.tick(seconds: 10), [.looped(three, times: 2), .finished(three)])
        XCTAssertEqual(player.currentFrame, 30)
        // repeat(0) counts as one pass.
        player.play(fromFrame: 0, toFrame: 30, loopMode: .repeat(0))
        XCTAssertEqual(player.tick(seconds: 10), [.finished(Self.segment(0, 30, .repeat(0)))])
    }

    func testRepeatAutoReverseEndsWhereItStarted() {
        let twice = Self.segment(0, 30, .repeatAutoReverse(2))  // 2 round trips = 4 passes
        var player = Self.thirtyFrames()
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
        var player = Self.thirtyFrames()
        player.play()
        XCTAssertEqual(player.tick(seconds: 5), [.finished(Self.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 30)
        XCTAssertEqual(player.completedLoops, 0)
    }

    // MARK: Speed and steps

    func testSpeedTwoDoublesTheAdvance() {
        var player = Self.thirtyFrames()
        player.speed = 2
        player.play()
        // 0.25 s * 30 fps * 2 = 15 frames.
        _ = player.tick(seconds: 0.25)
        XCTAssertEqual(player.currentFrame, 15)
        // 0.5 s at speed 2 is one second of animation: the play ends at 30.
        XCTAssertEqual(player.tick(seconds: 0.25), [.finished(Self.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 30)
    }

    func testNegativeSpeedPlaysFromTheEndAndFinishesOnTheStart() {
        var player = Self.thirtyFrames()
        player.speed = -1
        XCTAssertEqual(player.play(), [.started(Self.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 30)
        _ = player.tick(seconds: 0.5)
        XCTAssertEqual(player.currentFrame, 15)
        XCTAssertEqual(player.tick(seconds: 1), [.finished(Self.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 0)
        XCTAssertEqual(player.currentProgress, 0)
    }

    func testNegativeSpeedLoopWrapsFromStartToEnd() {
        var player = Self.thirtyFrames()
        player.speed = -1
        player.play(fromFrame: 0, toFrame: 30, loopMode: .loop)
        // Starts on 30; 37.5 frames back: 0 (wrap to 30), then 7.5 back to 22.5.
        XCTAssertEqual(player.tick(seconds: 1.25), [.looped(Self.segment(0, 30, .loop), times: 1)])
        XCTAssertEqual(player.currentFrame, 22.5)
    }

    func testReversingSpeedMidPlayFinishesOnTheStart() {
        var player = Self.thirtyFrames()
        player.play()
        _ = player.tick(seconds: 0.5)  // 15
        player.speed = -1
        _ = player.tick(seconds: 0.25)  // 15 - 7.5
        XCTAssertEqual(player.currentFrame, 7.5)
        XCTAssertEqual(player.tick(seconds: 1), [.finished(Self.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 0)
    }

    func testStepFramesAppliesSpeed() {
        var player = Self.thirtyFrames()
        player.play()
        _ = player.step(frames: 4)
        XCTAssertEqual(player.currentFrame, 4)
        player.speed = 2
        _ = player.step(frames: 4)
        XCTAssertEqual(player.currentFrame, 12)
        XCTAssertEqual(player.step(frames: 100), [.finished(Self.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 30)
    }

    func testNonFiniteSpeedIsRefused() {
        var player = Self.thirtyFrames()
        player.speed = 2
        player.speed = .nan
        XCTAssertEqual(player.speed, 2)
        player.speed = -.infinity
        XCTAssertEqual(player.speed, 2)
    }

    func testZeroNegativeAndNonFiniteTicksDoNothing() {
        var player = Self.thirtyFrames()
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
        var player = Self.thirtyFrames()
        let empty = Self.segment(12, 12, .loop)
        XCTAssertEqual(player.play(fromFrame: 12, toFrame: 12, loopMode: .loop), [.started(empty), .finished(empty)])
        XCTAssertEqual(player.currentFrame, 12)
        XCTAssertEqual(player.state, .finished)
        XCTAssertFalse(player.isPlaying)
        XCTAssertEqual(player.tick(seconds: 1), [])
        XCTAssertEqual(player.currentFrame, 12)
    }

    func testZeroLengthPlayInterruptsAPlayInProgress() {
        var player = Self.thirtyFrames()
        player.play()
        _ = player.tick(seconds: 0.5)
        let empty = Self.segment(30, 30)
        XCTAssertEqual(player.play(fromProgress: 1, toProgress: 1),
                       [.interrupted(Self.segment(0, 30)), .started(empty), .finished(empty)])
        XCTAssertEqual(player.currentFrame, 30)
    }

    // MARK: Markers

    /// 30 fps, frames 100...160 (ip is not 0), markers at absolute frames.
    static func markedTiming() -> PlaybackTiming {
        PlaybackTiming(frameRate: 30, inPoint: 100, outPoint: 160, markers: [
            Marker(name: "intro", time: 100, duration: 20),
            Marker(name: "bounce", time: 130, duration: 30),
            Marker(name: "tap", time: 145, duration: 0),
        ])
    }

    func testMarkerSegmentUsesAbsoluteFrames() throws {
        var player = AnimationPlayer(timing: Self.markedTiming())
        let bounce = Self.segment(130, 160)
        XCTAssertEqual(try player.play(marker: "bounce"), [.started(bounce)])
        XCTAssertEqual(player.currentFrame, 130)  // tm, not ip + tm
        XCTAssertEqual(player.currentProgress, 0.5)  // (130 - 100) / 60
        _ = player.tick(seconds: 0.5)
        XCTAssertEqual(player.currentFrame, 145)
        XCTAssertEqual(player.tick(seconds: 0.5), [.finished(bounce)])
        XCTAssertEqual(player.currentFrame, 160)
    }

    func testMarkerFromMarkerToMarkerRunsBetweenTheirStarts() throws {
        var player = AnimationPlayer(timing: Self.markedTiming())
        XCTAssertEqual(try player.play(fromMarker: "intro", toMarker: "bounce", loopMode: .loop),
                       [.started(Self.segment(100, 130, .loop))])
        // 45 frames: 130 (wrap), 15 more.
        _ = player.tick(seconds: 1.5)
        XCTAssertEqual(player.currentFrame, 115)
        // Backwards when the second marker comes first.
        try player.play(fromMarker: "bounce", toMarker: "intro")
        XCTAssertEqual(player.currentFrame, 130)
        _ = player.tick(seconds: 0.5)
        XCTAssertEqual(player.currentFrame, 115)
        XCTAssertEqual(player.tick(seconds: 0.5), [.finished(Self.segment(130, 100))])
        XCTAssertEqual(player.currentFrame, 100)
    }

    func testMarkerOfZeroDurationIsAZeroLengthPlay() throws {
        var player = AnimationPlayer(timing: Self.markedTiming())
        let tap = Self.segment(145, 145, .loop)
        XCTAssertEqual(try player.play(marker: "tap", loopMode: .loop), [.started(tap), .finished(tap)])
        XCTAssertEqual(player.currentFrame, 145)
        XCTAssertFalse(player.isPlaying)
    }

    func testUnknownMarkerThrowsWithTheAvailableNamesAndChangesNothing() throws {
        var player = AnimationPlayer(timing: Self.markedTiming())
        try player.play(marker: "intro")
        XCTAssertThrowsError(try player.play(marker: "outro")) { error in
            XCTAssertEqual(error as? PlaybackError, .unknownMarker("outro", available: ["intro", "bounce", "tap"]))
            XCTAssertEqual("\(error)", "no marker named 'outro'; available markers: 'intro', 'bounce', 'tap'")
        }
        XCTAssertThrowsError(try player.play(fromMarker: "intro", toMarker: "nope"))
        XCTAssertTrue(player.isPlaying)
        XCTAssertEqual(player.segment, Self.segment(100, 120))
        XCTAssertEqual(player.takeEvents(), [])

        var bare = Self.thirtyFrames()
        XCTAssertThrowsError(try bare.play(marker: "intro")) { error in
            XCTAssertEqual("\(error)", "no marker named 'intro': the animation has no markers")
        }
    }

    func testMarkersOfADecodedAnimation() throws {
        let json = """
        {"v": "5.7.4", "fr": 24, "ip": 48, "op": 96, "w": 10, "h": 10, "layers": [],
         "markers": [{"cm": "wave", "tm": 60, "dr": 12}]}
        """
        var player = AnimationPlayer(animation: try LottieDecoder().decode(json))
        try player.play(marker: "wave")
        XCTAssertEqual(player.currentFrame, 60)
        // 0.25 s * 24 fps = 6 frames.
        _ = player.tick(seconds: 0.25)
        XCTAssertEqual(player.currentFrame, 66)
        XCTAssertEqual(player.tick(seconds: 0.25), [.finished(Self.segment(60, 72))])
    }

    // MARK: Interruptions

    func testChangingTheSegmentWhilePlayingInterruptsAndStartsTheNewOne() {
        var player = Self.thirtyFrames()
        player.play(fromFrame: 0, toFrame: 30)
        _ = player.tick(seconds: 0.5)
        XCTAssertEqual(player.play(fromFrame: 20, toFrame: 10),
                       [.interrupted(Self.segment(0, 30)), .started(Self.segment(20, 10))])
        XCTAssertEqual(player.currentFrame, 20, "the new play begins at its own start")
        _ = player.tick(seconds: 0.25)  // 7.5 frames towards 10
        XCTAssertEqual(player.currentFrame, 12.5)
        XCTAssertEqual(player.tick(seconds: 1), [.finished(Self.segment(20, 10))])
        XCTAssertEqual(player.currentFrame, 10)
    }

    func testStopInterruptsAndReturnsToTheSegmentStart() {
        var player = Self.thirtyFrames()
        player.play(fromFrame: 10, toFrame: 20)
        _ = player.tick(seconds: 0.1)
        XCTAssertEqual(player.stop(), [.interrupted(Self.segment(10, 20))])
        XCTAssertEqual(player.currentFrame, 10)
        XCTAssertEqual(player.state, .idle)
        XCTAssertEqual(player.tick(seconds: 1), [])
        XCTAssertEqual(player.currentFrame, 10)
        // Stop when nothing plays reports nothing.
        XCTAssertEqual(player.stop(), [])
    }

    func testSettingProgressWhilePlayingPausesThereAndInterrupts() {
        var player = Self.thirtyFrames()
        player.play()
        _ = player.tick(seconds: 0.25)
        player.currentProgress = 0.5
        XCTAssertEqual(player.currentFrame, 15)
        XCTAssertEqual(player.state, .paused)
        // The setter cannot return events: the next call delivers the interruption.
        XCTAssertEqual(player.tick(seconds: 0.1), [.interrupted(Self.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 15)
        // play() plays on from there.
        XCTAssertEqual(player.play(), [.started(Self.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 15)
        XCTAssertEqual(player.tick(seconds: 0.5), [.finished(Self.segment(0, 30))])
    }

    func testSeekWhilePausedInterruptsThePausedPlay() {
        var player = Self.thirtyFrames()
        player.play()
        player.pause()
        XCTAssertEqual(player.seek(toFrame: 3), [.interrupted(Self.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 3)
        player.currentFrame = 99  // clamped to op
        XCTAssertEqual(player.currentFrame, 30)
        XCTAssertEqual(player.takeEvents(), [], "no play was in progress")
    }

    func testPauseAndResume() {
        var player = Self.thirtyFrames()
        player.play()
        _ = player.tick(seconds: 0.25)
        XCTAssertEqual(player.pause(), [.paused(Self.segment(0, 30))])
        XCTAssertEqual(player.tick(seconds: 1), [])
        XCTAssertEqual(player.currentFrame, 7.5)
        XCTAssertEqual(player.play(), [.resumed(Self.segment(0, 30))])
        _ = player.tick(seconds: 0.25)
        XCTAssertEqual(player.currentFrame, 15)
    }

    func testPlayAfterTheEndStartsAgainFromTheStart() {
        var player = Self.thirtyFrames()
        player.play()
        _ = player.tick(seconds: 2)
        XCTAssertEqual(player.play(), [.started(Self.segment(0, 30))])
        XCTAssertEqual(player.currentFrame, 0)
    }

    func testFramesAreClampedToTheAnimation() {
        var player = Self.thirtyFrames()
        player.play(fromFrame: -10, toFrame: 100)
        XCTAssertEqual(player.segment, Self.segment(0, 30))
        player.play(fromProgress: -1, toProgress: 2)
        XCTAssertEqual(player.segment, Self.segment(0, 30))
    }

    func testEveryStartIsAnsweredByOneCompletion() {
        var player = Self.thirtyFrames()
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

    // MARK: Samples

    func testSampleIconsAdvanceByTheirOwnFrameRates() throws {
        // home.json: 60 fps, 0...60; user.json: 30 fps, 0...30. A quarter second is a quarter of each.
        var home = AnimationPlayer(animation: try Self.sample("home.json"))
        var user = AnimationPlayer(animation: try Self.sample("user.json"))
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
