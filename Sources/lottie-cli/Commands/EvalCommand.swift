import LottieModel
import LottiePlay

// MARK: - EvalCommand

/// `lottie-cli eval FILE (--frame F | --progress P) [--layer NAME_OR_INDEX] [--json]`: the
/// evaluated state of each visible layer at one moment.
struct EvalCommand: Command {
    let name = "eval"
    let summary = "Evaluate an animation at one frame or progress: each visible layer's transform, opacity and content"

    var signature: CommandSignature {
        CommandSignature(
            positionals: [Positional(name: "FILE", help: Positional.fileHelp)],
            options: [
                Option("frame", value: "F", help: "The frame to evaluate (a real number, absolute like ip and op)"),
                Option("progress", value: "P", help: "The moment as progress from 0 (ip) to 1 (op, the final pose)"),
                Option("layer", value: "NAME_OR_INDEX", help: "Only the layer with this name or ind"),
                Option("precision", value: "D", help: "Decimals of the printed numbers (default 3)"),
                Option("json", help: "Print JSON for scripts (with the warnings and unsupported features, as the text)"),
                .animation, .fonts, .set, .slot, .theme, .limits, .limit,
            ])
    }

    let discussion = """
        For each visible layer, top first as in the file (a precomp's layers follow it, indented):
        its world matrix decomposed into origin, scale and rotation, its opacity, its matte and
        masks, and what it draws: each fill or stroke with its colour, width, opacity, path and
        vertex counts and its bounds in canvas coordinates. Frames may be fractional; at op (or
        progress 1) the final pose is shown.

        \(LimitOptions.discussion)

        EXAMPLES:
          lottie-cli eval Samples/home.json --frame 40
          lottie-cli eval Samples/user.json --progress 1 --layer Head --json
        """

    func run(_ arguments: Arguments) throws -> ExitCode {
        let loaded = try loadAnimation(arguments)
        let timeline = loaded.compile()
        let frame = try Moment.frame(from: arguments, timeline: timeline, required: true) ?? timeline.inPoint
        FrameSelection.warnOutside([frame], of: timeline)
        let summary = SceneSummary(
            timeline.scene(atFrame: frame), timeline: timeline, layer: arguments.value("layer"),
            precision: try Moment.precision(from: arguments))
        if let layer = arguments.value("layer"), summary.layers.isEmpty {
            throw CommandFailure("no layer named or indexed '\(layer)' is visible at frame \(Format.number(frame))")
        }
        if arguments.flag("json") {
            Console.write(try JSONOutput.text(WithCaveats(value: summary, caveats: JSONCaveats(timeline))))
        } else {
            Console.write(SceneText.rendered(summary, file: InputFile.label(loaded.path))
                + SceneText.caveats(unsupported: timeline.unsupported, warnings: timeline.warnings + timeline.expressionFaults))
        }
        return .success
    }
}

// MARK: - Moment

/// Reading `--frame` / `--progress` and `--precision` the same way in every command.
enum Moment {
    static func frame(from arguments: Arguments, timeline: Timeline, required: Bool) throws -> Double? {
        let frame = try arguments.number("frame")
        let progress = try arguments.number("progress")
        switch (frame, progress) {
        case (.some, .some):
            throw UsageError("give either --frame or --progress, not both")
        case (.some(let frame), nil):
            guard frame.isFinite else { throw UsageError("--frame must be a finite number") }
            return frame
        case (nil, .some(let progress)):
            guard progress.isFinite, (0...1).contains(progress) else {
                throw UsageError("--progress must be between 0 and 1, got \(Format.number(progress))")
            }
            return timeline.frame(forProgress: progress)
        case (nil, nil):
            if required { throw UsageError("give the moment with --frame F or --progress P") }
            return nil
        }
    }

    static func precision(from arguments: Arguments) throws -> Int {
        guard let value = try arguments.number("precision") else { return 3 }
        guard value.rounded() == value, (0...12).contains(value) else {
            throw UsageError("--precision must be a whole number from 0 to 12")
        }
        return Int(value)
    }
}
