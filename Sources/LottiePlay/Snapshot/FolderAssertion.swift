import Foundation
import LottieModel

// MARK: - Asserting a folder of animations against a folder of snapshots

extension AnimationSnapshot {
    /// One animation of a folder check, or one snapshot left without an animation.
    public struct FolderEntry: Sendable {
        /// The animation's path inside the folder of animations (for a snapshot without an
        /// animation, the snapshot's path inside the folder of snapshots).
        public var relativePath: String
        public var snapshot: URL
        /// Nil when it matches (or was recorded); else the failure reported for it.
        public var failure: String?
    }

    /// The snapshot of the animation at `relativePath` (inside a folder of animations) in the
    /// folder of snapshots `snapshots`: `icons/home.json` has `icons/home.json.snap`.
    public static func url(forAnimationAt relativePath: String, in snapshots: URL) -> URL {
        snapshots.appendingPathComponent(relativePath + ".snap")
    }

    /// Checks every animation under `animations` (searched recursively, `AnimationFolder`) against
    /// its snapshot under `snapshots` (`url(forAnimationAt:in:)`), and the frames stored beside it
    /// (`StoredFrames`, at least `minimumPSNR` dB), calling `failure` once for each animation that
    /// does not match, has no snapshot or cannot be read, and for each snapshot whose animation is
    /// gone. With `record` (by default when `RECORD_SNAPSHOTS=1`) it writes instead: new and
    /// changed snapshots (keeping their sampling and precision; new ones take `sampling` and
    /// `precision`), the stored frames again (and, with `recordsFrames`, frames at
    /// `StoredFrames.defaultProgresses` for a snapshot that has none), and removes the snapshots
    /// (and frames) of animations that are gone.
    ///
    /// XCTest:
    ///
    ///     func testAnimations() throws {
    ///         let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    ///         try AnimationSnapshot.assertFolderMatches(
    ///             animations: root.appendingPathComponent("Animations"),
    ///             snapshots: root.appendingPathComponent("__Snapshots__")) { XCTFail($0) }
    ///     }
    ///
    /// Swift Testing:
    ///
    ///     @Test func animations() throws {
    ///         try AnimationSnapshot.assertFolderMatches(animations: animations, snapshots: snapshots) {
    ///             Issue.record(Comment(rawValue: $0))
    ///         }
    ///     }
    ///
    /// - Throws: when the folder of animations cannot be listed.
    /// - Returns: every animation's entry, in path order, then the snapshots without an animation.
    @discardableResult
    public static func assertFolderMatches(
        animations: URL, snapshots: URL, tolerance: Double? = nil,
        minimumPSNR: Double = StoredFrames.defaultMinimumPSNR, sampling: SnapshotSampling = .everyFrame,
        precision: Int = 3, record: Bool = isRecording, recordsFrames: Bool = false, failure: (String) -> Void
    ) throws -> [FolderEntry] {
        let folder = try AnimationFolder(animations)
        var entries: [FolderEntry] = []
        for file in folder.files {
            let snapshot = url(forAnimationAt: file.relativePath, in: snapshots)
            let problem = check(file.url, snapshot: snapshot, tolerance: tolerance, minimumPSNR: minimumPSNR,
                                sampling: sampling, precision: precision, record: record, recordsFrames: recordsFrames)
            if let problem { failure(problem) }
            entries.append(FolderEntry(relativePath: file.relativePath, snapshot: snapshot, failure: problem))
        }
        let expected = Set(entries.map(\.snapshot.standardizedFileURL.path))
        for orphan in snapshotFiles(in: snapshots) where !expected.contains(orphan.url.standardizedFileURL.path) {
            var problem: String? = "\(orphan.url.path): a snapshot without an animation (removed or renamed?); "
                + "record with RECORD_SNAPSHOTS=1 to remove it"
            if record {
                let doomed = [orphan.url] + StoredFrames.frames(besideSnapshot: orphan.url).map(\.url)
                problem = nil
                for url in doomed {
                    do {
                        try FileManager.default.removeItem(at: url)
                    } catch {
                        problem = "cannot remove \(url.path): \(error)"
                    }
                }
            }
            if let problem { failure(problem) }
            entries.append(FolderEntry(relativePath: orphan.relativePath, snapshot: orphan.url, failure: problem))
        }
        return entries
    }

    /// One animation against its snapshot and stored frames (or recorded): the failure, if any.
    private static func check(_ url: URL, snapshot: URL, tolerance: Double?, minimumPSNR: Double,
                              sampling: SnapshotSampling, precision: Int, record: Bool, recordsFrames: Bool) -> String? {
        let animation: LottieAnimation
        do {
            animation = try AnimationFolder.animation(at: url)
        } catch {
            return SnapshotAssertionError.unreadableAnimation(url, "\(error)").description
        }
        if record {
            do {
                try FileManager.default.createDirectory(at: snapshot.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                return SnapshotAssertionError.unwritableSnapshot(snapshot, "\(error)").description
            }
        }
        var problems: [String] = []
        do {
            _ = try assertMatches(animation, fileName: url.lastPathComponent, animationPath: url.path, snapshot: snapshot,
                              tolerance: tolerance, sampling: sampling, precision: precision, record: record)
        } catch {
            if case .missingSnapshot = error { return error.description }
            problems.append(error.description)
        }
        let timeline = Timeline(animation)
        let images = ImageStore(animation: animation, baseDirectory: url.deletingLastPathComponent())
        if record {
            do {
                if recordsFrames, StoredFrames.frames(besideSnapshot: snapshot).isEmpty {
                    try StoredFrames.write(timeline, images: images, besideSnapshot: snapshot)
                } else {
                    try StoredFrames.rewrite(timeline, images: images, besideSnapshot: snapshot)
                }
            } catch {
                problems.append("cannot write the frames beside \(snapshot.path): \(error)")
            }
        } else {
            for frame in StoredFrames.frames(besideSnapshot: snapshot) {
                let comparison = StoredFrames.compare(frame, timeline: timeline, images: images)
                if let problem = comparison.problem(minimumPSNR: minimumPSNR) { problems.append("\(url.path): " + problem) }
            }
        }
        return problems.isEmpty ? nil : problems.joined(separator: "\n")
    }

    /// The `.snap` files under a folder of snapshots (hidden ones left out), sorted by their paths
    /// inside it; none when it does not exist.
    public static func snapshotFiles(in folder: URL) -> [(url: URL, relativePath: String)] {
        guard let enumerator = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) else { return [] }
        let root = folder.standardizedFileURL.path
        var found: [(url: URL, relativePath: String)] = []
        for case let url as URL in enumerator where url.pathExtension == "snap" {
            var relative = url.standardizedFileURL.path
            if relative.hasPrefix(root + "/") { relative.removeFirst(root.count + 1) }
            found.append((url, relative))
        }
        return found.sorted { $0.relativePath < $1.relativePath }
    }
}
