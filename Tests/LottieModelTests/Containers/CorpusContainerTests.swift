import Foundation
import XCTest
import TestSupport
@testable import LottieModel

/// Every `.lottie` file of the shared corpus opens, and every animation in it decodes.
final class CorpusContainerTests: XCTestCase {
    /// `multi.lottie` of dotlottie-web lost 16 bytes upstream: its repository's `.gitattributes`
    /// says `* text eol=lf`, so git turned each CR LF pair inside the compressed data into LF.
    /// The archive opens (the reader finds the entries after the gap), the intact entries decode,
    /// and each damaged one fails with a CRC-32 or deflate error, never silently.
    static let crlfDamaged = "_dotlottie/dotlottie-web/fixtures/multi.lottie"
    /// Its 12 entries that lost bytes (Python's zlib agrees; re-inserting a CR before an LF of
    /// `cool.json`'s data restores its CRC-32).
    static let damagedAnimations: Set<String> = [
        "cool", "devil", "exhaling", "exploding", "glasses", "laying-face", "monocle", "moustache-kissing",
        "peeking", "pensive", "triumphs", "wink",
    ]

    func testEveryDotLottieOpensAndEveryAnimationDecodes() throws {
        let files = Corpus.files(withExtensions: ["lottie"])
        try XCTSkipIf(files.isEmpty, Corpus.missingMessage)
        var failures: [String] = []
        var decoded = 0
        for file in files {
            do {
                let lottie = try LottieFile(bytes: [UInt8](try Corpus.data(file)), fileName: file)
                XCTAssertEqual(lottie.kind, .dotLottie, file)
                XCTAssertFalse(lottie.animations.isEmpty, file)
                XCTAssertNotNil(lottie.defaultAnimationID, file)
                for item in lottie.animations {
                    let isDamaged = file == Self.crlfDamaged && Self.damagedAnimations.contains(item.id)
                    do {
                        let extracted = try lottie.extract(item.id)
                        XCTAssertFalse(extracted.animation.layers.isEmpty, "\(file) \(item.id)")
                        decoded += 1
                        if isDamaged { failures.append("\(file) \(item.id): expected to fail, decoded") }
                    } catch {
                        if !isDamaged { failures.append("\(file) \(item.id): \(error)") }
                    }
                }
                for item in lottie.stateMachines + lottie.themes {
                    guard let path = item.path else { failures.append("\(file): no file for '\(item.id)'"); continue }
                    _ = try lottie.archive?.contents(of: path)
                }
            } catch {
                failures.append("\(file): \(error)")
            }
        }
        XCTAssertEqual(files.count, 12, "the corpus holds 12 .lottie files")
        XCTAssertEqual(decoded, 11 + 62 - Self.damagedAnimations.count)
        XCTAssertEqual(failures, [])
    }

    func testTheCRLFDamagedArchiveSaysWhatHappened() throws {
        try XCTSkipIf(Corpus.root == nil, Corpus.missingMessage)
        let lottie = try LottieFile(bytes: [UInt8](try Corpus.data(Self.crlfDamaged)))
        XCTAssertEqual(lottie.animations.count, 62)
        XCTAssertEqual(lottie.archive?.warnings.count, 1)
        XCTAssertTrue(lottie.archive?.warnings.first?.message.hasPrefix("16 bytes are missing before the central directory") == true)
        XCTAssertThrowsError(try lottie.extract("cool")) { error in
            guard let error = error as? ContainerError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.entry, "animations/cool.json")
        }
        // An entry after the gap, found 1 byte before where the directory puts it.
        XCTAssertEqual(try lottie.extract("cowboy").animation.layers.isEmpty, false)
        XCTAssertEqual(try lottie.extract("yummy").animation.layers.isEmpty, false)
    }

    func testManifestsOfBothLayouts() throws {
        try XCTSkipIf(Corpus.root == nil, Corpus.missingMessage)
        let v1 = try LottieFile(bytes: [UInt8](try Corpus.data("_dotlottie/dotlottie-web/fixtures/toggle.lottie")))
        XCTAssertEqual(v1.manifest?.layoutVersion, 1)
        XCTAssertEqual(v1.manifest?.generator, "@dotlottie/dotlottie-js/node@0.7.2")
        XCTAssertEqual(v1.animations, [.init(id: "toggle", name: nil, path: "animations/toggle.json", byteCount: 26453)])
        XCTAssertEqual(v1.stateMachines.map(\.path), ["states/state_toggle.json"])
        XCTAssertEqual(v1.defaultAnimationID, "toggle")

        let v2 = try LottieFile(bytes: [UInt8](try Corpus.data("_dotlottie/dotlottie-web/fixtures/sm.lottie")))
        XCTAssertEqual(v2.manifest?.layoutVersion, 2)
        XCTAssertEqual(v2.animations.map(\.path), ["a/Main Scene.json"])
        XCTAssertEqual(v2.stateMachines.map(\.id), ["StateMachine1"])
        XCTAssertEqual(v2.stateMachines.map(\.name), ["StateMachine1"])
        XCTAssertEqual(v2.stateMachines.map(\.path), ["s/StateMachine1.json"])
        XCTAssertEqual(try v2.extract().id, "Main Scene")
    }
}
