import XCTest
import LottieModel
@testable import LottiePlay

/// Text on a path (`t.p`): glyphs run along one of the layer's masks. In `TextFixture`'s font
/// at size 50, "A" is a 5-unit square advancing 30; a glyph's middle (15 right of its corner on
/// the baseline) goes to its distance along the path, turned with the path when perpendicular.
final class TextOnPathTests: XCTestCase {
    /// Right 100 from (0, 0), then down 100.
    private let corner = #"{"c": false, "v": [[0, 0], [100, 0], [100, 100]], "i": [[0,0],[0,0],[0,0]], "o": [[0,0],[0,0],[0,0]]}"#

    private func timeline(text: String, path: String, options: String, justification: Int = 0) throws -> Timeline {
        let document = TextFixture.document(text, #", "j": \#(justification)"#)
        return try TextFixture.timeline(
            text: #"{"d": \#(document), "p": {"m": 0\#(options)}, "m": {"g": 1, "a": {"a": 0, "k": [0, 0]}}, "a": []}"#,
            layerFields: #", "masksProperties": [{"mode": "n", "pt": {"a": 0, "k": \#(path)}, "o": {"a": 0, "k": 100}}]"#)
    }

    private func flag(_ key: String, _ value: Double) -> String {
        #", "\#(key)": {"a": 0, "k": \#(value)}"#
    }

    /// Each glyph's first two vertices (its baseline edge), in order.
    private func edges(_ timeline: Timeline) throws -> [[Vector2]] {
        try TextFixture.glyphs(timeline).flatMap { $0.paths.map { Array($0.vertices.prefix(2)) } }
    }

    private func assertEqual(_ found: [[Vector2]], _ expected: [[Vector2]], accuracy: Double = 1e-9,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(found.count, expected.count, "\(found)", file: file, line: line)
        for (points, wanted) in zip(found, expected) {
            TextFixture.assertEqual(points, wanted, accuracy: accuracy, file: file, line: line)
        }
    }

    func testGlyphsFollowThePathAndTurnAtItsCorner() throws {
        // Middles at 15, 45, 75 along the first leg; the fourth at 105, 5 down the second leg,
        // turned 90 degrees: its corner is 15 back along the leg, (100, -10).
        let found = try edges(timeline(text: "AAAA", path: corner, options: flag("p", 1)))
        assertEqual(found, [[Vector2(x: 0, y: 0), Vector2(x: 5, y: 0)], [Vector2(x: 30, y: 0), Vector2(x: 35, y: 0)],
                            [Vector2(x: 60, y: 0), Vector2(x: 65, y: 0)],
                            [Vector2(x: 100, y: -10), Vector2(x: 100, y: -5)]])
    }

    func testNotPerpendicularFirstMarginAndPastTheEnd() throws {
        // Not perpendicular: the fourth glyph keeps upright at (100, 5) less 15.
        let upright = try edges(timeline(text: "AAAA", path: corner, options: flag("p", 0)))
        assertEqual(Array(upright.suffix(1)), [[Vector2(x: 85, y: 5), Vector2(x: 90, y: 5)]])
        // A first margin of 10 moves every glyph 10 along.
        let moved = try edges(timeline(text: "A", path: corner, options: flag("f", 10) + flag("p", 1)))
        assertEqual(moved, [[Vector2(x: 10, y: 0), Vector2(x: 15, y: 0)]])
        // A margin of 190: the middle at 205, 5 past the path's end, straight on down.
        let past = try edges(timeline(text: "A", path: corner, options: flag("f", 190) + flag("p", 1)))
        assertEqual(past, [[Vector2(x: 100, y: 90), Vector2(x: 100, y: 95)]])
    }

    func testReversedPathJustificationAndForceAlignment() throws {
        // Reversed: the text starts at (100, 100) going up; the middle at (100, 85).
        let reversed = try edges(timeline(text: "A", path: corner, options: flag("r", 1) + flag("p", 1)))
        assertEqual(reversed, [[Vector2(x: 100, y: 100), Vector2(x: 100, y: 95)]])
        // Centred on a 200-long path: a 30-wide line starts at 85.
        let straight = #"{"c": false, "v": [[0, 0], [200, 0]], "i": [[0,0],[0,0]], "o": [[0,0],[0,0]]}"#
        let centred = try edges(timeline(text: "A", path: straight, options: flag("p", 1), justification: 2))
        assertEqual(centred, [[Vector2(x: 85, y: 0), Vector2(x: 90, y: 0)]])
        // Force alignment: middles spread from 15 to 185 (15, 100, 185).
        let spread = try edges(timeline(text: "AAA", path: straight, options: flag("a", 1) + flag("p", 1)))
        assertEqual(spread.map { [$0[0]] }, [[Vector2(x: 0, y: 0)], [Vector2(x: 85, y: 0)], [Vector2(x: 170, y: 0)]])
    }

    func testTextOnACircleAtKnownAngles() throws {
        // A circle of radius 100 about the origin, clockwise from (100, 0) (y down). A glyph
        // whose middle is at distance d sits at angle d / 100 radians, turned a quarter more.
        let k = 55.228475
        let circle = """
            {"c": true, "v": [[100, 0], [0, 100], [-100, 0], [0, -100]],
             "i": [[0, -\(k)], [\(k), 0], [0, \(k)], [-\(k), 0]], "o": [[0, \(k)], [-\(k), 0], [0, -\(k)], [\(k), 0]]}
            """
        let found = try edges(timeline(text: "AA", path: circle, options: flag("p", 1)))
        for (index, middle) in [15.0, 45.0].enumerated() {
            let angle = middle / 100
            let point = Vector2(x: 100 * cos(angle), y: 100 * sin(angle))
            let tangent = Vector2(x: -sin(angle), y: cos(angle))
            // The corner is 15 back along the tangent; the next vertex 10 back.
            let expected = [Vector2(x: point.x - 15 * tangent.x, y: point.y - 15 * tangent.y),
                             Vector2(x: point.x - 10 * tangent.x, y: point.y - 10 * tangent.y)]
            assertEqual([found[index]], [expected], accuracy: 0.05)
        }
    }
}
