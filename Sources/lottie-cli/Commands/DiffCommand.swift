import Foundation
import LottieModel
import LottiePlay

// MARK: - DiffCommand

/// `lottie-cli diff OLD.json NEW.json [--frames F,F...]`: what changed between two versions of
/// an animation, at the model level and, with `--frames`, in the evaluated values.
struct DiffCommand: Command {
    let name = "diff"
    let summary = "Compare two versions of an animation: layers, shapes, keyframes, easing, timing"

    var signature: CommandSignature {
        CommandSignature(
            positionals: [
                Positional(name: "OLD", help: "The earlier Lottie file (JSON, .lottie, .tgs or a zip bundle; - reads standard input)"),
                Positional(name: "NEW", help: "The later Lottie file"),
            ],
            options: [
                Option("frames", value: "F,F...", help: "Also compare the evaluated values at these frames: a list F,F,F or a range A:B:S"),
                Option("precision", value: "D", help: "Decimals of the values compared with --frames (default 3)"),
                Option("json", help: "Print the model changes as a JSON array for scripts"),
                Option("animation", value: "ID", help: "The animation to compare in .lottie files or zip bundles (default: the initial one)"),
            ])
    }

    /// 1 means "they differ"; trouble (a missing or corrupt file) is 2.
    var failureExitCode: ExitCode { .usage }

    let discussion = """
        One change per line: its kind, the keypath (in NEW's names; OLD's for what was removed)
        and what changed. Kinds: timing and canvas (fr, ip, op, w, h); added, removed, renamed and
        reordered layers and shape items (siblings are matched by name, then by position and
        type: a new name at the same place is a rename); changed fields (parent, line caps...);
        animated (a property became animated or static); value; keyframe added, keyframe removed,
        keyframe moved (in time); easing; marker. Inside a precomposition, keypaths start with the
        asset's id: 'comp_1/Ball.Transform.Position'. Files that differ only in the order of
        their JSON keys have no changes.

        With --frames, both files are also evaluated at those frames (as 'lottie-cli snapshot'
        does) and the values that differ are listed, keypath by keypath.

        The exit code is 0 when the files are the same, 1 when they differ, and 2 on trouble:
        wrong usage, a missing or corrupt file (as diff(1) and cmp(1)).

        EXAMPLES:
          lottie-cli diff old/home.json Samples/home.json
          lottie-cli diff old/home.json Samples/home.json --frames 0,30,60
        """

    func run(_ arguments: Arguments) throws -> ExitCode {
        let (oldPath, newPath) = (arguments.positionals[0], arguments.positionals[1])
        if arguments.value("precision") != nil, arguments.value("frames") == nil {
            throw UsageError("--precision applies to the values compared with --frames; give --frames too")
        }
        if arguments.flag("json"), arguments.value("frames") != nil {
            throw UsageError("--json prints the model changes only; leave out --frames, or --json to see the values")
        }
        let old = try loadAnimation(oldPath, arguments).animation
        let new = try loadAnimation(newPath, arguments).animation
        let diff = AnimationDiff(old: old, new: new)
        var values: SnapshotComparison?
        if let list = arguments.value("frames") {
            let sampling = SnapshotSampling.frames(try FrameSelection.frames(list))
            let precision = try Moment.precision(from: arguments)
            values = SnapshotComparison(
                expected: AnimationSnapshot(old, fileName: oldPath, sampling: sampling, precision: precision),
                actual: AnimationSnapshot(new, fileName: newPath, sampling: sampling, precision: precision),
                tolerance: AnimationSnapshot.defaultTolerance(precision: precision))
        }
        let isSame = diff.isIdentical && (values?.isMatch ?? true)
        if arguments.flag("json") {
            Console.write(try JSONOutput.text(diff.changes))
            return isSame ? .success : .failure
        }
        var text = "--- \(InputFile.label(oldPath))\n+++ \(InputFile.label(newPath))\n"
        if diff.isIdentical {
            text += "no model changes\n"
        } else {
            text += "\n" + diff.text
            text += "\n\(Format.plural(diff.changes.count, "change"))\n"
        }
        if let values {
            text += "\n" + values.report(
                title: "evaluated values at frames \(arguments.value("frames") ?? "")",
                expectedLabel: "old", actualLabel: "new", sameText: "no evaluated value differs")
        }
        Console.write(text)
        return isSame ? .success : .failure
    }
}
