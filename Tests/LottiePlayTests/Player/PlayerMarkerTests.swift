import XCTest
import LottieModel
@testable import LottiePlay

/// Marker plays: absolute frames, an animation whose ip is not 0, zero durations, unknown names.
final class PlayerMarkerTests: XCTestCase {
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
        let bounce = PlayerFixtures.segment(130, 160)
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
                       [.started(PlayerFixtures.segment(100, 130, .loop))])
        // 45 frames: 130 (wrap), 15 more.
        _ = player.tick(seconds: 1.5)
        XCTAssertEqual(player.currentFrame, 115)
        // Backwards when the second marker comes first.
        try player.play(fromMarker: "bounce", toMarker: "intro")
        XCTAssertEqual(player.currentFrame, 130)
        _ = player.tick(seconds: 0.5)
        XCTAssertEqual(player.currentFrame, 115)
        XCTAssertEqual(player.tick(seconds: 0.5), [.finished(PlayerFixtures.segment(130, 100))])
        XCTAssertEqual(player.currentFrame, 100)
    }

    func testMarkerOfZeroDurationIsAZeroLengthPlay() throws {
        var player = AnimationPlayer(timing: Self.markedTiming())
        let tap = PlayerFixtures.segment(145, 145, .loop)
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
        XCTAssertEqual(player.segment, PlayerFixtures.segment(100, 120))
        XCTAssertEqual(player.takeEvents(), [])

        var bare = PlayerFixtures.thirtyFrames()
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
        XCTAssertEqual(player.tick(seconds: 0.25), [.finished(PlayerFixtures.segment(60, 72))])
    }
}
