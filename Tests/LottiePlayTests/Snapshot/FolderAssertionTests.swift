import Foundation
import XCTest
import LottieModel
import LottiePlay
import TestSupport

/// `AnimationSnapshot.assertFolderMatches`: a folder of animations against a folder of snapshots
/// in one call, one failure per animation that changed, recording with `record`.
final class FolderAssertionTests: XCTestCase {
    private func folders() throws -> (animations: URL, snapshots: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folder-assertion-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let animations = root.appendingPathComponent("Animations")
        try FileManager.default.createDirectory(at: animations.appendingPathComponent("tabs"), withIntermediateDirectories: true)
        for name in ["home.json", "user.json"] {
            try FileManager.default.copyItem(at: Corpus.samples.appendingPathComponent(name),
                                             to: animations.appendingPathComponent("tabs/\(name)"))
        }
        return (animations, root.appendingPathComponent("Snapshots"))
    }

    func testRecordThenMatchThenOneFailurePerChangedAnimation() throws {
        let (animations, snapshots) = try folders()
        var failures: [String] = []
        let recorded = try AnimationSnapshot.assertFolderMatches(
            animations: animations, snapshots: snapshots, sampling: .every(10), record: true, recordsFrames: true) {
            failures.append($0)
        }
        XCTAssertEqual(failures, [])
        XCTAssertEqual(recorded.map(\.relativePath), ["tabs/home.json", "tabs/user.json"])
        let names = try FileManager.default.contentsOfDirectory(atPath: snapshots.appendingPathComponent("tabs").path).sorted()
        XCTAssertEqual(names, ["home.json.snap", "home.json@0.5.png", "home.json@0.png", "home.json@1.png",
                               "user.json.snap", "user.json@0.5.png", "user.json@0.png", "user.json@1.png"])
        try AnimationSnapshot.assertFolderMatches(animations: animations, snapshots: snapshots, record: false) { failures.append($0) }
        XCTAssertEqual(failures, [])

        // A changed easing in one animation, and the other one's first shape layer hidden (no value
        // changes, only pixels): one failure each.
        try Data(try SampleEdits.changedEasing().utf8).write(to: animations.appendingPathComponent("tabs/home.json"))
        let userURL = animations.appendingPathComponent("tabs/user.json")
        let user = String(decoding: try Data(contentsOf: userURL), as: UTF8.self)
        let hidden = try XCTUnwrap(user.range(of: "\"ty\": 4,"))
        try Data(user.replacingCharacters(in: hidden, with: "\"ty\": 4, \"hd\": true,").utf8).write(to: userURL)
        let entries = try AnimationSnapshot.assertFolderMatches(animations: animations, snapshots: snapshots, record: false) {
            failures.append($0)
        }
        XCTAssertEqual(failures.count, 2)
        guard failures.count == 2 else { return }
        XCTAssertTrue(failures[0].contains("changed  House Root.Transform.Position"), failures[0])
        XCTAssertTrue(failures[1].hasPrefix(userURL.path + ": frame at progress "), failures[1])
        XCTAssertTrue(failures[1].contains(" dB (at least 40 needed)"), failures[1])
        XCTAssertEqual(entries.map { $0.failure != nil }, [true, true])
    }

    func testMissingSnapshotsAndSnapshotsLeftBehind() throws {
        let (animations, snapshots) = try folders()
        var failures: [String] = []
        try AnimationSnapshot.assertFolderMatches(animations: animations, snapshots: snapshots, record: false) { failures.append($0) }
        XCTAssertEqual(failures.count, 2)
        XCTAssertTrue(failures[0].hasPrefix("no snapshot at "), failures[0])
        try AnimationSnapshot.assertFolderMatches(animations: animations, snapshots: snapshots, sampling: .every(10),
                                                  record: true) { XCTFail($0) }
        try FileManager.default.removeItem(at: animations.appendingPathComponent("tabs/user.json"))
        failures = []
        let entries = try AnimationSnapshot.assertFolderMatches(animations: animations, snapshots: snapshots, record: false) {
            failures.append($0)
        }
        XCTAssertEqual(entries.map(\.relativePath), ["tabs/home.json", "tabs/user.json.snap"])
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures[0].hasSuffix("user.json.snap: a snapshot without an animation (removed or renamed?); "
            + "record with RECORD_SNAPSHOTS=1 to remove it"), failures[0])
        try AnimationSnapshot.assertFolderMatches(animations: animations, snapshots: snapshots, record: true) { XCTFail($0) }
        XCTAssertFalse(FileManager.default.fileExists(atPath: snapshots.appendingPathComponent("tabs/user.json.snap").path))
    }
}
