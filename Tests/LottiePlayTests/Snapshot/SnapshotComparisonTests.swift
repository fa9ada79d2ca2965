import Foundation
import XCTest
import LottieModel
import TestSupport
@testable import LottiePlay

/// Comparing snapshots: tolerance, static against animated, added and removed keypaths,
/// header changes, and the report people read.
final class SnapshotComparisonTests: XCTestCase {
    private func stored() throws -> AnimationSnapshot {
        AnimationSnapshot(try SampleEdits.animation(try SampleEdits.home()), fileName: "home.json")
    }

    private func compare(_ text: String, tolerance: Double? = nil) throws -> SnapshotComparison {
        try stored().compare(try SampleEdits.animation(text), fileName: "home.json", tolerance: tolerance)
    }

    func testTheSameFileMatchesAndSoDoesAReorderedOne() throws {
        XCTAssertTrue(try compare(try SampleEdits.home()).isMatch)
        let reordered = try compare(try SampleEdits.reorderedKeys())
        XCTAssertTrue(reordered.isMatch)
        XCTAssertFalse(reordered.contentChanged)
    }

    func testAChangedEasingIsCaughtFrameByFrame() throws {
        let comparison = try compare(try SampleEdits.changedEasing())
        XCTAssertFalse(comparison.isMatch)
        XCTAssertEqual(Set(comparison.differences.compactMap(\.keypath)), ["House Root.Transform.Position"])
        // Frames 1...11 except the eased midpoint (6), where both curves give 0.5.
        let frames = comparison.differences.compactMap { difference -> Double? in
            if case .changed(_, let frame, _, _) = difference { return frame }
            return nil
        }
        XCTAssertEqual(frames, [1, 2, 3, 4, 5, 7, 8, 9, 10, 11])
        XCTAssertEqual(comparison.differences.first, .changed(
            keypath: "House Root.Transform.Position", frame: 1, expected: "[50, 50.054]", actual: "[50, 50.079]"))
    }

    func testToleranceDecidesWhatIsAChange() throws {
        // The largest difference the easing change makes is 0.108 (frame 3 and 9).
        XCTAssertFalse(try compare(try SampleEdits.changedEasing(), tolerance: 0.1).isMatch)
        XCTAssertTrue(try compare(try SampleEdits.changedEasing(), tolerance: 0.11).isMatch)
    }

    func testRemovedLayerAndRenamedGroupAreKeypathsRemovedAndAdded() throws {
        let removed = try compare(try SampleEdits.removedLayer())
        let removedKeypaths = removed.differences.compactMap { difference -> String? in
            if case .removed(let keypath, _) = difference { return keypath }
            return nil
        }
        XCTAssertEqual(removedKeypaths.count, 19)
        XCTAssertTrue(removedKeypaths.allSatisfy { $0.hasPrefix("Door.") })
        XCTAssertEqual(removed.differences.count, removedKeypaths.count)

        let renamed = try compare(try SampleEdits.renamedGroup())
        let added = renamed.differences.compactMap { difference -> String? in
            if case .added(let keypath, _) = difference { return keypath }
            return nil
        }
        XCTAssertEqual(added.first, "Outline Trace.Top.Roof Path.Path")
        XCTAssertEqual(added.count, 8)
    }

    func testAStaticValueCountsAtEveryFrame() {
        let header = SnapshotHeader(
            formatVersion: 1, fileName: "a.json", contentHash: "x", frameRate: 30, inPoint: 0, outPoint: 10,
            width: 10, height: 10, sampling: .frames([0, 5]), frames: [0, 5], precision: 3)
        let before = AnimationSnapshot(header: header, lines: [SnapshotLine(keypath: "A.Opacity", frame: nil, value: "100")])
        let same = AnimationSnapshot(header: header, lines: [
            SnapshotLine(keypath: "A.Opacity", frame: 0, value: "100"), SnapshotLine(keypath: "A.Opacity", frame: 5, value: "100.0004"),
        ])
        XCTAssertTrue(SnapshotComparison(expected: before, actual: same, tolerance: 0.001).isMatch)
        let changed = AnimationSnapshot(header: header, lines: [
            SnapshotLine(keypath: "A.Opacity", frame: 0, value: "100"), SnapshotLine(keypath: "A.Opacity", frame: 5, value: "50"),
        ])
        XCTAssertEqual(SnapshotComparison(expected: before, actual: changed, tolerance: 0.001).differences,
                       [.changed(keypath: "A.Opacity", frame: 5, expected: "100", actual: "50")])
    }

    func testTextComparesExactlyAndNumbersNumerically() {
        XCTAssertTrue(ValueTokens("\"Hi 2\" size 12").matches(ValueTokens("\"Hi 2\" size 12.0004"), tolerance: 0.001))
        XCTAssertFalse(ValueTokens("\"Hi 2\" size 12").matches(ValueTokens("\"Hi 3\" size 12"), tolerance: 10))
        XCTAssertFalse(ValueTokens("closed 3 (0, 0)").matches(ValueTokens("open 3 (0, 0)"), tolerance: 1))
        XCTAssertFalse(ValueTokens("[1, 2]").matches(ValueTokens("[1, 2, 3]"), tolerance: 1))
        XCTAssertTrue(ValueTokens("[-0.001, 5]").matches(ValueTokens("[0, 5]"), tolerance: 0.001))
    }

    func testHeaderChangesAreDifferences() throws {
        var animation = try SampleEdits.animation(try SampleEdits.home())
        animation.frameRate = 30
        animation.outPoint = 90
        let comparison = try stored().compare(animation, fileName: "home.json")
        XCTAssertEqual(Array(comparison.differences.prefix(2)), [
            .header(field: "frame rate", expected: "60", actual: "30"),
            .header(field: "range", expected: "0..60", actual: "0..90"),
        ])
    }

    func testMovedKeyframeWithKeyframeSampling() throws {
        let home = try SampleEdits.animation(try SampleEdits.home())
        let stored = AnimationSnapshot(home, fileName: "home.json", sampling: .keyframes)
        let comparison = stored.compare(try SampleEdits.animation(try SampleEdits.movedKeyframe()), fileName: "home.json")
        XCTAssertEqual(comparison.differences, [
            .frameRemoved(keypath: "Door.Transform.Scale", frame: 30, value: "[0, 0]"),
            .frameAdded(keypath: "Door.Transform.Scale", frame: 32, value: "[0, 0]"),
        ])
    }

    func testReportOfAChangedEasing() throws {
        let report = try compare(try SampleEdits.changedEasing()).report(animation: "home-easing.json", snapshot: "home.snap")
        assertEqualLines(report, """
            home-easing.json does not match home.snap (tolerance 0.001)

            changed  House Root.Transform.Position: 10 of 61 frames
              frame  snapshot      now
              @1     [50, 50.054]  [50, 50.079]
              @2     [50, 50.225]  [50, 50.297]
              @3     [50, 50.517]  [50, 50.625]
              @4     [50, 50.927]  [50, 51.037]
              @5     [50, 51.435]  [50, 51.505]
              @7     [50, 52.565]  [50, 52.495]
              @8     [50, 53.073]  [50, 52.963]
              @9     [50, 53.483]  [50, 53.375]
              ... and 2 more

            10 values changed in 1 keypath

            """)
    }

    func testReportOfAMatch() throws {
        XCTAssertEqual(try compare(try SampleEdits.home()).report(animation: "home.json", snapshot: "home.snap"),
                       "home.json matches home.snap (tolerance 0.001)\n")
    }
}
