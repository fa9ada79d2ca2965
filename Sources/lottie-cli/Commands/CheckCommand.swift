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
                Positional(name: "FILE", help: Positional.fileHelp + "; or a folder of them"),
                Positional(name: "SNAPSHOT", help: "Its snapshot, written by 'lottie-cli snapshot'; for a folder, the folder of snapshots"),
            ],
            options: [
                Option("tolerance", value: "T", help: "Largest difference between numbers that still matches (default: one unit of the snapshot's last decimal)"),
                Option("update", help: "Rewrite the snapshot from the file (same sampling and precision) instead of comparing"),
                Option("min-psnr", value: "DB", help: "Least PSNR at which a stored frame (snapshot --images) still matches (default 40)"),
                Option("artifacts", value: "DIR", help: "Write the new frame and a difference image of each frame that does not match into DIR"),
                .animation, .fonts, .batchFormat, .jobs,
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

        Frames stored beside the snapshot ('snapshot --images': FILE@P.png) are rendered again
        at the same progress and size and compared: a frame matches when its PSNR (both images
        over white) is at least --min-psnr (default 40 dB; two players "agree" at 30). With
        --artifacts DIR, each frame that does not match leaves its new rendering and a
        difference image (the old frame in grey, differing pixels in red) in DIR. --update
        writes the frames again too.

        The exit code is 0 when the file matches (or with --update), 1 when it does not, and 2
        on trouble: wrong usage, a missing or corrupt file or snapshot (as diff(1) and cmp(1)).

        Given a folder of animations (searched recursively for Lottie files, recognised by
        content) and a folder of snapshots ('lottie-cli snapshot FOLDER --out SNAPDIR'), each
        animation is checked against its snapshot, one line per file and a summary (--format
        json, junit or github for scripts and CI). An animation without a snapshot fails, and
        so does a snapshot without an animation; --update records the first, removes the
        second and rewrites every snapshot that changed.

        EXAMPLES:
          lottie-cli check Samples/home.json Samples/home.snap
          lottie-cli check animations snapshots --format junit
          lottie-cli check icon.json icon.snap --tolerance 0.01
          lottie-cli check icon.json icon.snap --update
        """

    func run(_ arguments: Arguments) throws -> ExitCode {
        let (path, snapshotPath) = (arguments.positionals[0], arguments.positionals[1])
        if arguments.flag("update"), arguments.value("tolerance") != nil {
            throw UsageError("--tolerance has no effect with --update, which rewrites the snapshot without comparing")
        }
        let tolerance = try arguments.number("tolerance")
        if let tolerance, tolerance < 0 { throw UsageError("--tolerance must not be negative") }
        let imageCheck = try Self.imageCheck(arguments)
        if BatchRun.isBatch(arguments, files: [path]) {
            return try runFolders(arguments, animations: path, snapshots: snapshotPath, tolerance: tolerance,
                                  imageCheck: imageCheck)
        }
        let text = try Self.snapshotText(at: snapshotPath)
        try Self.checkOrder(path, snapshotPath, snapshotText: text)
        let loaded = try loadAnimation(path, arguments)
        let fileName = SnapshotCommand.fileName(path)
        let stored = try Self.snapshot(parsing: text, at: snapshotPath)
        if arguments.flag("update") {
            let (fresh, comparison) = Self.refreshed(stored, from: loaded, fileName: fileName)
            try writeTextFile(fresh.text, to: snapshotPath)
            let changes = comparison.isMatch ? "no change" : Format.plural(comparison.differences.count, "difference")
            let frames = try imageCheck.update(loaded, besideSnapshot: snapshotPath)
            Console.write("updated \(snapshotPath) from \(path) (\(changes)\(frames > 0 ? ", \(Format.plural(frames, "frame")) rewritten" : ""))\n")
            return .success
        }
        let comparison = stored.compare(loaded.animation, fileName: fileName, tolerance: tolerance)
        let frames = try imageCheck.check(loaded, besideSnapshot: snapshotPath, name: fileName)
        var report = comparison.report(animation: InputFile.label(path), snapshot: InputFile.label(snapshotPath))
        if !frames.isEmpty {
            let differing = frames.filter { !$0.matches }
            report += differing.isEmpty
                ? "\(Format.plural(frames.count, "stored frame")) \(frames.count == 1 ? "matches" : "match") (at least \(Format.number(imageCheck.minimumPSNR)) dB)\n"
                : differing.compactMap(\.problem).joined(separator: "\n") + "\n"
        }
        Console.write(report)
        return comparison.isMatch && frames.allSatisfy(\.matches) ? .success : .failure
    }

    /// The text of the snapshot file at `path`.
    static func snapshotText(at path: String) throws(CommandFailure) -> String {
        String(decoding: try InputFile.read(path, maxBytes: maxSnapshotBytes, kind: "a snapshot file"), as: UTF8.self)
    }

    /// The snapshot in `text`, read from `path`.
    static func snapshot(parsing text: String, at path: String) throws(CommandFailure) -> AnimationSnapshot {
        do {
            return try AnimationSnapshot(parsing: text)
        } catch {
            throw CommandFailure("cannot read the snapshot \(InputFile.name(path)): \(error)")
        }
    }

    /// `stored` made again from the animation (same sampling and precision), and what changed.
    static func refreshed(_ stored: AnimationSnapshot, from loaded: LoadedAnimation,
                          fileName: String) -> (snapshot: AnimationSnapshot, comparison: SnapshotComparison) {
        let fresh = AnimationSnapshot(
            loaded.animation, fileName: fileName, sampling: stored.header.sampling, precision: stored.header.precision)
        let comparison = SnapshotComparison(
            expected: stored, actual: fresh, tolerance: AnimationSnapshot.defaultTolerance(precision: fresh.header.precision))
        return (fresh, comparison)
    }

    /// `--min-psnr` and `--artifacts`.
    static func imageCheck(_ arguments: Arguments) throws(UsageError) -> ImageCheck {
        let minimum = try arguments.number("min-psnr") ?? StoredFrames.defaultMinimumPSNR
        guard minimum > 0 else { throw UsageError("--min-psnr must be above 0 dB") }
        if arguments.flag("update"), arguments.value("min-psnr") != nil || arguments.value("artifacts") != nil {
            throw UsageError("--min-psnr and --artifacts have no effect with --update, which rewrites without comparing")
        }
        return ImageCheck(minimumPSNR: minimum, artifacts: arguments.value("artifacts"))
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
