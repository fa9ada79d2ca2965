import Foundation
import XCTest
import TestSupport

/// `lottie-cli play` on the samples: each loop mode, speed, segments, markers, and the errors.
/// Frames are computed by hand: user.json is 30 fps over frames 0...30, home.json 60 fps over
/// 0...60; at `--fps 10` a line is a tenth of a second.
final class PlayCommandTests: XCTestCase {
    private func play(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let executable = try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli"), "lottie-cli is not built")
        let run = try BuiltExecutable.run(executable, ["play"] + arguments)
        XCTAssertEqual(run.exitCode, 0, "lottie-cli play \(arguments): \(run.standardError)", file: file, line: line)
        XCTAssertEqual(run.standardError, "", file: file, line: line)
        return run.standardOutput
    }

    /// The line at `time` ("1.000s").
    private func line(_ lines: [PlayLine], at time: String, file: StaticString = #filePath,
                      line: UInt = #line) throws -> PlayLine {
        try XCTUnwrap(lines.first { $0.time == time }, "no line at \(time)", file: file, line: line)
    }

    func testPlayOnce() throws {
        let text = try play("Samples/user.json", "--fps", "10")
        assertSnapshot(text, named: "play-user-once.txt", in: snapshots)
        let lines = PlayLine.lines(of: text)
        XCTAssertEqual(lines.count, 11)
        XCTAssertEqual(lines.map(\.frame), (0...10).map { String(format: "%.2f", Double($0 * 3)) })
        XCTAssertEqual(lines[0].events, "started frames 0 to 30, play once")
        XCTAssertEqual(lines[5].progress, "50.0%")
        XCTAssertEqual(lines[10].state, "finished")
        XCTAssertEqual(lines[10].events, "finished on frame 30")
        XCTAssertEqual(lines[10].progress, "100.0%")
    }

    func testLoop() throws {
        let text = try play("Samples/user.json", "--fps", "10", "--loop", "loop", "--duration", "1.5s")
        let lines = PlayLine.lines(of: text)
        XCTAssertEqual(lines.count, 16)
        XCTAssertEqual(try line(lines, at: "0.900s").frame, "27.00")
        // Landing exactly on the end wraps to the start.
        XCTAssertEqual(try line(lines, at: "1.000s").frame, "0.00")
        XCTAssertEqual(try line(lines, at: "1.000s").events, "looped (pass 2)")
        XCTAssertEqual(try line(lines, at: "1.500s").frame, "15.00")
        XCTAssertEqual(lines.last?.state, "playing")
        XCTAssertTrue(text.hasSuffix("stopped after 1.5 s (--duration); the play goes on\n"))
    }

    func testEndlessModesStopAfterThreeSecondsByDefault() throws {
        let text = try play("Samples/user.json", "--fps", "10", "--loop", "loop")
        XCTAssertEqual(PlayLine.lines(of: text).last?.time, "3.000s")
        XCTAssertTrue(text.hasSuffix("stopped after 3 s (give --duration to see more); the play goes on\n"))
    }

    func testAutoReverse() throws {
        let lines = PlayLine.lines(of: try play("Samples/user.json", "--fps", "10", "--loop", "autoreverse",
                                                "--duration", "15f"))
        XCTAssertEqual(try line(lines, at: "1.000s").frame, "30.00")
        XCTAssertEqual(try line(lines, at: "1.000s").events, "turned round (pass 2)")
        XCTAssertEqual(try line(lines, at: "1.300s").frame, "21.00")
        XCTAssertEqual(lines.last?.time, "1.500s")
        XCTAssertEqual(lines.last?.frame, "15.00")
    }

    func testRepeatAtDoubleSpeed() throws {
        // home.json at speed 2: 120 frames a second, a pass every half second.
        let lines = PlayLine.lines(of: try play("Samples/home.json", "--fps", "10", "--loop", "repeat:2", "--speed", "2"))
        XCTAssertEqual(try line(lines, at: "0.100s").frame, "12.00")
        XCTAssertEqual(try line(lines, at: "0.500s").frame, "0.00")
        XCTAssertEqual(try line(lines, at: "0.500s").events, "looped (pass 2 of 2)")
        XCTAssertEqual(lines.last?.time, "1.000s")
        XCTAssertEqual(lines.last?.frame, "60.00")
        XCTAssertEqual(lines.last?.events, "finished on frame 60")
    }

    func testRepeatedRoundTrip() throws {
        let lines = PlayLine.lines(of: try play("Samples/user.json", "--fps", "10", "--loop", "autoreverse:1"))
        XCTAssertEqual(lines[0].events, "started frames 0 to 30, repeat auto-reverse 1")
        XCTAssertEqual(try line(lines, at: "1.000s").events, "turned round (pass 2 of 2)")
        XCTAssertEqual(try line(lines, at: "1.500s").frame, "15.00")
        XCTAssertEqual(lines.last?.time, "2.000s")
        XCTAssertEqual(lines.last?.frame, "0.00")
        XCTAssertEqual(lines.last?.events, "finished on frame 0")
    }

    func testNegativeSpeedPlaysBackwards() throws {
        let lines = PlayLine.lines(of: try play("Samples/user.json", "--fps", "10", "--speed", "-1"))
        XCTAssertEqual(lines.first?.frame, "30.00")
        XCTAssertEqual(try line(lines, at: "0.500s").frame, "15.00")
        XCTAssertEqual(lines.last?.time, "1.000s")
        XCTAssertEqual(lines.last?.frame, "0.00")
        XCTAssertEqual(lines.last?.state, "finished")
    }

    func testFramesAndProgressSegments() throws {
        let frames = PlayLine.lines(of: try play("Samples/user.json", "--fps", "10", "--frames", "10:20"))
        XCTAssertEqual(frames.map(\.frame), ["10.00", "13.00", "16.00", "19.00", "20.00"])
        XCTAssertEqual(frames.last?.progress, "66.7%")

        let backwards = PlayLine.lines(of: try play("Samples/user.json", "--fps", "10", "--frames", "20:5"))
        XCTAssertEqual(backwards.map(\.frame), ["20.00", "17.00", "14.00", "11.00", "8.00", "5.00"])

        // Progress 1 is op, the final pose.
        let progress = PlayLine.lines(of: try play("Samples/home.json", "--fps", "10", "--progress", "0.5:1"))
        XCTAssertEqual(progress.first?.events, "started frames 30 to 60, play once")
        XCTAssertEqual(progress.last?.time, "0.500s")
        XCTAssertEqual(progress.last?.frame, "60.00")
        XCTAssertEqual(progress.last?.progress, "100.0%")
    }

    func testMarkers() throws {
        let folder = try temporaryDirectory(for: self)
        let path = try markedUser(in: folder)
        let hop = PlayLine.lines(of: try play(path, "--fps", "10", "--marker", "hop"))
        XCTAssertEqual(hop.map(\.frame), ["0.00", "3.00", "6.00", "9.00", "10.00"])
        XCTAssertEqual(hop.last?.events, "finished on frame 10")

        let tilt = PlayLine.lines(of: try play(path, "--fps", "10", "--marker", "tilt", "--speed", "2"))
        XCTAssertEqual(tilt.map(\.frame), ["10.00", "16.00", "22.00", "26.00"])

        // A marker of duration 0 starts and finishes at once, in one line.
        let rest = PlayLine.lines(of: try play(path, "--marker", "rest", "--loop", "loop"))
        XCTAssertEqual(rest.count, 1)
        XCTAssertEqual(rest[0].events, "started frames 30 to 30, loop; finished on frame 30")
    }

    /// user.json with three markers: hop (0, 10 frames), tilt (10, 16 frames), rest (30, none).
    private func markedUser(in folder: URL) throws -> String {
        let text = try String(contentsOf: Corpus.samples.appendingPathComponent("user.json"), encoding: .utf8)
        let markers = #""markers": [{"cm": "hop", "tm": 0, "dr": 10}, {"cm": "tilt", "tm": 10, "dr": 16}, "#
            + #"{"cm": "rest", "tm": 30, "dr": 0}]"#
        let marked = text.replacingOccurrences(of: #""markers": []"#, with: markers)
        XCTAssertNotEqual(marked, text)
        let url = folder.appendingPathComponent("marked.json")
        try Data(marked.utf8).write(to: url)
        return url.path
    }

    func testArt() throws {
        let text = try play("Samples/user.json", "--fps", "5", "--art", "--ascii", "--size", "12x12")
        // Pictures follow the first line, each line with events, every 10th and the last: here the
        // lines at 0 s and 1 s. "L" marks a transcript line, "p" a line of a picture.
        let kinds = text.split(separator: "\n").dropFirst(2).map { PlayLine(String($0)) == nil ? "p" : "L" }.joined()
        XCTAssertTrue(kinds.hasPrefix("Lp"), kinds)
        XCTAssertTrue(kinds.contains("pLLLLLp"), kinds)
        XCTAssertTrue(kinds.hasSuffix("Lpppp") || kinds.hasSuffix("Lppppp") || kinds.hasSuffix("Lpppppp"), kinds)
        XCTAssertFalse(text.contains("\u{1B}"))
    }

    // MARK: Errors

    private func assertFails(_ arguments: [String], exitCode: Int32, error: String,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let executable = try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli"), "lottie-cli is not built")
        let run = try BuiltExecutable.run(executable, arguments)
        XCTAssertEqual(run.exitCode, exitCode, "exit code of lottie-cli \(arguments)", file: file, line: line)
        XCTAssertEqual(run.standardOutput, "", file: file, line: line)
        XCTAssertEqual(run.standardError, "lottie-cli: error: \(error)\n", file: file, line: line)
    }

    func testErrors() throws {
        try assertFails(["play", "Samples/user.json", "--loop", "forever"], exitCode: 2, error:
            "--loop must be once, loop, autoreverse, repeat:N or autoreverse:N (N from 1), got 'forever' "
            + "(see 'lottie-cli play --help')")
        try assertFails(["play", "Samples/user.json", "--loop", "repeat:0"], exitCode: 2, error:
            "--loop must be once, loop, autoreverse, repeat:N or autoreverse:N (N from 1), got 'repeat:0' "
            + "(see 'lottie-cli play --help')")
        try assertFails(["play", "Samples/user.json", "--fps", "1000"], exitCode: 2, error:
            "--fps must be a whole number from 1 to 240, got 1000 (see 'lottie-cli play --help')")
        try assertFails(["play", "Samples/user.json", "--speed", "0"], exitCode: 2, error:
            "--speed must not be 0: the play would never move (see 'lottie-cli play --help')")
        try assertFails(["play", "Samples/user.json", "--frames", "0:", "--marker", "hop"], exitCode: 2, error:
            "give one of --frames, --progress and --marker, not --frames and --marker (see 'lottie-cli play --help')")
        try assertFails(["play", "Samples/user.json", "--progress", "0:2"], exitCode: 2, error:
            "--progress needs progresses between 0 and 1, got 2 (see 'lottie-cli play --help')")
        try assertFails(["play", "Samples/user.json", "--frames", "10"], exitCode: 2, error:
            "--frames needs A:B with numbers (A or B may be left out), got '10' (see 'lottie-cli play --help')")
        try assertFails(["play", "Samples/user.json", "--duration", "soon"], exitCode: 2, error:
            "--duration must be a duration such as 250ms, 1s, 1.5s or 10f (display frames), got 'soon' "
            + "(see 'lottie-cli play --help')")
        try assertFails(["play", "Samples/missing.json"], exitCode: 1, error: "no such file: 'Samples/missing.json'")
        try assertFails(["play", "Samples/user.json", "--marker", "hop"], exitCode: 1, error:
            "Samples/user.json: no marker named 'hop': the animation has no markers")
    }

    // MARK: Timing

    /// A frame rate of 0 plays at 30 fps with a warning, as render and eval use it: one timing rule.
    func testAFrameRateOfZeroPlaysAtThirtyFramesASecond() throws {
        let run = try lottieCLI("play", "Tests/Hostile/frame-rate-zero.json", "--fps", "10", "--duration", "0.3s")
        XCTAssertEqual(run.exitCode, 0)
        let lines = run.standardOutput.split(separator: "\n")
        XCTAssertTrue(lines[0].hasPrefix("Tests/Hostile/frame-rate-zero.json: 30 fps, frames 0 to 60 (2 s)"), "\(lines[0])")
        XCTAssertTrue(lines.contains { $0.hasPrefix(" 0.100s |    3.00 |") }, run.standardOutput)
        XCTAssertEqual(run.standardError, "\n  warning: fr: frame rate 0 is not a positive number; 30 fps is used\n")
    }
}
