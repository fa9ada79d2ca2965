import XCTest
@testable import lottie_cli

/// The argument parser against a signature with every kind of option.
final class ArgumentsTests: XCTestCase {
    private let signature = CommandSignature(
        positionals: [
            Positional(name: "FILE", help: "input"),
            Positional(name: "MORE", help: "more inputs", isOptional: true, isRepeating: true),
        ],
        options: [
            Option("json", help: "as JSON"),
            Option("frame", value: "F", help: "a frame"),
            Option("output", short: "o", value: "PATH", help: "where"),
        ])

    private func parse(_ arguments: String...) throws(UsageError) -> Arguments {
        try Arguments(parsing: arguments, for: signature)
    }

    private func assertUsageError(_ arguments: [String], _ message: String, line: UInt = #line) {
        XCTAssertThrowsError(try Arguments(parsing: arguments, for: signature), line: line) { error in
            XCTAssertEqual(error as? UsageError, UsageError(message), line: line)
        }
    }

    func testPositionalsFlagsAndValuesInAnyOrder() throws {
        let arguments = try parse("--frame", "12", "a.json", "--json", "b.json", "-o", "out.png")
        XCTAssertEqual(arguments.positionals, ["a.json", "b.json"])
        XCTAssertTrue(arguments.flag("json"))
        XCTAssertEqual(arguments.value("frame"), "12")
        XCTAssertEqual(try arguments.number("frame"), 12)
        XCTAssertEqual(arguments.value("output"), "out.png")
        XCTAssertFalse(arguments.isHelpRequested)
    }

    func testEqualsFormRepeatsAndNegativeValues() throws {
        let arguments = try parse("a.json", "--frame=1", "--frame", "-5", "-2.5")
        XCTAssertEqual(arguments.values("frame"), ["1", "-5"])
        XCTAssertEqual(arguments.value("frame"), "-5")
        XCTAssertEqual(arguments.positionals, ["a.json", "-2.5"], "a negative number is a positional")
        XCTAssertEqual(try parse("a.json", "--frame=").value("frame"), "")
    }

    func testDoubleDashEndsOptions() throws {
        let arguments = try parse("--", "--json", "-o")
        XCTAssertEqual(arguments.positionals, ["--json", "-o"])
        XCTAssertFalse(arguments.flag("json"))
        XCTAssertEqual(try parse("-").positionals, ["-"])
    }

    func testHelpWinsUnlessAfterDoubleDash() throws {
        XCTAssertTrue(try parse("--bogus", "-h").isHelpRequested)
        XCTAssertTrue(try parse("--help").isHelpRequested)
        XCTAssertFalse(try parse("--", "--help").isHelpRequested)
    }

    func testUsageErrors() {
        assertUsageError(["a.json", "--jsn"], "unknown option '--jsn'; did you mean '--json'?")
        assertUsageError(["a.json", "--bogus"], "unknown option '--bogus'")
        assertUsageError(["a.json", "-x"], "unknown option '-x'")
        assertUsageError(["a.json", "-oj"], "unknown option '-oj'")
        assertUsageError(["a.json", "--json=1"], "option '--json' takes no value")
        assertUsageError(["a.json", "--frame"], "option '--frame' needs a value F")
        assertUsageError(["--json"], "missing argument FILE")
        assertUsageError(["-", "-"], "'-' (standard input) can be given once; it is read once")
        XCTAssertThrowsError(try parse("a.json", "--frame", "soon").number("frame")) { error in
            XCTAssertEqual(error as? UsageError, UsageError("option '--frame' needs a number, got 'soon'"))
        }
    }

    func testTooManyPositionals() {
        let single = CommandSignature(positionals: [Positional(name: "FILE", help: "input")])
        XCTAssertThrowsError(try Arguments(parsing: ["a", "b"], for: single)) { error in
            XCTAssertEqual(error as? UsageError, UsageError("unexpected argument 'b'"))
        }
    }

    func testSynopsisAndHelpLabels() {
        XCTAssertEqual(signature.synopsis, "FILE [MORE...] [--json] [--frame F] [--output PATH]")
        XCTAssertEqual(signature.option(named: "output")?.helpLabel, "-o, --output PATH")
        XCTAssertEqual(Option.help.helpLabel, "-h, --help")
    }

    func testEmptyJSONContainersAreCollapsed() {
        XCTAssertEqual(JSONOutput.collapsingEmptyContainers("{\n  \"a\" : [\n\n  ],\n  \"b\" : {\n\n  },\n  \"c\" : \"[ \"\n}"),
                       "{\n  \"a\" : [],\n  \"b\" : {},\n  \"c\" : \"[ \"\n}")
    }
}
