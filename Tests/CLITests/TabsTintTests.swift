import Foundation
import XCTest
import TestSupport

/// `lottie-cli tabs --tint-selected COLOR --tint-normal COLOR`: the icons tinted, switched with
/// the selection, in the text transcript and in the JSON one.
final class TabsTintTests: XCTestCase {
    private let tints = ["--tint-selected", "#ff2d55", "--tint-normal", "#8e8e93"]

    func testTranscriptSaysWhichIconIsTinted() throws {
        let run = try lottieCLI(["tabs", "--script", "tap 2; tick 1f"] + tints)
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[1].hasSuffix("launched with Home selected; Home tinted #ff2d55, others #8e8e93; Home icon started"),
                      lines[1])
        XCTAssertTrue(lines[2].hasSuffix("Profile icon started; Profile tinted #ff2d55, Home #8e8e93"), lines[2])
    }

    func testJSONGivesEachIconsColour() throws {
        let run = try lottieCLI(["tabs", "--script", "tap 2; tick 1f", "--json"] + tints)
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        let frames = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        let tints = frames.map { frame in ((frame["tabs"] as? [[String: Any]]) ?? []).map { $0["tint"] as? String } }
        XCTAssertEqual(tints.first, ["#ff2d55", "#8e8e93"])
        XCTAssertEqual(tints.last, ["#8e8e93", "#ff2d55"])
    }

    func testOneTintAloneTakesIOSDefaultForTheOther() throws {
        let run = try lottieCLI("tabs", "--script", "tick 1f", "--tint-normal", "#cccccc")
        XCTAssertTrue(run.standardOutput.contains("Home tinted #007aff, others #cccccc"), run.standardOutput)
        let bad = try lottieCLI("tabs", "--script", "tick 1f", "--tint-selected", "pink")
        XCTAssertEqual(bad.exitCode, 2)
        XCTAssertTrue(bad.standardError.contains("--tint-selected must be a colour #rrggbb, got 'pink'"), bad.standardError)
    }
}
