import Foundation
import XCTest
import LottieModel
import TestSupport
@testable import lottie_cli
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `validate`, `inspect` and `sticker` over several files and folders: what is taken and what is
/// skipped, the order, the exit codes, the report formats for CI (JSON, JUnit XML, GitHub
/// annotations) and `--jobs`, on a folder of our own fixtures.
final class FolderCommandTests: XCTestCase {
    /// A parenting cycle on line 3: an error for `validate`.
    static let cycle = """
        {"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 100, "h": 100,
         "layers": [
          {"ty": 3, "ind": 1, "parent": 2, "ip": 0, "op": 10, "st": 0, "ks": {}},
          {"ty": 3, "ind": 2, "parent": 1, "ip": 0, "op": 10, "st": 0, "ks": {}}]}
        """

    /// The fixtures, in a fresh folder: two samples in `icons/`, the home icon packed as a
    /// sticker, the samples' `.lottie`, the cycle in `broken/`, and two files that are not
    /// Lottie files (a text file and a JSON file without layers).
    func makeFolder() throws -> URL {
        let root = try temporaryDirectory(for: self)
        let animations = root.appendingPathComponent("animations")
        for folder in ["icons", "bundle", "broken"] {
            try FileManager.default.createDirectory(at: animations.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let samples = URL(fileURLWithPath: "Samples")
        for name in ["home.json", "user.json"] {
            try FileManager.default.copyItem(at: samples.appendingPathComponent(name),
                                             to: animations.appendingPathComponent("icons/\(name)"))
        }
        let home = try Data(contentsOf: samples.appendingPathComponent("home.json"))
        try Data(try TelegramSticker.pack(json: [UInt8](home))).write(to: animations.appendingPathComponent("icons/home.tgs"))
        try FileManager.default.copyItem(at: samples.appendingPathComponent("icons.lottie"),
                                         to: animations.appendingPathComponent("bundle/icons.lottie"))
        try Data(Self.cycle.utf8).write(to: animations.appendingPathComponent("broken/cycle.json"))
        try Data("notes\n".utf8).write(to: animations.appendingPathComponent("notes.txt"))
        try Data(#"{"name": "not an animation"}"#.utf8).write(to: animations.appendingPathComponent("package.json"))
        return root
    }

    func run(_ arguments: [String], in folder: URL) throws -> CommandLineRun {
        try BuiltExecutable.run(try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli")), arguments, in: folder)
    }

    /// The output without the time at the end of the summary line.
    func withoutTime(_ text: String) -> String {
        text.replacingOccurrences(of: #", [0-9]+\.[0-9]{2} s\n"#, with: "\n", options: .regularExpression)
    }

    func testValidateTakesLottieFilesByContentInPathOrder() throws {
        let folder = try makeFolder()
        let run = try run(["validate", "animations", "--jobs", "2"], in: folder)
        XCTAssertEqual(run.exitCode, 1, "a file has an error")
        XCTAssertEqual(withoutTime(run.standardOutput), """
            FAIL   animations/broken/cycle.json  invalid, 1 error, 0 warnings, 0 infos
                     error  layers[0].parent  parenting cycle: ind 1 -> ind 2 -> ind 1; note: players stop following parents or hang (line 3, column 33)
            ok     animations/bundle/icons.lottie  valid, 0 errors, 0 warnings, 0 infos
            ok     animations/icons/home.json  valid, 0 errors, 0 warnings, 0 infos
            ok     animations/icons/home.tgs  valid, 0 errors, 0 warnings, 0 infos
            ok     animations/icons/user.json  valid, 0 errors, 0 warnings, 0 infos
            validate: 5 files, 4 passed, 1 failed, 0 errors, 2 skipped (not Lottie files)

            """)
    }

    func testTheOutputIsTheSameWithOneJobOrMany() throws {
        let folder = try makeFolder()
        let one = try run(["validate", "animations", "-j", "1"], in: folder)
        let many = try run(["validate", "animations", "-j", "8"], in: folder)
        XCTAssertEqual(withoutTime(one.standardOutput), withoutTime(many.standardOutput))
        XCTAssertEqual(one.exitCode, many.exitCode)
    }

    func testFilesAndFoldersTogetherAndAllPassing() throws {
        let folder = try makeFolder()
        let run = try run(["validate", "animations/icons", "animations/bundle/icons.lottie"], in: folder)
        XCTAssertEqual(run.exitCode, 0)
        XCTAssertEqual(withoutTime(run.standardOutput), """
            ok     animations/icons/home.json  valid, 0 errors, 0 warnings, 0 infos
            ok     animations/icons/home.tgs  valid, 0 errors, 0 warnings, 0 infos
            ok     animations/icons/user.json  valid, 0 errors, 0 warnings, 0 infos
            ok     animations/bundle/icons.lottie  valid, 0 errors, 0 warnings, 0 infos
            validate: 4 files, 4 passed, 0 failed, 0 errors, 0 skipped (not Lottie files)

            """)
    }

    func testAFileThatCannotBeReadIsAnError() throws {
        let folder = try makeFolder()
        try Data(#"{"layers": [1, 2"#.utf8).write(to: folder.appendingPathComponent("animations/icons/cut.json"))
        let run = try run(["inspect", "animations/icons", "--format", "json"], in: folder)
        XCTAssertEqual(run.exitCode, 1)
        let report = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
        let summary = try XCTUnwrap(report?["summary"] as? [String: Any])
        XCTAssertEqual(summary["files"] as? Int, 4)
        XCTAssertEqual(summary["passed"] as? Int, 3)
        XCTAssertEqual(summary["errors"] as? Int, 1)
        let files = try XCTUnwrap(report?["files"] as? [[String: Any]])
        XCTAssertEqual(files.map { $0["file"] as? String }, [
            "animations/icons/cut.json", "animations/icons/home.json", "animations/icons/home.tgs", "animations/icons/user.json",
        ])
        XCTAssertEqual(files[0]["status"] as? String, "error")
        XCTAssertEqual(files[0]["summary"] as? String,
                       "cannot decode 'animations/icons/cut.json': layers (line 1, column 17): invalid JSON: "
                       + "unexpected end of file inside an array, expected ',' or ']'")
        XCTAssertEqual(files[1]["summary"] as? String, "10,532 bytes (10.3 KB), 100 x 100, 60 fps, 60 frames, 4 layers")
    }

    func testInspectListsUnsupportedFeaturesAndStrictFailsThem() throws {
        let folder = try makeFolder()
        let expression = #"""
            {"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 100, "h": 100,
             "layers": [{"ty": 3, "ind": 1, "ip": 0, "op": 10, "st": 0,
              "ks": {"o": {"a": 0, "k": 100, "x": "wiggle(2, 10"}}}]}
            """#
        try Data(expression.utf8).write(to: folder.appendingPathComponent("animations/icons/wiggle.json"))
        let lenient = try run(["inspect", "animations/icons/wiggle.json", "animations/icons/user.json", "--format", "github"], in: folder)
        XCTAssertEqual(lenient.exitCode, 0)
        XCTAssertEqual(withoutTime(lenient.standardOutput), """
            ::warning file=animations/icons/wiggle.json,line=3,col=15,title=lottie-cli inspect::layers[0].ks.o: expressions not run not supported yet: 'wiggle(2, 10': syntax error at line 1, column 13: unexpected end of the expression, expected ')' after the arguments of a call
            inspect: 2 files, 2 passed, 0 failed, 0 errors, 0 skipped (not Lottie files)

            """)
        let strict = try run(["inspect", "animations/icons/wiggle.json", "animations/icons/user.json", "--strict"], in: folder)
        XCTAssertEqual(strict.exitCode, 1)
        XCTAssertEqual(withoutTime(strict.standardOutput), """
            FAIL   animations/icons/wiggle.json  181 bytes, 100 x 100, 30 fps, 10 frames, 1 layer; not supported: expressions not run (1)
                     error  layers[0].ks.o  expressions not run not supported yet: 'wiggle(2, 10': syntax error at line 1, column 13: unexpected end of the expression, expected ')' after the arguments of a call (line 3, column 15)
            ok     animations/icons/user.json  5,589 bytes (5.5 KB), 100 x 100, 30 fps, 30 frames, 2 layers
            inspect: 2 files, 1 passed, 1 failed, 0 errors, 0 skipped (not Lottie files)

            """)
    }

    func testGitHubAnnotationsNameTheFileAndLineOfPlainJSONOnly() throws {
        let folder = try makeFolder()
        let run = try run(["sticker", "animations/icons/home.json", "animations/icons/home.tgs", "--format", "github"], in: folder)
        XCTAssertEqual(run.exitCode, 1)
        let lines = run.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.hasPrefix("::error ") }, [
            "::error file=animations/icons/home.json,line=6,col=8,title=lottie-cli sticker::w: canvas 512x512: the canvas is 100 x 100 px, it must be 512 x 512",
            // Inside a .tgs the line of the JSON means nothing in the file: the annotation is on the file.
            "::error file=animations/icons/home.tgs,title=lottie-cli sticker::w: canvas 512x512: the canvas is 100 x 100 px, it must be 512 x 512",
        ])
        XCTAssertTrue(lines.contains(where: { $0.hasPrefix("::warning file=animations/icons/home.json,line=1,col=1,") }))
    }

    func testJUnitReportHasOneTestCasePerFile() throws {
        let folder = try makeFolder()
        let run = try run(["validate", "animations", "--format", "junit"], in: folder)
        XCTAssertEqual(run.exitCode, 1)
        let document = try XMLDocument(data: Data(run.standardOutput.utf8))
        let suite = try XCTUnwrap(try document.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement)
        XCTAssertEqual(suite.attribute(forName: "name")?.stringValue, "validate")
        XCTAssertEqual(suite.attribute(forName: "tests")?.stringValue, "5")
        XCTAssertEqual(suite.attribute(forName: "failures")?.stringValue, "1")
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        XCTAssertEqual(cases.map { $0.attribute(forName: "name")?.stringValue }, [
            "animations/broken/cycle.json", "animations/bundle/icons.lottie", "animations/icons/home.json",
            "animations/icons/home.tgs", "animations/icons/user.json",
        ])
        let failure = try XCTUnwrap(cases[0].elements(forName: "failure").first)
        XCTAssertEqual(failure.attribute(forName: "message")?.stringValue, "invalid, 1 error, 0 warnings, 0 infos")
        XCTAssertEqual(failure.stringValue, "error  layers[0].parent  parenting cycle: ind 1 -> ind 2 -> ind 1; "
            + "note: players stop following parents or hang (line 3, column 33)")
        XCTAssertTrue(cases.dropFirst().allSatisfy { $0.children == nil || $0.children?.isEmpty == true })
    }

    func testAnnotationAndXMLEscaping() {
        XCTAssertEqual(GitHubAnnotations.escapeData("50% done\r\nnext"), "50%25 done%0D%0Anext")
        XCTAssertEqual(GitHubAnnotations.escapeProperty("a,b:c%"), "a%2Cb%3Ac%25")
        XCTAssertEqual(JUnitReport.escape("<a href=\"x\">'&'</a>\u{1}\t"), "&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;\u{FFFD}\t")
    }

    func testUsageErrors() throws {
        let folder = try makeFolder()
        let badFormat = try run(["validate", "animations", "--format", "xml"], in: folder)
        XCTAssertEqual(badFormat.exitCode, 2)
        XCTAssertTrue(badFormat.standardError.contains("--format must be one of text, json, junit, github, got 'xml'"))
        let badJobs = try run(["validate", "animations", "--jobs", "0"], in: folder)
        XCTAssertEqual(badJobs.exitCode, 2)
        XCTAssertTrue(badJobs.standardError.contains("--jobs must be a whole number from 1 to 1024, got 0"))
        let missing = try run(["validate", "animations", "nowhere"], in: folder)
        XCTAssertEqual(missing.exitCode, 1)
        XCTAssertEqual(missing.standardError, "lottie-cli: error: no such file or folder: 'nowhere'\n")
        let packing = try run(["sticker", "animations", "--out", "x.tgs"], in: folder)
        XCTAssertEqual(packing.exitCode, 2)
        XCTAssertTrue(packing.standardError.contains("--out writes one sticker: give one file, not several or a folder"))
    }
}
