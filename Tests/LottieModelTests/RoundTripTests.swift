import Foundation
import XCTest
@testable import LottieModel

/// decode -> encode (`JSONEncoder`) -> decode gives the same model, and the encoded JSON uses
/// the forms current players read.
final class RoundTripTests: XCTestCase {

    // MARK: Documents

    /// Every layer type, masks, effects, text, and the legacy forms.
    private static let layersDocument = Fixture.animation(layers: """
        {"ty": 0, "nm": "Comp", "ind": 1, "refId": "comp_0", "w": 100, "h": 100, "ip": 0, "op": 60, "st": 5, "sr": 0.5,
         "tm": {"a": 1, "k": [{"t": 0, "s": [0], "h": 1}, {"t": 60, "s": [2]}]}},
        {"ty": 1, "ind": 2, "parent": 1, "sc": "#ff8800", "sw": 100, "sh": 50, "tt": 2, "tp": 3, "bm": 11,
         "hasMask": true, "masksProperties": [
           {"mode": "s", "nm": "Hole", "inv": 1, "o": {"a": 0, "k": 50}, "x": {"a": 0, "k": 2},
            "pt": {"a": 1, "k": [
              {"t": 0, "s": [{"c": true, "v": [[0, 0], [5, 5]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}],
                       "e": [{"closed": true, "v": [[1, 1], [6, 6]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}]},
              {"t": 10}]}},
           {"mode": "z"}]},
        {"ty": 2, "ind": 3, "td": 1, "refId": "image_0", "cl": "pic", "ln": "pic-id"},
        {"ty": 3, "ind": 4, "ddd": 1, "ao": 1, "hd": 1.0,
         "ks": {"a": {"k": [0, 0, 0]}, "p": {"s": true, "x": {"a": 0, "k": 10}, "y": {"k": [{"t": 0, "s": [0]}, {"t": 9, "s": [9]}]}, "z": {"k": 1}},
                "s": {"k": [100, 100, 100]}, "rx": {"k": 10}, "ry": {"k": 20}, "rz": {"k": 30}, "or": {"k": [0, 0, 0]},
                "o": 80, "sk": {"k": [0]}, "sa": {"k": [0]}}},
        {"ty": 5, "ind": 5, "t": {
           "d": {"t": "Static text", "f": "Sans", "s": 12, "fc": [255, 255, 255], "sc": [0, 0, 0], "sw": 1, "of": 1,
                 "j": 2, "tr": 10, "lh": 14, "ls": 1, "sz": [200, 40], "ps": [0, -20], "ca": 1},
           "p": {"m": 0, "f": {"a": 0, "k": 4}, "p": {"a": 0, "k": 1}}, "m": {"g": 1, "a": {"a": 0, "k": [0, -20]}},
           "a": [{"nm": "Wave", "s": {"t": 0, "xe": {"a": 0, "k": 0}, "b": 3, "sh": 2, "r": 2, "rn": 1,
                  "s": {"a": 0, "k": 1}, "e": {"a": 0, "k": 2}, "o": {"a": 0, "k": 0.5}}, "a": {
             "p": {"a": 0, "k": [0, -10]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [120, 120]},
             "r": {"a": 0, "k": 5}, "o": {"a": 0, "k": 50}, "sk": {"a": 0, "k": 1}, "sa": {"a": 0, "k": 2},
             "fc": {"a": 0, "k": [1, 0, 0]}, "sc": {"a": 0, "k": [0, 1, 0]}, "sw": {"a": 0, "k": 2},
             "t": {"a": 0, "k": 3}, "fo": {"a": 0, "k": 4}, "so": {"a": 0, "k": 5}, "fh": {"a": 0, "k": 6}}}]}},
        {"ty": 5, "ind": 6, "t": {"d": {"k": [
           {"t": 0, "s": {"t": "One", "f": "Sans", "s": 12}},
           {"t": 30, "s": {"t": "Two", "f": "Sans", "s": 18}}]}}},
        {"ty": 6, "refId": "audio_0"}, {"ty": 7}, {"ty": 8}, {"ty": 9}, {"ty": 10}, {"ty": 11},
        {"ty": 12, "ef": [{"ty": 5, "nm": "Slider", "en": 1, "ix": 1,
           "ef": [{"ty": 0, "nm": "Value", "mn": "ADBE Slider Control-0001", "v": {"a": 0, "k": 12.5}}]}]},
        {"ty": 13, "pe": {"a": 0, "k": 900}}, {"ty": 14}, {"ty": 15, "refId": "data_0"},
        {"ty": 137, "nm": "Unknown", "ind": 99, "something": [1, 2]}
        """, extra: """
        "ddd": 1, "nm": "Everything",
          "assets": [
            {"id": "comp_0", "nm": "Inner", "fr": 60, "layers": [{"ty": 3, "ind": 1}]},
            {"id": "image_0", "w": 8, "h": 8, "u": "", "p": "data:image/png;base64,AAAA", "e": 1, "t": "seq"},
            {"id": "image_1", "w": 8, "h": 8, "u": "images/", "p": "a.png", "e": 0, "sid": "img"},
            {"id": "audio_0", "u": "", "p": "a.mp3", "e": 0},
            {"id": "data_0", "t": 3, "p": "data.json", "nested": {"a": [1, true, null]}},
            {"id": "other", "x": 1}
          ],
          "markers": [{"cm": "a", "tm": 1, "dr": 2}, {"cm": "b", "tm": 3}],
          "fonts": {"list": [{"fName": "Sans", "fFamily": "Sans", "fStyle": "Regular", "ascent": 70, "origin": 1}]},
          "chars": [{"ch": "I", "size": 12, "style": "Regular", "w": 3, "fFamily": "Sans", "data": {"shapes": [
            {"ty": "sh", "ks": {"k": {"c": true, "v": [[0, 0], [0, 10]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}]}}],
          "slots": {"s1": {"p": {"a": 0, "k": 3}}},
          "meta": {"g": "hand", "k": ["a", 1, false, null, {"x": [2.5]}]},
          "mb": {"sa": 180}
        """)

    /// Every shape item, with the property forms: static, keyframed, legacy, hold, per-dimension
    /// easing, spatial tangents, expressions, slots, bare values, wrapped paths.
    private static let shapesDocument = Fixture.animation(layers: Fixture.shapeLayer(shapes: """
        {"ty": "gr", "nm": "G", "np": 4, "bm": 2, "hd": false, "it": [
          {"ty": "sh", "nm": "S", "d": 3, "ks": {"a": 0, "k": [{"closed": true, "v": [[0, 0], [1, 1]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}]}},
          {"ty": "rc", "p": {"a": 0, "k": [1, 2]}, "s": {"a": 0, "k": [3, 4]}, "r": {"a": 0, "k": 1}},
          {"ty": "el", "p": {"a": 1, "k": [
             {"t": 0, "s": [0, 0], "e": [10, 10], "to": [3, 3], "ti": [-3, -3],
              "o": {"x": [0.1, 0.2], "y": [0, 0]}, "i": {"x": 0.9, "y": 1}},
             {"t": 10}]}, "s": {"a": 0, "k": [5, 5], "x": "value * 2", "sid": "size", "ix": 2}},
          {"ty": "sr", "sy": 1, "pt": {"k": 5}, "or": {"k": 10}, "os": {"k": 0}, "ir": {"k": 5}, "is": {"k": 0}, "r": {"k": 0}},
          {"ty": "fl", "c": {"a": 0, "k": [255, 0, 0, 1]}, "o": 100, "r": 2, "bm": 0},
          {"ty": "st", "c": {"k": [0, 0, 1]}, "o": {"k": 100}, "w": {"k": [2]}, "lc": 2, "lj": 3, "ml": 4, "ml2": {"k": 4},
           "d": [{"n": "d", "nm": "dash", "v": {"k": 4}}, {"n": "g", "v": {"k": 2}}, {"n": "o", "v": {"k": 1}}]},
          {"ty": "gf", "o": {"k": 100}, "r": 1, "t": 2, "s": {"k": [0, 0]}, "e": {"k": [5, 0]}, "h": {"k": 10}, "a": {"k": 20},
           "g": {"p": 2, "k": {"k": [0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 1]}}},
          {"ty": "gs", "o": {"k": 100}, "w": {"k": 1}, "lc": 1, "lj": 1, "ml": 2, "t": 1, "s": {"k": [0, 0]}, "e": {"k": [5, 0]},
           "g": {"p": 1, "k": {"a": 1, "k": [{"t": 0, "s": [0, 1, 1, 1]}, {"t": 5, "s": [0, 0, 0, 0], "h": true}]}},
           "d": [{"n": "d", "v": {"k": 1}}]},
          {"ty": "tm", "s": {"k": 0}, "e": {"k": 50}, "o": {"k": 0}, "m": 1},
          {"ty": "rd", "r": {"k": 3}},
          {"ty": "rp", "c": {"k": 3}, "o": {"k": 0}, "m": 1,
           "tr": {"ty": "tr", "p": {"k": [5, 0]}, "s": {"k": [90, 90]}, "so": {"k": 100}, "eo": {"k": 0}}},
          {"ty": "mm", "mm": 3},
          {"ty": "pb", "a": {"k": 20}},
          {"ty": "zz", "r": {"k": 3}, "s": {"k": 4}, "pt": {"k": 1}},
          {"ty": "op", "a": {"k": 2}, "lj": 2, "ml": 4},
          {"ty": "xx", "nm": "Unknown", "payload": {"list": [1, "two", null, true]}},
          {"ty": "tr", "nm": "Transform", "a": {"k": [0, 0]}, "p": {"k": [10, 10]}, "s": {"k": [100, 100]},
           "r": {"k": 45}, "o": {"k": 90}, "sk": {"k": 0}, "sa": {"k": 0}}
        ]}
        """))

    // MARK: Round trips

    func testLayersAssetsAndTopLevelRoundTrip() throws {
        try assertRoundTrip(Self.layersDocument)
    }

    func testShapesAndPropertyFormsRoundTrip() throws {
        try assertRoundTrip(Self.shapesDocument)
    }

    func testSmallestDocumentRoundTrips() throws {
        try assertRoundTrip(#"{"fr": 30, "ip": 0, "op": 1, "w": 1, "h": 1, "layers": []}"#)
    }

    func testRoundTripKeepsTheDecodedValues() throws {
        // A round trip that loses everything equally would still compare equal: check some values survive.
        let animation = try reencoded(try decode(Self.layersDocument))
        XCTAssertEqual(animation.name, "Everything")
        XCTAssertTrue(animation.is3D)
        XCTAssertEqual(animation.layers.map(\.type.rawValue), [0, 1, 2, 3, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 137])
        XCTAssertEqual(animation.assets.map(\.id), ["comp_0", "image_0", "image_1", "audio_0", "data_0", "other"])
        XCTAssertEqual(animation.markers.map(\.name), ["a", "b"])
        XCTAssertEqual(animation.metadata?["k"], .array([.string("a"), .number(1), .bool(false), .null,
                                                         .object(["x": .array([.number(2.5)])])]))
        XCTAssertEqual(animation.layers[1].masks?.map(\.mode), [.subtract, MaskMode(rawValue: "z")])
        XCTAssertEqual(animation.layers.last?.content, .unknown(type: 137))
    }

    /// Every integer code of the model set to a number the format does not define.
    private static let unknownCodesDocument = Fixture.animation(layers: """
        {"ty": 137, "ind": 1, "bm": 42, "tt": 9},
        {"ty": 4, "ind": 2, "bm": -1, "tt": 0, "shapes": [
          {"ty": "gr", "bm": 18, "it": [
            {"ty": "sh", "d": 2, "ks": {"k": {"c": false, "v": [[0, 0]], "i": [[0, 0]], "o": [[0, 0]]}}},
            {"ty": "rc", "d": 0, "s": {"k": [1, 1]}},
            {"ty": "el", "d": 4, "s": {"k": [1, 1]}},
            {"ty": "sr", "d": 7, "sy": 3, "pt": {"k": 5}, "or": {"k": 10}},
            {"ty": "fl", "c": {"k": [1, 0, 0]}, "r": 3},
            {"ty": "st", "c": {"k": [0, 0, 1]}, "w": {"k": 1}, "lc": 4, "lj": 0},
            {"ty": "gf", "r": 0, "t": 3, "s": {"k": [0, 0]}, "e": {"k": [1, 0]}, "g": {"p": 1, "k": {"k": [0, 1, 1, 1]}}},
            {"ty": "gs", "lc": 9, "lj": 9, "t": 0, "s": {"k": [0, 0]}, "e": {"k": [1, 0]}, "g": {"p": 1, "k": {"k": [0, 1, 1, 1]}}},
            {"ty": "tm", "s": {"k": 0}, "e": {"k": 50}, "m": 3},
            {"ty": "rp", "c": {"k": 2}, "m": 0},
            {"ty": "mm", "mm": 6},
            {"ty": "op", "lj": 4}
          ]}
        ]}
        """)

    func testUnknownCodesRoundTrip() throws {
        try assertRoundTrip(Self.unknownCodesDocument)
    }

    func testUnknownCodesAreKeptAndWrittenBack() throws {
        let animation = try reencoded(try decode(Self.unknownCodesDocument))
        XCTAssertEqual(animation.layers[0].type, .unknown(137))
        XCTAssertEqual(animation.layers[0].blendMode, .unknown(42))
        XCTAssertEqual(animation.layers[0].matteMode, .unknown(9))
        XCTAssertEqual(animation.layers[1].blendMode, .unknown(-1))
        XCTAssertEqual(animation.layers[1].matteMode, .normal)
        guard case .shape(let shapes) = animation.layers[1].content, case .group(let group) = shapes.first else {
            return XCTFail("expected a shape layer with a group")
        }
        XCTAssertEqual(group.blendMode, .unknown(18))
        let items = group.items
        guard items.count == 12,
              case .path(let path) = items[0], case .rectangle(let rectangle) = items[1],
              case .ellipse(let ellipse) = items[2], case .polystar(let star) = items[3],
              case .fill(let fill) = items[4], case .stroke(let stroke) = items[5],
              case .gradientFill(let gradientFill) = items[6], case .gradientStroke(let gradientStroke) = items[7],
              case .trimPath(let trim) = items[8], case .repeater(let repeater) = items[9],
              case .merge(let merge) = items[10], case .offsetPath(let offset) = items[11] else {
            return XCTFail("unexpected items \(items)")
        }
        XCTAssertEqual([path.direction, rectangle.direction, ellipse.direction, star.direction],
                       [.unknown(2), .unknown(0), .unknown(4), .unknown(7)])
        XCTAssertEqual(star.starType, .unknown(3))
        XCTAssertEqual(fill.fillRule, .unknown(3))
        XCTAssertEqual(stroke.lineCap, .unknown(4))
        XCTAssertEqual(stroke.lineJoin, .unknown(0))
        XCTAssertEqual(gradientFill.fillRule, .unknown(0))
        XCTAssertEqual(gradientFill.gradient.type, .unknown(3))
        XCTAssertEqual(gradientStroke.stroke.lineCap, .unknown(9))
        XCTAssertEqual(gradientStroke.stroke.lineJoin, .unknown(9))
        XCTAssertEqual(gradientStroke.gradient.type, .unknown(0))
        XCTAssertEqual(trim.mode, .unknown(3))
        XCTAssertEqual(repeater.composite, .unknown(0))
        XCTAssertEqual(merge.mode, .unknown(6))
        XCTAssertEqual(offset.lineJoin, .unknown(4))
    }

    // MARK: Encoded forms

    func testStaticAndKeyframedScalarsAreWrittenAsCurrentPlayersExpect() throws {
        let json = try encodedObject(Animatable<Double>(5))
        XCTAssertEqual(json["a"] as? Int, 0)
        XCTAssertEqual(json["k"] as? Double, 5)

        let animated = Animatable<Double>(.keyframes([
            Keyframe(time: 0, value: 5, hold: true),
            Keyframe(time: 10, value: nil),
        ]))
        let keyed = try encodedObject(animated)
        XCTAssertEqual(keyed["a"] as? Int, 1)
        let keyframes = try XCTUnwrap(keyed["k"] as? [[String: Any]])
        XCTAssertEqual(keyframes[0]["s"] as? [Double], [5], "keyframe scalars are arrays")
        XCTAssertEqual(keyframes[0]["h"] as? Int, 1)
        XCTAssertEqual(keyframes[1].keys.sorted(), ["t"], "a final legacy keyframe keeps only its time")
    }

    func testPathsAreWrittenWithCAndKeyframePathsInAnArray() throws {
        let path = BezierPath(closed: true, vertices: [[0, 0]], inTangents: [[0, 0]], outTangents: [[1, 1]])
        let fixed = try encodedObject(Animatable(path))
        let value = try XCTUnwrap(fixed["k"] as? [String: Any])
        XCTAssertEqual(value["c"] as? Bool, true)
        XCTAssertNil(value["closed"])
        XCTAssertEqual(value["o"] as? [[Double]], [[1, 1]])

        let keyed = try encodedObject(Animatable<BezierPath>(.keyframes([Keyframe(time: 0, value: path, endValue: path)])))
        let keyframe = try XCTUnwrap((keyed["k"] as? [[String: Any]])?.first)
        XCTAssertEqual((keyframe["s"] as? [[String: Any]])?.count, 1)
        XCTAssertEqual((keyframe["e"] as? [[String: Any]])?.count, 1)
    }

    func testSplitPositionIsWrittenWithS() throws {
        let position = PositionProperty.split(x: Animatable(1), y: Animatable(2), z: nil)
        let json = try encodedObject(position)
        XCTAssertEqual(json["s"] as? Bool, true)
        XCTAssertEqual((json["x"] as? [String: Any])?["k"] as? Double, 1)
        XCTAssertEqual((json["y"] as? [String: Any])?["k"] as? Double, 2)
        XCTAssertNil(json["z"])
        XCTAssertNil(json["k"])
    }

    func testLayerTypeAndUnknownShapeAreWrittenBack() throws {
        let layer = try decodeLayer(Fixture.shapeLayer(shapes: #"{"ty": "xx", "nm": "Future", "n": 1}"#))
        let json = try encodedObject(layer)
        XCTAssertEqual(json["ty"] as? Int, 4)
        let shapes = try XCTUnwrap(json["shapes"] as? [[String: Any]])
        XCTAssertEqual(shapes.first?["ty"] as? String, "xx")
        XCTAssertEqual(shapes.first?["nm"] as? String, "Future")
        XCTAssertEqual(shapes.first?["n"] as? Int, 1)

        let unknown = try encodedObject(try decodeLayer(#"{"ty": 137}"#))
        XCTAssertEqual(unknown["ty"] as? Int, 137)
    }

    // MARK: Helpers

    /// decode -> encode -> decode is equal, and encoding the result again gives the same bytes.
    private func assertRoundTrip(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let original = try decode(json)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let first = try encoder.encode(original)
        let again = try LottieDecoder().decode(first)
        XCTAssertEqual(again, original, "decode -> encode -> decode", file: file, line: line)
        let second = try encoder.encode(again)
        XCTAssertEqual(String(decoding: second, as: UTF8.self), String(decoding: first, as: UTF8.self),
                       "encoding is stable", file: file, line: line)
    }

    private func encodedObject<T: Encodable>(_ value: T) throws -> [String: Any] {
        let data = try JSONEncoder().encode(value)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
