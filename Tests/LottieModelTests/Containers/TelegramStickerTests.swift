import Foundation
import XCTest
@testable import LottieModel

/// Telegram's sticker rules on fixtures written here, and packing.
final class TelegramStickerTests: XCTestCase {
    /// A sticker that follows every rule, with the `tgs` marker.
    let valid = """
        {"tgs":1,"v":"5.5.2","fr":60,"ip":0,"op":180,"w":512,"h":512,"nm":"Good","ddd":0,"assets":[],
         "layers":[{"ddd":0,"ind":1,"ty":4,"nm":"Ball","sr":1,"ks":{"p":{"a":0,"k":[256,256,0]}},"ao":0,
                    "shapes":[{"ty":"gr","it":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]}},
                                               {"ty":"gf","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[1,1]},
                                                "o":{"a":0,"k":100},"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}}},
                                               {"ty":"tr"}]}],
                    "ip":0,"op":180,"st":0}]}
        """

    static let maskPath = #"{"c":true,"v":[[0,0]],"i":[[0,0]],"o":[[0,0]]}"#

    func testAValidStickerHasNoFindings() throws {
        let report = try TelegramSticker.check(json: Array(valid.utf8))
        XCTAssertEqual(report.findings, [])
        XCTAssertTrue(report.isValid)
        XCTAssertTrue(report.isPackedSize)
        XCTAssertLessThan(report.stickerByteCount, 1000)
    }

    func testEveryRuleIsReportedAtItsPath() throws {
        let star = #"{"ty":"sr","sy":1,"nm":"Star","pt":{"a":0,"k":5},"p":{"a":0,"k":[0,0]},"r":{"a":0,"k":0},"#
            + #""or":{"a":0,"k":50},"os":{"a":0,"k":0},"ir":{"a":0,"k":20},"is":{"a":0,"k":0}}"#
        let polygon = star.replacingOccurrences(of: #""sy":1,"nm":"Star","#, with: #""sy":2,"#)
        let rainbow = #"{"ty":"gs","nm":"Rainbow","t":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[1,1]},"o":{"a":0,"k":100},"#
            + #""w":{"a":0,"k":2},"g":{"p":2,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}}}"#
        // Every layer and mask has what a valid file needs (ip, op, pt), so that only the rules are found.
        let json = """
            {"v":"5.5.2","fr":24,"ip":0,"op":240,"w":400,"h":512,"ddd":1,
             "assets":[{"id":"img","w":10,"h":10,"u":"images/","p":"a.png"},
                       {"id":"comp","layers":[{"ty":4,"nm":"Inner","ip":0,"op":240,"ks":{"o":{"a":0,"k":100,"x":"wiggle(1,2)"}},
                                                "shapes":[{"ty":"rp","nm":"Copies","c":{"a":0,"k":3},"o":{"a":0,"k":0},
                                                            "tr":{"so":{"a":0,"k":100},"eo":{"a":0,"k":100}}}]}]}],
             "layers":[{"ty":1,"nm":"Solid","ip":0,"op":240,"sr":2,"ks":{},"sc":"#ff0000","sw":10,"sh":10},
                       {"ty":2,"nm":"Picture","ip":0,"op":240,"refId":"img","ks":{}},
                       {"ty":5,"nm":"Words","ip":0,"op":240,"ks":{},"t":{"d":{"k":[{"t":0,"s":{"t":"Hi"}}]}}},
                       {"ty":0,"nm":"Comp","ip":0,"op":240,"refId":"comp","tm":{"a":0,"k":0},"ks":{}},
                       {"ty":4,"nm":"Shapes","ip":0,"op":240,"ddd":1,"ao":1,"ks":{},
                        "masksProperties":[{"mode":"a","pt":{"a":0,"k":\(Self.maskPath)}},{"mode":"s","pt":{"a":0,"k":\(Self.maskPath)}}],"ef":[{"ty":5}],
                        "shapes":[{"ty":"gr","nm":"G","it":[{"ty":"mm","nm":"Merge","mm":1},\(star),\(polygon),\(rainbow)]}]}]}
            """
        let report = try TelegramSticker.check(json: Array(json.utf8))
        XCTAssertEqual(report.findings.map { "\($0.severity.rawValue) \(Self.line($0))" }, [
            "error w: canvas 512x512: the canvas is 400 x 512 px, it must be 512 x 512",
            "error fr: 60 fps: 24 fps, it must be 60",
            "error op: at most 3 seconds: it lasts 10 s (ip 0 to op 240 at 24 fps), at most 3 s",
            "error ddd: no 3D layers: the composition is 3D (ddd 1)",
            "warning (root): \"tgs\": 1 marker: no \"tgs\": 1 member; Telegram's exporter writes it first in every sticker (packing adds it)",
            "error layers[0].ty: no solids: layer 'Solid' is a solid (ty 1)",
            "error layers[0].sr: no time stretching: layer 'Solid' is stretched in time (sr 2)",
            "error layers[1].ty: no images: layer 'Picture' is an image layer (ty 2)",
            "error layers[2].ty: no texts: layer 'Words' is a text layer (ty 5)",
            "error layers[3].tm: no time remapping: layer 'Comp' remaps time (tm)",
            "error layers[4].ddd: no 3D layers: layer 'Shapes' is 3D (ddd 1)",
            "error layers[4].ao: no auto-oriented layers: layer 'Shapes' auto-orients along its path (ao 1)",
            "error layers[4].masksProperties: no masks: layer 'Shapes' has 2 masks",
            "error layers[4].ef: no layer effects: layer 'Shapes' has 1 effect",
            "error layers[4].shapes[0].it[0]: no merge paths: merge paths 'Merge'",
            "error layers[4].shapes[0].it[1]: no star shapes: star 'Star' (the After Effects polystar tool)",
            "error layers[4].shapes[0].it[2]: no star shapes: polygon (the After Effects polystar tool)",
            "error layers[4].shapes[0].it[3]: no gradient strokes: gradient stroke 'Rainbow'",
            "error assets[0]: no images: image asset 'img'",
            "error assets[1].layers[0].shapes[0]: no repeaters: repeater 'Copies'",
            "error assets[1].layers[0].ks.o.x: no expressions: expression 'wiggle(1,2)'",
        ])
        XCTAssertFalse(report.isValid)
        XCTAssertEqual(report.warnings.count, 1)
    }

    func testThirtyFramesPerSecondIsAWarning() throws {
        let json = valid.replacingOccurrences(of: #""fr":60,"ip":0,"op":180"#, with: #""fr":30,"ip":0,"op":90"#)
        let report = try TelegramSticker.check(json: Array(json.utf8))
        XCTAssertEqual(report.findings.map(\.rule), [.frameRate])
        XCTAssertEqual(report.findings.first?.severity, .warning)
        XCTAssertTrue(report.isValid)
    }

    func testFileSizeOfATGSAndOfPackedJSON() throws {
        let report = try TelegramSticker.check(json: Array(valid.utf8), stickerByteCount: 70_000)
        XCTAssertEqual(report.findings.map(Self.line), ["(root): at most 64 KB: the .tgs file is 70000 bytes, more than 65536 (64 KB)"])
        XCTAssertFalse(report.isPackedSize)
        // Random digits do not compress: 200 KB of them cannot fit in 64 KB.
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<200_000).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
        let big = valid.replacingOccurrences(of: #""nm":"Good""#, with: #""nm":"\#(noise)""#)
        let packed = try TelegramSticker.check(json: Array(big.utf8))
        XCTAssertEqual(packed.findings.map(\.rule), [.fileSize])
        XCTAssertTrue(packed.findings[0].message.hasPrefix("packed as .tgs (minified, gzip level 9) it is "), packed.findings[0].message)
    }

    func testPackMinifiesAndAddsTheMarkerOnce() throws {
        let spaced = "\u{FEFF}{ \"v\" : \"5.5.2\",\n \"nm\": \"a \\\" b\\\\\" , \"fr\":60,\"ip\":0,\"op\":60,\"w\":512,\"h\":512,\"layers\":[ ] }"
        let packed = try TelegramSticker.pack(json: Array(spaced.utf8))
        XCTAssertEqual(String(decoding: try GZip.decompress(packed), as: UTF8.self),
                       #"{"tgs":1,"v":"5.5.2","nm":"a \" b\\","fr":60,"ip":0,"op":60,"w":512,"h":512,"layers":[]}"#)
        let again = try TelegramSticker.pack(json: try GZip.decompress(packed))
        XCTAssertEqual(try GZip.decompress(again), try GZip.decompress(packed))
        XCTAssertThrowsError(try TelegramSticker.pack(json: Array("[1]".utf8)))
    }

    // MARK: A valid file first

    /// A file a player trips on is no sticker: `AnimationValidator`'s errors are violations of
    /// the first rule, at their paths, and so is a layer type no sticker player draws.
    func testErrorsOfTheFileAreViolations() throws {
        let orphan = valid.replacingOccurrences(of: #""ip":0,"op":180,"st":0}]}"#,
                                                with: #""ip":0,"op":180,"st":0,"parent":7}]}"#)
        let report = try TelegramSticker.check(json: Array(orphan.utf8))
        XCTAssertFalse(report.isValid)
        XCTAssertEqual(report.violations.map(\.rule), [.validFile])
        XCTAssertEqual(report.violations.first?.path, "layers[0].parent")
        XCTAssertThrowsError(try TelegramSticker.check(json: Array("{".utf8)))

        let audio = valid.replacingOccurrences(of: #""ind":1,"ty":4,"#, with: #""ind":1,"ty":6,"#)
        let odd = try TelegramSticker.check(json: Array(audio.utf8))
        XCTAssertEqual(odd.violations.map(Self.line),
                       ["layers[0].ty: a valid Lottie file: layer 'Ball' has layer type 6, which sticker players do not draw "
                        + "(a sticker holds precomps, nulls and shape layers)"])
    }

    /// A finding as `lottie-cli sticker` shows it: where, which rule, what.
    private static func line(_ finding: LottieDiagnostic) -> String {
        "\(finding.path): \(finding.rule.map { "\($0)" } ?? finding.category.name): \(finding.message)"
    }
}
