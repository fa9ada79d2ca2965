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

    // MARK: Defaults

    /// A minified file drops default values; a default written out and the same field left out
    /// are the same, in shapes as on layers.
    func testRemovedDefaultsAreNoChange() throws {
        let fixtures = try RegressionFixtures(for: self)
        let shape = #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}BM}"#
        func file(layerExtras: String, shapeExtras: String) -> String {
            #"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":64,"h":64,"layers":[{"ty":4,"nm":"L","ind":1,"ip":0,"op":30,"st":0,"ks":{}"#
                + layerExtras + #","shapes":[{"ty":"rc","p":{"a":0,"k":[32,32]},"s":{"a":0,"k":[20,20]},"r":{"a":0,"k":0}},"#
                + shape.replacingOccurrences(of: "BM", with: shapeExtras) + "]}]}"
        }
        try fixtures.write(file(layerExtras: #","bm":0,"sr":1,"ao":0,"ddd":0"#, shapeExtras: #","bm":0,"hd":false,"r":1"#), to: "full.json")
        try fixtures.write(file(layerExtras: "", shapeExtras: ""), to: "minified.json")
        let same = try fixtures.run("diff", "full.json", "minified.json")
        XCTAssertEqual(same.standardOutput, "--- full.json\n+++ minified.json\nno model changes\n")
        XCTAssertEqual(same.exitCode, 0)
        // A value other than the default still differs.
        try fixtures.write(file(layerExtras: "", shapeExtras: #","bm":3"#), to: "multiply.json")
        let changed = try fixtures.run("diff", "full.json", "multiply.json")
        XCTAssertEqual(changed.exitCode, 1)
        XCTAssertTrue(changed.standardOutput.contains("'bm' 0 -> 3"), changed.standardOutput)
    }

    // MARK: Exit codes

    /// 0 the same, 1 different, 2 trouble (usage, a missing or corrupt file), as diff(1) and cmp(1).
    func testTroubleIsExitCodeTwo() throws {
        let fixtures = try RegressionFixtures(for: self)
        let missing = try fixtures.run("diff", "home.json", "nothing.json")
        XCTAssertEqual(missing.exitCode, 2)
        XCTAssertEqual(missing.standardError, "lottie-cli: error: no such file: 'nothing.json'\n")
        try fixtures.write("{\"layers\": [", to: "broken.json")
        XCTAssertEqual(try fixtures.run("diff", "home.json", "broken.json").exitCode, 2)
        let precision = try fixtures.run("diff", "home.json", "home.json", "--precision", "2")
        XCTAssertEqual(precision.exitCode, 2)
        XCTAssertTrue(precision.standardError.contains("--precision applies to the values compared with --frames"))
        XCTAssertEqual(try fixtures.run("diff", "home.json", "home.json").exitCode, 0)
    }
}
