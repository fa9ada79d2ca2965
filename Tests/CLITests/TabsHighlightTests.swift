import Foundation
import XCTest
import TestSupport

/// `lottie-cli tabs --highlight CURVE`: the highlight column of the transcript, the curves, the
/// capsule `--art` draws, and the option's errors. The curves' values are hand-computed in
/// LottiePlayTests' TabHighlightTests and DampedSpringTests.
final class TabsHighlightTests: XCTestCase {
    /// The frame lines of a successful `tabs` run.
    private func lines(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> [TabsLine] {
        let run = try lottieCLI(["tabs"] + arguments, file: file, line: line)
        XCTAssertEqual(run.exitCode, 0, run.standardError, file: file, line: line)
        return TabsLine.lines(of: run.standardOutput)
    }

    func testDefaultIsTheSpring() throws {
        // spring(0.3, 0.7) from Home (0) to Profile (1): 0.757 at 0.1 s, 1.045 at 0.2 s; it settles at frame
        // 19 after the tap (0.633 s), the first within 0.001 tab and 0.001 tab a second.
        let spring = try lines("--script", "tap 2; tick 20f")
        XCTAssertEqual(spring, try lines("--script", "tap 2; tick 20f", "--highlight", "spring:0.3,0.7"))
        XCTAssertEqual(spring, try lines("--script", "tap 2; tick 20f", "--highlight", "spring"))
        XCTAssertEqual(spring.map(\.highlight).prefix(8),
                       ["0.000", "0.174", "0.486", "0.757", "0.932", "1.018", "1.045", "1.042"])
        let settled = spring.filter { $0.events.contains("highlight settled") }
        XCTAssertEqual(settled.map(\.time), ["0.633s"])
        XCTAssertEqual(settled.first?.events, "highlight settled on Profile")
    }

    func testEaseInOutAtFortyFramesASecond() throws {
        // ease-in-out(0.35): halfway at 0.175 s (frame 7 at 40 fps), there at 0.35 s (frame 14).
        let frames = try lines("--fps", "40", "--highlight", "ease-in-out", "--script", "tap 2; tick 15f")
        XCTAssertEqual(frames[7].time, "0.175s")
        XCTAssertEqual(frames[7].highlight, "0.500")
        XCTAssertEqual(frames[13].highlight, "0.990")  // 0.325 s: x = 0.928571 at u = 0.941258, bezierY = 0.990054
        XCTAssertEqual(frames[14].events, "highlight settled on Profile")
        XCTAssertEqual(frames[14].highlight, "1.000")
        // A duration: linear over 0.5 s, 0.1 s (frame 4) in, a fifth of the way.
        XCTAssertEqual(try lines("--fps", "40", "--highlight", "linear:500ms", "--script", "tap 2; tick 4f")[4].highlight,
                       "0.200")
    }

    func testNoneJumpsOnTheFrameOfTheTap() throws {
        let frames = try lines("--highlight", "none", "--script", "tap 2; tick 2f; tap 1; tick 1f")
        XCTAssertEqual(frames.map(\.highlight), ["0.000", "1.000", "1.000", "0.000"])
        XCTAssertFalse(frames.contains { $0.events.contains("highlight") })
    }

    func testTheActionButtonIsPassedNotTaken() throws {
        // Home, +, Profile: Profile is position 2, and tapping + leaves the highlight on Home.
        let frames = try lines("--action", "Samples/user.json", "--highlight", "linear:0.1", "--fps", "20",
                               "--script", "tap 2; tick 1f; tap 3; tick 2f")
        XCTAssertEqual(frames.map(\.highlight), ["0.000", "0.000", "1.000", "2.000"])
        XCTAssertEqual(frames[3].events, "highlight settled on Profile")
    }

    func testArtDrawsACapsuleAtTheHighlight() throws {
        let run = try lottieCLI("tabs", "--art", "--ascii", "--size", "16x16", "--fps", "10", "--script", "tap 2; tick 1s")
        let text = run.standardOutput
        let header = try XCTUnwrap(text.split(separator: "\n").first)
        let pitch = try XCTUnwrap(header.range(of: "tab 2")).lowerBound.utf16Offset(in: header)
            - (try XCTUnwrap(header.range(of: "tab 1")).lowerBound.utf16Offset(in: header))
        // The capsule starts where the pictures do: 10 characters in (the time column and a separator),
        // plus the highlight's position times the columns' pitch (35 characters here).
        XCTAssertEqual(pitch, 35)
        let capsules = text.split(separator: "\n").filter { $0.hasSuffix(")") && $0.contains("(=") }
            .map { $0.prefix { $0 == " " }.count }
        // 0, 0.757061 · 35 = 26.5 (rounded to 26), and 35 on the settled and the last lines.
        XCTAssertEqual(capsules, [10, 10 + 26, 10 + 35, 10 + 35])
        // The pictures come from tabs-art-ascii.txt's icons (TabsCommandTests); 16 pixels, 16 characters.
        XCTAssertTrue(text.hasSuffix("\n" + String(repeating: " ", count: 45) + "(==============)\n"))

        // In half blocks the capsule is drawn with heavy lines, as wide as a 12-pixel picture.
        let halfBlocks = try lottieCLI("tabs", "--art", "--size", "12x12", "--script", "").standardOutput
        XCTAssertTrue(halfBlocks.hasSuffix("\n          ╺━━━━━━━━━━╸\n"), halfBlocks)
    }

    func testBadCurves() throws {
        let forms = "ease-in-out[:DURATION], ease-in[:DURATION], ease-out[:DURATION], linear[:DURATION], "
            + "spring[:RESPONSE,DAMPING] or none"
        let cases: [(String, String)] = [
            ("bounce", "--highlight must be \(forms); got 'bounce'"),
            ("spring:0.3", "--highlight spring takes RESPONSE,DAMPING, such as spring:0.3,0.7; got 'spring:0.3'"),
            ("spring:0,0.7", "--highlight spring:0,0.7: the response must be seconds from 0.001 to 60, such as 0.35, "
                + "0.35s or 350ms"),
            ("spring:0.3,-1", "--highlight spring:0.3,-1: the damping fraction must be a number from 0 to 100"),
            ("ease-in:soon", "--highlight ease-in:soon: the duration must be seconds from 0.001 to 60, such as 0.35, "
                + "0.35s or 350ms"),
            ("linear:inf", "--highlight linear:inf: the duration must be seconds from 0.001 to 60, such as 0.35, "
                + "0.35s or 350ms"),
            ("none:1", "--highlight none takes no parameters, got 'none:1'"),
        ]
        for (value, message) in cases {
            let run = try lottieCLI("tabs", "--highlight", value, "--script", "tap 2")
            XCTAssertEqual(run.exitCode, 2, value)
            XCTAssertEqual(run.standardOutput, "", value)
            XCTAssertEqual(run.standardError, "lottie-cli: error: \(message) (see 'lottie-cli tabs --help')\n", value)
        }
    }
}
