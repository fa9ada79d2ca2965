import LottiePlay

// MARK: - PlayEventWords

/// A player's events in words, for the `lottie-cli play` transcript:
///
///     .started(0->30 loop)        "started frames 0 to 30, loop"
///     .looped(0->30 loop, 1)      "looped (pass 2)"
///     .looped(0->30 repeat 3, 1)  "looped (pass 2 of 3)"
///     .looped(0->30 auto-reverse) "turned round (pass 2)"
///     .finished(0->30 play once)  "finished on frame 30"
enum PlayEventWords {
    /// - Parameter passesDone: the player's `completedLoops` after the events, to number passes.
    static func words(for events: [PlaybackEvent], passesDone: Int, currentFrame: Double) -> [String] {
        events.map { event in
            switch event {
            case .started(let segment):
                return "started frames \(Format.number(segment.fromFrame)) to \(Format.number(segment.toFrame)), "
                    + "\(segment.loopMode)"
            case .looped(let segment, let times):
                let verb = segment.loopMode.reverses ? "turned round" : "looped"
                let count = times == 1 ? "" : " \(times) times"
                let pass = segment.loopMode.passCount.map { "pass \(passesDone + 1) of \($0)" } ?? "pass \(passesDone + 1)"
                return "\(verb)\(count) (\(pass))"
            case .finished:
                return "finished on frame \(Format.number(currentFrame))"
            case .interrupted:
                return "interrupted on frame \(Format.number(currentFrame))"
            case .paused:
                return "paused"
            case .resumed:
                return "resumed"
            }
        }
    }
}
