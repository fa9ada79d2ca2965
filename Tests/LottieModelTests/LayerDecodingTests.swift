import Foundation
import XCTest
@testable import LottieModel

/// Layers: each type number to its `LayerContent`, the fields every layer has, and the
/// defaults of the fields files leave out.
final class LayerDecodingTests: XCTestCase {

    // MARK: Layer types

    func testEveryTypeNumberDecodesToItsContent() throws {
        let animation = try decode(Fixture.animation(layers: """
            {"ty": 0, "refId": "comp_0"},
            {"ty": 1, "sc": "#ff0000", "sw": 10, "sh": 20},
            {"ty": 2, "refId": "image_0"},
            {"ty": 3},
            {"ty": 4, "shapes": []},
            {"ty": 5, "t": {"d": {"k": [{"t": 0, "s": {"t": "Hi"}}]}}},
            {"ty": 6, "refId": "audio_0"},
            {"ty": 7},
            {"ty": 8},
            {"ty": 9},
            {"ty": 10},
            {"ty": 11},
            {"ty": 12},
            {"ty": 13, "pe": {"a": 0, "k": 1000}},
            {"ty": 14},
            {"ty": 15, "refId": "data_0"}
            """))
        let contents = animation.layers.map(\.content)
        let expected: [LayerContent] = [
            .precomp(PrecompLayerContent(assetID: "comp_0")),
            .solid(SolidLayerContent(color: "#ff0000", width: 10, height: 20)),
            .image(assetID: "image_0"),
            .null,
            .shape([]),
            .text(TextData(document: Animatable(.keyframes([Keyframe(time: 0, value: TextDocument(text: "Hi"))])))),
            .audio(assetID: "audio_0"),
            .videoPlaceholder,
            .imageSequence,
            .video,
            .imagePlaceholder,
            .guide,
            .adjustment,
            .camera(perspective: Animatable(1000)),
            .light,
            .data(assetID: "data_0"),
        ]
        XCTAssertEqual(contents.count, expected.count)
        for (index, (content, wanted)) in zip(contents, expected).enumerated() {
            XCTAssertEqual(content, wanted, "ty \(index)")
        }
        XCTAssertEqual(animation.layers.map(\.type.rawValue), Array(0...15))
        XCTAssertEqual(contents.map(\.type.description), [
            "precomp", "solid", "image", "null", "shape", "text", "audio", "video placeholder",
            "image sequence", "video", "image placeholder", "guide", "adjustment", "camera", "light", "data",
        ])
    }

    func testPrecompFields() throws {
        let layer = try decodeLayer("""
            {"ty": 0, "refId": "comp_1", "w": 512, "h": 256,
             "tm": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 60, "s": [2]}]}}
            """)
        guard case .precomp(let precomp) = layer.content else { return XCTFail("expected a precomp, got \(layer.content)") }
        XCTAssertEqual(precomp.assetID, "comp_1")
        XCTAssertEqual(precomp.width, 512)
        XCTAssertEqual(precomp.height, 256)
        XCTAssertEqual(precomp.timeRemap?.keyframes.map(\.time), [0, 60])
        XCTAssertEqual(precomp.timeRemap?.keyframes.map(\.value), [0, 2])
    }

    func testPrecompWithoutSizeOrTimeRemap() throws {
        let layer = try decodeLayer(#"{"ty": 0, "refId": "comp_1"}"#)
        XCTAssertEqual(layer.content, .precomp(PrecompLayerContent(assetID: "comp_1", width: nil, height: nil, timeRemap: nil)))
    }

    func testSolidFields() throws {
        let layer = try decodeLayer(##"{"ty": 1, "sc": "#3a7bd5", "sw": 1920, "sh": 1080.5}"##)
        guard case .solid(let solid) = layer.content else { return XCTFail("expected a solid, got \(layer.content)") }
        XCTAssertEqual(solid.color, "#3a7bd5")
        XCTAssertEqual(solid.width, 1920)
        XCTAssertEqual(solid.height, 1080.5)
    }

    func testImageWithoutRefIdHasAnEmptyAssetID() throws {
        XCTAssertEqual(try decodeLayer(#"{"ty": 2}"#).content, .image(assetID: ""))
    }

    func testShapeLayerKeepsItsShapesInOrder() throws {
        let layer = try decodeLayer("""
            {"ty": 4, "shapes": [
              {"ty": "el", "nm": "Dot", "s": {"k": [10, 10]}},
              {"ty": "fl", "nm": "Red", "c": {"k": [1, 0, 0]}}
            ]}
            """)
        guard case .shape(let items) = layer.content else { return XCTFail("expected a shape layer, got \(layer.content)") }
        XCTAssertEqual(items.map(\.typeCode), ["el", "fl"])
        XCTAssertEqual(items.map(\.name), ["Dot", "Red"])
    }

    func testShapeLayerWithoutShapes() throws {
        XCTAssertEqual(try decodeLayer(#"{"ty": 4}"#).content, .shape([]))
    }

    func testTextFields() throws {
        let layer = try decodeLayer("""
            {"ty": 5, "t": {
              "d": {"k": [
                {"t": 0, "s": {"t": "One", "f": "Sans", "s": 36, "fc": [0, 0, 0], "j": 0}},
                {"t": 30, "s": {"t": "Two\\rlines", "f": "Sans", "s": 36, "fc": [1, 1, 1], "j": 2}}
              ]},
              "p": {},
              "m": {"g": 1, "a": {"a": 0, "k": [0, 0]}},
              "a": [{"nm": "Fade", "s": {"t": 0, "r": 1}, "a": {"o": {"a": 0, "k": 0}, "fc": {"a": 0, "k": [1, 0, 0]}}}]
            }}
            """)
        guard case .text(let text) = layer.content else { return XCTFail("expected a text layer, got \(layer.content)") }
        XCTAssertEqual(text.document.keyframes.map(\.time), [0, 30])
        XCTAssertEqual(text.document.keyframes.map { $0.value?.text }, ["One", "Two\rlines"])
        XCTAssertEqual(text.document.keyframes.map { $0.value?.justification }, [0, 2])
        XCTAssertEqual(text.pathOptions, TextPathOptions())
        XCTAssertEqual(text.moreOptions?.grouping, 1)
        let animator = try XCTUnwrap(text.animators?.first)
        XCTAssertEqual(animator.name, "Fade")
        XCTAssertEqual(animator.selector?.units, 1)
        XCTAssertEqual(animator.style?.opacity, Animatable(0))
        XCTAssertEqual(animator.style?.fillColor, Animatable([1, 0, 0]))
        XCTAssertNil(animator.style?.position)
    }

    func testAudioAndDataWithoutRefId() throws {
        let animation = try decode(Fixture.animation(layers: #"{"ty": 6}, {"ty": 15}"#))
        XCTAssertEqual(animation.layers.map(\.content), [.audio(assetID: nil), .data(assetID: nil)])
    }

    func testCameraPerspective() throws {
        let layer = try decodeLayer(#"{"ty": 13, "pe": {"a": 0, "k": 1777.78}}"#)
        XCTAssertEqual(layer.content, .camera(perspective: Animatable(1777.78)))
        XCTAssertEqual(try decodeLayer(#"{"ty": 13}"#).content, .camera(perspective: nil))
    }

    func testUnknownTypeIsKeptAndDoesNotFailTheFile() throws {
        let animation = try decode(Fixture.animation(layers: """
            {"ty": 137, "nm": "Future", "ind": 1, "ip": 0, "op": 60, "future": {"x": [1, 2]}},
            {"ty": 3, "nm": "After", "ind": 2}
            """))
        XCTAssertEqual(animation.layers.count, 2)
        XCTAssertEqual(animation.layers[0].content, .unknown(type: 137))
        XCTAssertEqual(animation.layers[0].type, .unknown(137))
        XCTAssertEqual(animation.layers[0].type.description, "unknown type 137")
        XCTAssertEqual(animation.layers[0].name, "Future")
        XCTAssertEqual(animation.layers[1].content, .null)
    }

    // MARK: Common fields

    func testCommonFields() throws {
        let layer = try decodeLayer("""
            {"ty": 3, "nm": "Arm", "mn": "ADBE Null", "ind": 7, "parent": 2, "ddd": 1,
             "ip": 5, "op": 95, "st": -10, "sr": 2,
             "ks": {"a": {"a": 0, "k": [1, 2]}, "p": {"a": 0, "k": [50, 60]}, "s": {"a": 0, "k": [120, 80]},
                    "r": {"a": 0, "k": 30}, "o": {"a": 0, "k": 75}, "sk": {"a": 0, "k": 10}, "sa": {"a": 0, "k": 45},
                    "rx": {"a": 0, "k": 1}, "ry": {"a": 0, "k": 2}, "rz": {"a": 0, "k": 3}, "or": {"a": 0, "k": [0, 90, 0]}},
             "ao": 1, "hd": true, "bm": 16, "tt": 3, "tp": 6, "td": 1,
             "cl": "arm-class", "ln": "arm-id"}
            """)
        XCTAssertEqual(layer.name, "Arm")
        XCTAssertEqual(layer.matchName, "ADBE Null")
        XCTAssertEqual(layer.index, 7)
        XCTAssertEqual(layer.parent, 2)
        XCTAssertTrue(layer.is3D)
        XCTAssertEqual(layer.inPoint, 5)
        XCTAssertEqual(layer.outPoint, 95)
        XCTAssertEqual(layer.startTime, -10)
        XCTAssertEqual(layer.timeStretch, 2)
        XCTAssertTrue(layer.autoOrient)
        XCTAssertTrue(layer.hidden)
        XCTAssertEqual(layer.blendMode, .add)
        XCTAssertEqual(layer.blendMode.description, "add")
        XCTAssertEqual(layer.matteMode, .luma)
        XCTAssertEqual(layer.matteMode?.description, "luma")
        XCTAssertEqual(layer.matteParent, 6)
        XCTAssertTrue(layer.isMatteSource)
        XCTAssertEqual(layer.className, "arm-class")
        XCTAssertEqual(layer.htmlID, "arm-id")

        let transform = layer.transform
        XCTAssertEqual(transform.anchor, Animatable([1, 2]))
        XCTAssertEqual(transform.position, .combined(Animatable([50, 60])))
        XCTAssertEqual(transform.scale, Animatable([120, 80]))
        XCTAssertEqual(transform.rotation, Animatable(30))
        XCTAssertEqual(transform.opacity, Animatable(75))
        XCTAssertEqual(transform.skew, Animatable(10))
        XCTAssertEqual(transform.skewAxis, Animatable(45))
        XCTAssertEqual(transform.rotationX, Animatable(1))
        XCTAssertEqual(transform.rotationY, Animatable(2))
        XCTAssertEqual(transform.rotationZ, Animatable(3))
        XCTAssertEqual(transform.orientation, Animatable([0, 90, 0]))
        XCTAssertNil(transform.startOpacity)
    }

    func testDefaultsWhenFieldsAreMissing() throws {
        let layer = try decodeLayer(#"{"ty": 3}"#)
        XCTAssertNil(layer.name)
        XCTAssertNil(layer.matchName)
        XCTAssertNil(layer.index)
        XCTAssertNil(layer.parent)
        XCTAssertFalse(layer.is3D)
        XCTAssertEqual(layer.inPoint, 0)
        XCTAssertEqual(layer.outPoint, 0)
        XCTAssertEqual(layer.startTime, 0)
        XCTAssertEqual(layer.timeStretch, 1)
        XCTAssertEqual(layer.transform, Transform())
        XCTAssertFalse(layer.autoOrient)
        XCTAssertFalse(layer.hidden)
        XCTAssertEqual(layer.blendMode, .normal)
        XCTAssertNil(layer.matteMode)
        XCTAssertNil(layer.matteParent)
        XCTAssertFalse(layer.isMatteSource)
        XCTAssertNil(layer.hasMask)
        XCTAssertNil(layer.masks)
        XCTAssertNil(layer.effects)
        XCTAssertNil(layer.className)
        XCTAssertNil(layer.htmlID)
        XCTAssertEqual(layer, Layer(outPoint: 0, content: .null))
    }

    func testUnknownBlendAndMatteNumbersAreKept() throws {
        let layer = try decodeLayer(#"{"ty": 3, "bm": 42, "tt": 9}"#)
        XCTAssertEqual(layer.blendMode, .unknown(42))
        XCTAssertEqual(layer.blendMode.rawValue, 42)
        XCTAssertEqual(layer.blendMode.description, "blend mode 42")
        XCTAssertEqual(layer.matteMode, .unknown(9))
        XCTAssertEqual(layer.matteMode?.rawValue, 9)
        XCTAssertEqual(layer.matteMode?.description, "matte mode 9")
    }

    // MARK: Masks

    func testMasksWithEveryMode() throws {
        let layer = try decodeLayer("""
            {"ty": 4, "hasMask": true, "masksProperties": [
              {"mode": "a", "nm": "Mask 1", "inv": false,
               "pt": {"a": 0, "k": {"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}},
               "o": {"a": 0, "k": 50}, "x": {"a": 0, "k": -3}},
              {"mode": "s"}, {"mode": "i"}, {"mode": "l"}, {"mode": "d"}, {"mode": "f"}, {"mode": "n"},
              {"mode": "z"}, {}
            ], "shapes": []}
            """)
        XCTAssertEqual(layer.hasMask, true)
        let masks = try XCTUnwrap(layer.masks)
        XCTAssertEqual(masks.map(\.mode), [.add, .subtract, .intersect, .lighten, .darken, .difference, .none,
                                           MaskMode(rawValue: "z"), .add])
        XCTAssertEqual(masks.map(\.mode.description), ["add", "subtract", "intersect", "lighten", "darken",
                                                       "difference", "none", "mask mode 'z'", "add"])
        let first = masks[0]
        XCTAssertEqual(first.name, "Mask 1")
        XCTAssertEqual(first.inverted, false)
        XCTAssertEqual(first.opacity, Animatable(50))
        XCTAssertEqual(first.expansion, Animatable(-3))
        guard case .fixed(let path) = first.path?.content else { return XCTFail("expected a static mask path") }
        XCTAssertEqual(path.vertices, [[0, 0], [10, 0], [10, 10]])
        XCTAssertTrue(path.closed)
        XCTAssertNil(masks[1].path)
        XCTAssertNil(masks[1].inverted)
    }

    // MARK: Effects

    func testEffectsWithNestedParameters() throws {
        let layer = try decodeLayer("""
            {"ty": 1, "sc": "#000000", "sw": 10, "sh": 10, "ef": [
              {"ty": 5, "nm": "Slider Control", "mn": "ADBE Slider Control", "ix": 1, "en": 1, "ef": [
                {"ty": 0, "nm": "Slider", "mn": "ADBE Slider Control-0001", "ix": 1, "v": {"a": 0, "k": 12.5}}
              ]},
              {"ty": 21, "nm": "Fill", "en": 0, "ef": [
                {"ty": 2, "nm": "Color", "v": {"a": 0, "k": [1, 0, 0, 1]}},
                {"ty": 7, "nm": "Invert", "v": {"a": 0, "k": 0}},
                {"ty": 5, "nm": "Group", "ef": [{"ty": 0, "nm": "Inner", "v": 3}]}
              ]}
            ]}
            """)
        let effects = try XCTUnwrap(layer.effects)
        XCTAssertEqual(effects.map(\.type), [5, 21])
        XCTAssertEqual(effects.map(\.name), ["Slider Control", "Fill"])
        XCTAssertEqual(effects.map(\.enabled), [true, false])
        XCTAssertEqual(effects[0].matchName, "ADBE Slider Control")
        XCTAssertEqual(effects[0].propertyIndex, 1)

        let slider = try XCTUnwrap(effects[0].parameters?.first)
        XCTAssertEqual(slider.type, 0)
        XCTAssertEqual(slider.matchName, "ADBE Slider Control-0001")
        XCTAssertEqual(slider.value, .object(["a": .number(0), "k": .number(12.5)]))
        XCTAssertNil(slider.parameters)

        let fill = try XCTUnwrap(effects[1].parameters)
        XCTAssertEqual(fill.map(\.name), ["Color", "Invert", "Group"])
        XCTAssertEqual(fill[0].value?["k"], .array([.number(1), .number(0), .number(0), .number(1)]))
        XCTAssertEqual(fill[2].parameters?.first?.name, "Inner")
        XCTAssertEqual(fill[2].parameters?.first?.value, .number(3))
    }
}
