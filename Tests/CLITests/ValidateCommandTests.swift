import Foundation
import XCTest
import LottieModel
import TestSupport

/// `lottie-cli validate` end to end: the samples, the invalid examples of lottie-spec, and a
/// broken fixture written here.
final class ValidateCommandTests: XCTestCase {
    func testTheSamplesAreValid() throws {
        for name in ["home", "user"] {
            let run = try lottieCLI("validate", "Samples/\(name).json")
            XCTAssertEqual(run.standardOutput, "Samples/\(name).json: valid, 0 errors, 0 warnings, 0 infos\n")
            XCTAssertEqual(run.exitCode, 0)
        }
    }

    func testTheInvalidExamplesOfTheSpec() throws {
        guard let folder = Corpus.file("lottie-spec/tests/animations/invalid") else { throw XCTSkip(Corpus.missingMessage) }
        let executable = try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli"))
        let animated = try BuiltExecutable.run(executable, ["validate", "invalid-animated-val.json"], in: folder)
        XCTAssertEqual(animated.exitCode, 1)
        XCTAssertEqual(animated.standardOutput, """
            error  layers[0].ks.a  'a' must be 0 or 1, found 2 (line 24, column 22)
            invalid-animated-val.json: invalid, 1 error, 0 warnings, 0 infos

            """)
        let image = try BuiltExecutable.run(executable, ["validate", "malformed-embedded-image.json"], in: folder)
        XCTAssertEqual(image.exitCode, 1)
        XCTAssertEqual(image.standardOutput, """
            error  assets[0].p  an embedded image ('e' 1) needs a data URL 'data:<type>[;base64],<data>' in 'p', found 'MalformedDataUrl' (line 15, column 14)
            malformed-embedded-image.json: invalid, 1 error, 0 warnings, 0 infos

            """)
    }

    func testABrokenFixtureWithOneFaultPerCheck() throws {
        let folder = try temporaryDirectory(for: self)
        try Data(Self.broken.utf8).write(to: folder.appendingPathComponent("broken.json"))
        let run = try BuiltExecutable.run(try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli")), ["validate", "broken.json"],
                                          in: folder)
        XCTAssertEqual(run.exitCode, 1)
        assertEqualLines(run.standardOutput, """
            error    assets[0].layers[0].refId  precomp cycle: 'loop' -> 'loop' (line 3, column 63)
                                                note: the precomposition contains itself
            error    layers[0].parent           'parent' 9 is not the 'ind' of any layer in this composition (line 6, column 70)
                                                note: players draw the layer without a parent
            warning  layers[0].ks.o.k           opacity 120 is outside 0...100 (line 7, column 30)
                                                note: players clamp it
            info     layers[0].ks.r             not supported: expressions not run: 'wiggle(2, 10': syntax error at line 1, column 13: unexpected end of the expression, expected ')' after the arguments of a call (line 7, column 41)
            error    layers[0].ks.p.k[1].t      keyframes out of order: t 5 comes after t 10 (line 9, column 18)
                                                note: players sort them or stop at the first one out of order
            error    layers[0].ks.s             'a' must be 0 or 1, found 3 (line 10, column 22)
            error    layers[0].shapes[0].ks.k   'v' has 2 points but 'o' has 1; 'v', 'i' and 'o' must have the same length (line 11, column 48)
                                                note: players read past the shorter array or drop the path
            error    layers[1].refId            'refId' 'nowhere' names no asset (line 13, column 37)
                                                note: the layer draws nothing
            error    layers[2].parent           parenting cycle: 'Left' -> 'Right' -> 'Left' (line 14, column 47)
                                                note: players stop following parents or hang
            broken.json: invalid, 7 errors, 1 warning, 1 info

            """)
        let json = try BuiltExecutable.run(try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli")), ["validate", "broken.json", "--json"],
                                           in: folder)
        let findings = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        XCTAssertEqual(findings.count, 9)
        XCTAssertEqual(findings.first?["severity"] as? String, "error")
        XCTAssertEqual(findings.first?["category"] as? String, "cycle")
        XCTAssertEqual(json.exitCode, 1)
    }

    func testNotJSON() throws {
        let folder = try temporaryDirectory(for: self)
        try Data("{\"layers\": [1,]}".utf8).write(to: folder.appendingPathComponent("bad.json"))
        let run = try BuiltExecutable.run(try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli")), ["validate", "bad.json"], in: folder)
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertEqual(run.standardOutput, """
            error  layers  invalid JSON: expected a value after ',', found ']' (trailing commas are not allowed) (line 1, column 15)
            bad.json: invalid, 1 error, 0 warnings, 0 infos

            """)
    }

    /// A file with one fault per check, each on its own line.
    static let broken = """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100,
         "assets": [
          {"id": "loop", "layers": [{"ty": 0, "nm": "Again", "refId": "loop", "ip": 0, "op": 30, "ks": {}}]}],
         "layers": [
          {"ty": 4, "nm": "Box", "ind": 1, "ip": 0, "op": 30,
           "st": 0,                                                "parent": 9,
           "ks": {"o": {"a": 0, "k": 120}, "r": {"a": 0, "k": 0, "x": "wiggle(2, 10"},
                  "p": {"a": 1, "k": [{"t": 10, "s": [0, 0], "o": {"x": 0.3, "y": 0}, "i": {"x": 0.7, "y": 1}},
                   {"t": 5, "s": [10, 0]}]},
                  "s": {"a": 3, "k": [100, 100]}},
           "shapes": [{"ty": "sh", "ks": {"a": 0, "k": {"c": false, "v": [[0, 0], [10, 0]], "i": [[0, 0], [0, 0]], "o": [[0, 0]]}}},
                      {"ty": "st", "c": {"a": 0, "k": [0, 0, 0]}, "o": {"a": 0, "k": 100}, "w": {"a": 0, "k": 1}}]},
          {"ty": 0, "nm": "Scene", "refId": "nowhere", "ip": 0, "op": 30, "ks": {}},
          {"ty": 3, "nm": "Left", "ind": 2, "parent": 3, "ip": 0, "op": 30, "ks": {}},
          {"ty": 3, "nm": "Right", "ind": 3, "parent": 2, "ip": 0, "op": 30, "ks": {}}]}
        """

    // MARK: Containers

    /// `validate` reads a `.lottie` and a `.tgs` by content, as every command does: the animation's
    /// JSON is validated, with its paths.
    func testDotLottieAndStickerAreValidatedByContent() throws {
        let folder = try temporaryDirectory(for: self)
        let home = try String(contentsOf: Corpus.samples.appendingPathComponent("home.json"), encoding: .utf8)
        let manifest = #"{"version":"1","animations":[{"id":"home"}]}"#
        try StoredZip.archive([("manifest.json", manifest), ("animations/home.json", home)])
            .write(to: folder.appendingPathComponent("home.lottie"))
        try Data(GZip.compress(Array(Self.broken.utf8), level: .best)).write(to: folder.appendingPathComponent("broken.tgs"))
        let executable = try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli"))

        let lottie = try BuiltExecutable.run(executable, ["validate", "home.lottie"], in: folder)
        XCTAssertEqual(lottie.standardOutput, "home.lottie: valid, 0 errors, 0 warnings, 0 infos\n", lottie.standardError)
        XCTAssertEqual(lottie.exitCode, 0)
        try Data(Self.broken.utf8).write(to: folder.appendingPathComponent("broken.json"))
        let tgs = try BuiltExecutable.run(executable, ["validate", "broken.tgs"], in: folder)
        let plain = try BuiltExecutable.run(executable, ["validate", "broken.json"], in: folder)
        XCTAssertEqual(tgs.exitCode, 1)
        XCTAssertEqual(tgs.standardOutput, plain.standardOutput.replacingOccurrences(of: "broken.json:", with: "broken.tgs:"))
        let wrongID = try BuiltExecutable.run(executable, ["validate", "home.lottie", "--animation", "away"], in: folder)
        XCTAssertEqual(wrongID.exitCode, 1)
        XCTAssertEqual(wrongID.standardError, "lottie-cli: error: 'home.lottie' has no animation 'away' (it has home)\n")
    }
}
