import LottieModel
import LottiePlay

// MARK: - FramesCommand

/// `lottie-cli frames FILE [--from F --to F --step S] [--layer L] [--json]`: `eval` for a range
/// of frames, one block per frame.
struct FramesCommand: Command {
    let name = "frames"
    let summary = "Evaluate an animation over a range of frames, one block per frame"

    /// More frames than this is almost certainly a mistake in --step.
    static let maxFrames = 100_000

    var signature: CommandSignature {
        CommandSignature(
            positionals: [Positional(name: "FILE", help: "A Lottie file: JSON, .lottie, .tgs or a zip bundle")],
            options: [
                Option("from", value: "F", help: "First frame (default: ip)"),
                Option("to", value: "F", help: "Last frame, included when the steps land on it (default: op, the final pose)"),
                Option("step", value: "S", help: "Frames between blocks, may be fractional (default 1)"),
                Option("layer", value: "NAME_OR_INDEX", help: "Only the layer with this name or ind"),
                Option("precision", value: "D", help: "Decimals of the printed numbers (default 3)"),
                Option("json", help: "Print a JSON array of frames for scripts"),
                .animation, .limits, .limit,
            ])
    }

    let discussion = """
        Each block is what `lottie-cli eval` prints for that frame. Steps may be negative to
        walk backwards (then --from must be after --to).

        EXAMPLES:
          lottie-cli frames Samples/user.json --from 0 --to 30 --step 10
          lottie-cli frames Samples/home.json --from 30 --to 50 --step 5 --layer Door --json
        """

    func run(_ arguments: Arguments) throws -> ExitCode {
        let loaded = try loadAnimation(arguments)
        let timeline = loaded.compile()
        let frames = try Self.frames(
            from: try arguments.number("from") ?? timeline.inPoint, to: try arguments.number("to") ?? timeline.outPoint,
            step: try arguments.number("step") ?? 1)
        let precision = try Moment.precision(from: arguments)
        let summaries = frames.map { frame in
            SceneSummary(timeline.scene(atFrame: frame), timeline: timeline, layer: arguments.value("layer"),
                         precision: precision)
        }
        if arguments.flag("json") {
            Console.write(try JSONOutput.text(summaries))
        } else {
            Console.write(summaries.map { SceneText.rendered($0, file: arguments.positionals[0]) }
                .joined(separator: "\n"))
        }
        return .success
    }

    /// The frames from `start` toward `end` by `step`, `end` included when a step lands on it.
    static func frames(from start: Double, to end: Double, step: Double) throws(UsageError) -> [Double] {
        guard start.isFinite, end.isFinite, step.isFinite else { throw UsageError("--from, --to and --step must be finite numbers") }
        guard step != 0 else { throw UsageError("--step must not be 0") }
        guard (end - start) * step >= 0 else {
            throw UsageError("--step \(Format.number(step)) never goes from \(Format.number(start)) to \(Format.number(end))")
        }
        // Counted as a Double first: a range of 1e300 frames must be refused, not overflow Int.
        let count = ((end - start) / step + 1e-9).rounded(.down) + 1
        guard count <= Double(maxFrames) else {
            throw UsageError("that is \(Format.number(count)) frames, more than \(maxFrames); use a larger --step")
        }
        return (0..<Int(count)).map { start + Double($0) * step }
    }
}
