import XCTest
import LottieModel
import LottiePlay
@testable import lottie_cli

/// The script language of `lottie-cli tabs --script`: parsing, numbering, errors, and the check
/// against a bar.
final class TabScriptTests: XCTestCase {
    private func parse(_ source: String) throws -> [TabScript.Instruction] {
        try TabScript(parsing: source).steps.map(\.instruction)
    }

    private func assertError(_ source: String, _ description: String, line: UInt = #line) {
        XCTAssertThrowsError(try TabScript(parsing: source), line: line) { error in
            XCTAssertEqual((error as? ScriptError)?.description, description, line: line)
        }
    }

    /// Two tabs and an action button in the middle, with empty animations.
    private func bar() throws -> TabBarController {
        func animation() -> LottieAnimation {
            LottieAnimation(frameRate: 30, inPoint: 0, outPoint: 30, width: 10, height: 10, layers: [])
        }
        return try TabBarController(items: [
            TabItem(id: "home", title: "Home", animation: animation()),
            TabItem(id: "+", title: "+", animation: animation(), role: .action),
            TabItem(id: "profile", title: "Profile", animation: animation()),
        ])
    }

    // MARK: Parsing

    func testEveryCommand() throws {
        XCTAssertEqual(try parse("tick 250ms; tick 1s; tick 1.5s; tick 10f; tick; tap 2; select profile; left; right; save"), [
            .tick(ClockDuration(250, .milliseconds)), .tick(ClockDuration(1, .seconds)),
            .tick(ClockDuration(1.5, .seconds)), .tick(ClockDuration(10, .frames)), .tick(ClockDuration(1, .frames)),
            .tap(2), .select("profile"), .left, .right, .save,
        ])
    }

    func testSeparatorsCommentsAndBlanks() throws {
        let script = try TabScript(parsing: """
            # a comment line
            tick 1s   # after a command; tap 9 is in the comment
              tap 2 ;; TAP 1
            WAIT 5F
            """)
        XCTAssertEqual(script.steps.map(\.instruction), [.tick(ClockDuration(1, .seconds)), .tap(2), .tap(1),
                                                         .tick(ClockDuration(5, .frames))])
        XCTAssertEqual(script.steps.map(\.number), [1, 2, 3, 4])
        XCTAssertEqual(script.steps.map(\.text), ["tick 1s", "tap 2", "TAP 1", "WAIT 5F"])
    }

    func testEmptyScriptHasNoSteps() throws {
        XCTAssertEqual(try parse(""), [])
        XCTAssertEqual(try parse(" ; # nothing\n\n"), [])
    }

    func testDurationsInSeconds() {
        XCTAssertEqual(ClockDuration(250, .milliseconds).seconds(fps: 30), 0.25)
        XCTAssertEqual(ClockDuration(1.5, .seconds).seconds(fps: 30), 1.5)
        XCTAssertEqual(ClockDuration(10, .frames).seconds(fps: 20), 0.5)
        XCTAssertNil(ClockDuration(parsing: "0s"))
        XCTAssertNil(ClockDuration(parsing: "-1s"))
        XCTAssertNil(ClockDuration(parsing: "1"))
        XCTAssertNil(ClockDuration(parsing: "1 s"))
        XCTAssertNil(ClockDuration(parsing: "infs"))
    }

    // MARK: Errors

    func testUnknownCommandNamesItsNumberAndText() {
        assertError("tick 1s; tap 2; tapp 2",
                    "script command 3 'tapp 2': unknown command; expected tick, tap, select, left, right or save")
    }

    func testBadArguments() {
        assertError("tick fast", "script command 1 'tick fast': expected one duration such as 250ms, 1s, 1.5s or 10f (display frames)")
        assertError("tick 1s 2s", "script command 1 'tick 1s 2s': expected one duration such as 250ms, 1s, 1.5s or 10f (display frames)")
        assertError("tick 0ms", "script command 1 'tick 0ms': expected one duration such as 250ms, 1s, 1.5s or 10f (display frames)")
        assertError("tap", "script command 1 'tap': expected a tab number from 1, such as 'tap 2'")
        assertError("tap 0", "script command 1 'tap 0': expected a tab number from 1, such as 'tap 2'")
        assertError("tap two", "script command 1 'tap two': expected a tab number from 1, such as 'tap 2'")
        assertError("select", "script command 1 'select': expected a tab id or title, such as 'select profile' or 'select \"My Tab\"'")
        assertError("select \"My Tab", "script command 1 'select \"My Tab': a quote \" is not closed")
        assertError("tick\nsave now", "script command 2 'save now': 'save' takes no argument")
    }

    func testQuotedTitlesWithSpaces() throws {
        let script = try TabScript(parsing: #"select "My Tab"; select 'Two; #Words'  # a comment; tap 9"#)
        XCTAssertEqual(script.steps.map(\.instruction), [.select("My Tab"), .select("Two; #Words")])
        XCTAssertEqual(script.steps.map(\.text), [#"select "My Tab""#, #"select "Two; #Words""#])
        XCTAssertEqual(try TabScript(parsing: "select My Tab").steps.map(\.instruction), [.select("My Tab")],
                       "unquoted words are one title too")
    }

    // MARK: Titles and places

    func testTitlesFromFileNames() {
        XCTAssertEqual(TabBarSetup.title(forFile: "icons/home.json"), "Home")
        XCTAssertEqual(TabBarSetup.title(forFile: "tab_bar-search.lottie"), "Tab Bar Search")
        XCTAssertEqual(TabBarSetup.title(forFile: "Tests/Hostile/frame-rate-zero.json"), "Frame Rate Zero")
        XCTAssertEqual(TabBarSetup.title(forFile: "myProfile.v2.json"), "MyProfile V2")
        XCTAssertEqual(TabBarSetup.title(forFile: "__.json"), "__")
    }

    /// The action button sits in the middle: after half the tabs, or after the larger half.
    func testTheActionButtonSitsInTheMiddle() {
        XCTAssertEqual((1...6).map { TabBarSetup.actionPosition(tabs: $0) }, [1, 1, 2, 2, 3, 3])
    }

    func testCheckAgainstTheBar() throws {
        let bar = try bar()
        XCTAssertNoThrow(try TabScript(parsing: "tap 1; tap 2; tap 3; select Profile; select home").check(against: bar))
        XCTAssertThrowsError(try TabScript(parsing: "tap 1; tap 4").check(against: bar)) { error in
            XCTAssertEqual("\(error)", "script command 2 'tap 4': there is no tab 4; the bar has tabs 1 to 3")
        }
        XCTAssertThrowsError(try TabScript(parsing: "select bob").check(against: bar)) { error in
            XCTAssertEqual("\(error)", "script command 1 'select bob': no tab has the id or title 'bob'; "
                + "the tabs are home (Home), profile (Profile)")
        }
        XCTAssertThrowsError(try TabScript(parsing: "select +").check(against: bar)) { error in
            XCTAssertEqual("\(error)", "script command 1 'select +': '+' is the action button and cannot be "
                + "selected; use 'tap 2'")
        }
    }
}
