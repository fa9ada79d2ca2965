import Foundation
import LottiePlay

// MARK: - SnapshotFolder

/// A folder of snapshots that mirrors a folder of animations: the snapshot of `icons/home.json`
/// is `icons/home.json.snap` under the folder (`AnimationSnapshot.url(forAnimationAt:in:)`: the
/// animation's path inside the folder it was found in, with `.snap` added, so that `home.json`
/// and the `home.tgs` made from it keep a snapshot each).
struct SnapshotFolder: Sendable {
    let root: String

    /// The snapshot file of an animation, as `AnimationSnapshot.url(forAnimationAt:in:)` names it,
    /// under `root` as given (relative paths stay relative in messages).
    func path(of file: BatchInputs.File) -> String {
        (root as NSString).appendingPathComponent(file.relativePath + ".snap")
    }

    /// Refuses animations whose snapshots would be the same file (two files of the same name
    /// given from different folders), naming both.
    func checkDistinct(_ files: [BatchInputs.File]) throws(UsageError) {
        var owners: [String: String] = [:]
        for file in files {
            let snapshot = path(of: file)
            if let other = owners[snapshot] {
                throw UsageError("'\(other)' and '\(file.path)' would share the snapshot '\(snapshot)': "
                    + "give their folder instead, or snapshot them apart")
            }
            owners[snapshot] = file.path
        }
    }

    /// The `.snap` files under the folder, sorted; none when the folder does not exist.
    func snapshotFiles() -> [String] {
        AnimationSnapshot.snapshotFiles(in: URL(fileURLWithPath: root)).map { (root as NSString).appendingPathComponent($0.relativePath) }
    }

    /// Writes `text` to `path`, creating the folders it needs.
    static func write(_ text: String, to path: String) throws(CommandFailure) {
        try createFolder(of: path)
        try writeTextFile(text, to: path)
    }

    /// Creates the folder `path` goes in, and the folders above it, when missing.
    static func createFolder(of path: String) throws(CommandFailure) {
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("cannot create the folder '\(folder)': \(error.localizedDescription)")
        }
    }
}
