import XCTest
import LottieModel
@testable import LottiePlay

/// Merge paths in the scene (FORMAT.md "Merge paths"): the paths before the item in its group,
/// nested groups' included, become one path that the styles after it paint; the styles before it
/// draw nothing; the fill's rule applies to the result.
final class MergePathsTests: XCTestCase {
    private func timeline(_ shapes: String) throws -> Timeline {
        try TimelineTests.timeline(layers: """
        [{"ty": 4, "ind": 1, "nm": "shapes", "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes": \(shapes)}]
        """)
    }

    private func drawings(_ shapes: String) throws -> [ShapeDrawing] {
        guard case .shapes(let list) = try XCTUnwrap(try timeline(shapes).scene(atFrame: 0).layers.first).content else {
            throw XCTSkip("no shape content")
        }
        return list
    }

    /// The rectangle shape item from (x0, y0) to (x1, y1).
    private static func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> String {
        #"{"ty": "rc", "p": {"k": [\#((x0 + x1) / 2), \#((y0 + y1) / 2)]}, "s": {"k": [\#(x1 - x0), \#(y1 - y0)]}, "r": {"k": 0}}"#
    }

    private static func merge(_ mode: Int) -> String { #"{"ty": "mm", "nm": "Merge", "mm": \#(mode)}"# }
    private static func fill(rule: Int = 1) -> String {
        #"{"ty": "fl", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}, "r": \#(rule)}"#
    }

    /// The area the contours enclose (they do not cross), from their flattened outlines.
    private func area(_ contours: [BezierContour]) -> Double {
        var total = 0.0
        for contour in contours {
            var points: [Vector2] = []
            Flattening.append(contour, transform: .identity, tolerance: 1e-4, to: &points)
            for index in points.indices { total += points[index].cross(points[(index + 1) % points.count]) }
        }
        return abs(total / 2)
    }

    func testSubtractReplacesThePathsAndSilencesTheStylesBeforeIt() throws {
        // A fill before the merge draws nothing; the one after paints 0...60 less 40...100.
        let list = try drawings("""
        [\(Self.rect(0, 0, 60, 60)), \(Self.fill()), \(Self.rect(40, 0, 100, 60)), \(Self.merge(3)), \(Self.fill())]
        """)
        XCTAssertEqual(list.map(\.jsonPath), ["layers[0].shapes[4]"])
        XCTAssertEqual(area(list[0].paths), 2400, accuracy: 0.01)
    }

    func testEveryModeOfTwoSquares() throws {
        for (mode, expected) in [(2, 6000.0), (3, 2400), (4, 1200), (5, 4800)] {
            let list = try drawings("[\(Self.rect(0, 0, 60, 60)), \(Self.rect(40, 0, 100, 60)), \(Self.merge(mode)), \(Self.fill())]")
            XCTAssertEqual(area(try XCTUnwrap(list.first).paths), expected, accuracy: 0.01, "mode \(mode)")
        }
    }

    func testMergeKeepsTheContoursAndTheFillRuleMakesTheHole() throws {
        // Mode 1 with an even-odd fill: a 60 x 60 square with a 20 x 20 hole in its middle.
        let shapes = "[\(Self.rect(20, 20, 80, 80)), \(Self.rect(40, 40, 60, 60)), \(Self.merge(1)), \(Self.fill(rule: 2))]"
        let list = try drawings(shapes)
        XCTAssertEqual(list.count, 1)
        XCTAssertEqual(list[0].paths.count, 2)
        guard case .fill(_, let rule) = list[0].paint else { return XCTFail("expected a fill") }
        XCTAssertEqual(rule, .evenOdd)
        let image = SceneRenderer(width: 100, height: 100).render(try timeline(shapes).scene(atFrame: 0))
        XCTAssertEqual(image[50, 50].alpha, 0, "the hole")
        XCTAssertEqual(image[30, 50], RGBAImage.Pixel(red: 255, green: 0, blue: 0, alpha: 255), "the ring")
    }

    func testANestedGroupsPathIsMergedWhereItsTransformPutsIt() throws {
        // The nested square 0...20 is moved by (30, 0) onto 30...50, which the intersection keeps
        // whole; left where it was drawn, nothing would be left.
        let list = try drawings("""
        [{"ty": "gr", "it": [\(Self.rect(0, 0, 20, 20)),
          {"ty": "tr", "p": {"k": [30, 0]}, "a": {"k": [0, 0]}, "s": {"k": [100, 100]}, "r": {"k": 0}, "o": {"k": 100}}]},
         \(Self.rect(30, 0, 50, 20)), \(Self.merge(4)), \(Self.fill())]
        """)
        XCTAssertEqual(area(try XCTUnwrap(list.first).paths), 400, accuracy: 0.01)
    }

    func testStylesOfGroupsBeforeTheMergeDrawNothing() throws {
        // As Skottie: a fill inside a group above the merge is silenced too; a fill in an
        // enclosing group after the group that holds the merge paints the merged path.
        let list = try drawings("""
        [{"ty": "gr", "it": [{"ty": "gr", "it": [\(Self.rect(0, 0, 60, 60)), \(Self.fill())]},
          \(Self.rect(40, 0, 100, 60)), \(Self.merge(2))]}, \(Self.fill())]
        """)
        XCTAssertEqual(list.map(\.jsonPath), ["layers[0].shapes[1]"])
        XCTAssertEqual(area(list[0].paths), 6000, accuracy: 0.01)
    }

    func testAMovingPathIsMergedAgainAtEveryFrameItChanges() throws {
        // The second square slides from 40...100 (overlapping the first by 20) to 60...120
        // (touching it); the merge remembers its last paths, and must not hand back a stale
        // result when they change, nor when they change back.
        let moving = #"""
        {"ty": "rc", "s": {"k": [60, 60]}, "r": {"k": 0}, "p": {"a": 1, "k": [
          {"t": 0, "s": [70, 30], "i": {"x": [1], "y": [1]}, "o": {"x": [0], "y": [0]}}, {"t": 30, "s": [90, 30]}]}}
        """#
        let timeline = try timeline("[\(Self.rect(0, 0, 60, 60)), \(moving), \(Self.merge(3)), \(Self.fill())]")
        for (frame, expected) in [(0.0, 2400.0), (0, 2400), (15, 3000), (30, 3600), (0, 2400)] {
            guard case .shapes(let list) = try XCTUnwrap(timeline.scene(atFrame: frame).layers.first).content else {
                return XCTFail("no shape content")
            }
            XCTAssertEqual(area(try XCTUnwrap(list.first).paths), expected, accuracy: 0.01, "frame \(frame)")
        }
    }

    func testAMergePastItsLimitDrawsThePathsUnmerged() throws {
        // Two squares flatten to eight pieces: a limit of four leaves them as they are, together
        // in one path, painted by the fill after the merge.
        let json = """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "layers": [
          {"ty": 4, "ind": 1, "ip": 0, "op": 60, "st": 0, "ks": {}, "shapes":
            [\(Self.rect(0, 0, 60, 60)), \(Self.rect(40, 0, 100, 60)), \(Self.merge(3)), \(Self.fill())]}]}
        """
        var limits = LottieLimits.default
        limits.maxMergeSegments = 4
        let timeline = Timeline(try LottieDecoder().decode(json), limits: limits)
        guard case .shapes(let list) = try XCTUnwrap(timeline.scene(atFrame: 0).layers.first).content else {
            return XCTFail("no shape content")
        }
        XCTAssertEqual(list.map(\.jsonPath), ["layers[0].shapes[3]"])
        XCTAssertEqual(list[0].paths.map(\.vertices.count), [4, 4])
        XCTAssertEqual(area(list[0].paths), 7200, accuracy: 0.01, "both squares, whole")
    }

    func testOnePathInABooleanModeIsKeptAsDrawn() throws {
        // A pentagram drawn as one contour, intersected with nothing else, under an even-odd fill:
        // kept as drawn (as lottie-android does; Skottie would resolve it by the non-zero rule and
        // fill its centre), so the even-odd rule leaves the centre empty, as without a merge.
        let points = (0..<5).map { index -> String in
            let angle = Double(index * 2 % 5) * 2 * Double.pi / 5
            return "[\(50 + 40 * sin(angle)), \(50 - 40 * cos(angle))]"
        }
        let zeros = Array(repeating: "[0, 0]", count: 5).joined(separator: ", ")
        let star = #"{"ty": "sh", "ks": {"k": {"c": true, "v": [\#(points.joined(separator: ", "))], "i": [\#(zeros)], "o": [\#(zeros)]}}}"#
        for (mode, centre) in [(1, 0), (4, 0)] {
            let shapes = "[\(star), \(Self.merge(mode)), \(Self.fill(rule: 2))]"
            let image = SceneRenderer(width: 100, height: 100).render(try timeline(shapes).scene(atFrame: 0))
            XCTAssertEqual(Int(image[50, 50].alpha), centre, "mode \(mode): the centre")
            XCTAssertEqual(Int(image[50, 15].alpha), 255, "mode \(mode): a point of the star")
        }
    }
}
