import Foundation
import XCTest
import LottiePlay
import TestSupport

/// `--images DIR`: image assets' files looked up in a folder of the user's choosing (as
/// lottie-android's `imageAssetsFolder`) instead of beside the animation.
final class RenderImagesTests: XCTestCase {
    func testImagesAreReadFromTheImagesFolder() throws {
        let folder = try temporaryDirectory(for: self)
        let pictures = folder.appendingPathComponent("pictures")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        // A 4 x 4 green image drawn at (0, 0) on an 8 x 8 canvas.
        let green = RGBAImage(width: 4, height: 4, filledWith: RGBAImage.Pixel(red: 0, green: 255, blue: 0, alpha: 255))
        try Data(try PNGEncoder().encode(green)).write(to: pictures.appendingPathComponent("img_0.png"))
        let json = """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 8, "h": 8,
         "assets": [{"id": "image_0", "w": 4, "h": 4, "u": "images/", "p": "img_0.png", "e": 0}],
         "layers": [{"ty": 2, "ind": 1, "refId": "image_0", "ip": 0, "op": 30, "st": 0, "ks": {}}]}
        """
        try Data(json.utf8).write(to: folder.appendingPathComponent("picture.json"))
        let out = folder.appendingPathComponent("out.png").path

        // Beside the file, in images/, there is nothing: not drawn, and said.
        let beside = try lottieCLI("render", folder.appendingPathComponent("picture.json").path, "--frame", "0", "--out", out)
        XCTAssertEqual(beside.exitCode, 0, beside.standardError)
        XCTAssertTrue(beside.standardError.contains("no image file at"), beside.standardError)

        let run = try lottieCLI("render", folder.appendingPathComponent("picture.json").path, "--frame", "0", "--out", out,
                                "--images", pictures.path)
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        XCTAssertEqual(run.standardError, "")
        let image = try PNGDecoder().decode([UInt8](Data(contentsOf: URL(fileURLWithPath: out))))
        XCTAssertEqual(image[1, 1], RGBAImage.Pixel(red: 0, green: 255, blue: 0, alpha: 255))
        XCTAssertEqual(image[6, 6].alpha, 0)

        let missing = try lottieCLI("render", folder.appendingPathComponent("picture.json").path, "--frame", "0",
                                    "--out", out, "--images", folder.appendingPathComponent("none").path)
        XCTAssertEqual(missing.exitCode, 1)
        XCTAssertTrue(missing.standardError.contains("--images '"), missing.standardError)
    }
}
