import XCTest
import LottieModel
@testable import LottiePlay

/// The timeline's graph state: what it keeps of each layer from frame to frame, and the revisions
/// that tell a scene's reader which layers changed.
final class GraphStateTests: XCTestCase {
    /// A closed path of `count` vertices on a circle around (50, 50) of radius 10, or, when it
    /// `grows`, of radius 10 at frame 0 to 20 at frame 60.
    private static func ring(_ count: Int, grows: Bool = false) -> String {
        func shape(radius: Double) -> String {
            let points = (0..<count).map { index -> String in
                let angle = Double(index) / Double(count) * 2 * Double.pi
                return "[\(50 + radius * cos(angle)), \(50 + radius * sin(angle))]"
            }
            let zeros = Array(repeating: "[0, 0]", count: count).joined(separator: ", ")
            return #"{"c": true, "v": [\#(points.joined(separator: ", "))], "i": [\#(zeros)], "o": [\#(zeros)]}"#
        }
        guard grows else { return #"{"ty": "sh", "ks": {"k": \#(shape(radius: 10))}}"# }
        return #"{"ty": "sh", "ks": {"a": 1, "k": [{"t": 0, "s": [\#(shape(radius: 10))]}, {"t": 60, "s": [\#(shape(radius: 20))]}]}}"#
    }

    private static let fill = #"{"ty": "fl", "c": {"k": [1, 0, 0, 1]}, "o": {"k": 100}}"#

    /// A shape layer drawing `shapes`, shown from `ip` to `op`.
    private static func shapeLayer(_ ind: Int, name: String, shapes: [String], ks: String = "{}",
                                   ip: Double = 0, op: Double = 60) -> String {
        TimelineTests.layer(ind, type: 4, name: name, extra: #", "shapes": [\#(shapes.joined(separator: ", "))]"#,
                            ks: ks, ip: ip, op: op)
    }

    /// A moving layer and a still one: updating the scene gives the moving one a new revision at
    /// every frame and leaves the still one's as it was, and the scene is the one made from scratch.
    func testAStillLayerKeepsItsRevisionAndAMovingOneChangesIt() throws {
        let moving = #"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 60, "s": [60, 30]}]}}"#
        let timeline = try TimelineTests.timeline(layers: """
            [\(Self.shapeLayer(1, name: "moving", shapes: [Self.ring(4), Self.fill], ks: moving)),
             \(Self.shapeLayer(2, name: "still", shapes: [Self.ring(6), Self.fill]))]
            """)
        var scene = timeline.scene(atFrame: 0)
        let first = scene.layers.map(\.revision)
        XCTAssertEqual(scene.layers.map(\.name), ["still", "moving"])
        XCTAssertFalse(first.contains(0), "every entry the timeline writes has a revision")
        timeline.update(&scene, toFrame: 1)
        XCTAssertEqual(scene.layers[0].revision, first[0], "the still layer draws what it drew")
        XCTAssertNotEqual(scene.layers[1].revision, first[1], "the moving layer moved")
        XCTAssertEqual(scene.layers[1].transform.tx, 1, accuracy: 1e-12)
        XCTAssertTrue(String(describing: scene) == String(describing: timeline.scene(atFrame: 1)), "the scene made from scratch")

        // The same frame again changes nothing.
        let second = scene.layers.map(\.revision)
        timeline.update(&scene, toFrame: 1)
        XCTAssertEqual(scene.layers.map(\.revision), second)
    }

    /// A layer that leaves the scene and comes back, unchanged, is shown with what it drew before
    /// (its revision too): its outputs stayed with its state.
    func testALayerThatComesBackKeepsWhatItDrew() throws {
        let timeline = try TimelineTests.timeline(layers: """
            [\(Self.shapeLayer(1, name: "blinking", shapes: [Self.ring(5), Self.fill], ip: 0, op: 10)),
             \(Self.shapeLayer(2, name: "late", shapes: [Self.ring(3), Self.fill], ip: 10, op: 20)),
             \(Self.shapeLayer(3, name: "again", shapes: [Self.ring(5), Self.fill], ip: 20, op: 30))]
            """)
        var scene = timeline.scene(atFrame: 2)
        XCTAssertEqual(scene.layers.map(\.name), ["blinking"])
        let before = scene.layers[0].revision
        timeline.update(&scene, toFrame: 12)
        XCTAssertEqual(scene.layers.map(\.name), ["late"])
        timeline.update(&scene, toFrame: 3)
        XCTAssertEqual(scene.layers.map(\.name), ["blinking"])
        XCTAssertEqual(scene.layers[0].revision, before)
        XCTAssertTrue(String(describing: scene) == String(describing: timeline.scene(atFrame: 3)), "the scene made from scratch")
    }

    /// What layers out of the scene keep is capped: past twice `maxFrameVertices`, their content is
    /// let go at the end of the frame (and made again when they come back). Moving shapes: still
    /// ones are made once with the program, and held there.
    func testContentOfLayersOutOfTheSceneIsLetGoPastTheCap() throws {
        var limits = LottieLimits.default
        limits.maxFrameVertices = 100
        let json = """
            {"v": "5.7.4", "fr": 30, "ip": 0, "op": 30, "w": 100, "h": 100, "layers": [
             \(Self.shapeLayer(1, name: "a", shapes: [Self.ring(80, grows: true), Self.fill], ip: 0, op: 10)),
             \(Self.shapeLayer(2, name: "b", shapes: [Self.ring(80, grows: true), Self.fill], ip: 10, op: 20)),
             \(Self.shapeLayer(3, name: "c", shapes: [Self.ring(80, grows: true), Self.fill], ip: 20, op: 30))]}
            """
        let timeline = Timeline(try LottieDecoder().decode(json), limits: limits)
        var scene = timeline.scene(atFrame: 0)
        timeline.update(&scene, toFrame: 10)
        // Each layer's drawing takes 81 from the budget (80 vertices, and one for the drawing).
        // 162 held (a's and b's), within twice the budget: a keeps its drawing.
        XCTAssertEqual(Self.heldVertices(timeline), [81, 81, 0])
        timeline.update(&scene, toFrame: 20)
        // 243 held: a and b, out of the scene, let go; c, shown, keeps its own.
        XCTAssertEqual(Self.heldVertices(timeline), [0, 0, 81])
        timeline.update(&scene, toFrame: 5)
        XCTAssertEqual(scene.layers.map(\.name), ["a"])
        XCTAssertTrue(String(describing: scene) == String(describing: timeline.scene(atFrame: 5)), "the scene made from scratch")
    }

    /// A precomp whose layers draw what they drew keeps its revision, and so do its layers; one
    /// whose inner layer moves gets a new one.
    func testAPrecompChangesItsRevisionOnlyWhenALayerInsideChanges() throws {
        let moving = #"{"p": {"a": 1, "k": [{"t": 0, "s": [0, 0]}, {"t": 10, "s": [10, 0]}, {"t": 60, "s": [10, 0]}]}}"#
        let assets = """
            [{"id": "inner", "layers": [\(Self.shapeLayer(1, name: "dot", shapes: [Self.ring(4), Self.fill], ks: moving))]}]
            """
        let timeline = try TimelineTests.timeline(layers: """
            [{"ty": 0, "ind": 1, "nm": "pre", "refId": "inner", "w": 100, "h": 100, "ip": 0, "op": 60, "st": 0, "ks": {}}]
            """, assets: assets)
        var scene = timeline.scene(atFrame: 5)
        let moved = scene.layers[0].revision
        timeline.update(&scene, toFrame: 6)
        XCTAssertNotEqual(scene.layers[0].revision, moved, "the dot inside moved")
        timeline.update(&scene, toFrame: 20)
        let rested = scene.layers[0].revision
        guard case .precomp(let inner, _) = scene.layers[0].content else { return XCTFail("a precomp") }
        let innerRevision = inner[0].revision
        // From frame 10 on the dot rests: nothing inside changes.
        timeline.update(&scene, toFrame: 30)
        XCTAssertEqual(scene.layers[0].revision, rested)
        guard case .precomp(let after, _) = scene.layers[0].content else { return XCTFail("a precomp") }
        XCTAssertEqual(after[0].revision, innerRevision)
        XCTAssertEqual(after[0].transform.tx, 10, accuracy: 1e-12)
    }

    /// The vertices each root layer's state holds, in the file's order.
    private static func heldVertices(_ timeline: Timeline) -> [Int] {
        guard let graph = timeline.graphStates.take() else { return [] }
        defer { timeline.graphStates.put(graph) }
        return graph.root.layers.map(\.drawn)
    }
}
