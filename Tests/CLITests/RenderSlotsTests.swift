import Foundation
import XCTest
import LottiePlay
import TestSupport

/// Slots: a file's own `slots` drawn, `--slot ID=VALUE` giving a slot another value, and
/// `--theme ID` applying a theme of a `.lottie` file.
final class RenderSlotsTests: XCTestCase {
    /// A 4 x 4 canvas filled by a rectangle whose colour is in slot `col` (red of its own, blue
    /// in the file's slots) and whose opacity is in slot `op`, which has no value.
    private let json = """
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 4, "h": 4,
     "slots": {"col": {"p": {"a": 0, "k": [0, 0, 1]}}},
     "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {}, "shapes": [
       {"ty": "rc", "p": {"a": 0, "k": [2, 2]}, "s": {"a": 0, "k": [4, 4]}, "r": {"a": 0, "k": 0}},
       {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0], "sid": "col"}, "o": {"a": 0, "k": 100, "sid": "op"}}]}]}
    """

    private func renderedPixel(_ extra: String...) throws -> (pixel: RGBAImage.Pixel?, run: CommandLineRun) {
        let folder = try temporaryDirectory(for: self)
        let file = folder.appendingPathComponent("slots.json")
        try Data(json.utf8).write(to: file)
        let out = folder.appendingPathComponent("out.png")
        let run = try lottieCLI(["render", file.path, "--frame", "0", "--out", out.path] + extra)
        guard run.exitCode == 0 else { return (nil, run) }
        return (try PNGDecoder().decode([UInt8](Data(contentsOf: out)))[2, 2], run)
    }

    func testTheFilesSlotValueIsDrawn() throws {
        let (pixel, run) = try renderedPixel()
        XCTAssertEqual(pixel, RGBAImage.Pixel(red: 0, green: 0, blue: 255, alpha: 255), run.standardError)
        XCTAssertEqual(run.standardError, "")
    }

    func testSlotOptionsGiveOtherValues() throws {
        let (pixel, run) = try renderedPixel("--slot", "col=#00ff00", "--slot", "op=50")
        XCTAssertEqual(pixel, RGBAImage.Pixel(red: 0, green: 255, blue: 0, alpha: 128), run.standardError)
    }

    func testSlotNothingNamesIsAWarningListingTheSlots() throws {
        let (pixel, run) = try renderedPixel("--slot", "colour=#00ff00")
        XCTAssertEqual(pixel, RGBAImage.Pixel(red: 0, green: 0, blue: 255, alpha: 255))
        XCTAssertTrue(run.standardError.contains("names slot 'colour' (its slots: col, op)"), run.standardError)
    }

    func testValuesThatDoNotFitAreErrors() throws {
        let wrongKind = try renderedPixel("--slot", #"col="blue""#).run
        XCTAssertEqual(wrongKind.exitCode, 1)
        XCTAssertTrue(wrongKind.standardError.contains(
            "slot 'col': at layers[0].shapes[1].c.k: expected an array of numbers, found a string"), wrongKind.standardError)
        let unreadable = try renderedPixel("--slot", "col=#12").run
        XCTAssertEqual(unreadable.exitCode, 2)
        XCTAssertTrue(unreadable.standardError.contains("is not a colour"), unreadable.standardError)
    }

    // MARK: Themes

    /// A `.lottie` (version 2) holding the animation as `a/icon.json` and themes `dark` (the
    /// colour green for every animation) and `other` (only for an animation named `other`).
    private func dotLottie() throws -> URL {
        let folder = try temporaryDirectory(for: self)
        let file = folder.appendingPathComponent("icon.lottie")
        try StoredZip.archive([
            ("manifest.json", #"{"version":"2","animations":[{"id":"icon"}],"themes":[{"id":"dark"},{"id":"other"}]}"#),
            ("a/icon.json", json),
            ("t/dark.json", #"{"rules":[{"id":"col","type":"Color","value":[0,1,0]}]}"#),
            ("t/other.json", #"{"rules":[{"id":"col","type":"Color","value":[1,1,1],"animations":["other"]}]}"#),
        ]).write(to: file)
        return file
    }

    private func render(_ file: URL, _ extra: String...) throws -> (pixel: RGBAImage.Pixel?, run: CommandLineRun) {
        let out = file.deletingLastPathComponent().appendingPathComponent("out.png")
        let run = try lottieCLI(["render", file.path, "--frame", "0", "--out", out.path] + extra)
        guard run.exitCode == 0 else { return (nil, run) }
        return (try PNGDecoder().decode([UInt8](Data(contentsOf: out)))[2, 2], run)
    }

    func testThemeOfTheDotLottieIsApplied() throws {
        let file = try dotLottie()
        XCTAssertEqual(try render(file).pixel, RGBAImage.Pixel(red: 0, green: 0, blue: 255, alpha: 255))
        let dark = try render(file, "--theme", "dark")
        XCTAssertEqual(dark.pixel, RGBAImage.Pixel(red: 0, green: 255, blue: 0, alpha: 255), dark.run.standardError)
        // A rule for other animations changes nothing; --slot comes after the theme.
        XCTAssertEqual(try render(file, "--theme", "other").pixel, RGBAImage.Pixel(red: 0, green: 0, blue: 255, alpha: 255))
        XCTAssertEqual(try render(file, "--theme", "dark", "--slot", "col=#ff0000").pixel,
                       RGBAImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255))
    }

    func testUnknownThemeListsTheThemes() throws {
        let run = try render(try dotLottie(), "--theme", "light").run
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertTrue(run.standardError.contains("has no theme 'light' (it has: dark, other)"), run.standardError)
        let folder = try temporaryDirectory(for: self)
        let plain = folder.appendingPathComponent("plain.json")
        try Data(json.utf8).write(to: plain)
        let notDotLottie = try render(plain, "--theme", "dark").run
        XCTAssertEqual(notDotLottie.exitCode, 1)
        XCTAssertTrue(notDotLottie.standardError.contains("is not a .lottie file"), notDotLottie.standardError)
    }

    // MARK: Inspect

    func testInspectListsTheSlots() throws {
        let folder = try temporaryDirectory(for: self)
        let file = folder.appendingPathComponent("slots.json")
        try Data(json.utf8).write(to: file)
        let run = try lottieCLI("inspect", file.path)
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        XCTAssertTrue(run.standardOutput.contains("""
            Slots (2)
              id   named by  value
              col  1 object  in the file
              op   1 object  none (the property's own)
            """), run.standardOutput)
    }
}
