import XCTest
import LottieModel
@testable import TestSupport
@testable import LottiePlay

/// Text drawn from font files (`FontStore`) when the animation has no glyph outlines for its
/// font: the test fonts of `TestFonts` (1000 units per em; "I" the square (100, 0)-(600, 500),
/// "O" the square (0, 0)-(700, 700) with the hole (200, 200)-(500, 500)).
final class TextFontFileTests: XCTestCase {
    /// A 200 x 200 animation with one text layer at (0, 100): `text` at size 100 in font
    /// `fName`, `font` being its `fonts.list` entry's other members.
    private func timeline(_ text: String, fontName: String, font: String = "", fonts: [[UInt8]]) throws -> Timeline {
        let json = """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 200, "h": 200,
         "fonts": {"list": [{"fName": "\(fontName)"\(font), "ascent": 70}]},
         "layers": [{"ty": 5, "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {"p": {"a": 0, "k": [0, 100]}},
                     "t": {"d": {"k": [{"t": 0, "s": {"t": "\(text)", "f": "\(fontName)", "s": 100, "j": 0,
                                                     "fc": [0, 0, 1], "tr": 0, "lh": 120}}]}}}]}
        """
        let store = FontStore(faces: try fonts.map { try FontFace(data: $0) })
        return Timeline(try LottieDecoder().decode(json), fonts: store)
    }

    private func contours(_ timeline: Timeline) throws -> [BezierContour] {
        let layer = try XCTUnwrap(timeline.scene(atFrame: 0).layers.first)
        guard case .text(let text) = layer.content else { throw XCTSkip("not text: \(layer.content)") }
        return text.glyphs.flatMap(\.paths)
    }

    /// The box around a contour's vertices: (min x, min y, max x, max y).
    private func box(_ contour: BezierContour) -> [Double] {
        let xs = contour.vertices.map(\.x)
        let ys = contour.vertices.map(\.y)
        return [xs.min() ?? .nan, ys.min() ?? .nan, xs.max() ?? .nan, ys.max() ?? .nan]
    }

    func testTrueTypeGlyphsAreScaledTurnedDownAndKerned() throws {
        // Found by its PostScript name. Size 100 at 1000 units per em: scale 0.1, y turned down.
        // "I": x 10 to 60, y -50 to 0; its advance 700 -> 70; the GPOS pair I-O (-50 -> -5) puts
        // "O" at 65: its outline x 65 to 135, y -70 to 0, its hole x 85 to 115, y -50 to -20.
        let paths = try contours(timeline("IO", fontName: "TestSans-Medium", fonts: [TestFonts.trueType]))
        XCTAssertEqual(paths.count, 3)
        XCTAssertEqual(box(paths[0]), [10, -50, 60, 0])
        XCTAssertEqual(box(paths[1]), [65, -70, 135, 0])
        XCTAssertEqual(box(paths[2]), [85, -50, 115, -20])
        XCTAssertTrue(paths.allSatisfy(\.closed))
    }

    func testCFFGlyphsFoundByFamilyAndStyle() throws {
        // The CFF font, found by family "Test CFF" and style "Bold" (its PostScript name is
        // TestCFF-Bold): "I" the same square, advance 600 -> 60, no kerning: "O" at 60.
        let paths = try contours(timeline("IO", fontName: "Whatever", font: #", "fFamily": "Test CFF", "fStyle": "Bold""#,
                                          fonts: [TestFonts.trueType, TestFonts.openTypeCFF]))
        XCTAssertEqual(paths.count, 3)
        XCTAssertEqual(box(paths[0]), [10, -50, 60, 0])
        XCTAssertEqual(box(paths[1]), [60, -70, 130, 0])
        XCTAssertEqual(box(paths[2]), [80, -50, 110, -20])
    }

    func testTheGlyphsAreDrawnWithTheirHoles() throws {
        let timeline = try timeline("IO", fontName: "TestSans-Medium", fonts: [TestFonts.trueType])
        let image = SceneRenderer(width: 200, height: 200).render(timeline.scene(atFrame: 0))
        XCTAssertEqual(image[35, 75].alpha, 255, "inside the I (x 10-60, y 50-100)")
        XCTAssertEqual(image[70, 40].alpha, 255, "inside the O's ring (x 65-135, y 30-100)")
        XCTAssertEqual(image[100, 65].alpha, 0, "inside the O's hole (x 85-115, y 50-80)")
        XCTAssertEqual(image[35, 45].alpha, 0, "above the I")
        XCTAssertTrue(timeline.warnings.isEmpty, "\(timeline.warnings.map(\.description))")
        XCTAssertTrue(timeline.unsupported.isEmpty, "\(timeline.unsupported)")
    }

    func testAFontNoFileMatchesIsStillMissing() throws {
        let timeline = try timeline("IO", fontName: "Nowhere-Regular", fonts: [TestFonts.trueType])
        XCTAssertEqual(try contours(timeline).count, 0)
        XCTAssertEqual(timeline.warnings.map(\.description), ["layers[0].t.d: font 'Nowhere-Regular' has no glyph outlines in the file and no font file; its text is not drawn"])
        XCTAssertEqual(timeline.unsupported.map(\.feature), [.missingFonts])
    }

    func testTheAscentComesFromTheFontFileForParagraphText() throws {
        // Without an ascent in `fonts.list`, a box's first baseline is the font's ascender below
        // its top: the test font's hhea ascender over its units per em, times the size.
        let face = try FontFace(data: TestFonts.trueType)
        let store = FontStore(faces: [face])
        let json = """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 200, "h": 200,
         "fonts": {"list": [{"fName": "TestSans-Medium"}]},
         "layers": [{"ty": 5, "ind": 1, "ip": 0, "op": 30, "st": 0, "ks": {},
                     "t": {"d": {"k": [{"t": 0, "s": {"t": "I", "f": "TestSans-Medium", "s": 100, "j": 0,
                                                     "fc": [0, 0, 1], "sz": [200, 200], "ps": [0, 0]}}]}}}]}
        """
        let timeline = Timeline(try LottieDecoder().decode(json), fonts: store)
        let paths = try contours(timeline)
        let ascent = Double(face.ascender) / Double(face.unitsPerEm) * 100
        XCTAssertEqual(box(try XCTUnwrap(paths.first)), [10, ascent - 50, 60, ascent])
    }
}
