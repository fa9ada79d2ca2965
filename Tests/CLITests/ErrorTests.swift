import Foundation
import XCTest
import TestSupport

/// Bad input and wrong usage: one line on standard error, nothing on standard output, exit code
/// 1 for a file that cannot be used and 2 for a wrong command line.
final class ErrorTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryDirectory(for: self)
    }

    /// Writes `text` to a file of the test's folder and returns its path.
    private func write(_ text: String, to name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    private func assertFails(
        _ arguments: [String], exitCode: Int32, error: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let executable = try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli"), "lottie-cli is not built")
        let run = try BuiltExecutable.run(executable, arguments)
        XCTAssertEqual(run.exitCode, exitCode, "exit code of lottie-cli \(arguments)", file: file, line: line)
        XCTAssertEqual(run.standardOutput, "", "nothing on standard output", file: file, line: line)
        XCTAssertEqual(run.standardError, "lottie-cli: error: \(error)\n", file: file, line: line)
    }

    // MARK: Files that cannot be used (exit 1)

    func testMissingFile() throws {
        let path = folder.appendingPathComponent("missing.json").path
        try assertFails(["inspect", path], exitCode: 1, error: "no such file: '\(path)'")
    }

    func testDirectory() throws {
        // A command that takes one file refuses a folder; one that takes folders says it holds no animation.
        try assertFails(["eval", folder.path, "--frame", "0"], exitCode: 1, error: "'\(folder.path)' is a directory, not a Lottie file")
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try assertFails(["inspect", folder.path], exitCode: 1,
                        error: "no Lottie file in '\(folder.path)' (1 other file skipped)")
    }

    func testInvalidJSONGivesLineAndColumn() throws {
        let path = try write("{\"v\": \"5.7.4\", \"fr\": 30,\n  \"ip\": 0 \"op\": 30}", to: "invalid.json")
        try assertFails(["inspect", path], exitCode: 1, error:
            "cannot decode '\(path)': line 2, column 11: invalid JSON: expected ',' or '}' after an object member, found '\"'")
    }

    func testEmptyFile() throws {
        let path = try write("", to: "empty.json")
        try assertFails(["inspect", path], exitCode: 1, error:
            "cannot decode '\(path)': line 1, column 1: invalid JSON: the file is empty")
    }

    func testObjectWithoutLayersIsNotLottie() throws {
        let path = try write(#"{"a":1}"#, to: "object.json")
        try assertFails(["inspect", path], exitCode: 1, error:
            "cannot decode '\(path)': not a Lottie animation: the top-level object has no 'layers'")
    }

    func testArrayIsNotLottie() throws {
        let path = try write("[1,2]", to: "array.json")
        try assertFails(["inspect", path], exitCode: 1, error:
            "cannot decode '\(path)': not a Lottie animation: the top level is an array, expected an object with 'layers'")
    }

    func testWrongTypeDeepInsideNamesTheJSONPath() throws {
        let path = try write("""
            {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 10, "h": 10,
             "layers": [{"ty": 4, "ind": 1, "ip": 0, "op": 30, "ks": {},
              "shapes": [{"ty": "gr", "it": [{"ty": "fl", "c": {"a": 0, "k": "red"}}]}]}]}
            """, to: "wrong-type.json")
        try assertFails(["inspect", path], exitCode: 1, error:
            "cannot decode '\(path)': layers[0].shapes[0].it[0].c.k (line 3, column 66): expected an array of numbers, found a string")
    }

    // MARK: Wrong usage (exit 2)

    func testUnknownOption() throws {
        try assertFails(["inspect", "Samples/home.json", "--jsn"], exitCode: 2, error:
            "unknown option '--jsn'; did you mean '--json'? (see 'lottie-cli inspect --help')")
        try assertFails(["inspect", "-x", "Samples/home.json"], exitCode: 2, error:
            "unknown option '-x' (see 'lottie-cli inspect --help')")
    }

    func testFlagWithAValue() throws {
        try assertFails(["inspect", "Samples/home.json", "--json=yes"], exitCode: 2, error:
            "option '--json' takes no value (see 'lottie-cli inspect --help')")
    }

    func testMissingArgument() throws {
        try assertFails(["inspect"], exitCode: 2, error: "missing argument FILE (see 'lottie-cli inspect --help')")
        try assertFails(["inspect", "--json"], exitCode: 2, error: "missing argument FILE (see 'lottie-cli inspect --help')")
    }

    func testExtraArgument() throws {
        try assertFails(["eval", "Samples/home.json", "Samples/user.json", "--frame", "0"], exitCode: 2, error:
            "unexpected argument 'Samples/user.json' (see 'lottie-cli eval --help')")
    }

    func testUnknownCommand() throws {
        try assertFails(["frobnicate"], exitCode: 2, error: "unknown command 'frobnicate' (see 'lottie-cli --help')")
        try assertFails(["inpsect", "Samples/home.json"], exitCode: 2, error:
            "unknown command 'inpsect'; did you mean 'inspect'? (see 'lottie-cli --help')")
        try assertFails(["--verison"], exitCode: 2, error: "unknown option '--verison'; did you mean '--version'? (see 'lottie-cli --help')")
        try assertFails(["help", "frobnicate"], exitCode: 2, error: "unknown command 'frobnicate' (see 'lottie-cli --help')")
    }

    func testMissingCommand() throws {
        try assertFails([], exitCode: 2, error: "missing command (see 'lottie-cli --help')")
    }

    func testUsageErrorsComeBeforeReadingTheFile() throws {
        try assertFails(["inspect", "missing.json", "--bogus"], exitCode: 2, error:
            "unknown option '--bogus' (see 'lottie-cli inspect --help')")
    }
}
