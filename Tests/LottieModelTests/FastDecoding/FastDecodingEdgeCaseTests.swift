import Foundation
import XCTest
@testable import LottieModel

/// The corners where the fast path must copy what `JSONDecoder` does rather than what seems
/// natural: duplicate keys, escaped keys, members in unusual orders, values only kept
/// verbatim, and input only `JSONDecoder` can report on.
final class FastDecodingEdgeCaseTests: XCTestCase {
    // MARK: Keys

    func testTheFirstOfDuplicateKeysIsUsedAndTheOthersAreNotRead() throws {
        let animation = try decode(Fixture.animation(layers: """
            {"ty": 3, "ty": "four", "nm": "first", "nm": {"not": "read"}, "ks": {"o": {"k": 50}, "o": 1e400}}
            """, extra: #""fr": "thirty", "meta": {"a": 1, "a": 1e400}"#))
        XCTAssertEqual(animation.frameRate, 30)
        XCTAssertEqual(animation.layers[0].name, "first")
        XCTAssertEqual(animation.layers[0].transform.opacity?.content, .fixed(50))
        XCTAssertEqual(animation.metadata, .object(["a": .number(1)]))
    }

    func testEscapedKeysAreMatchedByTheirDecodedText() throws {
        let layer = try decodeLayer(#"{"\u0074y": 4, "\u006Em": "escaped", "shap\u0065s": [], "n\u0000m": "not nm"}"#)
        XCTAssertEqual(layer.type, .shape)
        XCTAssertEqual(layer.name, "escaped")
    }

    func testKeysThatOnlyLookLikeLottieKeysAreUnknown() throws {
        let layer = try decodeLayer(#"{"ty": 3, "nm": "kept", "ｎm": "fullwidth", "nm ": "space", "NM": "upper"}"#)
        XCTAssertEqual(layer.name, "kept")
    }

    func testLongKeys() throws {
        let layer = try decodeLayer("""
            {"ty": 3, "masksProperties": [{"mode": "s"}], "masksPropertiesX": 1, "averyveryverylongkey": {"k": 1}}
            """)
        XCTAssertEqual(layer.masks?.first?.mode, .subtract)
    }

    // MARK: Order of members

    func testTypeAfterTheMembersItDecides() throws {
        let layer = try decodeLayer("""
            {"shapes": [{"it": [{"v": [[0, 0]], "ks": {"k": {"v": [[1, 2]], "c": true}}, "ty": "sh"}], "ty": "gr"}],
             "refId": {"ignored": true}, "ind": 1, "ty": 4}
            """)
        guard case .shape(let items) = layer.content, case .group(let group) = items.first,
              case .path(let path) = group.items.first else { return XCTFail("\(layer.content)") }
        XCTAssertEqual(path.path.content, .fixed(BezierPath(closed: true, vertices: [[1, 2]], inTangents: [], outTangents: [])))
    }

    func testSplitPositionDecidedAfterItsComponents() throws {
        let transform = try decodeValue(Transform.self, """
            {"p": {"x": {"k": 7}, "y": {"k": 8}, "z": {"k": 9}, "s": 1, "ix": "unread"}}
            """)
        XCTAssertEqual(transform.position, .split(x: Animatable(7), y: Animatable(8), z: Animatable(9)))
        let combined = try decodeValue(PositionProperty.self, #"{"x": "time", "k": [1, 2], "y": 3, "sid": "p", "ix": 2}"#)
        XCTAssertEqual(combined, .combined(Animatable(.fixed([1, 2]), expression: "time", slotID: "p", propertyIndex: 2)))
    }

    func testClosedIsReadOnlyWhenCIsMissing() throws {
        let path = try decodeValue(BezierPath.self, #"{"closed": "not a flag", "c": 1, "v": [[0, 0]]}"#)
        XCTAssertTrue(path.closed)
        XCTAssertTrue(try decodeValue(BezierPath.self, #"{"c": null, "closed": true}"#).closed)
    }

    func testKeyframeListRecognisedByTheFirstElementsTime() throws {
        let late = try decodeValue(Animatable<Double>.self, #"{"k": [{"i": {"x": 1, "y": 1}, "o": {"x": 0, "y": 0}, "s": [1], "t": 3}]}"#)
        XCTAssertEqual(late.keyframes.map(\.time), [3])
        let path = try decodeValue(Animatable<BezierPath>.self, #"{"k": [{"c": true, "v": [[1, 1]]}, "ignored"]}"#)
        XCTAssertFalse(path.isAnimated)
    }

    // MARK: Assets

    func testAssetsAreClassifiedByTheirMembersWhateverTheirOrder() throws {
        let animation = try decode(Fixture.animation(extra: """
            "assets": [
              {"p": "a.png", "w": 1, "h": 1, "id": "late precomp", "layers": []},
              {"id": "data", "p": "x.json", "t": [3]},
              {"id": "data too", "t": 3.0, "u": "/"},
              {"id": "text 3", "t": "3", "p": "b.png"},
              {"id": 7, "e": 1},
              {"id": "sound", "p": "DATA:AUDIO/MP3;BASE64,AAAA"}
            ]
            """))
        XCTAssertEqual(animation.assets.map(\.id), ["late precomp", "data", "data too", "text 3", "7", "sound"])
        guard case .dataSource = animation.assets[1], case .image = animation.assets[3], case .unknown = animation.assets[4],
              case .sound = animation.assets[5] else { return XCTFail("\(animation.assets)") }
    }

    // MARK: Verbatim values

    func testVerbatimValuesKeepNumbersAndStringsExactly() throws {
        let animation = try decode(Fixture.animation(extra: #""meta": {"z": -0, "e": 1E-7, "s": "tab\tand \u00e9 \ud83d\ude00", "n": null, "l": [true, {}]}"#))
        XCTAssertEqual(animation.metadata?["z"]?.numberValue?.sign, .minus)
        XCTAssertEqual(animation.metadata?["s"], .string("tab\tand é 😀"))
    }

    // MARK: What JSONDecoder reports without a place

    // `JSONDecoder` refuses these valid documents with "The given data was not valid JSON." and
    // no coding path; both paths (`decodingError` checks them against each other) name the value.

    func testUnpairedSurrogatesInKeptStringsAndKeys() throws {
        let string = try XCTUnwrap(decodingError(Fixture.animation(layers: #"{"ty": 3, "nm": "a\uD800"}"#)))
        XCTAssertEqual(string.kind, .invalidValue)
        XCTAssertEqual(string.description,
                       #"layers[0].nm (line 3, column 30): the string holds \uD800, half of a UTF-16 surrogate pair without the other half"#)
        let key = try XCTUnwrap(decodingError(Fixture.animation(layers: #"{"ty": 3, "\udc00": 1}"#)))
        XCTAssertEqual(key.description,
                       #"layers[0] (line 3, column 24): the key holds \udc00, half of a UTF-16 surrogate pair without the other half"#)
        let kept = try XCTUnwrap(decodingError(Fixture.animation(extra: #""meta": {"ok": "\uD83D\uDE00", "\uDBFF": 1}"#)))
        XCTAssertEqual(kept.description,
                       #"meta (line 3, column 34): the key holds \uDBFF, half of a UTF-16 surrogate pair without the other half"#)
    }

    func testAKeyframeEntryJSONDecoderCannotReadIsPassedOver() throws {
        // The entry is not an object to `JSONDecoder`, and entries that are not are passed over:
        // the fast path alone fails, and `LottieDecoder` answers with the `Codable` path.
        let json = Fixture.animation(layers: #"{"ty": 3, "ks": {"o": {"k": [{"t": 0, "s": [1]}, {"\uD800": 1}]}}}"#)
        XCTAssertThrowsError(try LottieDecoder().decodeFastOnly(Data(json.utf8)))
        let animation = try LottieDecoder().decode(json)
        XCTAssertEqual(animation, try LottieDecoder(strategy: .codable).decode(json))
        guard case .keyframes(let keyframes) = animation.layers[0].transform.opacity?.content else {
            return XCTFail("\(String(describing: animation.layers[0].transform.opacity))")
        }
        XCTAssertEqual(keyframes.map(\.time), [0])
    }

    func testUnpairedSurrogatesAndHugeNumbersInSkippedValuesAreFine() throws {
        let layer = try decodeLayer(#"{"ty": 3, "unknown": ["\uD800", 1e400, {"\uDFFF": -1e-400}]}"#)
        XCTAssertEqual(layer.type, .null)
    }

    func testNumbersOutOfRangeInVerbatimValues() throws {
        let error = try XCTUnwrap(decodingError(Fixture.animation(extra: #""meta": {"big": 1e400}"#)))
        XCTAssertEqual(error.description, "meta.big (line 3, column 19): expected a number, found 1e400, which is out of range")
        let inList = try XCTUnwrap(decodingError(Fixture.animation(extra: #""meta": {"l": [1, -1e-400]}"#)))
        XCTAssertEqual(inList.description, "meta.l[1] (line 3, column 21): expected a number, found -1e-400, which is out of range")
    }

    func testNestingBeyondJSONDecodersOwnLimit() throws {
        let decoder = LottieDecoder(maxDepth: 1000)
        // The top-level object is level 1: 511 nested arrays make 512 levels, the most `JSONDecoder` reads.
        func document(arrays depth: Int) -> String {
            Fixture.animation(extra: #""meta": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        }
        XCTAssertNoThrow(try decoder.decode(document(arrays: 511)))
        let error = try XCTUnwrap(decodingError(document(arrays: 600), decoder: decoder))
        XCTAssertEqual(error.kind, .tooLarge)
        XCTAssertEqual(error.path.description, "meta" + String(repeating: "[0]", count: 511))
        XCTAssertEqual(error.location?.line, 3)
        XCTAssertEqual(error.location?.column, 11 + 511, "the 512th '[' of meta")
        XCTAssertEqual(error.message, "nesting deeper than 512 levels, the most the JSON decoder reads")
    }

    // MARK: Where a fault is

    func testThePathOfAValueIsFoundFromItsOffset() {
        let text = #"{"a": [1, {"b": "x"}], "c": null}"#
        let bytes = Array(text.utf8)
        func path(at fragment: String) -> String? {
            let offset = text.utf8.count - text[text.range(of: fragment)!.lowerBound...].utf8.count
            return JSONScanner.path(ofValueAt: offset, in: bytes)?.description
        }
        XCTAssertEqual(path(at: "{\"a\""), "(root)")
        XCTAssertEqual(path(at: "[1"), "a")
        XCTAssertEqual(path(at: "1,"), "a[0]")
        XCTAssertEqual(path(at: "{\"b"), "a[1]")
        XCTAssertEqual(path(at: "\"x\""), "a[1].b")
        XCTAssertEqual(path(at: "null"), "c")
        XCTAssertNil(path(at: "\"c\""), "a key is not a value")
    }

    // MARK: Robustness

    func testEveryPrefixOfADocumentFailsWithoutCrashing() throws {
        let json = Array(FastDecodingDifferentialTests.seeds[0].utf8)
        for length in stride(from: 0, to: json.count, by: 7) {
            let prefix = Data(json[..<length])
            XCTAssertThrowsError(try LottieDecoder().decodeFastOnly(prefix), "\(length) bytes")
        }
    }

    func testRandomBytesFailWithoutCrashing() {
        var generator = SeededGenerator(seed: 7)
        let alphabet = Array(#"{}[]:,"\ 0123456789.eE+-truefalsnl\#u{0}ty"#.utf8) + [0xC3, 0xA9, 0xFF, 0xED, 0xA0]
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            _ = FastDecoding.decode(LottieAnimation.self, from: Data(#"{"layers": ["#.utf8 + bytes), maxDepth: 16)
            _ = FastDecoding.decode(JSONValueBox.self, from: Data(bytes), maxDepth: 16)
        }
    }
}

/// Any JSON value through the fast reader.
private struct JSONValueBox: FastDecodable {
    var value: JSONValue
    init(reader: inout JSONReader) throws(DecodeFailure) { value = try reader.jsonValue() }
}
