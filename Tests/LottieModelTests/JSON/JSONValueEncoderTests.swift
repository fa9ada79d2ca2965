import Foundation
import TestSupport
import XCTest
@testable import LottieModel

/// `JSONValueEncoder` writes a model as Foundation's `JSONEncoder` and `JSONDecoder` together
/// would, and `jsonBytes()` writes a JSON value as text that reads back the same.
final class JSONValueEncoderTests: XCTestCase {
    /// The value Foundation gives for `value`: its JSON text read back as a `JSONValue`.
    private func foundation<Value: Encodable>(_ value: Value) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
    }

    func testSamplesEncodeAsFoundationEncodesThem() throws {
        for name in ["home.json", "user.json"] {
            let animation = try LottieDecoder().decode(Data(contentsOf: Corpus.samples.appendingPathComponent(name)))
            XCTAssertEqual(try JSONValueEncoder().encode(animation), try foundation(animation), name)
            // And the text of that value decodes to the same animation.
            let value = try XCTUnwrap(animation.jsonValue())
            XCTAssertEqual(try LottieAnimation(jsonValue: value), animation, name)
        }
    }

    /// Every fifth JSON file of the corpus below 100 KB (effects, text, precomps, legacy forms...).
    func testCorpusFilesEncodeAsFoundationEncodesThem() throws {
        guard Corpus.root != nil else { throw XCTSkip(Corpus.missingMessage) }
        var compared = 0
        for (position, path) in Corpus.lottieJSONFiles().enumerated() where position % 5 == 0 {
            let data = try Corpus.data(path)
            guard data.count < 100_000, let animation = try? LottieDecoder().decode(data) else { continue }
            XCTAssertEqual(try JSONValueEncoder().encode(animation), try foundation(animation), path)
            compared += 1
        }
        XCTAssertGreaterThan(compared, 20)
    }

    /// A value that asks twice for the keyed container of one encoder writes one object.
    func testKeyedContainersOfOneEncoderMerge() throws {
        struct Two: Encodable {
            enum A: String, CodingKey { case a }
            enum B: String, CodingKey { case b }
            func encode(to encoder: any Encoder) throws {
                var first = encoder.container(keyedBy: A.self)
                try first.encode(1, forKey: .a)
                var second = encoder.container(keyedBy: B.self)
                try second.encode([true, false], forKey: .b)
            }
        }
        XCTAssertEqual(try JSONValueEncoder().encode(Two()), .object(["a": .number(1), "b": .array([.bool(true), .bool(false)])]))
        XCTAssertEqual(try JSONValueEncoder().encode([Two()]), try foundation([Two()]))
    }

    func testNumbersThatAreNotFiniteAreRefused() {
        XCTAssertThrowsError(try JSONValueEncoder().encode([1, Double.nan]))
        XCTAssertNil(JSONValue.array([.number(.infinity)]).jsonBytes())
        XCTAssertThrowsError(try LottieAnimation(jsonValue: .object(["fr": .number(.nan)])))
    }

    func testTextIsCompactWithSortedKeysAndEscapes() throws {
        let value = JSONValue.object([
            "b": .array([.number(1), .number(0.5), .number(-2e-7), .number(1e20), .null]),
            "a": .string("q\"\\\n\u{1}é"),
            "c": .object([:]),
        ])
        let text = String(decoding: try XCTUnwrap(value.jsonBytes()), as: UTF8.self)
        XCTAssertEqual(text, #"{"a":"q\"\\\u000a\u0001é","b":[1,0.5,-2e-07,1e+20,null],"c":{}}"#)
        XCTAssertEqual(try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8)), value)
    }
}
