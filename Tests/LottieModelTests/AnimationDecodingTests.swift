import Foundation
import XCTest
@testable import LottieModel

/// The top-level object: its fields, assets, markers, fonts, glyphs, and the members kept verbatim.
final class AnimationDecodingTests: XCTestCase {

    // MARK: Top-level fields

    func testTopLevelFields() throws {
        let animation = try decode("""
            {"v": "5.12.1", "nm": "Loader", "fr": 24, "ip": 12, "op": 132, "w": 512, "h": 256.5, "ddd": 0,
             "layers": [{"ty": 3, "nm": "Root"}]}
            """)
        XCTAssertEqual(animation.version, "5.12.1")
        XCTAssertEqual(animation.name, "Loader")
        XCTAssertEqual(animation.frameRate, 24)
        XCTAssertEqual(animation.inPoint, 12)
        XCTAssertEqual(animation.outPoint, 132)
        XCTAssertEqual(animation.width, 512)
        XCTAssertEqual(animation.height, 256.5)
        XCTAssertFalse(animation.is3D)
        XCTAssertEqual(animation.layers.map(\.name), ["Root"])
        XCTAssertEqual(animation.durationFrames, 120)
        XCTAssertEqual(animation.durationSeconds, 5)
    }

    func testOptionalMembersDefaultToEmpty() throws {
        let animation = try decode(#"{"fr": 30, "ip": 0, "op": 30, "w": 10, "h": 10, "layers": []}"#)
        XCTAssertNil(animation.version)
        XCTAssertNil(animation.name)
        XCTAssertFalse(animation.is3D)
        XCTAssertEqual(animation.assets, [])
        XCTAssertEqual(animation.layers, [])
        XCTAssertEqual(animation.markers, [])
        XCTAssertNil(animation.fonts)
        XCTAssertNil(animation.glyphs)
        XCTAssertNil(animation.slots)
        XCTAssertNil(animation.metadata)
        XCTAssertNil(animation.motionBlur)
        XCTAssertEqual(animation, LottieAnimation(frameRate: 30, inPoint: 0, outPoint: 30, width: 10, height: 10, layers: []))
    }

    func testDurationInSecondsIsZeroWithoutAFrameRate() throws {
        let animation = try decode(#"{"fr": 0, "ip": 0, "op": 30, "w": 10, "h": 10, "layers": []}"#)
        XCTAssertEqual(animation.durationFrames, 30)
        XCTAssertEqual(animation.durationSeconds, 0)
    }

    func testNumericVersionIsKeptAsText() throws {
        let animation = try decode(#"{"v": 5, "fr": 30, "ip": 0, "op": 30, "w": 10, "h": 10, "layers": []}"#)
        XCTAssertEqual(animation.version, "5")
    }

    // MARK: Assets

    func testEveryKindOfAsset() throws {
        let animation = try decode(Fixture.animation(extra: """
            "assets": [
                {"id": "comp_0", "nm": "Inner", "fr": 60, "layers": [{"ty": 3, "nm": "Inside"}]},
                {"id": "image_0", "w": 64, "h": 32, "u": "", "p": "data:image/png;base64,iVBORw0KGgo=", "e": 1},
                {"id": "image_1", "w": 128, "h": 128, "u": "images/", "p": "img_1.png", "e": 0, "nm": "Photo"},
                {"id": "audio_0", "u": "sounds/", "p": "beep.mp3", "e": 0},
                {"id": "audio_1", "p": "data:audio/mpeg;base64,SUQz", "e": 1},
                {"id": "data_0", "t": 3, "fileType": "csv", "p": "table.csv"},
                {"id": "mystery", "x": [1]}
              ]
            """))
        let assets = animation.assets
        XCTAssertEqual(assets.map(\.id), ["comp_0", "image_0", "image_1", "audio_0", "audio_1", "data_0", "mystery"])

        guard case .precomposition(let precomp) = assets[0] else { return XCTFail("expected a precomp, got \(assets[0])") }
        XCTAssertEqual(precomp.name, "Inner")
        XCTAssertEqual(precomp.frameRate, 60)
        XCTAssertEqual(precomp.layers.map(\.name), ["Inside"])
        XCTAssertEqual(animation.precomposition(id: "comp_0"), precomp)
        XCTAssertNil(animation.precomposition(id: "image_0"))

        guard case .image(let embedded) = assets[1] else { return XCTFail("expected an image, got \(assets[1])") }
        XCTAssertEqual(embedded.width, 64)
        XCTAssertEqual(embedded.height, 32)
        XCTAssertEqual(embedded.directory, "")
        XCTAssertEqual(embedded.path, "data:image/png;base64,iVBORw0KGgo=")
        XCTAssertEqual(embedded.embedded, true)

        guard case .image(let linked) = assets[2] else { return XCTFail("expected an image, got \(assets[2])") }
        XCTAssertEqual(linked.directory, "images/")
        XCTAssertEqual(linked.path, "img_1.png")
        XCTAssertEqual(linked.embedded, false)
        XCTAssertEqual(linked.name, "Photo")

        guard case .sound(let sound) = assets[3] else { return XCTFail("expected a sound, got \(assets[3])") }
        XCTAssertEqual(sound.directory, "sounds/")
        XCTAssertEqual(sound.path, "beep.mp3")
        guard case .sound(let embeddedSound) = assets[4] else { return XCTFail("expected a sound, got \(assets[4])") }
        XCTAssertEqual(embeddedSound.embedded, true)

        XCTAssertEqual(assets[5], .dataSource(id: "data_0", raw: .object([
            "id": .string("data_0"), "t": .number(3), "fileType": .string("csv"), "p": .string("table.csv"),
        ])))
        XCTAssertEqual(assets[6], .unknown(id: "mystery", raw: .object([
            "id": .string("mystery"), "x": .array([.number(1)]),
        ])))
    }

    func testImageSequenceFrameAndSlottedImage() throws {
        let animation = try decode(Fixture.animation(extra: """
            "assets": [
                {"id": "seq_0", "w": 10, "h": 10, "u": "seq/", "p": "frame_0.png", "t": "seq"},
                {"id": "slot_img", "sid": "hero"}
              ]
            """))
        guard case .image(let frame) = animation.assets[0], case .image(let slotted) = animation.assets[1] else {
            return XCTFail("expected two images, got \(animation.assets)")
        }
        XCTAssertEqual(frame.type, .string("seq"))
        XCTAssertEqual(slotted.slotID, "hero")
        XCTAssertNil(slotted.path)
    }

    func testSoundFileWithASizeIsAnImage() throws {
        // Only an asset without a size is taken for a sound.
        let animation = try decode(Fixture.animation(extra: #""assets": [{"id": "odd", "w": 1, "h": 1, "p": "x.wav"}]"#))
        guard case .image(let image) = animation.assets.first else { return XCTFail("expected an image") }
        XCTAssertEqual(image.path, "x.wav")
    }

    func testNestedPrecompositions() throws {
        let animation = try decode(Fixture.animation(layers: #"{"ty": 0, "refId": "outer"}"#, extra: """
            "assets": [
                {"id": "outer", "layers": [{"ty": 0, "refId": "inner", "ind": 1}]},
                {"id": "inner", "layers": [{"ty": 4, "shapes": []}]}
              ]
            """))
        let outer = try XCTUnwrap(animation.precomposition(id: "outer"))
        XCTAssertEqual(outer.layers.first?.content, .precomp(PrecompLayerContent(assetID: "inner")))
        XCTAssertEqual(animation.precomposition(id: "inner")?.layers.first?.content, .shape([]))
        XCTAssertNil(animation.precomposition(id: "missing"))
    }

    // MARK: Markers

    func testMarkers() throws {
        let animation = try decode(Fixture.animation(extra: """
            "markers": [
                {"cm": "intro", "tm": 0, "dr": 30},
                {"cm": "{\\r\\n\\"name\\": \\"loop\\"\\r\\n}", "tm": 30.5, "dr": 60},
                {"cm": "end", "tm": 90}
              ]
            """))
        XCTAssertEqual(animation.markers, [
            Marker(name: "intro", time: 0, duration: 30),
            Marker(name: "{\r\n\"name\": \"loop\"\r\n}", time: 30.5, duration: 60),
            Marker(name: "end", time: 90, duration: 0),
        ])
        XCTAssertEqual(animation.markers.map(\.endTime), [30, 90.5, 90])
    }

    // MARK: Fonts and glyphs

    func testFonts() throws {
        let animation = try decode(Fixture.animation(extra: """
            "fonts": {"list": [
                {"fName": "Roboto-Bold", "fFamily": "Roboto", "fStyle": "Bold", "ascent": 75.5,
                 "fPath": "https://example.com/roboto.ttf", "origin": 3, "fWeight": "700", "fClass": "title"},
                {"fName": "Mono", "fFamily": "Courier"}
              ]}
            """))
        let fonts = try XCTUnwrap(animation.fonts?.list)
        XCTAssertEqual(fonts.count, 2)
        XCTAssertEqual(fonts[0].name, "Roboto-Bold")
        XCTAssertEqual(fonts[0].family, "Roboto")
        XCTAssertEqual(fonts[0].style, "Bold")
        XCTAssertEqual(fonts[0].ascent, 75.5)
        XCTAssertEqual(fonts[0].path, "https://example.com/roboto.ttf")
        XCTAssertEqual(fonts[0].origin, 3)
        XCTAssertEqual(fonts[0].weight, "700")
        XCTAssertEqual(fonts[0].className, "title")
        XCTAssertEqual(fonts[1], LottieFont(name: "Mono", family: "Courier"))
    }

    func testEmptyFontObject() throws {
        let animation = try decode(Fixture.animation(extra: #""fonts": {}"#))
        XCTAssertEqual(animation.fonts, FontList(list: []))
    }

    func testGlyphsWithShapes() throws {
        let animation = try decode(Fixture.animation(extra: """
            "chars": [
                {"ch": "A", "size": 100, "style": "Regular", "w": 66.7, "fFamily": "Roboto",
                 "data": {"shapes": [
                   {"ty": "gr", "nm": "A", "it": [
                     {"ty": "sh", "ks": {"a": 0, "k": {"c": true, "v": [[0, 0], [30, -70], [60, 0]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}}
                   ]}
                 ]}},
                {"ch": " ", "size": 100, "style": "Regular", "w": 25, "fFamily": "Roboto", "data": {}}
              ]
            """))
        let glyphs = try XCTUnwrap(animation.glyphs)
        XCTAssertEqual(glyphs.map(\.character), ["A", " "])
        XCTAssertEqual(glyphs[0].size, 100)
        XCTAssertEqual(glyphs[0].style, "Regular")
        XCTAssertEqual(glyphs[0].width, 66.7)
        XCTAssertEqual(glyphs[0].family, "Roboto")
        let shapes = try XCTUnwrap(glyphs[0].data?.shapes)
        guard case .group(let group) = shapes.first, case .path(let path) = group.items.first,
              case .fixed(let outline) = path.path.content else {
            return XCTFail("expected a group holding a static path, got \(shapes)")
        }
        XCTAssertEqual(outline.vertices, [[0, 0], [30, -70], [60, 0]])
        XCTAssertTrue(outline.closed)
        XCTAssertEqual(glyphs[1].data, GlyphData(shapes: nil))
        XCTAssertEqual(glyphs[1].width, 25)
    }

    // MARK: Kept verbatim

    func testSlotsMetadataAndMotionBlurAreKeptVerbatim() throws {
        let animation = try decode(Fixture.animation(extra: """
            "slots": {"brand": {"p": {"a": 0, "k": [1, 0.5, 0]}}, "title": {"p": {"k": {"t": "Hello"}}}},
              "meta": {"g": "LottieFiles AE 3.5.6", "a": "Ana", "k": ["loader", "spin"], "d": "", "tc": null, "x": true},
              "mb": {"sa": 180, "sp": 0, "spf": 16, "asl": 128}
            """))
        XCTAssertEqual(animation.slots, .object([
            "brand": .object(["p": .object(["a": .number(0), "k": .array([.number(1), .number(0.5), .number(0)])])]),
            "title": .object(["p": .object(["k": .object(["t": .string("Hello")])])]),
        ]))
        XCTAssertEqual(animation.metadata, .object([
            "g": .string("LottieFiles AE 3.5.6"), "a": .string("Ana"),
            "k": .array([.string("loader"), .string("spin")]), "d": .string(""), "tc": .null, "x": .bool(true),
        ]))
        XCTAssertEqual(animation.metadata?["g"]?.stringValue, "LottieFiles AE 3.5.6")
        XCTAssertEqual(animation.motionBlur?["spf"]?.numberValue, 16)
    }
}
