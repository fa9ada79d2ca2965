import XCTest
@testable import lottie_cli

/// "Did you mean": the nearest command or option to a mistyped one, when it is a slip.
final class SuggestionTests: XCTestCase {
    func testEditDistance() {
        XCTAssertEqual(Suggestion.editDistance("inspect", "inspect"), 0)
        XCTAssertEqual(Suggestion.editDistance("inpsect", "inspect"), 1, "two neighbours swapped are one edit")
        XCTAssertEqual(Suggestion.editDistance("jsn", "json"), 1)
        XCTAssertEqual(Suggestion.editDistance("", "abc"), 3)
        XCTAssertEqual(Suggestion.editDistance("kitten", "sitting"), 3)
    }

    func testClosestIsASlipNotAnotherWord() {
        let commands = ["inspect", "eval", "frames", "tabs", "play", "render", "check", "diff"]
        XCTAssertEqual(Suggestion.closest(to: "inpsect", among: commands), "inspect")
        XCTAssertEqual(Suggestion.closest(to: "rendr", among: commands), "render")
        XCTAssertEqual(Suggestion.closest(to: "Eval", among: commands), "eval")
        XCTAssertNil(Suggestion.closest(to: "frobnicate", among: commands))
        XCTAssertNil(Suggestion.closest(to: "tab", among: ["json"]), "short words need a close match")
        XCTAssertEqual(Suggestion.closest(to: "output", among: ["out", "frames"]), "out", "a word that starts the other")
        XCTAssertNil(Suggestion.closest(to: "ou", among: ["output"]), "too short to start another")
    }
}
