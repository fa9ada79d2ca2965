import LottieModel
import LottiePlay

// MARK: - InspectCommand

/// `lottie-cli inspect FILE [--json]`: what a person wants to know about an animation at a glance.
struct InspectCommand: Command {
    let name = "inspect"
    let summary = "Describe an animation: timing, layers, assets, markers, features, what is not supported"

    var signature: CommandSignature {
        CommandSignature(
            positionals: [.files],
            options: [
                Option("json", help: "Print the report as JSON (pretty, sorted keys) for scripts"),
                Option("strict", help: "Fail (exit 1) when the animation uses a feature this toolkit does not draw yet"),
                Option("keypaths", help: "List every property's keypath (for --set), with its kind and JSON path"),
                .animation, .fonts, .limits, .limit, .batchFormat, .jobs,
            ])
    }

    let discussion = """
        The report lists: the file's size; the animation's name, version, canvas, frame rate and
        frames; the layer tree, first layer on top, with each precomp's layers under the first
        layer that uses it; the assets (precomps, images embedded or by file, sounds); the markers;
        how many properties are animated and how many keyframes they have; the features used, each
        with its first JSON path; and every place that uses a feature this toolkit does not
        support yet (expressions that do not run, most effects, lights...), with its
        JSON path (at most 10 per feature in the text; all of them with --json).

        --keypaths lists instead every animatable property's keypath (layer, group and item
        names, then the property: Home.Icon.Fill 1.Color), its kind and its JSON path: the names
        --set KEYPATH=VALUE takes on render, eval, frames, play and snapshot.

        A .lottie file, a Telegram sticker (.tgs) or a zip bundle is recognised by its content;
        above the report come the container's kind, its animations (the one loaded marked *),
        state machines, themes, and its images with the image assets they were embedded into.

        With several files or folders (searched recursively for Lottie files, recognised by
        content), each file gets one line: its size, canvas, frame rate, frames and layers, and
        the unsupported features it uses, each listed with its JSON path, line and column (as
        warnings in --format github). A file that cannot be read fails; with --strict, so does
        a file that uses an unsupported feature.

        EXAMPLES:
          lottie-cli inspect Samples/home.json
          lottie-cli inspect animations/ --strict --format junit
          lottie-cli inspect --json Samples/home.json
          lottie-cli inspect emoji.lottie --animation wink
          lottie-cli inspect Samples/home.json --keypaths
        """

    func run(_ arguments: Arguments) throws -> ExitCode {
        let strict = arguments.flag("strict")
        if let code = try runBatch(arguments, files: arguments.positionals, work: { file in
            .catching { try Self.outcome(of: file.path, arguments, strict: strict) }
        }) { return code }
        let loaded = try loadAnimation(arguments)
        if arguments.flag("keypaths") {
            Console.write(Self.keypaths(of: loaded.animation, json: arguments.flag("json")))
            return .success
        }
        let report = AnimationReport(inspecting: loaded.animation, file: loaded.source, fonts: loaded.fonts)
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
        return strict && !report.unsupported.isEmpty ? .failure : .success
    }

    /// Every property's keypath, kind and JSON path: a table, or with `json` an array of objects.
    static func keypaths(of animation: LottieAnimation, json: Bool) -> String {
        let entries = KeypathIndex(animation).entries
        if json {
            struct Row: Encodable { var keypath: String, kind: String, path: String }
            let rows = entries.map { Row(keypath: $0.keypath.description, kind: String(describing: $0.property.kind), path: $0.jsonPath.description) }
            return (try? JSONOutput.text(rows)) ?? "[]\n"
        }
        var rows = [["keypath", "kind", "JSON path"]]
        rows += entries.map { [$0.keypath.description, String(describing: $0.property.kind), $0.jsonPath.description] }
        return TextTable(rows: rows).rendered()
    }

    /// A file's outcome in a batch: what it is in one line, and each use of an unsupported
    /// feature as a warning (an error with `strict`, which then fails the file).
    static func outcome(of path: String, _ arguments: Arguments, strict: Bool) throws -> FileOutcome {
        let loaded = try loadAnimation(path, arguments)
        let report = AnimationReport(inspecting: loaded.animation, file: loaded.source, fonts: loaded.fonts)
        var summary = "\(Format.bytes(loaded.byteCount)), \(Format.number(report.width)) x \(Format.number(report.height)), "
            + "\(Format.number(report.frameRate)) fps, \(Format.plural(Int(report.durationFrames.rounded()), "frame")), "
            + Format.plural(report.layerCount, "layer")
        var uses: [Feature: Int] = [:]
        for feature in report.unsupported.compactMap(\.feature) { uses[feature, default: 0] += 1 }
        if !uses.isEmpty {
            summary += "; not supported: " + Feature.allCases.compactMap { feature in
                uses[feature].map { "\(feature) (\($0))" }
            }.joined(separator: ", ")
        }
        let findings = report.unsupported.map { use in
            FileOutcome.Finding(severity: strict ? .error : .warning,
                                message: "\(use.feature?.description ?? use.category.name) not supported yet: \(use.message)",
                                path: use.path).located(in: loaded.json)
        }
        return FileOutcome(status: strict && !findings.isEmpty ? .failed : .passed, summary: summary, findings: findings,
                           isPlainJSON: loaded.container == nil)
    }
}
