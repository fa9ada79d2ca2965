import Foundation
import XCTest
import TestSupport

/// The hostile fixtures (`Tests/Hostile/`) through the built `lottie-cli`, end to end: a file
/// that cannot be read is exit code 1 with one line on standard error; a file that can be drawn
/// is exit code 0, with each fault and each limit met as a `warning:` line.
final class HostileInputTests: XCTestCase {
    private func fixture(_ name: String) -> String {
        Corpus.repositoryRoot.appendingPathComponent("Tests/Hostile").appendingPathComponent(name).path
    }

    func testUnreadableFilesFailWithOneLine() throws {
        let cases: [(String, String)] = [
            ("truncated.json", "layers[0].st (line 1, column 98): invalid JSON: unexpected end of file after the key \"st\", expected ':'"),
            ("empty.json", "line 1, column 1: invalid JSON: the file is empty"),
            ("top-level-array.json", "not a Lottie animation: the top level is an array, expected an object with 'layers'"),
            ("wrong-type-keyframe.json", "layers[0].ks.o.k[0].t (line 1, column 128): expected a number, found a string"),
            ("number-out-of-range.json",
             "layers[0].ks.p.k[0] (line 1, column 123): expected a number, found 1e999, which is out of range"),
        ]
        for (name, message) in cases {
            let path = fixture(name)
            let run = try lottieCLI("inspect", path)
            XCTAssertEqual(run.exitCode, 1, name)
            XCTAssertEqual(run.standardOutput, "", name)
            XCTAssertEqual(run.standardError, "lottie-cli: error: cannot decode '\(path)': \(message)\n", name)
        }
    }

    func testDeepNestingFailsWithTheLimit() throws {
        let run = try lottieCLI("eval", fixture("deep-nesting.json"), "--frame", "0")
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertTrue(run.standardError.hasSuffix("(line 1, column 315): invalid JSON: nesting deeper than 256 levels, the limit maxJSONDepth\n"),
                      run.standardError)
    }

    func testCyclesAreWarningsAndTheRestIsDrawn() throws {
        let run = try lottieCLI("eval", fixture("precomp-self-cycle.json"), "--frame", "0")
        XCTAssertEqual(run.exitCode, 0)
        XCTAssertTrue(run.standardOutput.contains("fill #ff0000"), run.standardOutput)
        XCTAssertTrue(run.standardOutput.hasSuffix(
            "\n  warning: assets[0].layers[0]: precomp 'a' contains itself (a precomp cycle); the reference is ignored\n"),
            run.standardOutput)
    }

    func testABombIsRenderedWithinTheLimitsWithWarnings() throws {
        let folder = try temporaryDirectory(for: self)
        let out = folder.appendingPathComponent("bomb.png").path
        let run = try lottieCLI("render", fixture("repeater-bomb.json"), "--frame", "0", "--size", "32x32", "--out", out)
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        XCTAssertEqual(run.standardOutput, "wrote '\(out)' (32x32)\n")
        XCTAssertTrue(run.standardError.contains(
            "  warning: layers[0].shapes: repeaters make up to 1e15 paths, more than the limit maxPaths (10000); "
                + "paths past the limit are not drawn\n"), run.standardError)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out))
    }

    func testAnAnimationWithoutDurationIsOneStillFrame() throws {
        let run = try lottieCLI("eval", fixture("op-before-ip.json"), "--progress", "0.5")
        XCTAssertEqual(run.exitCode, 0)
        XCTAssertTrue(run.standardOutput.hasPrefix("\(fixture("op-before-ip.json")) at frame 40 (progress 0, "),
                      run.standardOutput)
        XCTAssertTrue(run.standardOutput.contains(
            "  warning: op: out point 10 is not after the in point 40; the animation is one still frame (frame 40)\n"))
    }

    // MARK: Limits from the command line

    func testLimitOptionsChangeWhatIsDrawn() throws {
        let run = try lottieCLI("eval", fixture("repeater-bomb.json"), "--frame", "0",
                                "--limits", "strict", "--limit", "maxRepeaterCopies=5,maxPaths=100")
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        XCTAssertTrue(run.standardOutput.contains(
            "  warning: layers[0].shapes[1].c: 1000000000 repeater copies, more than the limit maxRepeaterCopies (5); "
                + "5 are drawn\n"), run.standardOutput)
        XCTAssertTrue(run.standardOutput.contains(
            "  warning: layers[0].shapes: repeaters make up to 3125 paths, more than the limit maxPaths (100); "
                + "paths past the limit are not drawn\n"), run.standardOutput)
    }

    func testAReadingLimitFailsWithItsName() throws {
        let run = try lottieCLI("inspect", "Samples/home.json", "--limit", "maxFileBytes=1000")
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertEqual(run.standardError, "lottie-cli: error: cannot decode 'Samples/home.json': "
                       + "the file is 10532 bytes, more than the limit maxFileBytes (1000)\n")
    }

    func testWrongLimitOptionsAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["--limits", "tiny"], "--limits needs strict, default or generous, got 'tiny'"),
            (["--limit", "maxRepeaterCopies"], "--limit needs NAME=N, got 'maxRepeaterCopies'"),
            (["--limit", "maxWarnings=-1"], "--limit maxWarnings needs a whole number from 0 up, got '-1'"),
        ]
        for (options, message) in cases {
            let run = try lottieCLI(["eval", "Samples/home.json", "--frame", "0"] + options)
            XCTAssertEqual(run.exitCode, 2, message)
            XCTAssertEqual(run.standardError, "lottie-cli: error: \(message) (see 'lottie-cli eval --help')\n")
        }
        let unknown = try lottieCLI("eval", "Samples/home.json", "--frame", "0", "--limit", "maxFoo=1")
        XCTAssertEqual(unknown.exitCode, 2)
        XCTAssertTrue(unknown.standardError.hasPrefix(
            "lottie-cli: error: --limit: no limit is called 'maxFoo' (there are maxFileBytes, maxJSONDepth, "), unknown.standardError)
    }

    func testRenderKeepsToTheRenderPixelLimit() throws {
        let run = try lottieCLI("render", "Samples/home.json", "--frame", "0", "--size", "2000x2000", "--limits", "strict",
                                "--out", "unused.png")
        XCTAssertEqual(run.exitCode, 2)
        XCTAssertEqual(run.standardError, "lottie-cli: error: the image would be 2000 x 2000 = 4000000 pixels, more than "
                       + "the limit maxRenderPixels (1048576); give a smaller --size or a larger --limit maxRenderPixels "
                       + "(see 'lottie-cli render --help')\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: "unused.png"))
    }
}
