import Foundation
import XCTest
import LottiePlay
import TestSupport

/// `--set KEYPATH=VALUE` on the commands that draw, and `inspect --keypaths`.
final class RenderOverridesTests: XCTestCase {
    /// Layer "Home": a 4 x 4 square at (0, 0)-(4, 4) filled red by "Fill 1"; layer "Badge": a
    /// 2 x 2 square at (6, 6)-(8, 8) filled blue by "Fill 1"; on an 8 x 8 canvas.
    private let json = """
    {"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 8, "h": 8, "layers": [
      {"ty": 4, "nm": "Home", "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {"p": {"a": 0, "k": [0, 0]}}, "shapes": [
        {"ty": "rc", "p": {"a": 0, "k": [2, 2]}, "s": {"a": 0, "k": [4, 4]}, "r": {"a": 0, "k": 0}},
        {"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [1, 0, 0]}, "o": {"a": 0, "k": 100}}]},
      {"ty": 4, "nm": "Badge", "ind": 2, "ip": 0, "op": 10, "st": 0, "ks": {}, "shapes": [
        {"ty": "rc", "p": {"a": 0, "k": [7, 7]}, "s": {"a": 0, "k": [2, 2]}, "r": {"a": 0, "k": 0}},
        {"ty": "fl", "nm": "Fill 1", "c": {"a": 0, "k": [0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}
    """

    private func file() throws -> URL {
        let file = try temporaryDirectory(for: self).appendingPathComponent("home.json")
        try Data(json.utf8).write(to: file)
        return file
    }

    private func render(_ extra: String...) throws -> (image: RGBAImage?, run: CommandLineRun) {
        let file = try file()
        let out = file.deletingLastPathComponent().appendingPathComponent("out.png")
        let run = try lottieCLI(["render", file.path, "--frame", "0", "--out", out.path] + extra)
        guard run.exitCode == 0 else { return (nil, run) }
        return (try PNGDecoder().decode([UInt8](Data(contentsOf: out))), run)
    }

    private let green = RGBAImage.Pixel(red: 0, green: 255, blue: 0, alpha: 255)

    func testEveryFillNamedFill1IsPaintedGreen() throws {
        let (image, run) = try render("--set", "**.Fill 1.Color=#00ff00")
        XCTAssertEqual(run.standardError, "")
        XCTAssertEqual(image?[1, 1], green)
        XCTAssertEqual(image?[7, 7], green)
    }

    func testLayerPositionMovesTheLayer() throws {
        // Home moves to (2, 2)-(6, 6); the badge, below it at (6, 6)-(8, 8), turns green.
        let (image, run) = try render("--set", "Home.Transform.Position=2,2", "--set", "Badge.Fill 1.Color=#00ff00ff")
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        XCTAssertEqual(image?[1, 1].alpha, 0)
        XCTAssertEqual(image?[5, 5], RGBAImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        XCTAssertEqual(image?[7, 7], green)
    }

    func testKeypathThatMatchesNothingIsAWarningNamingTheNearest() throws {
        let (image, run) = try render("--set", "Home.Fill1.Color=#00ff00")
        XCTAssertEqual(image?[1, 1], RGBAImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255))
        XCTAssertTrue(run.standardError.contains("--set Home.Fill1.Color: matches no property of")
                      && run.standardError.contains("the nearest is 'Home.Fill 1.Color'"), run.standardError)
    }

    func testValueOfTheWrongKindIsAnErrorNamingTheKeypath() throws {
        let run = try render("--set", #"Home.Fill 1.Color="red""#).run
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertTrue(run.standardError.contains("--set Home.Fill 1.Color: expected an array of numbers, found a string"),
                      run.standardError)
    }

    func testInspectListsTheKeypaths() throws {
        let run = try lottieCLI("inspect", try file().path, "--keypaths")
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        XCTAssertEqual(run.standardOutput, """
            keypath                    kind      JSON path
            Home.Transform.Position    position  layers[0].ks.p
            Home.Rectangle.Position    position  layers[0].shapes[0].p
            Home.Rectangle.Size        vector    layers[0].shapes[0].s
            Home.Rectangle.Roundness   scalar    layers[0].shapes[0].r
            Home.Fill 1.Color          color     layers[0].shapes[1].c
            Home.Fill 1.Opacity        scalar    layers[0].shapes[1].o
            Badge.Rectangle.Position   position  layers[1].shapes[0].p
            Badge.Rectangle.Size       vector    layers[1].shapes[0].s
            Badge.Rectangle.Roundness  scalar    layers[1].shapes[0].r
            Badge.Fill 1.Color         color     layers[1].shapes[1].c
            Badge.Fill 1.Opacity       scalar    layers[1].shapes[1].o

            """)
    }
}
