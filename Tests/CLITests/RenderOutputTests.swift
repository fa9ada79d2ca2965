import Foundation
import XCTest
import TestSupport
@testable import lottie_cli

/// `render --out PATH`: which output a path names (files by extension, folders, standard
/// output), the names of frame files, and the options that only some outputs take.
final class RenderOutputTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryDirectory(for: self)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private func exists(_ name: String, directory: Bool) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path(name), isDirectory: &isDirectory) && isDirectory.boolValue == directory
    }

    // MARK: Which output

    func testAnUnknownExtensionIsAUsageErrorThatListsTheFormats() throws {
        for name in ["x.jpg", "x.webp", "x.mp4"] {
            let run = try lottieCLI("render", "Samples/home.json", "--frame", "0", "--out", path(name))
            XCTAssertEqual(run.exitCode, 2, name)
            let ext = (name as NSString).pathExtension
            XCTAssertEqual(run.standardError, "lottie-cli: error: --out '\(path(name))': render cannot write .\(ext) files; "
                + "it writes .png, .svg, .gif, .apng, a folder (ending in /), or - (standard output) "
                + "(see 'lottie-cli render --help')\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: path(name)), "nothing is created for \(name)")
        }
    }

    func testOneFrameWithoutAnExtensionIsAUsageError() throws {
        let run = try lottieCLI("render", "Samples/home.json", "--frame", "0", "--out", path("picture"))
        XCTAssertEqual(run.exitCode, 2)
        XCTAssertTrue(run.standardError.contains("has no extension: give a .png or .svg file for one frame, or a folder ending in /"),
                      run.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("picture")))
    }

    func testFoldersByTrailingSlashExistingDirectoryOrSeveralFrames() throws {
        let slash = try lottieCLI("render", "Samples/user.json", "--frame", "3", "--size", "8x8", "--out", path("one") + "/")
        XCTAssertEqual(slash.exitCode, 0, slash.standardError)
        XCTAssertTrue(exists("one/f003.png", directory: false))

        try FileManager.default.createDirectory(atPath: path("existing"), withIntermediateDirectories: true)
        let existing = try lottieCLI("render", "Samples/user.json", "--frame", "3", "--size", "8x8", "--out", path("existing"))
        XCTAssertEqual(existing.exitCode, 0, existing.standardError)
        XCTAssertTrue(exists("existing/f003.png", directory: false))

        let several = try lottieCLI("render", "Samples/user.json", "--frames", "0:20:10", "--size", "8x8", "--out", path("many"))
        XCTAssertEqual(several.exitCode, 0, several.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path("many")).sorted(),
                       ["f000.png", "f010.png", "f020.png"])
    }

    func testFrameFilesAreZeroPaddedSoThatTheySort() throws {
        let run = try lottieCLI("render", "Samples/user.json", "--all", "--size", "8x8", "--out", path("all/"))
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        let names = try FileManager.default.contentsOfDirectory(atPath: path("all")).sorted()
        XCTAssertEqual(names, (0..<30).map { String(format: "f%03d.png", $0) })
        XCTAssertEqual(run.standardOutput, "wrote 30 frames to '\(path("all/"))' (8x8)\n")
    }

    func testFrameFileNames() {
        XCTAssertEqual(RenderCommand.frameFileName(7, digits: 3), "f007.png")
        XCTAssertEqual(RenderCommand.frameFileName(12.5, digits: 3), "f012.5.png")
        XCTAssertEqual(RenderCommand.frameFileName(-3, digits: 3), "f-003.png")
        XCTAssertEqual(RenderCommand.frameFileName(1234, digits: 4), "f1234.png")
        XCTAssertEqual(RenderCommand.frameDigits([0, 10, 99]), 3)
        XCTAssertEqual(RenderCommand.frameDigits([0, 1000, 12345.5]), 5)
    }

    // MARK: Standard output

    func testStandardOutputIsAPNGWhenNotATerminal() throws {
        let run = try lottieCLI("render", "Samples/home.json", "--frame", "30", "--size", "16x16", "--out", "-")
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        let file = try lottieCLI("render", "Samples/home.json", "--frame", "30", "--size", "16x16", "--out", path("home.png"))
        XCTAssertEqual(file.exitCode, 0, file.standardError)
        XCTAssertEqual(run.standardOutputBytes, try Data(contentsOf: URL(fileURLWithPath: path("home.png"))))

        let several = try lottieCLI("render", "Samples/home.json", "--frames", "0:10", "--out", "-")
        XCTAssertEqual(several.exitCode, 2)
        XCTAssertTrue(several.standardError.contains("standard output takes one frame as a PNG"), several.standardError)
        let blocks = try lottieCLI("render", "Samples/home.json", "--frame", "30", "--size", "8x8", "--out", "-", "--blocks")
        XCTAssertTrue(blocks.standardOutput.contains("█"), "--blocks asks for terminal art even when piped")
    }

    // MARK: Options that do nothing here

    func testOptionsWithoutEffectAreUsageErrors() throws {
        let cases: [([String], String)] = [
            (["--frame", "0", "--out", path("a.png"), "--ascii"], "--ascii draws terminal art, which only --out - writes"),
            (["--frame", "0", "--out", path("a.png"), "--columns", "3"], "--columns only applies with --sheet"),
            (["--frame", "0", "--out", path("a.png"), "--fps", "30"], "--fps resamples an animation or a contact sheet"),
            (["--frame", "0", "--out", path("a.png"), "--bench"], "--bench writes nothing; leave out --out"),
            (["--frame", "0", "--out", path("a.svg"), "--sheet"], "--sheet writes a .png file"),
        ]
        for (options, message) in cases {
            let run = try lottieCLI(["render", "Samples/home.json"] + options)
            XCTAssertEqual(run.exitCode, 2, "\(options)")
            XCTAssertTrue(run.standardError.contains(message), "\(options): \(run.standardError)")
        }
    }

    func testFramesOutsideTheAnimationAreWarned() throws {
        for frame in ["100", "-5", "1e308"] {
            let run = try lottieCLI("render", "Samples/user.json", "--frame", frame, "--size", "8x8", "--out", path("f.png"))
            XCTAssertEqual(run.exitCode, 0, run.standardError)
            XCTAssertTrue(run.standardError.contains("lottie-cli: warning: frame \(frame == "1e308" ? "1e+308" : frame) "
                + "is outside the animation, frames 0 to 30"), run.standardError)
        }
        let inside = try lottieCLI("render", "Samples/user.json", "--frame", "30", "--size", "8x8", "--out", path("f.png"))
        XCTAssertEqual(inside.standardError, "", "op itself is the final pose")
    }

    // MARK: GIF frame rates

    func testAFastGIFIsWarnedAndFPSResamples() throws {
        // home.json plays at 60 fps: GIF delays of 1.67 hundredths, which browsers slow down.
        let fast = try lottieCLI("render", "Samples/home.json", "--size", "16x16", "--out", path("fast.gif"))
        XCTAssertEqual(fast.exitCode, 0, fast.standardError)
        XCTAssertTrue(fast.standardError.contains("warning: at 60 fps a GIF's delays are under 2 hundredths of a second"),
                      fast.standardError)
        XCTAssertTrue(fast.standardOutput.contains("(60 frames at 16x16, 60 fps,"), fast.standardOutput)

        let resampled = try lottieCLI("render", "Samples/home.json", "--size", "16x16", "--out", path("slow.gif"), "--fps", "30")
        XCTAssertEqual(resampled.exitCode, 0, resampled.standardError)
        XCTAssertEqual(resampled.standardError, "")
        XCTAssertTrue(resampled.standardOutput.contains("(30 frames at 16x16, 30 fps,"), resampled.standardOutput)
    }
}
