import XCTest
import LottieModel
@testable import LottiePlay

/// Text layers drawn from the glyph outlines a file carries (`chars`).
final class TextLayoutTests: XCTestCase {
    private func timeline(text: String, justification: Int = 0, tracking: Double = 0) throws -> Timeline {
        let square = #"{"ty": "sh", "ks": {"k": {"c": true, "v": [[0, 0], [10, 0], [10, -10], [0, -10]], "i": [[0,0],[0,0],[0,0],[0,0]], "o": [[0,0],[0,0],[0,0],[0,0]]}}}"#
        let json = """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 200, "h": 200,
         "fonts": {"list": [{"fName": "Sans-Bold", "fFamily": "Sans", "fStyle": "Bold", "ascent": 70}]},
         "chars": [{"ch": "A", "size": 100, "style": "Bold", "w": 60, "fFamily": "Sans",
                    "data": {"shapes": [{"ty": "gr", "it": [\(square)]}]}}],
         "layers": [{"ty": 5, "ind": 1, "nm": "label", "ip": 0, "op": 30, "st": 0, "ks": {},
                     "t": {"d": {"k": [{"t": 0, "s": {"t": "\(text)", "f": "Sans-Bold", "s": 50, "j": \(justification),
                           "tr": \(tracking), "lh": 60, "fc": [1, 0, 0]}}]}}}]}
        """
        return Timeline(try LottieDecoder().decode(json))
    }

    private func glyphs(_ timeline: Timeline) throws -> [ShapeDrawing] {
        guard case .text(let text) = try XCTUnwrap(timeline.scene(atFrame: 0).layers.first).content else {
            throw XCTSkip("not text")
        }
        return text.glyphs
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
}
