import XCTest
@testable import LottieModel

final class JSONScannerTests: XCTestCase {

    // MARK: Helpers

    private func syntaxError(_ bytes: [UInt8], maxDepth: Int = 512) -> JSONSyntaxError? {
        do {
            try JSONScanner.validate(bytes, maxDepth: maxDepth)
            return nil
        } catch {
            return error
        }
    }

    private func syntaxError(_ json: String, maxDepth: Int = 512) -> JSONSyntaxError? {
        syntaxError(Array(json.utf8), maxDepth: maxDepth)
    }

    /// Asserts that `json` fails at (line, column) with exactly `message` and `path`.
    private func assertError(
        _ json: String, _ position: (line: Int, column: Int), _ message: String, path: String = "(root)",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        guard let error = syntaxError(json) else {
            return XCTFail("expected a syntax error for \(json.debugDescription)", file: file, line: line)
        }
        XCTAssertEqual(error.message, message, "message for \(json.debugDescription)", file: file, line: line)
        XCTAssertEqual(error.line, position.line, "line for \(json.debugDescription)", file: file, line: line)
        XCTAssertEqual(error.column, position.column, "column for \(json.debugDescription)", file: file, line: line)
        XCTAssertEqual(error.path.description, path, "path for \(json.debugDescription)", file: file, line: line)
    }

    private func assertValid(_ json: String, file: StaticString = #filePath, line: UInt = #line) {
        if let error = syntaxError(json) {
            XCTFail("\(json.debugDescription) should be valid, got: \(error)", file: file, line: line)
        }
    }

    private func path(_ components: JSONPathComponent...) -> JSONPath { JSONPath(components) }

    private func location(_ path: JSONPath, _ json: String) -> SourceLocation? {
        JSONScanner.location(of: path, in: Array(json.utf8))
    }

    /// The byte offset of the first occurrence of `marker` in `json`.
    private func offset(of marker: String, in json: String) -> Int {
        let bytes = Array(json.utf8), needle = Array(marker.utf8)
        for start in 0...(bytes.count - needle.count) where Array(bytes[start..<(start + needle.count)]) == needle {
            return start
        }
        XCTFail("marker \(marker) not found")
        return -1
    }

    // MARK: Structural errors

    func testMissingCommaInArray() {
        assertError("[1 2]", (1, 4), "expected ',' or ']' after an array element, found '2'")
    }

    func testMissingCommaInObject() {
        assertError(#"{"a":1 x}"#, (1, 8), "expected ',' or '}' after an object member, found 'x'")
        assertError(#"{"a":1 "b":2}"#, (1, 8), #"expected ',' or '}' after an object member, found '"'"#)
    }

    func testTrailingCommas() {
        assertError("[1,]", (1, 4), "expected a value after ',', found ']' (trailing commas are not allowed)")
        assertError("[1,\n  ]", (2, 3), "expected a value after ',', found ']' (trailing commas are not allowed)")
        assertError(#"{"a":1,}"#, (1, 8), "expected a string key after ',', found '}' (trailing commas are not allowed)")
        assertError(#"{"a":[1,2,]}"#, (1, 11), "expected a value after ',', found ']' (trailing commas are not allowed)", path: "a")
    }

    func testDoubleAndLeadingCommas() {
        assertError("[1,,2]", (1, 4), "expected a value, found ','", path: "[1]")
        assertError("[,1]", (1, 2), "expected a value, found ','", path: "[0]")
        assertError("{,}", (1, 2), "expected a string key or '}', found ','")
    }

    func testUnquotedAndSingleQuotedKeys() {
        assertError("{a:1}", (1, 2), "expected a string key or '}', found 'a' (keys must be in double quotes)")
        assertError("{'a':1}", (1, 2), #"expected a string key or '}', found "'" (keys must be in double quotes)"#)
        assertError(#"{"a":1, b:2}"#, (1, 9), "expected a string key after ',', found 'b' (keys must be in double quotes)")
        assertError("['a']", (1, 2), #"expected a value, found "'" (strings must use double quotes)"#, path: "[0]")
    }

    func testMissingColon() {
        assertError(#"{"a" 1}"#, (1, 6), #"expected ':' after the key "a", found '1'"#, path: "a")
        assertError(#"{"a"}"#, (1, 5), #"expected ':' after the key "a", found '}'"#, path: "a")
        assertError(#"{"a""#, (1, 5), #"unexpected end of file after the key "a", expected ':'"#, path: "a")
    }

    func testUnclosedContainersAtEndOfFile() {
        assertError(#"{"a":1"#, (1, 7), "unexpected end of file inside an object, expected ',' or '}'")
        assertError(#"{"a":{"b":1"#, (1, 12), "unexpected end of file inside an object, expected ',' or '}'", path: "a")
        assertError("{\n  \"a\": 1,\n", (3, 1), "unexpected end of file inside an object, expected a string key after ','")
        assertError("{", (1, 2), "unexpected end of file inside an object, expected a string key or '}'")
        assertError("[1, 2", (1, 6), "unexpected end of file inside an array, expected ',' or ']'")
        assertError("[", (1, 2), "unexpected end of file, expected a value", path: "[0]")
        assertError(#"{"a":"#, (1, 6), "unexpected end of file, expected a value", path: "a")
    }

    func testGarbageAfterTopLevelValue() {
        assertError("[1] x", (1, 5), "unexpected 'x' after the end of the top-level value")
        assertError("{} {}", (1, 4), "unexpected '{' after the end of the top-level value")
        assertError("[1]]", (1, 4), "unexpected ']' after the end of the top-level value")
        assertError("1 2", (1, 3), "unexpected '2' after the end of the top-level value")
        assertError("[1]\n\n  ,", (3, 3), "unexpected ',' after the end of the top-level value")
        assertError("true\u{0}", (1, 5), "unexpected U+0000 after the end of the top-level value")
    }

    func testEmptyAndWhitespaceOnlyFiles() {
        assertError("", (1, 1), "the file is empty")
        assertError("   \n ", (2, 2), "the file contains only whitespace, expected a JSON value")
        assertError("\u{FEFF}", (1, 1), "the file is empty")
        XCTAssertEqual(syntaxError([])?.offset, 0)
    }

    func testByteOrderMark() {
        assertValid("\u{FEFF}[1]")
        assertValid("\u{FEFF} {\"a\": 1} ")
        // The BOM takes no column, but is counted in the byte offset.
        assertError("\u{FEFF}[1,]", (1, 4), "expected a value after ',', found ']' (trailing commas are not allowed)")
        XCTAssertEqual(syntaxError("\u{FEFF}[1,]")?.offset, 6)
        // Only at the very start.
        assertError("[1,\u{FEFF}2]", (1, 4), "expected a value, found '\u{FEFF}' (U+FEFF)", path: "[1]")
        assertError(" \u{FEFF}[1]", (1, 2), "expected a value, found '\u{FEFF}' (U+FEFF)")
    }

    func testUnexpectedCharactersWhereAValueIsExpected() {
        assertError(#"{"a": }"#, (1, 7), "expected a value, found '}'", path: "a")
        assertError("é", (1, 1), "expected a value, found 'é' (U+00E9)")
        assertError("\u{00A0}1", (1, 1), "expected a value, found '\u{00A0}' (U+00A0)")
        assertError("[1, /* comment */ 2]", (1, 5), "expected a value, found '/'", path: "[1]")
        XCTAssertEqual(syntaxError([0xFF])?.message, "expected a value, found byte 0xFF")
    }

    // MARK: Literals

    func testInvalidLiterals() {
        assertError("[tru]", (1, 2), "invalid literal 'tru' (expected true, false or null)", path: "[0]")
        assertError("[True]", (1, 2), "invalid literal 'True' (expected true, false or null)", path: "[0]")
        assertError("[nul]", (1, 2), "invalid literal 'nul' (expected true, false or null)", path: "[0]")
        assertError("[truex]", (1, 2), "invalid literal 'truex' (expected true, false or null)", path: "[0]")
        assertError("[falsy]", (1, 2), "expected a value, found 'falsy' (strings must be in double quotes)", path: "[0]")
        assertError("[NaN]", (1, 2), "expected a value, found 'NaN' (strings must be in double quotes)", path: "[0]")
        assertError(#"{"nm": hello}"#, (1, 8), "expected a value, found 'hello' (strings must be in double quotes)", path: "nm")
        assertError("[-Infinity]", (1, 2), "invalid number '-' (expected a digit after '-')", path: "[0]")
    }

    // MARK: Strings

    func testUnterminatedString() {
        assertError("\"abc", (1, 5), "unexpected end of file inside a string")
        assertError(#"{"nm": "abc"#, (1, 12), "unexpected end of file inside a string", path: "nm")
        assertError(#"{"nm"#, (1, 5), "unexpected end of file inside a string")
        assertError("\"\\", (1, 3), "unexpected end of file inside a string")
        assertError("\"\\u12", (1, 6), "unexpected end of file inside a string")
    }

    func testBadEscapes() {
        assertError(#""a\qb""#, (1, 3), #"invalid escape sequence '\q' inside a string"#)
        assertError(#"["\x41"]"#, (1, 3), #"invalid escape sequence '\x' inside a string"#, path: "[0]")
        assertError(#""\u12G4""#, (1, 2), #"invalid escape sequence '\u12G4' inside a string (expected 4 hexadecimal digits after '\u')"#)
        assertError(#"["\u12"]"#, (1, 3), #"invalid escape sequence '\u12' inside a string (expected 4 hexadecimal digits after '\u')"#, path: "[0]")
        assertError(#""\U0041""#, (1, 2), #"invalid escape sequence '\U' inside a string"#)
        assertError("\"\\\n\"", (1, 2), #"invalid escape sequence inside a string: '\' followed by U+000A"#)
    }

    func testControlCharactersInStrings() {
        assertError("\"a\nb\"", (1, 3), "control character U+000A inside a string")
        assertError("[\"a\tb\"]", (1, 4), "control character U+0009 inside a string", path: "[0]")
        assertError("\"\u{1F}\"", (1, 2), "control character U+001F inside a string")
        assertError("\"\u{0}\"", (1, 2), "control character U+0000 inside a string")
        assertError("{\"a\nb\": 1}", (1, 4), "control character U+000A inside a string")
        assertValid("\"\u{7F}\"")  // DEL is not a control character in JSON's sense
    }

    func testLoneSurrogateEscapesAreValidSyntax() {
        assertValid(#"["\uD800"]"#)
        assertValid(#"["\uDC00"]"#)
        assertValid(#"["\uD800\u0041", "\uDBFF"]"#)
        assertValid(#"{"\uD83D": 1}"#)
        assertValid(#""\uD83D\uDE00""#)
    }

    func testInvalidUTF8InStrings() {
        let message = { (byte: String) in "invalid UTF-8 byte \(byte) inside a string (the file must be UTF-8 encoded)" }
        XCTAssertEqual(syntaxError([0x22, 0xFF, 0x22])?.message, message("0xFF"))
        XCTAssertEqual(syntaxError([0x22, 0xC3, 0x22])?.message, message("0xC3"))             // truncated sequence
        XCTAssertEqual(syntaxError([0x22, 0xC0, 0xAF, 0x22])?.message, message("0xC0"))       // overlong '/'
        XCTAssertEqual(syntaxError([0x22, 0xED, 0xA0, 0x80, 0x22])?.message, message("0xED")) // UTF-8 encoded surrogate
        XCTAssertEqual(syntaxError([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22])?.message, message("0xF4")) // > U+10FFFF
        XCTAssertEqual(syntaxError([0x22, 0x61, 0xE9, 0x22])?.column, 3)                       // Latin-1 'é'
        XCTAssertNil(syntaxError(Array("\"é€😀\"".utf8)))
    }

    // MARK: Numbers

    func testInvalidNumbers() {
        assertError("01", (1, 1), "invalid number '01' (leading zeros are not allowed)")
        assertError("[-01]", (1, 2), "invalid number '-01' (leading zeros are not allowed)", path: "[0]")
        assertError("[00.5]", (1, 2), "invalid number '00.5' (leading zeros are not allowed)", path: "[0]")
        assertError("1.", (1, 1), "invalid number '1.' (expected a digit after the decimal point)")
        assertError("[1.e5]", (1, 2), "invalid number '1.e5' (expected a digit after the decimal point)", path: "[0]")
        assertError("-", (1, 1), "invalid number '-' (expected a digit after '-')")
        assertError("[- 1]", (1, 2), "invalid number '-' (expected a digit after '-')", path: "[0]")
        assertError("1e", (1, 1), "invalid number '1e' (expected a digit in the exponent)")
        assertError("1e+", (1, 1), "invalid number '1e+' (expected a digit in the exponent)")
        assertError("[1E-x]", (1, 2), "invalid number '1E-' (expected a digit in the exponent)", path: "[0]")
        assertError("[+1]", (1, 2), "invalid number '+1' (a number must start with a digit or '-')", path: "[0]")
        assertError("[.5]", (1, 2), "invalid number '.5' (a number must start with a digit or '-')", path: "[0]")
        assertError("[1.2.3]", (1, 2), "invalid number '1.2.3'", path: "[0]")
        assertError("[1e5e2]", (1, 2), "invalid number '1e5e2'", path: "[0]")
        assertError("[1-2]", (1, 2), "invalid number '1-2'", path: "[0]")
        assertError("0x10", (1, 2), "unexpected 'x10' after the end of the top-level value")
    }

    func testAllValidNumberForms() {
        for number in ["0", "-0", "1", "-1", "10", "1234567890", "0.0", "-0.0", "1.5", "-1.5", "0.000001",
                       "1e5", "1E5", "1e+5", "1e-5", "1E+05", "0e0", "-0e-0", "1.5e-10", "-12.375E+3",
                       "123456789012345678901234567890", "1e400", "-1e-400", "9007199254740993"] {
            assertValid(number)
            assertValid("[\(number)]")
            assertValid("[\(number),\(number)]")
            assertValid("{\"n\":\(number)}")
            assertValid(" \(number)\n")
        }
    }

    // MARK: Valid documents

    func testValidDocuments() {
        assertValid("{}")
        assertValid("[]")
        assertValid(" \t\r\n[ \t\r\n] \t\r\n")
        assertValid("\"\"")
        assertValid("\"x\"")
        assertValid("true")
        assertValid("false")
        assertValid("null")
        assertValid("[true,false,null]")
        assertValid(#"{"a":{"b":[1,{"c":[[],{}]}]},"":"","d":[null]}"#)
        assertValid(#""\"\\\/\b\f\n\r\t\u0000\u001f\uFFFF\uabcd""#)
        assertValid("{\"é😀\": \"日本語 🎉\"}")
        assertValid(#"{"a":1,"a":2}"#)  // duplicate keys are syntactically fine
        assertValid("""
        {
          "v": "5.7.4", "fr": 60, "ip": 0, "op": 180, "w": 512, "h": 512,
          "layers": [
            {"ty": 4, "ks": {"o": {"a": 0, "k": 100}, "p": {"a": 1, "k": [
              {"t": 0, "s": [256, 256, 0], "i": {"x": [0.833], "y": [0.833]}, "o": {"x": [0.167], "y": [0.167]}},
              {"t": 60, "s": [100.5, -2e2, 0]}
            ]}}, "shapes": []}
          ]
        }
        """)
    }

    func testNestingAtTheLimitIsValid() {
        let depth = 512
        let json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        assertValid(json)
        XCTAssertNil(syntaxError("[[[]]]", maxDepth: 3))
    }

    // MARK: Depth

    func testDeepNestingDoesNotCrash() {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        guard let error = syntaxError(bytes) else { return XCTFail("expected an error") }
        XCTAssertEqual(error.message, "nesting deeper than 512 levels, the limit maxJSONDepth")
        XCTAssertEqual(error.line, 1)
        XCTAssertEqual(error.column, 513)
        XCTAssertEqual(error.offset, 512)
        XCTAssertEqual(error.path.components.count, 512)
        XCTAssertEqual(error.path.components.first, .index(0))
    }

    func testDeepObjectNestingDoesNotCrash() {
        let json = String(repeating: #"{"a":"#, count: 100_000)
        guard let error = syntaxError(json) else { return XCTFail("expected an error") }
        XCTAssertEqual(error.message, "nesting deeper than 512 levels, the limit maxJSONDepth")
        XCTAssertEqual(error.column, 512 * 5 + 1)
        XCTAssertEqual(error.path.components, Array(repeating: .key("a"), count: 512))
    }

    func testCustomMaxDepth() {
        guard let error = syntaxError("[[[]]]", maxDepth: 2) else { return XCTFail("expected an error") }
        XCTAssertEqual(error.message, "nesting deeper than 2 levels, the limit maxJSONDepth")
        XCTAssertEqual(error.column, 3)
        XCTAssertEqual(error.path.description, "[0][0]")
    }

    func testDeeplyNestedValidDocumentBelowTheLimitWithLargerMaxDepth() {
        let depth = 50_000
        let json = Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
        XCTAssertNil(syntaxError(json, maxDepth: depth))
        XCTAssertNotNil(syntaxError(json, maxDepth: depth - 1))
    }

    // MARK: Lines and columns

    func testErrorOnLineThree() {
        assertError("{\n  \"a\": 1,\n  \"b\" 2\n}", (3, 7), #"expected ':' after the key "b", found '2'"#, path: "b")
        assertError("[\n  1,\n  2\n  3\n]", (4, 3), "expected ',' or ']' after an array element, found '3'")
        assertError("{\n  \"layers\": [\n    {\"ty\": 4,}\n  ]\n}", (3, 14),
                    "expected a string key after ',', found '}' (trailing commas are not allowed)", path: "layers[0]")
    }

    func testCRLFAndCRLineEndings() {
        assertError("{\r\n\"a\": 1,\r\n\"b\" 2}", (3, 5), #"expected ':' after the key "b", found '2'"#, path: "b")
        assertError("[1,\r2,\r\r x]", (4, 2), "expected a value, found 'x' (strings must be in double quotes)", path: "[2]")
    }

    func testColumnsCountUnicodeScalarsNotBytes() {
        // 'é' is two bytes but one column; '😀' is four bytes but one column.
        assertError(#"{"é": 1 x}"#, (1, 9), "expected ',' or '}' after an object member, found 'x'")
        XCTAssertEqual(syntaxError(#"{"é": 1 x}"#)?.offset, 9)
        assertError("[\"😀😀\", \n \"é\" x]", (2, 6), "expected ',' or ']' after an array element, found 'x'")
    }

    // MARK: Paths

    func testPathReporting() {
        assertError(#"{"layers":[{},{"ks":{"o":}}]}"#, (1, 26), "expected a value, found '}'", path: "layers[1].ks.o")
        assertError(#"[{"a":[1,2,{"b":tru}]}]"#, (1, 17), "invalid literal 'tru' (expected true, false or null)", path: "[0].a[2].b")
        assertError(#"{"layers":[{"ks":{"p":{"k":[1,2,]}}}]}"#, (1, 33),
                    "expected a value after ',', found ']' (trailing commas are not allowed)", path: "layers[0].ks.p.k")
        assertError(#"{"k\u0065y":[1 2]}"#, (1, 16), "expected ',' or ']' after an array element, found '2'", path: "key")
        assertError(#"{"a":{"b":1 "c":2}}"#, (1, 13), #"expected ',' or '}' after an object member, found '"'"#, path: "a")
        assertError(#"{"a":[], "b":{"c":"x\y"}}"#, (1, 21), #"invalid escape sequence '\y' inside a string"#, path: "b.c")
    }

    func testErrorValueAndDescription() {
        let error = syntaxError(#"{"layers":[{},{"ks":{"o":}}]}"#)
        XCTAssertEqual(error, JSONSyntaxError(
            line: 1, column: 26, offset: 25, message: "expected a value, found '}'",
            path: JSONPath([.key("layers"), .index(1), .key("ks"), .key("o")])))
        XCTAssertEqual(error?.description, "line 1, column 26: expected a value, found '}' (at layers[1].ks.o)")
        XCTAssertEqual(error?.location, SourceLocation(line: 1, column: 26, offset: 25))
        XCTAssertEqual(syntaxError("")?.description, "line 1, column 1: the file is empty")
    }

    // MARK: Locations

    private let document = """
    {
      "v": "5.7.4",
      "layers": [
        {"nm": "first", "ks": {"o": {"a": 0, "k": 100}}},
        {"nm": "second",
         "ks": {
           "p": {"k": [10, 20, {"s": [1, 2]}]}
         }
        }
      ],
      "k\\u0065y": "escaped",
      "\\u00e9t\\u00e9": 1,
      "emoji\\uD83D\\uDE00": 2,
      "d": "first",
      "d": "second"
    }
    """

    func testLocationOfNestedValues() {
        XCTAssertEqual(location(path(), document), SourceLocation(line: 1, column: 1, offset: 0))
        XCTAssertEqual(location(path(.key("v")), document), SourceLocation(line: 2, column: 8, offset: 9))
        XCTAssertEqual(location(path(.key("layers")), document)?.line, 3)
        XCTAssertEqual(location(path(.key("layers")), document)?.column, 13)
        XCTAssertEqual(location(path(.key("layers"), .index(0)), document), SourceLocation(
            line: 4, column: 5, offset: offset(of: #"{"nm": "first""#, in: document)))
        XCTAssertEqual(location(path(.key("layers"), .index(0), .key("ks"), .key("o"), .key("k")), document), SourceLocation(
            line: 4, column: 47, offset: offset(of: "100", in: document)))
        XCTAssertEqual(location(path(.key("layers"), .index(1)), document)?.line, 5)
        XCTAssertEqual(location(path(.key("layers"), .index(1), .key("ks")), document)?.line, 6)
        XCTAssertEqual(location(path(.key("layers"), .index(1), .key("ks")), document)?.column, 12)
        let s = location(path(.key("layers"), .index(1), .key("ks"), .key("p"), .key("k"), .index(2), .key("s"), .index(1)), document)
        XCTAssertEqual(s, SourceLocation(line: 7, column: 38, offset: offset(of: "2]}]}", in: document)))
        XCTAssertEqual(location(path(.key("layers"), .index(1), .key("ks"), .key("p"), .key("k"), .index(1)), document)?.column, 24)
    }

    func testLocationWithEscapedKeys() {
        XCTAssertEqual(location(path(.key("key")), document), SourceLocation(
            line: 11, column: 15, offset: offset(of: #""escaped""#, in: document)))
        XCTAssertEqual(location(path(.key("été")), document)?.line, 12)
        XCTAssertEqual(location(path(.key("emoji😀")), document)?.line, 13)
        XCTAssertNil(location(path(.key("k\\u0065y")), document))
        // A key written with a raw non-ASCII scalar, looked up by an escaped path and the reverse.
        XCTAssertEqual(location(path(.key("été")), #"{"été": 7}"#)?.column, 9)
        XCTAssertEqual(location(path(.key("\u{61}")), #"{"\u0061": 7}"#)?.column, 12)
        // Keys compare like Swift strings (canonical equivalence), as JSONDecoder's lookup does.
        XCTAssertEqual(location(path(.key("e\u{301}")), #"{"\u00e9": 7}"#)?.column, 12)
    }

    /// `JSONDecoder` reads the first of duplicate keys, so the place of an error is there.
    func testLocationWithDuplicateKeysUsesTheFirst() {
        XCTAssertEqual(location(path(.key("d")), document), SourceLocation(
            line: 14, column: 8, offset: offset(of: #""d": "first""#, in: document) + 5))
        let json = #"{"a":{"b":1},"a":{"c":2}}"#
        XCTAssertEqual(location(path(.key("a"), .key("b")), json)?.column, 11)
        XCTAssertNil(location(path(.key("a"), .key("c")), json))
        let deepest = JSONScanner.deepestLocation(of: path(.key("a"), .key("c")), in: Array(json.utf8))
        XCTAssertEqual(deepest?.location.column, 6)
        XCTAssertEqual(deepest?.matchedComponents, 1)
    }

    func testMissingPathsReturnNil() {
        XCTAssertNil(location(path(.key("missing")), document))
        XCTAssertNil(location(path(.key("layers"), .index(2)), document))
        XCTAssertNil(location(path(.key("layers"), .index(-1)), document))
        XCTAssertNil(location(path(.key("layers"), .key("0")), document))       // key into an array
        XCTAssertNil(location(path(.index(0)), document))                       // index into an object
        XCTAssertNil(location(path(.key("v"), .key("x")), document))            // through a string
        XCTAssertNil(location(path(.key("layers"), .index(0), .key("ks"), .key("o"), .key("k"), .index(0)), document))
        XCTAssertNil(location(path(.key("nm")), document))                      // only exists deeper
    }

    func testLocationInInvalidDocumentsIsNil() {
        XCTAssertNil(location(path(), ""))
        XCTAssertNil(location(path(.key("a")), #"{"a": 1,}"#))
        XCTAssertNil(location(path(.key("a")), #"{"a": 1} x"#))
        XCTAssertNil(JSONScanner.deepestLocation(of: path(.key("a")), in: Array(#"{"a": [}"#.utf8)))
    }

    func testDeepestLocation() {
        let bytes = Array(document.utf8)
        let full = path(.key("layers"), .index(0), .key("ks"), .key("o"))
        let whole = JSONScanner.deepestLocation(of: full, in: bytes)
        XCTAssertEqual(whole?.matchedComponents, 4)
        XCTAssertEqual(whole?.location, location(full, document))

        // A missing key: report where its parent object starts.
        let missing = JSONScanner.deepestLocation(of: path(.key("layers"), .index(1), .key("ks"), .key("r"), .key("k")), in: bytes)
        XCTAssertEqual(missing?.matchedComponents, 3)
        XCTAssertEqual(missing?.location, location(path(.key("layers"), .index(1), .key("ks")), document))
        XCTAssertEqual(missing?.location.line, 6)

        let outOfRange = JSONScanner.deepestLocation(of: path(.key("layers"), .index(7)), in: bytes)
        XCTAssertEqual(outOfRange?.matchedComponents, 1)
        XCTAssertEqual(outOfRange?.location.line, 3)

        let nothing = JSONScanner.deepestLocation(of: path(.key("nope")), in: bytes)
        XCTAssertEqual(nothing?.matchedComponents, 0)
        XCTAssertEqual(nothing?.location, SourceLocation(line: 1, column: 1, offset: 0))

        let root = JSONScanner.deepestLocation(of: path(), in: Array("  \n [1]".utf8))
        XCTAssertEqual(root?.matchedComponents, 0)
        XCTAssertEqual(root?.location, SourceLocation(line: 2, column: 2, offset: 4))
    }

    func testLocationWithByteOrderMarkAndScalarTopLevel() {
        XCTAssertEqual(location(path(), "\u{FEFF}  42"), SourceLocation(line: 1, column: 3, offset: 5))
        XCTAssertEqual(location(path(.index(1)), "\u{FEFF}[1, \"x\"]"), SourceLocation(line: 1, column: 5, offset: 7))
        XCTAssertNil(location(path(.index(0)), "42"))
    }

    func testSourceLocationOfOffset() {
        let bytes = Array("ab\néx\r\ny\rz".utf8)
        XCTAssertEqual(JSONScanner.sourceLocation(ofOffset: 0, in: bytes), SourceLocation(line: 1, column: 1, offset: 0))
        XCTAssertEqual(JSONScanner.sourceLocation(ofOffset: 5, in: bytes), SourceLocation(line: 2, column: 2, offset: 5))
        XCTAssertEqual(JSONScanner.sourceLocation(ofOffset: 8, in: bytes), SourceLocation(line: 3, column: 1, offset: 8))
        XCTAssertEqual(JSONScanner.sourceLocation(ofOffset: 10, in: bytes), SourceLocation(line: 4, column: 1, offset: 10))
        XCTAssertEqual(JSONScanner.sourceLocation(ofOffset: 99, in: bytes), SourceLocation(line: 4, column: 2, offset: 11))
        XCTAssertEqual(SourceLocation(line: 3, column: 7, offset: 20).description, "line 3, column 7")
    }

    // MARK: Big input

    func testLargeGeneratedDocument() throws {
        var json = #"{"v":"5.7.4","fr":60,"layers":["#
        var count = 0
        while json.utf8.count < 5_000_000 {
            if count > 0 { json += "," }
            json += """
            {"ind":\(count),"nm":"Layer \\u00e9 \(count) ü","ks":{"o":{"a":0,"k":100},"p":{"a":1,"k":[\
            {"t":0,"s":[1.5e2,-2.25E-3,0],"i":{"x":[0.833],"y":[0.833]}}]}},\
            "shapes":[{"ty":"gr","it":[true,false,null,-0.0,123456789012]}]}
            """
            count += 1
        }
        json += "]}"
        let bytes = Array(json.utf8)
        XCTAssertGreaterThan(bytes.count, 5_000_000)
        XCTAssertNoThrow(try JSONScanner.validate(bytes))

        let last = path(.key("layers"), .index(count - 1), .key("ks"), .key("p"), .key("k"), .index(0), .key("s"), .index(1))
        let found = try XCTUnwrap(JSONScanner.location(of: last, in: bytes))
        XCTAssertEqual(Array(bytes[found.offset..<(found.offset + 8)]), Array("-2.25E-3".utf8))
        XCTAssertEqual(found.line, 1)

        // Break it near the end: the error is found with the right path.
        var broken = bytes
        broken[broken.count - 3] = UInt8(ascii: ",")  // the layer's closing "}" -> ","
        let error = try XCTUnwrap(syntaxError(broken))
        XCTAssertEqual(error.message, "expected a string key after ',', found ']'")
        XCTAssertEqual(error.path.description, "layers[\(count - 1)]")
    }
}
