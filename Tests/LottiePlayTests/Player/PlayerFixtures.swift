import Foundation
import LottieModel
import TestSupport
@testable import LottiePlay

/// Players and segments shared by the player tests.
enum PlayerFixtures {
    /// A 30 fps animation of frames 0...30 (one second), no layers.
    static func thirtyFrames() -> AnimationPlayer {
        AnimationPlayer(timing: PlaybackTiming(frameRate: 30, inPoint: 0, outPoint: 30))
    }

    static func segment(_ from: Double, _ to: Double, _ mode: LoopMode = .playOnce) -> PlaybackSegment {
        PlaybackSegment(fromFrame: from, toFrame: to, loopMode: mode)
    }

    /// A sample of `Samples/`, decoded.
    static func sample(_ name: String) throws -> LottieAnimation {
        try LottieDecoder().decode(Data(contentsOf: Corpus.samples.appendingPathComponent(name)))
    }
}
