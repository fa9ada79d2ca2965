import Foundation
import XCTest
import LottiePlay
@testable import TestSupport

/// `--fonts DIR`: text whose file has no glyph outlines is drawn with the font files of a folder,
/// and `inspect` stops naming the font as missing.
final class RenderFontsTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryDirectory(for: self)
        // "I" in the test font (PostScript name TestSans-Medium): the square (100, 0)-(600, 500)
        // in 1000 units per em; at size 100 and (0, 100), x 10 to 60 and y 50 to 100.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try Data(TestFonts.trueType).write(to: folder.appendingPathComponent("fonts/test.ttf"))
        let json = """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 200, "h": 200,
         "fonts": {"list": [{"fName": "TestSans-Medium", "fFamily": "Test Family", "fStyle": "Medium", "ascent": 70}]},
         "layers": [{"ty": 5, "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {"p": {"a": 0, "k": [0, 100]}},
                     "t": {"d": {"k": [{"t": 0, "s": {"t": "I", "f": "TestSans-Medium", "s": 100, "j": 0,
                                                     "fc": [0, 0, 1], "tr": 0, "lh": 120}}]}}}]}
        """
        try Data(json.utf8).write(to: folder.appendingPathComponent("text.json"))
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    func testRenderDrawsTextWithTheFontsOfAFolder() throws {
        let run = try lottieCLI("render", path("text.json"), "--frame", "0", "--out", path("out.png"), "--fonts", path("fonts"))
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        XCTAssertFalse(run.standardError.contains("font"), run.standardError)
        let image = try PNGDecoder().decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path("out.png")))))
        XCTAssertEqual(image[35, 75], RGBAImage.Pixel(red: 0, green: 0, blue: 255, alpha: 255))
        XCTAssertEqual(image[35, 45].alpha, 0)
        XCTAssertEqual(image[70, 75].alpha, 0)

        // Without the folder: nothing drawn, and the font named.
        let bare = try lottieCLI("render", path("text.json"), "--frame", "0", "--out", path("bare.png"))
        XCTAssertEqual(bare.exitCode, 0, bare.standardError)
        XCTAssertTrue(bare.standardError.contains("font 'TestSans-Medium' has no glyph outlines in the file and no font file"),
                      bare.standardError)
        let empty = try PNGDecoder().decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path("bare.png")))))
        XCTAssertEqual(empty[35, 75].alpha, 0)
    }

    func testInspectNamesAFontOnlyWhenNoFileHasIt() throws {
        let missing = try lottieCLI("inspect", path("text.json"))
        XCTAssertTrue(missing.standardOutput.contains("font 'TestSans-Medium': the file has no glyph outlines for it and no font file was given"),
                      missing.standardOutput)
        let found = try lottieCLI("inspect", path("text.json"), "--fonts", path("fonts"))
        XCTAssertEqual(found.exitCode, 0, found.standardError)
        XCTAssertFalse(found.standardOutput.contains("TestSans-Medium':"), found.standardOutput)
    }

    func testADotLottieFilesOwnFontsAreUsed() throws {
        let json = try Data(contentsOf: folder.appendingPathComponent("text.json"))
        let archive = StoredZip.archive(bytes: [
            ("manifest.json", Array(#"{"version":"2","animations":[{"id":"text"}]}"#.utf8)),
            ("a/text.json", [UInt8](json)), ("f/test.ttf", TestFonts.trueType),
        ])
        try archive.write(to: folder.appendingPathComponent("text.lottie"))
        let run = try lottieCLI("render", path("text.lottie"), "--frame", "0", "--out", path("lottie.png"))
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        let image = try PNGDecoder().decode([UInt8](Data(contentsOf: URL(fileURLWithPath: path("lottie.png")))))
        XCTAssertEqual(image[35, 75], RGBAImage.Pixel(red: 0, green: 0, blue: 255, alpha: 255))
    }

    func testAFolderThatIsNotThereAndAFontFileThatIsNotAFont() throws {
        let none = try lottieCLI("render", path("text.json"), "--frame", "0", "--out", path("x.png"), "--fonts", path("nothing"))
        XCTAssertEqual(none.exitCode, 1)
        XCTAssertEqual(none.standardError, "lottie-cli: error: --fonts '\(path("nothing"))': no such folder\n")
        try Data("not a font".utf8).write(to: folder.appendingPathComponent("fonts/broken.otf"))
        let broken = try lottieCLI("render", path("text.json"), "--frame", "0", "--out", path("y.png"), "--fonts", path("fonts"))
        XCTAssertEqual(broken.exitCode, 0, broken.standardError)
        XCTAssertTrue(broken.standardError.contains("broken.otf: font:"), broken.standardError)
    }
}
