import Foundation
import LottieModel
import LottiePlay

// MARK: - CheckCommand: folders

extension CheckCommand {
    /// `check ANIMATIONS SNAPDIR`: every animation under `animations` (a folder, or files with
    /// `--format`/`--jobs`) against its snapshot in the snapshot folder (`SnapshotFolder`). An
    /// animation without a snapshot fails, and so does a snapshot without an animation; with
    /// `--update`, the first is recorded (every frame, default precision), the second removed
    /// and every changed snapshot rewritten.
    func runFolders(_ arguments: Arguments, animations: String, snapshots: String, tolerance: Double?,
                    imageCheck: ImageCheck) throws -> ExitCode {
        let update = arguments.flag("update")
        if Self.isFile(snapshots) {
            // One animation and its snapshot file, reported as a batch (`--format`).
            guard Self.isFile(animations) else {
                throw UsageError("'\(snapshots)' is a file: with a folder of animations, give the folder of their snapshots "
                    + "(written by 'lottie-cli snapshot \(animations) --out SNAPDIR')")
            }
            return try runBatch(arguments, inputs: { try BatchInputs([animations]) }) { file in
                .catching {
                    try Self.check(file, snapshot: snapshots, arguments, update: update, tolerance: tolerance,
                                   imageCheck: imageCheck)
                }
            }
        }
        let folder = SnapshotFolder(root: snapshots)
        var inputs = try BatchInputs([animations])
        try folder.checkDistinct(inputs.files)
        // Snapshots without an animation go after the animations, as files of their own.
        let expected = Set(inputs.files.map(folder.path(of:)))
        let orphaned = Set(folder.snapshotFiles().filter { !expected.contains($0) })
        inputs.files += orphaned.sorted().map { BatchInputs.File(path: $0, relativePath: "") }
        return try runBatch(arguments, inputs: { inputs }) { file in
            .catching {
                if orphaned.contains(file.path) { return try Self.orphan(file.path, update: update) }
                return try Self.check(file, snapshot: folder.path(of: file), arguments, update: update, tolerance: tolerance,
                                      imageCheck: imageCheck)
            }
        }
    }

    private static func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// One animation against its snapshot.
    private static func check(_ file: BatchInputs.File, snapshot path: String, _ arguments: Arguments,
                              update: Bool, tolerance: Double?, imageCheck: ImageCheck) throws -> FileOutcome {
        let loaded = try loadAnimation(file.path, arguments)
        let fileName = SnapshotCommand.fileName(file.path)
        guard FileManager.default.fileExists(atPath: path) else {
            guard update else {
                return FileOutcome(status: .failed, summary: "no snapshot: \(path) (record it with --update)",
                                   findings: [.init(severity: .error, message: "no snapshot: \(path) (record it with --update)")])
            }
            let fresh = AnimationSnapshot(loaded.animation, fileName: fileName)
            try SnapshotFolder.write(fresh.text, to: path)
            return FileOutcome(status: .passed, summary: "recorded \(path): " + SnapshotCommand.counts(fresh))
        }
        let stored = try snapshot(parsing: try snapshotText(at: path), at: path)
        if update {
            let (fresh, comparison) = refreshed(stored, from: loaded, fileName: fileName)
            let frames = try imageCheck.update(loaded, besideSnapshot: path)
            let framesText = frames > 0 ? ", \(Format.plural(frames, "frame")) rewritten" : ""
            guard !comparison.isMatch else {
                return FileOutcome(status: .passed, summary: "matches \(path)" + (frames > 0 ? framesText : ", no change"))
            }
            try writeTextFile(fresh.text, to: path)
            return FileOutcome(status: .passed,
                               summary: "updated \(path) (\(Format.plural(comparison.differences.count, "difference"))\(framesText))")
        }
        let comparison = stored.compare(loaded.animation, fileName: fileName, tolerance: tolerance)
        let frames = try imageCheck.check(loaded, besideSnapshot: path, name: file.relativePath)
        let differing = frames.compactMap(\.problem)
        guard !comparison.isMatch || !differing.isEmpty else {
            let framesText = frames.isEmpty ? "" : " and its \(Format.plural(frames.count, "frame"))"
            return FileOutcome(status: .passed, summary: "matches \(path)" + framesText)
        }
        var summary: [String] = []
        var findings = differing.map { FileOutcome.Finding(severity: .error, message: $0) }
        var details = differing
        if !comparison.isMatch {
            summary.append(Self.counts(comparison))
            findings = Self.findings(comparison) + findings
            let report = comparison.report(animation: InputFile.label(file.path), snapshot: path)
            // The report without its title (the summary says it) and its closing count line.
            details = report.split(separator: "\n").dropFirst().dropLast().map(String.init) + details
        }
        if !differing.isEmpty { summary.append("\(differing.count) of \(Format.plural(frames.count, "frame")) differ") }
        return FileOutcome(status: .failed, summary: "does not match \(path): " + summary.joined(separator: ", "),
                           findings: findings, details: details)
    }

    /// A snapshot whose animation is gone.
    private static func orphan(_ path: String, update: Bool) throws -> FileOutcome {
        guard update else {
            let message = "snapshot without an animation (removed or renamed?); --update removes it"
            return FileOutcome(status: .failed, summary: message, findings: [.init(severity: .error, message: message)])
        }
        for doomed in [path] + StoredFrames.frames(besideSnapshot: URL(fileURLWithPath: path)).map(\.url.path) {
            do {
                try FileManager.default.removeItem(atPath: doomed)
            } catch {
                throw CommandFailure("cannot remove '\(doomed)': \(error.localizedDescription)")
            }
        }
        return FileOutcome(status: .passed, summary: "removed: its animation is gone")
    }

    /// "3 values changed in 1 keypath, 2 keypaths added".
    private static func counts(_ comparison: SnapshotComparison) -> String {
        var changed = 0
        var changedKeypaths: Set<String> = []
        var added = 0
        var removed = 0
        var header = 0
        for difference in comparison.differences {
            switch difference {
            case .header: header += 1
            case .added: added += 1
            case .removed: removed += 1
            case .changed(let keypath, _, _, _), .frameAdded(let keypath, _, _), .frameRemoved(let keypath, _, _):
                changed += 1
                changedKeypaths.insert(keypath)
            }
        }
        var parts: [String] = []
        if header > 0 { parts.append(Format.plural(header, "header change")) }
        if changed > 0 {
            parts.append("\(Format.plural(changed, "value")) changed in \(Format.plural(changedKeypaths.count, "keypath"))")
        }
        if added > 0 { parts.append(Format.plural(added, "keypath") + " added") }
        if removed > 0 { parts.append(Format.plural(removed, "keypath") + " removed") }
        return parts.joined(separator: ", ")
    }

    /// One finding per header change and per keypath that changed, came or went.
    private static func findings(_ comparison: SnapshotComparison) -> [FileOutcome.Finding] {
        var findings: [FileOutcome.Finding] = []
        var frames: [String: Int] = [:]
        var order: [String] = []
        for difference in comparison.differences {
            switch difference {
            case .header(let field, let expected, let actual):
                findings.append(.init(severity: .error, message: "\(field) changed: \(expected) -> \(actual)"))
            case .added(let keypath, _):
                findings.append(.init(severity: .error, message: "keypath added: \(keypath)"))
            case .removed(let keypath, _):
                findings.append(.init(severity: .error, message: "keypath removed: \(keypath)"))
            case .changed(let keypath, _, _, _), .frameAdded(let keypath, _, _), .frameRemoved(let keypath, _, _):
                if frames[keypath] == nil { order.append(keypath) }
                frames[keypath, default: 0] += 1
            }
        }
        for keypath in order {
            findings.append(.init(severity: .error, message: "\(keypath) changed at \(Format.plural(frames[keypath] ?? 0, "frame"))"))
        }
        return findings
    }
}
