import Foundation
import XCTest
import TestSupport

/// `lottie-cli snapshot` and `lottie-cli check` end to end: the committed snapshots of the
/// samples, and edited copies of `Samples/home.json` caught with the expected report.
final class SnapshotCommandTests: XCTestCase {
    // MARK: snapshot

    func testTheCommittedSnapshotsAreWhatSnapshotPrints() throws {
        for name in ["home", "user"] {
            let run = try lottieCLI("snapshot", "Samples/\(name).json")
            XCTAssertEqual(run.exitCode, 0)
            XCTAssertEqual(run.standardError, "")
            let committed = try String(contentsOf: Corpus.samples.appendingPathComponent("\(name).snap"), encoding: .utf8)
            assertEqualLines(run.standardOutput, committed,
                             "Samples/\(name).snap is out of date (lottie-cli snapshot Samples/\(name).json -o Samples/\(name).snap)")
        }
    }

    func testSnapshotAtChosenFramesToAFile() throws {
        let fixtures = try RegressionFixtures(for: self)
        let run = try fixtures.run("snapshot", "home.json", "--frames", "0,40,46.5", "--precision", "1", "-o", "home.snap")
        XCTAssertEqual(run.exitCode, 0)
        XCTAssertEqual(run.standardOutput, "wrote home.snap: 92 lines for 84 keypaths\n")
        let text = try fixtures.read("home.snap")
        XCTAssertTrue(text.contains("\nsampling: frames 0 40 46.5\nframes: 0 40 46.5\nprecision: 1\n\n"), text)
        XCTAssertTrue(text.contains("\nDoor.Transform.Scale @40 [50, 50]\nDoor.Transform.Scale @46.5 [107.9, 107.9]\n"), text)
    }

    func testSnapshotUsageErrors() throws {
        let cases: [([String], String)] = [
            (["snapshot", "Samples/home.json", "--every", "5", "--keyframes"], "give one of --frames, --every and --keyframes"),
            (["snapshot", "Samples/home.json", "--frames", "0,x"], "--frames needs a range A:B:S or a list F,F,F of numbers, got '0,x'"),
            (["snapshot", "Samples/home.json", "--every", "0"], "--every must be above 0, got 0"),
            (["snapshot", "Samples/home.json", "--precision", "20"], "--precision must be a whole number from 0 to 12"),
        ]
        for (arguments, message) in cases {
            let run = try BuiltExecutable.run(try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli")), arguments)
            XCTAssertEqual(run.exitCode, 2, "\(arguments)")
            XCTAssertTrue(run.standardError.contains(message), "\(arguments): \(run.standardError)")
        }
    }

    // MARK: check

    func testTheSamplesMatchTheirSnapshots() throws {
        for name in ["home", "user"] {
            let run = try lottieCLI("check", "Samples/\(name).json", "Samples/\(name).snap")
            XCTAssertEqual(run.standardOutput, "Samples/\(name).json matches Samples/\(name).snap (tolerance 0.001)\n")
            XCTAssertEqual(run.exitCode, 0)
        }
    }

    func testChangedEasing() throws {
        let fixtures = try RegressionFixtures(for: self)
        try fixtures.write(RegressionFixtures.changedEasing, to: "home-easing.json")
        try fixtures.write(try String(contentsOf: Corpus.samples.appendingPathComponent("home.snap"), encoding: .utf8), to: "home.snap")
        let run = try fixtures.run("check", "home-easing.json", "home.snap")
        XCTAssertEqual(run.exitCode, 1)
        assertEqualLines(run.standardOutput, """
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
        // A tolerance above the largest difference (0.108) lets it pass.
        XCTAssertEqual(try fixtures.run("check", "home-easing.json", "home.snap", "--tolerance", "0.11").exitCode, 0)
    }

    func testMovedKeyframe() throws {
        let fixtures = try RegressionFixtures(for: self)
        try fixtures.write(RegressionFixtures.movedKeyframe, to: "home-moved.json")
        XCTAssertEqual(try fixtures.run("snapshot", "home.json", "--keyframes", "-o", "home.snap").exitCode, 0)
        let run = try fixtures.run("check", "home-moved.json", "home.snap")
        XCTAssertEqual(run.exitCode, 1)
        assertEqualLines(run.standardOutput, """
            home-moved.json does not match home.snap (tolerance 0.001)

            changed  Door.Transform.Scale: 2 frames
              frame  snapshot       now
              @30    [0, 0]         (no keyframe)
              @32    (no keyframe)  [0, 0]

            2 values changed in 1 keypath

            """)
    }

    func testRemovedLayerAndRenamedGroup() throws {
        let fixtures = try RegressionFixtures(for: self)
        XCTAssertEqual(try fixtures.run("snapshot", "home.json", "--every", "30", "-o", "home.snap").exitCode, 0)
        try fixtures.write(RegressionFixtures.removedLayer, to: "home-removed.json")
        try fixtures.write(RegressionFixtures.renamedGroup, to: "home-renamed.json")
        let removed = try fixtures.run("check", "home-removed.json", "home.snap")
        XCTAssertEqual(removed.exitCode, 1)
        assertEqualLines(removed.standardOutput, """
            home-removed.json does not match home.snap (tolerance 0.001)

            removed  Door  (19 keypaths)

            19 keypaths removed

            """)
        let renamed = try fixtures.run("check", "home-renamed.json", "home.snap")
        XCTAssertEqual(renamed.exitCode, 1)
        assertEqualLines(renamed.standardOutput, """
            home-renamed.json does not match home.snap (tolerance 0.001)

            added    Outline Trace.Top   (8 keypaths)
            removed  Outline Trace.Roof  (8 keypaths)

            8 keypaths added; 8 keypaths removed

            """)
    }

    func testReorderedKeysAreNotAChange() throws {
        let fixtures = try RegressionFixtures(for: self)
        try fixtures.write(RegressionFixtures.reorderedKeys, to: "home-reordered.json")
        XCTAssertEqual(try fixtures.run("snapshot", "home.json", "-o", "home.snap").exitCode, 0)
        let run = try fixtures.run("check", "home-reordered.json", "home.snap")
        XCTAssertEqual(run.standardOutput, "home-reordered.json matches home.snap (tolerance 0.001)\n")
        XCTAssertEqual(run.exitCode, 0)
        // Byte for byte the same snapshot, content hash included.
        XCTAssertEqual(try fixtures.run("snapshot", "home-reordered.json").standardOutput,
                       try fixtures.read("home.snap").replacingOccurrences(of: "file: home.json", with: "file: home-reordered.json"))
    }

    func testHeaderChangesAndUpdate() throws {
        let fixtures = try RegressionFixtures(for: self)
        XCTAssertEqual(try fixtures.run("snapshot", "home.json", "--every", "30", "-o", "home.snap").exitCode, 0)
        try fixtures.write(RegressionFixtures.replacing("\"fr\": 60,", with: "\"fr\": 30,"), to: "home.json")
        let run = try fixtures.run("check", "home.json", "home.snap")
        XCTAssertEqual(run.exitCode, 1)
        assertEqualLines(run.standardOutput, """
            home.json does not match home.snap (tolerance 0.001)

            header
              frame rate:  60 -> 30

            1 header change

            """)
        let update = try fixtures.run("check", "home.json", "home.snap", "--update")
        XCTAssertEqual(update.standardOutput, "updated home.snap from home.json (1 difference)\n")
        XCTAssertEqual(update.exitCode, 0)
        XCTAssertTrue(try fixtures.read("home.snap").contains("\nframe rate: 30\n"))
        XCTAssertEqual(try fixtures.run("check", "home.json", "home.snap").exitCode, 0)
    }

    func testCheckFailures() throws {
        let fixtures = try RegressionFixtures(for: self)
        try fixtures.write("lottie-snapshot 1\nfile: home.json\n\n", to: "bad.snap")
        // Trouble is exit code 2, as for diff(1) and cmp(1): 1 says "does not match".
        let bad = try fixtures.run("check", "home.json", "bad.snap")
        XCTAssertEqual(bad.exitCode, 2)
        XCTAssertEqual(bad.standardError, "lottie-cli: error: cannot read the snapshot 'bad.snap': line 2: the header has no 'content:'\n")
        let missing = try fixtures.run("check", "home.json", "nothing.snap")
        XCTAssertEqual(missing.exitCode, 2)
        XCTAssertEqual(missing.standardError, "lottie-cli: error: no such file: 'nothing.snap'\n")
        let usage = try fixtures.run("check", "home.json")
        XCTAssertEqual(usage.exitCode, 2)
    }

    // MARK: Wrong way round

    func testCheckSaysWhichArgumentIsTheSnapshot() throws {
        let fixtures = try RegressionFixtures(for: self)
        XCTAssertEqual(try fixtures.run("snapshot", "home.json", "--out", "home.snap", "--every", "30").exitCode, 0)
        let swapped = try fixtures.run("check", "home.snap", "home.json")
        XCTAssertEqual(swapped.exitCode, 2)
        XCTAssertEqual(swapped.standardError, "lottie-cli: error: the arguments are the wrong way round: 'home.snap' is the "
            + "snapshot; give the animation first: lottie-cli check home.json home.snap (see 'lottie-cli check --help')\n")
        let both = try fixtures.run("check", "home.json", "home.snap", "--update", "--tolerance", "1")
        XCTAssertEqual(both.exitCode, 2)
        XCTAssertTrue(both.standardError.contains("--tolerance has no effect with --update"), both.standardError)
    }
}
