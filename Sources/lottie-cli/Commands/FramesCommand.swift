import LottieModel
import LottiePlay

// MARK: - FramesCommand

/// `lottie-cli frames FILE [--frames A:B:S | F,F,F] [--layer L] [--json]`: `eval` for a range
/// of frames, one block per frame.
struct FramesCommand: Command {
    let name = "frames"
    let summary = "Evaluate an animation over a range of frames, one block per frame"

    var signature: CommandSignature {
        CommandSignature(
            positionals: [Positional(name: "FILE", help: Positional.fileHelp)],
            options: [
                Option("frames", value: "A:B:S", help: "Frames A to B by S (B included when a step lands on it), or a list F,F,F "
                       + "(default: every frame from ip, and op, the final pose)"),
                Option("layer", value: "NAME_OR_INDEX", help: "Only the layer with this name or ind"),
                Option("precision", value: "D", help: "Decimals of the printed numbers (default 3)"),
                Option("json", help: "Print JSON for scripts: the frames, the warnings and the unsupported features"),
                .animation, .fonts, .set, .slot, .theme, .limits, .limit,
            ])
    }

    let discussion = """
        Each block is what `lottie-cli eval` prints for that frame; the warnings and the features
        not evaluated follow once. A negative step walks backwards (A after B). With --json, an
        object: "frames" (one summary per frame, as 'eval --json' prints), "warnings" (each with
        its JSON path) and "unsupported".

        \(LimitOptions.discussion)

        EXAMPLES:
          lottie-cli frames Samples/user.json --frames 0:30:10
          lottie-cli frames Samples/home.json --frames 30:50:5 --layer Door --json
          lottie-cli frames Samples/home.json --frames 0,30,60
        """

    func run(_ arguments: Arguments) throws -> ExitCode {
        let loaded = try loadAnimation(arguments)
        let timeline = loaded.compile()
        let frames = try arguments.value("frames").map(FrameSelection.frames)
            ?? AnimationFrames(inPoint: timeline.inPoint, outPoint: timeline.outPoint).sampled(every: 1)
        FrameSelection.warnOutside(frames, of: timeline)
        let precision = try Moment.precision(from: arguments)
        let summaries = frames.map { frame in
            SceneSummary(timeline.scene(atFrame: frame), timeline: timeline, layer: arguments.value("layer"),
                         precision: precision)
        }
        if arguments.flag("json") {
            Console.write(try JSONOutput.text(FramesOutput(frames: summaries, caveats: JSONCaveats(timeline))))
        } else {
            Console.write(summaries.map { SceneText.rendered($0, file: InputFile.label(loaded.path)) }.joined(separator: "\n")
                + SceneText.caveats(unsupported: timeline.unsupported, warnings: timeline.warnings + timeline.expressionFaults))
        }
        return .success
    }
}
