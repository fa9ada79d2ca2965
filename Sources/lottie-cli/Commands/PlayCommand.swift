import LottieModel
import LottiePlay

// MARK: - PlayCommand

/// `lottie-cli play FILE [--loop MODE] [--frames A:B | --progress P:Q | --marker NAME] [--speed S] [--art]`: one
/// animation played by an `AnimationPlayer` on a display clock, a transcript line per frame.
struct PlayCommand: Command {
    let name = "play"
    let summary = "Play one animation on a display clock: a line per displayed frame with its frame, progress and events"

    /// How long an endless play (loop, autoreverse) runs without --duration.
    static let defaultEndlessDuration = 3.0
    /// How long any play runs at most without --duration.
    static let defaultMaxDuration = 60.0

    var signature: CommandSignature {
        CommandSignature(
            positionals: [Positional(name: "FILE", help: Positional.fileHelp)],
            options: [
                Option("fps", value: "N", help: "Display frames per second: one line each (default 30)"),
                Option("loop", value: "MODE", help: "once (default), loop, autoreverse, repeat:N or autoreverse:N (N round trips)"),
                Option("frames", value: "A:B", help: "Play frames A to B (absolute; A or B may be left out: ip, op); "
                       + "B below A plays backwards"),
                Option("progress", value: "P:Q", help: "Play from progress P to Q of the whole animation, each 0 to 1"),
                Option("marker", value: "NAME", help: "Play the segment of this marker"),
                Option("speed", value: "S", help: "Playback rate: 2 is twice as fast, negative plays backwards (default 1)"),
                Option("duration", value: "T", help: "Stop after this long: 3s, 500ms, 90f (default: when the play finishes; 3s for loop and autoreverse)"),
                .animation, .fonts, .set, .slot, .theme, .images, .limits, .limit,
            ] + ArtOptions.options)
    }

    let discussion = """
        Each line: the time on the display clock, the player's frame and progress (of the whole
        animation), its state (playing, finished) and what happened: started, looped or turned
        round (with the pass number), finished. The run ends when the play finishes, after
        --duration, or after \(Format.number(defaultMaxDuration)) s; endless modes stop after \
        \(Format.number(defaultEndlessDuration)) s unless --duration says otherwise.

        The timing is read as every command reads it: a frame rate that is not a positive number
        plays at 30 fps, with a warning on standard error (as 'render' and 'eval' warn).

        EXAMPLES:
          lottie-cli play Samples/user.json
          lottie-cli play Samples/home.json --loop autoreverse --duration 2s --fps 10
          lottie-cli play Samples/user.json --frames 10:20 --speed 0.5 --art
        """

    func run(_ arguments: Arguments) throws -> ExitCode {
        let fps = try TabsCommand.fps(arguments)
        let loopMode = try Self.loopMode(arguments.value("loop"))
        let speed = try arguments.number("speed") ?? 1
        guard speed != 0 else { throw UsageError("--speed must not be 0: the play would never move") }
        let duration = try Self.duration(arguments.value("duration"), fps: fps)
        let art = try ArtOptions(arguments, color: ArtOptions.terminalWantsColor)
        let limit = duration ?? (loopMode.passCount == nil ? Self.defaultEndlessDuration : Self.defaultMaxDuration)
        guard limit * Double(fps) <= Double(TabsCommand.maxFrames) else {
            throw UsageError("--duration \(Format.number(limit)) s at \(fps) fps is more than "
                + "\(digitsGrouped(TabsCommand.maxFrames)) frames")
        }
        let segment = try Self.segment(arguments)

        let path = arguments.positionals[0]
        var loaded = try loadAnimation(arguments)
        loaded.imagesFolder = try imagesFolder(arguments)
        let timeline = loaded.compile()
        var player = AnimationPlayer(animation: loaded.animation, limits: loaded.limits)
        player.speed = speed
        let events: [PlaybackEvent]
        switch segment {
        case .marker(let name):
            do {
                events = try player.play(marker: name, loopMode: loopMode)
            } catch {
                throw CommandFailure("\(path): \(error)")
            }
        case .frames(let from, let to):
            events = player.play(fromFrame: from ?? player.timing.inPoint, toFrame: to ?? player.timing.outPoint,
                                 loopMode: loopMode)
        case .progress(let from, let to):
            events = player.play(fromProgress: from ?? 0, toProgress: to ?? 1, loopMode: loopMode)
        }

        let timing = player.timing
        var run = PlayRun(player: player, fps: fps, limit: limit, timeline: timeline, art: art.isEnabled ? art : nil)
        let (lines, stoppedEarly) = run.run(startEvents: events)
        var text = "\(InputFile.label(path)): \(Format.number(timing.frameRate)) fps, frames \(Format.number(timing.inPoint)) to "
            + "\(Format.number(timing.outPoint)) (\(Format.number(timing.durationSeconds)) s); "
            + "speed \(Format.number(speed)); display \(fps) fps\n"
        text += lines.joined(separator: "\n") + "\n"
        if stoppedEarly {
            text += "stopped after \(Format.number(limit)) s"
                + (duration == nil ? " (give --duration to see more)" : " (--duration)") + "; the play goes on\n"
        }
        Console.write(text)
        Console.writeError(SceneText.caveats(unsupported: [], warnings: timeline.warnings + timeline.expressionFaults))
        return .success
    }

    // MARK: Options

    /// What part of the animation plays.
    enum Segment: Equatable {
        case frames(Double?, Double?)
        case progress(Double?, Double?)
        case marker(String)
    }

    static func segment(_ arguments: Arguments) throws -> Segment {
        let given = ["frames", "progress", "marker"].filter { arguments.value($0) != nil }
        guard given.count <= 1 else {
            throw UsageError("give one of --frames, --progress and --marker, not " + given.map { "--" + $0 }.joined(separator: " and "))
        }
        if let marker = arguments.value("marker") { return .marker(marker) }
        if let text = arguments.value("progress") {
            let (from, to) = try range(text, option: "progress")
            for value in [from, to].compactMap({ $0 }) where !(0...1).contains(value) {
                throw UsageError("--progress needs progresses between 0 and 1, got \(Format.number(value))")
            }
            return .progress(from, to)
        }
        let (from, to) = try arguments.value("frames").map { try range($0, option: "frames") } ?? (nil, nil)
        return .frames(from, to)
    }

    /// `A:B`, `A:` or `:B` (the same syntax as every command's frame ranges, without a step).
    private static func range(_ text: String, option: String) throws(UsageError) -> (Double?, Double?) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        func number(_ part: String) -> Double?? { part.isEmpty ? .some(nil) : Double(part).flatMap { $0.isFinite ? $0 : nil } }
        guard parts.count == 2, let from = number(parts[0]), let to = number(parts[1]) else {
            throw UsageError("--\(option) needs A:B with numbers (A or B may be left out), got '\(text)'")
        }
        return (from, to)
    }

    /// `once`, `loop`, `autoreverse`, `repeat:N`, `autoreverse:N`.
    static func loopMode(_ text: String?) throws(UsageError) -> LoopMode {
        guard let text else { return .playOnce }
        let parts = text.lowercased().split(separator: ":", maxSplits: 1).map(String.init)
        let count = parts.count == 2 ? Int(parts[1]) : nil
        switch (parts.first ?? "", parts.count) {
        case ("once", 1): return .playOnce
        case ("loop", 1): return .loop
        case ("autoreverse", 1), ("auto-reverse", 1): return .autoReverse
        case ("repeat", 2) where (count ?? 0) >= 1: return .repeat(count!)
        case ("autoreverse", 2) where (count ?? 0) >= 1, ("auto-reverse", 2) where (count ?? 0) >= 1:
            return .repeatAutoReverse(count!)
        default:
            throw UsageError("--loop must be once, loop, autoreverse, repeat:N or autoreverse:N (N from 1), got '\(text)'")
        }
    }

    /// `--duration`: `3s`, `500ms`, `90f` or a number of seconds.
    static func duration(_ text: String?, fps: Int) throws(UsageError) -> Double? {
        guard let text else { return nil }
        if let seconds = Double(text), seconds.isFinite, seconds > 0 { return seconds }
        guard let duration = ClockDuration(parsing: text.lowercased()) else {
            throw UsageError("--duration must be a duration such as \(ClockDuration.examples), got '\(text)'")
        }
        return duration.seconds(fps: fps)
    }
}
