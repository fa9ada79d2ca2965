import Foundation
import XCTest
import TestSupport
@testable import LottieModel

/// Recognising files by content, and taking animations and images out of `.tgs`, `.lottie` and bundles.
final class LottieFileTests: XCTestCase {
    let one = ContainerFixtures.animation(name: "One")
    let two = ContainerFixtures.animation(name: "Two")

    // MARK: Recognising content

    func testFormatIsRecognisedByContentNotExtension() {
        XCTAssertEqual(LottieFile.Format.of(Array("\u{FEFF} \n\t{\"layers\":[]}".utf8)), .json)
        XCTAssertEqual(LottieFile.Format.of(Array("[1]".utf8)), .json)
        XCTAssertEqual(LottieFile.Format.of(GZip.compress(Array(one.utf8))), .gzip)
        XCTAssertEqual(LottieFile.Format.of(ZipFixture([.init("a.json", one)]).build()), .zip)
        XCTAssertEqual(LottieFile.Format.of(ZipFixture([]).build()), .zip)
        XCTAssertEqual(LottieFile.Format.of(Array("GIF89a".utf8)), .unknown)
        XCTAssertEqual(LottieFile.Format.of([]), .unknown)
    }

    func testUnknownContentSaysWhatItStartsWith() {
        XCTAssertThrowsError(try LottieFile(bytes: Array("GIF89a".utf8))) { error in
            XCTAssertEqual("\(error)", "not a Lottie file: it starts with 47 49 46 38, which is none of JSON ('{'), gzip (1f 8b) or zip ('PK')")
        }
        XCTAssertThrowsError(try LottieFile(bytes: [])) { error in
            XCTAssertTrue("\(error)".contains("nothing (the file is empty)"), "\(error)")
        }
    }

    func testPlainJSON() throws {
        let file = try LottieFile(bytes: Array(one.utf8))
        XCTAssertEqual(file.kind, .json)
        XCTAssertEqual(file.animations, [])
        let extracted = try file.extract()
        XCTAssertNil(extracted.id)
        XCTAssertEqual(extracted.animation.name, "One")
        XCTAssertEqual(extracted.json, Array(one.utf8))
    }

    // MARK: Telegram stickers

    func testTGSRoundTrip() throws {
        let json = ContainerFixtures.animation(name: "Sticker", width: 512, height: 512, frameRate: 60, outPoint: 180)
        let tgs = try TelegramSticker.pack(json: Array(json.utf8))
        let file = try LottieFile(bytes: tgs, fileName: "sticker.tgs")
        XCTAssertEqual(file.kind, .gzip)
        let extracted = try file.extract()
        XCTAssertEqual(extracted.animation, try LottieDecoder().decode(json))
        XCTAssertTrue(extracted.json.starts(with: Array(#"{"tgs":1,"v":"5.7.4""#.utf8)), String(decoding: extracted.json, as: UTF8.self))
        XCTAssertEqual(try TelegramSticker.check(json: extracted.json, stickerByteCount: tgs.count).findings, [])
    }

    func testBrokenGzipStreams() throws {
        var tgs = GZip.compress(Array(one.utf8))
        tgs[tgs.count - 6] ^= 0xFF  // inside the CRC-32
        XCTAssertThrowsError(try LottieFile(bytes: tgs)) { error in
            guard case .compression(let inner) = (error as! ContainerError).kind,
                  case .checksumMismatch(.crc32, _, _) = inner.kind else { return XCTFail("\(error)") }
        }
        let truncated = Array(GZip.compress(Array(one.utf8)).dropLast(12))
        XCTAssertThrowsError(try LottieFile(bytes: truncated)) { error in
            guard case .compression(let inner) = (error as! ContainerError).kind,
                  case .truncated = inner.kind else { return XCTFail("\(error)") }
        }
        let bomb = GZip.compress([UInt8](repeating: 0, count: 3 << 20))
        let limits = ArchiveLimits(entry: DecompressionLimits(maxOutputBytes: 1 << 20))
        XCTAssertThrowsError(try LottieFile(bytes: bomb, limits: limits)) { error in
            guard case .compression(let inner) = (error as! ContainerError).kind else { return XCTFail("\(error)") }
            XCTAssertEqual(inner.kind, .outputLimitExceeded(limit: 1 << 20))
        }
    }

    // MARK: dotLottie

    func testDotLottieV2WithImagesThemesAndStateMachines() throws {
        let manifest = #"""
            {"version":"2","generator":"test","animations":[{"id":"one"},{"id":"pic","name":"Picture"}],
             "themes":[{"id":"dark"}],"stateMachines":[{"id":"machine"}],"initial":{"animation":"pic"}}
            """#
        let file = try LottieFile(bytes: ZipFixture([
            .init("manifest.json", manifest), .init("a/one.json", one),
            .init("a/pic.json", ContainerFixtures.animationWithImage(directory: "/i/", file: "photo.png")),
            .init("i/photo.png", ContainerFixtures.pngBytes, method: 0), .init("t/dark.json", "{}"),
            .init("s/machine.json", "{}"),
        ]).build())
        XCTAssertEqual(file.kind, .dotLottie)
        XCTAssertEqual(file.manifest?.layoutVersion, 2)
        XCTAssertEqual(file.animations.map(\.id), ["one", "pic"])
        XCTAssertEqual(file.animations.map(\.name), [nil, "Picture"])
        XCTAssertEqual(file.defaultAnimationID, "pic")
        XCTAssertEqual(file.themes.map(\.path), ["t/dark.json"])
        XCTAssertEqual(file.stateMachines.map(\.path), ["s/machine.json"])
        XCTAssertEqual(file.imagePaths, ["i/photo.png"])

        let picture = try file.extract()
        XCTAssertEqual(picture.id, "pic")
        XCTAssertEqual(picture.images, [ImageResolution(
            assetID: "image_0", reference: "/i/photo.png",
            outcome: .embedded(path: "i/photo.png", byteCount: 16, mimeType: "image/png"))])
        guard case .image(let asset) = picture.animation.assets.first else { return XCTFail("no image asset") }
        XCTAssertEqual(asset.path, "data:image/png;base64," + Data(ContainerFixtures.pngBytes).base64EncodedString())
        XCTAssertEqual(asset.embedded, true)
        XCTAssertEqual(asset.directory, "")
        XCTAssertEqual(try file.extract("one").animation.name, "One")
    }

    func testDotLottieV1ImagesFolderAndActiveAnimation() throws {
        let manifest = #"{"version":"1.0","activeAnimationId":"b","animations":[{"id":"a"},{"id":"b"}],"states":["s1"]}"#
        let file = try LottieFile(bytes: ZipFixture([
            .init("manifest.json", manifest), .init("animations/a.json", one),
            .init("animations/b.json", ContainerFixtures.animationWithImage(directory: "/images/", file: "img_1.png")),
            .init("images/img_1.png", ContainerFixtures.pngBytes), .init("states/s1.json", "{}"),
        ]).build())
        XCTAssertEqual(file.manifest?.layoutVersion, 1)
        XCTAssertEqual(file.defaultAnimationID, "b")
        XCTAssertEqual(file.stateMachines.map(\.id), ["s1"])
        XCTAssertEqual(file.stateMachines.map(\.path), ["states/s1.json"])
        let extracted = try file.extract()
        XCTAssertEqual(extracted.path, "animations/b.json")
        guard case .embedded(let path, _, _) = extracted.images.first?.outcome else { return XCTFail("\(extracted.images)") }
        XCTAssertEqual(path, "images/img_1.png")
    }

    func testManifestProblems() throws {
        XCTAssertThrowsError(try LottieFile(bytes: ZipFixture([.init("manifest.json", "{\"animations\": [}")]).build())) { error in
            XCTAssertTrue("\(error)".hasPrefix("entry 'manifest.json': invalid manifest.json: line 1, column 17"), "\(error)")
        }
        XCTAssertThrowsError(try LottieFile(bytes: ZipFixture([.init("manifest.json", "{\"version\":\"2\"}")]).build())) { error in
            XCTAssertEqual("\(error)", "entry 'manifest.json': invalid manifest.json: there is no 'animations' array")
        }
        let file = try LottieFile(bytes: ZipFixture([
            .init("manifest.json", #"{"version":"2","animations":[{"id":"gone"},{"id":"here"}]}"#), .init("a/here.json", one),
        ]).build())
        XCTAssertEqual(file.animations.map(\.path), [nil, "a/here.json"])
        XCTAssertThrowsError(try file.extract()) { error in
            XCTAssertEqual(error as? ContainerError, ContainerError(.missingEntry("a/gone.json")))
        }
        XCTAssertThrowsError(try file.extract("nope")) { error in
            XCTAssertEqual("\(error)", "no animation 'nope' in the file (it has: gone, here)")
        }
    }

    func testAnimationThatDoesNotDecodeNamesItsEntry() throws {
        let file = try LottieFile(bytes: ZipFixture([
            .init("manifest.json", #"{"animations":[{"id":"bad"}]}"#), .init("animations/bad.json", #"{"layers": 3}"#),
        ]).build())
        XCTAssertThrowsError(try file.extract()) { error in
            let error = error as! ContainerError
            XCTAssertEqual(error.entry, "animations/bad.json")
            guard case .decoding = error.kind else { return XCTFail("\(error)") }
        }
    }

    // MARK: Zip bundles

    func testBundleWithImagesByRelativePath() throws {
        let file = try LottieFile(bytes: ZipFixture([
            .init("anim/data.json", ContainerFixtures.animationWithImage(directory: "images/", file: "img_0.png")),
            .init("anim/images/img_0.png", ContainerFixtures.pngBytes), .init("__MACOSX/anim/._data.json", "junk"),
        ]).build(), fileName: "bundle.zip")
        XCTAssertEqual(file.kind, .zipBundle)
        XCTAssertEqual(file.animations.map(\.id), ["anim/data"])
        XCTAssertEqual(file.defaultAnimationID, "anim/data")
        XCTAssertEqual(file.imagePaths, ["anim/images/img_0.png"])
        let extracted = try file.extract()
        guard case .embedded(let path, 16, "image/png") = extracted.images.first?.outcome else { return XCTFail("\(extracted.images)") }
        XCTAssertEqual(path, "anim/images/img_0.png")
    }

    func testBundleChoosesDataJSONOrTheArchiveNameOrAsks() throws {
        let withData = try LottieFile(bytes: ZipFixture([.init("a.json", one), .init("data.json", two)]).build())
        XCTAssertEqual(try withData.extract().animation.name, "Two")

        let archive = ZipFixture([.init("one.json", one), .init("two.json", two)]).build()
        XCTAssertEqual(try LottieFile(bytes: archive, fileName: "dir/two.zip").extract().animation.name, "Two")
        let ambiguous = try LottieFile(bytes: archive, fileName: "other.zip")
        XCTAssertNil(ambiguous.defaultAnimationID)
        XCTAssertThrowsError(try ambiguous.extract()) { error in
            XCTAssertEqual("\(error)", "the archive holds 2 animations (one, two); pick one by id")
        }
        XCTAssertEqual(try ambiguous.extract("one").animation.name, "One")
    }

    func testBundleWithoutJSONAndMissingImage() throws {
        XCTAssertThrowsError(try LottieFile(bytes: ZipFixture([.init("readme.txt", "hi")]).build())) { error in
            XCTAssertEqual("\(error)", "the zip archive has no manifest.json and no Lottie JSON file")
        }
        let file = try LottieFile(bytes: ZipFixture([
            .init("data.json", ContainerFixtures.animationWithImage(directory: "images/", file: "gone.png")),
        ]).build())
        let extracted = try file.extract()
        XCTAssertEqual(extracted.images, [ImageResolution(assetID: "image_0", reference: "images/gone.png", outcome: .notFound)])
        guard case .image(let asset) = extracted.animation.assets.first else { return XCTFail("no image asset") }
        XCTAssertEqual(asset.path, "gone.png")
    }

    // MARK: The sample

    /// `Samples/icons.lottie` holds the two sample icons byte for byte, `home` first and initial.
    func testTheSampleDotLottieHoldsTheSamples() throws {
        let samples = Corpus.samples
        let file = try LottieFile(bytes: [UInt8](try Data(contentsOf: samples.appendingPathComponent("icons.lottie"))))
        XCTAssertEqual(file.kind, .dotLottie)
        XCTAssertEqual(file.animations.map(\.id), ["home", "user"])
        XCTAssertEqual(file.defaultAnimationID, "home")
        for id in ["home", "user"] {
            XCTAssertEqual(try file.json(of: id).bytes,
                           [UInt8](try Data(contentsOf: samples.appendingPathComponent("\(id).json"))), id)
        }
    }
}
