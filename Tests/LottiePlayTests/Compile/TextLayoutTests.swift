import XCTest
import LottieModel
@testable import LottiePlay

/// Text layers drawn from the glyph outlines a file carries (`chars`).
final class TextLayoutTests: XCTestCase {
    private func timeline(text: String, justification: Int = 0, tracking: Double = 0) throws -> Timeline {
        try TextFixture.timeline(text: #"{"d": \#(TextFixture.document(text, #", "j": \#(justification), "tr": \#(tracking), "lh": 60"#))}"#)
    }

    private func glyphs(_ timeline: Timeline) throws -> [ShapeDrawing] {
        try TextFixture.glyphs(timeline)
    }

    func testGlyphsAreScaledAndAdvanced() throws {
        // Size 50: scale 0.5, advance 60 * 0.5 = 30 per glyph.
        let drawings = try glyphs(timeline(text: "AA"))
        XCTAssertEqual(drawings.count, 1)
        let paths = drawings[0].paths
        XCTAssertEqual(paths.count, 2)
        XCTAssertEqual(paths[0].vertices[1], Vector2(x: 5, y: 0))
        XCTAssertEqual(paths[1].vertices[0], Vector2(x: 30, y: 0))
        guard case .fill(let color, _) = drawings[0].paint else { return XCTFail("expected a fill") }
        XCTAssertEqual(color, RGBAColor(red: 1, green: 0, blue: 0))
    }

    func testLinesJustificationAndTracking() throws {
        // "A\rA" centred: each line 30 wide less nothing, shifted by -15; second baseline at lh 60.
        let centred = try glyphs(timeline(text: "A\\rA", justification: 2))[0].paths
        XCTAssertEqual(centred[0].vertices[0], Vector2(x: -15, y: 0))
        XCTAssertEqual(centred[1].vertices[0], Vector2(x: -15, y: 60))
        // Tracking 100 thousandths of an em at size 50 adds 5 units between glyphs.
        let tracked = try glyphs(timeline(text: "AA", tracking: 100))[0].paths
        XCTAssertEqual(tracked[1].vertices[0], Vector2(x: 35, y: 0))
    }

    func testTextInAFontWithoutGlyphsIsWarnedOnce() throws {
        // Two layers in "Serif", which has no glyph outlines: nothing drawn, one warning.
        let layer = #"{"ty": 5, "ip": 0, "op": 30, "st": 0, "ks": {}, "t": {"d": {"k": [{"t": 0, "s": {"t": "Hi", "f": "Serif", "s": 20}}]}}}"#
        let timeline = Timeline(try LottieDecoder().decode("""
            {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [\(layer), \(layer)]}
            """))
        XCTAssertEqual(timeline.warnings.map(\.description).filter { $0.contains("glyph") },
                       ["layers[0].t.d: font 'Serif' has no glyph outlines in the file and no font file; its text is not drawn"])
    }
}
