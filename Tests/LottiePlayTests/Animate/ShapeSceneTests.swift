import XCTest
import LottieModel
@testable import LottiePlay

/// Shape layers in the scene: which paths each style paints, group transforms and opacity,
/// modifiers and repeaters (FORMAT.md "Shapes").
final class ShapeSceneTests: XCTestCase {
    private func drawings(_ shapes: String, frame: Double = 0) throws -> [ShapeDrawing] {
        let timeline = try TimelineTests.timeline(layers: """
        [{"ty": 4, "ind": 1, "nm": "shapes", "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": \(shapes)}]
        """)
        guard case .shapes(let list) = try XCTUnwrap(timeline.scene(atFrame: frame).layers.first).content else {
            throw XCTSkip("no shape content")
        }
        return list
    }

    private static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> String {
        #"{"ty": "rc", "p": {"k": [\#(x), \#(y)]}, "s": {"k": [\#(w), \#(h)]}, "r": {"k": 0}}"#
    }

    private static let redFill = #"{"ty": "fl", "nm": "red", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}}"#
    private static let blueFill = #"{"ty": "fl", "nm": "blue", "c": {"k": [0, 0, 1, 1]}, "o": {"k": 50}}"#
    private static func stroke(width: Double) -> String {
        #"{"ty": "st", "c": {"k": [0, 0, 0, 1]}, "o": {"k": 100}, "w": {"k": \#(width)}, "lc": 2, "lj": 1, "ml": 4}"#
    }
    private static func transform(p: [Double] = [0, 0], s: Double = 100, o: Double = 100) -> String {
        #"{"ty": "tr", "p": {"k": [\#(p[0]), \#(p[1])]}, "a": {"k": [0, 0]}, "s": {"k": [\#(s), \#(s)]}, "r": {"k": 0}, "o": {"k": \#(o)}}"#
    }

    func testStylesPaintThePathsBeforeThemAndTheFirstIsOnTop() throws {
        // [rect A, red fill, rect B, blue fill]: red paints A; blue paints A and B; red is on top.
        let list = try drawings("[\(Self.rect(0, 0, 10, 10)), \(Self.redFill), \(Self.rect(50, 0, 10, 10)), \(Self.blueFill)]")
        XCTAssertEqual(list.map(\.jsonPath), ["layers[0].shapes[3]", "layers[0].shapes[1]"], "bottom first")
        XCTAssertEqual(list.map(\.paths.count), [2, 1])
        XCTAssertEqual(list[0].opacity, 0.5)
    }

    func testRectangleStartsTopRightAndGoesClockwise() throws {
        let list = try drawings("[\(Self.rect(10, 20, 40, 20)), \(Self.redFill)]")
        XCTAssertEqual(list[0].paths[0].vertices, [
            Vector2(x: 30, y: 10), Vector2(x: 30, y: 30), Vector2(x: -10, y: 30), Vector2(x: -10, y: 10),
        ])
    }

    func testGroupTransformMovesPathsAndScalesStrokeWidth() throws {
        // A group scaled 200% and moved by (100, 0), holding a 10 x 10 square and a stroke of width 3.
        let list = try drawings("""
        [{"ty": "gr", "it": [\(Self.rect(0, 0, 10, 10)), \(Self.stroke(width: 3)), \(Self.transform(p: [100, 0], s: 200, o: 50))]}]
        """)
        let drawing = try XCTUnwrap(list.first)
        XCTAssertEqual(drawing.paths[0].vertices[0], Vector2(x: 110, y: -10))
        guard case .stroke(_, let style) = drawing.paint else { return XCTFail("expected a stroke") }
        XCTAssertEqual(style.width, 6)
        XCTAssertEqual(style.cap, .round)
        XCTAssertEqual(drawing.opacity, 0.5, "group opacity multiplies into its styles")
    }

    func testAStyleAfterAGroupPaintsTheGroupsPathsInItsOwnSpace() throws {
        let list = try drawings("""
        [{"ty": "gr", "it": [\(Self.rect(0, 0, 10, 10)), \(Self.transform(p: [100, 0]))]}, \(Self.redFill)]
        """)
        XCTAssertEqual(list.count, 1)
        XCTAssertEqual(list[0].paths[0].vertices[0], Vector2(x: 105, y: -5))
    }

    func testTrimAfterAStyleStillTrimsItsPaths() throws {
        // A 100-unit line, [path, stroke, trim 25%..75%]: the modifier changes the path the stroke paints.
        let line = #"{"ty": "sh", "ks": {"k": {"c": false, "v": [[0, 0], [100, 0]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
        let trim = #"{"ty": "tm", "s": {"k": 25}, "e": {"k": 75}, "o": {"k": 0}, "m": 1}"#
        let list = try drawings("[\(line), \(Self.stroke(width: 1)), \(trim)]")
        XCTAssertEqual(list[0].paths[0].vertices.first?.x ?? -1, 25, accuracy: 1e-9)
        XCTAssertEqual(list[0].paths[0].vertices.last?.x ?? -1, 75, accuracy: 1e-9)
    }

    func testSequentialTrimTreatsAllPathsAsOne() throws {
        // Lines of 100 and 300 units, trimmed 0..50% as one: 200 units, all of the first and 100 of the second.
        let first = #"{"ty": "sh", "ks": {"k": {"c": false, "v": [[0, 0], [100, 0]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
        let second = #"{"ty": "sh", "ks": {"k": {"c": false, "v": [[0, 10], [300, 10]], "i": [[0, 0], [0, 0]], "o": [[0, 0], [0, 0]]}}}"#
        let trim = #"{"ty": "tm", "s": {"k": 0}, "e": {"k": 50}, "o": {"k": 0}, "m": 2}"#
        let list = try drawings("[\(first), \(second), \(Self.stroke(width: 1)), \(trim)]")
        let paths = list[0].paths
        XCTAssertEqual(paths.count, 2)
        XCTAssertEqual(paths[1].vertices.last?.x ?? -1, 100, accuracy: 1e-9)
    }

    func testRepeaterCopiesWithOpacityFromStartToEnd() throws {
        // 3 copies, each moved 20 units right, opacity 0% -> 100%: 0, 50, 100.
        let repeater = """
        {"ty": "rp", "c": {"k": 3}, "o": {"k": 0}, "m": 1,
         "tr": {"ty": "tr", "p": {"k": [20, 0]}, "a": {"k": [0, 0]}, "s": {"k": [100, 100]}, "r": {"k": 0},
                "so": {"k": 0}, "eo": {"k": 100}}}
        """
        let list = try drawings("[\(Self.rect(0, 0, 10, 10)), \(Self.redFill), \(repeater)]")
        XCTAssertEqual(list.count, 3)
        XCTAssertEqual(list.map(\.opacity), [0, 0.5, 1], "bottom first: copies stack above the original")
        XCTAssertEqual(list.map { $0.paths[0].vertices[0].x }, [5, 25, 45])
    }

    func testHomeTraceIsHalfDrawnAtFrame12() throws {
        // Samples/README.md: trim e is 50 at frame 12 over the roof and the walls (m 1: each path on its own).
        let data = try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Samples/home.json"))
        let timeline = Timeline(try LottieDecoder().decode(data))
        func traceLength(_ frame: Double) throws -> Double {
            let trace = try XCTUnwrap(timeline.scene(atFrame: frame).layers.first { $0.name == "Outline Trace" })
            guard case .shapes(let list) = trace.content else { return 0 }
            return list.flatMap(\.paths).reduce(0) { $0 + $1.length }
        }
        let full = try traceLength(24)
        XCTAssertGreaterThan(full, 0)
        XCTAssertEqual(try traceLength(12), full / 2, accuracy: 1e-6)
        XCTAssertEqual(try traceLength(6), full * 0.156355469, accuracy: 1e-5)
        XCTAssertEqual(try traceLength(0), 0)
    }
}
