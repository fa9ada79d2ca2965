import Foundation
import XCTest
@testable import LottieModel

/// What `LottieDecoder` reports for input it cannot read: kind, JSON path, line and column,
/// and a message a person can act on.
final class DecodingErrorTests: XCTestCase {

    // MARK: Malformed JSON

    func testMissingComma() throws {
        let error = try XCTUnwrap(decodingError("""
            {
              "fr": 30
              "layers": []
            }
            """))
        XCTAssertEqual(error.kind, .invalidJSON)
        XCTAssertEqual(error.message, #"invalid JSON: expected ',' or '}' after an object member, found '"'"#)
        XCTAssertEqual(error.location?.line, 3)
        XCTAssertEqual(error.location?.column, 3)
        XCTAssertEqual(error.path.description, "(root)")
    }

    func testUnterminatedString() throws {
        let error = try XCTUnwrap(decodingError(#"{"layers": [], "nm": "abc"#))
        XCTAssertEqual(error.kind, .invalidJSON)
        XCTAssertEqual(error.message, "invalid JSON: unexpected end of file inside a string")
        XCTAssertEqual(error.path.description, "nm")
        XCTAssertEqual(error.location?.line, 1)
        XCTAssertEqual(error.location?.column, 26, "the end of the file")
    }

    func testStringBrokenByANewline() throws {
        let error = try XCTUnwrap(decodingError("{\"nm\": \"abc\n\", \"layers\": []}"))
        XCTAssertEqual(error.kind, .invalidJSON)
        XCTAssertEqual(error.message, "invalid JSON: control character U+000A inside a string")
        XCTAssertEqual(error.path.description, "nm")
        XCTAssertEqual(error.location?.line, 1)
        XCTAssertEqual(error.location?.column, 12)
    }

    func testTrailingGarbage() throws {
        let error = try XCTUnwrap(decodingError(#"{"fr": 30, "layers": []} x"#))
        XCTAssertEqual(error.kind, .invalidJSON)
        XCTAssertEqual(error.message, "invalid JSON: unexpected 'x' after the end of the top-level value")
        XCTAssertEqual(error.location?.line, 1)
        XCTAssertEqual(error.location?.column, 26)
        XCTAssertEqual(error.description, "(root) (line 1, column 26): invalid JSON: unexpected 'x' after the end of the top-level value")
    }

    func testEmptyFile() throws {
        let error = try XCTUnwrap(decodingError(""))
        XCTAssertEqual(error.kind, .invalidJSON)
        XCTAssertEqual(error.message, "invalid JSON: the file is empty")
        XCTAssertEqual(error.location, SourceLocation(line: 1, column: 1, offset: 0))
    }

    func testWhitespaceOnlyFile() throws {
        let error = try XCTUnwrap(decodingError("  \n  "))
        XCTAssertEqual(error.kind, .invalidJSON)
        XCTAssertEqual(error.message, "invalid JSON: the file contains only whitespace, expected a JSON value")
        XCTAssertEqual(error.location?.line, 2)
        XCTAssertEqual(error.location?.column, 3)
    }

    // MARK: Not Lottie

    func testTopLevelThatIsNotAnObject() throws {
        let cases: [(json: String, found: String)] = [
            ("[1,2]", "an array"), (#""hello""#, "a string"), ("42", "a number"), ("true", "a boolean"), ("null", "null"),
        ]
        for (json, found) in cases {
            let error = try XCTUnwrap(decodingError(json), json)
            XCTAssertEqual(error.kind, .notLottie, json)
            XCTAssertEqual(error.message, "not a Lottie animation: the top level is \(found), expected an object with 'layers'", json)
            XCTAssertEqual(error.path.description, "(root)", json)
            XCTAssertNil(error.location, json)
        }
    }

    func testObjectWithoutLayers() throws {
        let error = try XCTUnwrap(decodingError(#"{"a": 1}"#))
        XCTAssertEqual(error.kind, .notLottie)
        XCTAssertEqual(error.message, "not a Lottie animation: the top-level object has no 'layers'")
        XCTAssertEqual(error.description, "(root): not a Lottie animation: the top-level object has no 'layers'")
    }

    func testNestedLayersDoNotMakeALottieFile() throws {
        let error = try XCTUnwrap(decodingError(#"{"data": {"layers": []}}"#))
        XCTAssertEqual(error.kind, .notLottie)
    }

    // MARK: Wrong types

    func testWrongTypeDeepInsideAGroup() throws {
        let error = try XCTUnwrap(decodingError("""
            {
              "v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100,
              "layers": [
                {"ty": 4, "shapes": [
                  {"ty": "gr", "it": [
                    {"ty": "rc", "s": {"a": 0, "k": [10, 10]}},
                    {"ty": "fl", "c": {"a": 0, "k": "red"}}
                  ]}
                ]}
              ]
            }
            """))
        XCTAssertEqual(error.kind, .wrongType)
        XCTAssertEqual(error.path.description, "layers[0].shapes[0].it[1].c.k")
        XCTAssertEqual(error.path, JSONPath([.key("layers"), .index(0), .key("shapes"), .index(0), .key("it"), .index(1),
                                             .key("c"), .key("k")]))
        XCTAssertEqual(error.message, "expected an array of numbers, found a string")
        XCTAssertTrue(error.message.contains("expected"))
        XCTAssertTrue(error.message.contains("found a string"))
        XCTAssertEqual(error.location?.line, 7)
        XCTAssertEqual(error.location?.column, 41)
        XCTAssertEqual(error.description,
                       "layers[0].shapes[0].it[1].c.k (line 7, column 41): expected an array of numbers, found a string")
    }

    func testWrongElementOfAVectorIsReportedAtTheElement() throws {
        let error = try XCTUnwrap(decodingError(Fixture.animation(layers: """
            {"ty": 3, "ks": {"p": {"a": 0, "k": [10, "20"]}}}
            """)))
        XCTAssertEqual(error.kind, .wrongType)
        XCTAssertEqual(error.path.description, "layers[0].ks.p.k[1]")
        XCTAssertEqual(error.message, "expected a number, found a string")
        XCTAssertEqual(error.location?.line, 3)
        XCTAssertEqual(error.location?.column, 55)
    }

    func testWrongTypeMessagesNameJSONKindsNotSwiftTypes() throws {
        let cases: [(layer: String, path: String, message: String)] = [
            (#"{"ty": "4"}"#, "layers[0].ty", "expected a number, found a string"),
            (#"{"ty": 4, "ind": 1.5}"#, "layers[0].ind", "expected a whole number, found 1.5"),
            (#"{"ty": 4, "ks": 5}"#, "layers[0].ks", "expected an object, found a number"),
            (#"{"ty": 4, "ks": {"o": "full"}}"#, "layers[0].ks.o", "expected a number, found a string"),
            (#"{"ty": 4, "ks": {"o": {"a": 0, "k": {}}}}"#, "layers[0].ks.o.k", "expected a number, found an object"),
            (#"{"ty": 4, "hd": "yes"}"#, "layers[0].hd", "expected a boolean (true, false, 0 or 1), found a string"),
            (#"{"ty": 4, "nm": {"text": "x"}}"#, "layers[0].nm", "expected a string, found an object"),
            (#"{"ty": 4, "shapes": "none"}"#, "layers[0].shapes", "expected an array, found a string"),
            (#"{"ty": 4, "shapes": [{"ty": 5}]}"#, "layers[0].shapes[0].ty", "expected a string, found a number"),
            (#"{"ty": 4, "shapes": [{"ty": "sh", "ks": {"k": "M0 0"}}]}"#, "layers[0].shapes[0].ks.k",
             "expected an object, found a string"),
            (#"{"ty": 4, "ks": {"r": {"k": [{"t": "zero", "s": [0]}]}}}"#, "layers[0].ks.r.k[0].t",
             "expected a number, found a string"),
            (#"{"ty": 4, "ks": {"r": {"k": [{"t": 0, "s": [0], "o": {"x": "fast", "y": 0}}]}}}"#,
             "layers[0].ks.r.k[0].o.x", "expected an array of numbers, found a string"),
            (#"{"ty": 4, "ef": [{"ty": "slider"}]}"#, "layers[0].ef[0].ty", "expected a number, found a string"),
            (#"{"ty": 4, "masksProperties": [{"mode": false}]}"#, "layers[0].masksProperties[0].mode",
             "expected a string, found a boolean"),
            ("\"layer\"", "layers[0]", "expected an object, found a string"),
        ]
        for (layer, path, message) in cases {
            let error = try XCTUnwrap(decodingError(Fixture.animation(layers: layer)), layer)
            XCTAssertEqual(error.kind, .wrongType, layer)
            XCTAssertEqual(error.path.description, path, layer)
            XCTAssertEqual(error.message, message, layer)
            XCTAssertEqual(error.location?.line, 3, layer)
            for swiftName in ["Double", "Int", "Bool", "String", "Array", "Dictionary", "Lenient", "Animatable", "Vector"] {
                XCTAssertFalse(error.message.contains(swiftName), "\(layer): \(error.message)")
            }
        }
    }

    func testTopLevelFieldsOfTheWrongType() throws {
        let cases: [(json: String, path: String, message: String, column: Int)] = [
            (#"{"fr": "30", "ip": 0, "op": 60, "w": 1, "h": 1, "layers": []}"#, "fr", "expected a number, found a string", 8),
            (#"{"fr": 30, "ip": 0, "op": 60, "w": 1, "h": 1, "layers": {}}"#, "layers", "expected an array, found an object", 57),
            (#"{"fr": 30, "ip": 0, "op": 60, "w": 1, "h": 1, "layers": [], "markers": {}}"#, "markers",
             "expected an array, found an object", 72),
            (#"{"fr": 30, "ip": 0, "op": 60, "w": 1, "h": 1, "layers": [], "assets": [7]}"#, "assets[0]",
             "expected an object, found a number", 72),
        ]
        for (json, path, message, column) in cases {
            let error = try XCTUnwrap(decodingError(json), json)
            XCTAssertEqual(error.kind, .wrongType, json)
            XCTAssertEqual(error.path.description, path, json)
            XCTAssertEqual(error.message, message, json)
            XCTAssertEqual(error.location?.line, 1, json)
            XCTAssertEqual(error.location?.column, column, json)
        }
    }

    func testNumberTooLargeForADouble() throws {
        let error = try XCTUnwrap(decodingError(#"{"fr": 1e400, "ip": 0, "op": 60, "w": 1, "h": 1, "layers": []}"#))
        XCTAssertEqual(error.kind, .wrongType)
        XCTAssertEqual(error.path.description, "fr")
        XCTAssertEqual(error.message, "expected a number, found 1e400, which is out of range")
        XCTAssertEqual(error.location?.column, 8)
    }

    /// A number `Double` cannot hold (`JSONDecoder` refuses it, as rlottie and ThorVG do) is
    /// reported at the number, wherever the model reads one: a vector's element, a lenient
    /// scalar in each of its forms, a keyframe's time, an easing handle, an effect value.
    func testNumbersOutOfRangeAreReportedAtTheNumber() throws {
        let long = "-9" + String(repeating: "0", count: 400)
        let shownLong = String(long.prefix(40)) + "…"
        let cases: [(layer: String, number: String, path: String, shown: String)] = [
            (#"{"ty": 3, "ks": {"p": {"a": 0, "k": [1e999, 50]}}}"#, "1e999", "layers[0].ks.p.k[0]", "1e999"),
            (#"{"ty": 3, "ks": {"p": {"a": 0, "k": [50, -1E+999]}}}"#, "-1E+999", "layers[0].ks.p.k[1]", "-1E+999"),
            (#"{"ty": 3, "ks": {"p": {"a": 0, "k": 1e999}}}"#, "1e999", "layers[0].ks.p.k", "1e999"),
            (#"{"ty": 3, "ks": {"o": {"a": 0, "k": 1e-400}}}"#, "1e-400", "layers[0].ks.o.k", "1e-400"),
            (#"{"ty": 3, "ind": \#(long)}"#, long, "layers[0].ind", shownLong),
            (#"{"ty": 3, "ip": [1e999]}"#, "1e999", "layers[0].ip[0]", "1e999"),
            (#"{"ty": 3, "hd": 1e999}"#, "1e999", "layers[0].hd", "1e999"),
            (#"{"ty": 3, "nm": -1e999}"#, "-1e999", "layers[0].nm", "-1e999"),
            (#"{"ty": 3, "ks": {"o": {"k": [{"t": 1e999, "s": [0]}]}}}"#, "1e999", "layers[0].ks.o.k[0].t", "1e999"),
            (#"{"ty": 3, "ks": {"o": {"k": [{"t": 0, "s": [0], "o": {"x": [1e999], "y": [0]}}]}}}"#, "1e999",
             "layers[0].ks.o.k[0].o.x[0]", "1e999"),
            (#"{"ty": 3, "ef": [{"ty": 5, "ef": [{"ty": 0, "v": {"a": 0, "k": 1e999}}]}]}"#, "1e999",
             "layers[0].ef[0].ef[0].v.k", "1e999"),
        ]
        for (layer, number, path, shown) in cases {
            let error = try XCTUnwrap(decodingError(Fixture.animation(layers: layer)), layer)
            // The layer starts in column 14 of line 3; the number is ASCII text inside it.
            let column = 14 + layer.distance(from: layer.startIndex, to: try XCTUnwrap(layer.range(of: number)).lowerBound)
            XCTAssertEqual(error.kind, .wrongType, layer)
            XCTAssertEqual(error.description,
                           "\(path) (line 3, column \(column)): expected a number, found \(shown), which is out of range", layer)
        }
    }

    func testErrorIndexCountsSkippedKeyframeEntries() throws {
        let error = try XCTUnwrap(decodingError(Fixture.animation(layers: """
            {"ty": 3, "ks": {"o": {"a": 1, "k": [{"t": 0, "s": [0]}, 239, {"t": "late", "s": [100]}]}}}
            """)))
        XCTAssertEqual(error.path.description, "layers[0].ks.o.k[2].t")
        XCTAssertEqual(error.message, "expected a number, found a string")
    }

    func testLineAndColumnAfterWindowsLineEndingsAndAByteOrderMark() throws {
        let json = "\u{FEFF}{\r\n  \"fr\": 30, \"ip\": 0, \"op\": 60, \"w\": 1, \"h\": 1,\r\n  \"layers\": [{\"ty\": \"x\"}]\r\n}"
        let error = try XCTUnwrap(decodingError(json))
        XCTAssertEqual(error.path.description, "layers[0].ty")
        XCTAssertEqual(error.location?.line, 3)
        XCTAssertEqual(error.location?.column, 21)
    }

    // MARK: Missing fields

    func testLayerWithoutType() throws {
        let error = try XCTUnwrap(decodingError("""
            {
              "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100,
              "layers": [
                {"nm": "No type", "ind": 1}
              ]
            }
            """))
        XCTAssertEqual(error.kind, .missingField)
        XCTAssertEqual(error.path.description, "layers[0].ty")
        XCTAssertEqual(error.message, "missing required field 'ty'")
        // The location is the object that lacks the field.
        XCTAssertEqual(error.location?.line, 4)
        XCTAssertEqual(error.location?.column, 5)
        XCTAssertEqual(error.description, "layers[0].ty (line 4, column 5): missing required field 'ty'")
    }

    func testAnimationWithoutFrameRate() throws {
        let error = try XCTUnwrap(decodingError(#"{"ip": 0, "op": 60, "w": 100, "h": 100, "layers": []}"#))
        XCTAssertEqual(error.kind, .missingField)
        XCTAssertEqual(error.path.description, "fr")
        XCTAssertEqual(error.message, "missing required field 'fr'")
        XCTAssertEqual(error.location?.line, 1)
        XCTAssertEqual(error.location?.column, 1)
    }

    func testOtherMissingRequiredFields() throws {
        let cases: [(layer: String, path: String, field: String)] = [
            (#"{"ty": 0}"#, "layers[0].refId", "refId"),
            (#"{"ty": 1, "sw": 1, "sh": 1}"#, "layers[0].sc", "sc"),
            (#"{"ty": 5}"#, "layers[0].t", "t"),
            (#"{"ty": 5, "t": {}}"#, "layers[0].t.d", "d"),
            (#"{"ty": 3, "ks": {"o": {"a": 0}}}"#, "layers[0].ks.o.k", "k"),
            (#"{"ty": 3, "ks": {"p": {"s": true, "x": {"k": 1}}}}"#, "layers[0].ks.p.y", "y"),
            (#"{"ty": 4, "shapes": [{"nm": "no type"}]}"#, "layers[0].shapes[0].ty", "ty"),
            (#"{"ty": 4, "shapes": [{"ty": "rc", "p": {"k": [0, 0]}}]}"#, "layers[0].shapes[0].s", "s"),
            (#"{"ty": 3, "ks": {"o": {"k": [{"t": 0, "s": [0]}, {"s": [1]}]}}}"#, "layers[0].ks.o.k[1].t", "t"),
        ]
        for (layer, path, field) in cases {
            let error = try XCTUnwrap(decodingError(Fixture.animation(layers: layer)), layer)
            XCTAssertEqual(error.kind, .missingField, layer)
            XCTAssertEqual(error.path.description, path, layer)
            XCTAssertEqual(error.message, "missing required field '\(field)'", layer)
            XCTAssertEqual(error.location?.line, 3, layer)
        }
    }

    func testMissingFieldInsideAPrecompAsset() throws {
        let error = try XCTUnwrap(decodingError(Fixture.animation(extra: #""assets": [{"id": "c", "layers": [{"nm": "x"}]}]"#)))
        XCTAssertEqual(error.kind, .missingField)
        XCTAssertEqual(error.path.description, "assets[0].layers[0].ty")
    }

    // MARK: Null

    func testNullWhereANumberIsNeeded() throws {
        let cases: [(json: String, path: String)] = [
            (#"{"fr": null, "ip": 0, "op": 60, "w": 1, "h": 1, "layers": []}"#, "fr"),
            (Fixture.animation(layers: #"{"ty": 3, "ks": {"o": {"a": 0, "k": null}}}"#), "layers[0].ks.o.k"),
            (Fixture.animation(layers: #"{"ty": 3, "ks": {"p": {"a": 0, "k": [1, null]}}}"#), "layers[0].ks.p.k[1]"),
            (Fixture.animation(layers: #"{"ty": 3, "ks": {"o": {"k": [{"t": null, "s": [1]}]}}}"#), "layers[0].ks.o.k[0].t"),
            (Fixture.animation(layers: #"{"ty": null}"#), "layers[0].ty"),
        ]
        for (json, path) in cases {
            let error = try XCTUnwrap(decodingError(json), path)
            XCTAssertEqual(error.kind, .wrongType, path)
            XCTAssertEqual(error.path.description, path)
            XCTAssertTrue(error.message.hasSuffix("found null"), "\(path): \(error.message)")
            XCTAssertNotNil(error.location, path)
        }
        let error = try XCTUnwrap(decodingError(cases[0].json))
        XCTAssertEqual(error.message, "expected a number, found null")
        XCTAssertEqual(error.location?.column, 8)
    }

    func testNullForAnOptionalFieldIsTheDefault() throws {
        let layer = try decodeLayer(#"{"ty": 3, "nm": null, "ip": null, "sr": null, "parent": null}"#)
        XCTAssertNil(layer.name)
        XCTAssertEqual(layer.inPoint, 0)
        XCTAssertEqual(layer.timeStretch, 1)
        XCTAssertNil(layer.parent)
    }

    // MARK: Limits

    func testNestingDeeperThanTheLimit() throws {
        func document(arrays depth: Int) -> String {
            #"{"fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": [], "meta": "#
                + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        }
        let decoder = LottieDecoder(maxDepth: 10)
        // The top-level object is level 1: nine nested arrays make ten levels, the limit.
        XCTAssertNoThrow(try decoder.decode(document(arrays: 9)))
        let error = try XCTUnwrap(decodingError(document(arrays: 10), decoder: decoder))
        XCTAssertEqual(error.kind, .invalidJSON)
        XCTAssertEqual(error.message, "invalid JSON: nesting deeper than 10 levels, the limit maxJSONDepth")
        XCTAssertEqual(error.path.description, "meta" + String(repeating: "[0]", count: 9))
        XCTAssertEqual(error.location?.column, 82)
    }

    func testVeryDeepNestingIsAnErrorNotACrash() throws {
        let depth = 200_000
        let json = #"{"layers": [], "fr": 30, "ip": 0, "op": 1, "w": 1, "h": 1, "meta": "#
            + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}"
        let error = try XCTUnwrap(decodingError(json))
        XCTAssertEqual(error.kind, .invalidJSON)
        XCTAssertEqual(error.message, "invalid JSON: nesting deeper than 256 levels, the limit maxJSONDepth")

        let unclosed = try XCTUnwrap(decodingError(String(repeating: "{\"a\":", count: depth)))
        XCTAssertEqual(unclosed.kind, .invalidJSON)
    }

    func testTooLarge() throws {
        let json = #"{"fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": []}"#
        let size = json.utf8.count
        XCTAssertNoThrow(try LottieDecoder(maxBytes: size).decode(json))
        let error = try XCTUnwrap(decodingError(json, decoder: LottieDecoder(maxBytes: size - 1)))
        XCTAssertEqual(error.kind, .tooLarge)
        XCTAssertEqual(error.message, "the file is \(size) bytes, more than the limit maxFileBytes (\(size - 1))")
        XCTAssertEqual(error.path.description, "(root)")
        XCTAssertNil(error.location)
    }

    func testSizeIsCheckedBeforeSyntax() throws {
        let error = try XCTUnwrap(decodingError("{not json at all", decoder: LottieDecoder(maxBytes: 4)))
        XCTAssertEqual(error.kind, .tooLarge)
    }
}
