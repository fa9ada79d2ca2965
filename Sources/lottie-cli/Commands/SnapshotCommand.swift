import Foundation
import LottieModel
import LottiePlay

// MARK: - SnapshotCommand

/// `lottie-cli snapshot FILE [--frames F,F... | --every N | --keyframes] [--precision D] [-o FILE.snap]`:
/// every animatable property's evaluated value per frame, as a stable, diffable text file.
struct SnapshotCommand: Command {
    let name = "snapshot"
    let summary = "Write the evaluated value of every property at chosen frames, as a diffable text file"

    var signature: CommandSignature {
        CommandSignature(
            positionals: [.files],
            options: [
                Option("frames", value: "F,F...", help: "Evaluate at these frames: a list F,F,F or a range A:B:S"),
                Option("every", value: "N", help: "Evaluate every N frames from ip, and at op (default: every frame)"),
                Option("keyframes", help: "Evaluate each property at its own keyframes"),
                Option("precision", value: "D", help: "Decimals of the printed numbers (default 3)"),
                Option("out", short: "o", value: "FILE.snap", help: "Write the snapshot to a file instead of printing it; with several files or folders, the folder to write their snapshots into"),
                .animation, .fonts, .set, .slot, .theme, .batchFormat, .jobs,
            ] + ImageOptions.options)
    }

    let discussion = """
        The snapshot starts with a header (format version, file name, content hash of the model,
        frame rate, range, canvas, frames, precision) and a blank line, then one line per
        property and frame: 'KEYPATH @FRAME VALUE', sorted by keypath then frame. Keypaths are
        built from the names in the file: 'Layer.Group.Item.Property'. A property without
        keyframes is listed once as '@static'. Re-exporting a file with its keys in another order
        gives the same snapshot. Check a file against it with 'lottie-cli check'.

        With several files or folders (searched recursively for Lottie files, recognised by
        content), --out names a folder: each animation's snapshot is written under the path it
        has in the folder it was found in, with .snap added (animations/icons/home.json gives
        SNAPDIR/icons/home.json.snap); 'lottie-cli check animations SNAPDIR' compares them all.

        --images also writes PNG frames beside each snapshot, named by their progress
        (home.json@0.5.png beside home.json.snap, home@0.5.png beside home.snap): they catch
        what keyframe values do not show (a blend mode, a matte, a change of renderer), and
        'check' compares them with the animation's frames at the same moments and size.

        EXAMPLES:
          lottie-cli snapshot Samples/home.json -o Samples/home.snap
          lottie-cli snapshot animations --out snapshots --images
          lottie-cli snapshot Samples/user.json --frames 0,15,30 --precision 2
          lottie-cli snapshot Samples/home.json --keyframes
        """

    func run(_ arguments: Arguments) throws -> ExitCode {
        let sampling = try Self.sampling(from: arguments)
        let precision = try Moment.precision(from: arguments)
        let images = try ImageOptions(arguments)
        if BatchRun.isBatch(arguments, files: arguments.positionals) {
            guard let output = arguments.value("out"), output != Arguments.standardInput else {
                throw UsageError("with several files or folders, give --out SNAPDIR: the folder to write the snapshots into")
            }
            let folder = SnapshotFolder(root: output)
            let inputs = {
                let inputs = try BatchInputs(arguments.positionals)
                try folder.checkDistinct(inputs.files)
                return inputs
            }
            return try runBatch(arguments, inputs: inputs) { file in
                .catching {
                    try Self.write(file, into: folder, arguments, sampling: sampling, precision: precision, images: images)
                }
            }
        }
        if images != nil, arguments.value("out") == nil || arguments.value("out") == Arguments.standardInput {
            throw UsageError("--images writes PNG files beside the snapshot: give --out FILE.snap")
        }
        let loaded = try loadAnimation(arguments)
        let snapshot = AnimationSnapshot(loaded.animation, fileName: Self.fileName(loaded.path),
                                         sampling: sampling, precision: precision)
        if let output = arguments.value("out") {
            try writeTextFile(snapshot.text, to: output)
            var frames = ""
            if let images {
                let count = try ImageCheck.write(loaded, besideSnapshot: output, images)
                frames = " and " + Format.plural(count, "frame") + " beside it"
            }
            Console.write("wrote \(output): \(Self.counts(snapshot))\(frames)\n")
        } else {
            Console.write(snapshot.text)
        }
        return .success
    }

    /// Writes the snapshot of one file of a batch into the snapshot folder (and its frames, with
    /// `images`).
    static func write(_ file: BatchInputs.File, into folder: SnapshotFolder, _ arguments: Arguments,
                      sampling: SnapshotSampling, precision: Int, images: ImageOptions?) throws -> FileOutcome {
        let loaded = try loadAnimation(file.path, arguments)
        let snapshot = AnimationSnapshot(loaded.animation, fileName: fileName(loaded.path),
                                         sampling: sampling, precision: precision)
        let path = folder.path(of: file)
        try SnapshotFolder.write(snapshot.text, to: path)
        var summary = "wrote \(path): " + counts(snapshot)
        if let images {
            let count = try ImageCheck.write(loaded, besideSnapshot: path, images)
            summary += " and " + Format.plural(count, "frame")
        }
        return FileOutcome(status: .passed, summary: summary)
    }

    /// "120 lines for 40 keypaths".
    static func counts(_ snapshot: AnimationSnapshot) -> String {
        "\(Format.plural(snapshot.lines.count, "line")) for \(Format.plural(Set(snapshot.lines.map(\.keypath)).count, "keypath"))"
    }

    /// `--frames`, `--every` or `--keyframes` (at most one); every frame by default.
    static func sampling(from arguments: Arguments) throws -> SnapshotSampling {
        let given = ["frames", "every", "keyframes"].filter { arguments.value($0) != nil }
        guard given.count <= 1 else {
            throw UsageError("give one of --frames, --every and --keyframes, not " + given.map { "--" + $0 }.joined(separator: " and "))
        }
        if let list = arguments.value("frames") {
            return .frames(try FrameSelection.frames(list))
        }
        if let step = try arguments.number("every") {
            guard step > 0 else { throw UsageError("--every must be above 0, got \(Format.number(step))") }
            return .every(step)
        }
        return arguments.flag("keyframes") ? .keyframes : .everyFrame
    }

    /// The name a snapshot's header records: the file's name without its folder.
    static func fileName(_ path: String) -> String {
        path == Arguments.standardInput ? "standard input" : URL(fileURLWithPath: path).lastPathComponent
    }
}

/// Writes `text` to `path`, or fails with a message that names the file.
func writeTextFile(_ text: String, to path: String) throws(CommandFailure) {
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    } catch {
        throw CommandFailure("cannot write '\(path)': \(error.localizedDescription)")
    }
}
