import XCTest
import LottieModel
@testable import LottiePlay

/// Animations with one text layer, drawn from the glyphs of font "Sans-Bold" (ascent 70%): "A",
/// a 10-unit square at size 100 advancing 60, and the space, advancing 20 with no outline. At
/// size 50, "A" is a 5-unit square advancing 30 and the space advances 10.
enum TextFixture {
    /// A document that holds: `text` at size 50 in Sans-Bold, red, with more `fields` (JSON
    /// members, each after a comma).
    static func document(_ text: String, _ fields: String = "") -> String {
        #"{"k": [{"t": 0, "s": {"t": "\#(text)", "f": "Sans-Bold", "s": 50, "fc": [1, 0, 0]\#(fields)}}]}"#
    }

    /// A timeline of a 200 x 200 animation whose one text layer has `t` as its text data and
    /// `layerFields` (JSON members, each after a comma) as more members.
    static func timeline(text t: String, layerFields: String = "") throws -> Timeline {
        let square = #"{"ty": "sh", "ks": {"k": {"c": true, "v": [[0, 0], [10, 0], [10, -10], [0, -10]], "i": [[0,0],[0,0],[0,0],[0,0]], "o": [[0,0],[0,0],[0,0],[0,0]]}}}"#
        let json = """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 200, "h": 200,
         "fonts": {"list": [{"fName": "Sans-Bold", "fFamily": "Sans", "fStyle": "Bold", "ascent": 70}]},
         "chars": [{"ch": "A", "size": 100, "style": "Bold", "w": 60, "fFamily": "Sans",
                    "data": {"shapes": [{"ty": "gr", "it": [\(square)]}]}},
                   {"ch": " ", "size": 100, "style": "Bold", "w": 20, "fFamily": "Sans", "data": {}}],
         "layers": [{"ty": 5, "ind": 1, "nm": "label", "ip": 0, "op": 30, "st": 0, "ks": {}\(layerFields),
                     "t": \(t)}]}
        """
        return Timeline(try LottieDecoder().decode(json))
    }

    /// The glyph drawings of the text layer at `frame`.
    static func glyphs(_ timeline: Timeline, frame: Double = 0) throws -> [ShapeDrawing] {
        guard case .text(let text) = try XCTUnwrap(timeline.scene(atFrame: frame).layers.first).content else {
            throw XCTSkip("not text")
        }
        return text.glyphs
    }

    /// Each glyph's first vertex (its bottom-left corner when untouched), in drawing order.
    static func corners(_ drawings: [ShapeDrawing]) -> [Vector2] {
        drawings.flatMap { $0.paths.map { $0.vertices[0] } }
    }

    /// Asserts that two lists of points agree within `accuracy`.
    static func assertEqual(_ points: [Vector2], _ expected: [Vector2], accuracy: Double = 1e-9,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(points.count, expected.count, "\(points)", file: file, line: line)
        for (point, wanted) in zip(points, expected) {
            XCTAssertEqual(point.x, wanted.x, accuracy: accuracy, "\(points)", file: file, line: line)
            XCTAssertEqual(point.y, wanted.y, accuracy: accuracy, "\(points)", file: file, line: line)
        }
    }
}
