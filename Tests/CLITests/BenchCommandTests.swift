import Foundation
import LottieModel
import TestSupport
import XCTest

/// `lottie-cli bench` end to end: it reads containers by content, as every command does, and its
/// errors name the file. (Its times are not asserted: they are measurements, not behaviour.)
final class BenchCommandTests: XCTestCase {
    /// A `.lottie` and a `.tgs` are measured on the animation's JSON: the same size and frames as
    /// the plain file's row, under their own names.
    func testDotLottieAndStickerAreMeasuredByContent() throws {
        let folder = try temporaryDirectory(for: self)
        let home = try String(contentsOf: Corpus.samples.appendingPathComponent("home.json"), encoding: .utf8)
        try Data(home.utf8).write(to: folder.appendingPathComponent("home.json"))
        let manifest = #"{"version":"1","animations":[{"id":"home"}]}"#
        try StoredZip.archive([("manifest.json", manifest), ("animations/home.json", home)])
            .write(to: folder.appendingPathComponent("home.lottie"))
        try Data(GZip.compress(Array(home.utf8), level: .best)).write(to: folder.appendingPathComponent("home.tgs"))
        let executable = try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli"))

        let run = try BuiltExecutable.run(
            executable, ["bench", "home.json", "home.lottie", "home.tgs", "--no-render", "--repeat", "1", "--json"],
            in: folder)
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["file"] as? String }, ["home.json", "home.lottie", "home.tgs"])
        // home.json: 10 532 bytes of JSON, frames 0 to 59.
        XCTAssertEqual(rows.map { $0["bytes"] as? Int }, [10532, 10532, 10532])
        XCTAssertEqual(rows.map { $0["frames"] as? Int }, [60, 60, 60])
    }

    /// A file that is not an animation stops the run with an error that names it (exit 1).
    func testAnErrorNamesTheFile() throws {
        let folder = try temporaryDirectory(for: self)
        try Data("hello\n".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let executable = try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli"))

        let run = try BuiltExecutable.run(executable, ["bench", "notes.txt", "--no-render", "--repeat", "1"], in: folder)
        XCTAssertEqual(run.exitCode, 1)
        // The last line: a debug build warns first that its times say little.
        XCTAssertEqual(run.standardError.split(separator: "\n").last,
                       "lottie-cli: error: cannot decode 'notes.txt': line 1, column 1: invalid JSON: "
                           + "expected a value, found 'hello' (strings must be in double quotes)")
    }

    /// `--premultiplied` renders into premultiplied pixels and says so in the row; it is about
    /// rendering, so it cannot go with `--no-render`.
    func testPremultipliedRenderingIsNamedInTheRow() throws {
        let folder = try temporaryDirectory(for: self)
        let home = try String(contentsOf: Corpus.samples.appendingPathComponent("home.json"), encoding: .utf8)
        try Data(home.utf8).write(to: folder.appendingPathComponent("home.json"))
        let executable = try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli"))

        for (flags, alpha) in [([String](), "straight"), (["--premultiplied"], "premultiplied")] {
            let run = try BuiltExecutable.run(
                executable, ["bench", "home.json", "--size", "8x8", "--repeat", "1", "--json"] + flags, in: folder)
            XCTAssertEqual(run.exitCode, 0, run.standardError)
            let rows = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
            XCTAssertEqual(rows.map { $0["renderAlpha"] as? String }, [alpha])
            XCTAssertEqual(rows.map { $0["renderSize"] as? String }, ["8x8"])
        }
        let refused = try BuiltExecutable.run(executable, ["bench", "home.json", "--no-render", "--premultiplied"],
                                              in: folder)
        XCTAssertNotEqual(refused.exitCode, 0)
        XCTAssertTrue(refused.standardError.contains("--no-render skips it"), refused.standardError)
    }
}
