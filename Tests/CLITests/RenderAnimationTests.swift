import Foundation
import XCTest
import LottiePlay
import TestSupport

// MARK: - RenderAnimationTests

/// `render --out X.gif | X.apng`, `--sheet`, and the pixel budget, end to end through the built CLI.
/// Samples/home.json is 60 frames (ip 0, op 60) at 60 fps.
final class RenderAnimationTests: XCTestCase {
    func testGIFHoldsEveryFrameByDefault() throws {
        let out = try temporaryDirectory(for: self).appendingPathComponent("home.gif")
        let run = try lottieCLI("render", "Samples/home.json", "--size", "64x64", "--out", out.path)
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        XCTAssertTrue(run.standardOutput.contains("60 frames at 64x64, 60 fps"), run.standardOutput)

        let bytes = try [UInt8](Data(contentsOf: out))
        XCTAssertEqual(Array(bytes.prefix(6)), Array("GIF89a".utf8))
        let gif = try GIFFile(bytes)
        XCTAssertEqual([gif.width, gif.height], [64, 64])
        XCTAssertEqual(gif.frames.count, 60)
        XCTAssertEqual(gif.loopCount, 0)
        XCTAssertEqual(gif.frames.map(\.delay).reduce(0, +), 100, "60 frames at 60 fps last one second")
    }

    func testAPNGFirstFrameEqualsTheSingleFramePNG() throws {
        let folder = try temporaryDirectory(for: self)
        let animation = folder.appendingPathComponent("home.apng").path
        let still = folder.appendingPathComponent("f0.png").path
        let run = try lottieCLI("render", "Samples/home.json", "--size", "64x64", "--out", animation)
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        XCTAssertEqual(try lottieCLI("render", "Samples/home.json", "--frame", "0", "--size", "64x64", "--out", still).exitCode, 0)

        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: animation)))
        let chunks = try XCTUnwrap(PNGChunkList.chunks(of: bytes))
        XCTAssertEqual(chunks.filter { $0.type == "fcTL" }.count, 60)
        XCTAssertEqual(chunks.first { $0.type == "acTL" }?.uint32(at: 0), 60)
        XCTAssertTrue(chunks.allSatisfy(\.hasValidCRC))
        let first = try PNGDecoder().decode(bytes)
        XCTAssertEqual(first, try PNGDecoder().decode([UInt8](Data(contentsOf: URL(fileURLWithPath: still)))))
    }

    func testSheetPlacesEachFrameInItsCell() throws {
        let folder = try temporaryDirectory(for: self)
        let sheetPath = folder.appendingPathComponent("sheet.png").path
        let stillPath = folder.appendingPathComponent("f42.png").path
        // Frames 0, 6, ..., 54 (10 frames) in 5 columns: 5·64 + 4·4 = 336 by 2·64 + 4 = 132.
        let run = try lottieCLI("render", "Samples/home.json", "--frames", "0:59:6", "--size", "64x64",
                                "--out", sheetPath, "--sheet", "--columns", "5")
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        XCTAssertTrue(run.standardOutput.contains("10 frames at 64x64 in 5 columns, 336x132"), run.standardOutput)
        XCTAssertEqual(try lottieCLI("render", "Samples/home.json", "--frame", "42", "--size", "64x64",
                                     "--out", stillPath).exitCode, 0)

        let sheet = try PNGDecoder().decode([UInt8](Data(contentsOf: URL(fileURLWithPath: sheetPath))))
        let still = try PNGDecoder().decode([UInt8](Data(contentsOf: URL(fileURLWithPath: stillPath))))
        XCTAssertEqual([sheet.width, sheet.height], [336, 132])
        // Frame 42 is the 8th (index 7): column 2, row 1, origin (2·68, 68). Its neighbours (frames
        // 36, 48 and 12) differ from it in 70 to 1218 pixels, so a cell off by one cannot pass.
        XCTAssertEqual(Self.cell(of: sheet, x: 136, y: 68), still)
        XCTAssertNotEqual(Self.cell(of: sheet, x: 68, y: 68), still, "frame 36's cell")
        XCTAssertEqual(sheet[64, 10], RGBAImage.Pixel(red: 128, green: 128, blue: 128), "the gap is grey")
    }

    /// The 64x64 cell of `sheet` whose top-left corner is (`x`, `y`).
    private static func cell(of sheet: RGBAImage, x: Int, y: Int) -> RGBAImage {
        var cell = RGBAImage(width: 64, height: 64)
        for row in 0..<64 { for column in 0..<64 { cell[column, row] = sheet[x + column, y + row] } }
        return cell
    }

    func testOutputsOverThePixelBudgetAreRefused() throws {
        let out = try temporaryDirectory(for: self).appendingPathComponent("big.gif").path
        // 4096 · 4096 (the most maxRenderPixels allows) · 60 frames = 1 006 632 960 pixels > 2^28.
        let run = try lottieCLI("render", "Samples/home.json", "--size", "4096x4096", "--out", out)
        XCTAssertEqual(run.exitCode, 2)
        XCTAssertTrue(run.standardError.contains("1006632960 pixels, more than the limit of 2^28 (268435456)"),
                      run.standardError)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }

    func testSheetNeedsAPNGFileAndColumnsNeedASheet() throws {
        let folder = try temporaryDirectory(for: self)
        let sheetAsGIF = try lottieCLI("render", "Samples/home.json", "--size", "8x8", "--sheet",
                                       "--out", folder.appendingPathComponent("x.gif").path)
        XCTAssertEqual(sheetAsGIF.exitCode, 2)
        XCTAssertTrue(sheetAsGIF.standardError.contains("--sheet writes a .png file"), sheetAsGIF.standardError)
        let columnsAlone = try lottieCLI("render", "Samples/home.json", "--size", "8x8", "--columns", "3",
                                         "--out", folder.appendingPathComponent("x.apng").path)
        XCTAssertEqual(columnsAlone.exitCode, 2)
        XCTAssertTrue(columnsAlone.standardError.contains("--columns only applies with --sheet"))
    }
}
