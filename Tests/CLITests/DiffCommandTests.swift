import Foundation
import XCTest
import TestSupport

/// `lottie-cli diff` end to end on edited copies of `Samples/home.json`.
final class DiffCommandTests: XCTestCase {
    private func diff(_ edited: String, _ options: String..., file: StaticString = #filePath, line: UInt = #line) throws -> CommandLineRun {
        let fixtures = try RegressionFixtures(for: self)
        try fixtures.write(edited, to: "new.json")
        let executable = try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli"), file: file, line: line)
        return try BuiltExecutable.run(executable, ["diff", "home.json", "new.json"] + options, in: fixtures.folder)
    }

    private func assertDiff(_ edited: String, _ expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let run = try diff(edited, file: file, line: line)
        XCTAssertEqual(run.exitCode, 1, file: file, line: line)
        assertEqualLines(run.standardOutput, "--- home.json\n+++ new.json\n\n" + expected + "\n1 change\n", file: file, line: line)
    }

    func testChangedEasing() throws {
        try assertDiff(RegressionFixtures.changedEasing, """
            easing  House Root.Transform.Position  keyframe 0 (t 0) out (0.42, 0) in (0.58, 1) -> out (0.333, 0) in (0.667, 1) (layers[3].ks.p.k[0])

            """)
    }

    func testMovedKeyframe() throws {
        try assertDiff(RegressionFixtures.movedKeyframe, """
            keyframe moved  Door.Transform.Scale  keyframe 0 moved from t 30 to t 32 (layers[0].ks.s.k[0].t)

            """)
    }

    func testRemovedLayer() throws {
        try assertDiff(RegressionFixtures.removedLayer, """
            removed  Door  shape layer (layers[0])

            """)
    }

    func testRenamedGroup() throws {
        try assertDiff(RegressionFixtures.renamedGroup, """
            renamed  Outline Trace.Roof  group renamed to 'Top' (layers[1].shapes[0])

            """)
    }

    func testReorderedKeysAreIdentical() throws {
        let run = try diff(RegressionFixtures.reorderedKeys)
        XCTAssertEqual(run.standardOutput, "--- home.json\n+++ new.json\nno model changes\n")
        XCTAssertEqual(run.exitCode, 0)
    }

    func testEvaluatedValuesWithFrames() throws {
        let run = try diff(RegressionFixtures.movedKeyframe, "--frames", "30,35,40")
        XCTAssertEqual(run.exitCode, 1)
        assertEqualLines(run.standardOutput, """
            --- home.json
            +++ new.json

            keyframe moved  Door.Transform.Scale  keyframe 0 moved from t 30 to t 32 (layers[0].ks.s.k[0].t)

            1 change

            evaluated values at frames 30,35,40

            changed  Door.Transform.Scale: 2 of 3 frames
              frame  old               new
              @35    [-3.821, -3.821]  [-8, -8]
              @40    [50, 50]          [33.652, 33.652]

            2 values changed in 1 keypath

            """)
    }

    func testJSON() throws {
        let run = try diff(RegressionFixtures.renamedGroup, "--json")
        XCTAssertEqual(run.exitCode, 1)
        let changes = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: String]])
        XCTAssertEqual(changes, [[
            "kind": "renamed", "keypath": "Outline Trace.Roof", "message": "group renamed to 'Top'", "path": "layers[1].shapes[0]",
        ]])
    }
}
