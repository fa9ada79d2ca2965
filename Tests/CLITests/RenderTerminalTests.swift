import XCTest
import TestSupport

/// `lottie-cli render FILE ... --out -`: frames as terminal art on standard output.
final class RenderTerminalTests: XCTestCase {
    // MARK: One frame

    func testASCIIArtOfTheFinalHouse() throws {
        let run = try lottieCLI("render", "Samples/home.json", "--progress", "1", "--size", "32x32", "--out", "-", "--ascii")
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        // Check by eye: a house, its roof a triangle over square walls, the door denser in the middle
        // at the bottom (the accent door over the light interior).
        assertSnapshot(run.standardOutput, named: "render-home-ascii.txt", in: snapshots)
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, 16, "32 pixel rows, two a line")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 32 && !$0.hasSuffix(" ") })
        XCTAssertFalse(run.standardOutput.contains("wrote"), "standard output holds only the art")
        XCTAssertFalse(run.standardOutput.contains("\u{1B}"))
    }

    func testBrailleArtOfTheFinalPerson() throws {
        let run = try lottieCLI("render", "Samples/user.json", "--progress", "1", "--size", "32x32", "--out", "-", "--braille")
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        // Check by eye: a round head over wide shoulders.
        assertSnapshot(run.standardOutput, named: "render-user-braille.txt", in: snapshots)
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, 8, "32 pixel rows, four a line")
        XCTAssertTrue(lines.allSatisfy { $0.count <= 16 })
        XCTAssertTrue(run.standardOutput.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
        XCTAssertFalse(run.standardOutput.contains("\u{1B}"), "no colour when standard output is not a terminal")
    }

    func testColorHalfBlocksOnRequest() throws {
        let run = try lottieCLI("render", "Samples/user.json", "--progress", "1", "--size", "8x8", "--out", "-", "--color")
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        // The final person is accent blue [0, 0.48, 1].
        XCTAssertTrue(run.standardOutput.contains("\u{1B}[38;2;0;122;255m"), run.standardOutput)
        XCTAssertTrue(run.standardOutput.contains("\u{1B}[0m"))
    }

    func testDefaultSizeIs64ColumnsWhenNotATerminal() throws {
        let run = try lottieCLI("render", "Samples/home.json", "--progress", "1", "--out", "-", "--blocks")
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        let lines = run.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, 32, "a square canvas in 64 x 64 pixels of half blocks")
        // The widest row, the eaves, is centred: 11 columns blank on either side.
        XCTAssertEqual(lines.map(\.count).max(), 64 - 11)
        XCTAssertEqual(lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min(), 11)
    }

    // MARK: Several frames

    func testSeveralFramesUnderHeadersSeparatedByBlankLines() throws {
        let run = try lottieCLI("render", "Samples/user.json", "--frames", "0:20:10", "--size", "8x8", "--out", "-", "--ascii")
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        let lines = run.standardOutput.components(separatedBy: "\n")
        XCTAssertEqual(lines.filter { $0.hasPrefix("frame ") }, ["frame 0", "frame 10", "frame 20"])
        // Each frame: its header and 4 lines of art; a blank line between frames.
        XCTAssertEqual(lines[0], "frame 0")
        XCTAssertEqual(lines[5], "")
        XCTAssertEqual(lines[6], "frame 10")
        XCTAssertEqual(lines[12], "frame 20")
        XCTAssertEqual(lines.count, 3 * 5 + 2 + 1, "3 frames, 2 separators, and the final newline")
    }

    // MARK: Errors

    func testWrongOptionsAreUsageErrors() throws {
        let both = try lottieCLI("render", "Samples/user.json", "--frame", "0", "--out", "-", "--ascii", "--braille")
        XCTAssertEqual(both.exitCode, 2)
        XCTAssertEqual(both.standardOutput, "")
        XCTAssertTrue(both.standardError.contains("give one of --ascii and --braille, not both"), both.standardError)

        let huge = try lottieCLI("render", "Samples/user.json", "--frame", "0", "--out", "-", "--blocks", "--size", "2000x10")
        XCTAssertEqual(huge.exitCode, 2)
        XCTAssertTrue(huge.standardError.contains("with --out -, --size is at most 1024x1024 pixels, got 2000x10"),
                      huge.standardError)

        let colors = try lottieCLI("render", "Samples/user.json", "--frame", "0", "--out", "-", "--color", "--no-color")
        XCTAssertEqual(colors.exitCode, 2)
        XCTAssertTrue(colors.standardError.contains("give one of --color and --no-color, not both"), colors.standardError)
    }
}
