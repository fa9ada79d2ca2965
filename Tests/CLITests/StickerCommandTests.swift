import Foundation
import XCTest
import TestSupport

/// `lottie-cli sticker`: Telegram's rules checked end to end, and `--out`.
final class StickerCommandTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryDirectory(for: self)
    }

    private func write(_ text: String, to name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// A 512 x 512, 60 fps, 2 s sticker with one ball that bounces, plus `extra` layers.
    private func sticker(frameRate: Int = 60, outPoint: Int = 120, extraLayers: String = "") -> String {
        """
        {"v":"5.5.2","fr":\(frameRate),"ip":0,"op":\(outPoint),"w":512,"h":512,"nm":"Bounce","ddd":0,"assets":[],
         "layers":[\(extraLayers){"ddd":0,"ind":1,"ty":4,"nm":"Ball","sr":1,"ao":0,"ip":0,"op":\(outPoint),"st":0,
           "ks":{"p":{"a":1,"k":[{"t":0,"s":[256,300],"i":{"x":0.5,"y":1},"o":{"x":0.5,"y":0}},
                                 {"t":60,"s":[256,160],"i":{"x":0.5,"y":1},"o":{"x":0.5,"y":0}},{"t":120,"s":[256,300]}]}},
           "shapes":[{"ty":"gr","it":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[120,120]}},
                                      {"ty":"fl","c":{"a":0,"k":[0.2,0.6,1,1]},"o":{"a":0,"k":100}},{"ty":"tr"}]}]}]}
        """
    }

    func testAStickerThatFollowsTheRulesIsPacked() throws {
        let json = try write(sticker(), to: "bounce.json")
        let tgs = folder.appendingPathComponent("bounce.tgs").path
        let run = try lottieCLI("sticker", json, "--out", tgs)
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: tgs)[.size] as? Int)
        XCTAssertEqual(run.standardOutput, """
            Sticker  \(json), 512 x 512, 60 fps, 0 to 120 (2 s)
            Size     \(size) bytes once packed as .tgs (at most 65,536)
            Result   follows Telegram's animated sticker rules (1 warning)
            Packed   \(tgs), \(size) bytes

            Warnings (1)
              rule             at      problem
              "tgs": 1 marker  (root)  no "tgs": 1 member; Telegram's exporter writes it first in every sticker (packing adds it)

            Not checked: animations must be looped, no auto-bezier keys (not visible in the JSON)

            """)
        // The packed file passes with no warning at all: it has the marker, and its real size is checked.
        let again = try lottieCLI("sticker", tgs)
        XCTAssertEqual(again.exitCode, 0)
        XCTAssertTrue(again.standardOutput.contains("Size     \(size) bytes (at most 65,536)\n"), again.standardOutput)
        XCTAssertTrue(again.standardOutput.contains("Result   follows Telegram's animated sticker rules\n"), again.standardOutput)
    }

    func testViolationsAreListedWithPathsAndNothingIsPacked() throws {
        let mask = #"{"ty":4,"nm":"Masked","ind":2,"ip":0,"op":240,"st":0,"ks":{},"masksProperties":[{"mode":"a","pt":{"a":0,"k":{"c":true,"v":[[0,0]],"i":[[0,0]],"o":[[0,0]]}}}],"shapes":[]},"#
        let json = try write(sticker(frameRate: 24, outPoint: 240, extraLayers: mask), to: "bad.json")
        let tgs = folder.appendingPathComponent("bad.tgs").path
        let run = try lottieCLI("sticker", json, "--out", tgs)
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertEqual(run.standardError, "")
        XCTAssertFalse(FileManager.default.fileExists(atPath: tgs))
        XCTAssertTrue(run.standardOutput.contains("""
            Result      3 violations, 1 warning: Telegram does not accept this sticker
            Not packed  \(tgs) was not written: fix the violations first

            Violations (3)
              rule               at                         problem
              60 fps             fr                         24 fps, it must be 60
              at most 3 seconds  op                         it lasts 10 s (ip 0 to op 240 at 24 fps), at most 3 s
              no masks           layers[0].masksProperties  layer 'Masked' has 1 mask
            """), run.standardOutput)
    }

    func testObjectsLeavingTheCanvasAreAWarning() throws {
        let json = try write(sticker().replacingOccurrences(of: "[256,160]", with: "[256,-20]"), to: "high.json")
        let run = try lottieCLI("sticker", json)
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        XCTAssertTrue(run.standardOutput.contains(
            "  objects must not leave the canvas  layers[0]  layer 'Ball' reaches outside the canvas at frame 39: "), run.standardOutput)
    }

    func testJSONOutput() throws {
        let json = try write(sticker(frameRate: 30, outPoint: 60), to: "thirty.json")
        let run = try lottieCLI("sticker", json, "--json")
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual(object["valid"] as? Bool, true)
        XCTAssertEqual(object["isPackedSize"] as? Bool, true)
        let findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.map { $0["rule"] as? String }, ["frameRate", "tgsMarker"])
        XCTAssertEqual(findings.map { $0["severity"] as? String }, ["warning", "warning"])
        XCTAssertEqual(findings.first?["path"] as? String, "fr")
    }

    func testHelp() throws {
        let run = try lottieCLI("sticker", "--help")
        XCTAssertEqual(run.exitCode, 0)
        assertSnapshot(run.standardOutput, named: "sticker-help.txt", in: snapshots)
    }

    // MARK: Broken files

    /// A file `validate` rejects (here a parent that names no layer) is never packed: its errors
    /// are violations of the first rule, with their paths. So is a layer of a type no sticker
    /// player draws (99).
    func testAFileWithErrorsIsNotPacked() throws {
        let orphan = #"{"ty":3,"nm":"Orphan","ind":2,"parent":7,"ip":0,"op":120,"st":0,"ks":{}},"#
        let json = try write(sticker(extraLayers: orphan), to: "orphan.json")
        let tgs = folder.appendingPathComponent("orphan.tgs").path
        let validate = try lottieCLI("validate", json, "--errors-only")
        XCTAssertEqual(validate.exitCode, 1, "validate rejects the file: \(validate.standardOutput)")
        let run = try lottieCLI("sticker", json, "--out", tgs)
        XCTAssertEqual(run.exitCode, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tgs))
        XCTAssertTrue(run.standardOutput.contains("Not packed  \(tgs) was not written: fix the violations first"), run.standardOutput)
        XCTAssertTrue(run.standardOutput.contains("  a valid Lottie file  layers[0].parent"), run.standardOutput)

        let unknown = #"{"ty":99,"nm":"Odd","ind":2,"ip":0,"op":120,"st":0,"ks":{}},"#
        let odd = try lottieCLI("sticker", try write(sticker(extraLayers: unknown), to: "odd.json"), "--out", tgs)
        XCTAssertEqual(odd.exitCode, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: tgs))
        XCTAssertTrue(odd.standardOutput.contains("  a valid Lottie file  layers[0].ty  layer 'Odd' has layer type 99, "
            + "which sticker players do not draw"), odd.standardOutput)
    }
}
