import Foundation
import XCTest
import TestSupport

// MARK: - Edited copies of the samples for the regression commands

/// A temporary folder holding `home.json` (a copy of the sample) and the edited copies the
/// `snapshot`/`check`/`diff` tests compare with it, all made as text edits: the CLI runs in the
/// folder, so reports name the files without a random folder.
struct RegressionFixtures {
    let folder: URL

    init(for test: XCTestCase) throws {
        folder = try temporaryDirectory(for: test)
        try write(Self.home, to: "home.json")
    }

    static var home: String {
        String(decoding: FileManager.default.contents(atPath: Corpus.samples.appendingPathComponent("home.json").path) ?? Data(),
               as: UTF8.self)
    }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    func read(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)), as: UTF8.self)
    }

    /// Runs lottie-cli in the folder.
    func run(_ arguments: String..., file: StaticString = #filePath, line: UInt = #line) throws -> CommandLineRun {
        let executable = try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli"), "lottie-cli is not built", file: file, line: line)
        return try BuiltExecutable.run(executable, arguments, in: folder)
    }

    // MARK: Edits

    /// `text` with the first `target` replaced; fails the test when it is not there.
    static func replacing(_ target: String, with replacement: String, in text: String = home,
                          file: StaticString = #filePath, line: UInt = #line) -> String {
        guard let range = text.range(of: target) else {
            XCTFail("\(target) is not in the text", file: file, line: line)
            return text
        }
        return text.replacingCharacters(in: range, with: replacement)
    }

    /// House Root's position: the first segment eases SMOOTH (0.333, 0, 0.667, 1) instead of INOUT.
    static var changedEasing: String {
        replacing("\"i\": { \"x\": [0.58], \"y\": [1] }", with: "\"i\": { \"x\": [0.667], \"y\": [1] }",
                  in: replacing("\"o\": { \"x\": [0.42], \"y\": [0] }", with: "\"o\": { \"x\": [0.333], \"y\": [0] }"))
    }

    /// The door's pop starts at frame 32 instead of 30.
    static var movedKeyframe: String {
        replacing("\"t\": 30,\n              \"s\": [0, 0, 100]", with: "\"t\": 32,\n              \"s\": [0, 0, 100]")
    }

    /// The group "Roof" is called "Top".
    static var renamedGroup: String { replacing("\"nm\": \"Roof\",", with: "\"nm\": \"Top\",") }

    /// The first layer, Door, cut out of the text.
    static var removedLayer: String {
        let text = home
        guard let start = text.range(of: "    {\n      \"ddd\": 0,\n      \"ind\": 1,"),
              let end = text.range(of: "    {\n      \"ddd\": 0,\n      \"ind\": 2,") else {
            XCTFail("the Door layer is not where expected")
            return text
        }
        return text.replacingCharacters(in: start.lowerBound..<end.lowerBound, with: "")
    }

    /// The same animation with keys in another order: `v`/`fr` at the top, `t`/`s` in a keyframe.
    static var reorderedKeys: String {
        replacing("\"t\": 30,\n              \"s\": [0, 0, 100],", with: "\"s\": [0, 0, 100],\n              \"t\": 30,",
                  in: replacing("\"v\": \"5.7.4\",\n  \"fr\": 60,", with: "\"fr\": 60,\n  \"v\": \"5.7.4\","))
    }
}
