import Foundation
import XCTest
import TestSupport

/// `-` as a file reads standard input, for every command that loads one.
final class StandardInputTests: XCTestCase {
    private let home = (try? Data(contentsOf: Corpus.samples.appendingPathComponent("home.json"))) ?? Data()

    func testInspectReadsStandardInput() throws {
        let run = try lottieCLI(input: home, "inspect", "-")
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        let fromFile = try lottieCLI("inspect", "Samples/home.json").standardOutput
        XCTAssertEqual(run.standardOutput,
                       fromFile.replacingOccurrences(of: "File        Samples/home.json,", with: "File        standard input,"))
    }

    func testEvalValidateAndRenderReadStandardInput() throws {
        let eval = try lottieCLI(input: home, "eval", "-", "--frame", "40")
        XCTAssertEqual(eval.exitCode, 0, eval.standardError)
        XCTAssertTrue(eval.standardOutput.hasPrefix("standard input at frame 40 (progress 0.667, 0.667 s)\n"), eval.standardOutput)
        let validate = try lottieCLI(input: home, "validate", "-")
        XCTAssertEqual(validate.standardOutput, "standard input: valid, 0 errors, 0 warnings, 0 infos\n")
        let render = try lottieCLI(input: home, "render", "-", "--frame", "30", "--size", "8x8", "--out", "-")
        XCTAssertEqual(render.exitCode, 0, render.standardError)
        XCTAssertEqual(Array(render.standardOutputBytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    func testABrokenStandardInputIsNamed() throws {
        let run = try lottieCLI(input: Data("{\"layers\": [".utf8), "inspect", "-")
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertTrue(run.standardError.hasPrefix("lottie-cli: error: cannot decode standard input: "), run.standardError)
    }

    func testStandardInputPastTheFileLimitIsRefused() throws {
        let run = try lottieCLI(input: home, "inspect", "-", "--limit", "maxFileBytes=1000")
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertEqual(run.standardError,
                       "lottie-cli: error: cannot decode standard input: it holds more than 1000 bytes, the limit maxFileBytes\n")
    }

    func testStandardInputOnlyOnce() throws {
        let run = try lottieCLI(input: home, "diff", "-", "-")
        XCTAssertEqual(run.exitCode, 2)
        XCTAssertTrue(run.standardError.contains("'-' (standard input) can be given once"), run.standardError)
    }
}
