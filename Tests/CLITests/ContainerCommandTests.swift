import Foundation
import XCTest
import TestSupport

/// Commands on `.lottie` files, `.tgs` stickers and zip bundles: the container block of
/// `inspect`, `--animation`, and the failures, end to end.
final class ContainerCommandTests: XCTestCase {
    static let toggle = "toggle.lottie"
    static let multi = "multi.lottie"
    static let stateMachine = "sm/star-rating.lottie"

    /// Runs `lottie-cli` in the corpus's dotLottie fixtures folder (the files are named from there), or
    /// skips the test without the corpus.
    private func inFixtures(_ arguments: String...) throws -> CommandLineRun {
        guard let fixtures = Corpus.file("_dotlottie/dotlottie-web/fixtures") else { throw XCTSkip(Corpus.missingMessage) }
        let executable = try XCTUnwrap(BuiltExecutable.url(named: "lottie-cli"), "lottie-cli is not built; run swift build")
        return try BuiltExecutable.run(executable, arguments, in: fixtures)
    }

    private var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryDirectory(for: self)
    }

    private func write(_ data: Data, to name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    private func animation(_ name: String, extra: String = "") -> String {
        """
        {"v":"5.7.4","nm":"\(name)","fr":60,"ip":0,"op":60,"w":512,"h":512,\(extra)
         "layers":[{"ty":4,"nm":"Dot","ind":1,"ip":0,"op":60,"st":0,"ks":{"p":{"a":0,"k":[256,256]}},
                    "shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[40,40]}},
                              {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
        """
    }

    // MARK: dotLottie from the corpus

    func testInspectADotLottieFromTheCorpus() throws {
        let run = try inFixtures("inspect", Self.toggle)
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        XCTAssertEqual(run.standardError, "")
        assertSnapshot(run.standardOutput, named: "inspect-toggle-lottie.txt", in: snapshots)
    }

    func testInspectAVersion2DotLottieWithAStateMachine() throws {
        let run = try inFixtures("inspect", Self.stateMachine)
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        XCTAssertTrue(run.standardOutput.hasPrefix("""
            Container   dotLottie 2, 3 entries, 2,519 bytes (2.5 KB)
            Generator   @dotlottie/dotlottie-js@1.3.1
            Animations (1; * = loaded)
              * animation  a/animation.json  22,403 bytes (21.9 KB)
            State machines (1)
                star-rating  s/star-rating.json  1,910 bytes (1.9 KB)
            Themes: none
            Images: none

            File        \(Self.stateMachine), 2,519 bytes (2.5 KB)
            """), run.standardOutput)
    }

    func testAnimationPicksOneAnimationInEveryCommand() throws {
        let inspect = try inFixtures("inspect", Self.multi, "--animation", "yummy")
        XCTAssertEqual(inspect.exitCode, 0, inspect.standardError)
        XCTAssertTrue(inspect.standardOutput.contains("\n  * yummy  "), inspect.standardOutput)
        XCTAssertTrue(inspect.standardOutput.contains("\n    anger  "), inspect.standardOutput)
        XCTAssertTrue(inspect.standardOutput.contains("Warning     16 bytes are missing before the central directory"))
        let byDefault = try inFixtures("inspect", Self.multi)
        XCTAssertTrue(byDefault.standardOutput.contains("\n  * anger  "), byDefault.standardOutput)

        let eval = try inFixtures("eval", Self.multi, "--animation=yummy", "--frame", "0", "--json")
        XCTAssertEqual(eval.exitCode, 0, eval.standardError)
        let frames = try inFixtures("frames", Self.multi, "--animation", "yummy", "--frames", "0:0", "--json")
        XCTAssertEqual(frames.exitCode, 0, frames.standardError)
        XCTAssertNotEqual(try inFixtures("eval", Self.multi, "--frame", "0", "--json").standardOutput, eval.standardOutput)
    }

    func testInspectJSONOfAContainerAddsAContainerMember() throws {
        let run = try inFixtures("inspect", Self.toggle, "--json")
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual(object["name"] as? String, "Untitled-1")
        let container = try XCTUnwrap(object["container"] as? [String: Any])
        XCTAssertEqual(container["kind"] as? String, "dotLottie")
        XCTAssertEqual(container["loadedAnimation"] as? String, "toggle")
        XCTAssertEqual((container["stateMachines"] as? [[String: Any]])?.first?["path"] as? String, "states/state_toggle.json")
        // Plain JSON keeps its report as it was: no container member.
        let plain = try lottieCLI("inspect", "Samples/home.json", "--json")
        XCTAssertFalse(plain.standardOutput.contains("\"container\""))
    }

    // MARK: Stickers and bundles made here

    func testPackedStickerIsInspectedAsGzip() throws {
        let json = try write(Data(animation("Sticker").utf8), to: "sticker.json")
        let tgs = folder.appendingPathComponent("sticker.tgs").path
        let pack = try lottieCLI("sticker", json, "--out", tgs)
        XCTAssertEqual(pack.exitCode, 0, pack.standardOutput + pack.standardError)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: tgs))
        XCTAssertEqual(Array(bytes.prefix(2)), [0x1F, 0x8B])
        let run = try lottieCLI("inspect", tgs)
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        let jsonSize = run.standardOutput.split(separator: "\n")[0]
        XCTAssertEqual(jsonSize, "Container   gzip-compressed JSON (Telegram sticker), \(bytes.count) bytes, 296 bytes of JSON")
        XCTAssertTrue(run.standardOutput.contains("\n\nFile        \(tgs), \(bytes.count) bytes\nName        Sticker\n"), run.standardOutput)
        // The same animation as the JSON it came from.
        XCTAssertEqual(try lottieCLI("eval", tgs, "--frame", "30").standardOutput.replacingOccurrences(of: tgs, with: "F"),
                       try lottieCLI("eval", json, "--frame", "30").standardOutput.replacingOccurrences(of: json, with: "F"))
    }

    func testBundleWithAnImageAndOneWithTwoAnimations() throws {
        let picture = """
            {"v":"5.7.4","nm":"Picture","fr":30,"ip":0,"op":30,"w":100,"h":100,
             "assets":[{"id":"image_0","w":2,"h":2,"u":"images/","p":"img_0.png","e":0}],
             "layers":[{"ty":2,"nm":"Photo","ind":1,"refId":"image_0","ip":0,"op":30,"st":0,"ks":{}}]}
            """
        let bundle = try write(StoredZip.archive([("anim/data.json", picture), ("anim/images/img_0.png", "\u{89}PNG")]),
                               to: "bundle.zip")
        let run = try lottieCLI("inspect", bundle)
        XCTAssertEqual(run.exitCode, 0, run.standardError)
        XCTAssertTrue(run.standardOutput.hasPrefix("""
            Container   zip bundle (no manifest), 2 entries, 485 bytes
            Animations (1; * = loaded)
              * anim/data  anim/data.json  236 bytes
            Images (1 of 1 image asset embedded from the archive)
              asset    reference         found
              image_0  images/img_0.png  anim/images/img_0.png, 5 bytes, image/png, embedded
            """), run.standardOutput)
        XCTAssertTrue(run.standardOutput.contains("image_0  image  2 x 2, embedded image/png, 5 bytes, used by 1 layer"),
                      run.standardOutput)

        let two = try write(StoredZip.archive([("one.json", animation("One")), ("two.json", animation("Two"))]), to: "pair.zip")
        XCTAssertTrue(try lottieCLI("inspect", two, "--animation", "two").standardOutput.contains("Name        Two\n"))
        let ambiguous = try lottieCLI("inspect", two)
        XCTAssertEqual(ambiguous.exitCode, 1)
        XCTAssertEqual(ambiguous.standardError,
                       "lottie-cli: error: '\(two)' holds 2 animations (one, two); pick one with --animation ID\n")
    }

    // MARK: Failures

    func testFailuresSayWhatAndExitWithOne() throws {
        let json = try write(Data(animation("Plain").utf8), to: "plain.json")
        let onJSON = try lottieCLI("inspect", json, "--animation", "a")
        XCTAssertEqual(onJSON.exitCode, 1)
        XCTAssertEqual(onJSON.standardError, "lottie-cli: error: --animation 'a': '\(json)' is a JSON file, which holds a "
            + "single animation; --animation picks one in a .lottie file or zip bundle\n")

        let lottie = try write(StoredZip.archive([
            ("manifest.json", #"{"version":"2","animations":[{"id":"one"},{"id":"two"}]}"#),
            ("a/one.json", animation("One")), ("a/two.json", #"{"layers":[{"ty":"four"}]}"#),
        ]), to: "pair.lottie")
        let unknown = try lottieCLI("eval", lottie, "--animation", "three", "--frame", "0")
        XCTAssertEqual(unknown.exitCode, 1)
        XCTAssertEqual(unknown.standardError, "lottie-cli: error: '\(lottie)' has no animation 'three' (it has one, two)\n")
        let undecodable = try lottieCLI("inspect", lottie, "--animation", "two")
        XCTAssertEqual(undecodable.exitCode, 1)
        XCTAssertTrue(undecodable.standardError.hasPrefix("lottie-cli: error: cannot decode '\(lottie)' (a/two.json): "),
                      undecodable.standardError)

        var damaged = try Data(contentsOf: URL(fileURLWithPath: lottie))
        damaged[200] ^= 0xFF  // inside a/one.json's stored data (its local header starts at byte 100)
        let corrupt = try write(damaged, to: "damaged.lottie")
        let crc = try lottieCLI("inspect", corrupt)
        XCTAssertEqual(crc.exitCode, 1)
        XCTAssertTrue(crc.standardError.hasPrefix("lottie-cli: error: cannot read '\(corrupt)': entry 'a/one.json': CRC-32 mismatch: stored 0x"),
                      crc.standardError)

        let truncated = try write(Data(damaged.prefix(200)), to: "truncated.lottie")
        let cut = try lottieCLI("inspect", truncated)
        XCTAssertEqual(cut.exitCode, 1)
        XCTAssertEqual(cut.standardError, "lottie-cli: error: cannot read '\(truncated)': byte 0: not a zip archive: "
            + "no end of central directory record in the last 200 bytes\n")

        let gzip = try write(Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3, 0xFF]), to: "broken.tgs")
        let broken = try lottieCLI("sticker", gzip)
        XCTAssertEqual(broken.exitCode, 1)
        XCTAssertTrue(broken.standardError.hasPrefix("lottie-cli: error: cannot read '\(gzip)': byte "), broken.standardError)

        let usage = try lottieCLI("inspect", lottie, "--animation")
        XCTAssertEqual(usage.exitCode, 2)
        XCTAssertEqual(usage.standardError, "lottie-cli: error: option '--animation' needs a value ID (see 'lottie-cli inspect --help')\n")
    }
}
