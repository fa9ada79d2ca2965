import Foundation
import LottieModel
import LottiePlay

// MARK: - CheckCommand

/// `lottie-cli check FILE FILE.snap [--tolerance T] [--update]`: whether an animation still
/// evaluates to what its snapshot recorded.
struct CheckCommand: Command {
    let name = "check"
    let summary = "Compare an animation with its snapshot: which keypaths changed at which frames"

    var signature: CommandSignature {
        CommandSignature(
            positionals: [
                Positional(name: "FILE", help: Positional.fileHelp),
                Positional(name: "SNAPSHOT", help: "Its snapshot, written by 'lottie-cli snapshot'"),
            ],
            options: [
                Option("tolerance", value: "T", help: "Largest difference between numbers that still matches (default: one unit of the snapshot's last decimal)"),
                Option("update", help: "Rewrite the snapshot from the file (same sampling and precision) instead of comparing"),
                .animation,
            ])
    }

    /// 1 means "does not match"; trouble (a missing or corrupt file) is 2.
    var failureExitCode: ExitCode { .usage }

    /// The most bytes read of a snapshot file.
    static let maxSnapshotBytes = 1 << 30

    let discussion = """
        The file is evaluated at the snapshot's frames and precision and compared line by line:
        numbers within the tolerance match, text must be equal, and a '@static' value counts at
        every frame. The report lists header changes (frame rate, range, canvas), each changed
        keypath with its frames and the old and new values, and the keypaths added and removed.

        The exit code is 0 when the file matches (or with --update), 1 when it does not, and 2
        on trouble: wrong usage, a missing or corrupt file or snapshot (as diff(1) and cmp(1)).

        EXAMPLES:
          lottie-cli check Samples/home.json Samples/home.snap
          lottie-cli check icon.json icon.snap --tolerance 0.01
          lottie-cli check icon.json icon.snap --update
        """

    func run(_ arguments: Arguments) throws -> ExitCode {
        let (path, snapshotPath) = (arguments.positionals[0], arguments.positionals[1])
        if arguments.flag("update"), arguments.value("tolerance") != nil {
            throw UsageError("--tolerance has no effect with --update, which rewrites the snapshot without comparing")
        }
        let text = String(decoding: try InputFile.read(snapshotPath, maxBytes: Self.maxSnapshotBytes,
                                                       kind: "a snapshot file"), as: UTF8.self)
        try Self.checkOrder(path, snapshotPath, snapshotText: text)
        let loaded = try loadAnimation(path, arguments)
        let fileName = SnapshotCommand.fileName(path)
        let stored: AnimationSnapshot
        do {
            stored = try AnimationSnapshot(parsing: text)
        } catch {
            throw CommandFailure("cannot read the snapshot \(InputFile.name(snapshotPath)): \(error)")
        }
        if arguments.flag("update") {
            let fresh = AnimationSnapshot(
                loaded.animation, fileName: fileName, sampling: stored.header.sampling, precision: stored.header.precision)
            try writeTextFile(fresh.text, to: snapshotPath)
            let comparison = SnapshotComparison(
                expected: stored, actual: fresh, tolerance: AnimationSnapshot.defaultTolerance(precision: fresh.header.precision))
            let changes = comparison.isMatch ? "no change" : Format.plural(comparison.differences.count, "difference")
            Console.write("updated \(snapshotPath) from \(path) (\(changes))\n")
            return .success
        }
        let tolerance = try arguments.number("tolerance")
        if let tolerance, tolerance < 0 { throw UsageError("--tolerance must not be negative") }
        let comparison = stored.compare(loaded.animation, fileName: fileName, tolerance: tolerance)
        Console.write(comparison.report(animation: InputFile.label(path), snapshot: InputFile.label(snapshotPath)))
        return comparison.isMatch ? .success : .failure
    }

    /// Refuses arguments given the wrong way round (the snapshot first), naming which is which.
    private static func checkOrder(_ path: String, _ snapshotPath: String, snapshotText: String) throws {
        let isSnapshot = { (text: Substring) in text.hasPrefix("lottie-snapshot ") }
        guard !isSnapshot(Substring(snapshotText)), path != Arguments.standardInput,
              let head = try? FileHandle(forReadingAtPath: path)?.read(upToCount: 64),
              isSnapshot(Substring(decoding: head, as: UTF8.self)) else { return }
        throw UsageError("the arguments are the wrong way round: '\(path)' is the snapshot; give the animation "
            + "first: lottie-cli check \(snapshotPath) \(path)")
    }
}
