import XCTest
@testable import LottiePlay

/// Path expressions: `createPath`, `points()`, `inTangents()`, `outTangents()`, `isClosed()`,
/// `pointOnPath`, and results given as `{v, i, o, c}` objects.
final class ExpressionPathTests: XCTestCase {
    private typealias S = ExpressionScene

    /// A triangle (0,0) (10,0) (10,10), closed, the first point's out tangent (5, 0).
    private static let triangle = """
        {"c":true,"v":[[0,0],[10,0],[10,10]],"i":[[0,0],[0,0],[0,-3]],"o":[[5,0],[0,0],[0,0]]}
        """

    /// Layer `A` draws the triangle's path, with `expression` on it.
    private func layer(_ expression: String?, name: String = "A", index: Int = 1) -> String {
        let path = S.fixed(Self.triangle, expression: expression)
        return S.layer(name, index: index, shapes: """
            {"ty":"sh","nm":"Path 1","ks":\(path)},
            {"ty":"fl","nm":"Fill","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}
            """)
    }

    private func path(_ expression: String, file: StaticString = #filePath, line: UInt = #line) throws -> BezierContour {
        try S.firstPath("A", of: try S.timeline([layer(expression)]), atFrame: 0, file: file, line: line)
    }

    private func flat(_ points: [Vector2]) -> [Double] { points.flatMap { [$0.x, $0.y] } }

    func testCreatePath() throws {
        // A square, closed, no tangents.
        let square = try path("$bm_rt = createPath([[0, 0], [20, 0], [20, 20], [0, 20]], [], [], true);")
        assertNumbers(flat(square.vertices), [0, 0, 20, 0, 20, 20, 0, 20])
        assertNumbers(flat(square.inTangents), [0, 0, 0, 0, 0, 0, 0, 0])
        XCTAssertTrue(square.closed)
        // Open, with tangents given.
        let open = try path("$bm_rt = createPath([[0, 0], [30, 0]], [[0, 0], [-5, 5]], [[5, 5], [0, 0]], false);")
        assertNumbers(flat(open.vertices), [0, 0, 30, 0])
        assertNumbers(flat(open.inTangents), [0, 0, -5, 5])
        assertNumbers(flat(open.outTangents), [5, 5, 0, 0])
        XCTAssertFalse(open.closed)
    }

    func testThePathsOwnPointsAndTangents() throws {
        // Rebuilding the path from its own parts gives it back.
        let same = try path("$bm_rt = createPath(points(), inTangents(), outTangents(), isClosed());")
        assertNumbers(flat(same.vertices), [0, 0, 10, 0, 10, 10])
        assertNumbers(flat(same.inTangents), [0, 0, 0, 0, 0, -3])
        assertNumbers(flat(same.outTangents), [5, 0, 0, 0, 0, 0])
        XCTAssertTrue(same.closed)
        // Each point doubled and the path opened.
        let doubled = try path("""
            var p = points(); var q = [];
            for (var k = 0; k < p.length; k++) { q.push(mul(p[k], 2)); }
            $bm_rt = createPath(q, [], [], false);
            """)
        assertNumbers(flat(doubled.vertices), [0, 0, 20, 0, 20, 20])
        XCTAssertFalse(doubled.closed)
        // thisProperty.points() and value.points() read the same.
        let moved = try path("var p = thisProperty.points(); p[0] = [-4, -4]; $bm_rt = createPath(p, inTangents(), outTangents(), true);")
        assertNumbers(flat(moved.vertices), [-4, -4, 10, 0, 10, 10])
    }

    func testPathObjectResult() throws {
        // An object with v, i, o, c as lottie-web reads one.
        let object = try path("$bm_rt = {v: [[1, 2], [3, 4], [5, 6]], i: [[0, 0], [1, 1], [0, 0]], o: [[0, 0], [0, 0], [2, 2]], c: false};")
        assertNumbers(flat(object.vertices), [1, 2, 3, 4, 5, 6])
        assertNumbers(flat(object.inTangents), [0, 0, 1, 1, 0, 0])
        assertNumbers(flat(object.outTangents), [0, 0, 0, 0, 2, 2])
        XCTAssertFalse(object.closed)
    }

    func testAnotherLayersPathPoints() throws {
        // B's position is A's third point (10, 10), and A's first out tangent plus [1, 1] read from its path.
        let timeline = try S.timeline([
            layer(nil),
            S.layer("B", index: 2, position: S.fixed("[0,0]", expression:
                "$bm_rt = thisComp.layer('A').content('Path 1').path.points()[2];")),
            S.layer("C", index: 3, position: S.fixed("[0,0]", expression:
                "$bm_rt = add(thisComp.layer('A').content('Path 1').path.outTangents()[0], [1, 1]);")),
        ])
        assertNumbers(try S.origin("B", of: timeline, atFrame: 0), [10, 10])
        assertNumbers(try S.origin("C", of: timeline, atFrame: 0), [6, 1])
    }

    func testPointOnPath() throws {
        // A straight open path 0 -> 100 along x: half its length is (50, 0).
        let line = """
            {"ty":"sh","nm":"Line","ks":{"a":0,"k":{"c":false,"v":[[0,0],[100,0]],"i":[[0,0],[0,0]],"o":[[0,0],[0,0]]}}},
            {"ty":"st","nm":"Stroke","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"w":{"a":0,"k":1},"lc":1,"lj":1}
            """
        let timeline = try S.timeline([
            S.layer("A", index: 1, shapes: line),
            S.layer("B", index: 2, position: S.fixed("[0,0]", expression:
                "$bm_rt = thisComp.layer('A').content('Line').path.pointOnPath(0.5);")),
        ])
        assertNumbers(try S.origin("B", of: timeline, atFrame: 0), [50, 0], accuracy: 1e-6)
    }

    func testAPathThatIsNotOneFallsBack() throws {
        // A number, or points of different counts, keep the keyed triangle.
        for source in ["$bm_rt = 5;", "$bm_rt = {v: [[1, 2], [3, 4]], i: [[0, 0]], o: [[0, 0], [0, 0]], c: true};"] {
            let kept = try path(source)
            assertNumbers(flat(kept.vertices), [0, 0, 10, 0, 10, 10], file: #filePath, line: #line)
        }
    }

    /// A path keyed from the triangle (frame 0) to it doubled (frame 30), with `expression`.
    private func keyedPath(_ expression: String) -> String {
        let big = "{\"c\":true,\"v\":[[0,0],[20,0],[20,20]],\"i\":[[0,0],[0,0],[0,-6]],\"o\":[[10,0],[0,0],[0,0]]}"
        let keys = "{\"a\":1,\"k\":[{\"t\":0,\"s\":[\(Self.triangle)],\"o\":{\"x\":[0],\"y\":[0]},\"i\":{\"x\":[1],\"y\":[1]}},"
            + "{\"t\":30,\"s\":[\(big)]}],\"x\":\(S.quoted(expression))}"
        return S.layer("A", index: 1, shapes: """
            {"ty":"sh","nm":"Path 1","ks":\(keys)},
            {"ty":"fl","nm":"Fill","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}
            """)
    }

    func testKeyedPathValueAndValueAtTime() throws {
        // Halfway (frame 15) the triangle is 1.5 times as large.
        let halfway = try S.firstPath("A", of: try S.timeline([keyedPath("$bm_rt = value;")]), atFrame: 15)
        assertNumbers(flat(halfway.vertices), [0, 0, 15, 0, 15, 15], accuracy: 1e-6)
        // valueAtTime(0.5) at frame 0: the same halfway shape.
        let delayed = try S.firstPath("A", of: try S.timeline([keyedPath("$bm_rt = valueAtTime(0.5);")]), atFrame: 0)
        assertNumbers(flat(delayed.vertices), [0, 0, 15, 0, 15, 15], accuracy: 1e-6)
    }

    func testLoopOutOnAPath() throws {
        // loopOut('cycle') past the last key (frame 45 -> frame 15): the halfway shape, tangents too.
        let cycled = try S.firstPath("A", of: try S.timeline([keyedPath("$bm_rt = loopOut('cycle');")]), atFrame: 45)
        assertNumbers(flat(cycled.vertices), [0, 0, 15, 0, 15, 15], accuracy: 1e-6)
        assertNumbers(flat(cycled.outTangents), [7.5, 0, 0, 0, 0, 0], accuracy: 1e-6)
        // pingpong at frame 50: backwards 20 frames from the end -> frame 10: a third of the way, 4/3 the size.
        let bounced = try S.firstPath("A", of: try S.timeline([keyedPath("$bm_rt = loopOut('pingpong');")]), atFrame: 50)
        assertNumbers(flat(bounced.vertices), [0, 0, 40.0 / 3, 0, 40.0 / 3, 40.0 / 3], accuracy: 1e-6)
    }

    func testAnotherLayersPathPropertyAsTheResult() throws {
        // B's path is A's path property itself (as starfish.json and night_own.json write it):
        // the triangle, closed, with its tangents.
        let timeline = try S.timeline([
            layer(nil),
            layer("$bm_rt = thisComp.layer('A').content('Path 1').path;", name: "B", index: 2),
        ])
        let copied = try S.firstPath("B", of: timeline, atFrame: 0)
        assertNumbers(flat(copied.vertices), [0, 0, 10, 0, 10, 10])
        assertNumbers(flat(copied.outTangents), [5, 0, 0, 0, 0, 0])
        XCTAssertTrue(copied.closed)
        XCTAssertEqual(timeline.expressionFaults, [])
        // A layer is no path: B keeps its own (the same triangle) and says why.
        let wrong = try S.timeline([layer(nil), layer("$bm_rt = thisComp.layer('A');", name: "B", index: 2)])
        assertNumbers(flat(try S.firstPath("B", of: wrong, atFrame: 0).vertices), [0, 0, 10, 0, 10, 10])
        XCTAssertEqual(wrong.expressionFaults.count, 1)
    }
}
