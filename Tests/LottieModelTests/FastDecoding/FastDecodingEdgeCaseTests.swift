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
        XCTAssertEqual(layer.type, 4)
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

    // MARK: What only JSONDecoder can report

    /// Input the fast path leaves to the `Codable` path: `LottieDecoder` answers as it does.
    private func assertLeftToTheCodablePath(_ json: String, decoder: LottieDecoder = LottieDecoder(), file: StaticString = #filePath, line: UInt = #line) {
        let data = Data(json.utf8)
        guard case .failure(let failure) = FastDecoding.decode(Animation.self, from: data, maxDepth: decoder.maxDepth) else {
            return XCTFail("the fast path decodes it", file: file, line: line)
        }
        if case .needsCodablePath = failure.reason {} else { XCTFail("\(failure.reason)", file: file, line: line) }
        var codable = decoder
        codable.strategy = .codable
        let expected = Result { () throws(LottieDecodingError) in try codable.decode(data) }
        let found = Result { () throws(LottieDecodingError) in try decoder.decode(data) }
        switch (expected, found) {
        case (.success(let a), .success(let b)): XCTAssertEqual(a, b, file: file, line: line)
        case (.failure(let a), .failure(let b)): XCTAssertEqual(a, b, file: file, line: line)
        default: XCTFail("\(expected) != \(found)", file: file, line: line)
        }
    }

    func testUnpairedSurrogatesInKeptStringsAndKeys() {
        assertLeftToTheCodablePath(Fixture.animation(layers: #"{"ty": 3, "nm": "\uD800"}"#))
        assertLeftToTheCodablePath(Fixture.animation(layers: #"{"ty": 3, "\uDC00": 1}"#))
        // In a keyframe list, an entry whose key `JSONDecoder` cannot read is passed over.
        assertLeftToTheCodablePath(Fixture.animation(layers: #"{"ty": 3, "ks": {"o": {"k": [{"t": 0, "s": [1]}, {"\uD800": 1}]}}}"#))
    }

    func testUnpairedSurrogatesAndHugeNumbersInSkippedValuesAreFine() throws {
        let layer = try decodeLayer(#"{"ty": 3, "unknown": ["\uD800", 1e400, {"\uDFFF": -1e-400}]}"#)
        XCTAssertEqual(layer.type, 3)
    }

    func testNumbersJSONDecoderRefusesInVerbatimValues() {
        assertLeftToTheCodablePath(Fixture.animation(extra: #""meta": {"big": 1e400}"#))
    }

    func testNestingBeyondJSONDecodersOwnLimit() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        assertLeftToTheCodablePath(Fixture.animation(extra: #""meta": \#(deep)"#), decoder: LottieDecoder(maxDepth: 1000))
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
            _ = FastDecoding.decode(Animation.self, from: Data(#"{"layers": ["#.utf8 + bytes), maxDepth: 16)
            _ = FastDecoding.decode(JSONValueBox.self, from: Data(bytes), maxDepth: 16)
        }
    }
}

/// Any JSON value through the fast reader.
private struct JSONValueBox: FastDecodable {
    var value: JSONValue
    init(reader: inout JSONReader) throws(DecodeFailure) { value = try reader.jsonValue() }
}
