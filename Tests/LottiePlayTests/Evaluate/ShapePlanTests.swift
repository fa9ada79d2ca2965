import XCTest
import LottieModel
@testable import LottiePlay

/// `ShapePlan` writes a frame over the drawings of the frame before. What it writes must be what
/// the general evaluation makes, to the last bit, and it must step aside wherever that one would
/// leave something out.
final class ShapePlanTests: XCTestCase {
    // MARK: Programs

    /// Nested groups: group A moves (position and opacity) and holds a moving path, a fixed
    /// group B (a rectangle moved by B's own matrix, compiled once), an ellipse that never changes
    /// (so it is copied and moved by A every frame), a fill of A's first two paths and a dashed
    /// stroke of its three. At the root, a moving ellipse, then a fill and a stroke of all four
    /// paths (one list for both).
    private static let nested = """
    [{"ty": "gr", "it": [
       {"ty": "sh", "ks": {"a": 1, "k": [
         {"t": 0, "s": [{"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}],
          "o": {"x": [0.3], "y": [0]}, "i": {"x": [0.6], "y": [1]}},
         {"t": 30, "s": [{"c": true, "v": [[5, 0], [30, 3], [12, 25]], "i": [[1, 1], [0, 0], [2, 0]], "o": [[0, 3], [0, 0], [0, 0]]}]}]}},
       {"ty": "gr", "it": [
         {"ty": "rc", "p": {"k": [5, 5]}, "s": {"k": [4, 6]}, "r": {"k": 0}},
         {"ty": "tr", "p": {"k": [3, 4]}, "s": {"k": [200, 100]}}]},
       {"ty": "fl", "c": {"a": 1, "k": [{"t": 0, "s": [1, 0, 0, 1]}, {"t": 30, "s": [0, 0, 1, 1]}]}, "o": {"k": 80}},
       {"ty": "el", "p": {"k": [20, 20]}, "s": {"k": [8, 8]}},
       {"ty": "st", "c": {"k": [0, 0, 0, 1]}, "o": {"k": 100}, "w": {"k": 2},
        "d": [{"n": "d", "v": {"k": 3}}, {"n": "g", "v": {"k": 2}}]},
       {"ty": "tr", "p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 30, "s": [40, 10]}]},
        "s": {"k": [150, 150]}, "o": {"a": 1, "k": [{"t": 0, "s": [100]}, {"t": 30, "s": [20]}]}}]},
     {"ty": "el", "d": 3, "p": {"a": 1, "k": [{"t": 0, "s": [50, 50]}, {"t": 30, "s": [60, 40]}]},
      "s": {"a": 1, "k": [{"t": 0, "s": [10, 20]}, {"t": 30, "s": [30, 5]}]}},
     {"ty": "fl", "c": {"k": [0, 1, 0, 1]}, "o": {"k": 100}},
     {"ty": "st", "c": {"k": [0, 0, 1, 1]}, "o": {"k": 50}, "w": {"k": 1}}]
    """

    private static func program(_ json: String) throws -> ShapeProgram {
        let items = try JSONDecoder().decode([ShapeItem].self, from: Data(json.utf8))
        return ShapeProgram(items, jsonPath: "layers[0].shapes", context: ValueContext())
    }

    private static func plan(_ json: String) throws -> ShapePlan? {
        try program(json).plan
    }

    /// Frames forwards, backwards and in jumps, between keys and past both ends.
    private static let frames: [Double] = {
        let forwards = Array(stride(from: -2.0, through: 33, by: 0.5))
        return forwards + forwards.reversed() + forwards.indices.map { forwards[($0 * 29) % forwards.count] }
    }()

    // MARK: What a plan is made of

    func testADrawingPaintingTheSamePathsAsAnotherSharesItsList() throws {
        let plan = try XCTUnwrap(Self.plan(Self.nested))
        XCTAssertEqual(plan.groups.map(\.parent), [-1, 0, 1])
        // Painter's order: the root's stroke and fill (all four paths), then A's stroke and fill.
        XCTAssertEqual(plan.drawings.map(\.paths), [0..<4, 0..<4, 0..<3, 0..<2])
        XCTAssertEqual(plan.drawings.map(\.sameAs), [nil, 0, nil, nil])
        XCTAssertEqual(plan.drawings.map(\.group), [0, 0, 1, 1])
        // The bottom drawing computes every path; the others copy or share them.
        XCTAssertEqual(plan.paths.map(\.owner), [0, 0, 0, 0])
        XCTAssertEqual(plan.paths.map(\.ownerPosition), [0, 1, 2, 3])
    }

    func testPathsAreMovedByTheGroupsThatEvaluationMovesThemBy() throws {
        let plan = try XCTUnwrap(Self.plan(Self.nested))
        // The moving path and the fixed ellipse: by A (then the root, which moves nothing). The
        // rectangle: B's slots already hold B's matrix, so A moves it first. The root's ellipse: nothing.
        XCTAssertEqual(plan.paths.map(\.firstMove), [1, 1, 1, 0])
        XCTAssertNil(plan.start(of: 0), "a moving path")
        // The rectangle starts at its top right corner (7, 2), which B scales by 2 in x and moves by (3, 4).
        XCTAssertEqual(plan.start(of: 1)?.vertices.first, Vector2(3 + 2 * 7, 4 + 2))
        // The fixed ellipse (centre (20, 20), 8 wide) starts from its own contour, at its top.
        XCTAssertEqual(plan.start(of: 2)?.vertices.first, Vector2(20, 16))
        XCTAssertNil(plan.start(of: 3), "a moving ellipse")
    }

    func testProgramsWithModifiersPolystarsOrUnpaintedPathsHaveNoPlan() throws {
        let path = #"{"ty": "el", "p": {"k": [0, 0]}, "s": {"a": 1, "k": [{"t": 0, "s": [1, 1]}, {"t": 9, "s": [5, 5]}]}}"#
        let fill = #"{"ty": "fl", "c": {"k": [0, 0, 0, 1]}, "o": {"k": 100}}"#
        let trim = #"{"ty": "tm", "s": {"k": 0}, "e": {"k": 50}, "o": {"k": 0}}"#
        let star = #"{"ty": "sr", "sy": 1, "p": {"k": [0, 0]}, "pt": {"k": 5}, "r": {"k": 0}, "or": {"k": 10}, "os": {"k": 0}, "ir": {"k": 5}, "is": {"k": 0}}"#
        XCTAssertNotNil(try Self.plan("[\(path), \(fill)]"))
        XCTAssertNil(try Self.plan("[\(path), \(trim), \(fill)]"), "a modifier")
        XCTAssertNil(try Self.plan("[\(star), \(path), \(fill)]"), "a polystar")
        XCTAssertNil(try Self.plan("[\(fill), \(path)]"), "a path under no style")
        XCTAssertNil(try Self.plan("[\(path)]"), "no style")
        XCTAssertNil(try Self.program(#"[{"ty": "el", "p": {"k": [0, 0]}, "s": {"k": [1, 1]}}, \#(fill)]"#).plan,
                     "nothing moves: the drawings are made once")
    }

    // MARK: Same drawings

    private static func write(_ plan: ShapePlan, over drawings: inout [ShapeDrawing], at frame: Double,
                              vertexLimit: Int = LottieLimits.default.maxFrameVertices) -> (drawn: Int, demand: Int)? {
        var states: [ShapePlan.GroupState] = []
        return plan.write(&drawings, at: frame, limits: ShapePlan.Limits(.default), vertexLimit: vertexLimit,
                          states: &states)
    }

    func testWrittenFramesAreTheFramesEvaluationMakes() throws {
        let program = try Self.program(Self.nested)
        let plan = try XCTUnwrap(program.plan)
        var drawings = program.drawings(at: 0)
        for frame in Self.frames {
            let written = try XCTUnwrap(Self.write(plan, over: &drawings, at: frame), "frame \(frame)")
            let expected = program.drawings(at: frame, limits: .default, vertexBudget: LottieLimits.default.maxFrameVertices)
            XCTAssertEqual(String(describing: drawings), String(describing: expected.drawings), "frame \(frame)")
            XCTAssertEqual(written.drawn, expected.drawn, "frame \(frame)")
        }
        // Hand-counted: 3 + 4 + 4 + 4 vertices under the root's two drawings, 11 and 7 under A's, one more each.
        XCTAssertEqual(Self.write(plan, over: &drawings, at: 12)?.drawn, 2 * (15 + 1) + (11 + 1) + (7 + 1))
        XCTAssertEqual(Self.write(plan, over: &drawings, at: 12)?.demand, 2 * 16 + 12 + 8)
    }

    func testFramesPassedFromLayerToLayerAreTheFramesEvaluationMakes() throws {
        let program = try Self.program(Self.nested)
        let scratch = ShapeScratch()
        let limits = LottieLimits.default
        var drawings = program.drawings(at: 0)
        for frame in Self.frames {
            drawings = program.drawings(at: frame, limits: limits, vertexBudget: limits.maxFrameVertices,
                                        scratch: scratch, recycled: consume drawings).drawings
            XCTAssertEqual(String(describing: drawings), String(describing: program.drawings(at: frame)), "frame \(frame)")
        }
    }

    /// Forty groups inside each other, each moving right by one (the innermost over time), a
    /// moving ellipse at the bottom and a fill at the top: the ellipse goes through all of them.
    func testAPathDeepInNestedGroupsIsMovedByEachOfThem() throws {
        let moving = #"{"ty": "tr", "p": {"a": 1, "k": [{"t": 0, "s": [1, 0]}, {"t": 10, "s": [11, 0]}]}}"#
        let still = #"{"ty": "tr", "p": {"k": [1, 0]}}"#
        var json = #"{"ty": "el", "p": {"k": [0, 0]}, "s": {"a": 1, "k": [{"t": 0, "s": [2, 2]}, {"t": 10, "s": [4, 4]}]}}"#
        for depth in 0..<40 { json = #"{"ty": "gr", "it": [\#(json), \#(depth == 0 ? moving : still)]}"# }
        let program = try Self.program(#"[\#(json), {"ty": "fl", "c": {"k": [0, 0, 0, 1]}, "o": {"k": 100}}]"#)
        let plan = try XCTUnwrap(program.plan)
        XCTAssertEqual(plan.groups.count, 41)
        XCTAssertEqual(plan.paths.first?.firstMove, 40)
        var drawings = program.drawings(at: 0)
        for frame in [2.5, 5, 10, 0] {
            XCTAssertNotNil(Self.write(plan, over: &drawings, at: frame))
            XCTAssertEqual(String(describing: drawings), String(describing: program.drawings(at: frame)), "frame \(frame)")
        }
        // At frame 5 the ellipse is 3 wide, its rightmost point 1.5 right of 6 + 39.
        _ = Self.write(plan, over: &drawings, at: 5)
        let rightmost = try XCTUnwrap(drawings.first?.paths.first?.vertices.map(\.x).max())
        XCTAssertEqual(rightmost, 6 + 39 + 1.5, accuracy: 1e-9)
    }

    /// Reversed paths (`d: 3`) in a group turned, sheared and scaled over time, inside another
    /// that moves: the inner group's matrix is applied as each point is written, the outer's
    /// after, and reversing only reorders the points. A keyed path (held past its last key), an
    /// ellipse, a still rectangle and a still path, each reversed, and a keyed path that is not.
    private static let turned = """
    [{"ty": "gr", "it": [
       {"ty": "gr", "it": [
         {"ty": "sh", "d": 3, "ks": {"a": 1, "k": [
           {"t": 0, "s": [{"c": false, "v": [[0, 0], [7, 1], [3, 9], [-2, 4]], "i": [[0, 0], [1, 2], [0, 0], [-1, 0]], "o": [[2, 1], [0, 0], [0, -3], [0, 0]]}]},
           {"t": 12, "s": [{"c": false, "v": [[1, 1], [9, 0], [4, 12], [-3, 5]], "i": [[0, 1], [1, 1], [0, 0], [-2, 0]], "o": [[3, 1], [0, 1], [0, -2], [1, 0]]}]}]}},
         {"ty": "el", "d": 3, "p": {"a": 1, "k": [{"t": 0, "s": [4, 6]}, {"t": 20, "s": [-8, 3]}]},
          "s": {"a": 1, "k": [{"t": 0, "s": [10, 4]}, {"t": 20, "s": [3, 13]}]}},
         {"ty": "rc", "d": 3, "p": {"k": [2, 2]}, "s": {"k": [6, 3]}, "r": {"k": 0}},
         {"ty": "sh", "d": 3, "ks": {"k": {"c": true, "v": [[0, 0], [5, 5], [0, 7]], "i": [[1, 0], [0, 0], [0, 1]], "o": [[0, 1], [1, 0], [0, 0]]}}},
         {"ty": "sh", "ks": {"a": 1, "k": [
           {"t": 0, "s": [{"c": true, "v": [[0, 0], [4, 0], [4, 4]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}]},
           {"t": 16, "s": [{"c": true, "v": [[1, 0], [6, 2], [3, 7]], "i": [[1, 0], [0, 1], [0, 0]], "o": [[0, 1], [0, 0], [2, 0]]}]}]}},
         {"ty": "st", "c": {"k": [0, 0, 0, 1]}, "o": {"k": 100}, "w": {"k": 1.5}},
         {"ty": "tr", "a": {"k": [1, 2]}, "p": {"k": [3, -1]},
          "r": {"a": 1, "k": [{"t": 0, "s": [0]}, {"t": 20, "s": [137]}]},
          "s": {"a": 1, "k": [{"t": 0, "s": [100, 100]}, {"t": 20, "s": [-60, 230]}]},
          "sk": {"k": 17}, "sa": {"k": 33}}]},
       {"ty": "tr", "p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 20, "s": [25, -9]}]}, "s": {"k": [90, 110]}}]},
     {"ty": "fl", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}}]
    """

    func testReversedPathsInTurnedGroupsAreTheFramesEvaluationMakes() throws {
        let program = try Self.program(Self.turned)
        let plan = try XCTUnwrap(program.plan)
        XCTAssertEqual(plan.paths.map(\.firstMove), [2, 2, 2, 2, 2])
        var drawings = program.drawings(at: 0)
        for frame in Self.frames {
            XCTAssertNotNil(Self.write(plan, over: &drawings, at: frame), "frame \(frame)")
            XCTAssertEqual(String(describing: drawings), String(describing: program.drawings(at: frame)), "frame \(frame)")
        }
        // At frame 0 the inner group is a shear only, the outer a scale: the ellipse's top vertex
        // (4, 6 - 2) goes to its reversed list's start, moved by both (worked by hand below).
        _ = Self.write(plan, over: &drawings, at: 0)
        let inner = AffineMatrix.lottie(anchor: Vector2(1, 2), position: Vector2(3, -1), scale: Vector2(100, 100),
                                        rotation: 0, skew: 17, skewAxis: 33)
        let top = AffineMatrix.lottie(anchor: .zero, position: .zero, scale: Vector2(90, 110), rotation: 0,
                                      skew: 0, skewAxis: 0).apply(to: inner.apply(to: Vector2(4, 4)))
        let ellipse = try XCTUnwrap(drawings.last?.paths[1])
        XCTAssertEqual(ellipse.vertices[0].x, top.x, accuracy: 1e-12)
        XCTAssertEqual(ellipse.vertices[0].y, top.y, accuracy: 1e-12)
    }

    func testAMovingPathIsWrittenWhereTheFrameBeforeKeptIt() throws {
        let program = try Self.program(Self.nested)
        let plan = try XCTUnwrap(program.plan)
        var drawings = program.drawings(at: 0.5)
        XCTAssertNotNil(Self.write(plan, over: &drawings, at: 1))
        let storage = try XCTUnwrap(RecycledShapes.storage(of: drawings[0].paths[0].vertices))
        for frame in stride(from: 1.5, through: 29, by: 0.5) {
            XCTAssertNotNil(Self.write(plan, over: &drawings, at: frame))
            XCTAssertEqual(RecycledShapes.storage(of: drawings[0].paths[0].vertices), storage, "frame \(frame)")
        }
    }

    /// A moving ellipse in a group that does not move, under a style that paints nothing (no path
    /// above it) and a fill that paints it.
    private static let unpainting = """
    [{"ty": "fl", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}},
     {"ty": "gr", "it": [
       {"ty": "el", "p": {"k": [5, 5]}, "s": {"a": 1, "k": [{"t": 0, "s": [2, 2], "o": {"x": [0.4], "y": [0]},
        "i": {"x": [0.2], "y": [1]}}, {"t": 20, "s": [12, 6]}]}},
       {"ty": "tr", "p": {"k": [10, 0]}, "s": {"k": [50, 200]}, "o": {"k": 40}}]},
     {"ty": "fl", "c": {"k": [0, 0, 1, 1]}, "o": {"k": 100}}]
    """

    func testAStyleThatPaintsNothingMakesNoDrawingButCountsAVertex() throws {
        let program = try Self.program(Self.unpainting)
        let plan = try XCTUnwrap(program.plan)
        XCTAssertEqual(plan.drawings.count, 1)
        XCTAssertEqual(plan.unpaintingStyles, 1)
        var drawings = program.drawings(at: 0)
        XCTAssertTrue(plan.fits(drawings), "evaluation makes no drawing of the style that paints nothing")
        for frame in Self.frames {
            let written = try XCTUnwrap(Self.write(plan, over: &drawings, at: frame), "frame \(frame)")
            let expected = program.drawings(at: frame, limits: .default, vertexBudget: LottieLimits.default.maxFrameVertices)
            XCTAssertEqual(String(describing: drawings), String(describing: expected.drawings), "frame \(frame)")
            XCTAssertEqual(written.drawn, expected.drawn, "frame \(frame)")
        }
        // The ellipse's 4 vertices, one for its drawing, one for the style that paints nothing.
        XCTAssertEqual(Self.write(plan, over: &drawings, at: 7)?.drawn, 4 + 1 + 1)
    }

    func testGroupsThatDoNotMoveAreComputedOnce() throws {
        let still = try XCTUnwrap(Self.plan(Self.unpainting))
        let states = try XCTUnwrap(still.fixedStates)
        XCTAssertEqual(states.count, 2)
        XCTAssertEqual(states[1].opacity, 0.4)
        XCTAssertEqual(states[1].groupToLayer.apply(to: Vector2(1, 1)), Vector2(10.5, 2))
        XCTAssertNil(try XCTUnwrap(Self.plan(Self.nested)).fixedStates, "group A moves")
    }

    func testALayerComingInIsWrittenIntoBlankDrawings() throws {
        for json in [Self.nested, Self.unpainting] {
            let program = try Self.program(json)
            let plan = try XCTUnwrap(program.plan)
            XCTAssertTrue(plan.fits(plan.blankDrawings()))
            let limits = LottieLimits.default
            for frame in Self.frames {
                let made = program.drawings(at: frame, limits: limits, vertexBudget: limits.maxFrameVertices,
                                            scratch: ShapeScratch(), recycled: nil)
                let expected = program.drawings(at: frame, limits: limits, vertexBudget: limits.maxFrameVertices)
                XCTAssertEqual(String(describing: made.drawings), String(describing: expected.drawings), "frame \(frame)")
                XCTAssertEqual(made.drawn, expected.drawn, "frame \(frame)")
            }
        }
    }

    // MARK: Stepping aside

    func testALimitLeavesTheFrameToTheGeneralEvaluation() throws {
        let program = try Self.program(Self.nested)
        let plan = try XCTUnwrap(program.plan)
        var drawings = program.drawings(at: 0)
        // 15 vertices in the slots, 52 drawn: a budget of 40 leaves drawings out.
        XCTAssertNil(Self.write(plan, over: &drawings, at: 10, vertexLimit: 40))
        XCTAssertNotNil(Self.write(plan, over: &drawings, at: 10, vertexLimit: 52))
        let scratch = ShapeScratch()
        let made = program.drawings(at: 10, limits: .default, vertexBudget: 40, scratch: scratch,
                                    recycled: program.drawings(at: 9))
        let expected = program.drawings(at: 10, limits: .default, vertexBudget: 40)
        XCTAssertEqual(String(describing: made.drawings), String(describing: expected.drawings))
        XCTAssertEqual(made.drawn, expected.drawn)
        XCTAssertLessThan(made.drawings.count, 4)
    }

    func testAnEmptyContourLeavesTheFrameToTheGeneralEvaluation() throws {
        let program = try Self.program("""
        [{"ty": "sh", "ks": {"a": 1, "k": [
           {"t": 0, "s": [{"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}], "h": 1},
           {"t": 10, "s": [{"c": false, "v": [], "i": [], "o": []}], "h": 1},
           {"t": 20, "s": [{"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}]}]}},
         {"ty": "el", "p": {"k": [0, 0]}, "s": {"k": [4, 4]}},
         {"ty": "fl", "c": {"k": [0, 0, 0, 1]}, "o": {"k": 100}}]
        """)
        let plan = try XCTUnwrap(program.plan)
        var drawings = program.drawings(at: 0)
        XCTAssertNotNil(Self.write(plan, over: &drawings, at: 5))
        XCTAssertNil(Self.write(plan, over: &drawings, at: 15), "evaluation leaves the empty contour out")
        let scratch = ShapeScratch()
        let limits = LottieLimits.default
        for frame in [5.0, 15, 25, 15] {
            drawings = program.drawings(at: frame, limits: limits, vertexBudget: limits.maxFrameVertices,
                                        scratch: scratch, recycled: consume drawings).drawings
            XCTAssertEqual(String(describing: drawings), String(describing: program.drawings(at: frame)), "frame \(frame)")
        }
        XCTAssertEqual(program.drawings(at: 15).first?.paths.count, 1)
    }

    func testDrawingsOfAnotherProgramDoNotFitThePlan() throws {
        let plan = try XCTUnwrap(Self.plan(Self.nested))
        let other = try Self.program("""
        [{"ty": "el", "p": {"k": [0, 0]}, "s": {"a": 1, "k": [{"t": 0, "s": [1, 1]}, {"t": 9, "s": [5, 5]}]}},
         {"ty": "fl", "c": {"k": [0, 0, 0, 1]}, "o": {"k": 100}}]
        """)
        XCTAssertFalse(plan.fits(other.drawings(at: 3)))
        XCTAssertTrue(plan.fits(try Self.program(Self.nested).drawings(at: 3)))
        // Writing checks it too, and leaves drawings it does not fit as they were: one drawing of
        // one path (writing the nested program's drawings into them would index past them), or none at all.
        var others = other.drawings(at: 3)
        let before = String(describing: others)
        XCTAssertNil(Self.write(plan, over: &others, at: 3))
        XCTAssertEqual(String(describing: others), before)
        var none: [ShapeDrawing] = []
        XCTAssertNil(Self.write(plan, over: &none, at: 3))
        XCTAssertTrue(none.isEmpty)
    }
}
