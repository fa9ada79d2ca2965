import XCTest
import LottieModel
@testable import LottiePlay

/// A player looping an animation (`Timeline.update(_:toFrame:)` from frame to frame) writes each
/// moving path into the storage it had the frame before, also where a still stretch ends (the
/// still memory held the same drawings as the scene) and where a trim cuts a path (the pieces
/// were new contours at every frame). A copy would show as new storage: it is made while the
/// storage copied is still held, so it cannot be at the same address.
final class SteadyPlaybackStorageTests: XCTestCase {
    private static let triangle = #"{"c": true, "v": [[0, 0], [10, 0], [10, 10]], "i": [[0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0]]}"#
    private static let square = #"{"c": true, "v": [[0, 0], [20, 0], [20, 20], [0, 20]], "i": [[0, 0], [0, 0], [0, 0], [0, 0]], "o": [[0, 0], [0, 0], [0, 0], [0, 0]]}"#
    /// Moves from frame 0 to 10, holds until 20 (a still stretch), moves back until 30, then holds.
    private static let movingPath = #"{"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": [\#(triangle)]}, {"t": 10, "s": [\#(square)]}, {"t": 20, "s": [\#(square)]}, {"t": 30, "s": [\#(triangle)]}]}}"#
    private static let fill = #"{"ty": "fl", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}}"#
    private static let stroke = #"{"ty": "st", "c": {"k": [0, 0, 1, 1]}, "o": {"k": 100}, "w": {"k": 2}}"#

    /// Linear easing from frame 0 to 30 (then holding), of `from` to `to`.
    private static func animated(_ from: String, _ to: String) -> String {
        #"{"a": 1, "k": [{"t": 0, "s": \#(from), "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": \#(to)}]}"#
    }

    /// A moving path painted by a gradient fill whose stops and start move and by a dashed
    /// radial gradient stroke whose width and highlight move, in a group that scales and turns
    /// them (so that they are carried into layer space).
    private static let gradients = """
        {"ty": "gr", "it": [\(movingPath),
          {"ty": "gf", "o": {"k": 100}, "r": 1, "t": 1, "s": \(animated("[0, 0]", "[10, 5]")), "e": {"k": [50, 0]},
           "g": {"p": 2, "k": \(animated("[0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0.5]", "[0, 0, 1, 0, 1, 1, 1, 0, 0, 0.5, 1, 1]"))}},
          {"ty": "gs", "o": {"k": 100}, "w": \(animated("[2]", "[6]")), "lc": 2, "lj": 1, "ml": 4, "t": 2,
           "d": [{"n": "d", "nm": "dash", "v": {"k": 4}}, {"n": "g", "nm": "gap", "v": {"k": 2}}],
           "s": {"k": [0, 0]}, "e": {"k": [0, 40]}, "h": \(animated("[0]", "[50]")), "a": {"k": 30},
           "g": {"p": 2, "k": {"k": [0, 1, 1, 1, 1, 0, 0, 0]}}},
          {"ty": "tr", "p": {"k": [10, 10]}, "a": {"k": [0, 0]}, "s": {"k": [200, 100]}, "r": {"k": 30}, "o": {"k": 100}}]}
        """

    /// A star whose outer radius grows from 20 to 40 over frames 0 to 30, then holds: a polystar
    /// is evaluated by the general evaluation (no plan follows its capped point count).
    private static let star = #"{"ty": "sr", "sy": 1, "pt": {"k": 5}, "p": {"k": [50, 50]}, "r": {"k": 0}, "or": \#(animated("[20]", "[40]")), "os": {"k": 0}, "ir": {"k": 10}, "is": {"k": 0}}"#

    /// A rounded rectangle growing from 20 x 10 to 40 x 20 over frames 0 to 30, then holding
    /// (written by its layer's `ShapePlan`).
    private static let rectangle = #"{"ty": "rc", "p": {"k": [50, 50]}, "s": \#(animated("[20, 10]", "[40, 20]")), "r": {"k": 3}}"#

    /// "planned": a moving path with a fill (written by its `ShapePlan`). "general": the same path
    /// with a path no style paints beside it (the general evaluation). "trimmed": a fixed
    /// rectangle whose trim end moves from 10% to 90% over frames 0 to 30, then holds, stroked.
    private static func timeline() throws -> Timeline {
        let unpainted = #"{"ty": "gr", "it": [{"ty": "rc", "p": {"k": [5, 5]}, "s": {"k": [4, 4]}, "r": {"k": 0}}, {"ty": "tr"}]}"#
        let trimmed = #"""
        [{"ty": "rc", "p": {"k": [50, 50]}, "s": {"k": [40, 20]}, "r": {"k": 0}},
         {"ty": "tm", "s": {"k": 0}, "e": {"a": 1, "k": [{"t": 0, "s": [10], "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}}, {"t": 30, "s": [90]}]}, "o": {"k": 0}, "m": 1},
         \#(stroke)]
        """#
        let layers = """
        [\(TimelineTests.layer(1, type: 4, name: "planned", extra: #", "shapes": [\#(movingPath), \#(fill)]"#)),
         \(TimelineTests.layer(2, type: 4, name: "general", extra: #", "shapes": [\#(movingPath), \#(fill), \#(unpainted)]"#)),
         \(TimelineTests.layer(3, type: 4, name: "trimmed", extra: #", "shapes": \#(trimmed)"#)),
         \(TimelineTests.layer(4, type: 4, name: "gradients", extra: #", "shapes": [\#(gradients)]"#)),
         \(TimelineTests.layer(5, type: 4, name: "gradients, general", extra: #", "shapes": [\#(gradients), \#(unpainted)]"#)),
         \(TimelineTests.layer(6, type: 4, name: "star", extra: #", "shapes": [\#(star), \#(fill), \#(stroke)]"#)),
         \(TimelineTests.layer(7, type: 4, name: "rectangle", extra: #", "shapes": [\#(rectangle), \#(fill)]"#))]
        """
        return try TimelineTests.timeline(layers: layers)
    }

    /// Where the first path of layer `name`'s first drawing keeps its vertices.
    private static func vertexStorage(_ scene: LottieScene, layer name: String) throws -> UInt {
        let layer = try XCTUnwrap(scene.layers.first { $0.name == name })
        guard case .shapes(let drawings) = layer.content else { throw XCTSkip("no shapes") }
        let vertices = try XCTUnwrap(drawings.first?.paths.first?.vertices)
        return try XCTUnwrap(RecycledShapes.storage(of: vertices))
    }

    /// Plays three loops of every whole frame; from the second on, each layer's path must stay where
    /// it was at the first frame of the second loop (the first loop grows storage to its largest).
    private func assertStorageKept(layer name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let timeline = try Self.timeline()
        let frames = (0..<60).map(Double.init)
        var scene = LottieScene(frame: 0, width: 0, height: 0, layers: [])
        for frame in frames { timeline.update(&scene, toFrame: frame) }
        timeline.update(&scene, toFrame: frames[0])
        let storage = try Self.vertexStorage(scene, layer: name)
        for frame in frames + frames {
            timeline.update(&scene, toFrame: frame)
            XCTAssertEqual(try Self.vertexStorage(scene, layer: name), storage, "\(name) frame \(frame)",
                           file: file, line: line)
        }
        XCTAssertTrue(String(describing: scene) == String(describing: timeline.scene(atFrame: 59)), file: file, line: line)
    }

    func testAPlannedPathIsWrittenWhereItWasThroughStillStretches() throws {
        try assertStorageKept(layer: "planned")
    }

    func testAGenerallyEvaluatedPathIsWrittenWhereItWasThroughStillStretches() throws {
        try assertStorageKept(layer: "general")
    }

    func testTrimmedPiecesAreWrittenWhereTheFrameBeforeKeptThem() throws {
        try assertStorageKept(layer: "trimmed")
    }

    // MARK: Gradients

    /// The paints of layer `name`'s drawings.
    private static func paints(_ scene: LottieScene, layer name: String) throws -> [Paint] {
        let layer = try XCTUnwrap(scene.layers.first { $0.name == name })
        guard case .shapes(let drawings) = layer.content else { throw XCTSkip("no shapes") }
        return drawings.map(\.paint)
    }

    /// The gradient fill of layer "gradients" (painted last: it is above the stroke).
    private static func gradientFill(_ scene: LottieScene) throws -> (GradientPaint, FillRule) {
        guard case .gradientFill(let gradient, let rule)? = try paints(scene, layer: "gradients").last else {
            throw GradientMissing()
        }
        return (gradient, rule)
    }

    private struct GradientMissing: Error {}

    /// A plan writes a gradient over the frame before's; the general evaluation makes it anew
    /// (`StyleNode.paint(at:)`, then `carried(by:)`): both give the same paints at every frame.
    func testAGradientWrittenInPlaceIsTheGradientMadeAnew() throws {
        let timeline = try Self.timeline()
        var scene = LottieScene(frame: 0, width: 0, height: 0, layers: [])
        for frame in stride(from: 0.0, through: 40, by: 0.5) {
            timeline.update(&scene, toFrame: frame)
            let planned = try Self.paints(scene, layer: "gradients")
            XCTAssertEqual(planned.count, 2)
            XCTAssertEqual(String(describing: planned), String(describing: try Self.paints(scene, layer: "gradients, general")),
                           "frame \(frame)")
        }
        // Frame 15: halfway, the fill's first colour stop is (0.5, 0.5, 0) at offset 0, and its
        // start (5, 2.5) in layer space: scaled 2 by 1, turned 30 degrees, moved by (10, 10).
        timeline.update(&scene, toFrame: 15)
        let (fill, rule) = try Self.gradientFill(scene)
        XCTAssertEqual(rule, .nonZero)
        XCTAssertEqual(fill.colorStops.first, GradientPaint.ColorStop(offset: 0, color: RGBAColor(red: 0.5, green: 0.5, blue: 0)))
        let (cosine, sine) = (cos(Double.pi / 6), sin(Double.pi / 6))
        XCTAssertEqual(fill.start.x, 10 + 10 * cosine - 2.5 * sine, accuracy: 1e-9)
        XCTAssertEqual(fill.start.y, 10 + 10 * sine + 2.5 * cosine, accuracy: 1e-9)
    }

    /// An animated gradient's stops are written where the frame before kept them.
    func testAnAnimatedGradientIsWrittenWhereItWas() throws {
        let timeline = try Self.timeline()
        let frames = (0..<60).map(Double.init)
        var scene = LottieScene(frame: 0, width: 0, height: 0, layers: [])
        for frame in frames { timeline.update(&scene, toFrame: frame) }
        timeline.update(&scene, toFrame: frames[0])
        let storage = try XCTUnwrap(try Self.gradientFill(scene).0.colorStopStorage)
        for frame in frames + frames {
            timeline.update(&scene, toFrame: frame)
            XCTAssertEqual(try Self.gradientFill(scene).0.colorStopStorage, storage, "frame \(frame)")
        }
    }

    // MARK: Polystars

    /// A moving star is written into the contour it had, and its fill and stroke (painting the
    /// same path) share one list, as a plan's drawings do.
    func testAMovingStarIsWrittenWhereItWasAndItsDrawingsShareTheirList() throws {
        try assertStorageKept(layer: "star")
        let scene = try Self.timeline().scene(atFrame: 15)
        let layer = try XCTUnwrap(scene.layers.first { $0.name == "star" })
        guard case .shapes(let drawings) = layer.content else { return XCTFail("no shapes") }
        XCTAssertEqual(drawings.count, 2)
        XCTAssertEqual(drawings[0].paths.first?.vertices.count, 10)
        XCTAssertEqual(RecycledShapes.storage(of: drawings[0].paths), RecycledShapes.storage(of: drawings[1].paths))
        // Halfway, the outer radius is 30: the first point straight above the centre.
        XCTAssertEqual(drawings[0].paths.first?.vertices.first, Vector2(50, 20))
    }

    /// A moving rectangle is written into the contour it had.
    func testAMovingRectangleIsWrittenWhereItWas() throws {
        try assertStorageKept(layer: "rectangle")
        let scene = try Self.timeline().scene(atFrame: 15)
        let layer = try XCTUnwrap(scene.layers.first { $0.name == "rectangle" })
        guard case .shapes(let drawings) = layer.content else { return XCTFail("no shapes") }
        // Halfway, 30 x 15 about (50, 50), corners of radius 3: the first vertex 3 below the top right.
        XCTAssertEqual(drawings.first?.paths.first?.vertices.first, Vector2(65, 45.5))
    }

    /// What was written in place is what a scene made afresh holds, at every frame and in any order.
    func testUpdatedScenesEqualScenesMadeAfresh() throws {
        let timeline = try Self.timeline()
        let fresh = try Self.timeline()
        let forwards = Array(stride(from: 0.0, through: 60, by: 0.5))
        let jumps = forwards.indices.map { forwards[($0 * 37) % forwards.count] }
        for frames in [forwards + forwards, forwards.reversed(), jumps] {
            var scene = LottieScene(frame: 0, width: 0, height: 0, layers: [])
            for frame in frames {
                timeline.update(&scene, toFrame: frame)
                XCTAssertTrue(String(describing: scene) == String(describing: fresh.scene(atFrame: frame)),
                              "frame \(frame)")
            }
        }
    }

    /// The trimmed layer draws the trim's piece, not the whole rectangle: at frame 15 the end is
    /// at 50% (linear from 10% to 90%), 60 of the outline's 120 units from its top-right corner,
    /// clockwise (FORMAT.md): down its right side and along its bottom, open.
    func testTheTrimmedLayerDrawsThePiece() throws {
        let scene = try Self.timeline().scene(atFrame: 15)
        let layer = try XCTUnwrap(scene.layers.first { $0.name == "trimmed" })
        guard case .shapes(let drawings) = layer.content else { return XCTFail("no shapes") }
        let path = try XCTUnwrap(drawings.first?.paths.first)
        XCTAssertEqual(path.vertices, [Vector2(70, 40), Vector2(70, 60), Vector2(30, 60)])
        XCTAssertFalse(path.closed)
    }

    // MARK: Text

    /// "label" reads "AA" until frame 10, then "AAA"; glyph "A" is a 4-vertex square.
    private static func textTimeline(maxFrameVertices: Int = LottieLimits.default.maxFrameVertices) throws -> Timeline {
        let square = #"{"ty": "sh", "ks": {"k": {"c": true, "v": [[0, 0], [10, 0], [10, -10], [0, -10]], "i": [[0,0],[0,0],[0,0],[0,0]], "o": [[0,0],[0,0],[0,0],[0,0]]}}}"#
        let document = #"{"f": "Sans-Bold", "s": 50, "fc": [1, 0, 0]"#
        let json = """
        {"v": "5.7.4", "fr": 30, "ip": 0, "op": 20, "w": 200, "h": 200,
         "fonts": {"list": [{"fName": "Sans-Bold", "fFamily": "Sans", "fStyle": "Bold", "ascent": 70}]},
         "chars": [{"ch": "A", "size": 100, "style": "Bold", "w": 60, "fFamily": "Sans",
                    "data": {"shapes": [{"ty": "gr", "it": [\(square)]}]}}],
         "layers": [{"ty": 5, "ind": 1, "nm": "label", "ip": 0, "op": 20, "st": 0, "ks": {},
                     "t": {"d": {"k": [{"t": 0, "s": \(document), "t": "AA"}}, {"t": 10, "s": \(document), "t": "AAA"}}]}}}]}
        """
        var limits = LottieLimits.default
        limits.maxFrameVertices = maxFrameVertices
        return Timeline(try LottieDecoder().decode(json), limits: limits)
    }

    private static func glyphs(_ scene: LottieScene) throws -> [ShapeDrawing] {
        guard case .text(let text) = try XCTUnwrap(scene.layers.first).content else { throw XCTSkip("not text") }
        return text.glyphs
    }

    /// A document that holds is laid out once: its glyphs stay where they were until it changes.
    func testATextIsLaidOutAgainOnlyWhenItsDocumentChanges() throws {
        let timeline = try Self.textTimeline()
        var scene = timeline.scene(atFrame: 0)
        let first = try XCTUnwrap(RecycledShapes.storage(of: try Self.glyphs(scene)))
        for frame in 1..<10 {
            timeline.update(&scene, toFrame: Double(frame))
            XCTAssertEqual(RecycledShapes.storage(of: try Self.glyphs(scene)), first, "frame \(frame)")
        }
        timeline.update(&scene, toFrame: 10)
        let glyphs = try Self.glyphs(scene)
        XCTAssertNotEqual(RecycledShapes.storage(of: glyphs), first)
        XCTAssertEqual(glyphs.first?.paths.count, 3)
        XCTAssertTrue(String(describing: scene) == String(describing: timeline.scene(atFrame: 10)))
    }

    /// Under a budget that leaves a glyph out (two squares of 5 vertices each fit in 12, three do
    /// not), what is kept is never reused for a layout the budget would have cut differently.
    func testATextCutByTheBudgetIsTheSameUpdatedOrMadeAfresh() throws {
        let timeline = try Self.textTimeline(maxFrameVertices: 12)
        var scene = LottieScene(frame: 0, width: 0, height: 0, layers: [])
        for frame in [0.0, 5, 12, 15, 3, 19, 0] {
            timeline.update(&scene, toFrame: frame)
            XCTAssertEqual(try Self.glyphs(scene).first?.paths.count, 2, "frame \(frame)")
            XCTAssertTrue(String(describing: scene) == String(describing: timeline.scene(atFrame: frame)), "frame \(frame)")
        }
    }
}
