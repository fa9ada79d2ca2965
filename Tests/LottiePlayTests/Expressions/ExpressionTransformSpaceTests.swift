import XCTest
@testable import LottiePlay

/// `toComp`, `fromComp`, `toWorld`, `toCompVec` through parents: P at [100, 100] rotated 90
/// degrees (x -> down), C its child at [10, 0]; X (no parent) reads C.
final class ExpressionTransformSpaceTests: XCTestCase {
    private typealias S = ExpressionScene

    private func timeline(_ expression: String, parentRotation: Double = 90, parentScale: String = "[100,100]",
                          parentAnchor: String = "[0,0]") throws -> Timeline {
        var parent = S.layer("P", index: 1, position: S.fixed("[100,100]"), rotation: S.fixed("\(parentRotation)"),
                             scale: S.fixed(parentScale))
        parent = parent.replacingOccurrences(of: "\"a\":{\"a\":0,\"k\":[0,0]}", with: "\"a\":{\"a\":0,\"k\":\(parentAnchor)}")
        return try S.timeline([
            parent,
            S.layer("C", index: 2, position: S.fixed("[10,0]"), parent: 1),
            S.layer("X", index: 3, position: S.fixed("[0,0]", expression: expression)),
        ])
    }

    func testSceneAgreesWithTheHandComputation() throws {
        // C's origin: (10, 0) in P's space, turned 90 degrees to (0, 10), moved to (100, 110).
        assertNumbers(try S.origin("C", of: try timeline("$bm_rt = [0, 0];"), atFrame: 0), [100, 110], accuracy: 1e-9)
    }

    func testToCompThroughARotatedParent() throws {
        // C's [0, 0] lands at (100, 110), as the scene draws it.
        assertNumbers(try S.origin("X", of: try timeline("$bm_rt = thisComp.layer('C').toComp([0, 0]);"), atFrame: 0),
                      [100, 110], accuracy: 1e-9)
        // C's [5, 0]: (15, 0) in P -> (0, 15) -> (100, 115).
        assertNumbers(try S.origin("X", of: try timeline("$bm_rt = thisComp.layer('C').toComp([5, 0]);"), atFrame: 0),
                      [100, 115], accuracy: 1e-9)
        // toWorld is the same for 2D layers.
        assertNumbers(try S.origin("X", of: try timeline("$bm_rt = thisComp.layer('C').toWorld([5, 0]);"), atFrame: 0),
                      [100, 115], accuracy: 1e-9)
    }

    func testFromCompInvertsToComp() throws {
        // (100, 115) on the canvas is C's [5, 0].
        assertNumbers(try S.origin("X", of: try timeline("$bm_rt = thisComp.layer('C').fromComp([100, 115]);"),
                                   atFrame: 0), [5, 0], accuracy: 1e-9)
        // A round trip: [3, 4] back again.
        assertNumbers(try S.origin("X", of: try timeline(
            "var c = thisComp.layer('C'); $bm_rt = c.fromComp(c.toComp([3, 4]));"), atFrame: 0), [3, 4], accuracy: 1e-9)
    }

    func testVectorsIgnoreTranslation() throws {
        // The direction [1, 0] in C turns to [0, 1].
        assertNumbers(try S.origin("X", of: try timeline("$bm_rt = thisComp.layer('C').toCompVec([1, 0]);"),
                                   atFrame: 0), [0, 1], accuracy: 1e-9)
    }

    func testScaledParent() throws {
        // P scaled 200 %, not turned: C's [5, 0] -> (15, 0) -> (30, 0) -> (130, 100).
        let scaled = try timeline("$bm_rt = thisComp.layer('C').toComp([5, 0]);", parentRotation: 0, parentScale: "[200,200]")
        assertNumbers(try S.origin("X", of: scaled, atFrame: 0), [130, 100], accuracy: 1e-9)
    }

    func testParentAnchorPoint() throws {
        // P's anchor at [50, 0]: C's origin (10, 0) is (-40, 0) from it -> (60, 100).
        let anchored = try timeline("$bm_rt = thisComp.layer('C').toComp([0, 0]);", parentRotation: 0, parentAnchor: "[50,0]")
        assertNumbers(try S.origin("X", of: anchored, atFrame: 0), [60, 100], accuracy: 1e-9)
        assertNumbers(try S.origin("C", of: anchored, atFrame: 0), [60, 100], accuracy: 1e-9)
    }

    func testThisLayerToCompInsideTheChild() throws {
        // The rectangle of C sits at thisLayer.toComp([0, 0]) / 10 = (10, 11) in C's space:
        // its 10 x 10 corners span x 5...15 and y 6...16.
        let shapes = """
            {"ty":"rc","nm":"Rect","p":{"a":0,"k":[0,0],"x":"$bm_rt = div(thisLayer.toComp([0, 0]), 10);"},
             "s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
            {"ty":"fl","nm":"Fill","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}
            """
        let timeline = try S.timeline([
            S.layer("P", index: 1, position: S.fixed("[100,100]"), rotation: S.fixed("90")),
            S.layer("C", index: 2, position: S.fixed("[10,0]"), parent: 1, shapes: shapes),
        ])
        let path = try S.firstPath("C", of: timeline, atFrame: 0)
        let xs = path.vertices.map(\.x)
        let ys = path.vertices.map(\.y)
        assertNumbers([xs.min() ?? .nan, xs.max() ?? .nan, ys.min() ?? .nan, ys.max() ?? .nan], [5, 15, 6, 16],
                      accuracy: 1e-9)
    }

    func testToCompAtATime() throws {
        // P moves x 100 -> 400 over frames 0-30 (no rotation); C's [0, 0] at 0.5 s: P at 250, C at 260.
        let timeline = try S.timeline([
            S.layer("P", index: 1, position: S.keyed([(0, "[100,100]"), (30, "[400,100]")])),
            S.layer("C", index: 2, position: S.fixed("[10,0]"), parent: 1),
            S.layer("X", index: 3, position: S.fixed("[0,0]", expression: "$bm_rt = thisComp.layer('C').toComp([0, 0], 0.5);")),
        ])
        assertNumbers(try S.origin("X", of: timeline, atFrame: 0), [260, 100], accuracy: 1e-6)
    }
}
