import Foundation
import XCTest
import LottieModel
import TestSupport
import LottiePlay

/// `AnimationSnapshot.assertMatches`, as a package's own tests would use it, and the committed
/// snapshots of the samples (`Samples/home.snap`, `Samples/user.snap`).
final class SnapshotAssertionTests: XCTestCase {
    private func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testTheSamplesMatchTheirCommittedSnapshots() throws {
        for name in ["home", "user"] {
            let comparison = try AnimationSnapshot.assertMatches(
                animationAt: Corpus.samples.appendingPathComponent("\(name).json"),
                snapshot: Corpus.samples.appendingPathComponent("\(name).snap"), record: false)
            XCTAssertTrue(comparison.isMatch)
            XCTAssertFalse(comparison.contentChanged, "\(name).json changed; re-record with RECORD_SNAPSHOTS=1")
        }
    }

    func testAMismatchThrowsAnErrorThatShowsTheDifferingValues() throws {
        let folder = try temporaryFolder()
        let edited = folder.appendingPathComponent("home.json")
        try Data(try SampleEdits.changedEasing().utf8).write(to: edited)
        XCTAssertThrowsError(try AnimationSnapshot.assertMatches(
            animationAt: edited, snapshot: Corpus.samples.appendingPathComponent("home.snap"), record: false)
        ) { error in
            let description = "\(error)"
            XCTAssertTrue(description.contains("changed  House Root.Transform.Position: 10 of 61 frames"), description)
            XCTAssertTrue(description.contains("@1     [50, 50.054]  [50, 50.079]"), description)
            XCTAssertTrue(description.hasSuffix("(re-record with RECORD_SNAPSHOTS=1 if the change is intended)"), description)
            guard case .mismatch(let comparison, _)? = error as? SnapshotAssertionError else { return XCTFail("\(error)") }
            XCTAssertEqual(comparison.differences.count, 10)
        }
        // A looser tolerance accepts it.
        XCTAssertNoThrow(try AnimationSnapshot.assertMatches(
            animationAt: edited, snapshot: Corpus.samples.appendingPathComponent("home.snap"), tolerance: 0.2, record: false))
    }

    func testRecordModeWritesTheSnapshotAndKeepsItsSettings() throws {
        let folder = try temporaryFolder()
        let snapshot = folder.appendingPathComponent("user.snap")
        let animation = Corpus.samples.appendingPathComponent("user.json")
        XCTAssertThrowsError(try AnimationSnapshot.assertMatches(animationAt: animation, snapshot: snapshot, record: false)) { error in
            XCTAssertEqual("\(error)", "no snapshot at \(snapshot.path); record it with RECORD_SNAPSHOTS=1")
        }
        try AnimationSnapshot.assertMatches(animationAt: animation, snapshot: snapshot, sampling: .every(10), precision: 2,
                                            record: true)
        let recorded = try AnimationSnapshot(parsing: String(decoding: try Data(contentsOf: snapshot), as: UTF8.self))
        XCTAssertEqual(recorded.header.sampling, .every(10))
        XCTAssertEqual(recorded.header.frames, [0, 10, 20, 30])
        XCTAssertEqual(recorded.header.precision, 2)
        // Re-recording keeps the stored sampling and precision, whatever the defaults say.
        try AnimationSnapshot.assertMatches(animationAt: animation, snapshot: snapshot, record: true)
        let again = try AnimationSnapshot(parsing: String(decoding: try Data(contentsOf: snapshot), as: UTF8.self))
        XCTAssertEqual(again, recorded)
        XCTAssertTrue(try AnimationSnapshot.assertMatches(animationAt: animation, snapshot: snapshot, record: false).isMatch)
    }

    func testUnreadableInputsAreErrorsThatNameTheFile() throws {
        let folder = try temporaryFolder()
        let broken = folder.appendingPathComponent("broken.snap")
        try Data("not a snapshot\n\n".utf8).write(to: broken)
        XCTAssertThrowsError(try AnimationSnapshot.assertMatches(
            animationAt: Corpus.samples.appendingPathComponent("home.json"), snapshot: broken, record: false)
        ) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot read the snapshot \(broken.path): line 1: not a Lottie snapshot"), "\(error)")
        }
    }
}
