import XCTest
import LottieModel
@testable import LottiePlay

/// Paragraph text (`sz`, `ps`): lines wrapped to the box's width and justified in it. In
/// `TextFixture`'s font at size 50, "A" advances 30 and the space 10; the ascent is 70%, so the
/// first baseline is 35 below the box's top.
final class TextParagraphTests: XCTestCase {
    private func corners(text: String, box: (width: Double, x: Double, y: Double),
                         justification: Int = 0) throws -> [Vector2] {
        let document = TextFixture.document(
            text, #", "j": \#(justification), "lh": 60, "sz": [\#(box.width), 300], "ps": [\#(box.x), \#(box.y)]"#)
        return TextFixture.corners(try TextFixture.glyphs(TextFixture.timeline(text: #"{"d": \#(document)}"#)))
    }

    func testLinesBreakAfterSpacesAndInsideLongWords() throws {
        // "AA AA A" in 70: "AA " (60 + a space that may overhang), "AA ", "A"; baselines 55, 115, 175.
        XCTAssertEqual(try corners(text: "AA AA A", box: (70, 10, 20)), [
            Vector2(x: 10, y: 55), Vector2(x: 40, y: 55), Vector2(x: 10, y: 115), Vector2(x: 40, y: 115),
            Vector2(x: 10, y: 175),
        ])
        // A word wider than the box breaks before the glyph that does not fit.
        XCTAssertEqual(try corners(text: "AAA", box: (70, 0, 0)),
                       [Vector2(x: 0, y: 35), Vector2(x: 30, y: 35), Vector2(x: 0, y: 95)])
    }

    func testJustificationInTheBox() throws {
        // Centred in 70: "AA" (60, its breaking space left out) moves 5; "A" moves 20.
        XCTAssertEqual(try corners(text: "AA A", box: (70, 10, 20), justification: 2),
                       [Vector2(x: 15, y: 55), Vector2(x: 45, y: 55), Vector2(x: 30, y: 115)])
        // Right-justified: against the box's right edge, 80.
        XCTAssertEqual(try corners(text: "AA A", box: (70, 10, 20), justification: 1),
                       [Vector2(x: 20, y: 55), Vector2(x: 50, y: 55), Vector2(x: 50, y: 115)])
        // Justified, last line left (3) in 75: "A A " spreads its inner space by 5; "A A" stays.
        XCTAssertEqual(try corners(text: "A A A A", box: (75, 10, 20), justification: 3), [
            Vector2(x: 10, y: 55), Vector2(x: 55, y: 55), Vector2(x: 10, y: 115), Vector2(x: 50, y: 115),
        ])
        // Justified, all lines (6): the last line spreads too.
        XCTAssertEqual(try corners(text: "A A A A", box: (75, 10, 20), justification: 6).last, Vector2(x: 55, y: 115))
    }
}
