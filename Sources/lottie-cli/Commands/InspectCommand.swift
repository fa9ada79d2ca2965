import LottieModel

// MARK: - InspectCommand

/// `lottie-cli inspect FILE [--json]`: what a person wants to know about an animation at a glance.
struct InspectCommand: Command {
    let name = "inspect"
    let summary = "Describe an animation: timing, layers, assets, markers, features, what is not supported"

    var signature: CommandSignature {
        CommandSignature(
            positionals: [Positional(name: "FILE", help: "A Lottie JSON file")],
            options: [Option("json", help: "Print the report as JSON (pretty, sorted keys) for scripts")])
    }

    let discussion = """
        The report lists: the file's size; the animation's name, version, canvas, frame rate and
        frames; the layer tree, first layer on top, with each precomp's layers under the first
        layer that uses it; the assets (precomps, images embedded or by file, sounds); the markers;
        how many properties are animated and how many keyframes they have; the features used, each
        with its first JSON path; and every place that uses a feature this toolkit does not
        support yet (expressions, effects, merge paths, 3D, cameras, text animators...), with its
        JSON path (at most 10 per feature in the text; all of them with --json).

        EXAMPLES:
          lottie-cli inspect Samples/home.json
          lottie-cli inspect --json Samples/home.json
        """

    func run(_ arguments: Arguments) throws -> ExitCode {
        let loaded = try loadAnimation(arguments.positionals[0])
        let report = AnimationReport(inspecting: loaded.animation, file: loaded.source)
        if arguments.flag("json") {
            Console.write(try JSONOutput.text(report))
        } else {
            Console.write(ReportText(report: report).rendered())
        }
        return .success
    }
}
