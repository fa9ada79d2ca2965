import LottieModel

// MARK: - InspectCommand

/// `lottie-cli inspect FILE [--json]`: what a person wants to know about an animation at a glance.
struct InspectCommand: Command {
    let name = "inspect"
    let summary = "Describe an animation: timing, layers, assets, markers, features, what is not supported"

    var signature: CommandSignature {
        CommandSignature(
            positionals: [Positional(name: "FILE", help: Positional.fileHelp)],
            options: [
                Option("json", help: "Print the report as JSON (pretty, sorted keys) for scripts"),
                .animation, .limits, .limit,
            ])
    }

    let discussion = """
        The report lists: the file's size; the animation's name, version, canvas, frame rate and
        frames; the layer tree, first layer on top, with each precomp's layers under the first
        layer that uses it; the assets (precomps, images embedded or by file, sounds); the markers;
        how many properties are animated and how many keyframes they have; the features used, each
        with its first JSON path; and every place that uses a feature this toolkit does not
        support yet (expressions, effects, merge paths, 3D, cameras, text animators...), with its
        JSON path (at most 10 per feature in the text; all of them with --json).

        A .lottie file, a Telegram sticker (.tgs) or a zip bundle is recognised by its content;
        above the report come the container's kind, its animations (the one loaded marked *),
        state machines, themes, and its images with the image assets they were embedded into.

        EXAMPLES:
          lottie-cli inspect Samples/home.json
          lottie-cli inspect --json Samples/home.json
          lottie-cli inspect emoji.lottie --animation wink
        """

    func run(_ arguments: Arguments) throws -> ExitCode {
        let loaded = try loadAnimation(arguments)
        let report = AnimationReport(inspecting: loaded.animation, file: loaded.source)
        let container = loaded.container.map { ContainerSummary(loaded, container: $0) }
        if arguments.flag("json") {
            if let container {
                Console.write(try JSONOutput.text(InspectOutput(report: report, container: container)))
            } else {
                Console.write(try JSONOutput.text(report))
            }
        } else {
            Console.write((container.map(ContainerText.rendered) ?? "") + ReportText(report: report).rendered())
        }
        return .success
    }
}
