import Foundation
import XCTest
import TestSupport

/// One rule for the frames of an animation in every command (`AnimationFrames`): a file exported
/// at 29.97 fps whose `op` is 24.00000097754 has the 24 frames `inspect` counts, 0 to 23, and its
/// final pose at 24, in `render --all`, `snapshot`, `check`, `frames` and GIFs alike.
final class AnimationFramesCommandTests: XCTestCase {
    /// A dot moving from x 10 at frame 0 to x 34 at frame 24, `op` a hair past 24.
    static let nearlyWhole = """
        {"v":"5.7.4","fr":29.97,"ip":0,"op":24.00000097754,"w":64,"h":64,"layers":[
         {"ty":4,"nm":"Dot","ind":1,"ip":0,"op":24.00000097754,"st":0,
          "ks":{"p":{"a":1,"k":[{"t":0,"s":[10,32],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":24,"s":[34,32]}]}},
          "shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[8,8]}},
                    {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
        """

    private func fixtures() throws -> RegressionFixtures {
        let fixtures = try RegressionFixtures(for: self)
        try fixtures.write(Self.nearlyWhole, to: "dot.json")
        return fixtures
    }

    func testInspectAndRenderAllCountTheSameFrames() throws {
        let fixtures = try fixtures()
        let inspect = try fixtures.run("inspect", "dot.json")
        XCTAssertTrue(inspect.standardOutput.contains("Frames      0 to 24: 24 frames, 0.801 s\n"), inspect.standardOutput)
        let render = try fixtures.run("render", "dot.json", "--all", "--size", "8x8", "--out", "frames/")
        XCTAssertEqual(render.exitCode, 0, render.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: fixtures.folder.appendingPathComponent("frames").path).sorted(),
                       (0..<24).map { String(format: "f%03d.png", $0) })
        let gif = try fixtures.run("render", "dot.json", "--size", "8x8", "--out", "dot.gif")
        XCTAssertTrue(gif.standardOutput.contains("(24 frames at 8x8, 29.97 fps,"), gif.standardOutput)
    }

    func testSnapshotSamplesEachFrameOnceAndCheckUpdateChangesNothing() throws {
        let fixtures = try fixtures()
        let snapshot = try fixtures.run("snapshot", "dot.json", "-o", "dot.snap")
        XCTAssertEqual(snapshot.exitCode, 0, snapshot.standardError)
        let text = try fixtures.read("dot.snap")
        XCTAssertTrue(text.contains("\nframes: " + (0...24).map(String.init).joined(separator: " ") + "\n"), text)
        XCTAssertFalse(text.contains("24.000001"))
        XCTAssertTrue(text.contains("Dot.Transform.Position @24 [34, 32]\n"), "the final pose at 24")

        let check = try fixtures.run("check", "dot.json", "dot.snap")
        XCTAssertEqual(check.exitCode, 0, check.standardOutput)
        let update = try fixtures.run("check", "dot.json", "dot.snap", "--update")
        XCTAssertEqual(update.standardOutput, "updated dot.snap from dot.json (no change)\n")
        XCTAssertEqual(try fixtures.read("dot.snap"), text)
    }

    func testFramesWalksToTheFinalPose() throws {
        let fixtures = try fixtures()
        let run = try fixtures.run("frames", "dot.json", "--json")
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        let output = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let frames = try XCTUnwrap(output["frames"] as? [[String: Any]])
        XCTAssertEqual(frames.compactMap { $0["frame"] as? Double }, (0...24).map(Double.init))
    }
}
