import Foundation
import XCTest
import TestSupport

/// `lottie-cli eval` and `lottie-cli frames` on the samples, compared with snapshots, and their
/// usage errors.
final class EvalCommandTests: XCTestCase {
    func testEvalHomeAtTheDoorsEasedMidpoint() throws {
        let run = try lottieCLI("eval", "Samples/home.json", "--frame", "40")
        XCTAssertEqual(run.exitCode, 0)
        XCTAssertEqual(run.standardError, "")
        assertSnapshot(run.standardOutput, named: "eval-home-40.txt", in: snapshots)
        // Samples/README.md: the door at 50% about its bottom (0, 28) spans x 46.5..53.5, y 68..78.
        XCTAssertTrue(run.standardOutput.contains("scale 50% x 50%"))
        XCTAssertTrue(run.standardOutput.contains("bounds x 46.5..53.5, y 68..78"))
    }

    func testEvalFinalPoseAsJSON() throws {
        let run = try lottieCLI("eval", "Samples/user.json", "--progress", "1", "--layer", "Head", "--json")
        XCTAssertEqual(run.exitCode, 0)
        assertSnapshot(run.standardOutput, named: "eval-user-final.json.txt", in: snapshots)
        let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual(summary["frame"] as? Double, 30)
        let layers = try XCTUnwrap(summary["layers"] as? [[String: Any]])
        XCTAssertEqual(layers.count, 1)
        XCTAssertEqual(layers[0]["rotation"] as? Double, 15)
        XCTAssertEqual(layers[0]["origin"] as? [Double], [55.623, 34.477])
    }

    func testFramesOfTheUserIcon() throws {
        let run = try lottieCLI("frames", "Samples/user.json", "--frames", "0:30:10")
        XCTAssertEqual(run.exitCode, 0)
        assertSnapshot(run.standardOutput, named: "frames-user.txt", in: snapshots)
        XCTAssertEqual(run.standardOutput.components(separatedBy: "Samples/user.json at frame").count - 1, 4)
    }

    func testUsageErrors() throws {
        let cases: [([String], String)] = [
            (["eval", "Samples/home.json"], "give the moment with --frame F or --progress P"),
            (["eval", "Samples/home.json", "--frame", "1", "--progress", "0"], "give either --frame or --progress, not both"),
            (["eval", "Samples/home.json", "--progress", "1.5"], "--progress must be between 0 and 1, got 1.5"),
            (["frames", "Samples/home.json", "--frames", "0:10:0"], "--frames: the step must not be 0"),
            (["frames", "Samples/home.json", "--frames", "10:0"], "--frames: a step of 1 never goes from 10 to 0"),
            (["frames", "Samples/home.json", "--frames", "0:x"], "--frames needs a range A:B or A:B:S with numbers, or a list F,F,F, got '0:x'"),
        ]
        for (arguments, message) in cases {
            let run = try BuiltExecutable.run(try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli")), arguments)
            XCTAssertEqual(run.exitCode, 2, "\(arguments)")
            XCTAssertEqual(run.standardOutput, "", "\(arguments)")
            XCTAssertTrue(run.standardError.contains(message), "\(arguments): \(run.standardError)")
        }
    }

    func testUnknownLayerFails() throws {
        let run = try lottieCLI("eval", "Samples/home.json", "--frame", "0", "--layer", "Chimney")
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertEqual(run.standardError, "lottie-cli: error: no layer named or indexed 'Chimney' is visible at frame 0\n")
    }

    // MARK: Warnings in JSON

    /// A parenting cycle is warned about in the text; the JSON carries the same warnings, each
    /// with its JSON path, for eval and frames alike.
    func testJSONCarriesTheWarningsOfTheText() throws {
        let text = try lottieCLI("eval", "Tests/Hostile/parent-cycle.json", "--frame", "0")
        let warningLines = text.standardOutput.split(separator: "\n").filter { $0.hasPrefix("  warning: ") }
        XCTAssertEqual(warningLines.count, 1, text.standardOutput)

        let eval = try lottieCLI("eval", "Tests/Hostile/parent-cycle.json", "--frame", "0", "--json")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(eval.standardOutput.utf8)) as? [String: Any])
        let warnings = try XCTUnwrap(object["warnings"] as? [[String: Any]])
        XCTAssertEqual(warnings.count, 1)
        let warning = try XCTUnwrap(warnings.first)
        let path = try XCTUnwrap(warning["path"] as? String), message = try XCTUnwrap(warning["message"] as? String)
        XCTAssertEqual("  warning: " + path + ": " + message, String(warningLines[0]))
        XCTAssertTrue(path.hasPrefix("layers["), "\(warning)")
        XCTAssertEqual(warning["severity"] as? String, "warning")
        XCTAssertEqual(warning["category"] as? String, "cycle")
        XCTAssertEqual((object["unsupported"] as? [Any])?.count, 0)

        let frames = try lottieCLI("frames", "Tests/Hostile/parent-cycle.json", "--frames", "0,30", "--json")
        let output = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(frames.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual((output["frames"] as? [Any])?.count, 2)
        XCTAssertEqual((output["warnings"] as? [[String: Any]]).map { NSArray(array: $0) }, NSArray(array: warnings))
    }

    func testFramesOutsideTheAnimationAreWarned() throws {
        let run = try lottieCLI("eval", "Samples/user.json", "--frame", "100")
        XCTAssertEqual(run.exitCode, 0)
        XCTAssertEqual(run.standardError, "lottie-cli: warning: frame 100 is outside the animation, frames 0 to 30; "
            + "layers are evaluated there as the file says, and usually draw nothing\n")
        let frames = try lottieCLI("frames", "Samples/user.json", "--frames", "-10:40:10")
        XCTAssertTrue(frames.standardError.hasPrefix("lottie-cli: warning: 2 frames (-10 first) are outside the animation"),
                      frames.standardError)
    }
}
