import Foundation
import XCTest
import TestSupport

/// `lottie-cli tabs --tint-selected COLOR --tint-normal COLOR`: the icons tinted, switched with
/// the selection, in the text transcript and in the JSON one; and the other value options on the
/// icons (`--theme`, `--set`).
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

    func testThemeOfADotLottieIconAndSetOnTheIcons() throws {
        // An icon in a .lottie whose theme `dark` gives slot `col` green, and a --set that
        // matches nothing in it: the theme is read, the keypath is warned about, and a theme the
        // file does not have is an error listing those it has.
        let folder = try temporaryDirectory(for: self)
        let icon = folder.appendingPathComponent("star.lottie")
        let json = #"{"v":"5.7.0","fr":30,"ip":0,"op":10,"w":4,"h":4,"layers":[{"ty":4,"nm":"Star","ind":1,"ip":0,"op":10,"st":0,"ks":{},"#
            + #""shapes":[{"ty":"fl","nm":"Fill 1","c":{"a":0,"k":[1,0,0],"sid":"col"},"o":{"a":0,"k":100}}]}]}"#
        try StoredZip.archive([
            ("manifest.json", #"{"version":"2","animations":[{"id":"star"}],"themes":[{"id":"dark"}]}"#),
            ("a/star.json", json),
            ("t/dark.json", #"{"rules":[{"id":"col","type":"Color","value":[0,1,0]}]}"#),
        ]).write(to: icon)
        let run = try lottieCLI("tabs", icon.path, icon.path, "--titles", "A,B", "--script", "tick 1f", "--theme", "dark",
                                "--set", "Star.Fill1.Color=#0000ff")
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        XCTAssertTrue(run.standardError.contains("the nearest is 'Star.Fill 1.Color'"), run.standardError)
        let missing = try lottieCLI("tabs", icon.path, icon.path, "--titles", "A,B", "--script", "tick 1f", "--theme", "light")
        XCTAssertEqual(missing.exitCode, 1)
        XCTAssertTrue(missing.standardError.contains("has no theme 'light' (it has: dark)"), missing.standardError)
    }
}
