import XCTest
import LottieModel
@testable import LottiePlay

/// Text animators (`t.a`): range selectors choosing characters, words or lines, and the style
/// they apply. In `TextFixture`'s font at size 50, glyph `k` of a text of "A"s starts at
/// x = 30k on the baseline y = 0.
final class TextAnimatorTests: XCTestCase {
    private func timeline(text: String, animators: String, options: String = #"{"g": 1, "a": {"a": 0, "k": [0, 0]}}"#,
                          strokeWidth: Double = 0) throws -> Timeline {
        let document = TextFixture.document(text, #", "j": 0, "lh": 60, "sc": [0, 0, 0], "sw": \#(strokeWidth)"#)
        return try TextFixture.timeline(text: #"{"d": \#(document), "m": \#(options), "a": [\#(animators)]}"#)
    }

    private func glyphs(_ timeline: Timeline, frame: Double = 0) throws -> [ShapeDrawing] {
        try TextFixture.glyphs(timeline, frame: frame)
    }

    private func corners(_ drawings: [ShapeDrawing]) -> [Vector2] {
        TextFixture.corners(drawings)
    }

    /// An animator: a range selector's members and a style's members.
    private func animator(_ selector: String, _ style: String) -> String {
        #"{"nm": "Animator", "s": {"t": 0\#(selector.isEmpty ? "" : ", " + selector)}, "a": {\#(style)}}"#
    }

    private func assertEqual(_ points: [Vector2], _ expected: [Vector2], file: StaticString = #filePath,
                             line: UInt = #line) {
        TextFixture.assertEqual(points, expected, file: file, line: line)
    }

    func testSelectorOverCharactersTwoToFourMovesThem() throws {
        // Index units 1 to 4: the second, third and fourth characters move up by 20.
        let moved = try glyphs(timeline(text: "AAAAA", animators: animator(
            #""r": 2, "b": 1, "sh": 1, "s": {"a": 0, "k": 1}, "e": {"a": 0, "k": 4}"#, #""p": {"a": 0, "k": [0, -20]}"#)))
        XCTAssertEqual(moved.count, 1, "all glyphs are painted alike")
        assertEqual(corners(moved), [Vector2(x: 0, y: 0), Vector2(x: 30, y: -20), Vector2(x: 60, y: -20),
                                     Vector2(x: 90, y: -20), Vector2(x: 120, y: 0)])
    }

    func testWordBasedSelector() throws {
        // "AA AA": the space (advancing 10) ends the first word; the second word, unit 1, moves
        // down by 10.
        let moved = try glyphs(timeline(text: "AA AA", animators: animator(
            #""r": 2, "b": 3, "s": {"a": 0, "k": 1}, "e": {"a": 0, "k": 2}"#, #""p": {"a": 0, "k": [0, 10]}"#)))
        assertEqual(corners(moved), [Vector2(x: 0, y: 0), Vector2(x: 30, y: 0), Vector2(x: 70, y: 10),
                                     Vector2(x: 100, y: 10)])
    }

    func testLineBasedSelectorWithPercentUnits() throws {
        // Two lines; 50% to 100% of the lines is the second line, moved right by 7.
        let moved = try glyphs(timeline(text: "AA\\rA", animators: animator(
            #""r": 1, "b": 4, "s": {"a": 0, "k": 50}"#, #""p": {"a": 0, "k": [7, 0]}"#)))
        assertEqual(corners(moved), [Vector2(x: 0, y: 0), Vector2(x: 30, y: 0), Vector2(x: 7, y: 60)])
    }

    func testScaleAndRotationTurnAboutTheBaselineMiddle() throws {
        // 200% about (15, 0), the middle of the 30-wide advance: (0, 0) -> (-15, 0), (5, -5) -> (-5, -10).
        let scaled = try glyphs(timeline(text: "A", animators: animator("", #""s": {"a": 0, "k": [200, 200, 100]}"#)))
        assertEqual(scaled[0].paths[0].vertices, [Vector2(x: -15, y: 0), Vector2(x: -5, y: 0),
                                                  Vector2(x: -5, y: -10), Vector2(x: -15, y: -10)])
        // 90 degrees clockwise about (15, 0): (0, 0) -> (15, -15); (5, 0) -> (15, -10).
        let turned = try glyphs(timeline(text: "A", animators: animator("", #""r": {"a": 0, "k": 90}"#)))
        assertEqual(Array(turned[0].paths[0].vertices.prefix(2)), [Vector2(x: 15, y: -15), Vector2(x: 15, y: -10)])
    }

    func testGroupingAlignmentAndAnchorMoveThePivot() throws {
        // Grouping alignment -50% of the height (size * 1.2 * 0.714 = 42.84): the pivot is 21.42
        // above the baseline, so at 200% the baseline corner goes to 21.42 below it.
        let aligned = try glyphs(timeline(text: "A", animators: animator("", #""s": {"a": 0, "k": [200, 200, 100]}"#),
                                          options: #"{"g": 1, "a": {"a": 0, "k": [0, -50]}}"#))
        assertEqual([aligned[0].paths[0].vertices[0]], [Vector2(x: -15, y: 21.42)])
        // An animator anchor point of (0, 10) with no other change moves the glyph by (0, -10).
        let anchored = try glyphs(timeline(text: "A", animators: animator("", #""a": {"a": 0, "k": [0, 10]}"#)))
        assertEqual([anchored[0].paths[0].vertices[0]], [Vector2(x: 0, y: -10)])
    }

    func testWordGroupingTurnsWordsAsOne() throws {
        // The word spans 0 to 60; turned 180 degrees about (30, 0), the second glyph's corner
        // (30, 0) stays and the first glyph's (0, 0) goes to (60, 0).
        let turned = try glyphs(timeline(text: "AA", animators: animator("", #""r": {"a": 0, "k": 180}"#),
                                         options: #"{"g": 2}"#))
        assertEqual(corners(turned), [Vector2(x: 60, y: 0), Vector2(x: 30, y: 0)])
    }

    func testOpacityAndFillColourBySelection() throws {
        // The first half (characters 0 and 1) fades out; the rest keeps its opacity: two runs.
        let faded = try glyphs(timeline(text: "AAAA", animators: animator(
            #""s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 50}"#, #""o": {"a": 0, "k": 0}"#)))
        XCTAssertEqual(faded.map(\.opacity), [0, 1])
        XCTAssertEqual(faded.map(\.paths.count), [2, 2])
        // A fill colour at 50% amount goes halfway from red to blue.
        let tinted = try glyphs(timeline(text: "A", animators: animator(
            #""a": {"a": 0, "k": 50}"#, #""fc": {"a": 0, "k": [0, 0, 1]}"#)))
        guard case .fill(let color, _) = tinted[0].paint else { return XCTFail("expected a fill") }
        XCTAssertEqual(color, RGBAColor(red: 0.5, green: 0, blue: 0.5))
    }

    func testFillHueSaturationAndBrightness() throws {
        func fill(_ style: String) throws -> RGBAColor {
            let drawings = try glyphs(timeline(text: "A", animators: animator("", style)))
            guard case .fill(let color, _) = drawings[0].paint else { throw XCTSkip("expected a fill") }
            return color
        }
        // Red turned 120 degrees is green; turned 60 degrees, yellow.
        XCTAssertEqual(try fill(#""fh": {"a": 0, "k": 120}"#), RGBAColor(red: 0, green: 1, blue: 0))
        XCTAssertEqual(try fill(#""fh": {"a": 0, "k": 60}"#), RGBAColor(red: 1, green: 1, blue: 0))
        // Saturation -100%: no colour left at full value, white; brightness -50%: dark red.
        XCTAssertEqual(try fill(#""fs": {"a": 0, "k": -100}"#), RGBAColor(red: 1, green: 1, blue: 1))
        XCTAssertEqual(try fill(#""fb": {"a": 0, "k": -50}"#), RGBAColor(red: 0.5, green: 0, blue: 0))
    }

    func testStrokeWidthAddsAndTrackingWidensTheLine() throws {
        // The document's stroke of 2 plus an animator's 3 at full share: 5.
        let stroked = try glyphs(timeline(text: "A", animators: animator("", #""sw": {"a": 0, "k": 3}"#), strokeWidth: 2))
        guard case .stroke(_, let style)? = stroked.last?.paint else { return XCTFail("expected a stroke") }
        XCTAssertEqual(style.width, 5)
        // Tracking 100 (thousandths of an em, 5 units at size 50) on the second character only:
        // it and everything after it move right by 5.
        let tracked = try glyphs(timeline(text: "AAA", animators: animator(
            #""r": 2, "s": {"a": 0, "k": 1}, "e": {"a": 0, "k": 2}"#, #""t": {"a": 0, "k": 100}"#)))
        assertEqual(corners(tracked), [Vector2(x: 0, y: 0), Vector2(x: 35, y: 0), Vector2(x: 65, y: 0)])
    }

    func testRandomizedOrderIsTheSameEveryTime() throws {
        let randomized = animator(#""rn": 1, "r": 2, "s": {"a": 0, "k": 0}, "e": {"a": 0, "k": 2}"#,
                                  #""p": {"a": 0, "k": [0, -20]}"#)
        let first = corners(try glyphs(timeline(text: "AAAAAA", animators: randomized)))
        let second = corners(try glyphs(timeline(text: "AAAAAA", animators: randomized)))
        XCTAssertEqual(first, second)
        // Two of the six characters are selected, whichever they are.
        XCTAssertEqual(first.filter { $0.y == -20 }.count, 2)
    }

    func testAnimatedSelectorLaysTheTextOutAgain() throws {
        // The end goes from 0% to 100% over 10 frames: nothing moves at frame 0, everything at 10.
        let timeline = try timeline(text: "AA", animators: animator(
            #""e": {"a": 1, "k": [{"t": 0, "s": [0], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 10, "s": [100]}]}"#,
            #""p": {"a": 0, "k": [0, 5]}"#))
        assertEqual(corners(try glyphs(timeline, frame: 0)), [Vector2(x: 0, y: 0), Vector2(x: 30, y: 0)])
        assertEqual(corners(try glyphs(timeline, frame: 5)), [Vector2(x: 0, y: 5), Vector2(x: 30, y: 0)])
        assertEqual(corners(try glyphs(timeline, frame: 10)), [Vector2(x: 0, y: 5), Vector2(x: 30, y: 5)])
    }
}
