import Foundation
import XCTest
@testable import LottieModel

/// The forms older exporters write (FORMAT.md), each read through `LottieDecoder` from a
/// whole document as a player would receive it.
final class LegacyFormsDecodingTests: XCTestCase {

    // MARK: Properties

    func testPropertiesWithoutA() throws {
        let layer = try decodeLayer("""
            {"ty": 3, "ks": {
              "o": {"k": 80},
              "p": {"k": [50, 60, 0]},
              "r": {"k": [{"t": 0, "s": [0]}, {"t": 30, "s": [90]}]}
            }}
            """)
        XCTAssertEqual(layer.transform.opacity, Animatable(80))
        XCTAssertEqual(layer.transform.position, .combined(Animatable([50, 60, 0])))
        XCTAssertEqual(layer.transform.rotation?.keyframes.map(\.value), [0, 90])
    }

    func testScalarsWrittenAsOneElementArrays() throws {
        let layer = try decodeLayer("""
            {"ty": 3, "ks": {"o": {"a": 0, "k": [100]}, "r": {"a": 0, "k": [45]}}}
            """)
        XCTAssertEqual(layer.transform.opacity, Animatable(100))
        XCTAssertEqual(layer.transform.rotation, Animatable(45))
    }

    func testStartEndKeyframesWithAFinalTimeOnlyKeyframe() throws {
        let layer = try decodeLayer("""
            {"ty": 3, "ks": {"s": {"a": 1, "k": [
              {"t": 0, "s": [100, 100], "e": [50, 50],
               "i": {"x": [0.833, 0.833], "y": [0.833, 0.833]}, "o": {"x": [0.167, 0.167], "y": [0.167, 0.167]},
               "n": ["0p833_0p833_0p167_0p167", "0p833_0p833_0p167_0p167"]},
              {"t": 15, "s": [50, 50], "e": [100, 100]},
              {"t": 30}
            ]}}}
            """)
        let keyframes = try XCTUnwrap(layer.transform.scale?.keyframes)
        XCTAssertEqual(keyframes.map(\.time), [0, 15, 30])
        XCTAssertEqual(keyframes.map(\.value), [[100, 100], [50, 50], nil])
        XCTAssertEqual(keyframes.map(\.endValue), [[50, 50], [100, 100], nil])
        XCTAssertEqual(keyframes[0].inEasing, EasingHandle(x: [0.833, 0.833], y: [0.833, 0.833]))
    }

    // MARK: Paths

    func testClosedInsteadOfC() throws {
        let items = try decodeShapes("""
            {"ty": "sh", "ks": {"k": {"closed": true, "v": [[0, 0], [10, 0], [10, 10]],
                                      "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}}},
            {"ty": "sh", "ks": {"k": {"closed": false, "v": [[0, 0]], "i": [[0, 0]], "o": [[0, 0]]}}},
            {"ty": "sh", "ks": {"k": {"v": [[0, 0]], "i": [[0, 0]], "o": [[0, 0]]}}}
            """)
        XCTAssertEqual(items.map(Self.staticPath).map { $0?.closed }, [true, false, false])
        XCTAssertEqual(Self.staticPath(items[0])?.vertices, [[0, 0], [10, 0], [10, 10]])
    }

    func testStaticPathWrappedInAOneElementArray() throws {
        let item = try decodeShape("""
            {"ty": "sh", "ks": {"a": 0, "k": [
              {"c": true, "v": [[1, 2], [3, 4]], "i": [[0, 0], [-1, 0]], "o": [[1, 0], [0, 0]]}
            ]}}
            """)
        XCTAssertEqual(Self.staticPath(item), BezierPath(
            closed: true, vertices: [[1, 2], [3, 4]], inTangents: [[0, 0], [-1, 0]], outTangents: [[1, 0], [0, 0]]))
    }

    func testPathKeyframesHoldTheirPathInAnArray() throws {
        let item = try decodeShape("""
            {"ty": "sh", "ks": {"a": 1, "k": [
              {"t": 0,
               "s": [{"c": false, "v": [[0, 0], [10, 0]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}],
               "e": [{"c": false, "v": [[0, 5], [10, 5]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}]},
              {"t": 20}
            ]}}
            """)
        guard case .path(let shape) = item else { return XCTFail("expected a path, got \(item)") }
        let keyframes = shape.path.keyframes
        XCTAssertEqual(keyframes.count, 2)
        XCTAssertEqual(keyframes[0].value?.vertices, [[0, 0], [10, 0]])
        XCTAssertEqual(keyframes[0].endValue?.vertices, [[0, 5], [10, 5]])
        XCTAssertEqual(keyframes[0].value?.closed, false)
        XCTAssertNil(keyframes[1].value)
    }

    // MARK: Colours

    func testColoursAbove1AreKeptAsWritten() throws {
        let items = try decodeShapes("""
            {"ty": "fl", "c": {"a": 0, "k": [255, 128, 0, 1]}, "o": {"a": 0, "k": 100}},
            {"ty": "st", "c": {"a": 1, "k": [{"t": 0, "s": [0, 0, 255]}, {"t": 9, "s": [255, 255, 255]}]},
             "w": {"a": 0, "k": 2}}
            """)
        guard case .fill(let fill) = items[0], case .stroke(let stroke) = items[1] else {
            return XCTFail("expected a fill and a stroke, got \(items)")
        }
        // The model keeps the numbers; the evaluator decides 0...1 or 0...255 (FORMAT.md).
        XCTAssertEqual(fill.color.content, .fixed([255, 128, 0, 1]))
        XCTAssertEqual(stroke.color.keyframes.map(\.value), [[0, 0, 255], [255, 255, 255]])
    }

    // MARK: Text

    func testTextDocumentThatIsNotAnimated() throws {
        let layer = try decodeLayer("""
            {"ty": 5, "t": {
              "d": {"t": "Hi", "f": "Roboto-Regular", "s": 24, "j": 2, "fc": [1, 0, 0], "lh": 28.8},
              "a": []
            }}
            """)
        guard case .text(let text) = layer.content else { return XCTFail("expected a text layer, got \(layer.content)") }
        XCTAssertFalse(text.document.isAnimated)
        guard case .fixed(let document) = text.document.content else { return XCTFail("expected a fixed document") }
        XCTAssertEqual(document.text, "Hi")
        XCTAssertEqual(document.fontName, "Roboto-Regular")
        XCTAssertEqual(document.fontSize, 24)
        XCTAssertEqual(document.justification, 2)
        XCTAssertEqual(document.fillColor, [1, 0, 0])
        XCTAssertEqual(document.lineHeight, 28.8)
        XCTAssertEqual(text.animators, [])
    }

    // MARK: Flags and integers

    func testFlagsWrittenAsNumbersBooleansAndFractions() throws {
        let animation = try decode(Fixture.animation(layers: """
            {"ty": 4, "ddd": 1, "ao": true, "hd": 1.0, "td": 1, "hasMask": 1,
             "masksProperties": [{"mode": "a", "inv": 1}, {"mode": "s", "inv": false}],
             "ef": [{"ty": 5, "en": 1}],
             "shapes": [{"ty": "sh", "hd": 1, "ks": {"k": {"c": 1, "v": [], "i": [], "o": []}}},
                        {"ty": "fl", "hd": false, "c": {"k": [1, 1, 1]}}]},
            {"ty": 4, "ddd": 0, "ao": 0, "hd": false, "td": 0.0, "shapes": []},
            {"ty": 5, "t": {"d": {"k": [{"t": 0, "s": {"t": "A", "of": 1}}]}}}
            """, extra: #""ddd": 1.0, "assets": [{"id": "img", "p": "data:image/png;base64,AAAA", "e": 1}]"#))
        XCTAssertTrue(animation.is3D)
        let flagged = animation.layers[0], plain = animation.layers[1]
        XCTAssertEqual([flagged.is3D, flagged.autoOrient, flagged.hidden, flagged.isMatteSource], [true, true, true, true])
        XCTAssertEqual([plain.is3D, plain.autoOrient, plain.hidden, plain.isMatteSource], [false, false, false, false])
        XCTAssertEqual(flagged.hasMask, true)
        XCTAssertEqual(flagged.masks?.map(\.inverted), [true, false])
        XCTAssertEqual(flagged.effects?.first?.enabled, true)
        guard case .shape(let items) = flagged.content,
              case .path(let path) = items[0], case .fill(let fill) = items[1] else {
            return XCTFail("expected a path and a fill, got \(flagged.content)")
        }
        XCTAssertEqual(path.hidden, true)
        XCTAssertEqual(path.path.content, .fixed(BezierPath(closed: true, vertices: [], inTangents: [], outTangents: [])))
        XCTAssertEqual(fill.hidden, false)
        guard case .text(let text) = animation.layers[2].content else { return XCTFail("expected a text layer") }
        XCTAssertEqual(text.document.keyframes.first?.value?.strokeOverFill, true)
        guard case .image(let image) = animation.assets.first else { return XCTFail("expected an image asset") }
        XCTAssertEqual(image.embedded, true)
    }

    func testIntegersWrittenWithAFraction() throws {
        let animation = try decode(Fixture.animation(layers: """
            {"ty": 4.0, "ind": 3.0, "parent": 1.0, "tt": 1.0, "tp": 2.0, "bm": 3.0,
             "shapes": [
               {"ty": "sh", "d": 3.0, "ks": {"k": {"c": true, "v": [], "i": [], "o": []}}},
               {"ty": "st", "c": {"k": [0, 0, 0]}, "lc": 2.0, "lj": 3.0, "ml": 4},
               {"ty": "gf", "t": 2.0, "r": 2.0, "s": {"k": [0, 0]}, "e": {"k": [10, 0]},
                "g": {"p": 2.0, "k": {"k": [0, 1, 1, 1, 1, 0, 0, 0]}}}
             ]},
            {"ty": 5.0, "t": {"d": {"k": [{"t": 0, "s": {"t": "A", "j": 1.0, "ca": 1.0}}]}}}
            """, extra: #""fonts": {"list": [{"fName": "Sans", "origin": 0.0}]}"#))
        let layer = animation.layers[0]
        XCTAssertEqual(layer.type, .shape)
        XCTAssertEqual(layer.index, 3)
        XCTAssertEqual(layer.parent, 1)
        XCTAssertEqual(layer.matteMode, .alpha)
        XCTAssertEqual(layer.matteParent, 2)
        XCTAssertEqual(layer.blendMode, .overlay)
        guard case .shape(let items) = layer.content, items.count == 3,
              case .path(let path) = items[0], case .stroke(let stroke) = items[1],
              case .gradientFill(let gradient) = items[2] else {
            return XCTFail("expected a path, a stroke and a gradient fill, got \(layer.content)")
        }
        XCTAssertEqual(path.direction, .reversed)
        XCTAssertEqual(stroke.lineCap, .round)
        XCTAssertEqual(stroke.lineJoin, .bevel)
        XCTAssertEqual(stroke.miterLimit, 4)
        XCTAssertEqual(gradient.gradient.type, .radial)
        XCTAssertEqual(gradient.fillRule, .evenOdd)
        XCTAssertEqual(gradient.gradient.colors.colorStopCount, 2)
        guard case .text(let text) = animation.layers[1].content else { return XCTFail("expected a text layer") }
        XCTAssertEqual(text.document.keyframes.first?.value?.justification, 1)
        XCTAssertEqual(text.document.keyframes.first?.value?.caps, 1)
        XCTAssertEqual(animation.fonts?.list.first?.origin, 0)
    }

    func testFractionalIntegerIsRejected() throws {
        let error = try XCTUnwrap(decodingError(Fixture.animation(layers: #"{"ty": 4, "ind": 2.5}"#)))
        XCTAssertEqual(error.kind, .wrongType)
        XCTAssertEqual(error.path.description, "layers[0].ind")
        XCTAssertEqual(error.message, "expected a whole number, found 2.5")
    }

    // MARK: Helpers

    private static func staticPath(_ item: ShapeItem) -> BezierPath? {
        guard case .path(let shape) = item, case .fixed(let path) = shape.path.content else { return nil }
        return path
    }
}
