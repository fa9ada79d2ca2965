import Foundation
import XCTest
import TestSupport

/// `lottie-cli tabs --json`: the transcript as a JSON array, one object per displayed frame (and one
/// per save), with the content of the text transcript, unrounded.
final class TabsJSONTests: XCTestCase {
    /// An element of the array, read by its keys: a frame, or a save (`save`, and `file` for `--state`).
    private typealias Object = [String: Any]

    private func run(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let run = try lottieCLI(["tabs"] + arguments, file: file, line: line)
        XCTAssertEqual(run.exitCode, 0, run.standardError, file: file, line: line)
        XCTAssertEqual(run.standardError, "", file: file, line: line)
        return run.standardOutput
    }

    private func objects(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws -> [Object] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [Object], file: file, line: line)
    }

    private func number(_ object: Object, _ key: String, file: StaticString = #filePath, line: UInt = #line) throws -> Double {
        try XCTUnwrap(object[key] as? Double, "\(key) in \(object)", file: file, line: line)
    }

    private func tabs(_ object: Object, file: StaticString = #filePath, line: UInt = #line) throws -> [Object] {
        try XCTUnwrap(object["tabs"] as? [Object], file: file, line: line)
    }

    func testSpringHighlightAfterATap() throws {
        // The launch is frame 0, at time 0, drawn before the script runs; `tap 2` happens at time 0 and shows
        // on frame 1 (1/30 s); `tick 10f` draws frames 1 to 10. So the frames at 0.1 s and 0.2 s are 0.1 s and
        // 0.2 s after the tap: spring(0.3, 0.7) from tab 1 (position 0) to tab 2 (1) is at
        // 1 − e^(−1.466077)(cos 1.495697 + 0.980196 sin 1.495697) = 0.757061 and
        // 1 − e^(−2.932153)(cos 2.991395 + 0.980196 sin 2.991395) = 1.044867 (DampedSpringTests).
        let frames = try objects(try run(["--script", "tap 2; tick 10f", "--highlight", "spring:0.3,0.7", "--json"]))
        XCTAssertEqual(frames.count, 11)
        for frame in frames {
            XCTAssertEqual(frame.keys.sorted(), ["events", "highlight", "tabs", "time"])
            for tab in try tabs(frame) {
                XCTAssertEqual(tab.keys.sorted(), ["frame", "id", "progress", "selected", "state", "title"])
            }
        }
        XCTAssertEqual(try number(frames[0], "time"), 0)
        XCTAssertEqual(try number(frames[0], "highlight"), 0)
        XCTAssertEqual(frames[0]["events"] as? [String], ["launched with Home selected", "Home icon started"])
        XCTAssertEqual(try number(frames[1], "time"), 1.0 / 30, accuracy: 1e-12)
        XCTAssertEqual((frames[1]["events"] as? [String])?.first, "selected Profile")
        XCTAssertEqual(try tabs(frames[1]).map { $0["selected"] as? Bool }, [false, true])

        let atTenth = try XCTUnwrap(frames.first { abs(((try? number($0, "time")) ?? -1) - 0.1) < 1e-9 })
        XCTAssertEqual(try number(atTenth, "highlight"), 0.757061, accuracy: 1e-6)
        let atFifth = try XCTUnwrap(frames.first { abs(((try? number($0, "time")) ?? -1) - 0.2) < 1e-9 })
        XCTAssertEqual(try number(atFifth, "highlight"), 1.044867, accuracy: 1e-6)
        // Profile (user.json, 30 fps) has played 6 frames since the tap at 0.2 s.
        let profile = try tabs(atFifth)[1]
        XCTAssertEqual(profile["id"] as? String, "profile")
        XCTAssertEqual(try number(profile, "frame"), 6, accuracy: 1e-9)
        XCTAssertEqual(profile["state"] as? String, "playing")
        XCTAssertEqual(atFifth["events"] as? [String], [])
    }

    func testSameContentAsTheTextTranscript() throws {
        // The demo, with the action button and the state file: every frame of the JSON is a line of the text,
        // rounded as the text rounds, and the saves are the text's save lines.
        let folder = try temporaryDirectory(for: self)
        let state = folder.appendingPathComponent("tabs.json").path
        let options = ["--action", "Samples/user.json", "--state", state]
        let text = try run(options + ["--width", "0"])
        try FileManager.default.removeItem(atPath: state)
        let entries = try objects(try run(options + ["--json"]))
        let lines = TabsLine.lines(of: text)
        let frames = entries.filter { $0["tabs"] != nil }
        XCTAssertEqual(frames.count, lines.count)
        XCTAssertEqual(frames.count, 82)
        for (frame, line) in zip(frames, lines) {
            XCTAssertEqual(String(format: "%.3fs", try number(frame, "time")), line.time)
            XCTAssertEqual(String(format: "%.3f", try number(frame, "highlight")), line.highlight, line.time)
            XCTAssertEqual((frame["events"] as? [String])?.joined(separator: "; "), line.events, line.time)
            let cells = try tabs(frame).map { tab in
                TabsLine.Cell(title: tab["title"] as? String ?? "?", isSelected: tab["selected"] as? Bool ?? false,
                              progress: String(format: "%.1f%%", try number(tab, "progress") * 100),
                              frame: String(format: "%.1f", try number(tab, "frame")), state: tab["state"] as? String ?? "?")
            }
            XCTAssertEqual(cells, line.cells, line.time)
        }
        XCTAssertEqual(try tabs(try XCTUnwrap(frames.first)).map { $0["id"] as? String }, ["home", "+", "profile"])

        let saves = entries.filter { $0["save"] != nil }
        XCTAssertEqual(try saves.map { try number($0, "time") }, [2.7, 2.7])
        XCTAssertEqual(saves.map { $0["save"] as? [String: String] }, [["selectedID": "home"], ["selectedID": "home"]])
        XCTAssertEqual(saves.map { $0["file"] as? String }, [nil, state])
        XCTAssertTrue(text.hasSuffix(" 2.700s | save {\"selectedID\":\"home\"}\n"
            + " 2.700s | saved {\"selectedID\":\"home\"} to \(state)\n"))
    }

    func testOneObjectALine() throws {
        let json = try run(["--script", "tap 2; tick 1f; save", "--json"])
        let lines = json.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.first, "[")
        XCTAssertEqual(lines.suffix(2), ["]", ""])
        XCTAssertEqual(lines.count, 2 + 3 + 1)  // brackets, two frames and a save, the final newline
        XCTAssertEqual(lines[3], #"{"save":{"selectedID":"profile"},"time":0.03333333333333333}"#)
    }

    func testJSONHasNoArt() throws {
        let run = try lottieCLI("tabs", "--json", "--art", "--script", "tap 2")
        XCTAssertEqual(run.exitCode, 2)
        XCTAssertEqual(run.standardOutput, "")
        XCTAssertEqual(run.standardError, "lottie-cli: error: --json prints no art; give either --json or --art "
            + "(--ascii, --braille, --size) (see 'lottie-cli tabs --help')\n")
    }
}
