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
            positionals: [Positional(name: "FILE", help: Positional.fileHelp)],
            options: [
                Option("frames", value: "F,F...", help: "Evaluate at these frames: a list F,F,F or a range A:B:S"),
                Option("every", value: "N", help: "Evaluate every N frames from ip, and at op (default: every frame)"),
                Option("keyframes", help: "Evaluate each property at its own keyframes"),
                Option("precision", value: "D", help: "Decimals of the printed numbers (default 3)"),
                Option("out", short: "o", value: "FILE.snap", help: "Write the snapshot to a file instead of printing it"),
                .animation,
            ])
    }

    let discussion = """
        The snapshot starts with a header (format version, file name, content hash of the model,
        frame rate, range, canvas, frames, precision) and a blank line, then one line per
        property and frame: 'KEYPATH @FRAME VALUE', sorted by keypath then frame. Keypaths are
        built from the names in the file: 'Layer.Group.Item.Property'. A property without
        keyframes is listed once as '@static'. Re-exporting a file with its keys in another order
        gives the same snapshot. Check a file against it with 'lottie-cli check'.

        EXAMPLES:
          lottie-cli snapshot Samples/home.json -o Samples/home.snap
          lottie-cli snapshot Samples/user.json --frames 0,15,30 --precision 2
          lottie-cli snapshot Samples/home.json --keyframes
        """

    func run(_ arguments: Arguments) throws -> ExitCode {
        let loaded = try loadAnimation(arguments)
        let snapshot = AnimationSnapshot(
            loaded.animation, fileName: Self.fileName(loaded.path),
            sampling: try Self.sampling(from: arguments), precision: try Moment.precision(from: arguments))
        if let output = arguments.value("out") {
            try writeTextFile(snapshot.text, to: output)
            Console.write("wrote \(output): \(Format.plural(snapshot.lines.count, "line")) for "
                + "\(Format.plural(Set(snapshot.lines.map(\.keypath)).count, "keypath"))\n")
        } else {
            Console.write(snapshot.text)
        }
        return .success
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
