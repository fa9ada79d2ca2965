import Foundation
import XCTest
import TestSupport

/// `lottie-cli tabs`: scripted sessions on the built-in icons, their transcripts (snapshots and
/// the tab-bar rules read from them), the state file, and the errors.
final class TabsCommandTests: XCTestCase {
    /// Runs `tabs` and returns its output, failing unless it succeeds quietly.
    private func transcript(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try transcript(arguments, file: file, line: line)
    }

    private func transcript(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let executable = try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli"), "lottie-cli is not built")
        let run = try BuiltExecutable.run(executable, ["tabs"] + arguments)
        XCTAssertEqual(run.exitCode, 0, "lottie-cli tabs \(arguments)", file: file, line: line)
        XCTAssertEqual(run.standardError, "", file: file, line: line)
        return run.standardOutput
    }

    /// The tab-bar rules that hold on every line: exactly one tab selected, and every other tab's
    /// icon at rest on progress 0.
    private func assertOneHighlighted(_ lines: [TabsLine], action: String? = nil,
                                      file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(lines.isEmpty, file: file, line: line)
        for frame in lines {
            let tabs = frame.cells.filter { $0.title != action }
            XCTAssertEqual(tabs.filter(\.isSelected).count, 1, "at \(frame.time)", file: file, line: line)
            for cell in tabs where !cell.isSelected {
                XCTAssertEqual(cell.progress, "0.0%", "\(cell.title) at \(frame.time)", file: file, line: line)
                XCTAssertEqual(cell.state, "idle", "\(cell.title) at \(frame.time)", file: file, line: line)
            }
            if let action { XCTAssertEqual(frame.cell(action)?.isSelected, false, file: file, line: line) }
        }
    }

    // MARK: The default demo

    func testDefaultDemoShowsEveryRule() throws {
        // Standard input is not a terminal in tests: the demo script runs, nothing waits for input.
        let text = try transcript()
        assertSnapshot(text, named: "tabs-demo.txt", in: snapshots)
        let lines = TabsLine.lines(of: text)
        assertOneHighlighted(lines)

        // Launch: the first line, at time 0, Home selected and playing.
        let launch = try XCTUnwrap(lines.first)
        XCTAssertEqual(launch.time, "0.000s")
        XCTAssertEqual(launch.cell("Home"), .init(title: "Home", isSelected: true, progress: "0.0%", frame: "0.0", state: "playing"))
        XCTAssertEqual(launch.cell("Profile")?.state, "idle")
        XCTAssertEqual(launch.events, "launched with Home selected; Home icon started")

        // Home plays once: 60 frames in 1 s, then rests on its final pose.
        let finished = try XCTUnwrap(lines.first { $0.events == "Home icon finished" })
        XCTAssertEqual(finished.time, "1.000s")
        XCTAssertEqual(finished.cell("Home"), .init(title: "Home", isSelected: true, progress: "100.0%", frame: "60.0", state: "finished"))

        // tap 2: Profile selected, and Home back at progress 0, in the same line.
        let selected = try XCTUnwrap(lines.first { $0.events.hasPrefix("selected Profile") })
        XCTAssertEqual(selected.time, "1.033s")
        XCTAssertEqual(selected.events, "selected Profile; Home icon reset to 0; Profile icon started")
        XCTAssertEqual(selected.cell("Profile")?.isSelected, true)
        XCTAssertEqual(selected.cell("Profile")?.state, "playing")
        XCTAssertEqual(selected.cell("Home")?.progress, "0.0%")

        // tap 2 again: ignored, Profile plays on.
        let ignored = try XCTUnwrap(lines.first { $0.events == "tap on Profile ignored (already selected)" })
        XCTAssertEqual(ignored.time, "1.533s")
        XCTAssertEqual(ignored.cell("Profile")?.isSelected, true)
        XCTAssertEqual(ignored.cell("Profile")?.frame, "16.0")

        // tap 1 while Profile still plays: cut short and reset at once.
        let back = try XCTUnwrap(lines.first { $0.events.hasPrefix("selected Home") })
        XCTAssertEqual(back.events, "selected Home; Profile icon interrupted; Profile icon reset to 0; Home icon started")
        XCTAssertEqual(back.cell("Profile")?.progress, "0.0%")

        // The end: Home finished again, exactly one tab selected, the state saved.
        let last = try XCTUnwrap(lines.last)
        XCTAssertEqual(last.time, "2.700s")
        XCTAssertEqual(last.cells.filter(\.isSelected).map(\.title), ["Home"])
        XCTAssertTrue(text.hasSuffix(" 2.700s | save {\"selectedID\":\"home\"}\n"))
        // One line per displayed frame, 30 fps: frames 0 to 81.
        XCTAssertEqual(lines.count, 82)
    }

    func testDemoIsWhatTheScriptSays() throws {
        let demo = try transcript()
        let scripted = try transcript("--script", "tick 1s; tap 2; tick 0.5s; tap 2; tick 0.2s; tap 1; tick 1s; save")
        assertEqualLines(scripted, demo)
    }

    // MARK: Rapid taps and the centre button

    func testRapidTapsWithTheCentreButton() throws {
        let text = try transcript("--action", "Samples/user.json", "--width", "0", "--script", """
            tap 3; tick 2f     # Profile
            tap 2; tick 2f     # the action button: fires, plays its icon, the selection stays
            tap 2; tap 1       # again at once (its icon restarts), and Home in the same instant
            tick 2f
            tap 3; tap 3; tap 1; tap 3; tick 3f    # four taps in one instant
            left; tick 1f; right; right; tick 1f; select home; tick 1f
            save
            """)
        assertSnapshot(text, named: "tabs-rapid-taps.txt", in: snapshots)
        let lines = TabsLine.lines(of: text)
        assertOneHighlighted(lines, action: "+")
        XCTAssertEqual(lines.first?.cells.map(\.title), ["Home", "+", "Profile"])

        let fired = lines.filter { $0.events.contains("action + fired") }
        XCTAssertEqual(fired.map(\.time), ["0.100s", "0.167s"])
        XCTAssertEqual(fired[0].cell("Profile")?.isSelected, true)
        XCTAssertEqual(fired[0].cell("+")?.state, "playing")
        XCTAssertTrue(fired[1].events.hasPrefix("action + fired; + icon restarted; selected Home"))

        // Four taps in one instant: one line, and the last tap wins.
        let burst = try XCTUnwrap(lines.first { $0.time == "0.233s" })
        let changes = burst.events.components(separatedBy: "; ").filter { $0.hasPrefix("selected ") }
        XCTAssertEqual(changes, ["selected Profile", "selected Home", "selected Profile"])
        XCTAssertTrue(burst.events.contains("tap on Profile ignored (already selected)"))
        XCTAssertEqual(burst.cells.filter(\.isSelected).map(\.title), ["Profile"])

        XCTAssertTrue(text.contains("right ignored (Profile is the last tab)"))
        XCTAssertEqual(lines.last?.cells.filter(\.isSelected).map(\.title), ["Home"])
        XCTAssertTrue(text.hasSuffix("save {\"selectedID\":\"home\"}\n"))
    }

    // MARK: Art

    func testASCIIArtLooksLikeTheIcons() throws {
        let text = try transcript("--art", "--ascii", "--size", "20x20", "--fps", "10", "--script", "tick 1s; tap 2; tick 1s")
        // Check by eye: a house (roof, walls, then the door and interior) and a person (head, shoulders).
        assertSnapshot(text, named: "tabs-art-ascii.txt", in: snapshots)
        // Pictures follow the launch, the lines with events and the last line.
        XCTAssertEqual(text.components(separatedBy: "[Home]").count - 1, 11 + 2)  // 11 lines, 2 captions
        XCTAssertTrue(text.hasSuffix("[Profile]\n                                             (==================)\n"))
        XCTAssertFalse(text.contains("\u{1B}"), "no colour when standard output is not a terminal")
        XCTAssertFalse(text.contains("▀"))
    }

    func testHalfBlockArtWithoutColourWhenNotATerminal() throws {
        let text = try transcript("--art", "--size", "12x12", "--script", "")
        XCTAssertTrue(text.contains("▀") || text.contains("▄"))
        XCTAssertFalse(text.contains("\u{1B}"))
    }

    // MARK: Options

    func testNoAutoplayAndInitialTab() throws {
        let lines = TabsLine.lines(of: try transcript("--no-autoplay", "--initial", "2", "--script", "tick 2f; tap 1; tick 1f"))
        XCTAssertEqual(lines[0].events, "launched with Profile selected (no autoplay)")
        XCTAssertEqual(lines[0].cell("Profile")?.state, "idle")
        XCTAssertEqual(lines[2].cell("Profile")?.frame, "0.0")
        XCTAssertEqual(lines[3].events, "selected Home; Profile icon reset to 0; Home icon started")
    }

    func testIconFilesAndTitles() throws {
        let lines = TabsLine.lines(of: try transcript("Samples/user.json", "Samples/home.json", "Samples/user.json",
                                                      "--titles", "Me,House,Other", "--fps", "10", "--width", "0",
                                                      "--script", "tap 2; tick 1f"))
        XCTAssertEqual(lines[0].cells.map(\.title), ["Me", "House", "Other"])
        // House is home.json at 60 fps: 6 frames in a tenth of a second.
        XCTAssertEqual(lines[1].cell("House"), .init(title: "House", isSelected: true, progress: "10.0%", frame: "6.0", state: "playing"))
    }

    /// A frame rate of 0 plays at 30 fps, as every command reads it (it stood still before).
    func testAnIconWithAFrameRateOfZeroPlaysAtThirtyFramesASecond() throws {
        let executable = try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli"))
        let run = try BuiltExecutable.run(executable, ["tabs", "Tests/Hostile/frame-rate-zero.json", "Samples/user.json",
                                                       "--fps", "10", "--script", "tick 1f"])
        XCTAssertEqual(run.exitCode, 0)
        let lines = TabsLine.lines(of: run.standardOutput)
        XCTAssertEqual(lines[1].cell("Frame Rate Zero")?.progress, "5.0%", run.standardOutput)
        XCTAssertEqual(run.standardError, "lottie-cli: warning: Tests/Hostile/frame-rate-zero.json: "
            + "fr: frame rate 0 is not a positive number; 30 fps is used\n")
    }

    /// Five tabs fit 100 columns before the events: whole percents, one-letter states, short titles.
    func testFiveTabsFitAHundredColumns() throws {
        let icons = Array(repeating: "Samples/home.json", count: 5)
        let text = try transcript(icons + ["--titles", "Home,Search,Library,Profile,Settings", "--script", "tap 2; tick 2f"])
        let lines = text.split(separator: "\n")
        XCTAssertEqual(lines[0], "   time | tab 1         | tab 2         | tab 3         | tab 4         | tab 5         | highlight | events")
        XCTAssertEqual(lines[3], " 0.067s |  Home    0% i | [Sear]   7% p |  Libr    0% i |  Prof    0% i |  Sett    0% i |     0.486")
        for line in lines {
            let beforeEvents = line.components(separatedBy: " | ").prefix(7).joined(separator: " | ")
            XCTAssertLessThanOrEqual(beforeEvents.count, 100, String(line))
        }
        let wide = try transcript(icons + ["--titles", "Home,Search,Library,Profile,Settings", "--width", "0", "--script", "tick 1f"])
        XCTAssertTrue(wide.contains(" | [Home]       0.0% f  0.0 playing  |  Search      0.0% f  0.0 idle     |"), wide)
    }

    func testFractionalTicksFallBetweenFrames() throws {
        // 250 ms at 30 fps is 7.5 frames: the tap happens between the frames at 0.233 s and 0.267 s.
        let lines = TabsLine.lines(of: try transcript("--script", "tick 250ms; tap 2; tick 2f"))
        XCTAssertEqual(lines.map(\.time).suffix(3), ["0.233s", "0.267s", "0.300s"])
        XCTAssertEqual(lines[8].events, "selected Profile; Home icon interrupted; Home icon reset to 0; Profile icon started")
        // Profile started at 0.25 s: half a frame of its 30 fps later.
        XCTAssertEqual(lines[8].cell("Profile")?.frame, "0.5")
    }

    // MARK: State

    func testStateIsSavedAndRestored() throws {
        let folder = try temporaryDirectory(for: self)
        let state = folder.appendingPathComponent("tabs.json").path

        let first = try transcript("--state", state, "--script", "tap 2; tick 1f")
        XCTAssertTrue(TabsLine.lines(of: first)[0].events.hasPrefix("no saved selection in \(state) yet; launched"))
        XCTAssertTrue(first.hasSuffix(" | saved {\"selectedID\":\"profile\"} to \(state)\n"))
        XCTAssertEqual(try String(contentsOfFile: state, encoding: .utf8), "{\"selectedID\":\"profile\"}\n")

        let second = TabsLine.lines(of: try transcript("--state", state, "--script", "tick 1f"))
        XCTAssertEqual(second[0].events, "restored Profile from \(state); launched with Profile selected; Profile icon started")
        XCTAssertEqual(second[0].cell("Profile")?.isSelected, true)
        XCTAssertEqual(second[0].cell("Profile")?.state, "playing")

        try Data(#"{"selectedID":"settings"}"#.utf8).write(to: URL(fileURLWithPath: state))
        let third = TabsLine.lines(of: try transcript("--state", state, "--script", "tick 1f"))
        XCTAssertEqual(third[0].events, "\(state) names no tab 'settings'; selected Home instead; launched with Home selected; Home icon started")
        XCTAssertEqual(try String(contentsOfFile: state, encoding: .utf8), "{\"selectedID\":\"home\"}\n")
    }

    // MARK: Errors: one line, nothing on standard output

    private func assertFails(_ arguments: [String], exitCode: Int32, error: String,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let executable = try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli"), "lottie-cli is not built")
        let run = try BuiltExecutable.run(executable, arguments)
        XCTAssertEqual(run.exitCode, exitCode, "exit code of lottie-cli \(arguments)", file: file, line: line)
        XCTAssertEqual(run.standardOutput, "", "nothing half-printed", file: file, line: line)
        XCTAssertEqual(run.standardError, "lottie-cli: error: \(error)\n", file: file, line: line)
    }

    func testBadScript() throws {
        try assertFails(["tabs", "--script", "tick 1s; tap 2; tapp 2"], exitCode: 2, error:
            "script command 3 'tapp 2': unknown command; expected tick, tap, select, left, right or save "
            + "(see 'lottie-cli tabs --help')")
        try assertFails(["tabs", "--script", "tick soon"], exitCode: 2, error:
            "script command 1 'tick soon': expected one duration such as 250ms, 1s, 1.5s or 10f (display frames) "
            + "(see 'lottie-cli tabs --help')")
    }

    func testUnknownTabNumber() throws {
        try assertFails(["tabs", "--script", "tick 1s; tap 3"], exitCode: 2, error:
            "script command 2 'tap 3': there is no tab 3; the bar has tabs 1 to 2 (see 'lottie-cli tabs --help')")
        try assertFails(["tabs", "--initial", "5"], exitCode: 2, error:
            "--initial 5: there is no tab 5; the bar has tabs 1 to 2 (see 'lottie-cli tabs --help')")
    }

    func testMissingIconFile() throws {
        try assertFails(["tabs", "Samples/home.json", "Samples/missing.json"], exitCode: 1, error:
            "no such file: 'Samples/missing.json'")
        try assertFails(["tabs", "--action", "plus.json"], exitCode: 1, error: "no such file: 'plus.json'")
    }

    func testInvalidIconFile() throws {
        let folder = try temporaryDirectory(for: self)
        let path = folder.appendingPathComponent("list.json").path
        try Data("[1, 2]".utf8).write(to: URL(fileURLWithPath: path))
        let run = try BuiltExecutable.run(try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli")),
                                          ["tabs", "Samples/home.json", path, "--script", "tap 2"])
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertEqual(run.standardOutput, "")
        XCTAssertTrue(run.standardError.hasPrefix("lottie-cli: error: cannot decode '\(path)': "), run.standardError)
        XCTAssertEqual(run.standardError.filter { $0 == "\n" }.count, 1)
    }

    func testScriptFile() throws {
        let folder = try temporaryDirectory(for: self)
        let path = folder.appendingPathComponent("session.txt").path
        try Data("# a session\ntap 2\ntick 1f\n".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try transcript("--script-file", path), try transcript("--script", "tap 2; tick 1f"))
        try assertFails(["tabs", "--script-file", path, "--script", "tap 1"], exitCode: 2, error:
            "give either --script or --script-file, not both (see 'lottie-cli tabs --help')")
        try assertFails(["tabs", "--script-file", folder.appendingPathComponent("none.txt").path], exitCode: 1, error:
            "cannot read the script file '\(folder.appendingPathComponent("none.txt").path)'")
    }

    func testBadOptions() throws {
        try assertFails(["tabs", "--fps", "0"], exitCode: 2, error:
            "--fps must be a whole number from 1 to 240, got 0 (see 'lottie-cli tabs --help')")
        try assertFails(["tabs", "--fps", "29.97"], exitCode: 2, error:
            "--fps must be a whole number from 1 to 240, got 29.97 (see 'lottie-cli tabs --help')")
        try assertFails(["tabs", "--titles", "Home"], exitCode: 2, error:
            "--titles gives 1 title for 2 icons (see 'lottie-cli tabs --help')")
        try assertFails(["tabs", "--size", "24"], exitCode: 2, error:
            "--size must be WIDTHxHEIGHT in pixels from 4 to 160, such as 24x24; got '24' (see 'lottie-cli tabs --help')")
        try assertFails(["tabs", "--script", "tick 2h"], exitCode: 2, error:
            "script command 1 'tick 2h': expected one duration such as 250ms, 1s, 1.5s or 10f (display frames) "
            + "(see 'lottie-cli tabs --help')")
        try assertFails(["tabs", "--script", "tick 4000s"], exitCode: 2, error:
            "the script lasts 4000 s, 120,000 frames at 30 fps; at most 100,000 frames (see 'lottie-cli tabs --help')")
    }

    func testBadStateFile() throws {
        let folder = try temporaryDirectory(for: self)
        let state = folder.appendingPathComponent("state.json")
        try Data("not json".utf8).write(to: state)
        try assertFails(["tabs", "--state", state.path, "--script", "tap 2"], exitCode: 1, error:
            "the state file '\(state.path)' is not a saved selection such as {\"selectedID\":\"home\"}")
    }
}
